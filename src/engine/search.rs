//! The search. PLACEHOLDER: a one-ply heuristic (win, block a five, play
//! next to the stones) that keeps the API working until the real
//! alpha-beta engine replaces this file.

use super::{Position, Score, SearchInfo, SearchParams, SearchResult};
use crate::rules::{winning_line, Point};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The engine: owns its tables between searches.
pub struct Engine {
    hash_mb: usize,
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` megabytes.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        Engine { hash_mb }
    }

    /// Transposition table size in megabytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets everything learnt in earlier searches.
    pub fn new_game(&mut self) {}

    /// Searches `pos` for the side to move, calling `on_info` after each
    /// completed iteration, until a limit in `params` is reached or `stop`
    /// is raised.
    pub fn search(
        &mut self,
        pos: &Position,
        _params: &SearchParams,
        _stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let mut board = pos.board.clone();
        let size = board.size();
        let centre = Point::new(size / 2, size / 2);
        let empties: Vec<Point> = board.points().filter(|p| board.is_empty_at(*p)).collect();
        let mut best = None;
        let mut score = Score(0);
        for stone in [pos.to_move, pos.to_move.opponent()] {
            for &p in &empties {
                board.place(p, stone).expect("empty point");
                let wins = winning_line(&board, p, pos.rule).is_some();
                board.remove(p).expect("just placed");
                if wins && best.is_none() {
                    best = Some(p);
                    if stone == pos.to_move {
                        score = Score::win_in(1);
                    }
                }
            }
        }
        if best.is_none() {
            best = empties.iter().copied().min_by_key(|p| {
                let near = board.stones().any(|(q, _)| q.distance(*p) == 1);
                (
                    u8::from(!near && board.stone_count() > 0),
                    p.distance(centre),
                )
            });
        }
        let pv: Vec<Point> = best.into_iter().collect();
        let info = SearchInfo {
            depth: 1,
            seldepth: 1,
            score,
            pv: pv.clone(),
            nodes: empties.len() as u64,
            nps: 0,
            elapsed: start.elapsed(),
        };
        on_info(&info);
        SearchResult {
            best,
            score,
            depth: 1,
            pv,
            nodes: info.nodes,
            elapsed: start.elapsed(),
        }
    }
}
