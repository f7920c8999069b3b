//! One pass over the root moves at one depth, ranking the best N of them:
//! the single loop behind a normal search (N = 1, inside an aspiration
//! window) and multi-PV analysis (N > 1, with an open window).
//!
//! The first N moves are searched with the whole window. Every later move
//! is first searched with a zero window at the score it must beat (the
//! window's lower bound, or the N-th ranked score once there are N), and
//! again with an open window when it beats it. Only the moves that make
//! the ranking get exact scores.

use super::super::state::{Cell, State};
use super::super::Score;
use super::alphabeta::{is_forcing, late_move_reduction};
use super::multipv::Line;
use super::stack::{Ctx, Node};
use super::{Searcher, INF};
use std::cmp::Reverse;

/// Root moves searched at full depth before the rest are reduced (see
/// [`root_reduction`]).
const ROOT_FULL_MOVES: usize = 4;
/// Least depth at which late root moves are reduced.
const ROOT_LMR_MIN_DEPTH: i32 = 4;

/// What one pass is asked.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass {
    /// Nominal depth of the root.
    pub depth: i32,
    /// The window `(alpha, beta)`; multi-PV searches `(-INF, INF)`.
    pub window: (i32, i32),
    /// With one line, moves within this much of the best get exact
    /// scores, for the choice among near-equal moves (0: none).
    pub variety: i32,
    /// Moves to rank, at least 1.
    pub lines: usize,
}

/// What one pass found.
pub(super) struct Searched {
    /// The best score seen: exact when a move beat the window's lower
    /// bound, else an upper bound.
    pub best: i32,
    /// The line of the best move, or of the first root move when none beat
    /// the window's lower bound.
    pub pv: Vec<Cell>,
    /// The ranked moves with exact scores, best first, at most
    /// [`Pass::lines`]; lines are as the tree left them (not completed).
    pub lines: Vec<Line>,
    /// The score of every move searched (bounds for most of them).
    pub scores: Vec<(Cell, i32)>,
}

impl Searcher<'_> {
    /// One pass over `root` (see the module's comment). Unless the search
    /// was aborted, `root` is reordered for the next pass: the ranked moves
    /// first, in rank order; with one line the others keep the move
    /// ordering's order (their bounds come from reduced zero-window
    /// searches and rank nothing), with several they follow by their
    /// bounds, so that the next pass's open searches go to the likely
    /// ranked moves.
    pub(super) fn search_root(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        pass: Pass,
    ) -> Searched {
        let Pass {
            depth,
            window: (lower, beta),
            variety,
            lines: n,
        } = pass;
        let n = n.max(1);
        let first = root[0].0;
        let mut best = -INF;
        let mut lines: Vec<Line> = Vec::with_capacity(n + 1);
        let mut scores = Vec::with_capacity(root.len());
        let at_root = Node {
            alpha: lower,
            beta,
            depth,
            ply: 0,
            is_pv: true,
        };
        ctx.settled = false;
        for (i, &(c, _)) in root.iter().enumerate() {
            // The score to beat: the window's lower bound, or the N-th
            // ranked score once there are N.
            let alpha = lines.get(n - 1).map_or(lower, |l| l.score.max(lower));
            // Multi-PV wants exact scores for all its lines and searches
            // every move at full depth.
            if let Some(share) = self.share {
                share.set_at(depth, i);
            }
            let r = if n == 1 {
                root_reduction(st, c, i, depth)
            } else {
                0
            };
            st.make(c);
            // The first move's line is the main line (see
            // `Ctx::chain`).
            ctx.chain = usize::from(i == 0);
            let s = if i < n {
                -self.alphabeta(st, ctx, at_root.child(-beta, -alpha, depth - 1, true))
            } else {
                // With variety, moves near the best get exact scores.
                let floor = if variety > 0 && best > -Score::MATE_BOUND {
                    (best - variety - 1).max(-INF + 1).min(alpha)
                } else {
                    alpha
                };
                let zero = |d| at_root.child(-floor - 1, -floor, d, false);
                let mut s = -self.alphabeta(st, ctx, zero(depth - 1 - r));
                if s > floor && r > 0 && !ctx.aborted {
                    s = -self.alphabeta(st, ctx, zero(depth - 1));
                }
                if s > floor && s < beta && !ctx.aborted {
                    let open = at_root.child(-beta, -floor, depth - 1, true);
                    s = -self.alphabeta(st, ctx, open);
                }
                s
            };
            st.unmake();
            if ctx.aborted {
                break;
            }
            scores.push((c, s));
            best = best.max(s);
            if s > alpha {
                let mut pv = vec![c];
                pv.extend_from_slice(ctx.pv(1));
                // After the equal scores already there: the earlier move
                // was ordered first and keeps its place.
                let at = lines.partition_point(|l| l.score >= s);
                lines.insert(
                    at,
                    Line {
                        mv: c,
                        score: s,
                        pv,
                    },
                );
                lines.truncate(n);
            }
            // Settled while the old best, searched first, beat the window
            // and stays on top; a new best found later is not, until the
            // next pass confirms it.
            ctx.settled = lines.first().is_some_and(|l| l.mv == first);
            if s >= beta {
                break;
            }
        }
        let pv = lines.first().map_or_else(|| vec![first], |l| l.pv.clone());
        if !ctx.aborted {
            let rank = |c: Cell| lines.iter().position(|l| l.mv == c);
            if n == 1 {
                let top = pv[0];
                root.sort_by(|a, b| (b.0 == top).cmp(&(a.0 == top)).then(b.1.cmp(&a.1)));
            } else {
                let bound = |c: Cell| scores.iter().find(|m| m.0 == c).map_or(-INF, |m| m.1);
                root.sort_by_key(|&(c, _)| (rank(c).unwrap_or(usize::MAX), Reverse(bound(c))));
            }
        }
        Searched {
            best,
            pv,
            lines,
            scores,
        }
    }
}

