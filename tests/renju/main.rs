//! Renju forbidden moves for Black: hand-made positions (`threes`,
//! `fours`) and properties on random boards (`props`).
//!
//! Each diagram is a 15 × 15 board: `X` Black, `O` White, `.` empty and `*`
//! the empty point where Black is about to play. Every position is judged
//! under all eight symmetries of the board, so a direction-dependent slip
//! in the line scanning cannot hide. The comment in each test says why the
//! verdict is right by the RIF definitions.

use gomoku::rules::{forbidden, parse_ascii, print_ascii, Board, Forbidden, Point, Symmetry};

mod fours;
mod props;
mod threes;

/// Reads a diagram with one `*` and returns the board and the marked point.
fn position(rows: &[&str]) -> (Board, Point) {
    let mut mark = None;
    for (y, row) in rows.iter().enumerate() {
        if let Some(x) = row.find('*') {
            assert!(mark.is_none(), "more than one `*`");
            mark = Some(Point::new(x as u8, y as u8));
        }
    }
    let text = rows.join("\n").replace('*', ".");
    let board = parse_ascii(&text).expect("test diagram parses");
    assert_eq!(board.size(), 15, "test diagrams are 15 x 15");
    (board, mark.expect("the diagram marks the point with `*`"))
}

/// Asserts the verdict at the marked point under every symmetry.
fn check(rows: &[&str], expected: Option<Forbidden>) {
    let (board, p) = position(rows);
    for s in Symmetry::ALL {
        let b = s.apply_board(&board).expect("symmetric image");
        let q = s.apply(p, b.size());
        assert_eq!(
            forbidden(&b, q),
            expected,
            "under {s:?} at ({}, {}):\n{}",
            q.x,
            q.y,
            print_ascii(&b)
        );
    }
}
