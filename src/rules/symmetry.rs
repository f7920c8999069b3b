//! The eight symmetries of a square board, used to check that positions
//! are judged the same way however they are turned or mirrored.

use super::{Board, BoardError, Point};

/// One of the eight rotations and reflections of a square board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// The image of `p` on a board of side `size`.
    #[must_use]
    pub fn apply(self, p: Point, size: u8) -> Point {
        let m = size - 1;
        let (x, y) = if self.0 & 4 != 0 {
            (p.y, p.x)
        } else {
            (p.x, p.y)
        };
        let x = if self.0 & 1 != 0 { m - x } else { x };
        let y = if self.0 & 2 != 0 { m - y } else { y };
        Point::new(x, y)
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        // Flips are their own inverse; with a transpose, the flips swap axes.
        if self.0 & 4 != 0 {
            let fx = self.0 & 1;
            let fy = (self.0 >> 1) & 1;
            Symmetry(4 | (fx << 1) | fy)
        } else {
            self
        }
    }

    /// The transformed board.
    ///
    /// # Errors
    /// Only if `board` were inconsistent; never for a valid board.
    pub fn apply_board(self, board: &Board) -> Result<Board, BoardError> {
        let mut out = Board::new(board.size())?;
        for (p, s) in board.stones() {
            out.place(self.apply(p, board.size()), s)?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_is_a_bijection_with_an_inverse() {
        for s in Symmetry::ALL {
            let mut seen = std::collections::HashSet::new();
            for y in 0..15 {
                for x in 0..15 {
                    let p = Point::new(x, y);
                    let q = s.apply(p, 15);
                    assert!(seen.insert(q));
                    assert_eq!(s.inverse().apply(q, 15), p, "{s:?}");
                }
            }
        }
    }
}
