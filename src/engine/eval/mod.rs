//! Static evaluation: the learned shape values of every empty point, kept
//! summed by [`State`], plus a few whole-board terms.
//!
//! The values come from [`weights`] (trained by `gomoku-tune` on our own
//! games); [`features`] lists what the model reads, so the trainer sees
//! exactly what the engine sums.

pub mod features;
pub mod nn;
pub mod threat;
pub mod weights;

use super::state::State;
use crate::rules::Rule;

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

impl Threats {
    /// The conditions of a position whose side to move has the threat
    /// flag set `sets[0]` and whose opponent has `sets[1]` (see
    /// [`threat_sets`]).
    #[must_use]
    pub fn of_sets(sets: [u8; 2]) -> Threats {
        let [me, opp] = sets;
        Threats {
            double_threat: me & threat::DOUBLE != 0 && opp & threat::FOUR == 0,
            facing_three: opp & threat::FLEX4 != 0 && me & threat::FOUR == 0,
        }
    }
}

/// The threat flag sets (see [`threat::flags`]) of the side to move and
/// of its opponent. Black's double threes are forbidden under Renju.
#[must_use]
pub fn threat_sets(st: &State) -> [u8; 2] {
    let me = st.to_move();
    let restricted = |side: usize| st.rule() == Rule::Renju && side == 0;
    [me, me ^ 1].map(|side| threat::flags(st.combo_counts(side), restricted(side)))
}

/// The position from the side to move's point of view, in evaluation
/// units (1000 read as "+1.0").
#[must_use]
pub fn evaluate(st: &State) -> i32 {
    if let Some((net, acc)) = st.network() {
        return net.evaluate_acc(&acc, threat_sets(st));
    }
    let [double_threat, facing_three, tempo] = st.eval_terms();
    let me = st.to_move();
    let sets = threat_sets(st);
    let t = Threats::of_sets(sets);
    st.shape_sum(me, true) - st.shape_sum(me ^ 1, false)
        + tempo
        + st.threat_value(threat::index(sets))
        + if t.double_threat { double_threat } else { 0 }
        - if t.facing_three { facing_three } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Point, Stone};
    use threat::{DOUBLE, FLEX3, FLEX3_TWICE, FLEX4, FOUR, SETS};

    fn state(moves: &[(u8, u8)], rule: Rule) -> State {
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, rule);
        for &(x, y) in moves {
            st.make(st.cell(Point::new(x, y)));
        }
        st
    }

    #[test]
    fn flags_follow_the_threats_on_the_board() {
        // Black has an open two on row 7 (f8 g8 with h8 empty): two
        // points make an open three, none a four.
        let st = state(&[(5, 7), (0, 0), (6, 7), (0, 14)], Rule::Freestyle);
        let [black, white] = threat_sets(&st);
        assert_eq!(black & (FLEX3 | FLEX3_TWICE), FLEX3 | FLEX3_TWICE);
        assert_eq!(black & (FOUR | FLEX4 | DOUBLE), 0);
        assert_eq!(white, 0);
        assert_eq!(threat::index([black, white]), usize::from(black) * SETS);
        // An open three: Black can make an open four and a four; White,
        // to move, sees it as the opponent's set.
        let st = state(&[(5, 7), (0, 0), (6, 7), (0, 14), (7, 7)], Rule::Freestyle);
        let [white, black] = threat_sets(&st);
        assert_eq!(black & (FOUR | FLEX4), FOUR | FLEX4);
        assert_eq!(white, 0);
        assert_eq!(
            Threats::of_sets(threat_sets(&st)),
            Threats {
                double_threat: false,
                facing_three: true
            }
        );
    }

    #[test]
    fn renju_black_double_threes_are_not_double_threats() {
        // Two open twos crossing at h8 (7, 7), Black to move: a
        // double-three point, a double threat except under Renju.
        let moves = [
            (5, 7),
            (0, 0),
            (6, 7),
            (0, 14),
            (7, 5),
            (14, 0),
            (7, 6),
            (14, 14),
        ];
        let free = state(&moves, Rule::Freestyle);
        assert_ne!(threat_sets(&free)[0] & DOUBLE, 0);
        assert!(Threats::of_sets(threat_sets(&free)).double_threat);
        let renju = state(&moves, Rule::Renju);
        assert_eq!(threat_sets(&renju)[0] & DOUBLE, 0);
        assert!(!Threats::of_sets(threat_sets(&renju)).double_threat);
    }
}
