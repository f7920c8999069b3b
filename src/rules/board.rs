//! The board: a square grid of intersections holding stones.

use super::{zobrist_key, Point, Stone};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Smallest supported board side.
pub const MIN_SIZE: u8 = 15;
/// Largest supported board side (Gomocup freestyle plays on 20 × 20).
pub const MAX_SIZE: u8 = 20;
/// The board most people play on.
pub const STANDARD_SIZE: u8 = 15;

/// Why a board operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The size is outside [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[error("unsupported board size {0} (supported: {MIN_SIZE} to {MAX_SIZE})")]
    UnsupportedSize(u32),
    /// The point lies outside the board.
    #[error("point ({x}, {y}) is off the {size}x{size} board")]
    OffBoard {
        /// Column asked for.
        x: u32,
        /// Row asked for.
        y: u32,
        /// Board side.
        size: u8,
    },
    /// The point already holds a stone.
    #[error("point ({}, {}) is already occupied", .0.x, .0.y)]
    Occupied(Point),
    /// Removing a stone from an empty point.
    #[error("point ({}, {}) is empty", .0.x, .0.y)]
    Empty(Point),
}

/// A square board with its stones and an incrementally kept Zobrist hash
/// of the stones (the side to move is not part of it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Stone>>,
    stones: usize,
    hash: u64,
}

impl Board {
    /// An empty board of `size` × `size`.
    ///
    /// # Errors
    /// [`BoardError::UnsupportedSize`] unless `MIN_SIZE <= size <= MAX_SIZE`.
    pub fn new(size: u8) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::UnsupportedSize(u32::from(size)));
        }
        Ok(Board {
            size,
            cells: vec![None; usize::from(size) * usize::from(size)],
            stones: 0,
            hash: 0,
        })
    }

    /// An empty standard 15 × 15 board.
    #[must_use]
    pub fn standard() -> Board {
        Board::new(STANDARD_SIZE).expect("standard size is supported")
    }

    /// Side length.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of intersections.
    #[must_use]
    pub fn area(&self) -> usize {
        self.cells.len()
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Number of stones of one colour.
    #[must_use]
    pub fn count(&self, stone: Stone) -> usize {
        self.cells.iter().filter(|c| **c == Some(stone)).count()
    }

    /// True when every intersection holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// Zobrist hash of the stones.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// True when `p` lies on the board.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    /// Checks that `(x, y)` lies on the board and returns it as a point.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] otherwise.
    pub fn point(&self, x: u32, y: u32) -> Result<Point, BoardError> {
        if x < u32::from(self.size) && y < u32::from(self.size) {
            Ok(Point::new(x as u8, y as u8))
        } else {
            Err(BoardError::OffBoard {
                x,
                y,
                size: self.size,
            })
        }
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size) + usize::from(p.x)
    }

    /// The stone at `p`, `None` when empty or off the board.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Stone> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// True when `p` is on the board and empty.
    #[must_use]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.cells[self.index(p)].is_none()
    }

    /// Puts `stone` on the empty point `p`.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] or [`BoardError::Occupied`]; the board is
    /// unchanged.
    pub fn place(&mut self, p: Point, stone: Stone) -> Result<(), BoardError> {
        self.check_on_board(p)?;
        let i = self.index(p);
        if self.cells[i].is_some() {
            return Err(BoardError::Occupied(p));
        }
        self.cells[i] = Some(stone);
        self.stones += 1;
        self.hash ^= zobrist_key(p, stone);
        Ok(())
    }

    /// Takes the stone off `p` and returns it.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] or [`BoardError::Empty`]; the board is
    /// unchanged.
    pub fn remove(&mut self, p: Point) -> Result<Stone, BoardError> {
        self.check_on_board(p)?;
        let i = self.index(p);
        let stone = self.cells[i].ok_or(BoardError::Empty(p))?;
        self.cells[i] = None;
        self.stones -= 1;
        self.hash ^= zobrist_key(p, stone);
        Ok(stone)
    }

    fn check_on_board(&self, p: Point) -> Result<(), BoardError> {
        if self.contains(p) {
            Ok(())
        } else {
            Err(BoardError::OffBoard {
                x: u32::from(p.x),
                y: u32::from(p.y),
                size: self.size,
            })
        }
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let s = self.size;
        (0..s).flat_map(move |y| (0..s).map(move |x| Point::new(x, y)))
    }

    /// Every stone with its point, row by row from the top.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        self.points().filter_map(|p| self.get(p).map(|s| (p, s)))
    }

    /// The side to move if the stones were played alternately from the
    /// empty board with Black first: Black when the counts are equal,
    /// White when Black has one more, `None` for any other count.
    #[must_use]
    pub fn side_to_move_by_count(&self) -> Option<Stone> {
        let black = self.count(Stone::Black);
        let white = self.count(Stone::White);
        if black == white {
            Some(Stone::Black)
        } else if black == white + 1 {
            Some(Stone::White)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert_eq!(Board::new(14), Err(BoardError::UnsupportedSize(14)));
        assert_eq!(Board::new(21), Err(BoardError::UnsupportedSize(21)));
        assert!(Board::new(15).is_ok());
        assert!(Board::new(20).is_ok());
    }

    #[test]
    fn place_and_remove_restore_the_hash() {
        let mut b = Board::standard();
        let p = Point::new(7, 7);
        b.place(p, Stone::Black).unwrap();
        assert_ne!(b.hash(), 0);
        assert_eq!(b.place(p, Stone::White), Err(BoardError::Occupied(p)));
        assert_eq!(b.remove(p), Ok(Stone::Black));
        assert_eq!(b.hash(), 0);
        assert_eq!(b.remove(p), Err(BoardError::Empty(p)));
    }

    #[test]
    fn off_board_points_are_errors_not_panics() {
        let mut b = Board::standard();
        assert!(matches!(
            b.place(Point::new(15, 0), Stone::Black),
            Err(BoardError::OffBoard { .. })
        ));
        assert!(b.point(0, 15).is_err());
        assert_eq!(b.get(Point::new(200, 3)), None);
        assert_eq!(b.stone_count(), 0);
    }
}
