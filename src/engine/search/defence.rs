//! Defence inside the tree against an attack the move cap would hide: at
//! a node where the side NOT to move has a win by continuous fours (were it
//! to move), only the moves that could break that attack are searched,
//! and all of them, with no width cap, reductions or late-move pruning.
//!
//! A VCF is a fixed line: each attacker four has exactly two empty points
//! in its five-window when it is made (the four's own point and the point
//! the defender must then take), and the last move leaves five points
//! that no block can cover. So a move breaks the line only if it takes
//! one of those points, makes a four of the defender's own (the attacker
//! must answer it, and the defender gains a tempo), or readies one that a
//! forced block of the line completes (the same, a few moves later).
//! Everything else loses to the same line, and the search need not look
//! at it.

use super::super::movegen::{Orderer, TT_BONUS};
use super::super::shape::combo;
use super::super::state::{Cell, State};
use super::super::tune;
use super::super::vcf::Vcf;
use super::stack::Ctx;
use super::Searcher;

/// Least remaining depth at which a node looks for the opponent's VCF: at
/// shallower nodes the quiescence search and the child's own VCF probe see
/// the attack soon enough, and the probe would cost more than it saves
/// (self-play at 100 ms a move against the engine without this defence:
/// -15.1 ± 17.6 Elo from depth 3, -2.3 ± 15.9 from depth 5).
pub(super) const DEFEND_MIN_DEPTH: i32 = 5;
/// Own fours of the opponent's VCF looked for: the hidden attacks of lost
/// games ran to eight or ten moves.
const DEFEND_VCF_DEPTH: u8 = 12;

/// True when a node `depth` plies from the nominal end looks for the
/// opponent's VCF: from [`DEFEND_MIN_DEPTH`], and at any depth when the
/// opponent holds a four-three point (a win in two fours that the probe
/// is sure to find), since at a shallow node the move-count limits could
/// leave out the one defence. Not when the opponent already has a four or
/// an open three (the move generator's own defences apply) or no four to
/// make at all. Self-play at 100 ms a move against the depth rule alone:
/// +15.3 ± 15.2 Elo over 1,000 games (`docs/strength.md`).
pub(super) fn defends_at(st: &State, depth: i32) -> bool {
    let opp = st.to_move() ^ 1;
    (depth >= DEFEND_MIN_DEPTH || st.count(opp, combo::FOUR_THREE) > 0)
        && st.count(opp, combo::FIVE) == 0
        && st.count(opp, combo::FLEX4) == 0
        && st.count_at_least(opp, combo::BLOCK4) > 0
}

impl Searcher<'_> {
    /// When the opponent (the side not to move) has a VCF, fills `out`
    /// with the moves that could refute it, scored for ordering, and
    /// answers true; `tt_move` is ordered first when it is one of them.
    pub(super) fn vcf_defences(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        tt_move: Cell,
        out: &mut Vec<(Cell, i32)>,
    ) -> bool {
        let me = st.to_move();
        let clock = ctx.clock;
        let abort = || clock.must_stop();
        let key = key_points(st, self.vcf, tune::DEFEND_VCF_NODES.get() as u64, &abort);
        ctx.nodes += self.vcf.nodes;
        let Some(key) = key else {
            return false;
        };
        out.clear();
        let orderer = Orderer::new(st);
        for c in key {
            if st.is_forbidden(c) || out.iter().any(|m| m.0 == c) {
                continue;
            }
            let mut s = self.ordering.score(&orderer, c, me);
            if c == tt_move {
                s += TT_BONUS;
            }
            out.push((c, s));
        }
        true
    }
}

