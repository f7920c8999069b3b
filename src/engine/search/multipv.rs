//! Multi-PV at the root: the best N moves, each with its own exact score
//! and line, for analysis. The first N moves of an iteration are searched
//! with an open window; every later move only against the N-th score so
//! far, and searched again openly when it beats it. With N = 1 the search
//! never comes here (see [`super::deepen`]).

use super::super::shape::combo;
use super::super::state::{Cell, State};
use super::super::Candidate;
use super::deepen::Deepened;
use super::stack::{Ctx, Node};
use super::{Searcher, INF};
use std::cmp::Reverse;

/// How deep the tree ranks the other moves once a threat solver has
/// proved a win at the root: the proof is the answer, the others only
/// need a fair ordering below it, and a deeper search would spend an
/// unlimited analysis's time on moves that do not matter.
pub(super) const PROOF_RANK_DEPTH: i32 = 6;

/// One ranked root move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    /// The move.
    pub mv: Cell,
    /// Its score for the side to move.
    pub score: i32,
    /// Its line, the move first.
    pub pv: Vec<Cell>,
}

/// What one multi-PV iteration found.
pub(super) struct Ranked {
    /// The best `n` moves with exact scores, best first.
    pub lines: Vec<Line>,
    /// The score of every move searched (exact for the ranked ones,
    /// upper bounds for the rest).
    pub scores: Vec<(Cell, i32)>,
}

impl Searcher<'_> {
    /// One iteration over `root` at `depth` ranking the best `n` moves.
    /// On an abort the result is incomplete and must not be used. The
    /// root list is reordered: the ranked moves first, in rank order, then
    /// the rest by their bounds.
    pub(super) fn root_search_multi(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        depth: i32,
        n: usize,
    ) -> Ranked {
        let mut lines: Vec<Line> = Vec::with_capacity(n + 1);
        let mut scores = Vec::with_capacity(root.len());
        let at_root = Node {
            alpha: -INF,
            beta: INF,
            depth,
            ply: 0,
            is_pv: true,
        };
        ctx.settled = false;
        for &(c, _) in root.iter() {
            st.make(c);
            let s = if lines.len() < n {
                -self.alphabeta(st, ctx, at_root.child(-INF, INF, depth - 1, true))
            } else {
                // Only a move beating the N-th needs its exact score.
                let floor = lines[n - 1].score;
                let zero = at_root.child(-floor - 1, -floor, depth - 1, false);
                let mut s = -self.alphabeta(st, ctx, zero);
                if s > floor && !ctx.aborted {
                    s = -self.alphabeta(st, ctx, at_root.child(-INF, -floor, depth - 1, true));
                }
                s
            };
            st.unmake();
            if ctx.aborted {
                break;
            }
            scores.push((c, s));
            if lines.len() < n || s > lines[n - 1].score {
                let mut pv = vec![c];
                pv.extend_from_slice(ctx.pv(1));
                let pv = complete_line(st, pv);
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
            // Settled while the old best (searched first) stays on top.
            ctx.settled = lines.first().is_some_and(|l| l.mv == root[0].0);
        }
        if !ctx.aborted {
            let rank = |c: Cell| lines.iter().position(|l| l.mv == c);
            let bound = |c: Cell| scores.iter().find(|m| m.0 == c).map_or(-INF, |m| m.1);
            root.sort_by_key(|&(c, _)| (rank(c).unwrap_or(usize::MAX), Reverse(bound(c))));
        }
        Ranked { lines, scores }
    }
}

/// The final candidate list after the last stages: moves the safety check
/// proved lost take their proved scores, the move chosen to play comes
/// first with its final score and line, the rest follow by score, at most
/// `n` in all.
pub(super) fn settle(d: &Deepened, n: usize) -> Vec<Line> {
    let mut lines = d.lines.clone();
    for &(c, s) in &d.lost {
        if let Some(l) = lines.iter_mut().find(|l| l.mv == c) {
            l.score = s;
            l.pv = vec![c];
        }
    }
    let pv = match lines.iter().position(|l| l.mv == d.best) {
        Some(i) => {
            let l = lines.remove(i);
            // The ranked line is the longer one when the score stands.
            if l.score == d.score && l.pv.len() > d.pv.len() {
                l.pv
            } else {
                d.pv.clone()
            }
        }
        None => d.pv.clone(),
    };
    lines.sort_by_key(|l| Reverse(l.score));
    lines.insert(
        0,
        Line {
            mv: d.best,
            score: d.score,
            pv,
        },
    );
    lines.truncate(n);
    lines
}

