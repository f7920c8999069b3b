//! Iterative deepening at the root: aspiration windows around the last
//! score, one principal-variation pass over the root moves per depth (late
//! quiet moves first searched shallower), and the helper threads of a lazy
//! SMP search.

use super::super::movegen::Forced;
use super::super::state::{Cell, State};
use super::super::time::Clock;
use super::super::{Limits, Score, SearchInfo, SearchParams};
use super::alphabeta::{is_forcing, late_move_reduction};
use super::multipv::{self, Line};
use super::stack::{Ctx, Node};
use super::{info, nps, Searcher, INF, MATE};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Half-width of the first aspiration window, in evaluation units.
const ASPIRATION: i32 = 300;

/// Root moves searched at full depth before the rest are reduced (see
/// [`root_reduction`]).
const ROOT_FULL_MOVES: usize = 4;
/// Least depth at which late root moves are reduced.
const ROOT_LMR_MIN_DEPTH: i32 = 4;

/// What the deepening found.
pub(super) struct Deepened {
    /// The move it would play.
    pub best: Cell,
    /// Its score.
    pub score: i32,
    /// Its line.
    pub pv: Vec<Cell>,
    /// Last depth completed (0 when none was).
    pub depth: u32,
    /// Scores of the root moves in the last complete iteration.
    pub root_scores: Vec<(Cell, i32)>,
    /// With multi-PV, the ranked moves of the last complete iteration,
    /// best first (empty otherwise).
    pub lines: Vec<Line>,
    /// Moves the final safety check proved lost, with those scores.
    pub lost: Vec<(Cell, i32)>,
}

/// How the main thread deepens.
pub(super) struct Plan<'p> {
    /// The caller's parameters.
    pub params: &'p SearchParams,
    /// Deepest nominal depth.
    pub max_depth: i32,
    /// One move only, and a forced one: a single iteration settles it.
    pub only_forced: bool,
    /// Nodes counted by the helper threads, for progress reports.
    pub helper_nodes: &'p AtomicU64,
    /// A win the threat solvers proved at the root: reported as the first
    /// candidate, above the tree's ranking of the other moves.
    pub proof: Option<&'p Line>,
}

