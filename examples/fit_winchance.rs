//! Fits the scale of `engine::win_chance` on the engine's own games.
//!
//! `cargo run --release --no-default-features --example fit_winchance --
//! [--games N] [--nodes N] [--seed S] [--variety U]`
//!
//! The games are `gomoku::tuning::datagen`'s self-play (what `gomoku-tune
//! datagen` writes): 15 × 15 freestyle from the balanced opening set
//! (shuffled by the seed, one opening per game), a node budget per move
//! (deterministic, unlike a clock, so a seed gives the same games on every
//! machine), two games at once. Every searched position whose score is not
//! a proof is kept as (score for the side to move, result for that side:
//! 1 win, 0.5 draw, 0 loss). The scale `s` of `p = 1 / (1 + e^(-score / s))` is then fitted
//! by maximum likelihood: the mean log-loss is convex in `k = 1 / s`, so
//! Newton's method on `k` finds the optimum in a few steps.

use gomoku::engine::WIN_CHANCE_SCALE;
use gomoku::rules::{Rule, Stone};
use gomoku::tuning::datagen::{self_play, SelfPlay};
use gomoku::tuning::dataset::{SCORE_LOSS, SCORE_NONE, SCORE_WIN};
use std::time::Instant;

/// Settings of one run.
struct Config {
    games: usize,
    nodes: u64,
    seed: u64,
    variety: i32,
}

fn parse_args() -> Result<Config, String> {
    let mut cfg = Config {
        games: 240,
        nodes: 50_000,
        seed: 13,
        variety: 60,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: std::num::ParseIntError| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--games" => cfg.games = value.parse().map_err(bad)?,
            "--nodes" => cfg.nodes = value.parse().map_err(bad)?,
            "--seed" => cfg.seed = value.parse().map_err(bad)?,
            "--variety" => cfg.variety = value.parse().map_err(bad)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if cfg.games == 0 || cfg.nodes == 0 {
        return Err("--games and --nodes must be at least 1".into());
    }
    Ok(cfg)
}

/// One position's score and how the game ended for the side to move.
struct Sample {
    score: f64,
    result: f64,
}

fn main() {
    let cfg = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fit_winchance: {e}");
            std::process::exit(2);
        }
    };
    let selfplay = SelfPlay {
        games: cfg.games,
        nodes: cfg.nodes,
        seed: cfg.seed,
        variety: cfg.variety,
        threads: 2,
        hash_mb: 16,
        // The scale is fitted to freestyle games, the rule every shipped
        // weight is trained on.
        rule: Rule::Freestyle,
        eval: gomoku::engine::Evaluator::Classical,
        random_plies: 0,
    };
    let mut samples = Vec::new();
    let (mut wins, mut draws) = ([0usize; 2], 0usize);
    let start = Instant::now();
    self_play(&selfplay, |g, record| {
        match record.winner {
            Some(Stone::Black) => wins[0] += 1,
            Some(Stone::White) => wins[1] += 1,
            None => draws += 1,
        }
        for (ply, &score) in record.scores.iter().enumerate() {
            // Opening moves were not searched; proofs say nothing of the
            // scale.
            if score == SCORE_NONE || score == SCORE_WIN || score == SCORE_LOSS {
                continue;
            }
            let side = if ply % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            let result = match record.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            samples.push(Sample {
                score: f64::from(score),
                result,
            });
        }
        if (g + 1) % 20 == 0 {
            eprintln!(
                "{} games, {} positions, {:.0} s",
                g + 1,
                samples.len(),
                start.elapsed().as_secs_f64()
            );
        }
    });
    let fitted = fit_scale(&samples);
    println!(
        "games {}  (Black {} / White {} / draws {})  positions {}  time {:.0} s",
        cfg.games,
        wins[0],
        wins[1],
        draws,
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "seed {}  nodes/move {}  variety {}",
        cfg.seed, cfg.nodes, cfg.variety
    );
    println!(
        "log-loss at the current scale {WIN_CHANCE_SCALE:.0}: {:.4}",
        log_loss(&samples, 1.0 / WIN_CHANCE_SCALE)
    );
    println!(
        "fitted scale {:.0}: log-loss {:.4}",
        1.0 / fitted,
        log_loss(&samples, fitted)
    );
    print_calibration(&samples, fitted);
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log-loss of `p = sigmoid(k * score)` against the results.
fn log_loss(samples: &[Sample], k: f64) -> f64 {
    let eps = 1e-12;
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k * s.score).clamp(eps, 1.0 - eps);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The `k = 1 / scale` of least log-loss: Newton's method, the loss being
/// convex in `k` (its second derivative is a mean of `p(1-p) score²`).
fn fit_scale(samples: &[Sample]) -> f64 {
    let mut k = 1.0 / WIN_CHANCE_SCALE;
    for _ in 0..50 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for s in samples {
            let p = sigmoid(k * s.score);
            grad += (p - s.result) * s.score;
            hess += p * (1.0 - p) * s.score * s.score;
        }
        if hess <= 0.0 {
            break;
        }
        // A step never more than halves or doubles k: Newton from far
        // away on a flat stretch of the loss could jump past zero.
        let next = (k - grad / hess).clamp(k / 2.0, k * 2.0);
        if (next - k).abs() < 1e-12 {
            k = next;
            break;
        }
        k = next;
    }
    k
}

/// Predicted against observed results in ten bands of predicted chance.
fn print_calibration(samples: &[Sample], k: f64) {
    let mut bands = [(0usize, 0.0f64, 0.0f64); 10];
    for s in samples {
        let p = sigmoid(k * s.score);
        let b = ((p * 10.0) as usize).min(9);
        bands[b].0 += 1;
        bands[b].1 += p;
        bands[b].2 += s.result;
    }
    println!("band       positions  predicted  observed");
    for (i, (n, p, r)) in bands.iter().enumerate() {
        if *n > 0 {
            println!(
                "{:>3}-{:>3}%  {:>9}  {:>9.3}  {:>8.3}",
                i * 10,
                i * 10 + 10,
                n,
                p / *n as f64,
                r / *n as f64
            );
        }
    }
}
