//! The puzzle judge's thread. Judging a move, a hint, the solution and
//! the search of a finished game for personal puzzles ask the solvers for
//! up to a few hundred milliseconds, so the window hands them here and
//! goes on drawing; each answer comes back as a message and wakes it.

use super::tagged_worker::TaggedWorker;
use crate::puzzle::personal::{self, PersonalPuzzle};
use crate::puzzle::{Attempt, Hint, Judge, Judgement};
use crate::rules::{Point, Rule, Stone};

/// A question for the judge.
#[derive(Debug, Clone)]
pub enum Job {
    /// Judge the player's move `mv` in `attempt`.
    Judge {
        /// The try, as it was before the move.
        attempt: Box<Attempt>,
        /// The move.
        mv: Point,
    },
    /// The next hint step.
    Hint {
        /// The try.
        attempt: Box<Attempt>,
    },
    /// The whole solution from the try's position.
    Solution {
        /// The try.
        attempt: Box<Attempt>,
    },
    /// The personal puzzles of a finished game.
    Personal {
        /// Its moves from the empty board.
        moves: Vec<Point>,
        /// Board side.
        size: u8,
        /// Its rule.
        rule: Rule,
        /// The person's colour.
        person: Stone,
        /// When it was played, seconds since 1970.
        game_time: u64,
    },
}

/// The judge's answer.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A move judged; `attempt` is the try after it.
    Judged {
        /// The try after the verdict.
        attempt: Box<Attempt>,
        /// The move.
        mv: Point,
        /// The verdict.
        verdict: Judgement,
    },
    /// A hint step (none when the position holds no answer).
    Hint {
        /// The try, its hint count raised.
        attempt: Box<Attempt>,
        /// The hint.
        hint: Option<Hint>,
    },
    /// The solution line from the try's position.
    Solution {
        /// The try, marked as shown the solution.
        attempt: Box<Attempt>,
        /// The line, the player's move first.
        line: Vec<Point>,
    },
    /// A finished game's personal puzzles.
    Personal {
        /// What was found (maybe nothing).
        found: Vec<PersonalPuzzle>,
        /// When the game was played.
        game_time: u64,
    },
}

/// The judge's thread: a [`TaggedWorker`] with a [`Judge`] of its own
/// (its solver tables are allocated on first use).
pub type PuzzleWorker = TaggedWorker<Job, Reply>;

/// Starts the judge's thread.
#[must_use]
pub fn spawn() -> PuzzleWorker {
    TaggedWorker::spawn("puzzle judge", Judge::new, answer)
}

fn answer(judge: &mut Judge, job: Job) -> Reply {
    match job {
        Job::Judge { mut attempt, mv } => {
            let verdict = judge.judge(&mut attempt, mv);
            Reply::Judged {
                attempt,
                mv,
                verdict,
            }
        }
        Job::Hint { mut attempt } => {
            let hint = judge.hint(&mut attempt);
            Reply::Hint { attempt, hint }
        }
        Job::Solution { mut attempt } => {
            let line = judge.solution(&mut attempt);
            Reply::Solution { attempt, line }
        }
        Job::Personal {
            moves,
            size,
            rule,
            person,
            game_time,
        } => {
            let found = personal::find(judge.prover(), &moves, size, rule, person);
            Reply::Personal { found, game_time }
        }
    }
}
