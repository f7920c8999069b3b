//! What belongs to the game on the board, and goes wherever it goes.
//!
//! A review's findings are about one game. They used to live in the
//! review itself, so a new game inherited the old game's verdicts; now
//! they live here, beside the game's identity in Recent games. Replacing
//! the game (a new game, an opened record, a pasted position, a recent
//! game) starts a fresh scope; the toast's Undo brings the old game back
//! with its own scope. Whether the game is rated goes with it the same
//! way.

use super::analysis::review::ReviewResults;
use super::recent::new_game_id;
use crate::rating::Rated;

/// The game's identity and what was learnt about it.
#[derive(Debug, Clone)]
pub struct GameScope {
    /// Which game this is in Recent games: keeping the same game again
    /// updates its entry.
    pub id: u64,
    /// The review's evaluations of this game's positions.
    pub review: ReviewResults,
    /// Where this game stands with the player's rating.
    pub rated: Rated,
}

impl GameScope {
    /// A scope for a game just put on the board, with a new identity.
    #[must_use]
    pub fn fresh() -> GameScope {
        GameScope::with_id(new_game_id())
    }

    /// A clean scope for the game known as `id` (a recent game opened
    /// again keeps its entry).
    #[must_use]
    pub fn with_id(id: u64) -> GameScope {
        GameScope {
            id,
            review: ReviewResults::default(),
            rated: Rated::default(),
        }
    }
}
