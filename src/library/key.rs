//! A position's key in the library: the same for a position however the
//! board is turned or mirrored, so a line studied from one corner is found
//! again from any other.
//!
//! The key holds the rule, the board's side, the side to move and the
//! stones of the *canonical* board: of the eight images of the position
//! under the board's symmetries, the one whose sorted stone list is
//! smallest. [`Canonical`] also remembers which symmetry took the shown
//! board there, so points stored in the library's orientation (moves,
//! labels, an engine's line) are turned back into the board's.

use crate::rules::{Board, Point, Rule, Stone, Symmetry};

/// The bytes that identify one position in the library: rule, side,
/// side to move, then each stone as a big-endian `u16`
/// (`2 × (y × side + x) + colour`), sorted. Byte order is the order of
/// the stone lists, so the smallest image is the smallest key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey(Vec<u8>);

impl PositionKey {
    /// The stored bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// A key from stored bytes (no check: keys are only compared).
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>) -> PositionKey {
        PositionKey(bytes)
    }
}

/// A position's key with the way from the shown board to the library's
/// orientation and back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canonical {
    /// The key.
    pub key: PositionKey,
    /// The board's side.
    size: u8,
    /// The first symmetry (in [`Symmetry::ALL`] order) that takes the
    /// shown board to the canonical one.
    to_canonical: Symmetry,
    /// Every symmetry that does (more than one when the position is
    /// symmetric, as the empty board or a lone centre stone is).
    all: Vec<Symmetry>,
}

/// The rule's byte in a key (and in stored games).
#[must_use]
pub fn rule_byte(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The rule a key's byte names.
#[must_use]
pub fn rule_of_byte(byte: u8) -> Option<Rule> {
    match byte {
        0 => Some(Rule::Freestyle),
        1 => Some(Rule::Standard),
        2 => Some(Rule::Renju),
        _ => None,
    }
}

/// A point's number on a board of side `size` (`y × size + x`), as stored.
#[must_use]
pub fn point_index(p: Point, size: u8) -> u16 {
    u16::from(p.y) * u16::from(size) + u16::from(p.x)
}

/// The point a stored number names on a board of side `size`, if it is on
/// the board.
#[must_use]
pub fn point_of_index(index: i64, size: u8) -> Option<Point> {
    let size = i64::from(size);
    if (0..size * size).contains(&index) {
        Some(Point::new((index % size) as u8, (index / size) as u8))
    } else {
        None
    }
}

/// The sorted stone codes of `board` seen through `s`.
fn image(board: &Board, s: Symmetry) -> Vec<u16> {
    let size = board.size();
    let mut codes: Vec<u16> = board
        .stones()
        .map(|(p, stone)| {
            let q = s.apply(p, size);
            point_index(q, size) * 2 + u16::from(stone == Stone::White)
        })
        .collect();
    codes.sort_unstable();
    codes
}

impl Canonical {
    /// The key of `board` with `to_move` to play under `rule`.
    #[must_use]
    pub fn of(board: &Board, to_move: Stone, rule: Rule) -> Canonical {
        let images: Vec<Vec<u16>> = Symmetry::ALL.iter().map(|&s| image(board, s)).collect();
        let best = images.iter().min().cloned().unwrap_or_default();
        let all: Vec<Symmetry> = Symmetry::ALL
            .iter()
            .zip(&images)
            .filter(|(_, img)| **img == best)
            .map(|(&s, _)| s)
            .collect();
        let mut bytes = Vec::with_capacity(3 + 2 * best.len());
        bytes.push(rule_byte(rule));
        bytes.push(board.size());
        bytes.push(u8::from(to_move == Stone::White));
        for code in best {
            bytes.extend_from_slice(&code.to_be_bytes());
        }
        Canonical {
            key: PositionKey(bytes),
            size: board.size(),
            to_canonical: all[0],
            all,
        }
    }

    /// The board's side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// `p` of the shown board in the library's orientation (labels, lines).
    #[must_use]
    pub fn to_library(&self, p: Point) -> Point {
        self.to_canonical.apply(p, self.size)
    }

    /// `p` of the library's orientation on the shown board.
    #[must_use]
    pub fn to_board(&self, p: Point) -> Point {
        self.to_canonical.inverse().apply(p, self.size)
    }

    /// The class of the move `p` of the shown board, in the library's
    /// orientation: on a symmetric position, moves that lead to the same
    /// position up to symmetry (i9 and g7 after h8) have one class, the
    /// smallest of their images. The explorer shows such moves once.
    #[must_use]
    pub fn move_class(&self, p: Point) -> Point {
        self.all
            .iter()
            .map(|s| s.apply(p, self.size))
            .min_by_key(|q| point_index(*q, self.size))
            .unwrap_or(p)
    }

    /// True when the position looks the same under some turn or mirror.
    #[must_use]
    pub fn is_symmetric(&self) -> bool {
        self.all.len() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    fn board_of(moves: &str) -> Board {
        let mut b = Board::standard();
        for (i, p) in parse_moves(moves, 15).unwrap().into_iter().enumerate() {
            let s = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            b.place(p, s).unwrap();
        }
        b
    }

    #[test]
    fn every_image_of_a_position_has_one_key_and_moves_map_back() {
        let b = board_of("h8i9j7g8");
        let c = Canonical::of(&b, Stone::Black, Rule::Renju);
        for s in Symmetry::ALL {
            let t = s.apply_board(&b).unwrap();
            let ct = Canonical::of(&t, Stone::Black, Rule::Renju);
            assert_eq!(ct.key, c.key, "{s:?}");
            // A move on the turned board is the same library move.
            let p = Point::new(3, 4);
            assert_eq!(ct.move_class(s.apply(p, 15)), c.move_class(p), "{s:?}");
            // And a library point comes back where it belongs.
            let lib = ct.to_library(s.apply(p, 15));
            assert_eq!(ct.to_board(lib), s.apply(p, 15));
        }
    }

    #[test]
    fn rule_size_and_side_to_move_are_part_of_the_key() {
        let b = board_of("h8i9");
        let k = |r, s| Canonical::of(&b, s, r).key;
        assert_ne!(
            k(Rule::Renju, Stone::Black),
            k(Rule::Freestyle, Stone::Black)
        );
        assert_ne!(k(Rule::Renju, Stone::Black), k(Rule::Renju, Stone::White));
        let mut big = Board::new(19).unwrap();
        big.place(Point::new(7, 7), Stone::Black).unwrap();
        big.place(Point::new(8, 6), Stone::White).unwrap();
        assert_ne!(
            Canonical::of(&big, Stone::Black, Rule::Renju).key,
            k(Rule::Renju, Stone::Black)
        );
    }

    #[test]
    fn symmetric_replies_are_one_library_move() {
        let c = Canonical::of(&board_of("h8"), Stone::White, Rule::Freestyle);
        assert!(c.is_symmetric());
        let diagonals = ["i9", "g7", "g9", "i7"].map(|m| parse_moves(m, 15).unwrap()[0]);
        let first = c.move_class(diagonals[0]);
        for d in diagonals {
            assert_eq!(c.move_class(d), first);
        }
        let direct = c.move_class(parse_moves("h9", 15).unwrap()[0]);
        assert_ne!(direct, first);
    }

    #[test]
    fn stored_point_numbers_round_trip() {
        for size in [15u8, 20] {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x, y);
                    assert_eq!(
                        point_of_index(i64::from(point_index(p, size)), size),
                        Some(p)
                    );
                }
            }
            assert_eq!(
                point_of_index(i64::from(size) * i64::from(size), size),
                None
            );
            assert_eq!(point_of_index(-1, size), None);
        }
    }
}
