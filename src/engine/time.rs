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

/// The least share of its planned time a move takes when its best move and
/// score stay put: under a game clock what it leaves is spent on the moves
/// that change their minds. Applies wherever unused time is not lost (a
/// game clock, the app's levels and hints), never to a turn limit alone.
pub const STABLE_TIME_FACTOR: f64 = 0.7;

/// The most share of its planned time a move takes when its best move
/// keeps changing and its score falls (still within its hard limit).
pub const UNSTABLE_TIME_FACTOR_MAX: f64 = 2.5;

/// A fall of the score between two iterations of the same parity by this
/// many evaluation units stretches the planned time by half.
pub const FALL_UNITS_PER_HALF: f64 = 500.0;

/// How much of its planned time a move should take, from how its
/// deepening went: `changes` counts the recent changes of the best move
/// (each iteration halves the count and adds one for a change), `fall` is
/// how far the score fell between the last iteration and the one two
/// before it (the same side moving last), in evaluation units.
#[must_use]
pub fn time_factor(changes: f64, fall: i32) -> f64 {
    let falling = (1.0 + 0.5 * f64::from(fall) / FALL_UNITS_PER_HALF).clamp(0.85, 1.5);
    ((STABLE_TIME_FACTOR + changes) * falling).clamp(STABLE_TIME_FACTOR, UNSTABLE_TIME_FACTOR_MAX)
}

/// The limits of one search, measured from its start.
#[derive(Clone, Copy)]
pub struct Clock<'a> {
    start: Instant,
    limits: Limits,
    /// The soft time as planned, before [`Clock::stretch`] scaled it.
    planned_soft: Option<Duration>,
    stop: &'a AtomicBool,
}

impl<'a> Clock<'a> {
    /// Starts the clock now.
    #[must_use]
    pub fn start(limits: Limits, stop: &'a AtomicBool) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            limits,
            planned_soft: limits.soft_time,
            stop,
        }
    }

    /// Scales the planned soft time by `factor` (kept within the hard
    /// limit), unless the whole turn is to be used anyway
    /// ([`Limits::use_all`]).
    pub fn stretch(&mut self, factor: f64) {
        if self.limits.use_all {
            return;
        }
        if let Some(s) = self.planned_soft {
            let s = s.mul_f64(factor.max(0.0));
            self.limits.soft_time = Some(self.limits.hard_time.map_or(s, |h| s.min(h)));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(soft: u64, hard: u64, use_all: bool) -> Limits {
        Limits {
            soft_time: Some(Duration::from_millis(soft)),
            hard_time: Some(Duration::from_millis(hard)),
            use_all,
            ..Limits::default()
        }
    }

    #[test]
    fn a_settled_move_takes_less_and_a_changing_falling_one_more() {
        let settled = time_factor(0.0, 0);
        assert!((settled - STABLE_TIME_FACTOR).abs() < 1e-9);
        // A rising score never cuts below the settled share.
        assert!((time_factor(0.0, -2_000) - STABLE_TIME_FACTOR).abs() < 1e-9);
        let changed = time_factor(1.0, 0);
        assert!(changed > 1.5 * settled, "{changed}");
        let falling = time_factor(1.0, 500);
        assert!(falling > changed, "{falling} {changed}");
        assert!((time_factor(2.0, 5_000) - UNSTABLE_TIME_FACTOR_MAX).abs() < 1e-9);
    }

    #[test]
    fn a_stretch_scales_the_plan_within_the_hard_limit() {
        let stop = AtomicBool::new(false);
        let mut clock = Clock::start(limits(400, 900, false), &stop);
        clock.stretch(0.5);
        assert_eq!(clock.limits.soft_time, Some(Duration::from_millis(200)));
        // Each stretch scales the plan, not the last stretch.
        clock.stretch(2.0);
        assert_eq!(clock.limits.soft_time, Some(Duration::from_millis(800)));
        clock.stretch(3.0);
        assert_eq!(clock.limits.soft_time, Some(Duration::from_millis(900)));
    }

    #[test]
    fn a_turn_limit_alone_is_never_stretched() {
        let stop = AtomicBool::new(false);
        let mut clock = Clock::start(limits(400, 900, true), &stop);
        clock.stretch(0.5);
        assert_eq!(clock.limits.soft_time, Some(Duration::from_millis(400)));
    }
}
