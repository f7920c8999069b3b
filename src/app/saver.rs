//! The saver thread: the only place the app writes to disk.
//!
//! The window sends snapshots (settings, the game in progress, the recent
//! games) over a channel and never waits for the disk. The thread writes
//! each crash-safely through [`Persist`]; when several snapshots of the
//! same file queue up while it writes (a burst of moves, say), only the
//! newest is written. A failure comes back as a message for the status
//! bar. Dropping the saver writes what is queued and waits for it, at
//! most [`EXIT_WAIT`].

use super::persist::Persist;
use super::recent::RecentGames;
use super::settings::AppSettings;
use crate::i18n::{Msg, Tr};
use crate::rules::GameModel;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The longest the app waits for its last save when it closes: long
/// enough for a few small files on a slow disk, short enough that a hung
/// network folder cannot keep a closed window alive.
pub const EXIT_WAIT: Duration = Duration::from_secs(3);

/// One file's new contents.
#[derive(Debug, Clone)]
pub enum Snapshot {
    /// The player's settings.
    Settings(AppSettings),
    /// The game in progress.
    Game(GameModel),
    /// The recent games list.
    Recent(RecentGames),
}

impl Snapshot {
    /// Which file it replaces: snapshots of the same file coalesce.
    fn slot(&self) -> usize {
        match self {
            Snapshot::Settings(_) => 0,
            Snapshot::Game(_) => 1,
            Snapshot::Recent(_) => 2,
        }
    }

    /// What the player calls it, for messages.
    fn what(&self) -> Msg {
        match self {
            Snapshot::Settings(_) => Msg::SaveWhatSettings,
            Snapshot::Game(_) => Msg::SaveWhatGame,
            Snapshot::Recent(_) => Msg::SaveWhatRecent,
        }
    }
}

enum Message {
    Save(Snapshot),
    /// Answers once everything sent before it is written.
    Flush(Sender<()>),
}

/// A save that failed, for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveFailure {
    /// The settings, the game or the recent games.
    pub what: Msg,
    /// Why.
    pub error: String,
}

/// The saver thread and its channels.
pub struct Saver {
    tx: Option<Sender<Message>>,
    failures: Receiver<Result<(), SaveFailure>>,
    thread: Option<JoinHandle<()>>,
}

impl Saver {
    /// Starts the thread that writes to `persist`.
    ///
    /// # Panics
    /// If the operating system cannot start a thread.
    #[must_use]
    pub fn spawn(persist: Persist) -> Saver {
        let (tx, rx) = mpsc::channel();
        let (report_tx, failures) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("gomoku-saver".into())
            .spawn(move || run(&persist, &rx, &report_tx))
            .expect("start the saver thread");
        Saver {
            tx: Some(tx),
            failures,
            thread: Some(thread),
        }
    }

    /// Queues `snapshot` for writing; returns at once.
    pub fn save(&self, snapshot: Snapshot) {
        if let Some(tx) = &self.tx {
            // A dead saver thread shows up as a failure report missing;
            // play goes on either way.
            let _ = tx.send(Message::Save(snapshot));
        }
    }

    /// The outcome of each write since the last call, oldest first:
    /// `Ok` for a good write, the failure otherwise. Never blocks.
    pub fn results(&self) -> Vec<Result<(), SaveFailure>> {
        self.failures.try_iter().collect()
    }

    /// Waits until everything queued so far is on disk, at most
    /// `timeout`. Returns false if it was not done in time.
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
}

impl Drop for Saver {
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

fn run(persist: &Persist, rx: &Receiver<Message>, report: &Sender<Result<(), SaveFailure>>) {
    while let Ok(first) = rx.recv() {
        // Gather the burst that queued up meanwhile: the newest snapshot
        // of each file wins, flushes answer after the writes.
        let mut latest: [Option<Snapshot>; 3] = [None, None, None];
        let mut flushes = Vec::new();
        for message in std::iter::once(first).chain(rx.try_iter()) {
            match message {
                Message::Save(s) => {
                    let slot = s.slot();
                    latest[slot] = Some(s);
                }
                Message::Flush(done) => flushes.push(done),
            }
        }
        for snapshot in latest.into_iter().flatten() {
            let result = match &snapshot {
                // The saver does not follow the language: its reason is
                // told in English (the system's own words inside it are
                // English anyway); the sentence around it is translated.
                Snapshot::Settings(s) => persist.save_settings(Tr::default(), s),
                Snapshot::Game(g) => persist.save_game(Tr::default(), g),
                Snapshot::Recent(r) => persist.save_recent(Tr::default(), r),
            };
            let _ = report.send(result.map_err(|error| SaveFailure {
                what: snapshot.what(),
                error,
            }));
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameSettings, Point};
    use crate::storage::{Storage, AUTOSAVE_FILE};

    fn game_with(moves: usize) -> GameModel {
        let points: Vec<Point> = (0..moves).map(|i| Point::new(i as u8, 0)).collect();
        let settings = GameSettings {
            mode: crate::rules::Mode::TwoPlayer,
            ..GameSettings::default()
        };
        GameModel::from_moves(settings, &points).unwrap()
    }

    #[test]
    fn the_newest_snapshot_is_on_disk_after_a_flush() {
        let dir = tempfile::tempdir().unwrap();
        let saver = Saver::spawn(Persist::at(dir.path().to_path_buf()));
        for n in 0..=8 {
            saver.save(Snapshot::Game(game_with(n)));
        }
        assert!(saver.flush(Duration::from_secs(30)));
        let stored: GameModel = Storage::at(dir.path().to_path_buf())
            .load(AUTOSAVE_FILE)
            .into_option()
            .unwrap();
        assert_eq!(stored, game_with(8));
        let results = saver.results();
        assert!(!results.is_empty() && results.len() <= 9, "{results:?}");
        assert!(results.iter().all(Result::is_ok));
    }

    #[test]
    fn dropping_the_saver_writes_what_was_queued() {
        let dir = tempfile::tempdir().unwrap();
        {
            let saver = Saver::spawn(Persist::at(dir.path().to_path_buf()));
            saver.save(Snapshot::Game(game_with(3)));
        }
        let stored: Option<GameModel> = Storage::at(dir.path().to_path_buf())
            .load(AUTOSAVE_FILE)
            .into_option();
        assert_eq!(stored, Some(game_with(3)));
    }

    #[test]
    fn a_failed_write_comes_back_as_a_message() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the folder should be: nothing can be written.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, "x").unwrap();
        let saver = Saver::spawn(Persist::at(blocked));
        saver.save(Snapshot::Settings(AppSettings::default()));
        assert!(saver.flush(Duration::from_secs(30)));
        let results = saver.results();
        assert_eq!(results.len(), 1);
        let failure = results[0].clone().unwrap_err();
        assert_eq!(failure.what, Msg::SaveWhatSettings);
        assert!(!failure.error.is_empty());
    }
}
