//! The engine's vocabulary of threats, shared by the pattern tables
//! ([`super::pattern`]) and the evaluation ([`super::eval`]): what playing a
//! point makes on one line (a *pattern*), what it makes over its four lines
//! (a *combination* code), and the *shape* of a point (the multiset of its
//! four patterns, which the learned weights value). It imports nothing of
//! the engine: the weights need these names to be read, and the pattern
//! tables need the weights (they fold the learned values into their
//! lookups), so the names cannot live in either without a circle.

use std::sync::OnceLock;

/// What playing a point makes on one line, weakest first.
pub mod pat {
    /// No five can ever be made through this point on this line.
    pub const DEAD: u8 = 0;
    /// One stone with room for a five on one side only.
    pub const B1: u8 = 1;
    /// One stone with room to grow either way.
    pub const F1: u8 = 2;
    /// A closed two.
    pub const B2: u8 = 3;
    /// An open two.
    pub const F2: u8 = 4;
    /// An open two with several ways to become an open three.
    pub const F2B: u8 = 5;
    /// A closed three: one move from a four.
    pub const B3: u8 = 6;
    /// An open (or split) three: one move from an open four.
    pub const F3: u8 = 7;
    /// A four: one point makes five.
    pub const B4: u8 = 8;
    /// An open four (or a line with two five points).
    pub const F4: u8 = 9;
    /// A five (exactly five under the standard rule).
    pub const F5: u8 = 10;
    /// Number of patterns.
    pub const COUNT: usize = 11;
}

/// What playing a point makes over all four lines, strongest first in
/// value (higher codes are stronger threats).
pub mod combo {
    /// Nothing of note.
    pub const NONE: u8 = 0;
    /// An open three in one line.
    pub const FLEX3: u8 = 1;
    /// An open three plus a closed three.
    pub const FLEX3_PLUS: u8 = 2;
    /// Two open threes: a double three.
    pub const THREE_THREE: u8 = 3;
    /// A single four.
    pub const BLOCK4: u8 = 4;
    /// A four plus a closed three or open two.
    pub const BLOCK4_PLUS: u8 = 5;
    /// A four and an open three: four-three.
    pub const FOUR_THREE: u8 = 6;
    /// An open four or a double four: wins unless the opponent makes five.
    pub const FLEX4: u8 = 7;
    /// A five.
    pub const FIVE: u8 = 8;
    /// Number of combination codes.
    pub const COUNT: usize = 9;

    /// Number of points, of a side's `counts` per code, whose code is at
    /// least `code` (the codes are ordered by strength).
    #[inline]
    #[must_use]
    pub fn count_at_least(counts: &[u16; COUNT], code: u8) -> u32 {
        counts[usize::from(code)..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }
}

/// Index of four line patterns, in order, in the per-combination tables
/// (base [`pat::COUNT`], first pattern most significant).
#[inline]
#[must_use]
pub fn combo_index(p: [u8; 4]) -> usize {
    let n = pat::COUNT;
    ((usize::from(p[0]) * n + usize::from(p[1])) * n + usize::from(p[2])) * n + usize::from(p[3])
}

/// Number of shapes: multisets of four patterns out of [`pat::COUNT`]
/// (C(11 + 3, 4)).
pub const SHAPES: usize = 1001;

/// Short names of the patterns, weakest first, as `weights.txt` writes
/// them.
pub const PATTERN_NAMES: [&str; pat::COUNT] = [
    "DEAD", "B1", "F1", "B2", "F2", "F2B", "B3", "F3", "B4", "F4", "F5",
];

/// Every shape, as its patterns in ascending order, in index order.
fn shape_list() -> &'static [[u8; 4]] {
    static LIST: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    LIST.get_or_init(|| {
        let n = pat::COUNT as u8;
        let mut v = Vec::with_capacity(SHAPES);
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
        debug_assert_eq!(v.len(), SHAPES);
        v
    })
}

/// The patterns of shape `index`, ascending.
#[must_use]
pub fn shape_patterns(index: usize) -> [u8; 4] {
    shape_list()[index]
}

/// The shape index of four patterns in any order.
#[must_use]
pub fn shape_index(mut p: [u8; 4]) -> usize {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    let table = INDEX.get_or_init(|| {
        let n = pat::COUNT;
        let mut t = vec![0u16; n * n * n * n];
        for (i, s) in shape_list().iter().enumerate() {
            t[combo_index(*s)] = i as u16;
        }
        t
    });
    p.sort_unstable();
    usize::from(table[combo_index(p)])
}

/// Shape `index` written as its four pattern names.
#[must_use]
pub fn shape_name(index: usize) -> String {
    let p = shape_patterns(index);
    p.iter()
        .map(|&x| PATTERN_NAMES[usize::from(x)])
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_every_multiset_once() {
        let mut seen = vec![false; SHAPES];
        for a in 0..pat::COUNT as u8 {
            for b in 0..pat::COUNT as u8 {
                for c in 0..pat::COUNT as u8 {
                    for d in 0..pat::COUNT as u8 {
                        let s = shape_index([a, b, c, d]);
                        assert_eq!(s, shape_index([d, b, a, c]));
                        let mut sorted = [a, b, c, d];
                        sorted.sort_unstable();
                        assert_eq!(shape_patterns(s), sorted);
                        seen[s] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&x| x));
    }
}
