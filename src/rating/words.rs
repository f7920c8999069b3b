//! The rating in words, the same in the app and the terminal: whether a
//! game is rated and why not, the change after a game, the rating now
//! and a line per game of the history.

use super::book::{GameRecord, RatingBook, Score};
use super::glicko::round;
use super::ladder::Ladder;
use super::rated::{Rated, Settled, Why};
use crate::engine::Level;
use crate::i18n::{phrases, Msg, Tr};
/// Why a game is not rated, as the end of "Not rated: …".
#[must_use]
pub fn why(tr: Tr, why: Why) -> &'static str {
    tr.s(match why {
        // Never told (see `Why::is_told`); worded for completeness.
        Why::NotAgainstTheLevels | Why::NotFromStart => Msg::RatedWhyNotFromStart,
        Why::Unmeasured => Msg::RatedWhyUnmeasured,
        Why::Undo => Msg::RatedWhyUndo,
        Why::Hint => Msg::RatedWhyHint,
        Why::TrainingWheels => Msg::RatedWhyTrainingWheels,
        Why::TookBack => Msg::RatedWhyTookBack,
        Why::Analysis => Msg::RatedWhyAnalysis,
        Why::Explorer => Msg::RatedWhyExplorer,
        Why::LevelChanged => Msg::RatedWhyLevelChanged,
        Why::Resumed => Msg::RatedWhyResumed,
    })
}

/// Where a game stands, in a few words: "Rated game", "Not rated: you
/// asked for a hint", "Rated game: counted"; `None` for a game that was
/// never against the levels.
#[must_use]
pub fn status(tr: Tr, rated: &Rated) -> Option<String> {
    match rated {
        Rated::Yes(_) => Some(tr.s(Msg::RatedGame).to_string()),
        Rated::Settled(_) => Some(tr.s(Msg::RatedCounted).to_string()),
        Rated::No(w) if w.is_told() => Some(tr.f(Msg::NotRated, &[("why", &why(tr, *w))])),
        Rated::No(_) => None,
    }
}

/// A whole number with its sign: "+24", "-12", "+0".
#[must_use]
pub fn signed(n: i32) -> String {
    format!("{n:+}")
}

/// "Your rating: 1380 (+24)".
#[must_use]
pub fn change(tr: Tr, settled: &Settled) -> String {
    tr.f(
        Msg::YourRatingChange,
        &[
            ("rating", &settled.after.shown()),
            ("change", &signed(settled.change())),
        ],
    )
}

/// Level `number`'s name as the menus give it, or its number when the
/// ladder has no such level.
#[must_use]
pub fn level(tr: Tr, number: u8) -> String {
    match Level::new(number) {
        Some(l) => phrases::level(tr, l).to_string(),
        None => number.to_string(),
    }
}

/// "won", "lost", "drawn".
#[must_use]
pub fn score(tr: Tr, score: Score) -> &'static str {
    tr.s(match score {
        Score::Win => Msg::RatingWon,
        Score::Loss => Msg::RatingLost,
        Score::Draw => Msg::RatingDrew,
    })
}

/// The rating now, "1380 ± 85", or, before any rated game, where the
/// player starts.
#[must_use]
pub fn now(tr: Tr, book: &RatingBook, ladder: &Ladder) -> String {
    let r = book.current(ladder);
    if book.has_games() {
        tr.f(
            Msg::RatingNow,
            &[("rating", &r.shown()), ("deviation", &r.shown_deviation())],
        )
    } else {
        tr.f(Msg::RatingNone, &[("rating", &r.shown())])
    }
}

/// "Rated games: 12 (won 7, lost 4, drawn 1)".
#[must_use]
pub fn tally(tr: Tr, book: &RatingBook) -> String {
    let t = book.tally();
    tr.f(
        Msg::RatingGames,
        &[
            ("count", &book.history.len()),
            ("wins", &t.wins),
            ("losses", &t.losses),
            ("draws", &t.draws),
        ],
    )
}

/// One game of the history: "2026-11-22 18:05 · Level 3 · won → 1380".
#[must_use]
pub fn game(tr: Tr, g: &GameRecord) -> String {
    tr.f(
        Msg::RatingGameLine,
        &[
            ("when", &phrases::local_date_time(tr, g.at)),
            ("level", &level(tr, g.level)),
            ("result", &score(tr, g.score)),
            ("rating", &round(g.rating)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rating::{PlayerRating, Terms};
    use crate::rules::Stone;

    #[test]
    fn says_where_a_game_stands_in_both_languages() {
        let en = Tr(Lang::English);
        let zh = Tr(Lang::Chinese);
        let terms = Terms {
            level: 3,
            opponent: 1150,
            human: Stone::Black,
        };
        assert_eq!(status(en, &Rated::Yes(terms)).unwrap(), "Rated game");
        assert_eq!(status(zh, &Rated::Yes(terms)).unwrap(), "计分对局");
        assert_eq!(
            status(en, &Rated::No(Why::Undo)).unwrap(),
            "Not rated: you took a move back"
        );
        assert_eq!(status(en, &Rated::default()), None);
        let settled = Settled {
            terms,
            score: Score::Win,
            before: PlayerRating::starting_at(1355.6),
            after: PlayerRating::starting_at(1379.5),
        };
        assert_eq!(change(en, &settled), "Your rating: 1380 (+24)");
        assert_eq!(change(zh, &settled), "你的等级分：1380（+24）");
        assert_eq!(signed(-12), "-12");
        assert_eq!(signed(0), "+0");
    }
}
