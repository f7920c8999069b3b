//! Static evaluation from the incrementally kept pattern sums.

use super::pattern::combo;
use super::state::State;

/// Weight (in 1/16) of the side to move's own sum: having the move makes
/// its potential worth more than the same potential of the opponent.
const OWN_WEIGHT: i32 = 20;
/// Weight (in 1/16) of the opponent's sum.
const OPP_WEIGHT: i32 = 16;
/// Bonus for the side to move holding a four-three or double-three point
/// while the opponent has no four to answer with: usually a win.
const DOUBLE_THREAT: i32 = 2_500;
/// Penalty when the opponent threatens an open four and the side to move
/// has no four of its own to gain a tempo with.
const FACING_THREE: i32 = 1_500;

/// The position from the side to move's point of view, in evaluation
/// units (1000 read as "+1.0").
#[must_use]
pub fn evaluate(st: &State) -> i32 {
    let me = st.to_move();
    let opp = me ^ 1;
    let mut score = (st.total(me) * OWN_WEIGHT - st.total(opp) * OPP_WEIGHT) / 16;
    let opp_fours = st.count_at_least(opp, combo::BLOCK4);
    // Black's double threes are forbidden under Renju.
    let double_threes = if st.black_restricted() {
        0
    } else {
        st.count(me, combo::THREE_THREE)
    };
    if opp_fours == 0 && st.count(me, combo::FOUR_THREE) + double_threes > 0 {
        score += DOUBLE_THREAT;
    }
    if st.count(opp, combo::FLEX4) > 0 && st.count_at_least(me, combo::BLOCK4) == 0 {
        score -= FACING_THREE;
    }
    score
}
