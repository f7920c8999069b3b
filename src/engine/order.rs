//! The values of the move ordering's static score, learned: a value for the side to
//! move making each *shape* at a point, one for taking each shape from the
//! opponent there, and one per distance from each side's last move. The
//! values are fitted by `gomoku-tune policy` to the moves the engine
//! played (see `docs/training.md`) and kept in `order.txt` beside this
//! file, in the units of the hand-made ordering they replaced, so that the
//! history and killer bonuses keep their weight beside them. The score
//! itself is [`super::movegen::Orderer`]'s; the pattern tables fold the
//! shape values into their lookups.

use super::shapefile::{self, ShapeTable};
use std::sync::OnceLock;

/// The committed ordering file.
pub const ORDER_TEXT: &str = include_str!("order.txt");

/// FNV-1a hash of `order.txt` as committed: a test checks the file against
/// it, so the values cannot change without this line saying so.
pub const ORDER_FNV: u64 = 0x4aab_956e_4417_65d5;

/// Distance buckets: Chebyshev distance 1, 2, 3, 4, 5 or more, and "no
/// such move" (the first moves of a game).
pub const DIST_BUCKETS: usize = 6;

/// Names of the distance terms in `order.txt`: to the opponent's last move
/// (the move just played), then to the side to move's own last move.
pub const TERMS: [&str; 2 * DIST_BUCKETS] = [
    "opp_last_1",
    "opp_last_2",
    "opp_last_3",
    "opp_last_4",
    "opp_last_5",
    "opp_last_none",
    "own_last_1",
    "own_last_2",
    "own_last_3",
    "own_last_4",
    "own_last_5",
    "own_last_none",
];

/// The learned ordering values, in the hand-made ordering's units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderWeights {
    /// Worth of the side to move making each shape, by shape index.
    pub own: Vec<i32>,
    /// Worth of taking a point where the opponent would make each shape.
    pub block: Vec<i32>,
    /// Worth by distance bucket to the opponent's last move, then to the
    /// side to move's own last move ([`TERMS`]'s order).
    pub near: [i32; 2 * DIST_BUCKETS],
}

impl OrderWeights {
    /// The values the engine plays with: `order.txt`, read once.
    ///
    /// # Panics
    /// When the committed file does not parse (a test guards this).
    pub fn builtin() -> &'static OrderWeights {
        static W: OnceLock<OrderWeights> = OnceLock::new();
        W.get_or_init(|| OrderWeights::parse(ORDER_TEXT).expect("order.txt parses"))
    }

    /// Reads an ordering file: `#` comments, one line per term of
    /// [`TERMS`] and one line per shape `P1 P2 P3 P4 OWN BLOCK`.
    ///
    /// # Errors
    /// The 1-based line and what is wrong with it, or the first shape or
    /// term that is missing.
    pub fn parse(text: &str) -> Result<OrderWeights, String> {
        let t = shapefile::parse(text, "ordering", &TERMS)?;
        let mut near = [0; 2 * DIST_BUCKETS];
        near.copy_from_slice(&t.terms);
        Ok(OrderWeights {
            own: t.first,
            block: t.second,
            near,
        })
    }

    /// The file text of these values under the comment lines `header`.
    #[must_use]
    pub fn to_text(&self, header: &[String]) -> String {
        let table = ShapeTable {
            first: self.own.clone(),
            second: self.block.clone(),
            terms: self.near.to_vec(),
        };
        shapefile::write(&table, header, &TERMS, "own  block")
    }
}

/// The distance bucket of two points' Chebyshev distance `d` (at least 1:
/// the points differ).
#[inline]
#[must_use]
pub fn distance_bucket(d: u8) -> usize {
    usize::from(d.clamp(1, 5)) - 1
}

#[cfg(test)]
mod tests {
    use super::super::shapefile::fnv1a;
    use super::*;

    #[test]
    fn the_committed_file_loads_and_matches_its_checksum() {
        let w = OrderWeights::parse(ORDER_TEXT).expect("order.txt parses");
        assert_eq!(
            fnv1a(ORDER_TEXT.as_bytes()),
            ORDER_FNV,
            "order.txt changed: put its new checksum {:#018x} in ORDER_FNV",
            fnv1a(ORDER_TEXT.as_bytes())
        );
        assert_eq!(OrderWeights::parse(&w.to_text(&[])).unwrap(), w);
    }

    #[test]
    fn distances_fall_in_their_buckets() {
        assert_eq!(distance_bucket(1), 0);
        assert_eq!(distance_bucket(4), 3);
        assert_eq!(distance_bucket(5), 4);
        assert_eq!(distance_bucket(14), 4);
    }
}
