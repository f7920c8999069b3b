//! The interior of the tree: a negamax alpha-beta with principal-variation
//! search, a transposition table, a VCF probe, reverse futility pruning,
//! threat-based forced moves (a defence restricted to
//! the refutations of the opponent's VCF, see [`super::defence`]),
//! late-move reductions and pruning, a singular extension with a
//! multi-cut, a width cap that grows with depth and a move-count limit
//! that depends on the depth and on whether a four or an open three is on
//! the board.

use super::super::eval::evaluate;
use super::super::movegen::{forced_kind, generate, pick_next, Forced};
use super::super::shape::combo;
use super::super::state::{Cell, State};
use super::super::tt;
use super::super::tune;
use super::super::Score;
use super::defence::defends_at;
use super::qsearch::has_open_four;
use super::stack::{Ctx, Node, NO_EVAL};
use super::{Searcher, INF, MATE, MAX_PLY};

/// Own moves of a VCF search inside the tree.
const TREE_VCF_DEPTH: u8 = 10;
/// Least remaining depth at which the tree calls the VCF solver.
const TREE_VCF_MIN_DEPTH: i32 = 2;
/// Moves searched at full depth before late-move reductions begin.
const LMR_FULL_MOVES: usize = 2;
/// Most moves searched at an interior node (best-ordered first) is
/// `BRANCH_BASE + BRANCH_PER_DEPTH * depth`, at most [`tune::MAX_BRANCH`]; the
/// root searches them all.
const BRANCH_BASE: usize = 6;
/// See [`BRANCH_BASE`].
const BRANCH_PER_DEPTH: usize = 2;
/// Move-count limit below the root's children on a quiet board (no four
/// and no open three for either side): at most `a·√depth − b` moves,
/// rounded, never fewer than one nor more than `max`, as `(a, b, max)`.
/// Beside the width cap it binds only at depths 1 and 2 (3 and 9 moves).
/// The idea of a limit growing with the square root of the depth, much
/// tighter once threats are on the board, comes from reading PentaZen; the
/// numbers are ours (see `docs/strength.md` for what they and the forcing
/// moves below scored together).
const QUIET_COUNT: (f64, f64, usize) = (14.0, 11.0, 30);
/// The same on a tense board (a four or an open three on it), as `(a, b)`
/// with the ceiling [`tune::TENSE_MAX`]: 3 moves at depth 1, 7 at depth 4.
const TENSE_COUNT: (f64, f64) = (4.0, 1.0);
/// A move is forcing, and so never reduced or pruned as a late quiet move,
/// when it makes at least this for the mover: an open three with a second
/// threat beside it. A lone open three counts as quiet, since a middle-game
/// board offers many of them.
const FORCING_OWN: u8 = combo::FLEX3_PLUS;
/// A move is also forcing when it takes a point where the opponent would
/// make at least this: a double three, or a four.
const FORCING_BLOCK: u8 = combo::THREE_THREE;
/// The table's entry must come from at least this many plies less than
/// the node's depth for its score to be trusted by the singular test.
const SINGULAR_TT_SLACK: i32 = 3;

/// A principal-variation node is searched a ply shallower for each this
/// many plies by which its table entry is shallower than the node...
const PV_TT_DEPTH_STEP: i32 = 4;
/// ...but at most this many plies shallower.
const PV_TT_MAX_REDUCTION: i32 = 2;