/// `lines` with a win the threat solvers proved at the root put in place
/// of the tree's view of that move, ranked by score (the proof first
/// unless the tree found a faster win), at most `n`.
pub(super) fn with_proof(lines: &[Line], proof: &Line, n: usize) -> Vec<Line> {
    let mut out: Vec<Line> = lines.iter().filter(|l| l.mv != proof.mv).cloned().collect();
    let at = out.partition_point(|l| l.score > proof.score);
    out.insert(at, proof.clone());
    out.truncate(n);
    out
}

/// Most plies [`complete_line`] adds: an open four, a block and the five,
/// twice over.
const COMPLETION_PLIES: usize = 6;

/// `line` carried on to the five when it stops at a threat that cannot be
/// met: the threat solvers end a proof at the last four, and the tree
/// counts an open four as won, while people want to see the whole win.
/// The moves added are the obvious ones (make five, else block five, else
/// make an open four); a line already ending in five, or with none of
/// those to play, is returned as it is.
pub(super) fn complete_line(st: &mut State, mut line: Vec<Cell>) -> Vec<Cell> {
    for &c in &line {
        st.make(c);
    }
    let played = line.len();
    while played > 0 && line.len() < played + COMPLETION_PLIES && !st.last_move_won() {
        let me = st.to_move();
        let next = match (st.find_five(me), st.find_five(me ^ 1)) {
            (Some(c), _) => Some(c),
            (None, Some(c)) => Some(c).filter(|&c| !st.is_forbidden(c)),
            // An open four (or double four) to make: the tree counts it a
            // win without playing it out.
            (None, None) => {
                let mut fours = Vec::new();
                st.cells_with(me, combo::FLEX4, &mut fours);
                fours.into_iter().find(|&c| !st.is_forbidden(c))
            }
        };
        let Some(c) = next.filter(|&c| st.is_empty(c)) else {
            break;
        };
        st.make(c);
        line.push(c);
    }
    for _ in 0..line.len() {
        st.unmake();
    }
    line
}

/// The lines as the engine's candidates.
pub(super) fn candidates(st: &State, lines: &[Line], depth: u32) -> Vec<Candidate> {
    lines
        .iter()
        .map(|l| Candidate {
            mv: st.point(l.mv),
            score: super::super::Score(l.score),
            depth,
            pv: l.pv.iter().map(|&c| st.point(c)).collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(mv: Cell, score: i32) -> Line {
        Line {
            mv,
            score,
            pv: vec![mv, 99],
        }
    }

    fn deepened(lines: Vec<Line>, best: Cell, score: i32) -> Deepened {
        Deepened {
            best,
            score,
            pv: vec![best],
            depth: 4,
            root_scores: Vec::new(),
            lines,
            lost: Vec::new(),
        }
    }

    #[test]
    fn a_move_proved_lost_drops_below_the_safe_move_chosen() {
        let mut d = deepened(vec![line(1, 500), line(2, 300), line(3, 100)], 2, 300);
        d.lost = vec![(1, -999_990)];
        let out = settle(&d, 3);
        let order: Vec<(Cell, i32)> = out.iter().map(|l| (l.mv, l.score)).collect();
        assert_eq!(order, vec![(2, 300), (3, 100), (1, -999_990)]);
        // The chosen move keeps its ranked line.
        assert_eq!(out[0].pv, vec![2, 99]);
    }

    #[test]
    fn a_proof_replaces_the_trees_view_of_its_move() {
        let lines = vec![line(1, 500), line(2, 300), line(3, 100)];
        let proof = Line {
            mv: 2,
            score: 999_991,
            pv: vec![2, 7, 8, 9, 10, 11, 12, 13, 14],
        };
        let out = with_proof(&lines, &proof, 3);
        assert_eq!(out[0], proof);
        assert_eq!(out.iter().map(|l| l.mv).collect::<Vec<_>>(), vec![2, 1, 3]);
    }
}
