//! The levels that have a measured rating, as the rating sees them: the
//! level nearest a rating (what "Adaptive" plays) and the level suggested
//! after a rated game.
//!
//! Levels are named by their number on the ladder, so this file and the
//! saved history need nothing else of a level; [`Ladder::measured`] reads
//! the engine's table.

use super::book::RatingBook;
use super::glicko::FALLBACK_START;
/// How far above (after a winning run) or below (after a losing run) the
/// player's rating the suggested level is looked for: about half the gap
/// between two levels, so a run moves the suggestion one level more than
/// the rating alone would.
pub const STREAK_STEP: f64 = 100.0;

/// How many wins (or losses) in a row make a run.
pub const STREAK_RUN: i32 = 2;

/// The measured levels, weakest first, and the level a new player is
/// assumed to match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder {
    /// (level number, rating) of each level with a measured rating,
    /// by number.
    rungs: Vec<(u8, i32)>,
    /// The level a new player is assumed to be as strong as: the app's
    /// default level.
    start: u8,
}

impl Ladder {
    /// A ladder of these (level number, rating) pairs, a new player
    /// assumed to match level `start`.
    #[must_use]
    pub fn new(mut rungs: Vec<(u8, i32)>, start: u8) -> Ladder {
        rungs.sort_unstable();
        rungs.dedup_by_key(|r| r.0);
        Ladder { rungs, start }
    }

    /// The engine's levels that have a measured rating; a new player is
    /// assumed to match the default level.
    #[must_use]
    pub fn measured() -> Ladder {
        use crate::engine::Level;
        let rungs = Level::all()
            .filter_map(|l| Some((l.number(), l.rating()?)))
            .collect();
        Ladder::new(rungs, Level::default().number())
    }

    /// True when no level has a measured rating (then no game is rated).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rungs.is_empty()
    }

    /// The measured levels, weakest first: (number, rating).
    #[must_use]
    pub fn rungs(&self) -> &[(u8, i32)] {
        &self.rungs
    }

    /// Level `number`'s measured rating.
    #[must_use]
    pub fn rating_of(&self, number: u8) -> Option<i32> {
        self.rungs
            .iter()
            .find(|(n, _)| *n == number)
            .map(|(_, r)| *r)
    }

    /// Where a new player starts: the start level's rating, else (when it
    /// is not measured) the middle measured level's, else 1500.
    #[must_use]
    pub fn start_rating(&self) -> f64 {
        self.rating_of(self.start)
            .or_else(|| self.rungs.get(self.rungs.len() / 2).map(|r| r.1))
            .map_or(FALLBACK_START, f64::from)
    }

    /// The measured level whose rating is nearest `rating`; between two
    /// equally near, the weaker. `None` when none is measured.
    #[must_use]
    pub fn nearest(&self, rating: f64) -> Option<u8> {
        self.rungs
            .iter()
            .min_by(|a, b| {
                let da = (f64::from(a.1) - rating).abs();
                let db = (f64::from(b.1) - rating).abs();
                da.total_cmp(&db).then(a.1.cmp(&b.1))
            })
            .map(|r| r.0)
    }

    /// The level to play next (after a rated game, and what "Adaptive"
    /// would not vary from): the measured level nearest the player's
    /// rating, looked for [`STREAK_STEP`] higher after [`STREAK_RUN`] or
    /// more wins in a row and as much lower after as many losses.
    #[must_use]
    pub fn suggest(&self, book: &RatingBook) -> Option<u8> {
        let rating = book.current(self).rating;
        let streak = book.streak();
        let target = if streak >= STREAK_RUN {
            rating + STREAK_STEP
        } else if streak <= -STREAK_RUN {
            rating - STREAK_STEP
        } else {
            rating
        };
        self.nearest(target)
    }

    /// The level "Adaptive" plays: the measured level nearest the
    /// player's rating.
    #[must_use]
    pub fn adaptive(&self, book: &RatingBook) -> Option<u8> {
        self.nearest(book.current(self).rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::{Score, Terms};
    use crate::rules::Stone;

    fn ladder() -> Ladder {
        Ladder::new(vec![(4, 1300), (1, 800), (2, 1000), (3, 1150)], 3)
    }

    #[test]
    fn nearest_picks_the_closest_and_the_weaker_on_a_tie() {
        let l = ladder();
        assert_eq!(l.rungs()[0], (1, 800));
        assert_eq!(l.nearest(0.0), Some(1));
        assert_eq!(l.nearest(1060.0), Some(2));
        assert_eq!(l.nearest(1075.0), Some(2));
        assert_eq!(l.nearest(1076.0), Some(3));
        assert_eq!(l.nearest(9000.0), Some(4));
        assert_eq!(Ladder::new(Vec::new(), 3).nearest(1500.0), None);
    }

    #[test]
    fn starts_at_the_start_level_else_the_middle_else_1500() {
        assert!((ladder().start_rating() - 1150.0).abs() < 1e-9);
        let no_start = Ladder::new(vec![(1, 800), (2, 1000), (4, 1300)], 3);
        assert!((no_start.start_rating() - 1000.0).abs() < 1e-9);
        assert!((Ladder::new(Vec::new(), 3).start_rating() - 1500.0).abs() < 1e-9);
        assert!(Ladder::new(Vec::new(), 3).is_empty());
    }

    #[test]
    fn suggests_a_level_up_after_a_winning_run_and_down_after_a_losing_one() {
        let l = ladder();
        let terms = Terms {
            level: 3,
            opponent: 1150,
            human: Stone::White,
        };
        // Hand-made histories: only the rating and the run matter.
        let mut book = RatingBook::default();
        assert_eq!(l.suggest(&book), Some(3));
        assert_eq!(l.adaptive(&book), Some(3));
        book.record(&l, &terms, Score::Win, 0);
        book.player.as_mut().unwrap().rating = 1160.0;
        assert_eq!(l.suggest(&book), Some(3), "one win is not a run");
        book.record(&l, &terms, Score::Win, 0);
        book.player.as_mut().unwrap().rating = 1160.0;
        assert_eq!(l.suggest(&book), Some(4), "two wins: look higher");
        assert_eq!(l.adaptive(&book), Some(3), "adaptive follows the rating");
        book.record(&l, &terms, Score::Loss, 0);
        book.record(&l, &terms, Score::Loss, 0);
        book.player.as_mut().unwrap().rating = 1160.0;
        assert_eq!(l.suggest(&book), Some(2), "two losses: look lower");
    }
}