impl Searcher<'_> {
    /// The score of the node `n` for the side to move, inside its window
    /// or a bound beyond it; its line is left in its stack frame.
    pub(super) fn alphabeta(&mut self, st: &mut State, ctx: &mut Ctx, n: Node) -> i32 {
        let Node {
            mut alpha,
            mut beta,
            mut depth,
            ply,
            is_pv,
        } = n;
        ctx.stack[ply].pv.clear();
        if !ctx.enter_node(ply) {
            return 0;
        }
        let me = st.to_move();
        let opp = me ^ 1;
        let ply_i = ply as i32;
        if let Some(f) = st.find_five(me) {
            ctx.stack[ply].pv.push(f);
            return MATE - ply_i - 1;
        }
        if st.count(opp, combo::FIVE) >= 2 {
            return -(MATE - ply_i - 2);
        }
        if st.is_full() {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(st);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply_i));
        beta = beta.min(MATE - ply_i - 1);
        if alpha >= beta {
            return alpha;
        }
        let opp_four = st.count(opp, combo::FIVE) > 0;
        if !opp_four && st.count(me, combo::FLEX4) > 0 && has_open_four(st, ctx) {
            return MATE - ply_i - 3;
        }
        if depth <= 0 {
            return self.qsearch(st, ctx, alpha, beta, ply, 0);
        }

        let hash = st.hash();
        let mut tt_move = 0;
        let mut tt_hint = None;
        let excluded = ctx.stack[ply].excluded;
        if let Some(e) = self.tt.probe(hash) {
            tt_move = e.mv;
            let s = tt::from_tt(e.score, ply_i);
            let tt_depth = i32::from(e.depth);
            tt_hint = Some((s, e.bound, tt_depth));
            if !is_pv && excluded == 0 && tt_depth >= depth {
                let cut = match e.bound {
                    tt::EXACT => true,
                    tt::LOWER => s >= beta,
                    tt::UPPER => s <= alpha,
                    _ => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // A principal-variation node whose stored result is much
        // shallower has only now joined the principal variation (the last
        // iterations saw it as a side line): it is searched a little
        // shallower (an idea read in Rapfi). Not when ranking several
        // root moves: a candidate whose line was cut short would be ranked
        // on a shallower search than the others.
        if let Some((_, _, tt_depth)) = tt_hint {
            if is_pv && ply > 0 && !self.ranks_many && tt_move != 0 && excluded == 0 {
                // At most a quarter of `depth` (table depths are never
                // negative), so the node keeps at least a ply.
                depth -= ((depth - tt_depth) / PV_TT_DEPTH_STEP).clamp(0, PV_TT_MAX_REDUCTION);
            }
        }

        // The static score, for the probe's and the pruning's conditions,
        // moved towards a stored search score whose bound says it is the
        // better guess (an idea read in PentaZen).
        let mut stand = evaluate(st);
        if let Some((s, bound, _)) = tt_hint {
            let better = match bound {
                tt::EXACT => true,
                tt::LOWER => s > stand,
                tt::UPPER => s < stand,
                _ => false,
            };
            if better && s.abs() < Score::MATE_BOUND {
                stand = s;
            }
        }

        // Improving: the side to move's static score rose since its last
        // move (two plies up); unknown counts as improving, which prunes
        // less.
        ctx.stack[ply].eval = stand;
        let improving = ply < 2 || {
            let before = ctx.stack[ply - 2].eval;
            before == NO_EVAL || stand > before
        };

        // A quick VCF try before the full move list; outside the principal
        // variation only when the static score is below beta, since above
        // it the futility cut below mostly settles the node
        // without the solver (self-play at 100 ms against probing
        // everywhere: +24.7 ± 19.9 Elo, 495 games; the probes' share of the
        // bench's nodes fell from 22% to 5%).
        if self.solvers
            && excluded == 0
            && !opp_four
            && depth >= TREE_VCF_MIN_DEPTH
            && st.count_at_least(me, combo::BLOCK4) > 0
            && (is_pv || stand < beta)
        {
            if let Some((line, plies)) =
                self.own_vcf(st, ctx, TREE_VCF_DEPTH, tune::TREE_VCF_NODES.get() as u64)
            {
                let s = MATE - ply_i - plies as i32;
                ctx.stack[ply].pv.extend_from_slice(&line);
                self.tt
                    .store(hash, depth, tt::to_tt(s, ply_i), tt::EXACT, line[0]);
                return s;
            }
        }

        // The opponent's VCF, were it to move: only the moves that could
        // break it are searched, all of them.
        let mut moves = std::mem::take(&mut ctx.stack[ply].moves);
        let threatened = self.solvers
            && excluded == 0
            && defends_at(st, depth)
            && self.vcf_defences(st, ctx, tt_move, &mut moves);
        ctx.stack[ply].moves = moves;

        // Reverse futility: a quiet node whose static score clears beta by
        // a margin that grows with the depth left is taken to hold.
        let quiet = !opp_four && st.count(opp, combo::FLEX4) == 0;
        if !is_pv
            && !threatened
            && quiet
            && depth < tune::FUTILITY_MAX_DEPTH.get()
            && beta.abs() < Score::MATE_BOUND
            && stand - tune::FUTILITY_MARGIN.get() * (depth - i32::from(improving)) >= beta
        {
            return stand;
        }

        // No null move: without it the bench searched 2% fewer nodes,
        // self-play at 100 ms scored +4.6 ± 20.3 Elo (600 games), and
        // against PentaZen at 1 s the same 400 openings went from 49.75% to
        // 52.1% (`docs/strength.md`); a pass searched shallower seems to
        // hide the slow attacks by threes that decide longer games.

        let mut moves = std::mem::take(&mut ctx.stack[ply].moves);
        let defend_vcf = threatened && !moves.is_empty();
        // The table's move is searched before the others are generated
        // and scored: when it cuts the node off, as it mostly does where
        // it exists, the list is never needed. The order is the same as
        // generating first (the table's move leads the list either way).
        // Not when the singular test below needs the whole list.
        let kind = forced_kind(st);
        let lazy = !defend_vcf
            && excluded == 0
            && kind != Forced::BlockFive
            && !self.tests_singular(tt_hint, tt_move, ply_i, depth, kind)
            && tt_move_playable(st, tt_move, kind);
        let forced = if defend_vcf {
            Forced::DefendVcf
        } else if lazy {
            moves.clear();
            kind
        } else {
            self.list_moves(st, ctx, tt_move, ply, &mut moves)
        };
        if !lazy && moves.is_empty() {
            ctx.stack[ply].moves = moves;
            // Only a forbidden point could stop the five (Renju).
            if forced == Forced::BlockFive {
                return -(MATE - ply_i - 2);
            }
            return evaluate(st);
        }
        // The singular test: the table's move, proved good at nearly this
        // depth, against every other move searched at half the depth a
        // margin below its score. When none comes near, it is searched a
        // ply deeper; when they clear beta too, the node is cut (several
        // moves hold, a multi-cut); when only the table's own score clears
        // beta, it is searched a ply shallower.
        let mut tt_ext = 0;
        if let Some((tt_s, _, _)) = tt_hint {
            if excluded == 0 && self.tests_singular(tt_hint, tt_move, ply_i, depth, forced) {
                let sbeta = tt_s - tune::SINGULAR_MARGIN.get() * depth;
                // The node's list is lent to the test through the frame, so
                // that no second list is allocated; the test generates the
                // same moves into it (this node was not forced, and the
                // test skips the VCF defence), which the loop below then
                // searches.
                ctx.stack[ply].moves = moves;
                ctx.stack[ply].excluded = tt_move;
                let s = self.alphabeta(
                    st,
                    ctx,
                    Node {
                        alpha: sbeta - 1,
                        beta: sbeta,
                        depth: (depth - 1) / 2,
                        ply,
                        is_pv: false,
                    },
                );
                ctx.stack[ply].excluded = 0;
                ctx.stack[ply].pv.clear();
                moves = std::mem::take(&mut ctx.stack[ply].moves);
                if ctx.aborted {
                    ctx.stack[ply].moves = moves;
                    return 0;
                }
                if s < sbeta {
                    tt_ext = 1;
                } else if sbeta >= beta {
                    ctx.stack[ply].moves = moves;
                    return sbeta;
                } else if tt_s >= beta {
                    tt_ext = -1;
                }
            }
        }
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        let ext = i32::from(forced == Forced::BlockFive);
        let mut quiet_seen = 0usize;
        let cap = move_cap(st, forced, depth, ply);
        // On the main line, whose later moves the helpers search ahead.
        let on_chain = is_pv && excluded == 0 && ctx.chain == ply;
        for i in 0.. {
            if lazy && i == 1 {
                let again = self.list_moves(st, ctx, tt_move, ply, &mut moves);
                debug_assert_eq!(again, forced);
                // The table's move was searched first.
                if let Some(at) = moves.iter().position(|m| m.0 == tt_move) {
                    moves.swap_remove(at);
                }
            }
            let c = if lazy && i == 0 {
                tt_move
            } else {
                let k = i - usize::from(lazy);
                if k >= moves.len() {
                    break;
                }
                pick_next(&mut moves, k);
                moves[k].0
            };
            if c == excluded {
                continue;
            }
            let threat = is_forcing(st, c);
            if !threat {
                quiet_seen += 1;
            }
            // A node where every move so far loses keeps looking: any move
            // might be the one that saves it.
            if i >= cap && best > -Score::MATE_BOUND {
                break;
            }
            if forced == Forced::No
                && !is_pv
                && depth <= tune::LMP_MAX_DEPTH.get()
                && !threat
                && best > -Score::MATE_BOUND
                && quiet_seen > lmp_limit(depth, improving)
            {
                continue;
            }
            let mut new_depth = depth - 1 + ext + if c == tt_move { tt_ext } else { 0 };
            // Only a child with depth left probes the table.
            if new_depth > 0 {
                self.tt.prefetch(st.hash_after(c));
            }
            if on_chain {
                if i > 0 {
                    if let Some(share) = self.share {
                        share.main_line_at(ply);
                    }
                }
                ctx.chain = ply + usize::from(i == 0);
            }
            st.make(c);
            let s = if i == 0 {
                -self.alphabeta(st, ctx, n.child(-beta, -alpha, new_depth, is_pv))
            } else {
                let r = if forced == Forced::No && i >= LMR_FULL_MOVES && depth >= 3 && !threat {
                    late_move_reduction(depth, i, is_pv, improving)
                } else {
                    0
                };
                let zero = |d| n.child(-alpha - 1, -alpha, d, false);
                let mut s = -self.alphabeta(st, ctx, zero(new_depth - r));
                if s > alpha && r > 0 {
                    // A reduced move that beat alpha by a wide margin is
                    // likely the node's new best: it is checked a ply
                    // deeper than the others, and so is its principal-
                    // variation search (an idea read in Rapfi). Not when
                    // ranking several root moves, whose windows differ:
                    // each candidate is scored on a tree of the same depth.
                    new_depth +=
                        i32::from(!self.ranks_many && s > alpha + tune::LMR_DEEPER_MARGIN.get());
                    s = -self.alphabeta(st, ctx, zero(new_depth));
                }
                if s > alpha && s < beta && is_pv {
                    s = -self.alphabeta(st, ctx, n.child(-beta, -alpha, new_depth, true));
                }
                s
            };
            st.unmake();
            if ctx.aborted {
                ctx.stack[ply].moves = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_move = c;
                if s > alpha {
                    alpha = s;
                    ctx.set_pv(ply, c);
                    if s >= beta {
                        if !threat {
                            self.ordering.reward(me, ply, c, depth);
                        }
                        break;
                    }
                }
            }
        }
        ctx.stack[ply].moves = moves;
        if excluded != 0 {
            // The node without one of its moves is not the node: nothing
            // is stored, and a node with no other move fails low.
            return best.max(orig_alpha);
        }
        let bound = if best >= beta {
            tt::LOWER
        } else if best > orig_alpha {
            tt::EXACT
        } else {
            tt::UPPER
        };
        self.tt
            .store(hash, depth, tt::to_tt(best, ply_i), bound, best_move);
        best
    }
}

impl Searcher<'_> {
    /// [`generate`] for the node at `ply`, with the search's ordering
    /// tables and scratch list.
    fn list_moves(
        &self,
        st: &State,
        ctx: &mut Ctx,
        tt_move: Cell,
        ply: usize,
        moves: &mut Vec<(Cell, i32)>,
    ) -> Forced {
        generate(st, tt_move, ply, self.ordering, &mut ctx.scratch, moves)
    }

    /// True when a node (not excluding a move) at `depth` and `ply` whose
    /// moves are limited to `forced` tests the table's move `tt_move` for
    /// being singular: its entry `tt_hint` (score, bound, depth) must be a
    /// lower bound or exact, not a mate, and nearly as deep as the node.
    ///
    /// Never on a helper that splits the root's moves ([`super::split`]):
    /// one that extends its own singular moves leaves entries that more
    /// than double the main thread's tree to the same depth (bench
    /// positions, depth 12: 4.3M of the main thread's nodes against 2.2M
    /// alone; 1.25M without the helper's tests).
    fn tests_singular(
        &self,
        tt_hint: Option<(i32, u8, i32)>,
        tt_move: Cell,
        ply: i32,
        depth: i32,
        forced: Forced,
    ) -> bool {
        let Some((tt_s, bound, tt_depth)) = tt_hint else {
            return false;
        };
        !self.splits
            && ply > 0
            && ply < 2 * depth
            && forced == Forced::No
            && depth >= tune::SINGULAR_MIN_DEPTH.get()
            && tt_move != 0
            && bound != tt::UPPER
            && tt_depth >= depth - SINGULAR_TT_SLACK
            && tt_s.abs() < Score::MATE_BOUND
    }
}

