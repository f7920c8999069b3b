//! What kinds of mistakes each engine of a tournament made: every move
//! after the opening is put to the training wheels' check
//! ([`crate::engine::blunder`]) and to the test people would apply first,
//! whether it lies near any stone. The level ladder's documentation counts
//! its levels' mistakes with it (`gomoku-match --mistakes DIR`).

use crate::engine::blunder::{Blunder, BlunderCheck};
use crate::engine::shape::combo;
use crate::engine::state::State;
use crate::rules::{parse_moves, Board, Point, Rule, Stone};

/// Mistakes of one engine, counted over its moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MistakeCount {
    /// Moves looked at (the opening's stones are not the engine's).
    pub moves: usize,
    /// Its own five was there and it played elsewhere.
    pub missed_five: usize,
    /// The opponent had a four (one point to make five) and the move
    /// played elsewhere.
    pub ignored_four: usize,
    /// The opponent already had two points to make five (an open four or
    /// two fours): lost whatever the move, so no mistake of this move.
    pub lost_already: usize,
    /// After the move the opponent won by continuous fours.
    pub allowed_vcf: usize,
    /// It had a win by continuous fours and gave it up.
    pub missed_vcf: usize,
    /// No stone within two points of the move (an absurd move).
    pub far: usize,
}

impl MistakeCount {
    /// Adds another engine's or game's counts to these.
    pub fn merge(&mut self, other: &MistakeCount) {
        self.moves += other.moves;
        self.missed_five += other.missed_five;
        self.ignored_four += other.ignored_four;
        self.lost_already += other.lost_already;
        self.allowed_vcf += other.allowed_vcf;
        self.missed_vcf += other.missed_vcf;
        self.far += other.far;
    }

    /// Adds the verdict on one move; `their_fives` is the number of points
    /// where the opponent could make five before it.
    pub fn add(&mut self, blunder: Option<Blunder>, far: bool, their_fives: u16) {
        self.moves += 1;
        self.far += usize::from(far);
        match blunder {
            Some(Blunder::MissesFive { .. }) => self.missed_five += 1,
            Some(Blunder::AllowsFive { .. }) if their_fives >= 2 => self.lost_already += 1,
            Some(Blunder::AllowsFive { .. }) => self.ignored_four += 1,
            Some(Blunder::AllowsVcf { .. }) => self.allowed_vcf += 1,
            Some(Blunder::MissesVcf { .. }) => self.missed_vcf += 1,
            None => {}
        }
    }
}

/// True when no stone of `board` lies within two points (in both
/// directions) of `p` on a board that has stones.
#[must_use]
pub fn is_far(board: &Board, p: Point) -> bool {
    let mut any = false;
    for (q, _) in board.stones() {
        any = true;
        if q.x.abs_diff(p.x) <= 2 && q.y.abs_diff(p.y) <= 2 {
            return false;
        }
    }
    any
}

/// Counts the mistakes of the engine playing `black` and `white` in one
/// game: `moves` as a position string, whose first `opening` stones were
/// set before the engines played. Returns the counts of Black and White;
/// a game that cannot be read back counts nothing.
#[must_use]
pub fn count_game(
    moves: &str,
    opening: usize,
    size: u8,
    rule: Rule,
    check: &mut BlunderCheck,
) -> [MistakeCount; 2] {
    let mut counts = [MistakeCount::default(); 2];
    let Ok(list) = parse_moves(moves, size) else {
        return counts;
    };
    let Ok(mut board) = Board::new(size) else {
        return counts;
    };
    for (i, &p) in list.iter().enumerate() {
        let side = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        if i >= opening {
            let verdict = check.check(&board, rule, side, p);
            let their_fives =
                State::new(&board, side, rule).count(side.opponent().index(), combo::FIVE);
            counts[side.index()].add(verdict, is_far(&board, p), their_fives);
        }
        if board.place(p, side).is_err() {
            break;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_an_ignored_four_and_a_far_move_counts_them() {
        // Black: h8 i8 j8 k8, a four White closed at g8; White ignores it
        // with a15 (far, as a1 was); Black misses its five at l8 with h9.
        let moves = "h8a1i8b1j8g8k8a15h9";
        let mut check = BlunderCheck::new();
        let [black, white] = count_game(moves, 0, 15, Rule::Freestyle, &mut check);
        assert_eq!(black.moves, 5);
        assert_eq!(white.moves, 4);
        assert_eq!(black.missed_five, 1);
        assert_eq!(white.ignored_four, 1, "{white:?}");
        assert!(
            white.far >= 2,
            "a1 and a15 are far from every stone: {white:?}"
        );
        // The opening's stones are nobody's.
        let [b, w] = count_game(moves, 4, 15, Rule::Freestyle, &mut check);
        assert_eq!((b.moves, w.moves), (3, 2));
        // An open four is lost already, whatever White plays: no mistake
        // of that move.
        let [_, open] = count_game("h8a1i8b1j8c1k8a15h9", 0, 15, Rule::Freestyle, &mut check);
        assert_eq!((open.ignored_four, open.lost_already), (0, 1), "{open:?}");
    }
}
