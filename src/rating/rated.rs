//! The rule that makes a game rated (`docs/rating.md`), as a small state
//! each front end keeps beside its game and drives from its own events.
//!
//! A game is rated when the person plays the built-in AI at a level with
//! a measured rating, from the empty board to a result, with no help and
//! no move taken back: [`Rated::begin`] decides at the start,
//! [`Rated::spoil`] records the first thing that makes it unrated (an
//! undo, a hint, a move taken back when the training wheels asked, a move
//! played from an earlier position, analysis or the opening explorer, a
//! change of level) and
//! [`Rated::settle`] rates it once when it ends (a resignation or a flag
//! is a loss).

use super::book::{RatingBook, Score};
use super::glicko::PlayerRating;
use super::ladder::Ladder;
use crate::rules::{GameModel, Outcome, Stone};
use serde::{Deserialize, Serialize};

/// What a rated game is rated against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The level played, by its number on the ladder.
    pub level: u8,
    /// That level's measured rating when the game began.
    pub opponent: i32,
    /// The person's colour when the game began. Under an opening rule
    /// the colours are settled later, so the result is scored for the
    /// colour the person ends with ([`Rated::settle`]).
    pub human: Stone,
}

/// Why a game is not rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    /// Not a game of the person against the built-in AI (two players,
    /// engines playing each other, another engine), or no level is
    /// measured yet: nothing to say.
    NotAgainstTheLevels,
    /// The level has no measured rating yet.
    Unmeasured,
    /// The game did not start from the empty board (a record, a pasted or
    /// edited position, a named opening, a recent game opened again).
    NotFromStart,
    /// A move was taken back with Undo.
    Undo,
    /// The person asked for a hint.
    Hint,
    /// The person took a move back when the training wheels warned.
    TrainingWheels,
    /// A move was played from an earlier position of the game.
    TookBack,
    /// Analysis or the review was on during the game.
    Analysis,
    /// The opening explorer was shown during the game (it shows how
    /// games and analyses went on from the position).
    Explorer,
    /// The AI's level changed during the game.
    LevelChanged,
    /// The game restored on start was not saved as a rated game (it was
    /// saved before ratings existed, or the rating file was damaged,
    /// replaced or no longer fits the game).
    Resumed,
}

impl Why {
    /// True when the game panel says why (not for games that were never
    /// against the levels).
    #[must_use]
    pub fn is_told(self) -> bool {
        self != Why::NotAgainstTheLevels
    }
}

/// A rated game that has ended and been rated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Settled {
    /// What it was rated against.
    pub terms: Terms,
    /// How it ended for the player.
    pub score: Score,
    /// The rating before it (the start rating for the first game).
    pub before: PlayerRating,
    /// The rating after it.
    pub after: PlayerRating,
}

impl Settled {
    /// The change as shown: the difference of the shown ratings, so that
    /// "1380 (+24)" always adds up.
    #[must_use]
    pub fn change(&self) -> i32 {
        self.after.shown() - self.before.shown()
    }
}

/// Where one game stands with the rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Rated {
    /// Rated so far, on these terms.
    Yes(Terms),
    /// Not rated, and why (the first reason found).
    No(Why),
    /// Rated, ended and counted.
    Settled(Settled),
}

impl Default for Rated {
    fn default() -> Rated {
        Rated::No(Why::NotAgainstTheLevels)
    }
}

impl Rated {
    /// Where a game starts: rated when `human` (the person's colour, `None`
    /// when no person plays the built-in AI) plays level `level` of
    /// `ladder` on an empty board with no stone set up.
    #[must_use]
    pub fn begin(ladder: &Ladder, level: u8, human: Option<Stone>, game: &GameModel) -> Rated {
        let Some(human) = human else {
            return Rated::No(Why::NotAgainstTheLevels);
        };
        let fresh = game.moves().is_empty()
            && game.redo_moves().is_empty()
            && !game.has_setup()
            && !game.is_over();
        if !fresh {
            return Rated::No(Why::NotFromStart);
        }
        match ladder.rating_of(level) {
            Some(opponent) => Rated::Yes(Terms {
                level,
                opponent,
                human,
            }),
            // With no level measured at all the rating is not in play
            // yet: nothing to say about any game.
            None if ladder.is_empty() => Rated::default(),
            None => Rated::No(Why::Unmeasured),
        }
    }

    /// A game that was against the levels but did not start as a rated
    /// game (a record, an edited position): not rated, for `why`;
    /// other games say nothing.
    #[must_use]
    pub fn not(human: Option<Stone>, why: Why) -> Rated {
        match human {
            Some(_) => Rated::No(why),
            None => Rated::No(Why::NotAgainstTheLevels),
        }
    }

