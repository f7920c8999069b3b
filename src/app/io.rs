//! The I/O thread: the only place the app touches files once its window
//! is open.
//!
//! The window sends work over a channel and never waits for the disk:
//!
//! - **Snapshots** (settings, the game in progress, the recent games),
//!   each written crash-safely through [`Persist`]. When several of the
//!   same file queue up while the thread writes (a burst of moves, say),
//!   only the newest is written. Each write's outcome comes back for the
//!   status bar ([`Io::save_results`]). Without a [`Persist`] (tests that
//!   keep no files) snapshots are dropped.
//! - **Record jobs**: read a record file and parse it into a game, or
//!   write the game as a record. Each job gets a [`Ticket`]; its
//!   [`RecordReply`] comes back in order, to be taken once per frame with
//!   [`Io::record_replies`], and the optional waker is called so the
//!   window repaints to show it.
//!
//! Dropping the handle writes what is queued and waits for it, at most
//! [`EXIT_WAIT`].

use super::analysis::review::SavedReview;
use super::persist::Persist;
use super::puzzles::SavedPuzzles;
use super::recent::RecentGames;
use super::records;
use super::settings::AppSettings;
use crate::i18n::{Msg, Tr};
use crate::lesson::SavedLessons;
use crate::play::Table;
use crate::rating::RatingBook;
use crate::rules::{GameModel, GameSettings};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The longest the app waits for its last save when it closes: long
/// enough for a few small files on a slow disk, short enough that a hung
/// network folder cannot keep a closed window alive.
pub const EXIT_WAIT: Duration = Duration::from_secs(3);

/// Called by the I/O thread after it sends a reply, so the window looks
/// at it without waiting for the next input event (the app passes
/// `move || ctx.request_repaint()`).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// One file's new contents.
#[derive(Debug, Clone)]
pub enum Snapshot {
    /// The player's settings.
    Settings(Box<AppSettings>),
    /// The game in progress and its players.
    Game(Box<Table>),
    /// The recent games list.
    Recent(RecentGames),
    /// The review of the game in progress.
    Review(SavedReview),
    /// Puzzle progress and the player's own puzzles.
    Puzzles(SavedPuzzles),
    /// The exercises done in the lessons.
    Lessons(SavedLessons),
    /// The player's rating and rated games.
    Rating(Box<RatingBook>),
}

impl Snapshot {
    /// Which file it replaces: snapshots of the same file coalesce.
    fn slot(&self) -> usize {
        match self {
            Snapshot::Settings(_) => 0,
            Snapshot::Game(_) => 1,
            Snapshot::Recent(_) => 2,
            Snapshot::Review(_) => 3,
            Snapshot::Puzzles(_) => 4,
            Snapshot::Lessons(_) => 5,
            Snapshot::Rating(_) => 6,
        }
    }

    /// What the player calls it, for messages.
    fn what(&self) -> Msg {
        match self {
            Snapshot::Settings(_) => Msg::SaveWhatSettings,
            Snapshot::Game(_) => Msg::SaveWhatGame,
            Snapshot::Recent(_) => Msg::SaveWhatRecent,
            Snapshot::Review(_) => Msg::SaveWhatReview,
            Snapshot::Puzzles(_) => Msg::SaveWhatPuzzles,
            Snapshot::Lessons(_) => Msg::SaveWhatLessons,
            Snapshot::Rating(_) => Msg::SaveWhatRating,
        }
    }
}

/// A save that failed, for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveFailure {
    /// The settings, the game or the recent games.
    pub what: Msg,
    /// Why.
    pub error: String,
}

/// Names one record job, so its reply can be told from another's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket(u64);

/// What a record job does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// Read a record file into a game.
    Read,
    /// Write the game as a record file.
    Write,
}

/// What a record job achieved.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordDone {
    /// The game the file holds.
    Read(GameModel),
    /// The file was written.
    Written,
}

/// The answer to one record job.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordReply {
    /// The job's ticket, as [`Io::read_record`] or [`Io::write_record`]
    /// returned it.
    pub ticket: Ticket,
    /// The file it concerned.
    pub path: PathBuf,
    /// What it achieved, or why not, in the language the job was asked
    /// in, with the file's name.
    pub result: Result<RecordDone, String>,
}

/// The work of one record job, with what it needs.
enum Work {
    /// Read, giving the game `settings` where the file says nothing.
    Read(GameSettings),
    /// Write this game as it was when the job was asked.
    Write(Box<GameModel>),
}

struct RecordJob {
    ticket: Ticket,
    tr: Tr,
    path: PathBuf,
    work: Work,
}

