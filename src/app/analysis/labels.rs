//! How good a move was: the win chance it gave away against the engine's
//! best move, and the label that loss earns.

use crate::engine::{win_chance, Score};
use crate::i18n::{Msg, Tr};
use crate::rules::{Point, Stone};

/// A loss of win chance below this is as good as the engine's own move
/// (two moves the search scores a hair apart are equally good; search
/// noise at a fixed time is about this large).
pub const BEST_LOSS: f64 = 0.01;

/// From this loss of win chance on, a move is an inaccuracy: a
/// twentieth of the game given away, enough for a player to care.
pub const INACCURACY_LOSS: f64 = 0.05;

/// From this loss on, a mistake: a tenth of the game given away.
pub const MISTAKE_LOSS: f64 = 0.10;

/// From this loss on, a blunder: a fifth of the game or more, such as
/// missing a win or allowing one.
pub const BLUNDER_LOSS: f64 = 0.20;

/// Below this win chance before the move the mover's game was already
/// lost: no move there earns a "!" (the engine's own move in a lost
/// position is a shrug, not a find), only the quiet "good".
pub const LOST_CHANCE: f64 = 0.02;

/// The verdict on one move, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// The engine's move, or one as good.
    Best,
    /// Lost less than [`INACCURACY_LOSS`].
    Good,
    /// Lost from [`INACCURACY_LOSS`] up to [`MISTAKE_LOSS`].
    Inaccuracy,
    /// Lost from [`MISTAKE_LOSS`] up to [`BLUNDER_LOSS`].
    Mistake,
    /// Lost [`BLUNDER_LOSS`] or more.
    Blunder,
}

impl Label {
    /// Every label, best first.
    pub const ALL: [Label; 5] = [
        Label::Best,
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];

    /// The label for a move that lost `loss` of the mover's win chance;
    /// `engine_move` when it is the move the engine itself chose.
    #[must_use]
    pub fn for_loss(loss: f64, engine_move: bool) -> Label {
        if engine_move || loss < BEST_LOSS {
            Label::Best
        } else if loss < INACCURACY_LOSS {
            Label::Good
        } else if loss < MISTAKE_LOSS {
            Label::Inaccuracy
        } else if loss < BLUNDER_LOSS {
            Label::Mistake
        } else {
            Label::Blunder
        }
    }

    /// The label in words.
    #[must_use]
    pub fn name(self, tr: Tr) -> &'static str {
        tr.s(match self {
            Label::Best => Msg::LabelBest,
            Label::Good => Msg::LabelGood,
            Label::Inaccuracy => Msg::LabelInaccuracy,
            Label::Mistake => Msg::LabelMistake,
            Label::Blunder => Msg::LabelBlunder,
        })
    }

    /// The annotation players write after such a move (none for good
    /// moves, so a list of good play stays quiet).
    #[must_use]
    pub fn glyph(self) -> &'static str {
        match self {
            Label::Best => "!",
            Label::Good => "",
            Label::Inaccuracy => "?!",
            Label::Mistake => "?",
            Label::Blunder => "??",
        }
    }
}

/// The engine's view of one position: its best move and the score for
/// the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionEval {
    /// The engine's move; `None` in a finished position.
    pub best: Option<Point>,
    /// The score for the side to move.
    pub score: Score,
    /// The depth the search completed (0: a finished position, known
    /// without a search, or a review saved before depths were kept).
    pub depth: u32,
}

/// One reviewed move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveReview {
    /// The move played.
    pub played: Point,
    /// Who played it.
    pub mover: Stone,
    /// The win chance it lost against the engine's best, 0 to 1.
    pub loss: f64,
    /// The engine's best move in the position before it.
    pub best: Option<Point>,
    /// The verdict.
    pub label: Label,
}

/// Judges `played` by `mover`, from the evaluations of the position
/// before it (`mover` to move) and after it (the opponent to move).
///
/// The mover's chance before is what the engine's best move keeps; the
/// chance after is one minus the opponent's. Both come from searches of
/// the same length, so the loss of a move is the drop between two
/// consecutive positions of the game, never a search of the move alone.
#[must_use]
pub fn review_move(
    played: Point,
    mover: Stone,
    before: PositionEval,
    after: PositionEval,
) -> MoveReview {
    let kept = win_chance(before.score);
    let left = 1.0 - win_chance(after.score);
    let loss = (kept - left).max(0.0);
    let label = if kept < LOST_CHANCE {
        Label::Good
    } else {
        Label::for_loss(loss, before.best == Some(played))
    };
    MoveReview {
        played,
        mover,
        loss,
        best: before.best,
        label,
    }
}

