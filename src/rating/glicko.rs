//! The player's Glicko-2 rating and the update after one rated game.
//!
//! Every rated game is a rating period of its own (as on chess servers
//! that rate game by game), so the rating moves after each game rather
//! than at the end of a month. The arithmetic is the `skillratings`
//! crate's; this file holds the constants and the scale.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The deviation a new player starts with: Glicko-2's usual 350, "we know
/// almost nothing yet", so the first games move the rating a long way.
pub const START_DEVIATION: f64 = 350.0;

/// The volatility a new player starts with (Glickman's suggestion).
pub const START_VOLATILITY: f64 = 0.06;

/// The rating a new player starts at when the ladder has no measured
/// level to start from: Glicko-2's usual 1500.
pub const FALLBACK_START: f64 = 1500.0;

/// The deviation given to a level's measured rating when it is the
/// opponent. A level is a fixed program, measured over hundreds of games
/// (`docs/levels.md` gives each level's error, a few tens of points), so
/// its uncertainty is small but not nothing; 50 covers the measured error
/// and the difference between the board and rule it was measured on and
/// the one played.
pub const LEVEL_DEVIATION: f64 = 50.0;

/// Glicko-2's system constant τ, which limits how fast the volatility
/// changes: 0.5, in the middle of Glickman's advice (0.3 to 1.2).
pub const TAU: f64 = 0.5;

/// A player's rating: the estimate, how uncertain it is (one deviation)
/// and how erratic the player's results are.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The estimate, on the levels' Elo scale.
    pub rating: f64,
    /// The rating deviation: the true strength is within about twice
    /// this of the estimate.
    pub deviation: f64,
    /// The volatility: how much the player's strength seems to swing.
    pub volatility: f64,
}

impl PlayerRating {
    /// A new player at `rating`, with the start deviation and volatility.
    #[must_use]
    pub fn starting_at(rating: f64) -> PlayerRating {
        PlayerRating {
            rating,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// The rating after one game against an opponent rated `opponent`
    /// (with [`LEVEL_DEVIATION`]) that the player scored `points` in (1
    /// a win, ½ a draw, 0 a loss).
    #[must_use]
    pub fn after_game(self, opponent: f64, outcome: Outcomes) -> PlayerRating {
        let me = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let level = Glicko2Rating {
            rating: opponent,
            deviation: LEVEL_DEVIATION,
            volatility: START_VOLATILITY,
        };
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        let (new, _) = glicko2(&me, &level, &outcome, &config);
        PlayerRating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
        }
    }

    /// The rating as shown: a whole number.
    #[must_use]
    pub fn shown(&self) -> i32 {
        round(self.rating)
    }

    /// The deviation as shown: a whole number.
    #[must_use]
    pub fn shown_deviation(&self) -> i32 {
        round(self.deviation)
    }
}

/// `x` rounded to the nearest whole number, within `i32` (ratings are a
/// few thousand at most; a damaged file's absurd value saturates).
#[must_use]
pub fn round(x: f64) -> i32 {
    // `as` saturates and maps NaN to 0.
    x.round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_against_an_equal_holds() {
        let me = PlayerRating::starting_at(1200.0);
        let won = me.after_game(1200.0, Outcomes::WIN);
        let lost = me.after_game(1200.0, Outcomes::LOSS);
        let drew = me.after_game(1200.0, Outcomes::DRAW);
        assert!(won.rating > 1300.0, "{won:?}");
        assert!(lost.rating < 1100.0, "{lost:?}");
        assert!((drew.rating - 1200.0).abs() < 1e-6, "{drew:?}");
        // Every game teaches something: the deviation shrinks.
        for r in [won, lost, drew] {
            assert!(r.deviation < START_DEVIATION);
        }
        // Symmetric around an equal opponent.
        assert!((won.rating - 1200.0 + lost.rating - 1200.0).abs() < 1e-6);
    }

    #[test]
    fn matches_glickmans_example_scale() {
        // The crate's own example: 1500/350 beats 1500/350 → about 1662/290.
        // Against a level's small deviation the gain is larger (the
        // opponent's rating is better known): about 1675/248, worked out
        // by hand from Glickman's paper.
        let me = PlayerRating::starting_at(1500.0);
        let won = me.after_game(1500.0, Outcomes::WIN);
        assert!((won.rating - 1675.0).abs() < 1.0, "{won:?}");
        assert!((won.deviation - 248.0).abs() < 1.0, "{won:?}");
    }

    #[test]
    fn settles_as_games_accumulate() {
        let mut me = PlayerRating::starting_at(1500.0);
        let mut steps = Vec::new();
        for i in 0..40 {
            let before = me.rating;
            let outcome = if i % 2 == 0 {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            me = me.after_game(1500.0, outcome);
            steps.push((me.rating - before).abs());
        }
        assert!(me.deviation < 100.0, "{me:?}");
        assert!(steps[39] < steps[0] / 3.0, "{steps:?}");
        assert!((me.rating - 1500.0).abs() < 60.0, "{me:?}");
    }

    #[test]
    fn rounds_and_saturates() {
        assert_eq!(round(1379.5), 1380);
        assert_eq!(round(-0.4), 0);
        assert_eq!(round(f64::NAN), 0);
        assert_eq!(round(1e12), i32::MAX);
    }
}