/// When the side not to move has a VCF (found within `nodes`), the empty
/// points that could break it: the points of its line, the five points its
/// end leaves, the points where the side to move would make a four once one
/// of its forced blocks is on the board, and its own fours; `None` when no
/// VCF was found. The solver's nodes are left in `vcf.nodes`.
pub(super) fn key_points(
    st: &mut State,
    vcf: &mut Vcf,
    nodes: u64,
    abort: &dyn Fn() -> bool,
) -> Option<Vec<Cell>> {
    let me = st.to_move();
    let opp = me ^ 1;
    st.flip_side();
    let Some(line) = vcf.solve(st, DEFEND_VCF_DEPTH, nodes, abort) else {
        st.flip_side();
        return None;
    };
    let mut key: Vec<Cell> = line.clone();
    let mut more = Vec::new();
    for (i, &c) in line.iter().enumerate() {
        st.make(c);
        // After each of its forced blocks, the points where the defender
        // would now make a four: a stone there beforehand turns that block
        // into a four the attacker must answer, which breaks the line.
        if i % 2 == 1 {
            st.cells_with(me, combo::BLOCK4, &mut more);
            key.extend_from_slice(&more);
        }
    }
    if !st.last_move_won() {
        st.cells_with(opp, combo::FIVE, &mut more);
        key.extend_from_slice(&more);
    }
    for _ in &line {
        st.unmake();
    }
    st.flip_side();
    // Own fours: the attacker must answer them first.
    st.cells_with(me, combo::BLOCK4, &mut more);
    key.extend_from_slice(&more);
    key.retain(|&c| st.is_empty(c));
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures::black_to_move;
    use super::*;
    use crate::rules::{parse_moves, Rule};

    fn never() -> bool {
        false
    }

    fn cells(st: &State, moves: &str) -> Vec<Cell> {
        parse_moves(moves, 15)
            .expect("points")
            .into_iter()
            .map(|p| st.cell(p))
            .collect()
    }

    #[test]
    fn a_shallow_node_facing_a_four_three_defends_against_it() {
        // White's h5 makes the four e5-h5 (d5 is Black's) and the open
        // three h5-h6-h7: a win in two fours. Black, to move, must take
        // one of its points even one ply from the horizon.
        let mut st = black_to_move(Rule::Freestyle, "d5 m12 c12 l3 n9", "e5 f5 g5 h6 h7");
        assert!(st.count(1, combo::FOUR_THREE) > 0);
        assert!(defends_at(&st, 1));
        let mut vcf = Vcf::new();
        let key = key_points(&mut st, &mut vcf, 1_000, &never).expect("White's VCF");
        for c in cells(&st, "h5 i5") {
            assert!(key.contains(&c), "{:?} is a key point", st.point(c));
        }
        for c in cells(&st, "m3 b2 l12") {
            assert!(!key.contains(&c), "{:?} defends nothing", st.point(c));
        }
        // Without the second stone of the three, White has fours but no
        // four-three: below DEFEND_MIN_DEPTH the node searches as usual.
        let st = black_to_move(Rule::Freestyle, "d5 m12 c12 l3", "e5 f5 g5 h6");
        assert_eq!(st.count(1, combo::FOUR_THREE), 0);
        assert!(!defends_at(&st, DEFEND_MIN_DEPTH - 1));
        assert!(defends_at(&st, DEFEND_MIN_DEPTH));
    }

    #[test]
    fn every_point_left_out_still_loses_to_a_vcf() {
        // From a game lost to PentaZen at 1 s (seed 13, game 68, mirrored
        // top to bottom). White's m8 leaves a VCF: n8, forcing o8, then k5
        // makes the open four k5-l6-m7-n8. Black's n7 is on none of its
        // points, yet it refutes it: the forced block at o8 would then make
        // Black's four l5-m6-n7-o8, which White must answer first. The key
        // points once left n7 out, so the tree took every answer as lost
        // and called m8 a win in six.
        let mut st = black_to_move(
            Rule::Freestyle,
            "i9 e9 k9 j6 j8 l5 j7 m6",
            "k8 k7 l8 l7 l6 m7 j9 m8",
        );
        let mut vcf = Vcf::new();
        let key = key_points(&mut st, &mut vcf, 100_000, &never).expect("White has a VCF");
        let n7 = st.cell(parse_moves("n7", 15).expect("a point")[0]);
        assert!(key.contains(&n7), "n7 is a key point");
        // The promise: any other answer leaves White a win by fours.
        let mut near = Vec::new();
        st.candidates(&mut near);
        assert!(near.len() > 40, "{} points near the stones", near.len());
        for c in near {
            if key.contains(&c) {
                continue;
            }
            st.make(c);
            let found = Vcf::new().solve(&mut st, 16, 100_000, &never).is_some();
            st.unmake();
            assert!(found, "{:?} is left out but stops every VCF", st.point(c));
        }
    }
}
