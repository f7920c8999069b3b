//! Time management: when a search must stop, and whether another
//! iteration of deepening is worth starting.

use super::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Share of the soft time after which no new iteration starts: the next
/// one usually costs about as much as all before it, so starting it later
/// would mostly run into the deadline.
const NEW_ITERATION_SHARE: f64 = 0.55;

/// Share of the time between the soft and the hard limit that an unsettled
/// iteration may use; the rest is kept for the final safety check, which
/// would otherwise find no time left and pass a losing move.
const OVERRUN_SHARE: f64 = 0.5;

/// Share of the time between the soft and the hard limit after which
/// optional checks give up (see [`Clock::optional_check_must_stop`]).
const OPTIONAL_CHECK_SHARE: f64 = 0.8;

/// The limits of one search, measured from its start.
#[derive(Clone, Copy)]
pub struct Clock<'a> {
    start: Instant,
    limits: Limits,
    stop: &'a AtomicBool,
}

impl<'a> Clock<'a> {
    /// Starts the clock now.
    #[must_use]
    pub fn start(limits: Limits, stop: &'a AtomicBool) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            limits,
            stop,
        }
    }

    /// Time since the search began.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True when the caller raised the stop flag or the hard deadline has
    /// passed: the search must return now.
    #[must_use]
    pub fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.limits.hard_time.is_some_and(|h| self.elapsed() >= h)
    }

    /// The periodic check inside the search, after `nodes` nodes. `settled`
    /// says the iteration in progress still backs the previous best move:
    /// past the soft deadline such an iteration is cut short, while one
    /// that is changing its mind may run on to the hard deadline.
    #[must_use]
    pub fn should_abort(&self, nodes: u64, settled: bool) -> bool {
        if self.must_stop() || self.limits.nodes.is_some_and(|n| nodes >= n) {
            return true;
        }
        let Some(soft) = self.limits.soft_time else {
            return false;
        };
        let elapsed = self.elapsed();
        if elapsed < soft {
            return false;
        }
        settled
            || self
                .limits
                .hard_time
                .is_some_and(|h| elapsed >= soft + h.saturating_sub(soft).mul_f64(OVERRUN_SHARE))
    }

    /// True when a late, optional check (the VCT safety check) must stop:
    /// at the hard deadline, or once [`OPTIONAL_CHECK_SHARE`] of the time
    /// between the soft and the hard limit is gone, so that the answer
    /// still leaves before the deadline.
    #[must_use]
    pub fn optional_check_must_stop(&self) -> bool {
        if self.must_stop() {
            return true;
        }
        match (self.limits.soft_time, self.limits.hard_time) {
            (Some(s), Some(h)) if h > s => {
                self.elapsed() >= s + (h - s).mul_f64(OPTIONAL_CHECK_SHARE)
            }
            (Some(s), _) => self.elapsed() >= s,
            _ => false,
        }
    }

    /// True when another iteration may begin: before the soft limit when
    /// the whole turn is to be used, else only early enough for the next
    /// iteration to have a fair chance of finishing.
    #[must_use]
    pub fn may_start_iteration(&self) -> bool {
        let share = if self.limits.use_all {
            1.0
        } else {
            NEW_ITERATION_SHARE
        };
        self.limits
            .soft_time
            .is_none_or(|s| self.elapsed() < s.mul_f64(share))
    }
}
