//! What is saved of the player's rating (`rating.json` beside the
//! settings): the rating now and one record per rated game. Shared by the
//! app and the terminal, so a game rated in one counts in the other; the
//! storage layer writes it crash-safely and sets a damaged file aside.

use super::glicko::PlayerRating;
use super::ladder::Ladder;
use super::rated::{Rated, Settled, Terms};
use crate::rules::{Outcome, Stone};
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;

/// How a rated game ended for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// The player won.
    Win,
    /// The player lost (by five, on time, or resigning).
    Loss,
    /// The board filled up.
    Draw,
}

impl Score {
    /// The result for the player of `human`'s colour.
    #[must_use]
    pub fn of(outcome: &Outcome, human: Stone) -> Score {
        match outcome.winner() {
            Some(w) if w == human => Score::Win,
            Some(_) => Score::Loss,
            None => Score::Draw,
        }
    }

    fn outcomes(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Loss => Outcomes::LOSS,
            Score::Draw => Outcomes::DRAW,
        }
    }
}

/// One rated game, as the history keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// When it ended, in seconds since 1970 (UTC).
    pub at: u64,
    /// The level played (its number on the ladder).
    pub level: u8,
    /// The level's rating the game was rated against.
    pub opponent: i32,
    /// How it ended for the player.
    pub score: Score,
    /// The player's rating after it, to a tenth (the history is for
    /// showing; [`RatingBook::player`] keeps the rating exactly).
    pub rating: f64,
    /// The player's rating deviation after it, to a tenth.
    pub deviation: f64,
}

/// `x` to a tenth: the history is only shown, and the file is a seventh
/// shorter than with every digit (1,459 KiB for 10,000 games, not 1,699).
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Wins, losses and draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: usize,
    /// Games lost.
    pub losses: usize,
    /// Games drawn.
    pub draws: usize,
}

/// The player's rating and rated games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RatingBook {
    /// The rating now; `None` before the first rated game (the player
    /// then starts at [`Ladder::start_rating`]).
    pub player: Option<PlayerRating>,
    /// Every rated game, oldest first.
    pub history: Vec<GameRecord>,
    /// Where the game on the app's board stands with the rating, so that
    /// a rated game closed with the app is still rated when it comes back
    /// (and an unrated one still says why); `None` before the app saved
    /// any.
    pub on_board: Option<Rated>,
}

impl RatingBook {
    /// The rating now, or the one a new player starts at on `ladder`.
    #[must_use]
    pub fn current(&self, ladder: &Ladder) -> PlayerRating {
        self.player
            .unwrap_or_else(|| PlayerRating::starting_at(ladder.start_rating()))
    }

    /// True once a game has been rated.
    #[must_use]
    pub fn has_games(&self) -> bool {
        !self.history.is_empty()
    }

    /// Rates one game played on `terms` that ended `score` at `at`
    /// (seconds since 1970): the rating moves, the history grows.
    pub fn record(&mut self, ladder: &Ladder, terms: &Terms, score: Score, at: u64) -> Settled {
        let before = self.current(ladder);
        let after = before.after_game(f64::from(terms.opponent), score.outcomes());
        self.player = Some(after);
        self.history.push(GameRecord {
            at,
            level: terms.level,
            opponent: terms.opponent,
            score,
            rating: tenths(after.rating),
            deviation: tenths(after.deviation),
        });
        Settled {
            terms: *terms,
            score,
            before,
            after,
        }
    }

