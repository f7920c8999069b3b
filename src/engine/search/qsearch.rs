//! The quiescence search: below the nominal depth only fours are tried,
//! since the answer to a four is forced and a position with a four to
//! play is not quiet.

use super::super::eval::evaluate;
use super::super::movegen::sort_moves;
use super::super::pattern::combo;
use super::super::state::State;
use super::stack::Ctx;
use super::{Searcher, MATE, MAX_PLY};

/// Own fours tried in a row by the quiescence search.
const QS_FOURS: u32 = 4;

impl Searcher<'_> {
    /// Stand pat or make a four; the opponent's answer to a four is forced.
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
