//! The app's side of the position library: the worker thread, what the
//! explorer shows of the position on the board, and the import in
//! progress. The components read it through the view; `actions.rs`
//! sends it jobs.

use super::library_worker::{LibraryJob, LibraryReply, LibraryWorker, OpenProblem};
use crate::engine::{Score, Waker};
use crate::gomocup::EngineDescriptor;
use crate::library::import::{ImportReport, Progress};
use crate::library::{Entry, Position, Verdict};
use crate::rules::{GameModel, Point, Rule};
use std::path::PathBuf;

/// The shallowest search whose verdict the library keeps: shallower ones
/// are gone in a moment and say little, unless they proved a win or a
/// loss.
pub const MIN_LEARN_DEPTH: u32 = 8;

/// The verdict the library keeps of a search of `depth` that found
/// `score` and `line` (`engine`: a foreign engine, else the built-in one);
/// `None` when it is too shallow to keep.
#[must_use]
pub fn learnt_verdict(
    engine: Option<&EngineDescriptor>,
    depth: u32,
    score: Score,
    line: &[Point],
) -> Option<Verdict> {
    let proven = score.mate_moves().is_some();
    (depth >= MIN_LEARN_DEPTH || proven).then(|| Verdict {
        engine: engine.map(EngineDescriptor::name).unwrap_or_default(),
        depth,
        score: score.0,
        line: line.to_vec(),
        date: jiff::Timestamp::now().as_second(),
    })
}

/// Identifies a shown position: its hash with the side to move, the rule
/// and the board's side.
type Shown = (u64, Rule, u8);

/// The shown position of `game`.
fn shown_of(game: &GameModel) -> Shown {
    (game.position_hash(), game.rule(), game.size())
}

/// The library as the app sees it.
pub struct LibraryState {
    worker: LibraryWorker,
    /// The position the last lookup was for, and its tag.
    asked: Option<(Shown, u64)>,
    /// What the library knows of the shown position, once answered.
    entry: Option<(Shown, Entry)>,
    /// The import in progress, if one is.
    progress: Option<Progress>,
    /// Set when a write may have changed what the shown position shows.
    stale: bool,
    /// The live analysis's latest verdict on the position it follows,
    /// written when it moves on to another (or stops).
    pending: Option<(Shown, Position, Verdict)>,
}

/// What the library has to tell the player (the app puts it in words).
#[derive(Debug)]
pub enum LibraryNews {
    /// A problem on opening.
    Opened(OpenProblem),
    /// An import ended.
    Imported(ImportReport),
    /// An export ended.
    Exported(PathBuf, Result<bool, String>),
    /// The database failed.
    Failed(String),
}

impl LibraryState {
    /// The library at `path` (in memory when `None`), opened on its
    /// thread.
    #[must_use]
    pub fn open(path: Option<PathBuf>) -> LibraryState {
        LibraryState {
            worker: LibraryWorker::spawn(path),
            asked: None,
            entry: None,
            progress: None,
            stale: false,
            pending: None,
        }
    }

    /// Wakes the window after every answer.
    pub fn set_waker(&self, waker: Waker) {
        self.worker.set_waker(waker);
    }

    /// Asks about `game`'s shown position if it is not the one asked
    /// about last (or a write changed the library since).
    pub fn follow(&mut self, game: &GameModel) {
        let shown = shown_of(game);
        if !self.stale && self.asked.is_some_and(|(s, _)| s == shown) {
            return;
        }
        self.stale = false;
        let tag = self.worker.lookup(Position::of_game(game));
        self.asked = Some((shown, tag));
    }

    /// What the library knows of `game`'s shown position: `None` while
    /// the answer is on its way.
    #[must_use]
    pub fn entry_for(&self, game: &GameModel) -> Option<&Entry> {
        let shown = shown_of(game);
        self.entry
            .as_ref()
            .filter(|(s, _)| *s == shown)
            .map(|(_, e)| e)
    }

    /// The live analysis's verdict on `game`'s shown position (`None`:
    /// none yet, or analysis off). The latest is kept while the position
    /// stays; the one for a position left behind is written then, so the
    /// library gets one verdict a position, the deepest reached.
    pub fn analysis_seen(&mut self, game: &GameModel, verdict: Option<Verdict>) {
        let shown = shown_of(game);
        if let Some((was, pos, v)) = self.pending.take() {
            if was != shown || verdict.is_none() {
                self.send(LibraryJob::Verdict(pos, v));
            }
        }
        self.pending = verdict.map(|v| (shown, Position::of_game(game), v));
    }

    /// The import in progress.
    #[must_use]
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// Sends a job; a write makes the shown position's entry stale.
    pub fn send(&mut self, job: LibraryJob) {
        let writes = !matches!(job, LibraryJob::Lookup(..) | LibraryJob::Export { .. });
        if let LibraryJob::Import(..) = &job {
            self.progress = Some(Progress {
                files_done: 0,
                files: 0,
                games: 0,
                current: PathBuf::new(),
            });
        }
        self.worker.send(job);
        self.stale |= writes;
    }

    /// Stops the import in progress.
    pub fn cancel_import(&self) {
        self.worker.cancel_import();
    }

    /// Takes the thread's answers; returns what the player should hear.
    pub fn poll(&mut self) -> Vec<LibraryNews> {
        let mut news = Vec::new();
        for reply in self.worker.poll() {
            match reply {
                LibraryReply::Opened(Some(problem)) => news.push(LibraryNews::Opened(problem)),
                LibraryReply::Opened(None) => {}
                LibraryReply::Entry(tag, entry) => {
                    if let Some((shown, asked)) = self.asked {
                        if asked == tag {
                            self.entry = Some((shown, *entry));
                        }
                    }
                }
                LibraryReply::Progress(p) => self.progress = Some(p),
                LibraryReply::Imported(report) => {
                    self.progress = None;
                    self.stale = true;
                    news.push(LibraryNews::Imported(report));
                }
                LibraryReply::Exported(path, result) => {
                    news.push(LibraryNews::Exported(path, result));
                }
                LibraryReply::Failed(e) => {
                    self.progress = None;
                    news.push(LibraryNews::Failed(e));
                }
            }
        }
        news
    }
}