    /// Wins, losses and draws over every rated game.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for g in &self.history {
            match g.score {
                Score::Win => t.wins += 1,
                Score::Loss => t.losses += 1,
                Score::Draw => t.draws += 1,
            }
        }
        t
    }

    /// The last `n` rated games, newest first.
    pub fn latest(&self, n: usize) -> impl Iterator<Item = &GameRecord> {
        self.history.iter().rev().take(n)
    }

    /// The run the last games make: `+k` after `k` wins in a row, `-k`
    /// after `k` losses in a row, 0 after a draw or before any game.
    #[must_use]
    pub fn streak(&self) -> i32 {
        let mut games = self.history.iter().rev();
        let Some(last) = games.next() else {
            return 0;
        };
        let step = match last.score {
            Score::Win => 1,
            Score::Loss => -1,
            Score::Draw => return 0,
        };
        let run = 1 + games.take_while(|g| g.score == last.score).count();
        step * i32::try_from(run).unwrap_or(i32::MAX)
    }

    /// Starts again from nothing: no rating, no history (the player asked,
    /// and was asked to confirm).
    pub fn reset(&mut self) {
        *self = RatingBook::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder() -> Ladder {
        Ladder::new(vec![(1, 800), (2, 1000), (3, 1150), (4, 1300)], 3)
    }

    fn terms(level: u8, opponent: i32) -> Terms {
        Terms {
            level,
            opponent,
            human: Stone::Black,
        }
    }

    #[test]
    fn the_first_game_starts_from_the_ladders_start_and_is_kept() {
        let mut book = RatingBook::default();
        assert_eq!(book.current(&ladder()).shown(), 1150);
        let settled = book.record(&ladder(), &terms(3, 1150), Score::Win, 1000);
        assert_eq!(settled.before.shown(), 1150);
        assert!(settled.change() > 100, "{settled:?}");
        assert_eq!(book.player, Some(settled.after));
        assert_eq!(book.history.len(), 1);
        let kept = &book.history[0];
        assert!((kept.rating - settled.after.rating).abs() <= 0.05);
        assert!(((kept.rating * 10.0).round() - kept.rating * 10.0).abs() < 1e-9);
        assert_eq!(book.history[0].level, 3);
        assert_eq!(book.history[0].score, Score::Win);
        let again = book.record(&ladder(), &terms(4, 1300), Score::Loss, 2000);
        assert_eq!(again.before, settled.after);
        assert!(again.change() < 0);
        assert_eq!(
            book.tally(),
            Tally {
                wins: 1,
                losses: 1,
                draws: 0
            }
        );
        let latest: Vec<u64> = book.latest(5).map(|g| g.at).collect();
        assert_eq!(latest, [2000, 1000]);
    }

    #[test]
    fn scores_from_outcomes() {
        let five = Outcome::Five {
            winner: Stone::White,
            line: Vec::new(),
        };
        assert_eq!(Score::of(&five, Stone::White), Score::Win);
        assert_eq!(Score::of(&five, Stone::Black), Score::Loss);
        let resigned = Outcome::Resigned {
            loser: Stone::Black,
        };
        assert_eq!(Score::of(&resigned, Stone::Black), Score::Loss);
        let flagged = Outcome::OnTime {
            loser: Stone::White,
        };
        assert_eq!(Score::of(&flagged, Stone::Black), Score::Win);
        assert_eq!(Score::of(&Outcome::Draw, Stone::Black), Score::Draw);
    }

    #[test]
    fn streaks_count_the_last_run() {
        let mut book = RatingBook::default();
        assert_eq!(book.streak(), 0);
        for s in [Score::Loss, Score::Win, Score::Win] {
            book.record(&ladder(), &terms(2, 1000), s, 0);
        }
        assert_eq!(book.streak(), 2);
        book.record(&ladder(), &terms(2, 1000), Score::Loss, 0);
        assert_eq!(book.streak(), -1);
        book.record(&ladder(), &terms(2, 1000), Score::Draw, 0);
        assert_eq!(book.streak(), 0);
    }

    #[test]
    fn round_trips_reads_an_empty_object_and_resets() {
        let mut book = RatingBook::default();
        book.record(&ladder(), &terms(2, 1000), Score::Draw, 7);
        book.on_board = Some(Rated::Yes(terms(3, 1150)));
        let text = serde_json::to_string(&book).unwrap();
        assert!(text.contains("\"draw\""), "{text}");
        assert_eq!(serde_json::from_str::<RatingBook>(&text).unwrap(), book);
        assert_eq!(
            serde_json::from_str::<RatingBook>("{}").unwrap(),
            RatingBook::default()
        );
        book.reset();
        assert_eq!(book, RatingBook::default());
    }
}
