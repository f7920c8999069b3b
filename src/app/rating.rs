//! The app's side of the player's rating (`crate::rating`,
//! `docs/rating.md`): the saved book with the measured ladder, and the
//! adaptive choice kept with the settings. Where the game on the board
//! stands with the rating lives in its [`GameScope`](super::game_scope),
//! so the toast's Undo brings a rated game back still rated.

use crate::engine::Level;
use crate::play::Table;
use crate::rating::{Ladder, Rated, RatingBook, Why};
use serde::{Deserialize, Serialize};

/// The player's choices about the rating, kept with the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RatingChoice {
    /// "Adaptive (your rating)": each new game against the AI is played
    /// at the level whose rating is nearest the player's.
    pub adaptive: bool,
}

/// The player's rating and the ladder it is measured against.
#[derive(Debug, Clone)]
pub struct Ratings {
    /// The rating, the rated games and the board's state, as saved.
    pub book: RatingBook,
    /// The levels with a measured rating (the engine's table; tests set
    /// their own).
    pub ladder: Ladder,
}

impl Default for Ratings {
    fn default() -> Ratings {
        Ratings::new(RatingBook::default())
    }
}

impl Ratings {
    /// `book` against the engine's measured ladder.
    #[must_use]
    pub fn new(book: RatingBook) -> Ratings {
        Ratings {
            book,
            ladder: Ladder::measured(),
        }
    }

    /// The level "Adaptive" plays now, if any level is measured.
    #[must_use]
    pub fn adaptive_level(&self) -> Option<Level> {
        self.ladder.adaptive(&self.book).and_then(Level::new)
    }

    /// The level suggested after the last rated game.
    #[must_use]
    pub fn suggested_level(&self) -> Option<Level> {
        self.ladder.suggest(&self.book).and_then(Level::new)
    }

    /// Where a game just started stands: `table` is the game with its
    /// players, `level` the built-in AI's level, `built_in` false when
    /// another engine plays.
    #[must_use]
    pub fn begin(&self, table: &Table, level: Level, built_in: bool) -> Rated {
        let human = table
            .mode()
            .human()
            .filter(|_| built_in && !table.is_watch());
        Rated::begin(&self.ladder, level.number(), human, table.game())
    }

    /// Where a game put on the board from elsewhere stands (a record, an
    /// edited position, a recent game): not rated, and said so when it is
    /// against the built-in AI.
    #[must_use]
    pub fn not_from_start(table: &Table, built_in: bool) -> Rated {
        let human = table
            .mode()
            .human()
            .filter(|_| built_in && !table.is_watch());
        Rated::not(human, Why::NotFromStart)
    }

    /// Where the game restored on start stands: the saved state when it
    /// fits the game (a rated game must still be against the built-in AI
    /// at the level it began at), else not rated.
    #[must_use]
    pub fn restored(&self, table: &Table, level: Level) -> Rated {
        let human = table.mode().human().filter(|_| !table.is_watch());
        if human.is_none() {
            return Rated::default();
        }
        match self.book.on_board {
            Some(Rated::Yes(t)) if t.level == level.number() => Rated::Yes(t),
            // Nothing measured: the rating is not in play.
            _ if self.ladder.is_empty() => Rated::default(),
            Some(Rated::Yes(_)) | None => Rated::No(Why::Resumed),
            Some(other) => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Mode;
    use crate::rating::Terms;
    use crate::rules::{GameModel, GameSettings, Stone};

    fn table(mode: Mode) -> Table {
        Table::new(GameModel::new(GameSettings::default()).unwrap(), mode)
    }

    fn ratings() -> Ratings {
        let l = Level::default();
        Ratings {
            book: RatingBook::default(),
            ladder: Ladder::new(vec![(l.number(), 1200)], l.number()),
        }
    }

    #[test]
    fn only_the_person_against_the_built_in_ai_begins_rated() {
        let r = ratings();
        let vs_ai = table(Mode::VsAi {
            human: Stone::White,
        });
        assert!(r.begin(&vs_ai, Level::default(), true).is_rated());
        assert_eq!(r.begin(&vs_ai, Level::default(), false), Rated::default());
        assert_eq!(
            r.begin(&table(Mode::TwoPlayer), Level::default(), true),
            Rated::default()
        );
        assert_eq!(
            Ratings::not_from_start(&vs_ai, true),
            Rated::No(Why::NotFromStart)
        );
    }

    #[test]
    fn a_restored_game_keeps_its_state_only_when_it_fits() {
        let mut r = ratings();
        let level = Level::default();
        let vs_ai = table(Mode::VsAi {
            human: Stone::Black,
        });
        assert_eq!(r.restored(&vs_ai, level), Rated::No(Why::Resumed));
        let terms = Terms {
            level: level.number(),
            opponent: 1200,
            human: Stone::Black,
        };
        r.book.on_board = Some(Rated::Yes(terms));
        assert_eq!(r.restored(&vs_ai, level), Rated::Yes(terms));
        let other = Level::new(level.number() + 1).unwrap();
        assert_eq!(r.restored(&vs_ai, other), Rated::No(Why::Resumed));
        r.book.on_board = Some(Rated::No(Why::Hint));
        assert_eq!(r.restored(&vs_ai, level), Rated::No(Why::Hint));
        assert_eq!(r.restored(&table(Mode::TwoPlayer), level), Rated::default());
    }
}
