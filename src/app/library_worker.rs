//! The position library's thread: the database is opened, read and
//! written only here, so the window never waits on the disk. Lookups for
//! the explorer are tagged, and only the newest one's answer is kept;
//! an import reports its progress as it goes and stops when the shared
//! flag is set.

use crate::engine::Waker;
use crate::library::import::{import, ImportOptions, ImportReport, Progress};
use crate::library::{game_fingerprint, Entry, GameResult, Library, Opened, Position, Verdict};
use crate::rules::{GameSettings, Marks, Point};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// Which file an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// RenLib `.lib`.
    RenLib,
    /// SGF with variations.
    Sgf,
}

impl ExportFormat {
    /// The file name a save dialog offers.
    #[must_use]
    pub fn file_name(self) -> &'static str {
        match self {
            ExportFormat::RenLib => "library.lib",
            ExportFormat::Sgf => "library.sgf",
        }
    }
}

/// What the thread is asked to do.
pub enum LibraryJob {
    /// What the library knows of a position (answered with the tag).
    Lookup(u64, Position),
    /// Files and folders to import.
    Import(Vec<PathBuf>, ImportOptions),
    /// The tree from the position `moves` lead to, written to `path`.
    Export {
        /// The file to write.
        path: PathBuf,
        /// Its format.
        format: ExportFormat,
        /// The board and rule.
        settings: GameSettings,
        /// The moves from the empty board to the position.
        moves: Vec<Point>,
        /// The code page of a `.lib` file's texts.
        encoding: &'static crate::library::renlib::encoding_rs::Encoding,
    },
    /// The player's comment on a position.
    Comment(Position, String),
    /// The player's marks on a position.
    Marks(Position, Marks),
    /// An engine's verdict on a position.
    Verdict(Position, Verdict),
    /// A click on a point of a position while labels are edited: the
    /// next free letter put there, or the label there taken away.
    Label(Position, Point),
    /// A finished game, from its start.
    Game {
        /// The position it started from.
        start: Position,
        /// Its moves.
        moves: Vec<Point>,
        /// How it ended.
        result: GameResult,
        /// The comments and marks its record holds, each with the number
        /// of moves to its position, in that order: merged into the
        /// library's.
        notes: Vec<(usize, String, Marks)>,
    },
}

/// What the thread answers.
#[derive(Debug)]
pub enum LibraryReply {
    /// The library was opened; `problem` says what was wrong with the
    /// file (a damaged one was set aside: the error and where it went), or
    /// why there is no library (then it is kept in memory for this run).
    Opened(Option<OpenProblem>),
    /// The answer to a lookup.
    Entry(u64, Box<Entry>),
    /// How far an import is.
    Progress(Progress),
    /// An import ended.
    Imported(ImportReport),
    /// An export ended: the file, whether the tree was cut short, or the
    /// error in words.
    Exported(PathBuf, Result<bool, String>),
    /// A write or lookup failed (the database's words).
    Failed(String),
}

/// What was wrong when the library was opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenProblem {
    /// The file was damaged: renamed aside, a new library made.
    SetAside {
        /// What was wrong.
        error: String,
        /// Where it went.
        kept_as: Option<PathBuf>,
    },
    /// The library could not be opened at all (a newer version's file, a
    /// folder that cannot be written); one in memory is used.
    Unavailable(String),
}

/// The thread and its channels.
pub struct LibraryWorker {
    jobs: Sender<LibraryJob>,
    replies: Receiver<LibraryReply>,
    cancel: Arc<AtomicBool>,
    waker: Arc<Mutex<Option<Waker>>>,
    next_tag: u64,
}

/// Calls the waker if one is set.
fn wake(waker: &Arc<Mutex<Option<Waker>>>) {
    if let Some(w) = waker.lock().ok().and_then(|w| w.clone()) {
        w();
    }
}

impl LibraryWorker {
    /// Starts the thread on the library at `path` (in memory when
    /// `None`).
    #[must_use]
    pub fn spawn(path: Option<PathBuf>) -> LibraryWorker {
        let (jobs, inbox) = channel::<LibraryJob>();
        let (outbox, replies) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let cancel = Arc::new(AtomicBool::new(false));
        let (wake_here, cancel_here) = (Arc::clone(&waker), Arc::clone(&cancel));
        thread::Builder::new()
            .name("library".into())
            .spawn(move || {
                let send = |reply: LibraryReply| {
                    let ok = outbox.send(reply).is_ok();
                    wake(&wake_here);
                    ok
                };
                let (mut lib, problem) = open(path);
                if !send(LibraryReply::Opened(problem)) {
                    return;
                }
                let mut warmed = false;
                for job in inbox {
                    // The explorer's first lookup: the file is read into the
                    // system's cache behind it, so the lookups that follow
                    // find their pages there (the explorer is off by
                    // default; without it nothing needs the file warm).
                    if !warmed && matches!(job, LibraryJob::Lookup(..)) {
                        warmed = true;
                        drop(lib.warm_in_background());
                    }
                    if !run(&mut lib, job, &cancel_here, &send) {
                        return;
                    }
                }
            })
            .expect("the library thread starts");
        LibraryWorker {
            jobs,
            replies,
            cancel,
            waker,
            next_tag: 0,
        }
    }

