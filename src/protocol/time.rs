//! Time control: turning the manager's `INFO timeout_turn`,
//! `timeout_match` and `time_left` into search limits that never lose on
//! time.
//!
//! The manager measures from the moment it sends a command to the moment it
//! reads our move, so the budget must cover process scheduling, pipe
//! latency and a machine whose two cores are busy with other work. Every
//! limit is therefore kept well inside what the manager allows: a fixed
//! margin for latency plus a fraction for jitter.

use std::time::Duration;

/// Time per move assumed when the manager never said (Gomocup's fast
/// tournaments play 5 s a move).
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// Fixed part of the safety margin, milliseconds: pipe round trips and
/// thread wake-ups on a loaded machine take tens of milliseconds.
pub const MARGIN_FIXED_MS: u64 = 60;

/// Proportional part of the safety margin, in percent of the turn time:
/// covers the engine noticing its deadline late and the OS descheduling
/// us near the end of a long think.
pub const MARGIN_PERCENT: u64 = 15;

/// The hard limit never goes below this, milliseconds, so even a manager
/// asking for "as fast as possible" gets a one-ply answer rather than none.
pub const MIN_HARD_MS: u64 = 10;

/// Own moves we expect still to play when dividing the game clock: a
/// typical decisive freestyle game lasts 20–40 moves a side, and planning
/// for more keeps time in hand for a long game.
pub const MOVES_TO_GO: u64 = 20;

/// Part of the game clock never touched, in percent of what is left, so a
/// run of forced replies at the end cannot flag.
pub const MATCH_RESERVE_PERCENT: u64 = 5;

/// Share of the remaining game clock one move may use at most, as a
/// divisor: even a critical move leaves two thirds for the rest.
pub const MATCH_HARD_DIVISOR: u64 = 3;

/// Share of the hard limit that is the soft one when only a turn limit
/// applies, in percent. Time not used in a turn is lost, so the search aims
/// to use most of it; the rest absorbs an iteration that overruns.
pub const TURN_SOFT_PERCENT: u64 = 75;

/// Limits told by the manager, in milliseconds. `None` until told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// `INFO timeout_turn`: time for one move (0: as fast as possible).
    pub turn_ms: Option<u64>,
    /// `INFO timeout_match`: time for the whole game (0: no limit).
    pub match_ms: Option<u64>,
    /// `INFO time_left`: what is left of the game time.
    pub left_ms: Option<u64>,
}

/// How long one search may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Aim to finish by then.
    pub soft: Duration,
    /// Never run past this.
    pub hard: Duration,
}

/// What is left of `ms` after the safety margin.
fn after_margin(ms: u64) -> u64 {
    let margin = MARGIN_FIXED_MS + ms / 100 * MARGIN_PERCENT;
    ms.saturating_sub(margin)
}

impl TimeControl {
    /// True when a game clock applies: the manager sent `time_left` and
    /// did not declare the game untimed with `timeout_match 0`.
    #[must_use]
    pub fn match_clock_applies(&self) -> bool {
        self.left_ms.is_some() && self.match_ms != Some(0)
    }

    /// The budget for the next move.
    #[must_use]
    pub fn budget(&self) -> Budget {
        let turn = self.turn_ms.unwrap_or(DEFAULT_TURN_MS);
        let mut hard = after_margin(turn);
        let mut soft = hard / 100 * TURN_SOFT_PERCENT;
        if self.match_clock_applies() {
            let left = self.left_ms.unwrap_or(0);
            let usable = after_margin(left.saturating_sub(left / 100 * MATCH_RESERVE_PERCENT));
            hard = hard.min(usable / MATCH_HARD_DIVISOR);
            soft = soft.min(usable / MOVES_TO_GO);
        }
        let hard = hard.max(MIN_HARD_MS);
        let soft = soft.clamp(MIN_HARD_MS / 2, hard);
        Budget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(turn: Option<u64>, matc: Option<u64>, left: Option<u64>) -> TimeControl {
        TimeControl {
            turn_ms: turn,
            match_ms: matc,
            left_ms: left,
        }
    }

    #[test]
    fn turn_time_keeps_a_margin() {
        let b = tc(Some(5_000), None, None).budget();
        assert!(b.hard < Duration::from_millis(4_500), "{b:?}");
        assert!(b.hard > Duration::from_millis(3_500), "{b:?}");
        assert!(b.soft <= b.hard);
        // Without a game clock, unused turn time is lost: aim to use most.
        assert!(b.soft >= b.hard / 2, "{b:?}");
    }

    #[test]
    fn short_turns_still_leave_latency_room() {
        let b = tc(Some(100), None, None).budget();
        assert!(b.hard <= Duration::from_millis(40), "{b:?}");
        assert!(b.hard >= Duration::from_millis(MIN_HARD_MS));
    }

    #[test]
    fn zero_turn_means_fast_but_not_nothing() {
        let b = tc(Some(0), None, None).budget();
        assert_eq!(b.hard, Duration::from_millis(MIN_HARD_MS));
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn unknown_turn_uses_the_default() {
        assert_eq!(
            tc(None, None, None).budget(),
            tc(Some(DEFAULT_TURN_MS), None, None).budget()
        );
    }

    #[test]
    fn a_short_game_clock_caps_the_move() {
        let b = tc(Some(30_000), Some(120_000), Some(3_000)).budget();
        assert!(b.hard <= Duration::from_millis(1_000), "{b:?}");
        assert!(b.soft <= Duration::from_millis(150), "{b:?}");
    }

    #[test]
    fn an_untimed_game_ignores_time_left() {
        let with = tc(Some(2_000), Some(0), Some(10)).budget();
        let without = tc(Some(2_000), None, None).budget();
        assert_eq!(with, without);
    }

    #[test]
    fn huge_values_do_not_overflow() {
        let b = tc(Some(u64::MAX), Some(u64::MAX), Some(u64::MAX)).budget();
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn a_flagged_clock_still_answers() {
        let b = tc(Some(5_000), Some(60_000), Some(0)).budget();
        assert_eq!(b.hard, Duration::from_millis(MIN_HARD_MS));
    }
}
