//! The helpers around the verdict, and properties of the verdict on random
//! boards: symmetric, consistent with the five and overline helpers.

use super::position;
use gomoku::rules::renju::{forbidden_points, is_black_five, is_black_overline};
use gomoku::rules::{forbidden, Board, Forbidden, Point, Stone, Symmetry};
use proptest::prelude::*;

#[test]
fn occupied_and_off_board_points_are_not_judged() {
    let (board, _) = position(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "......X........",
        "....XX*XX......",
        "......X........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
    assert_eq!(forbidden(&board, Point::new(6, 7)), None);
    assert_eq!(forbidden(&board, Point::new(15, 7)), None);
    assert!(!is_black_five(&board, Point::new(4, 7)));
    assert!(!is_black_overline(&board, Point::new(200, 200)));
}

#[test]
fn helpers_tell_five_from_six() {
    // `.XX*XX.` gives exactly five at the mark; `XXXXX*` would give six.
    let (board, p) = position(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "....XX*XX......",
        "...............",
        "XXXXX..........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
    assert!(is_black_five(&board, p));
    assert!(!is_black_overline(&board, p));
    let six = Point::new(5, 9);
    assert!(!is_black_five(&board, six));
    assert!(is_black_overline(&board, six));
    assert_eq!(forbidden(&board, six), Some(Forbidden::Overline));
}

#[test]
fn forbidden_points_lists_every_forbidden_point_once() {
    // The centre of the cross of open twos is a double three and the gap of
    // `XXX.XX` an overline; whatever else is listed must agree with
    // `forbidden` point by point.
    let (board, centre) = position(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        "......X*X......",
        ".......X.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "XXX.XX.........",
        "...............",
    ]);
    let listed = forbidden_points(&board);
    assert!(
        listed.contains(&(centre, Forbidden::DoubleThree)),
        "{listed:?}"
    );
    assert!(listed.contains(&(Point::new(3, 13), Forbidden::Overline)));
    let expected: Vec<(Point, Forbidden)> = board
        .points()
        .filter_map(|p| forbidden(&board, p).map(|f| (p, f)))
        .collect();
    assert_eq!(listed, expected);
}

#[test]
fn messages_name_the_reason() {
    assert_eq!(
        Forbidden::DoubleThree.to_string(),
        "forbidden for Black: double three"
    );
    assert_eq!(
        Forbidden::DoubleFour.to_string(),
        "forbidden for Black: double four"
    );
    assert_eq!(
        Forbidden::Overline.to_string(),
        "forbidden for Black: overline"
    );
    assert_eq!(Forbidden::DoubleFour.name(), "double four");
}

/// A random board of any supported size. Each point holds Black with
/// probability `black` tenths and White with `white` tenths, so some boards
/// are sparse like real games and some crowded with threes and fours.
fn random_board() -> impl Strategy<Value = Board> {
    (
        15u8..=20,
        1u8..=4,
        0u8..=3,
        proptest::collection::vec(0u8..10, 400),
    )
        .prop_map(|(size, black, white, cells)| {
            let mut b = Board::new(size).expect("supported size");
            let points: Vec<Point> = b.points().collect();
            for (p, c) in points.into_iter().zip(cells) {
                let stone = if c < black {
                    Stone::Black
                } else if c < black + white {
                    Stone::White
                } else {
                    continue;
                };
                b.place(p, stone).expect("empty point");
            }
            b
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn verdicts_are_symmetric_and_consistent(board in random_board(), sym in 0usize..8) {
        let s = Symmetry::ALL[sym];
        let size = board.size();
        let image = s.apply_board(&board).expect("symmetric image");
        for p in board.points() {
            let verdict = forbidden(&board, p);
            prop_assert_eq!(verdict, forbidden(&image, s.apply(p, size)));
            if !board.is_empty_at(p) || is_black_five(&board, p) {
                prop_assert_eq!(verdict, None);
            } else if is_black_overline(&board, p) {
                prop_assert_eq!(verdict, Some(Forbidden::Overline));
            }
        }
        // Points just off the board are never judged.
        prop_assert_eq!(forbidden(&board, Point::new(size, 0)), None);
    }
}
