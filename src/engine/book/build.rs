//! Making a book from the engine's own searches: from the empty board,
//! every position reached by a good move is searched with several ranked
//! moves at a fixed node budget, the moves within a margin of the best are
//! kept and followed, down to a number of stones; then each kept move's
//! score is replaced by what the book found deeper (the best reply's
//! score, negated), so a move that looked good at its own search but meets
//! a strong answer a few plies later loses its place.
//!
//! A node budget instead of a clock and one search thread make the book
//! the same on every machine, so `gomoku-book build` with the same
//! settings remakes the shipped file byte for byte.

use super::format::{BookData, BookMove, MAX_MOVES};
use super::key;
use crate::engine::{Engine, Limits, Position, Score, SearchParams};
use crate::rules::{Board, Point, Rule};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;

/// How a book is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildConfig {
    /// Board side.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// Positions with fewer stones than this get an entry; the book ends
    /// after the move that makes this many.
    pub stones: usize,
    /// Node budget of each position's search.
    pub nodes: u64,
    /// Moves ranked by each search.
    pub multipv: usize,
    /// Moves scoring this far below the best (evaluation units) are not
    /// kept.
    pub margin: i32,
    /// Stop adding positions after this many.
    pub max_positions: usize,
    /// Transposition table of the searching engine, megabytes.
    pub hash_mb: usize,
}

impl Default for BuildConfig {
    fn default() -> BuildConfig {
        BuildConfig {
            size: 15,
            rule: Rule::Freestyle,
            stones: 6,
            nodes: 300_000,
            multipv: 3,
            margin: 40,
            max_positions: 2_000,
            hash_mb: 64,
        }
    }
}

/// What a build did, for its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuildReport {
    /// Positions searched.
    pub searched: usize,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Kept moves whose score the deeper book changed.
    pub rescored: usize,
}

/// A position waiting to be searched.
struct Pending {
    board: Board,
}

/// Makes a book under `cfg`, calling `progress(searched, queued)` after
/// every search.
pub fn build(cfg: &BuildConfig, mut progress: impl FnMut(usize, usize)) -> (BookData, BuildReport) {
    let mut engine = Engine::new(cfg.hash_mb);
    let mut data = BookData::new(cfg.size, cfg.rule);
    let mut report = BuildReport::default();
    let mut stones_of: HashMap<u64, usize> = HashMap::new();
    let mut queue: VecDeque<Pending> = VecDeque::new();
    let empty = Board::new(cfg.size).expect("a board size the engine plays");
    stones_of.insert(key::canonical(&empty, cfg.rule).0, 0);
    queue.push_back(Pending { board: empty });
    let stop = AtomicBool::new(false);
    while let Some(Pending { board }) = queue.pop_front() {
        if report.searched >= cfg.max_positions {
            break;
        }
        let (k, s) = key::canonical(&board, cfg.rule);
        let pos = Position::from_board(board.clone(), cfg.rule);
        let params = SearchParams {
            limits: Limits {
                nodes: Some(cfg.nodes),
                ..Limits::default()
            },
            threads: 1,
            multipv: cfg.multipv.max(1),
            seed: Some(0),
            ..SearchParams::default()
        };
        engine.new_game();
        let result = engine.search(&pos, &params, &stop, &mut |_| {});
        report.searched += 1;
        report.nodes += result.nodes;
        let Some(best) = result.candidates.first().map(|c| c.score) else {
            continue;
        };
        let kept: Vec<(Point, Score)> = result
            .candidates
            .iter()
            .filter(|c| c.score.0 >= best.0.saturating_sub(cfg.margin))
            .filter(|c| c.score.mate_moves().is_none() || c.score.0 > 0)
            .take(MAX_MOVES)
            .map(|c| (c.mv, c.score))
            .collect();
        let moves: Vec<BookMove> = kept
            .iter()
            .map(|&(p, score)| {
                let q = key::to_canonical(p, s, cfg.size);
                BookMove {
                    point: BookMove::index_of(q, cfg.size),
                    score: clamp_score(score),
                }
            })
            .collect();
        data.entries.insert(k, moves);
        let stones = board.stone_count();
        if stones + 1 < cfg.stones {
            let to_move = pos.to_move;
            for &(p, _) in &kept {
                let mut next = board.clone();
                if next.place(p, to_move).is_err() {
                    continue;
                }
                let nk = key::canonical(&next, cfg.rule).0;
                if stones_of.contains_key(&nk) {
                    continue;
                }
                stones_of.insert(nk, stones + 1);
                queue.push_back(Pending { board: next });
            }
        }
        progress(report.searched, queue.len());
    }
    report.rescored = back_up(&mut data);
    (data, report)
}

