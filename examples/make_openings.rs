//! Makes a balanced opening list with our own engine (see
//! `gomoku::matchrun::opening_gen`). The shipped lists were made with:
//!
//! ```sh
//! cargo run --release --no-default-features --example make_openings -- \
//!     --rule freestyle --count 240 --depth 13 --nodes 4000000 --seed 2027 \
//!     --out assets/openings/freestyle15-balanced.txt
//! cargo run --release --no-default-features --example make_openings -- \
//!     --rule freestyle --count 520 --seed 2026 --out assets/openings/freestyle15-wide.txt
//! cargo run --release --no-default-features --example make_openings -- \
//!     --rule renju --count 220 --depth 12 --nodes 2000000 --seed 2028 \
//!     --out assets/openings/renju15-balanced.txt
//! ```

use clap::Parser;
use gomoku::matchrun::opening_gen::{generate, write_list, GenConfig};
use gomoku::rules::Rule;
use std::path::PathBuf;
use std::process::ExitCode;

/// Makes balanced openings: random stones near the centre, kept when a
/// fixed-depth search scores them near even, symmetric images kept once.
#[derive(Parser, Debug)]
#[command(name = "make_openings", version, about)]
struct Args {
    /// freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Openings wanted.
    #[arg(long, default_value_t = 500)]
    count: usize,
    /// Fewest stones in an opening.
    #[arg(long, default_value_t = 3)]
    min_stones: usize,
    /// Most stones in an opening.
    #[arg(long, default_value_t = 5)]
    max_stones: usize,
    /// Stones lie within this many points of the centre.
    #[arg(long, default_value_t = 3)]
    radius: u8,
    /// Search depth of the balance check.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Node budget of each balance check (none by default): a few
    /// positions take minutes to reach a deep fixed depth.
    #[arg(long)]
    nodes: Option<u64>,
    /// Largest |score| kept, in evaluation units (1000 = "+1.0").
    #[arg(long, default_value_t = 300)]
    band: i32,
    /// Seed of the list.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Searching threads [default: every core].
    #[arg(long)]
    threads: Option<usize>,
    /// Where to write the list (it is printed when not given).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let rule: Rule = match args.rule.parse() {
        Ok(rule) => rule,
        Err(e) => {
            eprintln!("make_openings: unknown rule '{}': {e}", args.rule);
            return ExitCode::from(2);
        }
    };
    if args.min_stones == 0 || args.min_stones > args.max_stones || args.radius > 7 {
        eprintln!("make_openings: need 1 <= --min-stones <= --max-stones and --radius <= 7");
        return ExitCode::from(2);
    }
    let cfg = GenConfig {
        rule,
        size: 15,
        count: args.count,
        stones: args.min_stones..=args.max_stones,
        radius: args.radius,
        depth: args.depth,
        nodes: args.nodes,
        band: args.band,
        seed: args.seed,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
    };
    let nodes = args
        .nodes
        .map(|n| format!(" --nodes {n}"))
        .unwrap_or_default();
    let command = format!(
        "cargo run --release --no-default-features --example make_openings -- --rule {} --count {} --min-stones {} --max-stones {} --radius {} --depth {}{nodes} --band {} --seed {}",
        args.rule, args.count, args.min_stones, args.max_stones, args.radius, args.depth, args.band, args.seed
    );
    let started = std::time::Instant::now();
    let report = generate(&cfg, &mut |_, r| {
        if r.openings.len() % 20 == 0 {
            eprintln!(
                "{} kept of {} tried ({} duplicates), {:.0} s",
                r.openings.len(),
                r.tried,
                r.duplicates,
                started.elapsed().as_secs_f64()
            );
        }
    });
    let text = write_list(&cfg, &report, &command);
    match &args.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                eprintln!("make_openings: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            eprintln!(
                "wrote {} openings to {} ({} tried, {:.0} s)",
                report.openings.len(),
                path.display(),
                report.tried,
                started.elapsed().as_secs_f64()
            );
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}