/// True when the table's move `c` is one [`generate`] would list for a
/// node limited to `kind` (neither [`Forced::BlockFive`] nor
/// [`Forced::DefendVcf`]): an empty point the side to move may play and,
/// where an open three must be met, a four point of either side. A move
/// from a hash collision that passes is still a legal move, searched once
/// more than it would have been.
fn tt_move_playable(st: &State, c: Cell, kind: Forced) -> bool {
    let me = st.to_move();
    c != 0
        && st.is_empty(c)
        && !st.is_forbidden(c)
        && (kind == Forced::No
            || st.combo(c, me ^ 1) >= combo::BLOCK4
            || st.combo(c, me) >= combo::BLOCK4)
}

/// Quiet moves a non-PV node at `depth` (up to [`tune::LMP_MAX_DEPTH`]) searches
/// before late-move pruning drops the rest: `tune::LMP_BASE + depth² / 2`, two
/// thirds of that when the side to move is not improving.
fn lmp_limit(depth: i32, improving: bool) -> usize {
    let full = tune::LMP_BASE.get() as usize + (depth * depth) as usize / 2;
    if improving {
        full
    } else {
        full * 2 / 3
    }
}

/// Plies by which the `i`-th move of a node at `depth` (at least 3) is
/// first searched shallower: `ln(depth) * ln(i) / (tune::LMR_DIVISOR_PCT / 100)`, a ply less
/// at a principal-variation node and a ply more where the side to move is
/// not improving (its static score fell since its last move, so a late
/// quiet move is less likely to turn the node), at least one and never all
/// but one.
pub(super) fn late_move_reduction(depth: i32, i: usize, is_pv: bool, improving: bool) -> i32 {
    let r = (f64::from(depth).ln() * (i as f64).ln()
        / (f64::from(tune::LMR_DIVISOR_PCT.get()) / 100.0)) as i32;
    (r - i32::from(is_pv) + i32::from(!improving)).clamp(1, depth - 2)
}