/// A search score as a book score: proven results become the largest
/// plain values, so they still sort first and last.
fn clamp_score(score: Score) -> i16 {
    score.0.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
}

/// Replaces each move's score by the negated best score of the position
/// it leads to, where the book has that position, deepest first; returns
/// how many scores changed. Moves are then sorted best first.
fn back_up(data: &mut BookData) -> usize {
    let size = data.size;
    let rule = data.rule;
    // Rebuild each entry's board by walking the book from the empty board.
    let mut boards: Vec<(usize, u64, Board)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![Board::new(size).expect("the book's size")];
    let book = super::Book::from_data(data.clone());
    while let Some(board) = stack.pop() {
        let (k, _) = key::canonical(&board, rule);
        if !seen.insert(k) {
            continue;
        }
        let Some(moves) = book.moves(&board, rule) else {
            continue;
        };
        let to_move = board.side_to_move_by_count().expect("a book position");
        for c in moves {
            let mut next = board.clone();
            if next.place(c.mv, to_move).is_ok() {
                stack.push(next);
            }
        }
        boards.push((board.stone_count(), k, board));
    }
    boards.sort_by_key(|(stones, k, _)| (std::cmp::Reverse(*stones), *k));
    let mut changed = 0;
    for (_, k, board) in boards {
        let (_, s) = key::canonical(&board, rule);
        let to_move = board.side_to_move_by_count().expect("a book position");
        let mut moves = data.entries[&k].clone();
        for m in &mut moves {
            let q = m.point_on(size);
            let mut next = board.clone();
            if next
                .place(key::from_canonical(q, s, size), to_move)
                .is_err()
            {
                continue;
            }
            let (nk, _) = key::canonical(&next, rule);
            // A position the book holds with no move is one where every
            // move the search ranked loses: a win for the side that moved.
            let reply = data
                .entries
                .get(&nk)
                .map(|r| r.iter().map(|r| r.score).max().unwrap_or(-i16::MAX));
            if let Some(best_reply) = reply {
                let backed = best_reply.saturating_neg();
                if backed != m.score {
                    m.score = backed;
                    changed += 1;
                }
            }
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        data.entries.insert(k, moves);
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_build_is_legal_deterministic_and_backed_up() {
        let cfg = BuildConfig {
            stones: 3,
            nodes: 3_000,
            multipv: 2,
            margin: 60,
            max_positions: 12,
            hash_mb: 4,
            ..BuildConfig::default()
        };
        let mut calls = 0;
        let (a, report) = build(&cfg, |_, _| calls += 1);
        assert_eq!(calls, report.searched);
        assert!(report.searched >= 3, "{report:?}");
        let (b, _) = build(&cfg, |_, _| {});
        assert_eq!(a.to_bytes(), b.to_bytes(), "the same book twice");
        let book = super::super::Book::from_data(a);
        let empty = Board::new(15).unwrap();
        let first = book.moves(&empty, Rule::Freestyle).expect("the root");
        // Backed up: the root's best move scores minus the best reply's
        // score of the position it leads to.
        let mut next = empty.clone();
        next.place(first[0].mv, crate::rules::Stone::Black).unwrap();
        let replies = book.moves(&next, Rule::Freestyle).expect("followed");
        let best_reply = replies.iter().map(|c| c.score).max().unwrap();
        assert_eq!(first[0].score, -best_reply);
    }
}
