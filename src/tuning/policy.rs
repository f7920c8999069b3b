//! Fitting the move ordering's values ([`crate::engine::order`]) to the
//! moves the engine played: every quiet position of the training games
//! (no five to make or stop, no four or open three to answer) lists its
//! candidates, and a softmax over their ordering scores is trained to put
//! the played move first.
//!
//! Each candidate's score is the sum of four values: the side to move's
//! shape at the point, the opponent's shape there (taken away by playing
//! it), and the distance buckets to the last move of each side. Scores are
//! in the hand-made ordering's units; [`TEMPERATURE`] of them make one
//! logit.

use super::dataset::GameRecord;
use crate::engine::order::{distance_bucket, OrderWeights, DIST_BUCKETS};
use crate::engine::pattern::combine;
use crate::engine::shape::{combo, shape_index, shape_patterns, SHAPES};
use crate::engine::state::{Cell, State};
use crate::rules::{Board, Stone};

/// Ordering units per logit. The hand-made ordering fits the played moves
/// best at about this temperature, so training starts from its own best
/// reading of the data.
pub const TEMPERATURE: f64 = 100.0;

/// The hand-made ordering as values of this model, the trainer's
/// starting point: a point's own threat value times 3/2 plus the
/// opponent's threat value there (the values of
/// [`crate::engine::pattern::combine`], which the ordering used before it
/// was learned), nothing for distances. An engine with these values
/// searches exactly as that ordering did.
#[must_use]
pub fn hand_order() -> OrderWeights {
    let value = |s: usize| i32::from(combine(shape_patterns(s)).1);
    OrderWeights {
        own: (0..SHAPES).map(|s| value(s) * 3 / 2).collect(),
        block: (0..SHAPES).map(value).collect(),
        near: [0; 2 * DIST_BUCKETS],
    }
}

/// Parameters of the model: own shapes, blocked shapes, distances.
const PARAMS: usize = 2 * SHAPES + 2 * DIST_BUCKETS;

/// One quiet position: its candidates' parameter indices and which of
/// them was played.
struct Position {
    /// Index of the first candidate in [`PolicySet::cands`].
    start: u32,
    /// Number of candidates.
    len: u16,
    /// The played candidate, counted from `start`.
    target: u16,
}

/// The quiet positions of some games, ready for training.
pub struct PolicySet {
    positions: Vec<Position>,
    /// Per candidate: the four parameter indices its score sums.
    cands: Vec<[u16; 4]>,
}

/// What [`PolicySet::of`] kept and skipped.
#[derive(Debug, Default, Clone, Copy)]
pub struct PolicyStats {
    /// Positions past the opening.
    pub positions: usize,
    /// Positions kept (quiet, the played move among the candidates).
    pub kept: usize,
}

/// How well a set of values orders a set's played moves.
#[derive(Debug, Clone, Copy)]
pub struct Agreement {
    /// Mean softmax cross-entropy of the played move.
    pub loss: f64,
    /// Share of positions where the played move is ordered first (ties
    /// shared).
    pub top1: f64,
    /// Share where it is among the first three (ties shared).
    pub top3: f64,
    /// Share where it is among the first eight (ties shared).
    pub top8: f64,
}

impl PolicySet {
    /// The quiet positions of `games` from ply `skip_plies` on (the
    /// opening's stones were not the engine's choice).
    #[must_use]
    pub fn of(games: &[GameRecord], skip_plies: usize) -> (PolicySet, PolicyStats) {
        let mut set = PolicySet {
            positions: Vec::new(),
            cands: Vec::new(),
        };
        let mut stats = PolicyStats::default();
        let mut list: Vec<Cell> = Vec::new();
        for g in games {
            let Ok(board) = Board::new(g.size) else {
                continue;
            };
            let mut st = State::new(&board, Stone::Black, g.rule);
            for (ply, &mv) in g.moves.iter().enumerate() {
                let played = st.cell(mv);
                if ply >= skip_plies {
                    stats.positions += 1;
                    if set.add(&st, played, &mut list) {
                        stats.kept += 1;
                    }
                }
                if !st.is_empty(played) {
                    break;
                }
                st.make(played);
            }
        }
        (set, stats)
    }

