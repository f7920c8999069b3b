//! The threat situation of a position: for each side a few flags read
//! from its counts of threat points, which the engine's `State` keeps
//! (can it make an open three, two different ones, a four, a double
//! threat, an open four), and the pair of flag sets, the side to move's
//! and the opponent's, as an index into a learned table.
//!
//! The shape values are a sum over points, so they cannot say that an
//! open-four point is worth little when the opponent holds a four to
//! answer with, or that two ways to make an open three are worth more
//! than twice one. The table prices such combinations of both sides'
//! strongest threats directly.

use super::super::shape::combo;

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

/// The flag set of a side from its number of empty points per
/// combination code; `restricted` when its double threes are forbidden
/// (Black under Renju).
#[inline]
#[must_use]
pub fn flags(counts: &[u16; combo::COUNT], restricted: bool) -> u8 {
    let count = |code: u8| counts[usize::from(code)];
    let threes = count(combo::FLEX3) + count(combo::FLEX3_PLUS);
    let doubles = count(combo::FOUR_THREE)
        + if restricted {
            0
        } else {
            count(combo::THREE_THREE)
        };
    let mut f = 0;
    if threes > 0 {
        f |= FLEX3;
    }
    if threes > 1 {
        f |= FLEX3_TWICE;
    }
    if combo::count_at_least(counts, combo::BLOCK4) > 0 {
        f |= FOUR;
    }
    if doubles > 0 {
        f |= DOUBLE;
    }
    if count(combo::FLEX4) > 0 {
        f |= FLEX4;
    }
    f
}

/// The table index of a position whose side to move has the flag set
/// `sets[0]` and whose opponent has `sets[1]`.
#[inline]
#[must_use]
pub fn index(sets: [u8; 2]) -> usize {
    usize::from(sets[0]) * SETS + usize::from(sets[1])
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
    fn every_four_code_makes_the_four_flag() {
        // A four-three or an open-four point is a four point too.
        for code in [
            combo::BLOCK4,
            combo::BLOCK4_PLUS,
            combo::FOUR_THREE,
            combo::FLEX4,
        ] {
            let mut counts = [0; combo::COUNT];
            counts[usize::from(code)] = 1;
            assert_ne!(flags(&counts, false) & FOUR, 0, "code {code}");
        }
        assert_eq!(flags(&[0; combo::COUNT], false), 0);
        assert_eq!(
            index([FLEX3, FOUR]),
            usize::from(FLEX3) * SETS + usize::from(FOUR)
        );
    }
}