    /// Calls `waker` after every answer from now on.
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(waker);
        }
    }

    /// Asks what the library knows of `pos`; returns the lookup's tag.
    pub fn lookup(&mut self, pos: Position) -> u64 {
        self.next_tag += 1;
        let _ = self.jobs.send(LibraryJob::Lookup(self.next_tag, pos));
        self.next_tag
    }

    /// Sends any other job.
    pub fn send(&self, job: LibraryJob) {
        if matches!(job, LibraryJob::Import(..)) {
            self.cancel.store(false, Ordering::Relaxed);
        }
        let _ = self.jobs.send(job);
    }

    /// Stops the import in progress (the file being read is rolled back).
    pub fn cancel_import(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The answers that arrived, oldest first.
    pub fn poll(&mut self) -> Vec<LibraryReply> {
        self.replies.try_iter().collect()
    }
}

/// Opens the library, or one in memory with the reason there is none.
fn open(path: Option<PathBuf>) -> (Library, Option<OpenProblem>) {
    let memory = || Library::in_memory().expect("an in-memory database");
    let Some(path) = path else {
        return (memory(), None);
    };
    // The settings folder is made by the first save; the library may come
    // first.
    if let Some(dir) = path.parent() {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return (memory(), Some(OpenProblem::Unavailable(e.to_string())));
        }
    }
    match Library::open(&path) {
        Ok(Opened::Ready(lib)) => (lib, None),
        Ok(Opened::Recovered {
            library,
            error,
            kept_as,
        }) => (library, Some(OpenProblem::SetAside { error, kept_as })),
        Err(e) => (memory(), Some(OpenProblem::Unavailable(e.to_string()))),
    }
}

/// Does one job; false when the window has gone.
fn run(
    lib: &mut Library,
    job: LibraryJob,
    cancel: &AtomicBool,
    send: &dyn Fn(LibraryReply) -> bool,
) -> bool {
    let written = |r: Result<(), crate::library::LibraryError>| match r {
        Ok(()) => true,
        Err(e) => send(LibraryReply::Failed(e.to_string())),
    };
    match job {
        LibraryJob::Lookup(tag, pos) => match lib.entry(&pos) {
            Ok(entry) => send(LibraryReply::Entry(tag, Box::new(entry))),
            Err(e) => send(LibraryReply::Failed(e.to_string())),
        },
        LibraryJob::Import(paths, options) => {
            let mut alive = true;
            let mut last = std::time::Instant::now();
            let result = import(lib, &paths, &options, cancel, &mut |p| {
                // A few reports a second are enough for a progress bar.
                if last.elapsed() >= PROGRESS_EVERY || p.games == 0 {
                    last = std::time::Instant::now();
                    alive &= send(LibraryReply::Progress(p.clone()));
                }
            });
            alive
                && match result {
                    Ok(report) => send(LibraryReply::Imported(report)),
                    Err(e) => send(LibraryReply::Failed(e.to_string())),
                }
        }
        LibraryJob::Export {
            path,
            format,
            settings,
            moves,
            encoding,
        } => {
            let out = match format {
                ExportFormat::RenLib => lib
                    .export_renlib(settings, &moves, encoding)
                    .map_err(|e| e.to_string()),
                ExportFormat::Sgf => lib
                    .export_sgf(settings, &moves)
                    .map(|(text, cut)| (text.into_bytes(), cut))
                    .map_err(|e| e.to_string()),
            };
            let result = out.and_then(|(bytes, cut)| {
                crate::storage::write_atomic(&path, &bytes)
                    .map(|()| cut)
                    .map_err(|e| e.to_string())
            });
            send(LibraryReply::Exported(path, result))
        }
        LibraryJob::Comment(pos, text) => written(
            lib.writer()
                .and_then(|w| w.set_comment(&pos, &text).and_then(|()| w.commit())),
        ),
        LibraryJob::Marks(pos, marks) => written(
            lib.writer()
                .and_then(|w| w.set_marks(&pos, &marks).and_then(|()| w.commit())),
        ),
        LibraryJob::Verdict(pos, v) => written(
            lib.writer()
                .and_then(|w| w.add_verdict(&pos, &v).and_then(|()| w.commit())),
        ),
        LibraryJob::Label(pos, p) => written(
            lib.writer()
                .and_then(|w| w.toggle_label(&pos, p).and_then(|_| w.commit())),
        ),
        LibraryJob::Game {
            start,
            moves,
            result,
            notes,
        } => written(lib.writer().and_then(|w| {
            // A game seen before (a finished game reopened) counts once;
            // its notes are merged again, which adds nothing already there.
            let print = game_fingerprint(start.rule, start.board.size(), &moves, result);
            if w.remember(&print)? {
                w.add_game(&start, &moves, result)?;
            }
            let mut pos = start;
            let mut ply = 0;
            for (at, comment, marks) in &notes {
                while ply < *at {
                    let Some(next) = moves.get(ply).and_then(|&p| pos.after(p).ok()) else {
                        break;
                    };
                    pos = next;
                    ply += 1;
                }
                if ply == *at {
                    w.add_notes(&pos, comment, marks)?;
                }
            }
            w.commit()
        })),
    }
}

/// How often an import reports its progress.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(100);
