//! The threat situation of a position: for each side a few flags read
//! from [`State`]'s counts of threat points (can it make an open three,
//! two different ones, a four, a double threat, an open four), and the
//! pair of flag sets, the side to move's and the opponent's, as an index
//! into a learned table.
//!
//! The shape values are a sum over points, so they cannot say that an
//! open-four point is worth little when the opponent holds a four to
//! answer with, or that two ways to make an open three are worth more
//! than twice one. The table prices such combinations of both sides'
//! strongest threats directly.

use super::super::shape::combo;
use super::super::state::State;
use crate::rules::Rule;

/// Flag: the side can make an open three.
pub const FLEX3: u8 = 1;
/// Flag: it can make an open three at two points or more.
pub const FLEX3_TWICE: u8 = 2;
/// Flag: it can make a four (of any kind).
pub const FOUR: u8 = 4;
/// Flag: it has a double-threat point (four-three, or double three where
/// the side may make one).
pub const DOUBLE: u8 = 8;
/// Flag: it can make an open four (or a double four).
pub const FLEX4: u8 = 16;

/// Number of flags per side.
pub const FLAGS: usize = 5;

/// Number of flag sets per side.
pub const SETS: usize = 1 << FLAGS;

/// Number of table entries: a flag set for each side.
pub const CELLS: usize = SETS * SETS;

/// The flags' names, lowest bit first, as weights files write them.
pub const NAMES: [&str; FLAGS] = ["F3", "F3x2", "B4", "DT", "F4"];

/// The flag set of `side`; `restricted` when its double threes are
/// forbidden (Black under Renju).
#[inline]
#[must_use]
pub fn flags(st: &State, side: usize, restricted: bool) -> u8 {
    let threes = st.count(side, combo::FLEX3) + st.count(side, combo::FLEX3_PLUS);
    let doubles = st.count(side, combo::FOUR_THREE)
        + if restricted {
            0
        } else {
            st.count(side, combo::THREE_THREE)
        };
    let mut f = 0;
    if threes > 0 {
        f |= FLEX3;
    }
    if threes > 1 {
        f |= FLEX3_TWICE;
    }
    if st.count_at_least(side, combo::BLOCK4) > 0 {
        f |= FOUR;
    }
    if doubles > 0 {
        f |= DOUBLE;
    }
    if st.count(side, combo::FLEX4) > 0 {
        f |= FLEX4;
    }
    f
}

/// The table index of `st`: the side to move's flag set times [`SETS`]
/// plus the opponent's.
#[inline]
#[must_use]
pub fn index(st: &State) -> usize {
    let me = st.to_move();
    let renju_black = |side: usize| st.rule() == Rule::Renju && side == 0;
    usize::from(flags(st, me, renju_black(me))) * SETS
        + usize::from(flags(st, me ^ 1, renju_black(me ^ 1)))
}

/// The flag set's name: its flags joined by `+`, or `none`.
#[must_use]
pub fn set_name(set: usize) -> String {
    let names: Vec<&str> = (0..FLAGS)
        .filter(|b| set >> b & 1 == 1)
        .map(|b| NAMES[b])
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join("+")
    }
}

/// The flag set named `name` (as [`set_name`] writes it).
#[must_use]
pub fn parse_set(name: &str) -> Option<usize> {
    if name == "none" {
        return Some(0);
    }
    name.split('+').try_fold(0usize, |set, flag| {
        let b = NAMES.iter().position(|&n| n == flag)?;
        (set >> b & 1 == 0).then_some(set | 1 << b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Point, Stone};

    fn state(moves: &[(u8, u8)], rule: Rule) -> State {
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, rule);
        for &(x, y) in moves {
            st.make(st.cell(Point::new(x, y)));
        }
        st
    }

    #[test]
    fn names_read_back() {
        for set in 0..SETS {
            assert_eq!(parse_set(&set_name(set)), Some(set));
        }
        assert_eq!(parse_set("F3+F3"), None);
        assert_eq!(parse_set("F5"), None);
        assert_eq!(parse_set(""), None);
    }

    #[test]
    fn flags_follow_the_threats_on_the_board() {
        // Black has an open two on row 7 (f8 g8 with h8 empty): two
        // points make an open three, none a four.
        let st = state(&[(5, 7), (0, 0), (6, 7), (0, 14)], Rule::Freestyle);
        let black = flags(&st, 0, false);
        assert_eq!(black & (FLEX3 | FLEX3_TWICE), FLEX3 | FLEX3_TWICE);
        assert_eq!(black & (FOUR | FLEX4 | DOUBLE), 0);
        assert_eq!(flags(&st, 1, false), 0);
        assert_eq!(index(&st), usize::from(black) * SETS);
        // An open three: Black can make an open four and a four; White,
        // to move, sees it as the opponent's set.
        let st = state(&[(5, 7), (0, 0), (6, 7), (0, 14), (7, 7)], Rule::Freestyle);
        let black = flags(&st, 0, false);
        assert_eq!(black & (FOUR | FLEX4), FOUR | FLEX4);
        assert_eq!(index(&st), usize::from(black));
    }

    #[test]
    fn renju_black_double_threes_are_not_double_threats() {
        // Two open twos crossing at h8 (7, 7): a double-three point.
        let moves = [
            (5, 7),
            (0, 0),
            (6, 7),
            (0, 14),
            (7, 5),
            (14, 0),
            (7, 6),
            (14, 14),
        ];
        let free = state(&moves, Rule::Freestyle);
        assert_ne!(flags(&free, 0, false) & DOUBLE, 0);
        assert_eq!(flags(&free, 0, true) & DOUBLE, 0);
    }
}
