//! Threes: double threes, and the shapes that look like threes but are not
//! (closed, against the edge, false because the four point is forbidden).

use super::check;
use gomoku::rules::Forbidden;

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
fn x_x_x_is_no_three() {
    // Row `X.*.X`: one more stone gives at most `XXX.X` or `X.XXX`, never four
    // in a row with both ends free, so only the column's three counts.
    check(
        &[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".....X.*.X.....",
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
