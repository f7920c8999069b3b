//! A player's progress: for each puzzle how often it was solved, failed
//! and how many hints it took; a rating per puzzle set; streaks.
//!
//! The rating is Elo against puzzle ratings. A puzzle of level `L` is
//! rated `1000 + 200 × (L − 1)` (level 1 is 1000, level 6 is 2000); a
//! player starts at [`START_RATING`]. A first try at a puzzle scores 1 when
//! solved with no hint and no mistake, 0.5 when solved after mistakes or
//! with hints, 0 when failed (given up, or the solution shown); the player
//! gains `K × (score − expected)` with `expected = 1 / (1 + 10^((puzzle −
//! player) / 400))`, `K` being [`K_NEW`] for the first
//! [`PROVISIONAL`] rated tries and [`K_SETTLED`] after. Only the first try
//! at each puzzle is rated, so a puzzle learnt by heart earns nothing. A
//! streak counts clean solves in a row (any try), and ends at a failure.
//!
//! The types are serde, to be saved with the settings; [`Progress::from_json`]
//! errors cleanly on a corrupt file, which the app then sets aside.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// The shipped freestyle set's name in the progress file.
pub const SHIPPED_SET: &str = "freestyle15";

/// The player's own puzzles' name in the progress file.
pub const PERSONAL_SET: &str = "personal";

/// A new player's rating.
pub const START_RATING: f64 = 1200.0;
/// Elo factor of a provisional rating: moves fast to the player's level.
pub const K_NEW: f64 = 40.0;
/// Elo factor once settled.
pub const K_SETTLED: f64 = 20.0;
/// Rated tries before the rating counts as settled.
pub const PROVISIONAL: u32 = 20;
/// Version of the saved format.
pub const FORMAT_VERSION: u32 = 1;

/// How one try ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Solved with no hint and no wrong move.
    Clean,
    /// Solved, after wrong moves or hints.
    Helped,
    /// Given up, or the solution was shown.
    Failed,
}

impl Outcome {
    /// The try's score for the rating.
    #[must_use]
    pub fn score(self) -> f64 {
        match self {
            Outcome::Clean => 1.0,
            Outcome::Helped => 0.5,
            Outcome::Failed => 0.0,
        }
    }

    /// How an attempt ended, from its record: solved or not, mistakes,
    /// hint steps, and whether the solution was shown.
    #[must_use]
    pub fn of(solved: bool, mistakes: u32, hints: u8, solution_shown: bool) -> Outcome {
        if !solved || solution_shown {
            Outcome::Failed
        } else if mistakes == 0 && hints == 0 {
            Outcome::Clean
        } else {
            Outcome::Helped
        }
    }
}

/// One puzzle's record.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// Tries solved.
    pub solved: u32,
    /// Tries failed.
    pub failed: u32,
    /// Hint steps taken over all tries.
    pub hints: u32,
    /// The last try's outcome.
    pub last: Option<Outcome>,
}

/// Progress in one puzzle set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetProgress {
    /// The player's rating in this set.
    pub rating: f64,
    /// Rated tries (first tries of puzzles).
    pub rated: u32,
    /// Clean solves in a row now.
    pub streak: u32,
    /// The longest streak so far.
    pub best_streak: u32,
    /// Records by puzzle id.
    pub puzzles: BTreeMap<String, PuzzleRecord>,
}

impl Default for SetProgress {
    fn default() -> Self {
        SetProgress {
            rating: START_RATING,
            rated: 0,
            streak: 0,
            best_streak: 0,
            puzzles: BTreeMap::new(),
        }
    }
}

/// The rating of a puzzle of `level`.
#[must_use]
pub fn puzzle_rating(level: u8) -> f64 {
    1000.0 + 200.0 * f64::from(level.clamp(1, 6) - 1)
}

/// The expected score of a player rated `player` against a puzzle rated
/// `puzzle`.
#[must_use]
pub fn expected(player: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((puzzle - player) / 400.0))
}

impl SetProgress {
    /// Records a finished try at puzzle `id` of `level`, `hints` hint steps
    /// in it; returns the rating change (0 for a puzzle tried before).
    pub fn record(&mut self, id: &str, level: u8, outcome: Outcome, hints: u8) -> f64 {
        let rec = self.puzzles.entry(id.to_string()).or_default();
        let first = rec.last.is_none();
        match outcome {
            Outcome::Failed => rec.failed += 1,
            _ => rec.solved += 1,
        }
        rec.hints += u32::from(hints);
        rec.last = Some(outcome);
        if outcome == Outcome::Clean {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else if outcome == Outcome::Failed {
            self.streak = 0;
        }
        if !first {
            return 0.0;
        }
        let k = if self.rated < PROVISIONAL {
            K_NEW
        } else {
            K_SETTLED
        };
        let delta = k * (outcome.score() - expected(self.rating, puzzle_rating(level)));
        self.rating += delta;
        self.rated += 1;
        delta
    }

    /// Puzzles solved at least once.
    #[must_use]
    pub fn solved_count(&self) -> usize {
        self.puzzles.values().filter(|r| r.solved > 0).count()
    }

    /// The level whose puzzles this player solves about half the time:
    /// the rating read back as a level, 1 to 6.
    #[must_use]
    pub fn level(&self) -> u8 {
        (1.0 + ((self.rating - 1000.0) / 200.0).round()).clamp(1.0, 6.0) as u8
    }
}

/// Everything saved: progress per puzzle set, by the set's name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// [`FORMAT_VERSION`] when written.
    pub version: u32,
    /// Progress by set name.
    pub sets: BTreeMap<String, SetProgress>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: FORMAT_VERSION,
            sets: BTreeMap::new(),
        }
    }
}

