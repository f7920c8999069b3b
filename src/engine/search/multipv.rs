//! The lines of multi-PV analysis: the best N root moves, each with its own
//! exact score and line (ranked by [`super::root`]), carried on to the
//! five when they stop at a threat that cannot be met, merged with a win
//! the threat solvers proved, and handed out as the engine's candidates.

use super::super::shape::combo;
use super::super::state::{Cell, State};
use super::super::Candidate;

/// How deep the tree ranks the other moves once a threat solver has
/// proved a win at the root: the proof is the answer, the others only
/// need a fair ordering below it, and a deeper search would spend an
/// unlimited analysis's time on moves that do not matter.
pub(super) const PROOF_RANK_DEPTH: i32 = 6;

/// One ranked root move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    /// The move.
    pub mv: Cell,
    /// Its score for the side to move.
    pub score: i32,
    /// Its line, the move first.
    pub pv: Vec<Cell>,
}

/// `lines` with a win the threat solvers proved at the root put in place
/// of the tree's view of that move, ranked by score (the proof first
/// unless the tree found a faster win), at most `n`.
pub(super) fn with_proof(lines: &[Line], proof: &Line, n: usize) -> Vec<Line> {
    let mut out: Vec<Line> = lines.iter().filter(|l| l.mv != proof.mv).cloned().collect();
    let at = out.partition_point(|l| l.score > proof.score);
    out.insert(at, proof.clone());
    out.truncate(n);
    out
}

/// Most plies [`complete_line`] adds: an open four, a block and the five,
/// twice over.
const COMPLETION_PLIES: usize = 6;

/// `line` carried on to the five when it stops at a threat that cannot be
/// met: the threat solvers end a proof at the last four, and the tree
/// counts an open four as won, while people want to see the whole win.
/// The moves added are the obvious ones (make five, else block five, else
/// make an open four); a line already ending in five, or with none of
/// those to play, is returned as it is.
pub(super) fn complete_line(st: &mut State, mut line: Vec<Cell>) -> Vec<Cell> {
    for &c in &line {
        st.make(c);
    }
    let played = line.len();
    while played > 0 && line.len() < played + COMPLETION_PLIES && !st.last_move_won() {
        let me = st.to_move();
        let next = match (st.find_five(me), st.find_five(me ^ 1)) {
            (Some(c), _) => Some(c),
            (None, Some(c)) => Some(c).filter(|&c| !st.is_forbidden(c)),
            // An open four (or double four) to make: the tree counts it a
            // win without playing it out.
            (None, None) => {
                let mut fours = Vec::new();
                st.cells_with(me, combo::FLEX4, &mut fours);
                fours.into_iter().find(|&c| !st.is_forbidden(c))
            }
        };
        let Some(c) = next.filter(|&c| st.is_empty(c)) else {
            break;
        };
        st.make(c);
        line.push(c);
    }
    for _ in 0..line.len() {
        st.unmake();
    }
    line
}

/// The lines as the engine's candidates.
pub(super) fn candidates(st: &State, lines: &[Line], depth: u32) -> Vec<Candidate> {
    lines
        .iter()
        .map(|l| Candidate {
            mv: st.point(l.mv),
            score: super::super::Score(l.score),
            depth,
            pv: l.pv.iter().map(|&c| st.point(c)).collect(),
        })
        .collect()
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

    #[test]
    fn a_proof_replaces_the_trees_view_of_its_move() {
        let lines = vec![line(1, 500), line(2, 300), line(3, 100)];
        let proof = Line {
            mv: 2,
            score: 999_991,
            pv: vec![2, 7, 8, 9, 10, 11, 12, 13, 14],
        };
        let out = with_proof(&lines, &proof, 3);
        assert_eq!(out[0], proof);
        assert_eq!(out.iter().map(|l| l.mv).collect::<Vec<_>>(), vec![2, 1, 3]);
    }
}
