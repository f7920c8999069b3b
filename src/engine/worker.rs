//! The engine on a background thread, spoken to only by messages.

use super::{Engine, Position, SearchInfo, SearchParams, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// A request to search a position. `generation` comes back on every reply
/// so the caller can drop replies to requests it no longer cares about.
#[derive(Debug, Clone)]
pub struct SearchRequest {
    /// Caller's tag for this request.
    pub generation: u64,
    /// The position, a copy.
    pub position: Position,
    /// Limits and variety.
    pub params: SearchParams,
}

/// What the worker sends back.
#[derive(Debug, Clone)]
pub enum EngineReply {
    /// Progress of the search for `generation`.
    Info {
        /// The request's tag.
        generation: u64,
        /// Depth, score, line, nodes.
        info: SearchInfo,
    },
    /// The search for `generation` has finished (or was stopped).
    Done {
        /// The request's tag.
        generation: u64,
        /// The chosen move and its score.
        result: SearchResult,
    },
}

impl EngineReply {
    /// The tag of the request this reply belongs to.
    #[must_use]
    pub fn generation(&self) -> u64 {
        match self {
            EngineReply::Info { generation, .. } | EngineReply::Done { generation, .. } => {
                *generation
            }
        }
    }
}

enum Command {
    // Boxed: a request is some 200 bytes, the other commands none.
    Search(Box<SearchRequest>, Arc<AtomicBool>),
    NewGame,
    /// Panics on the engine thread, as a bug in the search would (tests
    /// of the callers' recovery).
    Crash,
}

/// Called on the engine thread after each reply is sent, and once when
/// the thread ends (even by a panic), so a caller that sleeps until told
/// (a window that redraws only on events) hears of every reply at once.
/// The engine knows nothing of who listens: the app passes a closure that
/// asks its window for a frame.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The engine thread has ended: it panicked, or could not go on. Its
/// replies will never come; start a new worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the engine thread stopped")]
pub struct WorkerGone;

/// An engine running on its own thread. The caller never blocks on it:
/// [`EngineWorker::search`] only sends, [`EngineWorker::try_recv`] only
/// polls. Dropping the worker stops the search and ends the thread.
pub struct EngineWorker {
    commands: Option<Sender<Command>>,
    replies: Receiver<EngineReply>,
    /// The stop flag of the latest request; each request gets its own, so
    /// stopping one can never stop the next.
    current_stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl EngineWorker {
    /// Starts the thread with a transposition table of `hash_mb` megabytes.
    ///
    /// # Panics
    /// If the operating system cannot start a thread.
    #[must_use]
    pub fn spawn(hash_mb: usize) -> EngineWorker {
        EngineWorker::spawn_with_waker(hash_mb, None)
    }

    /// As [`EngineWorker::spawn`], calling `waker` after every reply and
    /// when the thread ends.
    ///
    /// # Panics
    /// If the operating system cannot start a thread.
    #[must_use]
    pub fn spawn_with_waker(hash_mb: usize, waker: Option<Waker>) -> EngineWorker {
        let (cmd_tx, cmd_rx) = mpsc::channel::<Command>();
        let (reply_tx, reply_rx) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("gomoku-engine".into())
            .spawn(move || {
                let _on_exit = WakeOnExit(waker.clone());
                run(&cmd_rx, &reply_tx, hash_mb, waker.as_deref());
            })
            .expect("start the engine thread");
        EngineWorker {
            commands: Some(cmd_tx),
            replies: reply_rx,
            current_stop: Arc::new(AtomicBool::new(false)),
            thread: Some(thread),
        }
    }

    /// Stops any search in progress and starts this one.
    pub fn search(&mut self, request: SearchRequest) {
        self.stop();
        self.current_stop = Arc::new(AtomicBool::new(false));
        self.send(Command::Search(
            Box::new(request),
            Arc::clone(&self.current_stop),
        ));
    }

    /// Asks the search in progress to stop; it replies `Done` with the best
    /// move found so far within a few milliseconds.
    pub fn stop(&self) {
        self.current_stop.store(true, Ordering::Relaxed);
    }

    /// Stops any search and forgets what was learnt (a new game).
    pub fn new_game(&mut self) {
        self.stop();
        self.send(Command::NewGame);
    }

    fn send(&self, cmd: Command) {
        if let Some(tx) = &self.commands {
            // A dead engine thread shows up as no replies; the caller's
            // time-out handles that, so a failed send is not fatal here.
            let _ = tx.send(cmd);
        }
    }

    /// The next reply, if one is waiting. Never blocks.
    #[must_use]
    pub fn try_recv(&self) -> Option<EngineReply> {
        self.replies.try_recv().ok()
    }

    /// The next reply if one is waiting (never blocks), or [`WorkerGone`]
    /// once the thread has ended and every reply it sent has been read.
    ///
    /// # Errors
    /// [`WorkerGone`]: the thread panicked or stopped.
    pub fn poll(&self) -> Result<Option<EngineReply>, WorkerGone> {
        match self.replies.try_recv() {
            Ok(reply) => Ok(Some(reply)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(WorkerGone),
        }
    }

    /// Makes the engine thread panic, as a bug in the search would, so
    /// tests can check that callers notice and recover.
    #[doc(hidden)]
    pub fn crash_for_test(&mut self) {
        self.stop();
        self.send(Command::Crash);
    }

    /// The next reply, waiting up to `timeout`.
    #[must_use]
    pub fn recv_timeout(&self, timeout: Duration) -> Option<EngineReply> {
        self.replies.recv_timeout(timeout).ok()
    }
}

impl Drop for EngineWorker {
    fn drop(&mut self) {
        self.stop();
        self.commands = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Wakes the caller when the engine thread ends, however it ends: a
/// panic unwinds through this guard, so the caller sees the closed
/// channel at once instead of at its next unrelated frame.
struct WakeOnExit(Option<Waker>);

impl Drop for WakeOnExit {
    fn drop(&mut self) {
        if let Some(w) = &self.0 {
            w();
        }
    }
}

fn run(
    commands: &Receiver<Command>,
    replies: &Sender<EngineReply>,
    hash_mb: usize,
    waker: Option<&(dyn Fn() + Send + Sync)>,
) {
    let wake = || {
        if let Some(w) = waker {
            w();
        }
    };
    let mut engine = Engine::new(hash_mb);
    // The table's pages are written now, before any request: a thread
    // started ahead of its first search (the app's game lane) has it
    // ready by the first move, whose time would otherwise pay for it.
    engine.prepare_table();
    while let Ok(cmd) = commands.recv() {
        match cmd {
            Command::NewGame => engine.new_game(),
            Command::Crash => panic!("engine thread crashed on request (a test of the recovery)"),
            Command::Search(req, stop) => {
                let generation = req.generation;
                let mut on_info = |info: &SearchInfo| {
                    let _ = replies.send(EngineReply::Info {
                        generation,
                        info: info.clone(),
                    });
                    wake();
                };
                let result = engine.search(&req.position, &req.params, &stop, &mut on_info);
                if replies
                    .send(EngineReply::Done { generation, result })
                    .is_err()
                {
                    return;
                }
                wake();
            }
        }
    }
}