/// A saved progress file that cannot be read.
#[derive(Debug, Error)]
pub enum ProgressError {
    /// Not the JSON of a progress record.
    #[error("the puzzle progress file is damaged: {0}")]
    Corrupt(String),
    /// Written by a newer version.
    #[error("the puzzle progress file is from a newer version ({0})")]
    TooNew(u32),
}

impl Progress {
    /// The progress of set `name`, created when new.
    pub fn set(&mut self, name: &str) -> &mut SetProgress {
        self.sets.entry(name.to_string()).or_default()
    }

    /// The saved text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("progress always serialises")
    }

    /// Reads saved text.
    ///
    /// # Errors
    /// [`ProgressError`] for anything but a progress record of this version
    /// or older; never panics.
    pub fn from_json(text: &str) -> Result<Progress, ProgressError> {
        let p: Progress =
            serde_json::from_str(text).map_err(|e| ProgressError::Corrupt(e.to_string()))?;
        if p.version > FORMAT_VERSION {
            return Err(ProgressError::TooNew(p.version));
        }
        let bad = p
            .sets
            .values()
            .any(|s| !s.rating.is_finite() || s.streak > s.best_streak);
        if bad {
            return Err(ProgressError::Corrupt("impossible values".into()));
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_solve_of_a_hard_puzzle_gains_more_than_of_an_easy_one() {
        let mut a = SetProgress::default();
        let mut b = SetProgress::default();
        let hard = a.record("x", 6, Outcome::Clean, 0);
        let easy = b.record("x", 1, Outcome::Clean, 0);
        assert!(hard > easy && easy > 0.0, "{hard} {easy}");
        assert_eq!(a.rating, START_RATING + hard);
        assert!(b.rating > START_RATING);
        // Failing an easy puzzle costs more than failing a hard one.
        let mut c = SetProgress::default();
        let mut d = SetProgress::default();
        assert!(c.record("y", 1, Outcome::Failed, 0) < d.record("y", 6, Outcome::Failed, 0));
    }

    #[test]
    fn only_first_tries_are_rated_and_streaks_count_clean_solves() {
        let mut s = SetProgress::default();
        assert!(s.record("a", 3, Outcome::Clean, 0) > 0.0);
        assert_eq!(s.record("a", 3, Outcome::Clean, 0), 0.0);
        assert_eq!(s.streak, 2);
        s.record("b", 3, Outcome::Helped, 2);
        assert_eq!(s.streak, 2, "a helped solve neither extends nor ends it");
        s.record("c", 3, Outcome::Failed, 0);
        assert_eq!((s.streak, s.best_streak), (0, 2));
        assert_eq!(s.rated, 3);
        assert_eq!(s.puzzles["a"].solved, 2);
        assert_eq!(s.puzzles["b"].hints, 2);
        assert_eq!(s.solved_count(), 2);
    }

    #[test]
    fn outcomes_follow_the_attempt() {
        assert_eq!(Outcome::of(true, 0, 0, false), Outcome::Clean);
        assert_eq!(Outcome::of(true, 1, 0, false), Outcome::Helped);
        assert_eq!(Outcome::of(true, 0, 1, false), Outcome::Helped);
        assert_eq!(Outcome::of(true, 0, 0, true), Outcome::Failed);
        assert_eq!(Outcome::of(false, 0, 0, false), Outcome::Failed);
    }

    #[test]
    fn progress_round_trips_and_a_corrupt_file_is_an_error() {
        let mut p = Progress::default();
        p.set("freestyle15").record("p1", 2, Outcome::Clean, 0);
        let text = p.to_json();
        assert_eq!(Progress::from_json(&text).unwrap(), p);
        for bad in ["", "{", "[]", "{\"version\":1}", &text[..text.len() / 2]] {
            assert!(matches!(
                Progress::from_json(bad),
                Err(ProgressError::Corrupt(_))
            ));
        }
        let newer = text.replace("\"version\": 1", "\"version\": 99");
        assert!(matches!(
            Progress::from_json(&newer),
            Err(ProgressError::TooNew(99))
        ));
    }
}