enum Message {
    Save(Snapshot),
    Record(RecordJob),
    /// Answers once everything sent before it is done.
    Flush(Sender<()>),
    /// Replaces the waker.
    Waker(Waker),
}

/// A job sent and not yet answered; enough to answer it anyway if the
/// thread is gone.
struct Pending {
    ticket: Ticket,
    kind: RecordKind,
    tr: Tr,
    path: PathBuf,
}

/// The I/O thread and its channels.
pub struct Io {
    tx: Option<Sender<Message>>,
    saves: Receiver<Result<(), SaveFailure>>,
    records: Receiver<RecordReply>,
    /// Record jobs sent whose replies have not been taken, oldest first.
    pending: Vec<Pending>,
    next_ticket: u64,
    keeps_files: bool,
    thread: Option<JoinHandle<()>>,
}

impl Io {
    /// Starts the thread. Snapshots go to `persist` (dropped without
    /// one); `waker` is called after each reply.
    ///
    /// # Panics
    /// If the operating system cannot start a thread.
    #[must_use]
    pub fn spawn(persist: Option<Persist>, waker: Option<Waker>) -> Io {
        let (tx, rx) = mpsc::channel();
        let (saves_tx, saves) = mpsc::channel();
        let (records_tx, records) = mpsc::channel();
        let keeps_files = persist.is_some();
        let thread = thread::Builder::new()
            .name("gomoku-io".into())
            .spawn(move || {
                let replies = Replies {
                    saves: saves_tx,
                    records: records_tx,
                    waker,
                };
                run(persist.as_ref(), &rx, replies);
            })
            .expect("start the I/O thread");
        Io {
            tx: Some(tx),
            saves,
            records,
            pending: Vec::new(),
            next_ticket: 0,
            keeps_files,
            thread: Some(thread),
        }
    }

    /// Calls `waker` after every reply from now on, instead of the one
    /// given before (the window's context exists only once it is open).
    pub fn set_waker(&self, waker: Waker) {
        self.send(Message::Waker(waker));
    }

    /// Whether snapshots are written anywhere. When not, there is no
    /// point in copying the state to send it.
    #[must_use]
    pub fn keeps_files(&self) -> bool {
        self.keeps_files
    }

    /// Queues `snapshot` for writing; returns at once.
    pub fn save(&self, snapshot: Snapshot) {
        if self.keeps_files {
            self.send(Message::Save(snapshot));
        }
    }

    /// The outcome of each write since the last call, oldest first:
    /// `Ok` for a good write, the failure otherwise. Never blocks.
    #[must_use]
    pub fn save_results(&self) -> Vec<Result<(), SaveFailure>> {
        self.saves.try_iter().collect()
    }

    /// Reads the record at `path` into a game on the I/O thread; the mode
    /// (and the rule and size, unless the file names them) come from
    /// `settings`. A problem is told in `tr`'s language. Returns at once.
    pub fn read_record(&mut self, tr: Tr, path: PathBuf, settings: GameSettings) -> Ticket {
        self.record(tr, path, Work::Read(settings))
    }

    /// Writes `game` to `path` on the I/O thread, crash-safely, in the
    /// format the name's extension chooses (see [`records::save`]). The
    /// game is taken as it is now: later moves do not reach the file. A
    /// problem is told in `tr`'s language. Returns at once.
    pub fn write_record(&mut self, tr: Tr, path: PathBuf, game: GameModel) -> Ticket {
        self.record(tr, path, Work::Write(Box::new(game)))
    }

    fn record(&mut self, tr: Tr, path: PathBuf, work: Work) -> Ticket {
        let ticket = Ticket(self.next_ticket);
        self.next_ticket += 1;
        let kind = match work {
            Work::Read(_) => RecordKind::Read,
            Work::Write(_) => RecordKind::Write,
        };
        self.pending.push(Pending {
            ticket,
            kind,
            tr,
            path: path.clone(),
        });
        // If the thread is gone, `record_replies` answers for it.
        self.send(Message::Record(RecordJob {
            ticket,
            tr,
            path,
            work,
        }));
        ticket
    }

    /// The replies that came since the last call, in the order the jobs
    /// were asked. Never blocks. Should the thread have died, every job
    /// still waiting is answered with an error.
    pub fn record_replies(&mut self) -> Vec<RecordReply> {
        let mut replies = Vec::new();
        loop {
            match self.records.try_recv() {
                Ok(reply) => {
                    self.pending.retain(|p| p.ticket != reply.ticket);
                    replies.push(reply);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    replies.extend(self.pending.drain(..).map(|p| RecordReply {
                        ticket: p.ticket,
                        result: Err(job_failed(p.tr, p.kind, &p.path)),
                        path: p.path,
                    }));
                    break;
                }
            }
        }
        replies
    }