/// Plies by which the root's `i`-th move `c` is first searched shallower
/// at `depth`: none for the first [`ROOT_FULL_MOVES`] and for moves that
/// make or meet a threat, else the tree's [`late_move_reduction`] at a
/// principal-variation node. A reduced move that beats the best so far is
/// searched again at full depth, so only moves that look worse are seen
/// less deep. Against searching every root move at full depth this scored
/// +38.9 ± 26.8 Elo in self-play at 100 ms a move (H1, 404 games), and the
/// attack set went from 122 to 133 of 213 wins found at 1 s.
pub(super) fn root_reduction(st: &State, c: Cell, i: usize, depth: i32) -> i32 {
    if i < ROOT_FULL_MOVES || depth < ROOT_LMR_MIN_DEPTH || is_forcing(st, c) {
        return 0;
    }
    // The root is a principal-variation node, and counts as improving:
    // it has no earlier score of its own side to have fallen from.
    late_move_reduction(depth, i, true, true)
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures::black_to_move;
    use super::*;
    use crate::rules::{parse_point, Rule};

    #[test]
    fn root_reductions_spare_threats_and_the_first_moves() {
        // Black's open three h8-j8: g8 makes an open four, a forcing move;
        // m3 is a quiet point far from the fight.
        let st = black_to_move(Rule::Freestyle, "h8 i8 j8", "h9 i9");
        let at = |name| st.cell(parse_point(name, 15).expect("a point name"));
        let (four, quiet) = (at("g8"), at("m3"));
        assert!(is_forcing(&st, four) && !is_forcing(&st, quiet));
        for depth in 1..40 {
            let mut last = 0;
            for i in 0..200 {
                assert_eq!(root_reduction(&st, four, i, depth), 0);
                let r = root_reduction(&st, quiet, i, depth);
                if i < ROOT_FULL_MOVES || depth < ROOT_LMR_MIN_DEPTH {
                    assert_eq!(r, 0, "move {i} at depth {depth}");
                    continue;
                }
                // At least a ply, never all but one, and never less for a
                // later move.
                assert!((1..=depth - 2).contains(&r), "{r} for {i} at {depth}");
                assert!(r >= last, "move {i} at depth {depth}");
                last = r;
            }
        }
    }
}
