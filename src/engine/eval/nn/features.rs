//! The network's inputs read from a position from scratch: what the
//! trainer is given ([`position_codes`]) and what the tests recompute the
//! incremental accumulator from ([`full_accumulator`]). The incremental
//! path in [`crate::engine::state::State`] reads the same
//! [`super::code`]s, so the trainer sees exactly what the engine sums.

use super::{code, Acc, Network, MAX_FEATURES};
use crate::engine::state::State;

/// The four line codes of every empty point of `st`, for `side` as the
/// side to move, in the board's fixed order.
#[must_use]
pub fn position_codes(st: &State, side: usize) -> Vec<[usize; 4]> {
    st.empty_cells()
        .map(|c| {
            let pats = st.patterns_at(c);
            [0, 1, 2, 3].map(|d| code(&pats, side, d))
        })
        .collect()
}

/// The quantised accumulator of `side` as the side to move, summed over
/// the whole board.
#[must_use]
pub fn full_accumulator(net: &Network, st: &State, side: usize) -> Acc {
    let mut acc = [0i32; MAX_FEATURES];
    for codes in position_codes(st, side) {
        for (a, v) in acc.iter_mut().zip(net.activation(codes)) {
            *a += i32::from(v);
        }
    }
    acc
}

/// The float network's evaluation of `st` from scratch (side to move's
/// view, evaluation units).
#[must_use]
pub fn evaluate_float(net: &Network, st: &State) -> i32 {
    let me = st.to_move();
    net.evaluate_float(&position_codes(st, me), super::super::threat_sets(st))
}
