//! The Texel-style trainer: fits the evaluation's weights so that
//! `1 / (1 + e^(-eval / scale))` predicts how games went from each
//! position, by gradient descent (Adam, whole batch) on the log-loss, held
//! near the starting weights by an L2 term and judged on held-out games.
//!
//! A position's target blends its game's result (1 win, ½ draw, 0 loss
//! for the side to move) with the win chance of the score a search gave it
//! when the data was made: results are the truth but noisy, scores are
//! smooth but only as good as the engine that searched.

use super::dataset::{GameRecord, SCORE_LOSS, SCORE_NONE, SCORE_WIN};
use crate::engine::eval::features::Features;
use crate::engine::eval::threat;
use crate::engine::eval::weights::Weights;
use crate::engine::pattern::combine;
use crate::engine::shape::{combo, shape_patterns, SHAPES};
use crate::engine::state::State;
use crate::rules::{Board, Stone};

/// Index of the first opponent shape weight in the parameter vector; own
/// shapes come first, then the opponent's, then the three terms.
const OPP: usize = SHAPES;
/// Index of the double-threat term.
const DOUBLE: usize = 2 * SHAPES;
/// Index of the facing-an-open-four term.
const FACING: usize = 2 * SHAPES + 1;
/// Index of the tempo term.
const TEMPO: usize = 2 * SHAPES + 2;
/// Index of the threat table's first entry.
const THREAT: usize = 2 * SHAPES + 3;
/// Length of the parameter vector.
const PARAMS: usize = THREAT + threat::CELLS;

/// The hand-made evaluation the engine used before training, written as
/// weights: each shape's hand value (patterns plus combination bonus)
/// counted 20/16 for the side to move and 16/16 for the opponent, a
/// double-threat bonus of 2500 and a facing-three penalty of 1500. It is
/// the trainer's starting point and the "before" of its report.
#[must_use]
pub fn hand_weights() -> Weights {
    let value = |s: usize| combine(shape_patterns(s)).1;
    Weights {
        own: (0..SHAPES)
            .map(|s| (i32::from(value(s)) * 20 + 8) / 16)
            .collect(),
        opp: (0..SHAPES).map(|s| i32::from(value(s))).collect(),
        double_threat: 2_500,
        facing_three: 1_500,
        tempo: 0,
        threat: vec![0; threat::CELLS],
    }
}

/// One training position: its features as (parameter, value) pairs, the
/// target chance and the game's result for the side to move.
#[derive(Debug, Clone)]
pub struct Sample {
    /// Non-zero inputs.
    pub inputs: Vec<(u16, f32)>,
    /// What the model should predict.
    pub target: f32,
    /// How the game went for the side to move (1, ½ or 0).
    pub result: f32,
    /// The next sample is this position after the move the game played
    /// (same game, next ply): the pair the parity term compares.
    pub next_is_child: bool,
}

/// How positions become samples.
#[derive(Debug, Clone, Copy)]
pub struct SampleConfig {
    /// Weight of the game result in the target (the rest goes to the
    /// search score's win chance); positions with no score use the result
    /// alone.
    pub result_weight: f32,
    /// Logistic scale of evaluation units.
    pub scale: f32,
    /// Positions this early in a game are skipped (the openings are
    /// chosen to be balanced, not played).
    pub skip_plies: usize,
    /// Keep positions with a proved score, the proof's side winning.
    pub keep_proved: bool,
}

/// Counts of positions read and kept.
#[derive(Debug, Clone, Copy, Default)]
pub struct SampleStats {
    /// Positions seen.
    pub positions: usize,
    /// Kept for training.
    pub kept: usize,
    /// Skipped: a proved score.
    pub proved: usize,
    /// Skipped: a five could be made at once by either side (the search
    /// never asks the evaluation about these).
    pub fives: usize,
}

