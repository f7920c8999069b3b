//! Game clocks: time controls and their arithmetic.
//!
//! Pure bookkeeping: nothing here reads the system clock. The caller
//! measures how long passed (an `Instant` in the app, a fake in tests) and
//! hands the [`Duration`] in, so every rule is testable to the nanosecond.
//!
//! The clock is kept by colour. During an opening whose colours may still
//! change hands, charge the colour the deciding seat holds at the moment
//! and call [`GameClock::swap_sides`] when a swap gives the players the
//! other colours: each player's time goes with the player.
//!
//! **Undo in a timed game.** Each completed move records the two readings
//! as they stood when that move began ([`GameClock::switch`]).
//! [`GameClock::undo_move`] restores the readings recorded for the undone
//! move: both sides get back the time they spent since it began, the
//! increment it earned is taken away, and the side that played it is to
//! move again with its clock running (or paused, if the clock was paused).
//! Undo after a loss on time lifts the flag, since the restored readings
//! are from before it; the clock is then paused until the caller resumes.
//! Redo is not timed: redone moves are replayed with [`GameClock::switch`]
//! and zero elapsed time, or the clock is left as it is.

use super::Stone;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Below this much main time a side is "low on time" (the warning sound).
pub const DEFAULT_LOW_TIME: Duration = Duration::from_secs(10);

/// How much time one side has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct TimeControl {
    /// Main time for the whole game; `None` for no game clock (a per-move
    /// limit alone, or untimed).
    pub main: Option<Duration>,
    /// Added to the main time after each completed move (Fischer).
    pub increment: Duration,
    /// Most time for any one move; exceeding it loses the game.
    pub per_move: Option<Duration>,
}

impl TimeControl {
    /// No limit at all.
    pub const UNTIMED: TimeControl = TimeControl {
        main: None,
        increment: Duration::ZERO,
        per_move: None,
    };

    /// `main` for the whole game, nothing added.
    #[must_use]
    pub fn sudden_death(main: Duration) -> TimeControl {
        TimeControl {
            main: Some(main),
            ..TimeControl::UNTIMED
        }
    }

    /// `main` plus `increment` after every move.
    #[must_use]
    pub fn fischer(main: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            main: Some(main),
            increment,
            per_move: None,
        }
    }

    /// At most `limit` for each move, no game clock.
    #[must_use]
    pub fn per_move(limit: Duration) -> TimeControl {
        TimeControl {
            per_move: Some(limit),
            ..TimeControl::UNTIMED
        }
    }

    /// True when neither a game clock nor a move limit applies.
    #[must_use]
    pub fn is_untimed(&self) -> bool {
        self.main.is_none() && self.per_move.is_none()
    }
}

/// Formats a duration the way [`TimeControl`] parses it: `5m`, `90s`,
/// `1h30m`, `2.5s`.
fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if !ms.is_multiple_of(1000) {
        return format!("{}s", d.as_secs_f64());
    }
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut out = String::new();
    if h > 0 {
        out += &format!("{h}h");
    }
    if m > 0 {
        out += &format!("{m}m");
    }
    if s > 0 || out.is_empty() {
        out += &format!("{s}s");
    }
    out
}