    /// Whether a record job has been asked whose reply has not been taken.
    #[must_use]
    pub fn busy(&self) -> bool {
        !self.pending.is_empty()
    }

    /// What the oldest record job still waiting does, if there is one.
    #[must_use]
    pub fn waiting_for(&self) -> Option<RecordKind> {
        self.pending.first().map(|p| p.kind)
    }

    /// Waits until everything queued so far is done, at most `timeout`.
    /// Returns false if it was not done in time.
    pub fn flush(&self, timeout: Duration) -> bool {
        let Some(tx) = &self.tx else {
            return true;
        };
        let (done_tx, done_rx) = mpsc::channel();
        if tx.send(Message::Flush(done_tx)).is_err() {
            return true;
        }
        match done_rx.recv_timeout(timeout) {
            Ok(()) | Err(RecvTimeoutError::Disconnected) => true,
            Err(RecvTimeoutError::Timeout) => false,
        }
    }

    fn send(&self, message: Message) {
        if let Some(tx) = &self.tx {
            // A dead thread shows up as replies missing (and answered by
            // `record_replies`); play goes on either way.
            let _ = tx.send(message);
        }
    }
}

impl Drop for Io {
    fn drop(&mut self) {
        let done = self.flush(EXIT_WAIT);
        self.tx = None;
        if let Some(t) = self.thread.take() {
            if done {
                let _ = t.join();
            } else {
                // The disk hangs: leave the thread behind rather than the
                // window; the previous files are still whole.
                log::warn!("the last save did not finish in {EXIT_WAIT:?}");
            }
        }
    }
}

/// The thread's ends of the reply channels.
struct Replies {
    saves: Sender<Result<(), SaveFailure>>,
    records: Sender<RecordReply>,
    waker: Option<Waker>,
}

impl Replies {
    fn wake(&self) {
        if let Some(wake) = &self.waker {
            wake();
        }
    }
}