/// The samples of `games`.
#[must_use]
pub fn samples(games: &[GameRecord], cfg: &SampleConfig) -> (Vec<Sample>, SampleStats) {
    let mut out: Vec<Sample> = Vec::new();
    let mut stats = SampleStats::default();
    for g in games {
        // Index in `out` and ply of the last sample taken from this game.
        let mut last: Option<(usize, usize)> = None;
        let Ok(board) = Board::new(g.size) else {
            continue;
        };
        let mut st = State::new(&board, Stone::Black, g.rule);
        for (ply, (&mv, &score)) in g.moves.iter().zip(&g.scores).enumerate() {
            let keep = ply >= cfg.skip_plies;
            if keep {
                stats.positions += 1;
                let me = st.to_move();
                let proved = score == SCORE_WIN || score == SCORE_LOSS;
                if proved && !cfg.keep_proved {
                    stats.proved += 1;
                } else if st.count(me, combo::FIVE) > 0 || st.count(me ^ 1, combo::FIVE) > 0 {
                    stats.fives += 1;
                } else {
                    let mover = if me == 0 { Stone::Black } else { Stone::White };
                    let result = match g.winner {
                        None => 0.5,
                        Some(w) if w == mover => 1.0,
                        Some(_) => 0.0,
                    };
                    let chance = match score {
                        SCORE_NONE => None,
                        SCORE_WIN => Some(1.0),
                        SCORE_LOSS => Some(0.0),
                        _ => Some(sigmoid(f32::from(score) / cfg.scale)),
                    };
                    let target = chance.map_or(result, |c| {
                        cfg.result_weight * result + (1.0 - cfg.result_weight) * c
                    });
                    if let Some((k, p)) = last {
                        out[k].next_is_child = p + 1 == ply;
                    }
                    last = Some((out.len(), ply));
                    out.push(Sample {
                        inputs: inputs(&Features::of(&st)),
                        target,
                        result,
                        next_is_child: false,
                    });
                    stats.kept += 1;
                }
            }
            st.make(st.cell(mv));
        }
    }
    (out, stats)
}

/// The parameter vector's inputs for `f` (opponent shapes and the facing
/// term count against the side to move).
fn inputs(f: &Features) -> Vec<(u16, f32)> {
    let mut v: Vec<(u16, f32)> = f.own.iter().map(|&(s, n)| (s, f32::from(n))).collect();
    v.extend(f.opp.iter().map(|&(s, n)| (OPP as u16 + s, -f32::from(n))));
    if f.threats.double_threat {
        v.push((DOUBLE as u16, 1.0));
    }
    if f.threats.facing_three {
        v.push((FACING as u16, -1.0));
    }
    v.push((TEMPO as u16, 1.0));
    v.push(((THREAT + usize::from(f.threat_cell)) as u16, 1.0));
    v
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn to_params(w: &Weights) -> Vec<f64> {
    let mut p = vec![0.0; PARAMS];
    for s in 0..SHAPES {
        p[s] = f64::from(w.own[s]);
        p[OPP + s] = f64::from(w.opp[s]);
    }
    p[DOUBLE] = f64::from(w.double_threat);
    p[FACING] = f64::from(w.facing_three);
    p[TEMPO] = f64::from(w.tempo);
    for (slot, &v) in p[THREAT..].iter_mut().zip(&w.threat) {
        *slot = f64::from(v);
    }
    p
}

/// Rounded to whole units, and kept inside the 16-bit range the engine
/// stores shape values in.
fn from_params(p: &[f64]) -> Weights {
    let r = |x: f64| x.round().clamp(-32_000.0, 32_000.0) as i32;
    Weights {
        own: (0..SHAPES).map(|s| r(p[s])).collect(),
        opp: (0..SHAPES).map(|s| r(p[OPP + s])).collect(),
        double_threat: r(p[DOUBLE]),
        facing_three: r(p[FACING]),
        tempo: r(p[TEMPO]),
        threat: p[THREAT..].iter().map(|&v| r(v)).collect(),
    }
}

/// The model's score of `s`, in evaluation units.
fn raw(p: &[f64], s: &Sample) -> f64 {
    s.inputs
        .iter()
        .map(|&(i, v)| p[usize::from(i)] * f64::from(v))
        .sum()
}

fn predict(p: &[f64], s: &Sample, scale: f64) -> f64 {
    logistic(raw(p, s), scale)
}

/// The chance of winning a score `x` stands for.
fn logistic(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale).exp())
}

/// The parity gap of `w` on `samples`: the mean of `|v(p) + v(c)|` in
/// evaluation units over the pairs of a position `p` and its child `c` in
/// the same game. The search's score at a depth is the evaluation of
/// positions with one side to move, at the next depth with the other: a
/// model whose scores do not change sign with the move makes consecutive
/// depths disagree by about this much.
#[must_use]
pub fn parity_gap(w: &Weights, samples: &[Sample]) -> f64 {
    mean_over_pairs(&to_params(w), samples, f64::abs)
}

