//! A position's key under the board's eight symmetries: the same number
//! for a position and every turned or mirrored image of it, so one book
//! entry serves all eight, and the symmetry that carries the position to
//! the entry's own orientation.
//!
//! The key is a sum of a fixed hash of every stone (point and colour), so
//! it does not depend on the order the stones were played in; it is our
//! own mixing function, not the search's Zobrist table, so a book stays
//! valid when the engine's tables change.

use crate::rules::{Board, Point, Rule, Stone, Symmetry};

/// A well-mixed 64-bit value of `x` (the splitmix64 finaliser): nearby
/// inputs give unrelated outputs, so sums of them rarely collide.
#[must_use]
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The number a rule has in keys and book files.
#[must_use]
pub fn rule_code(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The key of `board` under `rule` as it stands, after turning it by `s`.
#[must_use]
pub fn key_under(board: &Board, rule: Rule, s: Symmetry) -> u64 {
    let size = board.size();
    let base = mix(u64::from(size) << 8 | u64::from(rule_code(rule)));
    board.stones().fold(base, |acc, (p, stone)| {
        let q = s.apply(p, size);
        let colour = u64::from(stone == Stone::White);
        let code = (u64::from(q.y) * u64::from(size) + u64::from(q.x)) * 2 + colour;
        acc.wrapping_add(mix(code + 1_000))
    })
}

/// The position's key (the least over the eight symmetries) and a
/// symmetry that turns the board into the orientation the key was taken
/// in. Book moves are stored in that orientation.
#[must_use]
pub fn canonical(board: &Board, rule: Rule) -> (u64, Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|s| (key_under(board, rule, s), s))
        .min_by_key(|&(k, _)| k)
        .expect("eight symmetries")
}

/// `p` of the board as it stands, in the key's orientation.
#[must_use]
pub fn to_canonical(p: Point, s: Symmetry, size: u8) -> Point {
    s.apply(p, size)
}

/// `p` of the key's orientation, on the board as it stands.
#[must_use]
pub fn from_canonical(p: Point, s: Symmetry, size: u8) -> Point {
    s.inverse().apply(p, size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn board_of(moves: &[(u8, u8)], size: u8) -> Board {
        let mut b = Board::new(size).unwrap();
        for (i, &(x, y)) in moves.iter().enumerate() {
            let stone = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            let _ = b.place(Point::new(x, y), stone);
        }
        b
    }

    proptest! {
        /// Every image of a position has the same key, and the symmetry
        /// returned for each image maps its stones onto the same stones.
        #[test]
        fn images_share_a_key(moves in prop::collection::vec((0u8..15, 0u8..15), 0..12)) {
            let b = board_of(&moves, 15);
            let (k, s0) = canonical(&b, Rule::Freestyle);
            let mut canon: Vec<_> = b.stones().map(|(p, c)| (to_canonical(p, s0, 15), c)).collect();
            canon.sort_by_key(|&(p, c)| (p.y, p.x, c == Stone::White));
            for s in Symmetry::ALL {
                let img = s.apply_board(&b).unwrap();
                let (ki, si) = canonical(&img, Rule::Freestyle);
                prop_assert_eq!(ki, k);
                let mut c2: Vec<_> = img.stones().map(|(p, c)| (to_canonical(p, si, 15), c)).collect();
                c2.sort_by_key(|&(p, c)| (p.y, p.x, c == Stone::White));
                prop_assert_eq!(&c2, &canon);
                for (p, _) in img.stones() {
                    prop_assert_eq!(from_canonical(to_canonical(p, si, 15), si, 15), p);
                }
            }
        }
    }

    #[test]
    fn colour_rule_and_size_change_the_key() {
        let a = board_of(&[(7, 7), (8, 8)], 15);
        let b = board_of(&[(8, 8), (7, 7)], 15);
        assert_ne!(
            canonical(&a, Rule::Freestyle).0,
            canonical(&b, Rule::Freestyle).0
        );
        assert_ne!(
            canonical(&a, Rule::Freestyle).0,
            canonical(&a, Rule::Renju).0
        );
        let c = board_of(&[(7, 7), (8, 8)], 16);
        assert_ne!(
            canonical(&a, Rule::Freestyle).0,
            canonical(&c, Rule::Freestyle).0
        );
        // The order of play does not matter.
        let d = board_of(&[(7, 7), (8, 8), (6, 6), (9, 9)], 15);
        let e = board_of(&[(6, 6), (9, 9), (7, 7), (8, 8)], 15);
        assert_eq!(
            canonical(&d, Rule::Freestyle).0,
            canonical(&e, Rule::Freestyle).0
        );
    }
}
