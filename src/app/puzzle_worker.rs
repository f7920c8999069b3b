//! The puzzle judge's thread. Judging a move, a hint, the solution and
//! the search of a finished game for personal puzzles ask the solvers for
//! up to a few hundred milliseconds, so the window hands them here and
//! goes on drawing; each answer comes back as a message and wakes it.

use crate::engine::Waker;
use crate::puzzle::personal::{self, PersonalPuzzle};
use crate::puzzle::{Attempt, Hint, Judge, Judgement};
use crate::rules::{Point, Rule, Stone};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

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

/// The thread and its two channels. Each job carries a tag; the caller
/// drops answers to questions it no longer asks.
pub struct PuzzleWorker {
    jobs: Sender<(u64, Job)>,
    replies: Receiver<(u64, Reply)>,
    waker: Arc<Mutex<Option<Waker>>>,
    next_tag: u64,
}

impl Default for PuzzleWorker {
    fn default() -> Self {
        PuzzleWorker::spawn()
    }
}

impl PuzzleWorker {
    /// Starts the thread (its solver tables are allocated on first use).
    #[must_use]
    pub fn spawn() -> PuzzleWorker {
        let (jobs, inbox) = channel::<(u64, Job)>();
        let (outbox, replies) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let wake = Arc::clone(&waker);
        thread::Builder::new()
            .name("puzzle judge".into())
            .spawn(move || {
                let mut judge = Judge::new();
                for (tag, job) in inbox {
                    let reply = answer(&mut judge, job);
                    if outbox.send((tag, reply)).is_err() {
                        return;
                    }
                    if let Some(w) = wake.lock().ok().and_then(|w| w.clone()) {
                        w();
                    }
                }
            })
            .expect("the puzzle thread starts");
        PuzzleWorker {
            jobs,
            replies,
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

    /// Sends `job`; returns its tag.
    pub fn send(&mut self, job: Job) -> u64 {
        self.next_tag += 1;
        // A dead thread answers nothing; the caller's "judging" state
        // then never ends, which the panel shows, but nothing crashes.
        let _ = self.jobs.send((self.next_tag, job));
        self.next_tag
    }

    /// The answers that arrived, oldest first.
    pub fn poll(&mut self) -> Vec<(u64, Reply)> {
        self.replies.try_iter().collect()
    }
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