/// Indices `k` whose sample `k + 1` is the child of sample `k`.
fn pairs_of(samples: &[Sample]) -> impl Iterator<Item = usize> + '_ {
    (0..samples.len().saturating_sub(1)).filter(|&k| samples[k].next_is_child)
}

/// The mean of `f(v(p) + v(c))` over the parent-child pairs of `samples`
/// under the parameters `p` (0 when there are none).
fn mean_over_pairs(p: &[f64], samples: &[Sample], f: impl Fn(f64) -> f64) -> f64 {
    let (mut sum, mut pairs) = (0.0, 0usize);
    for k in pairs_of(samples) {
        sum += f(raw(p, &samples[k]) + raw(p, &samples[k + 1]));
        pairs += 1;
    }
    sum / pairs.max(1) as f64
}

/// Mean log-loss of `w` on `samples`, against the targets or, with
/// `results`, against the game results alone.
#[must_use]
pub fn loss(w: &Weights, samples: &[Sample], scale: f32, results: bool) -> f64 {
    let p = to_params(w);
    mean_loss(&p, samples, f64::from(scale), results)
}

fn mean_loss(p: &[f64], samples: &[Sample], scale: f64, results: bool) -> f64 {
    let eps = 1e-9;
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let q = predict(p, s, scale).clamp(eps, 1.0 - eps);
            let t = f64::from(if results { s.result } else { s.target });
            -(t * q.ln() + (1.0 - t) * (1.0 - q).ln())
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// Settings of a training run.
#[derive(Debug, Clone, Copy)]
pub struct TrainConfig {
    /// Passes over the training set (one Adam step each).
    pub epochs: usize,
    /// Adam's step size in evaluation units at the start; it falls
    /// linearly to a tenth by the end.
    pub learning_rate: f64,
    /// Strength of the pull toward the starting weights, per squared unit.
    pub l2: f64,
    /// Logistic scale of evaluation units.
    pub scale: f32,
    /// Keep the shape values as they start and fit only the whole-board
    /// terms and the threat table, so that what those add can be judged
    /// on its own.
    pub freeze_shapes: bool,
    /// Weight of the parity term: the mean over a game's consecutive
    /// positions of `((v(p) + v(child)) / scale)²`, added to the log-loss,
    /// so that a fit cannot buy its loss with scores that depend on whose
    /// turn it is (0: none).
    pub parity: f64,
}

/// A training run's losses, every `report_every` epochs.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// Epochs done.
    pub epoch: usize,
    /// Loss on the training targets.
    pub train: f64,
    /// Loss on the held-out games' targets.
    pub valid: f64,
    /// The parity gap on the held-out games (see [`parity_gap`]).
    pub valid_parity: f64,
}

