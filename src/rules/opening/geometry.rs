//! Where an opening sits on the board and when two points are the same
//! point of a position turned or mirrored.
//!
//! Openings are centred on the board's centre point, `size / 2` on each
//! axis (on an even board that is the lower-right of the four middle
//! points, as the match runner counts it). The symmetries used here turn
//! the board about that point rather than about the board's geometric
//! middle, so an opening and its images stay centred on every board size;
//! an image that would fall off the board is simply not an image.

use crate::rules::{Board, Point, Symmetry};

/// The centre point of a board of side `size`: the first stone of every
/// named opening and of the Renju opening rules.
#[must_use]
pub fn centre(size: u8) -> Point {
    Point::new(size / 2, size / 2)
}

/// The offset `(dx, dy)` turned by `s` (the same turn [`Symmetry::apply`]
/// makes of a point about a board's middle).
#[must_use]
pub fn turn_offset(s: Symmetry, dx: i32, dy: i32) -> (i32, i32) {
    // A virtual board of side 2R+1 has its middle at (R, R): turning the
    // point R+offset there turns the offset about the middle.
    const R: i32 = 40;
    let p = Point::new((R + dx) as u8, (R + dy) as u8);
    let q = s.apply(p, (2 * R + 1) as u8);
    (i32::from(q.x) - R, i32::from(q.y) - R)
}

/// The image of `p` under `s` turned about `about`, if it lies on a board
/// of side `size`.
#[must_use]
pub fn turn_about(s: Symmetry, about: Point, p: Point, size: u8) -> Option<Point> {
    let (dx, dy) = turn_offset(
        s,
        i32::from(p.x) - i32::from(about.x),
        i32::from(p.y) - i32::from(about.y),
    );
    let x = i32::from(about.x) + dx;
    let y = i32::from(about.y) + dy;
    let n = i32::from(size);
    ((0..n).contains(&x) && (0..n).contains(&y)).then(|| Point::new(x as u8, y as u8))
}

/// The symmetries about the board's centre that map the stones of `board`
/// onto themselves, colours kept (the identity is always one).
#[must_use]
pub fn position_symmetries(board: &Board) -> Vec<Symmetry> {
    let size = board.size();
    let c = centre(size);
    Symmetry::ALL
        .into_iter()
        .filter(|&s| {
            board.stones().all(|(p, stone)| {
                turn_about(s, c, p, size).is_some_and(|q| board.get(q) == Some(stone))
            })
        })
        .collect()
}

/// True when `a` and `b` are the same move of the position on `board`: a
/// symmetry that keeps the position maps one onto the other. Two fifth-move
/// offers related this way are one offer under the Renju opening rules.
#[must_use]
pub fn same_move_up_to_symmetry(board: &Board, a: Point, b: Point) -> bool {
    let size = board.size();
    let c = centre(size);
    position_symmetries(board)
        .into_iter()
        .any(|s| turn_about(s, c, a, size) == Some(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Stone;

    #[test]
    fn offsets_turn_like_points() {
        for s in Symmetry::ALL {
            let (dx, dy) = turn_offset(s, 0, 0);
            assert_eq!((dx, dy), (0, 0));
            let p = Point::new(9, 6);
            let on_board = s.apply(p, 15);
            assert_eq!(turn_about(s, centre(15), p, 15), Some(on_board));
        }
    }

    #[test]
    fn a_lone_centre_stone_has_all_eight_symmetries_and_a_pair_two() {
        let mut b = Board::standard();
        b.place(centre(15), Stone::Black).unwrap();
        assert_eq!(position_symmetries(&b).len(), 8);
        b.place(Point::new(7, 6), Stone::White).unwrap();
        assert_eq!(position_symmetries(&b).len(), 2);
        // Left and right of the pair are one move; above and below are not.
        assert!(same_move_up_to_symmetry(
            &b,
            Point::new(6, 8),
            Point::new(8, 8)
        ));
        assert!(!same_move_up_to_symmetry(
            &b,
            Point::new(7, 8),
            Point::new(7, 5)
        ));
    }

    #[test]
    fn even_boards_turn_about_their_centre_point() {
        let mut b = Board::new(20).unwrap();
        b.place(centre(20), Stone::Black).unwrap();
        assert_eq!(position_symmetries(&b).len(), 8);
        // (0, 0) turned half round (10, 10) would be (20, 20): off the board.
        assert_eq!(
            turn_about(Symmetry::ALL[3], centre(20), Point::new(0, 0), 20),
            None
        );
    }
}
