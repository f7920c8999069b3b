//! The baseline's evaluation: a full-board scan of every window of five.
//!
//! A window holding stones of one colour only can still become a five for
//! that colour; the more stones it already holds, the more it is worth.
//! Summing over windows scores the classic shapes without naming them: an
//! open four fills two windows with four stones, a closed four one, an
//! open three several windows with three, and broken shapes count too.

use super::grid::{Grid, EMPTY};

/// Value of a window by the number of one colour's stones in it (and none
/// of the other's). Each step is roughly ten times the last so one better
/// shape outweighs many lesser ones; a full window is a five.
pub const WINDOW_VALUE: [i32; 6] = [0, 1, 12, 150, 2_000, WIN];

/// Score of a five.
pub const WIN: i32 = 1_000_000;

/// Bonus for having the move, in percent of the mover's own total: with
/// the move a three becomes a four first.
pub const TEMPO_PERCENT: i32 = 20;

/// Sum of window values for codes 1 and 2, indexed by code.
fn totals(grid: &Grid) -> [i32; 3] {
    let mut sum = [0i32; 3];
    for w in &grid.windows {
        let mut count = [0usize; 3];
        for &c in w {
            count[usize::from(grid.cells[usize::from(c)])] += 1;
        }
        if count[1] == 0 && count[2] > 0 {
            sum[2] += WINDOW_VALUE[count[2].min(5)];
        } else if count[2] == 0 && count[1] > 0 {
            sum[1] += WINDOW_VALUE[count[1].min(5)];
        }
    }
    sum
}

/// The position's value for the side with stone code `me`, who is to move.
#[must_use]
pub fn evaluate(grid: &Grid, me: u8) -> i32 {
    let sum = totals(grid);
    let mine = sum[usize::from(me)];
    let theirs = sum[usize::from(3 - me)];
    mine + mine / 100 * TEMPO_PERCENT - theirs
}

/// How much playing the empty cell `i` changes the window sums, counted
/// for the mover (`me`) building and for the opponent being blocked: the
/// move ordering key.
#[must_use]
pub fn move_value(grid: &Grid, i: usize, me: u8) -> i32 {
    debug_assert_eq!(grid.cells[i], EMPTY);
    let mut value = 0;
    for &w in &grid.windows_of[i] {
        let mut count = [0usize; 3];
        for &c in &grid.windows[w as usize] {
            count[usize::from(grid.cells[usize::from(c)])] += 1;
        }
        let own = count[usize::from(me)];
        let other = count[usize::from(3 - me)];
        if other == 0 {
            value += WINDOW_VALUE[(own + 1).min(5)] - WINDOW_VALUE[own];
        }
        if own == 0 && other > 0 {
            // Blocking is worth a little less than building the same shape,
            // so a four of our own comes before stopping their three.
            value += (WINDOW_VALUE[(other + 1).min(5)] - WINDOW_VALUE[other]) * 4 / 5;
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_moves, Board, Rule, Stone};

    fn grid(black: &str, white: &str) -> Grid {
        let mut b = Board::standard();
        for p in parse_moves(black, 15).unwrap() {
            b.place(p, Stone::Black).unwrap();
        }
        for p in parse_moves(white, 15).unwrap() {
            b.place(p, Stone::White).unwrap();
        }
        Grid::from_board(&b, Rule::Freestyle)
    }

    #[test]
    fn an_open_three_beats_a_scattered_three() {
        let open = grid("g8h8i8", "a1b15c3");
        let scattered = grid("c3h8m13", "a1b15o1");
        assert!(evaluate(&open, 1) > evaluate(&scattered, 1));
    }

    #[test]
    fn the_evaluation_is_from_the_movers_side() {
        let g = grid("g8h8i8", "a1b2");
        assert!(evaluate(&g, 1) > 0);
        assert!(evaluate(&g, 2) < 0);
    }

    #[test]
    fn completing_a_four_is_the_best_move() {
        let g = grid("g8h8i8j8", "g9h9i9");
        let five = g.index(parse_moves("k8", 15).unwrap()[0]);
        let other = g.index(parse_moves("j9", 15).unwrap()[0]);
        assert!(move_value(&g, five, 1) > move_value(&g, other, 1));
        // White must block the same point.
        assert!(move_value(&g, five, 2) > move_value(&g, other, 2));
    }
}