/// Fits weights from `start` on `train`, reporting the held-out loss on
/// `valid` along the way, and returns the weights of the epoch with the
/// best held-out objective (the log-loss plus the parity term, rounded as
/// the engine will use them).
pub fn train(
    start: &Weights,
    train: &[Sample],
    valid: &[Sample],
    cfg: &TrainConfig,
    mut report: impl FnMut(Progress),
) -> Weights {
    let scale = f64::from(cfg.scale);
    let p0 = to_params(start);
    let mut p = p0.clone();
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut best = (f64::INFINITY, from_params(&p));
    let n = train.len().max(1) as f64;
    let pairs = pairs_of(train).count().max(1) as f64;
    for epoch in 1..=cfg.epochs {
        let mut grad = vec![0.0; PARAMS];
        // Each sample's score once an epoch: the parity pairs reuse it.
        let scores: Vec<f64> = train.iter().map(|s| raw(&p, s)).collect();
        for (s, &score) in train.iter().zip(&scores) {
            let q = logistic(score, scale);
            let g = (q - f64::from(s.target)) / scale / n;
            for &(i, x) in &s.inputs {
                grad[usize::from(i)] += g * f64::from(x);
            }
        }
        if cfg.parity > 0.0 {
            for k in pairs_of(train) {
                let (a, b) = (&train[k], &train[k + 1]);
                let d = (scores[k] + scores[k + 1]) / scale;
                let g = 2.0 * cfg.parity * d / scale / pairs;
                for &(i, x) in a.inputs.iter().chain(&b.inputs) {
                    grad[usize::from(i)] += g * f64::from(x);
                }
            }
        }
        for i in 0..PARAMS {
            grad[i] += 2.0 * cfg.l2 * (p[i] - p0[i]);
        }
        let frac = (epoch - 1) as f64 / cfg.epochs.max(1) as f64;
        let lr = cfg.learning_rate * (1.0 - 0.9 * frac);
        let first = if cfg.freeze_shapes { DOUBLE } else { 0 };
        for i in first..PARAMS {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            p[i] -= lr * mh / (vh.sqrt() + eps);
        }
        if epoch % 10 == 0 || epoch == cfg.epochs {
            let rounded = from_params(&p);
            let vp = to_params(&rounded);
            let valid_loss = mean_loss(&vp, valid, scale, false);
            let penalty = mean_over_pairs(&vp, valid, |sum| (sum / scale).powi(2));
            report(Progress {
                epoch,
                train: mean_loss(&vp, train, scale, false),
                valid: valid_loss,
                valid_parity: mean_over_pairs(&vp, valid, f64::abs),
            });
            let objective = valid_loss + cfg.parity * penalty;
            if objective < best.0 {
                best = (objective, rounded);
            }
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::evaluate;
    use crate::rules::{Point, Rule};

    fn game(moves: &[(u8, u8)], winner: Option<Stone>) -> GameRecord {
        GameRecord {
            size: 15,
            rule: Rule::Freestyle,
            winner,
            moves: moves.iter().map(|&(x, y)| Point::new(x, y)).collect(),
            scores: vec![0; moves.len()],
        }
    }

    #[test]
    fn the_model_scores_positions_as_the_engine_does() {
        // The builtin weights through the trainer's inputs give exactly
        // the engine's incremental evaluation, position after position.
        let moves = [(7, 7), (8, 8), (6, 6), (9, 9), (5, 5), (8, 6), (7, 6)];
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, Rule::Freestyle);
        let p = to_params(Weights::builtin());
        for &(x, y) in &moves {
            let f = Features::of(&st);
            let x_sum: f64 = inputs(&f)
                .iter()
                .map(|&(i, v)| p[usize::from(i)] * f64::from(v))
                .sum();
            assert_eq!(x_sum as i32, evaluate(&st));
            assert_eq!(f.score(Weights::builtin()), evaluate(&st));
            st.make(st.cell(Point::new(x, y)));
        }
    }

    #[test]
    fn the_threat_table_enters_the_model_as_in_the_features() {
        // Weights with every threat entry different: the trainer's inputs
        // must pick the same entry as `Features::score`, and the
        // parameter vector must carry the table both ways.
        let mut w = Weights::builtin().clone();
        w.threat = (0..threat::CELLS as i32).map(|i| i * 7 - 3000).collect();
        let p = to_params(&w);
        assert_eq!(from_params(&p), w);
        let moves = [
            (7, 7),
            (8, 8),
            (7, 8),
            (9, 9),
            (7, 9),
            (10, 10),
            (6, 9),
            (6, 8),
        ];
        let board = Board::new(15).unwrap();
        let mut st = State::new(&board, Stone::Black, Rule::Freestyle);
        let mut cells = Vec::new();
        for &(x, y) in &moves {
            let f = Features::of(&st);
            cells.push(f.threat_cell);
            let x_sum: f64 = inputs(&f)
                .iter()
                .map(|&(i, v)| p[usize::from(i)] * f64::from(v))
                .sum();
            assert_eq!(x_sum as i32, f.score(&w));
            st.make(st.cell(Point::new(x, y)));
        }
        cells.dedup();
        assert!(
            cells.len() > 2,
            "the game passes through threats: {cells:?}"
        );
    }

    #[test]
    fn proved_positions_are_skipped_or_kept_with_the_proofs_result() {
        // Black to move at ply 2 is proved won (SCORE_WIN), White to move
        // at ply 3 proved lost; White wins the game nonetheless (a game
        // record need not follow the proof).
        let mut g = game(
            &[(7, 7), (0, 0), (8, 7), (0, 14), (1, 1)],
            Some(Stone::White),
        );
        g.scores[2] = SCORE_WIN;
        g.scores[3] = SCORE_LOSS;
        let mut cfg = SampleConfig {
            keep_proved: false,
            result_weight: 0.25,
            scale: 1500.0,
            skip_plies: 0,
        };
        let (skipped, stats) = samples(std::slice::from_ref(&g), &cfg);
        assert_eq!((stats.positions, stats.proved, stats.kept), (5, 2, 3));
        assert_eq!(skipped.len(), 3);
        // Plies 0, 1 and 4 are kept: only 0 and 1 are parent and child.
        let pairs: Vec<bool> = skipped.iter().map(|s| s.next_is_child).collect();
        assert_eq!(pairs, [true, false, false]);
        cfg.keep_proved = true;
        let (kept, stats) = samples(std::slice::from_ref(&g), &cfg);
        assert_eq!((stats.proved, stats.kept), (0, 5));
        let pairs: Vec<bool> = kept.iter().map(|s| s.next_is_child).collect();
        assert_eq!(pairs, [true, true, true, true, false]);
        // A game's last position is no parent of the next game's first.
        let (two, _) = samples(&[g.clone(), g.clone()], &cfg);
        assert!(!two[4].next_is_child && two[5].next_is_child);
        // Black lost the game (result 0) but its position was proved won
        // (chance 1); White won (1) from a position proved lost (0).
        assert!((kept[2].target - 0.75).abs() < 1e-6, "{}", kept[2].target);
        assert_eq!(kept[2].result, 0.0);
        assert!((kept[3].target - 0.25).abs() < 1e-6, "{}", kept[3].target);
        assert_eq!(kept[3].result, 1.0);
        // The plain scores (0: even) keep their blend either way.
        assert_eq!(kept[0].target, skipped[0].target);
    }

    /// Four games in which the side that forms an open three first wins.
    fn threes_games() -> Vec<GameRecord> {
        let won = game(
            &[
                (7, 7),
                (0, 0),
                (8, 7),
                (0, 14),
                (9, 7),
                (14, 0),
                (10, 7),
                (14, 14),
                (11, 7),
            ],
            Some(Stone::Black),
        );
        let lost = game(
            &[
                (0, 0),
                (7, 7),
                (0, 14),
                (8, 7),
                (14, 0),
                (9, 7),
                (14, 14),
                (10, 7),
                (1, 1),
                (11, 7),
            ],
            Some(Stone::White),
        );
        vec![won.clone(), lost.clone(), won, lost]
    }

    fn fit(s: &[Sample], parity: f64) -> Weights {
        train(
            &hand_weights(),
            s,
            s,
            &TrainConfig {
                epochs: 200,
                learning_rate: 20.0,
                l2: 0.0,
                scale: 1500.0,
                freeze_shapes: false,
                parity,
            },
            |_| {},
        )
    }

    #[test]
    fn training_lowers_the_loss_it_is_trained_on() {
        // Black wins every game with an open three formed early: the
        // trainer must learn to like the side to move's threes.
        let games = threes_games();
        let cfg = SampleConfig {
            keep_proved: false,
            result_weight: 1.0,
            scale: 1500.0,
            skip_plies: 0,
        };
        let (s, stats) = samples(&games, &cfg);
        assert_eq!(stats.kept, s.len());
        assert!(
            stats.fives > 0,
            "the positions before the fives are skipped"
        );
        let before = loss(&hand_weights(), &s, 1500.0, true);
        let after = loss(&fit(&s, 0.0), &s, 1500.0, true);
        assert!(
            after < before - 0.01,
            "before {before:.4}, after {after:.4}"
        );
    }

    #[test]
    fn the_parity_term_narrows_the_gap_between_a_position_and_its_child() {
        let cfg = SampleConfig {
            keep_proved: false,
            result_weight: 1.0,
            scale: 1500.0,
            skip_plies: 0,
        };
        let (s, _) = samples(&threes_games(), &cfg);
        assert!(s.iter().filter(|x| x.next_is_child).count() > 10);
        // Below the plain fit's gap and the starting weights' alike: the
        // choice of the best epoch alone (which counts the term too) could
        // only fall back towards the start.
        let start = parity_gap(&hand_weights(), &s);
        let plain = parity_gap(&fit(&s, 0.0), &s);
        let damped = parity_gap(&fit(&s, 2.0), &s);
        assert!(
            damped < plain.min(start) * 0.8,
            "gap {start:.0} at the start, {plain:.0} plain, {damped:.0} damped"
        );
    }
}
