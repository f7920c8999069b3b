//! The opponent's threat before a move, found off the window's thread.
//! Saying what the opponent threatened ("White had a win by fours (VCF)
//! from k10 — l11 would have stopped it") asks the VCF and VCT solvers,
//! up to a second on a hard position: too slow for a frame. The analysis
//! panel asks here and shows the shapes alone until the answer comes.
//!
//! Only the newest question is answered: stepping through a game asks
//! once a move, and the thread skips questions the panel no longer waits
//! for instead of queueing a second of work per step.

use super::tagged_worker::TaggedWorker;
use crate::engine::explain::{Explainer, Explanation};
use crate::engine::Waker;
use crate::rules::{Board, Point, Rule, Stone};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A move to explain with the opponent's threat.
#[derive(Debug, Clone)]
pub struct Job {
    /// The position's key, returned with the answer.
    pub key: u64,
    /// The board before the move.
    pub before: Board,
    /// The rule.
    pub rule: Rule,
    /// Who played the move.
    pub side: Stone,
    /// The move.
    pub mv: Point,
    /// The defence to name first if the move left a threat unmet: the
    /// review's best move for the position, when it has one.
    pub prefer: Option<Point>,
}

/// The thread's answer: the explanation with its threat, or nothing for a
/// question skipped because a newer one came.
pub type Reply = Option<(u64, Explanation)>;

/// The threat thread and the key of the question the panel waits for.
pub struct ThreatWorker {
    worker: TaggedWorker<(Job, Arc<AtomicU64>), Reply>,
    wanted: Arc<AtomicU64>,
}

impl ThreatWorker {
    /// Starts the thread; `waker` is called after each answer.
    #[must_use]
    pub fn spawn(waker: Waker) -> ThreatWorker {
        let worker = TaggedWorker::spawn("threat words", Explainer::new, answer);
        worker.set_waker(waker);
        ThreatWorker {
            worker,
            wanted: Arc::default(),
        }
    }

    /// Asks for `job`; questions asked before it are skipped if the
    /// thread has not started them.
    pub fn ask(&mut self, job: Job) {
        self.wanted.store(job.key, Ordering::Relaxed);
        let wanted = Arc::clone(&self.wanted);
        self.worker.send((job, wanted));
    }

    /// The answers that arrived.
    pub fn poll(&mut self) -> Vec<(u64, Explanation)> {
        self.worker
            .poll()
            .into_iter()
            .filter_map(|(_, reply)| reply)
            .collect()
    }
}

fn answer(explainer: &mut Explainer, (job, wanted): (Job, Arc<AtomicU64>)) -> Reply {
    if wanted.load(Ordering::Relaxed) != job.key {
        return None;
    }
    let e = explainer.explain_preferring(&job.before, job.rule, job.side, job.mv, true, job.prefer);
    Some((job.key, e))
}