    /// The game stops being rated, for `why`, if it still was. Returns
    /// true when this changed it (the caller then saves or says so).
    pub fn spoil(&mut self, why: Why) -> bool {
        if matches!(self, Rated::Yes(_)) {
            *self = Rated::No(why);
            true
        } else {
            false
        }
    }

    /// Rates the game, which ended `outcome` at `at` (seconds since
    /// 1970) with the person playing `human`, into `book`, if it is rated
    /// and not yet counted; the result is kept here as well. A game taken
    /// back after it was counted and ended again is not counted twice.
    pub fn settle(
        &mut self,
        book: &mut RatingBook,
        ladder: &Ladder,
        outcome: &Outcome,
        human: Stone,
        at: u64,
    ) -> Option<Settled> {
        let Rated::Yes(terms) = *self else {
            return None;
        };
        let settled = book.record(ladder, &terms, Score::of(outcome, human), at);
        *self = Rated::Settled(settled);
        Some(settled)
    }

    /// The terms while the game is rated and not yet counted.
    #[must_use]
    pub fn terms(&self) -> Option<Terms> {
        match self {
            Rated::Yes(t) => Some(*t),
            _ => None,
        }
    }

    /// True while the game is rated and not yet counted.
    #[must_use]
    pub fn is_rated(&self) -> bool {
        matches!(self, Rated::Yes(_))
    }

    /// The result once counted.
    #[must_use]
    pub fn settled(&self) -> Option<&Settled> {
        match self {
            Rated::Settled(s) => Some(s),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameSettings, Point};

    fn ladder() -> Ladder {
        Ladder::new(vec![(1, 800), (2, 1000), (3, 1150)], 3)
    }

    fn empty() -> GameModel {
        GameModel::new(GameSettings::default()).unwrap()
    }

    #[test]
    fn begins_rated_only_against_a_measured_level_from_the_empty_board() {
        let l = ladder();
        let game = empty();
        assert_eq!(
            Rated::begin(&l, 2, Some(Stone::White), &game),
            Rated::Yes(Terms {
                level: 2,
                opponent: 1000,
                human: Stone::White
            })
        );
        assert_eq!(
            Rated::begin(&l, 7, Some(Stone::Black), &game),
            Rated::No(Why::Unmeasured)
        );
        assert_eq!(
            Rated::begin(&l, 2, None, &game),
            Rated::No(Why::NotAgainstTheLevels)
        );
        assert_eq!(
            Rated::begin(&Ladder::new(Vec::new(), 3), 3, Some(Stone::Black), &game),
            Rated::default(),
            "nothing measured: nothing to say"
        );
        let mut played = empty();
        played.play(Point::new(7, 7)).unwrap();
        assert_eq!(
            Rated::begin(&l, 2, Some(Stone::Black), &played),
            Rated::No(Why::NotFromStart)
        );
        assert!(!Why::NotAgainstTheLevels.is_told());
        assert!(Why::Hint.is_told());
        assert_eq!(Rated::not(None, Why::NotFromStart), Rated::default());
    }

    #[test]
    fn the_first_spoiler_stays_and_a_game_counts_once() {
        let l = ladder();
        let mut book = RatingBook::default();
        let mut rated = Rated::begin(&l, 3, Some(Stone::Black), &empty());
        assert!(rated.is_rated());
        let resigned = Outcome::Resigned {
            loser: Stone::Black,
        };
        let settled = rated
            .settle(&mut book, &l, &resigned, Stone::Black, 5)
            .unwrap();
        assert_eq!(settled.score, Score::Loss, "resigning is a loss");
        assert!(settled.change() < 0);
        assert_eq!(rated.settled(), Some(&settled));
        // Undone after it counted and ended again: counted once.
        assert!(!rated.spoil(Why::Undo));
        assert_eq!(
            rated.settle(&mut book, &l, &resigned, Stone::Black, 6),
            None
        );
        assert_eq!(book.history.len(), 1);

        let mut spoilt = Rated::begin(&l, 3, Some(Stone::Black), &empty());
        assert!(spoilt.spoil(Why::Hint));
        assert!(!spoilt.spoil(Why::Undo));
        assert_eq!(spoilt, Rated::No(Why::Hint));
        assert_eq!(
            spoilt.settle(&mut book, &l, &Outcome::Draw, Stone::Black, 7),
            None
        );
        assert_eq!(book.history.len(), 1);
        // Scored for the colour the person ends with (an opening rule may
        // have swapped it).
        let mut swapped = Rated::begin(&l, 3, Some(Stone::Black), &empty());
        let settled = swapped
            .settle(&mut book, &l, &resigned, Stone::White, 8)
            .unwrap();
        assert_eq!(settled.score, Score::Win);
        assert_eq!(book.history.len(), 2);
    }
}
