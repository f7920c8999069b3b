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
/// thread wake-ups on a loaded machine. The engine itself answers within a
/// millisecond or two of its hard limit (over 3,948 moves at 1 s against
/// Rapfi the slowest took 915 ms of a 920 ms limit), so this is all
/// latency. It was 30 with 5% below, which left a tenth of every turn
/// unused where Rapfi answers at 97% (`docs/strength.md`).
pub const MARGIN_FIXED_MS: u64 = 20;

/// Proportional part of the safety margin, in percent of the turn time:
/// covers the OS descheduling us near the end of a long think.
pub const MARGIN_PERCENT: u64 = 2;

/// The hard limit never goes below this, milliseconds, so even a manager
/// asking for "as fast as possible" gets a one-ply answer rather than none.
pub const MIN_HARD_MS: u64 = 10;

/// Share of the hard limit, in percent, kept after the deepening for the
/// final safety check when only a turn limit applies: turn time not used
/// is lost, so the deepening runs to `100 - this` percent of it.
pub const TURN_GUARD_PERCENT: u64 = 5;

/// The guard's share never goes below this, milliseconds.
pub const TURN_GUARD_MIN_MS: u64 = 10;

/// Own moves a decisive freestyle game is expected to last: the game clock
/// is spread over the moves still expected. Games from balanced openings
/// mostly end within 12 to 25 own moves; at 35 (and 15 below) the engine
/// ended its games with four fifths of its clock unused, and at 25 (and
/// 10) it beat that engine by +51 ± 32 Elo (self-play at 10 s + 0.1 s,
/// `docs/strength.md`). 18 and 8 did better still with an increment, but
/// would spend most of a sudden-death clock in the first 20 moves. At 25,
/// against Rapfi on 12 s sudden death, it still ended its games with half
/// its clock unused; 20, with settled moves taking less of their share
/// (`engine::time::STABLE_TIME_FACTOR`), scored 31.3% there against 27.0%.
pub const EXPECTED_OWN_MOVES: u64 = 20;

/// However long the game has run, plan for at least this many more own
/// moves: past the expected length each move takes this fraction of what
/// is left, so the clock shrinks geometrically and the endgame, mostly
/// forced replies and proved wins, gets less than the middle game.
pub const MIN_MOVES_TO_GO: u64 = 10;

/// Own moves at the start that get only [`OPENING_PERCENT`] of a middle-game
/// move: the balanced openings and the first replies are rarely decided
/// by depth, while the fights that follow are.
pub const OPENING_OWN_MOVES: u64 = 4;

/// Share of a normal move's time an opening move gets, in percent.
pub const OPENING_PERCENT: u64 = 50;

/// Part of the game clock never touched, in percent of what is left, so a
/// run of forced replies at the end cannot flag.
pub const MATCH_RESERVE_PERCENT: u64 = 5;

/// Share of the remaining game clock one move may use at most, as a
/// divisor: even a critical move leaves two thirds for the rest.
pub const MATCH_HARD_DIVISOR: u64 = 3;

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
    /// Time left unused is lost (a turn limit and no game clock): keep
    /// deepening until `soft` rather than stopping early when the next
    /// iteration looks unlikely to finish.
    pub use_all: bool,
}

/// What is left of `ms` after the safety margin.
fn after_margin(ms: u64) -> u64 {
    let margin = MARGIN_FIXED_MS + ms / 100 * MARGIN_PERCENT;
    ms.saturating_sub(margin)
}

/// Own moves still expected after `own_moves` have been played.
fn moves_to_go(own_moves: u64) -> u64 {
    EXPECTED_OWN_MOVES
        .saturating_sub(own_moves)
        .max(MIN_MOVES_TO_GO)
}

impl TimeControl {
    /// True when a game clock applies: the manager sent `time_left` and
    /// did not declare the game untimed with `timeout_match 0`.
    #[must_use]
    pub fn match_clock_applies(&self) -> bool {
        self.left_ms.is_some() && self.match_ms != Some(0)
    }

