//! What the evaluation reads from a position, listed for the trainer: how
//! many empty points of each shape each side has, and the whole-board
//! terms. [`Features::score`] under some weights is exactly what
//! [`super::evaluate`] computes incrementally with the same weights.

use super::super::shape::shape_index;
use super::weights::Weights;
use super::{threat, threat_sets, Threats};
use crate::engine::state::State;

/// The model's inputs for one position, from the side to move's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// (shape, number of empty points of that shape) for the side to
    /// move, each shape once, ascending.
    pub own: Vec<(u16, u16)>,
    /// The same for the opponent.
    pub opp: Vec<(u16, u16)>,
    /// The whole-board terms.
    pub threats: Threats,
    /// The threat table's entry (see [`threat::index`]).
    pub threat_cell: u16,
}

impl Features {
    /// The features of `st`.
    #[must_use]
    pub fn of(st: &State) -> Features {
        let me = st.to_move();
        let sets = threat_sets(st);
        let mut counts = [
            vec![0u16; super::super::shape::SHAPES],
            vec![0u16; super::super::shape::SHAPES],
        ];
        for c in st.empty_cells() {
            let pats = st.patterns_at(c);
            counts[0][shape_index(pats[me])] += 1;
            counts[1][shape_index(pats[me ^ 1])] += 1;
        }
        let sparse = |v: &[u16]| {
            v.iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(s, &n)| (s as u16, n))
                .collect()
        };
        Features {
            own: sparse(&counts[0]),
            opp: sparse(&counts[1]),
            threats: Threats::of_sets(sets),
            threat_cell: threat::index(sets) as u16,
        }
    }

    /// The evaluation under `w`.
    #[must_use]
    pub fn score(&self, w: &Weights) -> i32 {
        let sum = |list: &[(u16, u16)], values: &[i32]| -> i32 {
            list.iter()
                .map(|&(s, n)| values[usize::from(s)] * i32::from(n))
                .sum()
        };
        sum(&self.own, &w.own) - sum(&self.opp, &w.opp)
            + w.tempo
            + w.threat[usize::from(self.threat_cell)]
            + if self.threats.double_threat {
                w.double_threat
            } else {
                0
            }
            - if self.threats.facing_three {
                w.facing_three
            } else {
                0
            }
    }
}