    /// Adds the position `st` with `played` as its target, if it is quiet
    /// and the move one of its candidates; true when added.
    fn add(&mut self, st: &State, played: Cell, list: &mut Vec<Cell>) -> bool {
        let me = st.to_move();
        let opp = me ^ 1;
        if st.count(me, combo::FIVE) > 0
            || st.count(opp, combo::FIVE) > 0
            || st.count(me, combo::FLEX4) > 0
            || st.count(opp, combo::FLEX4) > 0
        {
            return false;
        }
        st.candidates(list);
        list.retain(|&c| !st.is_forbidden(c));
        let Some(target) = list.iter().position(|&c| c == played) else {
            return false;
        };
        if list.len() < 2 || list.len() > usize::from(u16::MAX) {
            return false;
        }
        let h = st.history();
        let last = |back: usize| h.len().checked_sub(back).map(|i| st.point(h[i]));
        let lasts = [last(1), last(2)];
        self.positions.push(Position {
            start: self.cands.len() as u32,
            len: list.len() as u16,
            target: target as u16,
        });
        for &c in list.iter() {
            let pats = st.patterns_at(c);
            let p = st.point(c);
            let mut f = [
                shape_index(pats[me]) as u16,
                (SHAPES + shape_index(pats[opp])) as u16,
                0,
                0,
            ];
            for (k, l) in lasts.iter().enumerate() {
                let b = l.map_or(DIST_BUCKETS - 1, |l| {
                    distance_bucket(p.x.abs_diff(l.x).max(p.y.abs_diff(l.y)))
                });
                f[2 + k] = (2 * SHAPES + k * DIST_BUCKETS + b) as u16;
            }
            self.cands.push(f);
        }
        true
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True when the set holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// How well `w` orders this set's played moves.
    #[must_use]
    pub fn agreement(&self, w: &OrderWeights) -> Agreement {
        let params = to_params(w);
        let (mut loss, mut t1, mut t3, mut t8) = (0.0, 0.0, 0.0, 0.0);
        let mut scores = Vec::new();
        for pos in &self.positions {
            self.scores(pos, &params, &mut scores);
            let target = scores[usize::from(pos.target)];
            loss += log_sum_exp(&scores) - target;
            let above = scores.iter().filter(|&&s| s > target).count() as f64;
            let tied = scores.iter().filter(|&&s| s == target).count() as f64;
            // The target's rank is spread evenly over its tied places.
            let share = |k: f64| ((k - above) / tied).clamp(0.0, 1.0);
            t1 += share(1.0);
            t3 += share(3.0);
            t8 += share(8.0);
        }
        let n = self.positions.len().max(1) as f64;
        Agreement {
            loss: loss / n,
            top1: t1 / n,
            top3: t3 / n,
            top8: t8 / n,
        }
    }

    /// The logits of `pos`'s candidates under `params` into `out`.
    fn scores(&self, pos: &Position, params: &[f64], out: &mut Vec<f64>) {
        out.clear();
        let start = pos.start as usize;
        for f in &self.cands[start..start + usize::from(pos.len)] {
            let s: f64 = f.iter().map(|&i| params[usize::from(i)]).sum();
            out.push(s / TEMPERATURE);
        }
    }

    /// Mean cross-entropy under `params` and its gradient (per ordering
    /// unit) into `grad`.
    fn loss_and_gradient(&self, params: &[f64], grad: &mut [f64]) -> f64 {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0;
        let mut scores = Vec::new();
        for pos in &self.positions {
            self.scores(pos, params, &mut scores);
            let lse = log_sum_exp(&scores);
            loss += lse - scores[usize::from(pos.target)];
            let start = pos.start as usize;
            for (k, f) in self.cands[start..start + usize::from(pos.len)]
                .iter()
                .enumerate()
            {
                let p = (scores[k] - lse).exp() - f64::from(u8::from(k == usize::from(pos.target)));
                for &i in f {
                    grad[usize::from(i)] += p / TEMPERATURE;
                }
            }
        }
        let n = self.positions.len().max(1) as f64;
        grad.iter_mut().for_each(|g| *g /= n);
        loss / n
    }
}

/// Settings of a training run.
#[derive(Debug, Clone, Copy)]
pub struct PolicyConfig {
    /// Passes over the whole training set (one Adam step each).
    pub epochs: usize,
    /// Adam's step size, in ordering units.
    pub learning_rate: f64,
    /// L2 pull towards the starting values, per ordering unit squared:
    /// shapes seen rarely keep about the hand-made value.
    pub l2: f64,
}

/// Trains from `start` on `train`, reporting the held-out agreement on
/// `valid` every so often through `progress` (epoch, training loss,
/// held-out agreement); returns the values rounded to whole units.
pub fn train(
    start: &OrderWeights,
    train: &PolicySet,
    valid: &PolicySet,
    cfg: &PolicyConfig,
    mut progress: impl FnMut(usize, f64, Agreement),
) -> OrderWeights {
    let origin = to_params(start);
    let mut params = origin.clone();
    let mut grad = vec![0.0; PARAMS];
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    for epoch in 1..=cfg.epochs {
        let loss = train.loss_and_gradient(&params, &mut grad);
        for i in 0..PARAMS {
            let g = grad[i] + 2.0 * cfg.l2 * (params[i] - origin[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            params[i] -= cfg.learning_rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 20 == 0 || epoch == cfg.epochs {
            progress(epoch, loss, valid.agreement(&from_params(&params)));
        }
    }
    from_params(&params)
}

/// The model's parameter vector of `w`.
fn to_params(w: &OrderWeights) -> Vec<f64> {
    w.own
        .iter()
        .chain(&w.block)
        .chain(&w.near)
        .map(|&x| f64::from(x))
        .collect()
}

/// Values rounded to whole units, inside the 16-bit range the engine's
/// tables hold.
fn from_params(p: &[f64]) -> OrderWeights {
    let round = |x: f64| x.round().clamp(-32_000.0, 32_000.0) as i32;
    let mut near = [0; 2 * DIST_BUCKETS];
    for (n, &x) in near.iter_mut().zip(&p[2 * SHAPES..]) {
        *n = round(x);
    }
    OrderWeights {
        own: p[..SHAPES].iter().map(|&x| round(x)).collect(),
        block: p[SHAPES..2 * SHAPES].iter().map(|&x| round(x)).collect(),
        near,
    }
}

/// `ln(sum(exp(x)))`, without overflow.
fn log_sum_exp(x: &[f64]) -> f64 {
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    max + x.iter().map(|&s| (s - max).exp()).sum::<f64>().ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_moves, Rule};

    /// A game of `moves` (position string) on 15 × 15 freestyle.
    fn game(moves: &str) -> GameRecord {
        let moves = parse_moves(moves, 15).expect("moves");
        GameRecord {
            size: 15,
            rule: Rule::Freestyle,
            winner: None,
            scores: vec![0; moves.len()],
            moves,
        }
    }

    #[test]
    fn only_quiet_positions_with_the_move_among_the_candidates_are_kept() {
        // After h8 i9 h9 i10 h10, White faces the open three h8-h10: not
        // quiet. Every position before is.
        let (set, stats) = PolicySet::of(&[game("h8 i9 h9 i10 h10 h11")], 0);
        assert_eq!(stats.positions, 6);
        // The first move has no candidates list of two or more (an empty
        // board offers only the centre), and the last faces an open three.
        assert_eq!(set.len(), 4, "{stats:?}");
        // A move far from every stone is not a candidate.
        let (set, _) = PolicySet::of(&[game("h8 a1")], 0);
        assert_eq!(set.len(), 0);
    }

    #[test]
    fn training_learns_to_put_the_played_moves_first() {
        // Games where White always answers right next to Black's last
        // move: the distance to the opponent's last move should come to
        // matter, and the played move come first more often.
        let games: Vec<GameRecord> = [
            "h8 h9 j8 j9 l8 l9 c3 c4",
            "h8 i8 h10 i10 h12 i12 d4 d5",
            "g7 g8 i7 i8 k7 k8 m3 m4",
        ]
        .iter()
        .map(|m| game(m))
        .collect();
        let (set, _) = PolicySet::of(&games, 1);
        let hand = hand_order();
        let before = set.agreement(&hand);
        let cfg = PolicyConfig {
            epochs: 200,
            learning_rate: 5.0,
            l2: 0.0,
        };
        let mut calls = 0;
        let after_w = train(&hand, &set, &set, &cfg, |_, _, _| calls += 1);
        let after = set.agreement(&after_w);
        assert_eq!(calls, 10);
        assert!(after.loss < before.loss - 0.1, "{before:?} -> {after:?}");
        assert!(after.top1 > before.top1, "{before:?} -> {after:?}");
        assert!(after_w.near[0] > after_w.near[4], "{:?}", after_w.near);
    }

    #[test]
    fn the_hand_made_ordering_reads_back_as_written() {
        let hand = hand_order();
        assert_eq!(OrderWeights::parse(&hand.to_text(&[])).unwrap(), hand);
    }

    #[test]
    fn the_gradient_matches_a_finite_difference() {
        let (set, _) = PolicySet::of(&[game("h8 h9 j8 j9 l8 l9")], 1);
        let params = to_params(&hand_order());
        let mut grad = vec![0.0; PARAMS];
        set.loss_and_gradient(&params, &mut grad);
        let i = 2 * SHAPES; // the opponent's last move at distance 1
        let mut p = params.clone();
        let h = 0.5;
        p[i] += h;
        let up = set.loss_and_gradient(&p, &mut vec![0.0; PARAMS]);
        p[i] -= 2.0 * h;
        let down = set.loss_and_gradient(&p, &mut vec![0.0; PARAMS]);
        let numeric = (up - down) / (2.0 * h);
        assert!((numeric - grad[i]).abs() < 1e-6, "{numeric} vs {}", grad[i]);
    }
}
