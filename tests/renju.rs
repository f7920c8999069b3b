//! Renju forbidden moves for Black, checked on hand-made positions.
//!
//! Each diagram is a 15 × 15 board: `X` Black, `O` White, `.` empty and `*`
//! the empty point where Black is about to play. Every position is judged
//! under all eight symmetries of the board, so a direction-dependent slip
//! in the line scanning cannot hide. The comment in each test says why the
//! verdict is right by the RIF definitions.

use gomoku::rules::{forbidden, parse_ascii, print_ascii, Board, Forbidden, Point, Symmetry};

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

#[test]
fn simple_double_three() {
    // Two open threes `..XXX..` cross at the point; each can become a straight
    // four with room to spare, and no four-making point is forbidden.
    check(
        &[
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
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn split_three_and_diagonal_three() {
    // Row: `X.X*` makes the split three `X.XX` whose gap gives `.XXXX.`; anti-
    // diagonal: an open three of three stones in a row.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".........X.....",
            "........X......",
            "....X.X*.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn two_split_threes() {
    // Row `XX.*`: the gap makes `XXXX` with both ends free; column `*.XX`: the
    // gap again. Two split threes are a double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "....XX.*.......",
            "...............",
            ".......X.......",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn three_blocked_at_one_end() {
    // Row `OXX*..`: four-making points give `OXXXX.` at best, a four but never a
    // straight four, so the row is no three; only the column's three remains.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            "....OXX*.......",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn three_with_a_white_stone_two_away_is_still_a_three() {
    // Row `..XX*.O`: the left point gives `.XXXX.O`, a straight four (the White
    // stone only stops a six, not the five), so with the column it is a double
    // three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".....XX*.O.....",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn three_against_the_edge_is_no_three() {
    // Row `|.XX*.O`: the left point makes a four closed by the edge, the right
    // point a four closed by White: no straight four, so only the column's three
    // counts.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...X...........",
            ".XX*.O.........",
            "...X...........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn three_one_point_from_the_edge_is_a_three() {
    // Row `|.XX*..`: the right point gives `|.XXXX.` whose both ends still make
    // exactly five, a straight four; with the column it is a double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...X...........",
            ".XX*...........",
            "...X...........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn three_touching_the_edge_is_no_three() {
    // Row `|XX*...`: the only four it can make is closed by the edge, so the row
    // is not a three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "..X............",
            "XX*............",
            "..X............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn false_three_four_point_is_overline() {
    // Row `X.X*`: the only point making the straight four is the gap, but there
    // Black would also complete six in the column (`XXX.XX`), an overline, so
    // the row is a false three and the move is a single three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "....X..........",
            "....X..........",
            "....X.X........",
            "...X.X*........",
            "....X.X........",
            "....X..........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn false_three_four_point_is_double_four() {
    // Like the overline case, but the gap point would make a four in the column
    // (`OXXX.` + gap) besides the straight four in the row: a double four, so
    // the row is a false three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "....O..........",
            "....X..........",
            "....X..........",
            "....X.X........",
            "...X.X*........",
            "......X........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn four_point_making_five_elsewhere_keeps_the_three_real() {
    // The gap point of the row's split three would make five in the column, and
    // a five is never forbidden, so the three is real: double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "....X..........",
            "....X..........",
            "....X..........",
            "....X.X........",
            "...X.X*........",
            "......X........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn one_forbidden_four_point_of_two_keeps_the_three_real() {
    // Row `.XX*.`: the left point would be an overline in the column, but the
    // right point makes the straight four legally, so the row is a real three:
    // double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "....X..........",
            "....X..........",
            "....X..X.......",
            ".....XX*.......",
            "....X..X.......",
            "....X..........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn nested_false_three() {
    // Row `X.X*`: its only four point, the gap g, would make the row's straight
    // four and two real diagonal threes through g (a four-three-three, which is
    // a double three), so g is forbidden, the row is a false three and the move
    // is allowed.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "....X.XX.......",
            "....X.X*.......",
            "....X.XX.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn nested_false_three_undone() {
    // The previous position plus one White stone that closes the down-right
    // diagonal three through the gap g at its upper end: that three's other four
    // point is a double four, so it is false, g is only a four-three and legal,
    // the row is a real three and the move is a double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "..O............",
            "...............",
            "....X.XX.......",
            "....X.X*.......",
            "....X.XX.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn double_four_in_two_lines() {
    // `OXXX*.` in the row and in the column: two fours.
    check(
        &[
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "...OXXX*.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn double_four_in_one_line_split() {
    // `X.X*X.X`: each gap gives a different five, so one line holds two fours.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...X.X*X.X.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn double_four_in_one_line_pairs() {
    // `XX.*X.XX`: each gap completes a different five.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "..XX.*X.XX.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn double_four_in_one_line_triples() {
    // `XXX.*.XXX`: filling either gap makes exactly five (the other gap stays
    // empty), two fours.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".XXX.*.XXX.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn straight_four_and_another_four() {
    // A straight four is one four; with the column's `OXXX*.` it is a double
    // four.
    check(
        &[
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "....XXX*.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn four_at_the_edge_counts() {
    // `|XXX*.` is a four (the right point gives five) though the edge closes it;
    // with the column's four it is a double four.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...O...........",
            "...X...........",
            "...X...........",
            "...X...........",
            "XXX*...........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleFour),
    );
}

#[test]
fn four_three_is_allowed() {
    // `OXXX*.` in the row and an open three in the column: one four and one
    // three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            "...OXXX*.......",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn four_three_three_is_a_double_three() {
    // A four plus two real threes still makes two threes.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......XX.......",
            "...OXXX*.......",
            ".......XX......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn single_straight_four_is_allowed() {
    // `.XXX*.`: one four, nothing else.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "....XXX*.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn a_five_point_that_gives_six_is_no_four() {
    // Row `OXXX*.X`: the only five point would give six, so the row holds no
    // four; with the column's four that is a single four.
    check(
        &[
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "...OXXX*.X.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn an_old_four_elsewhere_on_the_line_does_not_count() {
    // Row `OXXXX..*`: the row's four was there before and does not contain the
    // new stone; the new stone adds only the column's four.
    check(
        &[
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "OXXXX..*.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn overline_of_six() {
    // `XXX*XX`: six in a row.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "....XXX*XX.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::Overline),
    );
}

#[test]
fn overline_of_seven() {
    // `XXX*XXX`: seven in a row.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "....XXX*XXX....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::Overline),
    );
}

#[test]
fn overline_into_the_corner() {
    // Six on the main diagonal from the corner.
    check(
        &[
            "X..............",
            ".X.............",
            "..X............",
            "...*...........",
            "....X..........",
            ".....X.........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::Overline),
    );
}

#[test]
fn overline_beats_a_four() {
    // Six in the row and a four in the column: still an overline.
    check(
        &[
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "....XXX*XX.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::Overline),
    );
}

#[test]
fn five_wins_over_an_overline_elsewhere() {
    // Exactly five in the row and six in the column: the five wins, so the move
    // is not forbidden.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            ".....XX*XX.....",
            ".......X.......",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn five_wins_over_a_double_four() {
    // Exactly five in the row, fours in the column and on the diagonal: the five
    // takes precedence.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...O...O.......",
            "....X..X.......",
            ".....X.X.......",
            "......XX.......",
            ".....XX*XX.....",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn five_wins_over_a_double_three() {
    // Exactly five in the row and open threes in the column and on the diagonal.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......XX.......",
            ".....XX*XX.....",
            ".......XX......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn five_in_the_corner_with_double_four() {
    // Exactly five on the diagonal from the corner, fours in the row and the
    // column: allowed.
    check(
        &[
            "X...O..........",
            ".X..X..........",
            "..X.X..........",
            "...XX..........",
            "OXXX*..........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn triple_three() {
    // Open threes in the row, the column and the diagonal: more than two is
    // still a double three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......XX.......",
            "......X*X......",
            ".......XX......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn double_three_on_both_diagonals() {
    // Open threes on both diagonals.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......X.X......",
            ".......*.......",
            "......X.X......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn stones_two_away_on_both_sides_spoil_the_three() {
    // Row `X..XX*..X`: each four point gives a four whose outer five point would
    // make six, so no straight four can arise: not a three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            "..X..XX*..X....",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn split_three_closed_at_the_far_end() {
    // Row `OX.X*..`: the gap gives `OXXXX`, closed by White, and the right
    // points give no four in a row: not a three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            "...OX.X*.......",
            ".......X.......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn three_between_close_white_stones() {
    // Row `O.XX*.O`: every four it can make touches a White stone: not a three.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......X........",
            "..O.XX*.O......",
            "......X........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}

#[test]
fn three_between_far_white_stones() {
    // Row `O..XX*..O`: the four `.XXXX.` still fits between the White stones: a
    // three, so a double three with the column.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......X........",
            ".O..XX*..O.....",
            "......X........",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        Some(Forbidden::DoubleThree),
    );
}

#[test]
fn single_three_is_allowed() {
    // One open three and nothing else.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "......X*X......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
        None,
    );
}