impl Searcher<'_> {
    /// Deepens one iteration at a time over `root` until a limit, a proved
    /// result or the end of [`Plan::max_depth`], reporting each completed
    /// iteration through `on_info`.
    pub(super) fn deepen(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        plan: &Plan,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Deepened {
        let params = plan.params;
        let mut d = Deepened {
            best: root[0].0,
            score: -INF,
            pv: vec![root[0].0],
            depth: 0,
            root_scores: Vec::new(),
            lines: Vec::new(),
            lost: Vec::new(),
        };
        let mut prev: i32 = 0;
        for depth in 1..=plan.max_depth {
            if params.multipv > 1 {
                // An interrupted ranking is not used: the last complete
                // one stands, as the caller was last told.
                let ranked = self.root_search_multi(st, ctx, root, depth, params.multipv);
                if ctx.aborted || ranked.lines.is_empty() {
                    break;
                }
                d.depth = depth as u32;
                d.best = ranked.lines[0].mv;
                d.score = ranked.lines[0].score;
                d.pv = ranked.lines[0].pv.clone();
                d.root_scores = ranked.scores;
                d.lines = ranked.lines;
                let lines = match plan.proof {
                    Some(p) => multipv::with_proof(&d.lines, p, params.multipv),
                    None => d.lines.clone(),
                };
                let mut shown = info(st, ctx, d.depth, lines[0].score, &lines[0].pv);
                shown.candidates = multipv::candidates(st, &lines, d.depth);
                shown.nodes += plan.helper_nodes.load(Relaxed);
                shown.nps = nps(shown.nodes, shown.elapsed);
                on_info(&shown);
                if plan.only_forced || !ctx.clock.may_start_iteration() {
                    break;
                }
                if d.score.abs() >= Score::MATE_BOUND && depth > MATE - d.score.abs() {
                    break;
                }
                continue;
            }
            let variety = if depth == plan.max_depth || params.limits.depth.is_none() {
                params.variety.max(0)
            } else {
                0
            };
            let (score, pv, scores) = self.aspirate(st, ctx, root, depth, prev, variety);
            if ctx.aborted {
                // Moves that finished searching in the interrupted
                // iteration saw deeper than the last complete one.
                if d.depth > 0 && score > -INF && !pv.is_empty() {
                    d.best = pv[0];
                    d.score = score;
                    d.pv = pv;
                }
                break;
            }
            d.depth = depth as u32;
            d.best = pv[0];
            d.score = score;
            d.pv = pv;
            d.root_scores = scores;
            prev = score;
            let mut shown = info(st, ctx, d.depth, d.score, &d.pv);
            shown.nodes += plan.helper_nodes.load(Relaxed);
            shown.nps = nps(shown.nodes, shown.elapsed);
            on_info(&shown);
            if plan.only_forced {
                break;
            }
            if d.score.abs() >= Score::MATE_BOUND && depth > MATE - d.score.abs() {
                break;
            }
            if !ctx.clock.may_start_iteration() {
                break;
            }
        }
        d
    }

    /// A helper thread's search (lazy SMP): the same root, deepened on its
    /// own without time limits until `stop`, sharing only the
    /// transposition table. Odd helpers start a ply deeper so the threads
    /// spread over two depths. Returns the nodes searched.
    pub(super) fn help(
        &mut self,
        st: &mut State,
        root: &mut [(Cell, i32)],
        max_depth: i32,
        k: usize,
        stop: &AtomicBool,
    ) -> u64 {
        let mut ctx = Ctx::new(Clock::start(Limits::default(), stop));
        self.ordering.age();
        let mut prev = 0;
        for depth in (1 + (k % 2) as i32)..=max_depth {
            let (score, _, _) = self.aspirate(st, &mut ctx, root, depth, prev, 0);
            if ctx.aborted {
                break;
            }
            prev = score;
        }
        ctx.nodes
    }

    /// One iteration at the root inside an aspiration window around `prev`,
    /// widened until the score falls inside it.
    fn aspirate(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        depth: i32,
        prev: i32,
        variety: i32,
    ) -> (i32, Vec<Cell>, Vec<(Cell, i32)>) {
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < Score::MATE_BOUND {
            (prev - ASPIRATION, prev + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let mut delta = ASPIRATION;
        loop {
            let r = self.root_search(st, ctx, root, depth, (alpha, beta), variety);
            if ctx.aborted {
                return r;
            }
            if r.0 <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                delta *= 4;
                if delta > 5_000 {
                    alpha = -INF;
                }
            } else if r.0 >= beta && beta < INF {
                beta = (beta + delta).min(INF);
                delta *= 4;
                if delta > 5_000 {
                    beta = INF;
                }
            } else {
                return r;
            }
        }
    }

    /// One iteration at the root in the window `(alpha, beta)`. Returns
    /// the best score, its line and the scores of the moves searched
    /// (bounds for most of them). The root list is reordered best first.
    fn root_search(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        depth: i32,
        (mut alpha, beta): (i32, i32),
        variety: i32,
    ) -> (i32, Vec<Cell>, Vec<(Cell, i32)>) {
        let mut best = -INF;
        let mut best_pv = vec![root[0].0];
        let mut scores = Vec::with_capacity(root.len());
        let at_root = Node {
            alpha,
            beta,
            depth,
            ply: 0,
            is_pv: true,
        };
        ctx.settled = false;
        for (i, &(c, _)) in root.iter().enumerate() {
            let r = root_reduction(st, c, i, depth);
            st.make(c);
            let s = if i == 0 {
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
            // Settled once the old best held up; a new best found later is
            // not, until the next iteration confirms it.
            if i == 0 {
                ctx.settled = s > alpha;
            } else if s > alpha {
                ctx.settled = false;
            }
            scores.push((c, s));
            if s > best {
                best = s;
                if s > alpha {
                    best_pv.clear();
                    best_pv.push(c);
                    best_pv.extend_from_slice(ctx.pv(1));
                    alpha = s;
                }
                if s >= beta {
                    break;
                }
            }
        }
        if !ctx.aborted {
            // Best first for the next iteration, the rest by score.
            let first = best_pv[0];
            root.sort_by(|a, b| (b.0 == first).cmp(&(a.0 == first)).then(b.1.cmp(&a.1)));
        }
        (best, best_pv, scores)
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
fn root_reduction(st: &State, c: Cell, i: usize, depth: i32) -> i32 {
    if i < ROOT_FULL_MOVES || depth < ROOT_LMR_MIN_DEPTH || is_forcing(st, c) {
        return 0;
    }
    // The root is a principal-variation node.
    late_move_reduction(depth, i, true)
}

/// Whether a search at the root is worth more than one iteration: a single
/// forced move is settled at once.
pub(super) fn only_forced(root: &[(Cell, i32)], forced: Forced) -> bool {
    root.len() == 1 && forced != Forced::No
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