/// True when the side to move's move at `c` makes or meets a threat (see
/// [`FORCING_OWN`] and [`FORCING_BLOCK`]): such moves are never reduced.
pub(super) fn is_forcing(st: &State, c: Cell) -> bool {
    let me = st.to_move();
    st.combo(c, me) >= FORCING_OWN || st.combo(c, me ^ 1) >= FORCING_BLOCK
}

/// Most moves a node at `depth` and `ply` searches: the width cap when
/// every candidate was generated and, below the root's children, the
/// move-count limit of [`QUIET_COUNT`] or [`TENSE_COUNT`] by whether either
/// side has a four or an open three. The block of a four and a defence
/// against a VCF search every move: each may be the only one.
fn move_cap(st: &State, forced: Forced, depth: i32, ply: usize) -> usize {
    let width = match forced {
        Forced::BlockFive | Forced::DefendVcf => return usize::MAX,
        Forced::No => {
            (BRANCH_BASE + BRANCH_PER_DEPTH * depth as usize).min(tune::MAX_BRANCH.get() as usize)
        }
        Forced::DefendThree => usize::MAX,
    };
    if ply < 2 {
        return width;
    }
    let tense = (0..2).any(|s| st.count(s, combo::FIVE) > 0 || st.count(s, combo::FLEX4) > 0);
    let (a, b, max) = if tense {
        (TENSE_COUNT.0, TENSE_COUNT.1, tune::TENSE_MAX.get() as usize)
    } else {
        QUIET_COUNT
    };
    let limit = ((a * f64::from(depth).sqrt() - b).round().max(1.0) as usize).min(max);
    limit.min(width)
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures::black_to_move;
    use super::super::super::time::Clock;
    use super::super::super::tt::Table;
    use super::super::super::Limits;
    use super::super::Worker;
    use super::*;
    use crate::rules::{parse_moves, Rule};
    use std::sync::atomic::AtomicBool;

    /// Searches `st` at the root ply to `depth` with an open window,
    /// leaving out `excluded` (0: none); the score, the line and whether
    /// the table holds an entry for `st` afterwards.
    fn search(st: &mut State, depth: i32, excluded: Cell) -> (i32, Vec<Cell>, bool) {
        let stop = AtomicBool::new(false);
        let tt = Table::new(1);
        let mut worker = Worker::new();
        let mut searcher = worker.searcher(&tt, true, false);
        let mut ctx = Ctx::new(Clock::start(Limits::default(), &stop));
        ctx.stack[0].excluded = excluded;
        let n = Node {
            alpha: -INF,
            beta: INF,
            depth,
            ply: 0,
            is_pv: true,
        };
        let s = searcher.alphabeta(st, &mut ctx, n);
        (s, ctx.pv(0).to_vec(), tt.probe(st.hash()).is_some())
    }

    fn cell(st: &State, point: &str) -> Cell {
        st.cell(parse_moves(point, 15).expect("a point")[0])
    }

    #[test]
    fn a_node_searched_without_a_move_never_plays_it_and_stores_nothing() {
        let mut st = black_to_move(Rule::Freestyle, "h8 i9 g9", "i8 h9 j10");
        let (_, line, stored) = search(&mut st, 5, 0);
        assert!(stored, "a normal search stores its node");
        let best = line[0];
        let (_, line, stored) = search(&mut st, 5, best);
        assert!(!line.is_empty() && line[0] != best, "{line:?}");
        assert!(!stored, "the node without one of its moves is not the node");
    }

    #[test]
    fn leaving_out_the_only_block_of_a_four_fails_low() {
        // White's four e5-h5 has one open end, i5: every other move loses.
        let mut st = black_to_move(Rule::Freestyle, "d5 m12 c12", "e5 f5 g5 h5");
        let i5 = cell(&st, "i5");
        let (s, line, _) = search(&mut st, 3, 0);
        assert_eq!(line.first(), Some(&i5));
        assert!(s > -Score::MATE_BOUND, "{s}");
        let (s, _, _) = search(&mut st, 3, i5);
        assert!(s <= -Score::MATE_BOUND, "{s}");
    }

    #[test]
    fn a_node_that_is_not_improving_reduces_late_moves_a_ply_more_within_bounds() {
        for depth in 3..=20 {
            for i in LMR_FULL_MOVES..40 {
                for is_pv in [false, true] {
                    let up = late_move_reduction(depth, i, is_pv, true);
                    let down = late_move_reduction(depth, i, is_pv, false);
                    assert!((1..=depth - 2).contains(&up), "{depth} {i} {is_pv}: {up}");
                    assert!(
                        (1..=depth - 2).contains(&down),
                        "{depth} {i} {is_pv}: {down}"
                    );
                    // At most a ply more, never less (the bounds may eat it).
                    assert!(down == up || down == up + 1, "{depth} {i} {is_pv}");
                }
            }
        }
        // Deep and late enough that neither bound binds.
        assert_eq!(late_move_reduction(12, 20, false, true), 4);
        assert_eq!(late_move_reduction(12, 20, false, false), 5);
    }
}
