//! Points on the board and the four line directions.

use serde::{Deserialize, Serialize};

/// An intersection of the board, 0-based. `x` grows to the right (column
/// `a` is `x = 0`), `y` grows downwards (the top row is `y = 0`), as the
/// Gomocup protocol counts them. Human notation numbers rows from the
/// bottom; see [`crate::rules::point_name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point `steps` steps away along `dir`, if it lies on a board of
    /// `size` × `size`.
    #[must_use]
    pub fn step(self, dir: Direction, steps: i32, size: u8) -> Option<Point> {
        let x = i32::from(self.x) + dir.dx * steps;
        let y = i32::from(self.y) + dir.dy * steps;
        let s = i32::from(size);
        if (0..s).contains(&x) && (0..s).contains(&y) {
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// Chebyshev distance (king moves) between two points.
    #[must_use]
    pub fn distance(self, other: Point) -> u8 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }
}

/// One of the four line directions a five can run along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Direction {
    /// Column step.
    pub dx: i32,
    /// Row step.
    pub dy: i32,
}

/// The four directions: horizontal, vertical, diagonal (down-right) and
/// anti-diagonal (up-right). Their opposites give the same lines.
pub const DIRECTIONS: [Direction; 4] = [
    Direction { dx: 1, dy: 0 },
    Direction { dx: 0, dy: 1 },
    Direction { dx: 1, dy: 1 },
    Direction { dx: 1, dy: -1 },
];