/// Parses `5m`, `90s`, `1h30m`, `2.5s`, `500ms`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let bad = || format!("bad time {t:?}: write e.g. 10m, 90s, 1h30m or 2.5s");
    if t.is_empty() {
        return Err(bad());
    }
    let mut total = 0f64;
    let mut rest = t;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let value: f64 = rest[..end].parse().map_err(|_| bad())?;
        rest = &rest[end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "h" => 3600.0,
            "m" | "min" => 60.0,
            "s" => 1.0,
            "ms" => 0.001,
            _ => return Err(bad()),
        };
        total += value * scale;
        rest = &rest[unit_end..];
    }
    if !total.is_finite() || total > 1e7 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(total))
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// `none`; `10m` (sudden death); `5m+5s` (Fischer); `30s/move` (a
    /// move limit alone); or a game clock and a move limit joined by a
    /// comma: `5m+5s,1m/move`.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("none") {
            return Ok(TimeControl::UNTIMED);
        }
        let mut tc = TimeControl::UNTIMED;
        for part in t.split(',') {
            let part = part.trim();
            if let Some(limit) = part.strip_suffix("/move") {
                if tc.per_move.is_some() {
                    return Err(format!("two move limits in {t:?}"));
                }
                tc.per_move = Some(parse_duration(limit)?);
            } else {
                if tc.main.is_some() {
                    return Err(format!("two game clocks in {t:?}"));
                }
                let (main, inc) = match part.split_once('+') {
                    Some((m, i)) => (m, Some(i)),
                    None => (part, None),
                };
                tc.main = Some(parse_duration(main)?);
                if let Some(i) = inc {
                    tc.increment = parse_duration(i)?;
                }
            }
        }
        if tc.main == Some(Duration::ZERO) || tc.per_move == Some(Duration::ZERO) {
            return Err(format!("{t:?} leaves no time to move"));
        }
        Ok(tc)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(m) = self.main {
            let mut p = format_duration(m);
            if !self.increment.is_zero() {
                p += &format!("+{}", format_duration(self.increment));
            }
            parts.push(p);
        }
        if let Some(l) = self.per_move {
            parts.push(format!("{}/move", format_duration(l)));
        }
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

/// Something the caller should act on after time was charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockEvent {
    /// This side's main time just fell below the low-time threshold (once
    /// per crossing: play the warning sound).
    LowTime(Stone),
    /// This side ran out of time (main time or the move limit) and loses.
    Flag(Stone),
}

/// One side's readings at the start of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Reading {
    remaining: [Duration; 2],
    warned: [bool; 2],
    mover: Stone,
}

/// Both sides' clocks in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    controls: [TimeControl; 2],
    /// Main time left, by colour (meaningless where `main` is `None`).
    remaining: [Duration; 2],
    /// Time used on the current move by the side to move.
    this_move: Duration,
    /// The side whose move it is; `None` before the start and after stop.
    to_move: Option<Stone>,
    paused: bool,
    flagged: Option<Stone>,
    low_time: Duration,
    warned: [bool; 2],
    /// Readings at the start of each completed move, oldest first.
    history: Vec<Reading>,
}

impl GameClock {
    /// Clocks for Black and White, stopped, full.
    #[must_use]
    pub fn new(black: TimeControl, white: TimeControl) -> GameClock {
        let full = |tc: TimeControl| tc.main.unwrap_or(Duration::ZERO);
        GameClock {
            controls: [black, white],
            remaining: [full(black), full(white)],
            this_move: Duration::ZERO,
            to_move: None,
            paused: false,
            flagged: None,
            low_time: DEFAULT_LOW_TIME,
            warned: [false; 2],
            history: Vec::new(),
        }
    }

    /// The same control for both sides.
    #[must_use]
    pub fn same(tc: TimeControl) -> GameClock {
        GameClock::new(tc, tc)
    }

    /// Sets the low-time threshold (main time below it is "low").
    pub fn set_low_time(&mut self, threshold: Duration) {
        self.low_time = threshold;
    }

    /// The control of `stone`.
    #[must_use]
    pub fn control(&self, stone: Stone) -> TimeControl {
        self.controls[stone.index()]
    }

    /// Starts the clock with `stone` to move (the game's first timed move).
    pub fn start(&mut self, stone: Stone) {
        self.to_move = Some(stone);
        self.this_move = Duration::ZERO;
        self.paused = false;
    }

    /// The side whose clock runs (or would run, if paused); `None` when
    /// stopped.
    #[must_use]
    pub fn to_move(&self) -> Option<Stone> {
        self.to_move
    }

