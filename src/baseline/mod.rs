//! The baseline opponent: a plain fixed-depth alpha-beta search over
//! neighbour moves with a full-board window evaluation.
//!
//! It is deliberately simple and deliberately separate from
//! [`crate::engine`]: a yardstick that does not move when the engine does,
//! so match results against it stay comparable over time. Anyone can check
//! that our levels beat it with `gomoku-match` and `pbrain-gomoku
//! --baseline`.

mod eval;
pub mod greedy;
mod grid;

use crate::rules::{Board, Point, Rule, Stone};
use eval::{evaluate, move_value, WIN};
use grid::{code, Grid};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Search depth in plies.
pub const DEPTH: u32 = 4;

/// Moves searched at each node, best by the ordering first: keeps depth 4
/// to a few thousand leaves while never dropping a five or a forced block,
/// which always order first.
pub const BRANCHING: usize = 12;

/// How often (in nodes) the clock and the stop flag are looked at.
const CHECK_EVERY: u64 = 256;

/// The outcome of a baseline search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselineResult {
    /// The move, `None` only on a full board.
    pub best: Option<Point>,
    /// Score for the side to move (a win scores near [`BaselineResult::WIN`]).
    pub score: i32,
    /// Deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

impl BaselineResult {
    /// The score of a five.
    pub const WIN: i32 = WIN;
}

struct Searcher<'a> {
    grid: Grid,
    nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Searcher<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(CHECK_EVERY) {
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }

    /// Candidate moves for `me`, best first, at most `limit`.
    fn ordered_moves(&self, me: u8, limit: usize) -> Vec<usize> {
        let mut scored: Vec<(i32, usize)> = self
            .grid
            .neighbours()
            .into_iter()
            .map(|i| (move_value(&self.grid, i, me), i))
            .collect();
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(limit);
        scored.into_iter().map(|(_, i)| i).collect()
    }

    fn negamax(&mut self, depth: u32, mut alpha: i32, beta: i32, me: u8, ply: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if depth == 0 {
            return evaluate(&self.grid, me);
        }
        let moves = self.ordered_moves(me, BRANCHING);
        if moves.is_empty() {
            return 0;
        }
        let mut best = -WIN - 1;
        for i in moves {
            self.grid.place(i, me);
            let score = if self.grid.wins_at(i) {
                WIN - ply
            } else {
                -self.negamax(depth - 1, -beta, -alpha, 3 - me, ply + 1)
            };
            self.grid.remove(i);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One iteration at the root; `None` if the clock ran out.
    fn root(&mut self, depth: u32, moves: &[usize], me: u8) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        let mut alpha = -WIN - 1;
        for &i in moves {
            self.grid.place(i, me);
            let score = if self.grid.wins_at(i) {
                WIN
            } else {
                -self.negamax(depth - 1, -WIN - 1, -alpha, 3 - me, 2)
            };
            self.grid.remove(i);
            if self.aborted {
                return None;
            }
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((i, score));
                alpha = alpha.max(score);
            }
        }
        best
    }
}

/// Searches `board` for `to_move` to [`DEPTH`] plies (by iterative
/// deepening, so a stop or the `hard` time limit still leaves the best move
/// of the last finished depth).
#[must_use]
pub fn search(
    board: &Board,
    to_move: Stone,
    rule: Rule,
    hard: Option<Duration>,
    stop: &AtomicBool,
) -> BaselineResult {
    let start = Instant::now();
    let mut s = Searcher {
        grid: Grid::from_board(board, rule),
        nodes: 0,
        stop,
        deadline: hard.map(|h| start + h),
        aborted: false,
    };
    let me = code(to_move);
    // The root looks a little wider: mistakes there cost the most.
    let mut moves = s.ordered_moves(me, BRANCHING + 8);
    let Some(&first) = moves.first() else {
        return BaselineResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    };
    let mut best = (first, 0);
    let mut depth_done = 0;
    for depth in 1..=DEPTH {
        match s.root(depth, &moves, me) {
            Some(found) => {
                best = found;
                depth_done = depth;
                // Search the best move first next time: better cut-offs.
                moves.retain(|&m| m != found.0);
                moves.insert(0, found.0);
                if found.1.abs() >= WIN - 100 {
                    break;
                }
            }
            None => break,
        }
    }
    BaselineResult {
        best: Some(s.grid.point(best.0)),
        score: best.1,
        depth: depth_done,
        nodes: s.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    fn board(black: &str, white: &str) -> Board {
        let mut b = Board::standard();
        for p in parse_moves(black, 15).unwrap() {
            b.place(p, Stone::Black).unwrap();
        }
        for p in parse_moves(white, 15).unwrap() {
            b.place(p, Stone::White).unwrap();
        }
        b
    }

    fn best(b: &Board, to_move: Stone) -> Point {
        search(b, to_move, Rule::Freestyle, None, &AtomicBool::new(false))
            .best
            .unwrap()
    }

    #[test]
    fn takes_a_five() {
        let b = board("g8h8i8j8", "g9h9i9j9");
        let p = best(&b, Stone::Black);
        assert!(parse_moves("f8k8", 15).unwrap().contains(&p), "{p:?}");
    }

    #[test]
    fn blocks_a_four() {
        // White's own open three must wait: the closed four comes first.
        let b = board("g8h8i8j8a1", "f8g10h10i10");
        let p = best(&b, Stone::White);
        assert_eq!(p, parse_moves("k8", 15).unwrap()[0]);
    }

    #[test]
    fn blocks_an_open_three() {
        let b = board("g8h8i8", "a1b1");
        let p = best(&b, Stone::White);
        assert!(parse_moves("f8j8e8k8", 15).unwrap().contains(&p), "{p:?}");
    }

    #[test]
    fn opens_in_the_centre_and_answers_a_full_board_with_none() {
        assert_eq!(best(&Board::standard(), Stone::Black), Point::new(7, 7));
        let mut full = Board::standard();
        let points: Vec<Point> = full.points().collect();
        for (k, p) in points.into_iter().enumerate() {
            // A pattern with no five: colours alternate in pairs along rows
            // and shift each row.
            let s = if ((k % 15) / 2 + (k / 15)) % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            full.place(p, s).unwrap();
        }
        let r = search(
            &full,
            Stone::Black,
            Rule::Freestyle,
            None,
            &AtomicBool::new(false),
        );
        assert_eq!(r.best, None);
    }

    #[test]
    fn a_raised_stop_still_returns_a_legal_move() {
        let b = board("g8h9", "h8");
        let r = search(
            &b,
            Stone::White,
            Rule::Freestyle,
            None,
            &AtomicBool::new(true),
        );
        let p = r.best.unwrap();
        assert!(b.is_empty_at(p));
    }
}