/// One player's moves summed up.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Summary {
    /// How many moves earned each label, in [`Label::ALL`] order.
    pub counts: [usize; 5],
    /// The mean win chance lost per reviewed move, 0 to 1.
    pub average_loss: f64,
    /// Moves reviewed.
    pub moves: usize,
}

/// The summary of `mover`'s reviewed moves.
#[must_use]
pub fn summary<'a>(reviews: impl IntoIterator<Item = &'a MoveReview>, mover: Stone) -> Summary {
    let mut s = Summary::default();
    let mut total = 0.0;
    for r in reviews.into_iter().filter(|r| r.mover == mover) {
        s.counts[r.label as usize] += 1;
        total += r.loss;
        s.moves += 1;
    }
    if s.moves > 0 {
        s.average_loss = total / s.moves as f64;
    }
    s
}

/// A chance as people read it: "63%".
#[must_use]
pub fn percent(chance: f64) -> String {
    format!("{:.0}%", (chance * 100.0).clamp(0.0, 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: Score, best: Option<Point>) -> PositionEval {
        PositionEval {
            best,
            score,
            depth: 10,
        }
    }

    #[test]
    fn thresholds_split_the_labels_in_order() {
        assert_eq!(Label::for_loss(0.0, false), Label::Best);
        assert_eq!(Label::for_loss(0.5, true), Label::Best);
        assert_eq!(Label::for_loss(BEST_LOSS, false), Label::Good);
        assert_eq!(Label::for_loss(INACCURACY_LOSS, false), Label::Inaccuracy);
        assert_eq!(Label::for_loss(MISTAKE_LOSS, false), Label::Mistake);
        assert_eq!(Label::for_loss(BLUNDER_LOSS, false), Label::Blunder);
        assert_eq!(Label::for_loss(1.0, false), Label::Blunder);
    }

    #[test]
    fn no_move_in_a_lost_position_is_praised() {
        let best = Point::new(3, 3);
        // The opponent wins by force whatever the mover does: even the
        // engine's own move is only "good", with no glyph.
        let r = review_move(
            best,
            Stone::White,
            eval(Score::loss_in(6), Some(best)),
            eval(Score::win_in(5), None),
        );
        assert_eq!((r.label, r.label.glyph()), (Label::Good, ""));
        let elsewhere = review_move(
            Point::new(0, 14),
            Stone::White,
            eval(Score::loss_in(6), Some(best)),
            eval(Score::win_in(5), None),
        );
        assert_eq!(elsewhere.label, Label::Good);
    }

    #[test]
    fn missing_a_win_in_one_is_a_blunder() {
        let win = Point::new(4, 0);
        let played = Point::new(9, 9);
        // The mover could win at once; after its move the opponent is
        // level again.
        let r = review_move(
            played,
            Stone::Black,
            eval(Score::win_in(1), Some(win)),
            eval(Score(0), Some(win)),
        );
        assert_eq!(r.label, Label::Blunder);
        assert!((r.loss - 0.5).abs() < 1e-9, "{}", r.loss);
        assert_eq!(r.best, Some(win));
        // Playing the win itself is the best move.
        let r = review_move(
            win,
            Stone::Black,
            eval(Score::win_in(1), Some(win)),
            eval(Score::loss_in(0), None),
        );
        assert_eq!((r.label, r.loss), (Label::Best, 0.0));
    }

    #[test]
    fn a_move_that_keeps_the_chance_loses_nothing() {
        let r = review_move(
            Point::new(1, 1),
            Stone::White,
            eval(Score(400), Some(Point::new(2, 2))),
            eval(Score(-450), Some(Point::new(3, 3))),
        );
        assert_eq!(r.loss, 0.0, "a gain is not a loss");
        assert_eq!(r.label, Label::Best);
    }

    #[test]
    fn summaries_count_each_players_moves_only() {
        let mk = |mover, loss| MoveReview {
            played: Point::new(0, 0),
            mover,
            loss,
            best: None,
            label: Label::for_loss(loss, false),
        };
        let all = [
            mk(Stone::Black, 0.0),
            mk(Stone::White, 0.3),
            mk(Stone::Black, 0.12),
            mk(Stone::White, 0.06),
        ];
        let b = summary(&all, Stone::Black);
        assert_eq!(b.moves, 2);
        assert_eq!(b.counts, [1, 0, 0, 1, 0]);
        assert!((b.average_loss - 0.06).abs() < 1e-9);
        let w = summary(&all, Stone::White);
        assert_eq!(w.counts, [0, 0, 1, 0, 1]);
        assert_eq!(percent(0.634), "63%");
    }
}