fn run(persist: Option<&Persist>, rx: &Receiver<Message>, mut replies: Replies) {
    while let Ok(first) = rx.recv() {
        // Gather the burst that queued up meanwhile: the newest snapshot
        // of each file wins, record jobs keep their order, flushes answer
        // after all of it.
        let mut latest: [Option<Snapshot>; 7] = Default::default();
        let mut jobs = Vec::new();
        let mut flushes = Vec::new();
        for message in std::iter::once(first).chain(rx.try_iter()) {
            match message {
                Message::Save(s) => {
                    let slot = s.slot();
                    latest[slot] = Some(s);
                }
                Message::Record(job) => jobs.push(job),
                Message::Flush(done) => flushes.push(done),
                Message::Waker(w) => replies.waker = Some(w),
            }
        }
        // Records first: the player is looking at a note that says so,
        // while snapshots are background work nobody waits for.
        for job in jobs {
            let reply = do_record(job);
            let _ = replies.records.send(reply);
            replies.wake();
        }
        if let Some(persist) = persist {
            for snapshot in latest.into_iter().flatten() {
                let result = match &snapshot {
                    // Saves do not follow the language: the reason is
                    // told in English (the system's own words inside it
                    // are English anyway); the sentence around it is
                    // translated by the app.
                    Snapshot::Settings(s) => persist.save_settings(Tr::default(), s),
                    Snapshot::Game(g) => persist.save_game(Tr::default(), g),
                    Snapshot::Recent(r) => persist.save_recent(Tr::default(), r),
                    Snapshot::Review(r) => persist.save_review(Tr::default(), r),
                    Snapshot::Puzzles(p) => persist.save_puzzles(Tr::default(), p),
                    Snapshot::Lessons(l) => persist.save_lessons(Tr::default(), l),
                    Snapshot::Rating(r) => persist.save_rating(Tr::default(), r),
                };
                let failed = result.is_err();
                let _ = replies.saves.send(result.map_err(|error| SaveFailure {
                    what: snapshot.what(),
                    error,
                }));
                // A good save changes nothing on screen; a failure does.
                if failed {
                    replies.wake();
                }
            }
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

/// Does one record job. A panic in the parser or writer (a bug) becomes
/// an error for that job alone, so saves and later jobs go on.
fn do_record(job: RecordJob) -> RecordReply {
    let RecordJob {
        ticket,
        tr,
        path,
        work,
    } = job;
    let kind = match work {
        Work::Read(_) => RecordKind::Read,
        Work::Write(_) => RecordKind::Write,
    };
    let result = panic::catch_unwind(AssertUnwindSafe(|| match work {
        Work::Read(settings) => records::open(tr, &path, settings).map(RecordDone::Read),
        Work::Write(game) => records::save(tr, &path, &game).map(|()| RecordDone::Written),
    }))
    .unwrap_or_else(|_| Err(job_failed(tr, kind, &path)));
    RecordReply {
        ticket,
        path,
        result,
    }
}

/// What the player reads when a job broke down rather than failed.
fn job_failed(tr: Tr, kind: RecordKind, path: &Path) -> String {
    let shown = path.display();
    let error = tr.s(Msg::FileJobFailed);
    let sentence = match kind {
        RecordKind::Read => Msg::CannotRead,
        RecordKind::Write => Msg::CannotWrite,
    };
    tr.f(sentence, &[("path", &shown), ("error", &error)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::Point;
    use crate::storage::{Storage, AUTOSAVE_FILE};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    const EN: Tr = Tr(Lang::English);

    /// How long a test waits for a reply before it fails.
    const REPLY_WAIT: Duration = Duration::from_secs(30);

    fn two_players() -> GameSettings {
        GameSettings::default()
    }

    fn game_with(moves: usize) -> GameModel {
        let points: Vec<Point> = (0..moves).map(|i| Point::new(i as u8, 0)).collect();
        GameModel::from_moves(two_players(), &points).unwrap()
    }

    fn table_with(moves: usize) -> Table {
        Table::new(game_with(moves), crate::play::Mode::TwoPlayer)
    }

    /// The replies to every job asked so far, polling as the app does.
    fn replies(io: &mut Io) -> Vec<RecordReply> {
        let start = Instant::now();
        let mut all = Vec::new();
        while io.busy() {
            assert!(start.elapsed() < REPLY_WAIT, "no reply in {REPLY_WAIT:?}");
            all.extend(io.record_replies());
            thread::sleep(Duration::from_millis(1));
        }
        all
    }

    fn one_reply(io: &mut Io) -> RecordReply {
        let mut all = replies(io);
        assert_eq!(all.len(), 1, "{all:?}");
        all.remove(0)
    }

    #[test]
    fn the_newest_snapshot_is_on_disk_after_a_flush() {
        let dir = tempfile::tempdir().unwrap();
        let io = Io::spawn(Some(Persist::at(dir.path().to_path_buf())), None);
        for n in 0..=8 {
            io.save(Snapshot::Game(Box::new(table_with(n))));
        }
        assert!(io.flush(REPLY_WAIT));
        let stored: Table = Storage::at(dir.path().to_path_buf())
            .load(AUTOSAVE_FILE)
            .into_option()
            .unwrap();
        assert_eq!(stored, table_with(8));
        let results = io.save_results();
        assert!(!results.is_empty() && results.len() <= 9, "{results:?}");
        assert!(results.iter().all(Result::is_ok));
    }

    #[test]
    fn dropping_the_handle_writes_what_was_queued() {
        let dir = tempfile::tempdir().unwrap();
        {
            let io = Io::spawn(Some(Persist::at(dir.path().to_path_buf())), None);
            io.save(Snapshot::Game(Box::new(table_with(3))));
        }
        let stored: Option<Table> = Storage::at(dir.path().to_path_buf())
            .load(AUTOSAVE_FILE)
            .into_option();
        assert_eq!(stored, Some(table_with(3)));
    }

    #[test]
    fn a_failed_write_comes_back_as_a_message() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: nothing can be written.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "x").unwrap();
        let io = Io::spawn(Some(Persist::at(blocked)), None);
        io.save(Snapshot::Settings(Box::default()));
        assert!(io.flush(REPLY_WAIT));
        let results = io.save_results();
        assert_eq!(results.len(), 1);
        let failure = results[0].clone().unwrap_err();
        assert_eq!(failure.what, Msg::SaveWhatSettings);
        assert!(!failure.error.is_empty());
    }

    #[test]
    fn without_a_store_snapshots_are_dropped_and_records_still_work() {
        let dir = tempfile::tempdir().unwrap();
        let mut io = Io::spawn(None, None);
        assert!(!io.keeps_files());
        io.save(Snapshot::Game(Box::new(table_with(2))));
        assert!(io.flush(REPLY_WAIT));
        assert!(io.save_results().is_empty());
        let path = dir.path().join("game.psq");
        io.write_record(EN, path.clone(), game_with(2));
        assert_eq!(one_reply(&mut io).result, Ok(RecordDone::Written));
        assert!(path.is_file());
    }

    #[test]
    fn a_record_written_reads_back_as_the_same_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.psq");
        let mut io = Io::spawn(None, None);
        let game = GameModel::from_position_string(two_players(), "h8i9j7").unwrap();
        let wrote = io.write_record(EN, path.clone(), game.clone());
        let reply = one_reply(&mut io);
        assert_eq!(reply.ticket, wrote);
        assert_eq!(reply.path, path);
        assert_eq!(reply.result, Ok(RecordDone::Written));

        let read = io.read_record(EN, path.clone(), two_players());
        assert_ne!(read, wrote, "every job has its own ticket");
        let reply = one_reply(&mut io);
        assert_eq!(reply.ticket, read);
        match reply.result {
            Ok(RecordDone::Read(back)) => assert_eq!(back.position_string(), "h8i9j7"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_write_holds_the_game_as_it_was_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.txt");
        let mut io = Io::spawn(None, None);
        let mut game = GameModel::from_position_string(two_players(), "h8i9").unwrap();
        io.write_record(EN, path.clone(), game.clone());
        game.play(Point::new(9, 6)).unwrap();
        assert_eq!(one_reply(&mut io).result, Ok(RecordDone::Written));
        assert_eq!(std::fs::read_to_string(&path).unwrap().trim(), "h8i9");
    }

    #[test]
    fn a_missing_file_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nowhere.psq");
        let mut io = Io::spawn(None, None);
        io.read_record(EN, path.clone(), two_players());
        let reply = one_reply(&mut io);
        assert_eq!(reply.path, path);
        let error = reply.result.unwrap_err();
        assert!(
            error.starts_with("cannot read") && error.contains("nowhere.psq"),
            "{error}"
        );
    }

    #[test]
    fn a_corrupt_file_is_an_error_with_its_line_in_the_players_language() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.psq");
        std::fs::write(&path, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
        let mut io = Io::spawn(None, None);
        io.read_record(EN, path.clone(), two_players());
        let error = one_reply(&mut io).result.unwrap_err();
        assert!(
            error.contains("bad.psq") && error.contains("line 3"),
            "{error}"
        );
        io.read_record(Tr(Lang::Chinese), path, two_players());
        let chinese = one_reply(&mut io).result.unwrap_err();
        assert_ne!(chinese, error, "told in the language asked for");
        assert!(chinese.contains("bad.psq"), "{chinese}");
    }

    #[test]
    fn replies_come_in_order_with_their_tickets_and_each_one_wakes_the_window() {
        let dir = tempfile::tempdir().unwrap();
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = woken.clone();
        let waker: Waker = Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let mut io = Io::spawn(None, Some(waker));
        let good = dir.path().join("good.txt");
        let tickets = [
            io.write_record(EN, good.clone(), game_with(1)),
            io.read_record(EN, dir.path().join("missing.psq"), two_players()),
            io.read_record(EN, good.clone(), two_players()),
        ];
        assert!(io.busy());
        assert_eq!(io.waiting_for(), Some(RecordKind::Write));
        let all = replies(&mut io);
        let got: Vec<Ticket> = all.iter().map(|r| r.ticket).collect();
        assert_eq!(got, tickets);
        assert!(all[0].result.is_ok() && all[1].result.is_err() && all[2].result.is_ok());
        assert_eq!(woken.load(Ordering::SeqCst), 3);
        assert!(!io.busy());
        assert_eq!(io.waiting_for(), None);
    }

    #[test]
    fn a_waker_set_later_is_the_one_called() {
        let dir = tempfile::tempdir().unwrap();
        let first = Arc::new(AtomicUsize::new(0));
        let second = Arc::new(AtomicUsize::new(0));
        let (a, b) = (first.clone(), second.clone());
        let mut io = Io::spawn(
            None,
            Some(Arc::new(move || {
                a.fetch_add(1, Ordering::SeqCst);
            })),
        );
        io.set_waker(Arc::new(move || {
            b.fetch_add(1, Ordering::SeqCst);
        }));
        io.read_record(EN, dir.path().join("missing.psq"), two_players());
        one_reply(&mut io);
        assert_eq!(first.load(Ordering::SeqCst), 0);
        assert_eq!(second.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_job_on_a_dead_thread_is_answered_with_an_error() {
        let mut io = Io::spawn(None, None);
        // The thread ends as it would if it had died.
        io.tx = None;
        io.thread.take().unwrap().join().unwrap();
        let ticket = io.read_record(EN, PathBuf::from("/x/game.psq"), two_players());
        let reply = one_reply(&mut io);
        assert_eq!(reply.ticket, ticket);
        let error = reply.result.unwrap_err();
        assert!(error.contains("game.psq"), "{error}");
    }
}
