//! The greedy one-move player of the original student reports
//! (`../shared/seeds/`), rebuilt from their description as the ladder's
//! bottom anchor: for every empty point near the stones it counts, in
//! each of the four directions, the run of stones the point would join
//! for itself (attack) and for the opponent (defence), scores each run by
//! its length and open ends, and plays the point with the highest sum.
//! No search at all. Like the baseline it shares no code with the engine,
//! so the anchor does not move when the engine does.

use super::grid::{code, Grid, EMPTY};
use crate::rules::{Board, Point, Rule, Stone};

/// Score of a run of `n` stones (index `n`, 1 to 5) open at both ends, as
/// the reports weigh them ("活一" to "活五").
const LIVE: [i64; 6] = [0, 20, 300, 1_800, 5_000, 100_000];

/// Score of a run open at one end ("眠一" to "眠五"); a run closed at
/// both ends scores nothing unless it is five.
const SLEEP: [i64; 6] = [0, 10, 100, 600, 2_100, 100_000];

/// Weight of the opponent's runs against one's own, in percent: one of the
/// reports found its AI chasing its own four while the opponent made five
/// and weighed the opponent's five ten times; a fixed factor above one is
/// the simplest form of that lesson.
const DEFENCE_PCT: i64 = 110;

/// The four line steps (right, down, down-right, up-right).
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The greedy player's move for `to_move`, or `None` on a full board. The
/// first stone goes to the centre.
#[must_use]
pub fn choose(board: &Board, to_move: Stone, rule: Rule) -> Option<Point> {
    let grid = Grid::from_board(board, rule);
    if grid.stones == 0 {
        let m = board.size() / 2;
        return Some(Point::new(m, m));
    }
    let me = code(to_move);
    let opp = 3 - me;
    let mut cands = grid.neighbours();
    if cands.is_empty() {
        cands = (0..grid.cells.len())
            .filter(|&i| grid.cells[i] == EMPTY)
            .collect();
    }
    let best = cands.into_iter().max_by_key(|&i| {
        let attack = point_value(&grid, i, me);
        // Its own five ends the game: nothing to take from the opponent
        // weighs as much.
        let attack = if attack >= LIVE[5] {
            attack * 10
        } else {
            attack
        };
        let v = attack + point_value(&grid, i, opp) * DEFENCE_PCT / 100;
        // Ties go to the point nearer the centre, then the lower index, so
        // the player is deterministic.
        let p = grid.point(i);
        let m = i32::from(board.size() / 2);
        let dist = (i32::from(p.x) - m).abs() + (i32::from(p.y) - m).abs();
        (v, -dist, std::cmp::Reverse(i))
    })?;
    Some(grid.point(best))
}

/// What a stone of `who` at the empty point `i` would make: the sum over
/// the four directions of the run it joins.
fn point_value(grid: &Grid, i: usize, who: u8) -> i64 {
    let n = grid.size as i32;
    let (x, y) = ((i % grid.size) as i32, (i / grid.size) as i32);
    let at = |x: i32, y: i32| -> Option<u8> {
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| grid.cells[(y * n + x) as usize])
    };
    STEPS
        .iter()
        .map(|&(dx, dy)| {
            let mut run = 1;
            let mut open = 0;
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                while at(cx, cy) == Some(who) {
                    run += 1;
                    cx += sign * dx;
                    cy += sign * dy;
                }
                if at(cx, cy) == Some(EMPTY) {
                    open += 1;
                }
            }
            let run = run.min(5);
            match (run, open) {
                (5, _) => LIVE[5],
                (_, 2) => LIVE[run],
                (_, 1) => SLEEP[run],
                _ => 0,
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
        let mut b = Board::new(15).unwrap();
        for &(x, y) in black {
            b.place(Point::new(x, y), Stone::Black).unwrap();
        }
        for &(x, y) in white {
            b.place(Point::new(x, y), Stone::White).unwrap();
        }
        b
    }

    #[test]
    fn it_makes_its_five_and_blocks_the_opponents() {
        let b = board(
            &[(3, 3), (4, 3), (5, 3), (6, 3)],
            &[(3, 5), (4, 5), (5, 5), (6, 5)],
        );
        let p = choose(&b, Stone::Black, Rule::Freestyle).unwrap();
        assert!(p == Point::new(7, 3) || p == Point::new(2, 3));
        let b = board(&[(3, 3), (9, 9)], &[(3, 5), (4, 5), (5, 5), (6, 5)]);
        let p = choose(&b, Stone::Black, Rule::Freestyle).unwrap();
        assert!(p == Point::new(7, 5) || p == Point::new(2, 5));
    }

    #[test]
    fn it_starts_in_the_centre_and_answers_next_to_the_stones() {
        let empty = Board::new(15).unwrap();
        assert_eq!(
            choose(&empty, Stone::Black, Rule::Freestyle),
            Some(Point::new(7, 7))
        );
        let b = board(&[(7, 7)], &[]);
        let p = choose(&b, Stone::White, Rule::Freestyle).unwrap();
        assert!(p.x.abs_diff(7) <= 1 && p.y.abs_diff(7) <= 1);
    }

    #[test]
    fn it_extends_an_open_three_to_an_open_four() {
        let b = board(&[(5, 7), (6, 7), (7, 7)], &[(5, 8), (9, 9)]);
        let p = choose(&b, Stone::Black, Rule::Freestyle).unwrap();
        assert!(p == Point::new(4, 7) || p == Point::new(8, 7), "{p:?}");
    }
}
