//! What is saved of puzzles (`puzzles.json` beside the settings): the
//! progress in each set, the player's own puzzles and the set last
//! chosen. Shared by the app and the terminal, so progress made in one
//! shows in the other; the storage layer writes it crash-safely.

use super::format::Puzzle;
use super::judge::Attempt;
use super::personal::PersonalList;
use super::rating::{Outcome, Progress};
use serde::{Deserialize, Serialize};

/// Progress per set, the personal puzzles and the chosen set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedPuzzles {
    /// Solved, failed, hints, rating and streaks per set.
    pub progress: Progress,
    /// Puzzles found in the player's own games.
    pub personal: PersonalList,
    /// The shipped set last chosen, by name (`None`: the default set).
    pub set: Option<String>,
}

impl SavedPuzzles {
    /// Counts a finished try (solved, or the solution shown) at puzzle
    /// `id` of set `set`; returns the rating change.
    pub fn record(&mut self, set: &str, id: &str, attempt: &Attempt) -> f64 {
        let outcome = Outcome::of(
            attempt.solved,
            attempt.mistakes,
            attempt.hints_used,
            attempt.solution_shown,
        );
        self.progress
            .set(set)
            .record(id, attempt.puzzle.level, outcome, attempt.hints_used)
    }

    /// The puzzle of `puzzles` (set `set`) to start with: the first
    /// unsolved one at the player's level in that set, else the first
    /// unsolved one, else the first.
    #[must_use]
    pub fn suggested(&self, set: &str, puzzles: &[Puzzle]) -> usize {
        let progress = self.progress.sets.get(set);
        let level = progress.map_or(1, |p| p.level());
        let unsolved = |i: &usize| {
            progress
                .and_then(|s| s.puzzles.get(&puzzles[*i].id))
                .is_none_or(|r| r.solved == 0)
        };
        (0..puzzles.len())
            .filter(unsolved)
            .find(|&i| puzzles[i].level == level)
            .or_else(|| (0..puzzles.len()).find(unsolved))
            .unwrap_or(0)
    }
}
