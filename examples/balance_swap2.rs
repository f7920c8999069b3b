//! How balanced the engine's swap2 openings are: times the opener's three
//! balanced stones ([`gomoku::engine::balance::Balancer::balanced_stones`])
//! and judges each opening with a long search, over several runs. The
//! numbers in `docs/opening-rules.md` come from:
//!
//! ```sh
//! cargo run --release --no-default-features --example balance_swap2 -- \
//!     --runs 20 --judge-secs 10 --seed 1
//! ```

use clap::Parser;
use gomoku::engine::balance::{judge_with, BalanceConfig, Balancer};
use gomoku::engine::{Engine, Limits, Score};
use gomoku::rules::{print_moves, Board, Rule};
use std::time::{Duration, Instant};

/// Times balanced swap2 openings and judges them with a long search.
#[derive(Parser, Debug)]
#[command(name = "balance_swap2", version, about)]
struct Args {
    /// freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: Rule,
    /// Openings to make.
    #[arg(long, default_value_t = 20)]
    runs: usize,
    /// Seconds of the judging search of each opening (one thread).
    #[arg(long, default_value_t = 10.0)]
    judge_secs: f64,
    /// Search depth of the balancer's verdict.
    #[arg(long, default_value_t = 12)]
    depth: u32,
    /// Search depth of the balancer's screen.
    #[arg(long, default_value_t = 8)]
    screen_depth: u32,
    /// Screened placements judged again at the full depth.
    #[arg(long, default_value_t = 6)]
    confirm: usize,
    /// Largest |score| the balancer calls balanced, evaluation units.
    #[arg(long, default_value_t = 150)]
    band: i32,
    /// Placements the balancer judges per opening.
    #[arg(long, default_value_t = 24)]
    candidates: usize,
    /// Seed of the first run (run i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() {
    let args = Args::parse();
    let judge_limits = Limits {
        soft_time: Some(Duration::from_secs_f64(args.judge_secs)),
        hard_time: Some(Duration::from_secs_f64(args.judge_secs)),
        use_all: true,
        ..Limits::default()
    };
    let mut judge = Engine::new(256);
    let mut times = Vec::new();
    let mut deep = Vec::new();
    let mut short = Vec::new();
    println!(
        "| run | stones | time to make | balancer's score | {}s search's score |",
        args.judge_secs
    );
    println!("|---|---|---|---|---|");
    for i in 0..args.runs {
        let cfg = BalanceConfig {
            limits: Limits::depth(args.depth),
            screen: Limits::depth(args.screen_depth),
            candidates: args.candidates,
            confirm: args.confirm,
            band: args.band,
            seed: Some(args.seed + i as u64),
            ..BalanceConfig::default()
        };
        let mut bal = Balancer::new(cfg);
        let empty = Board::standard();
        let t = Instant::now();
        let stones = bal.balanced_stones(&empty, args.rule, 3);
        let made = t.elapsed();
        let mut b = empty.clone();
        for (k, &p) in stones.iter().enumerate() {
            b.place(p, gomoku::rules::Stone::to_move_after(k))
                .expect("legal stones");
        }
        let own = bal.judge(&b, args.rule);
        let score = judge_with(&mut judge, &b, args.rule, judge_limits);
        println!(
            "| {} | {} | {:.2} s | {:+.3} | {} |",
            i + 1,
            print_moves(&stones, 15),
            made.as_secs_f64(),
            f64::from(own) / 1000.0,
            show(score)
        );
        times.push(made.as_secs_f64());
        deep.push(score);
        short.push(own);
    }
    times.sort_by(f64::total_cmp);
    let n = times.len().max(1) as f64;
    // Fixed thresholds, so runs with different bands compare.
    let band = 300;
    let mates = deep.iter().filter(|s| s.abs() >= Score::MATE_BOUND).count();
    let open: Vec<i32> = deep
        .iter()
        .copied()
        .filter(|s| s.abs() < Score::MATE_BOUND)
        .collect();
    let mean_abs = open.iter().map(|s| f64::from(s.abs())).sum::<f64>() / open.len().max(1) as f64;
    let mean = open.iter().map(|&s| f64::from(s)).sum::<f64>() / open.len().max(1) as f64;
    println!();
    println!(
        "time to make: mean {:.2} s, median {:.2} s, max {:.2} s",
        times.iter().sum::<f64>() / n,
        times[times.len() / 2],
        times.last().copied().unwrap_or(0.0)
    );
    println!(
        "long search, Black's score: mean {:+.3}, mean |score| {:.3}, within ±{:.1}: {}/{}, within ±{:.1}: {}/{}, proven wins: {}",
        mean / 1000.0,
        mean_abs / 1000.0,
        f64::from(band) / 1000.0,
        deep.iter().filter(|s| s.abs() <= band).count(),
        deep.len(),
        f64::from(2 * band) / 1000.0,
        deep.iter().filter(|s| s.abs() <= 2 * band).count(),
        deep.len(),
        mates
    );
    let agree = short
        .iter()
        .zip(&deep)
        .filter(|(a, b)| a.signum() == b.signum())
        .count();
    println!(
        "balancer and long search agree on the favoured side: {agree}/{}",
        deep.len()
    );
}

fn show(black: i32) -> String {
    if black >= Score::MATE_BOUND {
        "Black wins".into()
    } else if black <= -Score::MATE_BOUND {
        "White wins".into()
    } else {
        format!("{:+.3}", f64::from(black) / 1000.0)
    }
}
