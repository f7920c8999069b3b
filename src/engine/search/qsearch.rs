//! The quiescence search, below the nominal depth: the static score
//! stands unless the side to move wins by continuous fours, which a
//! position with a four to play may hide. The VCF solver settles that
//! question; with the threat solvers switched off, the fours are tried
//! here instead, a few plies deep.

use super::super::eval::evaluate;
use super::super::movegen::sort_moves;
use super::super::shape::combo;
use super::super::state::State;
use super::super::tune;
use super::stack::Ctx;
use super::{Searcher, MATE, MAX_PLY};

/// Own fours tried in a row by the quiescence search when the threat
/// solvers are off.
const QS_FOURS: u32 = 4;
/// Own fours of the VCF search at a leaf. Against trying every four up to
/// [`QS_FOURS`] deep, asking the solver for a win of up to 8 fours (within
/// [`tune::LEAF_VCF_NODES`]) scored +39.3 ± 27.3 Elo in self-play at 100 ms a
/// move (347 games, H1) and cut the bench's nodes to depth 10 by 39%.
const LEAF_VCF_DEPTH: u8 = 8;

impl Searcher<'_> {
    /// Stand pat unless the side to move wins by fours: the VCF solver
    /// decides, or with the solvers off the fours are made here (the
    /// opponent's answer to each is forced).
    pub(super) fn qsearch(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        fours: u32,
    ) -> i32 {
        if !ctx.enter_node(ply) {
            return 0;
        }
        let me = st.to_move();
        let opp = me ^ 1;
        let ply_i = ply as i32;
        if st.count(me, combo::FIVE) > 0 {
            return MATE - ply_i - 1;
        }
        let opp_fives = st.count(opp, combo::FIVE);
        if opp_fives >= 2 {
            return -(MATE - ply_i - 2);
        }
        if ply >= MAX_PLY {
            return evaluate(st);
        }
        if opp_fives == 1 {
            let Some(f) = st.find_five(opp) else {
                return evaluate(st);
            };
            if st.is_forbidden(f) {
                return -(MATE - ply_i - 2);
            }
            st.make(f);
            let s = -self.qsearch(st, ctx, -beta, -alpha, ply + 1, fours);
            st.unmake();
            return s;
        }
        if st.count(me, combo::FLEX4) > 0 && has_open_four(st, ctx) {
            return MATE - ply_i - 3;
        }
        let stand = evaluate(st);
        if stand >= beta || fours >= QS_FOURS || st.count_at_least(me, combo::BLOCK4) == 0 {
            return stand;
        }
        if self.solvers {
            return match self.own_vcf(st, ctx, LEAF_VCF_DEPTH, tune::LEAF_VCF_NODES.get() as u64) {
                Some((_, plies)) => MATE - ply_i - plies as i32,
                None => stand,
            };
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = std::mem::take(&mut ctx.stack[ply].moves);
        moves.clear();
        ctx.scratch.clear();
        let mut cells = std::mem::take(&mut ctx.scratch);
        st.cells_with(me, combo::BLOCK4, &mut cells);
        for &c in &cells {
            if st.is_forbidden(c) {
                continue;
            }
            moves.push((c, i32::from(st.combo(c, me)) * 4096 + st.value(c, me)));
        }
        ctx.scratch = cells;
        sort_moves(&mut moves);
        for &(c, _) in moves.iter() {
            st.make(c);
            let s = -self.qsearch(st, ctx, -beta, -alpha, ply + 1, fours + 1);
            st.unmake();
            if ctx.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        ctx.stack[ply].moves = moves;
        best
    }
}

/// True when the side to move has a point making an open four or a double
/// four that it may play: always, given a `FLEX4` count, except for Black
/// under Renju, whose double fours are forbidden.
pub(super) fn has_open_four(st: &State, ctx: &mut Ctx) -> bool {
    if !st.black_restricted() {
        return true;
    }
    let mut cells = std::mem::take(&mut ctx.scratch);
    st.cells_with(st.to_move(), combo::FLEX4, &mut cells);
    let found = cells.iter().any(|&c| !st.is_forbidden(c));
    ctx.scratch = cells;
    found
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures::{black_to_move, long_vcf};
    use super::super::super::time::Clock;
    use super::super::super::tt::Table;
    use super::super::super::{Limits, Score};
    use super::super::{Worker, INF};
    use super::*;
    use crate::rules::Rule;
    use std::sync::atomic::AtomicBool;

    /// The quiescence score of `st` for the side to move, with an open
    /// window, with or without the threat solvers.
    fn quiesce(st: &mut State, solvers: bool) -> i32 {
        let stop = AtomicBool::new(false);
        let tt = Table::new(1);
        let mut worker = Worker::new();
        let mut searcher = worker.searcher(&tt, solvers, false);
        let mut ctx = Ctx::new(Clock::start(Limits::default(), &stop));
        searcher.qsearch(st, &mut ctx, -INF, INF, 0, 0)
    }

    #[test]
    fn a_leaf_with_a_long_win_by_fours_scores_the_win() {
        let mut st = long_vcf();
        let s = quiesce(&mut st, true);
        // A win by fours, not always the shortest: at most the solver's
        // eight fours and the five, and no shorter than the known seven
        // own moves.
        let plies = MATE - s;
        assert!(
            (13..=2 * i32::from(LEAF_VCF_DEPTH) + 1).contains(&plies),
            "{s}"
        );
    }

    #[test]
    fn without_the_solvers_the_leaf_sees_only_four_fours_deep() {
        let mut st = long_vcf();
        let s = quiesce(&mut st, false);
        assert!(s < Score::MATE_BOUND, "{s}");
    }

    #[test]
    fn a_four_that_wins_nothing_leaves_the_static_score() {
        // Black can make a four on row 8 (g8 shuts the other end), but no
        // second threat follows it.
        let mut st = black_to_move(Rule::Freestyle, "h8 i8 j8 c3", "g8 d12 m3");
        assert!(st.count_at_least(0, combo::BLOCK4) > 0);
        let stand = evaluate(&st);
        let history = st.history().to_vec();
        assert_eq!(quiesce(&mut st, true), stand);
        assert_eq!(quiesce(&mut st, false), stand);
        // The searches leave the position as they found it.
        assert_eq!(st.history(), &history[..]);
    }
}