    /// True while running: started, not paused, not stopped, not flagged.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.to_move.is_some() && !self.paused && self.flagged.is_none()
    }

    /// True while paused.
    #[must_use]
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The side that lost on time, if one did.
    #[must_use]
    pub fn flagged(&self) -> Option<Stone> {
        self.flagged
    }

    /// `stone`'s main time left; `None` without a game clock.
    #[must_use]
    pub fn remaining(&self, stone: Stone) -> Option<Duration> {
        self.controls[stone.index()]
            .main
            .map(|_| self.remaining[stone.index()])
    }

    /// Time used on the current move by the side to move.
    #[must_use]
    pub fn this_move(&self) -> Duration {
        self.this_move
    }

    /// The most `stone` may still spend on its current (or next) move
    /// before flagging: the smaller of its main time and what is left of
    /// its move limit. `None` when untimed. What an engine budgets from.
    #[must_use]
    pub fn time_for_move(&self, stone: Stone) -> Option<Duration> {
        let tc = self.controls[stone.index()];
        let used = if self.to_move == Some(stone) {
            self.this_move
        } else {
            Duration::ZERO
        };
        let by_move = tc.per_move.map(|l| l.saturating_sub(used));
        let by_main = self.remaining(stone);
        match (by_main, by_move) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// True when `stone` has a game clock with less than the low-time
    /// threshold left.
    #[must_use]
    pub fn is_low(&self, stone: Stone) -> bool {
        self.remaining(stone).is_some_and(|r| r < self.low_time)
    }

    /// Charges `elapsed` to the side to move (nothing when stopped, paused
    /// or flagged) and reports a low-time crossing or a flag.
    pub fn tick(&mut self, elapsed: Duration) -> Option<ClockEvent> {
        if !self.is_running() {
            return None;
        }
        let stone = self.to_move?;
        let i = stone.index();
        let tc = self.controls[i];
        self.this_move += elapsed;
        let mut over = tc.per_move.is_some_and(|l| self.this_move > l);
        if tc.main.is_some() {
            over |= elapsed > self.remaining[i];
            self.remaining[i] = self.remaining[i].saturating_sub(elapsed);
        }
        if over {
            self.flagged = Some(stone);
            return Some(ClockEvent::Flag(stone));
        }
        if self.is_low(stone) && !self.warned[i] {
            self.warned[i] = true;
            return Some(ClockEvent::LowTime(stone));
        }
        None
    }

    /// The side to move completed its move after `elapsed` more: charges
    /// it, adds its increment, records the readings for undo and starts the
    /// other side. If the time ran out first the move does not count: the
    /// flag is returned and nothing else changes.
    pub fn switch(&mut self, elapsed: Duration) -> Option<ClockEvent> {
        let mover = self.to_move?;
        if self.flagged.is_some() {
            return self.flagged.map(ClockEvent::Flag);
        }
        let before = Reading {
            remaining: self.start_of_move_remaining(mover),
            warned: self.warned,
            mover,
        };
        let event = self.tick(elapsed);
        if let Some(ClockEvent::Flag(_)) = event {
            return event;
        }
        let i = mover.index();
        if self.controls[i].main.is_some() {
            self.remaining[i] += self.controls[i].increment;
            if !self.is_low(mover) {
                self.warned[i] = false;
            }
        }
        self.history.push(before);
        self.to_move = Some(mover.opponent());
        self.this_move = Duration::ZERO;
        event
    }

    /// The readings as they were when the current move began.
    fn start_of_move_remaining(&self, mover: Stone) -> [Duration; 2] {
        let mut r = self.remaining;
        if self.controls[mover.index()].main.is_some() {
            r[mover.index()] += self.this_move;
        }
        r
    }

    /// Stops the clock for good (the game is over), charging `elapsed` to
    /// the side to move first.
    pub fn stop(&mut self, elapsed: Duration) -> Option<ClockEvent> {
        let event = self.tick(elapsed);
        self.to_move = None;
        event
    }

    /// Pauses (the app closes, a dialog is open), charging `elapsed` first.
    /// A paused clock is saved and restored as it is.
    pub fn pause(&mut self, elapsed: Duration) -> Option<ClockEvent> {
        let event = self.tick(elapsed);
        self.paused = true;
        event
    }

    /// Runs again after [`GameClock::pause`].
    pub fn resume(&mut self) {
        self.paused = false;
    }

    /// The players exchange colours (a swap in the opening): each keeps
    /// their own time and control, now under the other colour. The side to
    /// move stays the same colour.
    pub fn swap_sides(&mut self) {
        self.controls.swap(0, 1);
        self.remaining.swap(0, 1);
        self.warned.swap(0, 1);
    }

    /// Takes back the last completed move's time: see the module
    /// documentation. Returns the side that is to move again, `None` when
    /// no move was recorded.
    pub fn undo_move(&mut self) -> Option<Stone> {
        let r = self.history.pop()?;
        self.remaining = r.remaining;
        self.warned = r.warned;
        self.this_move = Duration::ZERO;
        if self.to_move.is_none() || self.flagged.is_some() {
            // The game had ended (a five or a flag after this move):
            // take up where the move began, paused for the caller to resume.
            self.paused = true;
        }
        // The restored readings are from before any flag.
        self.flagged = None;
        self.to_move = Some(r.mover);
        Some(r.mover)
    }

    /// Moves recorded (completed with [`GameClock::switch`]).
    #[must_use]
    pub fn moves_recorded(&self) -> usize {
        self.history.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn time_controls_parse_and_print() {
        let tc: TimeControl = "5m+5s".parse().unwrap();
        assert_eq!(tc, TimeControl::fischer(s(300), s(5)));
        assert_eq!(tc.to_string(), "5m+5s");
        assert_eq!("10m".parse(), Ok(TimeControl::sudden_death(s(600))));
        assert_eq!("30s/move".parse(), Ok(TimeControl::per_move(s(30))));
        let both: TimeControl = "1h30m+2.5s, 1m/move".parse().unwrap();
        assert_eq!(both.main, Some(s(5400)));
        assert_eq!(both.increment, Duration::from_millis(2500));
        assert_eq!(both.per_move, Some(s(60)));
        assert_eq!(both.to_string(), "1h30m+2.5s,1m/move");
        assert_eq!("none".parse(), Ok(TimeControl::UNTIMED));
        for bad in [
            "",
            "5",
            "5x",
            "m",
            "0s",
            "5m,6m",
            "1s/move,2s/move",
            "+5s",
            "-5m",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn fischer_increment_is_added_after_each_move() {
        let mut c = GameClock::same(TimeControl::fischer(s(300), s(5)));
        c.start(Stone::Black);
        assert_eq!(c.switch(s(20)), None);
        assert_eq!(c.remaining(Stone::Black), Some(s(285)));
        assert_eq!(c.to_move(), Some(Stone::White));
        c.tick(s(3));
        assert_eq!(c.this_move(), s(3));
        assert_eq!(c.switch(s(1)), None);
        assert_eq!(c.remaining(Stone::White), Some(s(301)));
        assert_eq!(c.this_move(), Duration::ZERO);
    }

    #[test]
    fn sudden_death_flags_when_overdrawn_and_the_late_move_does_not_count() {
        let mut c = GameClock::new(
            TimeControl::sudden_death(s(60)),
            TimeControl::sudden_death(s(600)),
        );
        c.start(Stone::Black);
        assert_eq!(c.tick(s(60)), Some(ClockEvent::LowTime(Stone::Black)));
        assert_eq!(c.flagged(), None, "exactly zero left is not yet a loss");
        assert_eq!(
            c.switch(Duration::from_millis(1)),
            Some(ClockEvent::Flag(Stone::Black))
        );
        assert_eq!(c.flagged(), Some(Stone::Black));
        assert_eq!(c.to_move(), Some(Stone::Black));
        assert!(!c.is_running());
        assert_eq!(c.moves_recorded(), 0);
        // Nothing more is charged once flagged.
        assert_eq!(c.tick(s(5)), None);
        assert_eq!(c.remaining(Stone::White), Some(s(600)));
    }

    #[test]
    fn the_move_limit_flags_on_its_own() {
        let mut c = GameClock::same(TimeControl::per_move(s(30)));
        c.start(Stone::Black);
        assert_eq!(c.remaining(Stone::Black), None);
        assert_eq!(c.switch(s(30)), None);
        assert_eq!(c.time_for_move(Stone::White), Some(s(30)));
        c.tick(s(20));
        assert_eq!(c.time_for_move(Stone::White), Some(s(10)));
        assert_eq!(c.tick(s(11)), Some(ClockEvent::Flag(Stone::White)));
    }

    #[test]
    fn time_for_move_is_the_smaller_of_main_time_and_move_limit() {
        let tc: TimeControl = "1m,45s/move".parse().unwrap();
        let mut c = GameClock::same(tc);
        c.start(Stone::Black);
        assert_eq!(c.time_for_move(Stone::Black), Some(s(45)));
        c.switch(s(40));
        assert_eq!(c.time_for_move(Stone::Black), Some(s(20)));
        assert_eq!(
            GameClock::same(TimeControl::UNTIMED).time_for_move(Stone::Black),
            None
        );
    }

    #[test]
    fn low_time_warns_once_per_crossing() {
        let mut c = GameClock::same(TimeControl::fischer(s(20), s(15)));
        c.set_low_time(s(10));
        c.start(Stone::Black);
        assert_eq!(c.tick(s(5)), None);
        assert_eq!(c.tick(s(6)), Some(ClockEvent::LowTime(Stone::Black)));
        assert!(c.is_low(Stone::Black));
        assert_eq!(c.tick(s(1)), None);
        // The increment lifts Black above the threshold: the next crossing warns again.
        c.switch(s(0));
        assert!(!c.is_low(Stone::Black));
        c.switch(s(0));
        assert_eq!(c.tick(s(20)), Some(ClockEvent::LowTime(Stone::Black)));
    }

    #[test]
    fn pause_stops_charging_and_survives_saving() {
        let mut c = GameClock::same(TimeControl::sudden_death(s(300)));
        c.start(Stone::White);
        c.pause(s(10));
        assert!(c.is_paused());
        assert_eq!(c.tick(s(1000)), None);
        let saved = serde_json::to_string(&c).unwrap();
        let mut back: GameClock = serde_json::from_str(&saved).unwrap();
        assert_eq!(back, c);
        back.resume();
        back.tick(s(5));
        assert_eq!(back.remaining(Stone::White), Some(s(285)));
        assert_eq!(back.this_move(), s(15));
    }

    #[test]
    fn undo_restores_the_readings_of_the_undone_move() {
        let mut c = GameClock::same(TimeControl::fischer(s(100), s(2)));
        c.start(Stone::Black);
        c.switch(s(10)); // Black: 92
        c.tick(s(7));
        c.switch(s(3)); // White: 92
        c.tick(s(4)); // Black thinking on move 3
                      // Undo White's move: both readings as when it began, White to move.
        assert_eq!(c.undo_move(), Some(Stone::White));
        assert_eq!(c.remaining(Stone::Black), Some(s(92)));
        assert_eq!(c.remaining(Stone::White), Some(s(100)));
        assert_eq!(c.to_move(), Some(Stone::White));
        assert_eq!(c.this_move(), Duration::ZERO);
        assert!(c.is_running());
        assert_eq!(c.undo_move(), Some(Stone::Black));
        assert_eq!(c.remaining(Stone::Black), Some(s(100)));
        assert_eq!(c.undo_move(), None);
    }

    #[test]
    fn undo_after_a_flag_lifts_it_and_waits_paused() {
        let mut c = GameClock::same(TimeControl::sudden_death(s(10)));
        c.start(Stone::Black);
        c.switch(s(4));
        assert_eq!(c.tick(s(11)), Some(ClockEvent::Flag(Stone::White)));
        assert_eq!(c.undo_move(), Some(Stone::Black));
        assert_eq!(c.flagged(), None);
        assert!(c.is_paused());
        assert_eq!(c.remaining(Stone::Black), Some(s(10)));
        assert_eq!(c.remaining(Stone::White), Some(s(10)));
        c.resume();
        assert!(c.is_running());
    }

    #[test]
    fn different_controls_and_a_swap_follow_the_players() {
        let mut c = GameClock::new(
            TimeControl::sudden_death(s(60)),
            TimeControl::fischer(s(300), s(5)),
        );
        c.start(Stone::Black);
        c.switch(s(10));
        assert_eq!(c.remaining(Stone::Black), Some(s(50)));
        c.swap_sides();
        assert_eq!(c.remaining(Stone::White), Some(s(50)));
        assert_eq!(c.control(Stone::White), TimeControl::sudden_death(s(60)));
        assert_eq!(c.remaining(Stone::Black), Some(s(300)));
        assert_eq!(c.to_move(), Some(Stone::White));
    }

    #[test]
    fn stop_ends_charging() {
        let mut c = GameClock::same(TimeControl::sudden_death(s(60)));
        c.start(Stone::Black);
        c.stop(s(5));
        assert_eq!(c.to_move(), None);
        assert_eq!(c.tick(s(5)), None);
        assert_eq!(c.switch(s(5)), None);
        assert_eq!(c.remaining(Stone::Black), Some(s(55)));
    }
}