    /// The budget for the next move, as if just past the opening.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget_at(2 * OPENING_OWN_MOVES as usize)
    }

    /// The budget for the next move when the board holds `stones` stones:
    /// under a game clock, the time left is spread over the own moves still
    /// expected, with less for the opening and, through the shrinking
    /// clock, less for the end than for the middle game.
    #[must_use]
    pub fn budget_at(&self, stones: usize) -> Budget {
        let turn = self.turn_ms.unwrap_or(DEFAULT_TURN_MS);
        let hard = after_margin(turn);
        let (hard, share, use_all) = if self.match_clock_applies() {
            let own_moves = stones as u64 / 2;
            let left = self.left_ms.unwrap_or(0);
            let usable = after_margin(left.saturating_sub(left / 100 * MATCH_RESERVE_PERCENT));
            let mut share = usable / moves_to_go(own_moves);
            if own_moves < OPENING_OWN_MOVES {
                share = share / 100 * OPENING_PERCENT;
            }
            (hard.min(usable / MATCH_HARD_DIVISOR), share, false)
        } else {
            (hard, u64::MAX, true)
        };
        // The guard is a share of this move's own limit: one taken from the
        // turn limit (30 s under Gomocup's rules) swallowed the whole move
        // once the game clock ran low, leaving 5 ms moves.
        let guard = (hard / 100 * TURN_GUARD_PERCENT).max(TURN_GUARD_MIN_MS);
        let soft = hard.saturating_sub(guard).min(share);
        let hard = hard.max(MIN_HARD_MS);
        let soft = soft.clamp(MIN_HARD_MS / 2, hard);
        Budget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
            use_all,
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
        assert!(b.hard < Duration::from_millis(4_900), "{b:?}");
        assert!(b.hard > Duration::from_millis(4_700), "{b:?}");
        assert!(b.soft < b.hard);
        assert!(b.use_all);
    }

    #[test]
    fn a_turn_limit_alone_is_used_almost_whole() {
        // Unused turn time is lost: the deepening aims at 80-95% of the
        // turn, the rest being latency margin and the final safety check.
        for turn in [200u64, 500, 1_000, 5_000, 30_000] {
            let b = tc(Some(turn), Some(0), None).budget_at(40);
            let share = b.soft.as_millis() as f64 / turn as f64;
            assert!((0.8..=0.95).contains(&share), "{turn}: {b:?}");
            let hard = b.hard.as_millis() as f64 / turn as f64;
            assert!((0.85..=0.98).contains(&hard), "{turn}: {b:?}");
            assert!(b.soft < b.hard, "{b:?}");
        }
    }

    /// Plays a game of `own_moves` moves on a clock of `match_ms`, each
    /// move taking its whole soft budget; returns the time of each move.
    fn spend(match_ms: u64, own_moves: usize) -> Vec<u64> {
        let mut left = match_ms;
        (0..own_moves)
            .map(|i| {
                let b = tc(Some(30_000), Some(match_ms), Some(left)).budget_at(2 * i);
                let took = b.soft.as_millis() as u64;
                assert!(took <= left, "move {i} overdraws: {b:?} with {left} left");
                left -= took;
                took
            })
            .collect()
    }

    #[test]
    fn a_game_clock_favours_the_middle_game() {
        let mean = |t: &[u64]| t.iter().sum::<u64>() as f64 / t.len() as f64;
        for match_ms in [20_000, 120_000, 180_000] {
            let t = spend(match_ms, 60);
            let (opening, middle, end) = (&t[..4], &t[8..25], &t[40..60]);
            assert!(mean(middle) > 1.3 * mean(opening), "{match_ms}: {t:?}");
            assert!(mean(middle) > 2.0 * mean(end), "{match_ms}: {t:?}");
            // A long game still leaves time in hand.
            assert!(t.iter().sum::<u64>() < match_ms, "{t:?}");
        }
    }

    #[test]
    fn short_turns_still_leave_latency_room() {
        let b = tc(Some(100), None, None).budget();
        assert!(b.hard <= Duration::from_millis(80), "{b:?}");
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
        // Spread over the moves still expected: at most a fifteenth.
        assert!(b.soft <= Duration::from_millis(200), "{b:?}");
        // Capped, but not to nothing: a long turn limit's guard once took
        // the whole move.
        assert!(b.soft >= Duration::from_millis(100), "{b:?}");
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
