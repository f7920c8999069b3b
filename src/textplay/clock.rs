//! Game clocks in the terminal: where the time comes from, how both
//! clocks are shown, and how long the AI may think on its move.
//!
//! The clock's arithmetic is [`crate::rules::clock`]; this module only
//! measures time (through a [`TimeSource`], so tests are deterministic)
//! and puts the readings into words.

use crate::i18n::{phrases, Msg, Tr};
use crate::rules::clock::GameClock;
use crate::rules::Stone;
use std::time::{Duration, Instant};

/// Where a session reads the time: the real clock in play, a fake in
/// tests.
pub trait TimeSource {
    /// Time since some fixed start, never going back.
    fn now(&mut self) -> Duration;
}

/// The computer's monotonic clock.
#[derive(Debug, Clone, Copy)]
pub struct RealTime {
    start: Instant,
}

impl RealTime {
    /// A clock reading zero now.
    #[must_use]
    pub fn new() -> RealTime {
        RealTime {
            start: Instant::now(),
        }
    }
}

impl Default for RealTime {
    fn default() -> RealTime {
        RealTime::new()
    }
}

impl TimeSource for RealTime {
    fn now(&mut self) -> Duration {
        self.start.elapsed()
    }
}

/// A fake clock for scripts: every reading is `step` later than the one
/// before, so each person's move and each AI move takes exactly `step`.
#[derive(Debug, Clone, Copy)]
pub struct SteppedTime {
    now: Duration,
    step: Duration,
}

impl SteppedTime {
    /// Starts at zero and advances by `step` per reading.
    #[must_use]
    pub fn new(step: Duration) -> SteppedTime {
        SteppedTime {
            now: Duration::ZERO,
            step,
        }
    }
}

impl TimeSource for SteppedTime {
    fn now(&mut self) -> Duration {
        self.now += self.step;
        self.now
    }
}

/// Share of the time left that the AI plans to spend on one move under a
/// game clock (sudden death or Fischer): a long game has many moves left.
const MAIN_TIME_SHARE: u32 = 30;

/// Share of the increment the AI spends on top of its main-time share:
/// most of it, since it comes back every move.
const INCREMENT_SHARE: f64 = 0.8;

/// Part of a per-move limit (or of all the time left) the AI may reach
/// at most, leaving room for the move to reach the clock.
const HARD_SHARE: f64 = 0.5;

/// How long the AI may think on its next move: a target and a hard
/// deadline, or `None` without a clock for `stone`. Taken from
/// [`GameClock::time_for_move`].
#[must_use]
pub fn ai_budget(clock: &GameClock, stone: Stone) -> Option<(Duration, Duration)> {
    let left = clock.time_for_move(stone)?;
    let tc = clock.control(stone);
    let hard = left.mul_f64(HARD_SHARE);
    let soft = match tc.main {
        Some(_) => (left / MAIN_TIME_SHARE + tc.increment.mul_f64(INCREMENT_SHARE)).min(hard),
        // A move limit alone: time not used is lost.
        None => hard,
    };
    Some((soft, hard))
}

/// A reading as people write it: `4:05`, `0:09.5` under ten seconds.
#[must_use]
pub fn format_duration(d: Duration) -> String {
    let secs = d.as_secs();
    if secs < 10 {
        format!("0:0{}.{}", secs, d.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Both clocks in a line, the running one marked.
#[must_use]
pub fn describe_clocks(tr: Tr, clock: &GameClock) -> String {
    let side = |stone: Stone| {
        let time = clock
            .time_for_move(stone)
            .map_or_else(|| "-".to_string(), format_duration);
        if clock.is_running() && clock.to_move() == Some(stone) {
            tr.f(Msg::TextClockRunning, &[("time", &time)])
        } else {
            time
        }
    };
    tr.f(
        Msg::TextClocks,
        &[
            ("black", &side(Stone::Black)),
            ("white", &side(Stone::White)),
        ],
    )
}

/// The warning when `stone` runs low.
#[must_use]
pub fn low_time(tr: Tr, stone: Stone) -> String {
    tr.f(Msg::TextClockLow, &[("stone", &phrases::stone(tr, stone))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::TimeControl;

    #[test]
    fn readings_and_budgets() {
        assert_eq!(format_duration(Duration::from_secs(245)), "4:05");
        assert_eq!(format_duration(Duration::from_millis(9_540)), "0:09.5");
        let clock = GameClock::same("5m+5s".parse::<TimeControl>().unwrap());
        let (soft, hard) = ai_budget(&clock, Stone::White).unwrap();
        assert_eq!(soft, Duration::from_secs(10) + Duration::from_secs(4));
        assert_eq!(hard, Duration::from_secs(150));
        let per_move = GameClock::same("30s/move".parse::<TimeControl>().unwrap());
        assert_eq!(
            ai_budget(&per_move, Stone::Black),
            Some((Duration::from_secs(15), Duration::from_secs(15)))
        );
        assert_eq!(
            ai_budget(&GameClock::same(TimeControl::default()), Stone::Black),
            None
        );
    }
}
