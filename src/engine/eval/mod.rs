//! Static evaluation: the learned shape values of every empty point, kept
//! summed by [`State`], plus a few whole-board terms.
//!
//! The values come from [`weights`] (trained by `gomoku-tune` on our own
//! games); [`features`] lists what the model reads, so the trainer sees
//! exactly what the engine sums.

pub mod features;
pub mod threat;
pub mod weights;

use super::shape::combo;
use super::state::State;

/// The whole-board conditions the evaluation adds a term for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threats {
    /// The side to move holds a four-three or double-three point (double
    /// threes only where they are allowed) and the opponent has no four to
    /// answer with: usually a win.
    pub double_threat: bool,
    /// The opponent has an open-four point and the side to move has no
    /// four of its own to gain a tempo with.
    pub facing_three: bool,
}

/// The whole-board conditions of the position.
#[must_use]
pub fn threats(st: &State) -> Threats {
    let me = st.to_move();
    let opp = me ^ 1;
    // Black's double threes are forbidden under Renju.
    let double_threes = if st.black_restricted() {
        0
    } else {
        st.count(me, combo::THREE_THREE)
    };
    Threats {
        double_threat: st.count_at_least(opp, combo::BLOCK4) == 0
            && st.count(me, combo::FOUR_THREE) + double_threes > 0,
        facing_three: st.count(opp, combo::FLEX4) > 0 && st.count_at_least(me, combo::BLOCK4) == 0,
    }
}

/// The position from the side to move's point of view, in evaluation
/// units (1000 read as "+1.0").
#[must_use]
pub fn evaluate(st: &State) -> i32 {
    let [double_threat, facing_three, tempo] = st.eval_terms();
    let me = st.to_move();
    let t = threats(st);
    st.shape_sum(me, true) - st.shape_sum(me ^ 1, false)
        + tempo
        + st.threat_value(threat::index(st))
        + if t.double_threat { double_threat } else { 0 }
        - if t.facing_three { facing_three } else { 0 }
}
