//! The training wheels' check of a move against the AI, off the window's
//! thread: the player's click is held while the engine's blunder check
//! (`engine::blunder`, a few small VCF searches) looks at it, then played
//! at once if it is sound, or questioned by `components::blunder_confirm`.
//! Only the newest click is answered; an answer for a position the board
//! no longer shows (an undo, a new game) is dropped.

use super::tagged_worker::TaggedWorker;
use crate::engine::blunder::{Blunder, BlunderCheck};
use crate::engine::Waker;
use crate::rules::{Board, Point, Rule, Stone};

/// A move to check.
#[derive(Debug, Clone)]
pub struct Job {
    /// The board before the move.
    pub board: Board,
    /// The rule.
    pub rule: Rule,
    /// The player's colour.
    pub side: Stone,
    /// The move.
    pub mv: Point,
}

/// A click held for the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// The move.
    pub mv: Point,
    /// The player's colour.
    pub side: Stone,
    /// The position's key when it was clicked.
    pub key: u64,
    tag: u64,
}

/// What became of a held click.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing wrong: play it.
    Play(Point),
    /// A blunder: ask the player.
    Question(Point, Stone, Blunder),
}

/// The check's thread and the click it holds.
pub struct TrainingWheels {
    worker: TaggedWorker<Job, Option<Blunder>>,
    held: Option<Held>,
}

impl TrainingWheels {
    /// Starts the thread (its solver cache is allocated on first use).
    #[must_use]
    pub fn spawn() -> TrainingWheels {
        let worker = TaggedWorker::spawn(
            "training wheels",
            BlunderCheck::new,
            |check: &mut BlunderCheck, job: Job| {
                check.check(&job.board, job.rule, job.side, job.mv)
            },
        );
        TrainingWheels { worker, held: None }
    }

    /// Calls `waker` after every answer.
    pub fn set_waker(&self, waker: Waker) {
        self.worker.set_waker(waker);
    }

    /// Holds the player's click `job.mv` in the position `key` and asks
    /// the check; a click held before is dropped.
    pub fn ask(&mut self, key: u64, job: Job) {
        let (mv, side) = (job.mv, job.side);
        let tag = self.worker.send(job);
        self.held = Some(Held { mv, side, key, tag });
    }

    /// The click held, while the check looks at it.
    #[must_use]
    pub fn held(&self) -> Option<Held> {
        self.held
    }

    /// Drops the held click (the game changed under it).
    pub fn drop_held(&mut self) {
        self.held = None;
    }

    /// Takes in the check's answers: the verdict on the held click once
    /// it comes, if the board still shows position `key_now`.
    pub fn poll(&mut self, key_now: u64) -> Option<Verdict> {
        let mut out = None;
        for (tag, blunder) in self.worker.poll() {
            let Some(h) = self.held.filter(|h| h.tag == tag) else {
                continue;
            };
            self.held = None;
            if h.key != key_now {
                continue;
            }
            out = Some(match blunder {
                None => Verdict::Play(h.mv),
                Some(b) => Verdict::Question(h.mv, h.side, b),
            });
        }
        out
    }
}
