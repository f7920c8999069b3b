//! Iterative deepening at the root: one pass over the root moves per depth
//! ([`super::root`]), inside aspiration windows around the last score for
//! a single line, with an open window for multi-PV; the helper threads of
//! a lazy SMP search; and the final list of ranked lines.

use super::super::movegen::Forced;
use super::super::state::{Cell, State};
use super::super::time::{time_factor, Clock};
use super::super::tune;
use super::super::{Limits, Score, SearchInfo, SearchParams};
use super::multipv::{self, Line};
use super::root::{Pass, Searched};
use super::stack::Ctx;
use super::{info, nps, Searcher, INF, MATE};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// The first depth whose best move and score count for stretching the
/// planned time: the shallow iterations change their minds as a matter of
/// course.
const MIN_TIMING_DEPTH: i32 = 5;

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
        // The last two complete iterations' scores: the last centres the
        // next aspiration window, and the one before it, with the same
        // side moving last as the next, measures the score's fall.
        let mut prev: i32 = 0;
        let mut prev2: i32 = 0;
        // What this move's planned time is stretched by: the best move's
        // recent changes and the score's fall (see `time::time_factor`).
        let mut changes = 0.0;
        for depth in 1..=plan.max_depth {
            if params.multipv > 1 {
                // An interrupted ranking is not used: the last complete
                // one stands, as the caller was last told.
                let pass = Pass {
                    depth,
                    window: (-INF, INF),
                    variety: 0,
                    lines: params.multipv,
                };
                let mut ranked = self.search_root(st, ctx, root, pass);
                if ctx.aborted || ranked.lines.is_empty() {
                    break;
                }
                for l in &mut ranked.lines {
                    l.pv = multipv::complete_line(st, std::mem::take(&mut l.pv));
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
            let Searched {
                best: score,
                pv,
                scores: root_scores,
                ..
            } = self.aspirate(st, ctx, root, depth, prev, variety);
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
            if let Some(share) = self.share {
                share.completed(score, root, &pv);
            }
            d.depth = depth as u32;
            let changed = d.best != pv[0];
            d.best = pv[0];
            d.score = score;
            d.pv = pv;
            d.root_scores = root_scores;
            // Every earlier depth completed (an iteration that did not
            // ended the loop), so from depth 3 on this is depth − 2's.
            let before = std::mem::replace(&mut prev2, prev);
            prev = score;
            if depth >= MIN_TIMING_DEPTH {
                changes = changes / 2.0 + f64::from(u8::from(changed));
                let fall = if before.abs() < Score::MATE_BOUND && score.abs() < Score::MATE_BOUND {
                    before - score
                } else {
                    0
                };
                ctx.clock.stretch(time_factor(changes, fall));
            }
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

    /// A multi-PV helper thread's search (lazy SMP): the same root,
    /// deepened on its own without time limits until `stop`, sharing only
    /// the transposition table (a single line's helpers split the main
    /// thread's pass instead, [`super::split`]). Odd helpers start a ply deeper so the threads
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
            let searched = self.aspirate(st, &mut ctx, root, depth, prev, 0);
            if ctx.aborted {
                break;
            }
            prev = searched.best;
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
    ) -> Searched {
        let aspiration = tune::ASPIRATION.get();
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < Score::MATE_BOUND {
            (prev - aspiration, prev + aspiration)
        } else {
            (-INF, INF)
        };
        let mut delta = aspiration;
        loop {
            let pass = Pass {
                depth,
                window: (alpha, beta),
                variety,
                lines: 1,
            };
            let r = self.search_root(st, ctx, root, pass);
            if ctx.aborted {
                return r;
            }
            if r.best <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                delta *= 4;
                if delta > 5_000 {
                    alpha = -INF;
                }
            } else if r.best >= beta && beta < INF {
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
}

/// Whether a search at the root is worth more than one iteration: a single
/// forced move is settled at once.
pub(super) fn only_forced(root: &[(Cell, i32)], forced: Forced) -> bool {
    root.len() == 1 && forced != Forced::No
}

impl Deepened {
    /// The final candidate list after the last stages: moves the safety
    /// check proved lost take their proved scores, the move chosen to play
    /// comes first with its final score and line, the rest follow by
    /// score, at most `n` in all.
    pub fn settle(&self, n: usize) -> Vec<Line> {
        let mut lines = self.lines.clone();
        for &(c, s) in &self.lost {
            if let Some(l) = lines.iter_mut().find(|l| l.mv == c) {
                l.score = s;
                l.pv = vec![c];
            }
        }
        let pv = match lines.iter().position(|l| l.mv == self.best) {
            Some(i) => {
                let l = lines.remove(i);
                // The ranked line is the longer one when the score stands.
                if l.score == self.score && l.pv.len() > self.pv.len() {
                    l.pv
                } else {
                    self.pv.clone()
                }
            }
            None => self.pv.clone(),
        };
        lines.sort_by_key(|l| Reverse(l.score));
        lines.insert(
            0,
            Line {
                mv: self.best,
                score: self.score,
                pv,
            },
        );
        lines.truncate(n);
        lines
    }
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
        let out = d.settle(3);
        let order: Vec<(Cell, i32)> = out.iter().map(|l| (l.mv, l.score)).collect();
        assert_eq!(order, vec![(2, 300), (3, 100), (1, -999_990)]);
        // The chosen move keeps its ranked line.
        assert_eq!(out[0].pv, vec![2, 99]);
    }
}
