//! The lesson coach's thread. Judging a move of a played-out exercise (win
//! by fours, defend) asks the solvers, and "Show me" of a one-move task
//! tries every point: up to a few hundred milliseconds, so the window hands
//! them here and goes on drawing; each answer wakes it.

use super::tagged_worker::TaggedWorker;
use crate::lesson::{Coach, Outcome, Try};
use crate::rules::Point;

/// A question for the coach.
#[derive(Debug, Clone)]
pub enum Job {
    /// Judge the player's move `mv` in `attempt`.
    Judge {
        /// The try, as it was before the move.
        attempt: Box<Try>,
        /// The move.
        mv: Point,
    },
    /// A right move from the try's position.
    ShowMe {
        /// The try.
        attempt: Box<Try>,
    },
}

/// The coach's answer.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A move judged; `attempt` is the try after it.
    Judged {
        /// The try after the verdict.
        attempt: Box<Try>,
        /// The move.
        mv: Point,
        /// The verdict.
        outcome: Outcome,
    },
    /// A right move (none when the position holds none: never for a
    /// shipped exercise, a test proves each).
    Shown(Option<Point>),
}

/// The coach's thread.
pub type LessonWorker = TaggedWorker<Job, Reply>;

/// Starts the coach's thread.
#[must_use]
pub fn spawn() -> LessonWorker {
    TaggedWorker::spawn("lesson coach", Coach::new, answer)
}

fn answer(coach: &mut Coach, job: Job) -> Reply {
    match job {
        Job::Judge { mut attempt, mv } => {
            let outcome = coach.judge(&mut attempt, mv);
            Reply::Judged {
                attempt,
                mv,
                outcome,
            }
        }
        Job::ShowMe { attempt } => Reply::Shown(coach.right_move(&attempt)),
    }
}
