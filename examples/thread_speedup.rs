//! Time to depth with one and with more search threads over the bench
//! positions, runs alternating so that a machine's slow spells fall on both:
//! `cargo run --release --no-default-features --example thread_speedup
//! [DEPTH] [RUNS] [THREADS]` (defaults 12, 5 and 2). For each thread count
//! it prints the median wall time until the main thread completes DEPTH,
//! summed over the set, the nodes of all threads, and the main thread's
//! own nodes to that depth: a helper thread pays only when the main
//! thread needs fewer of its own.

use gomoku::engine::bench::bench_positions;
use gomoku::engine::{Engine, Limits, SearchParams};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>().ok());
    let depth = args.next().flatten().unwrap_or(12);
    let runs = args.next().flatten().unwrap_or(5);
    let threads = args.next().flatten().unwrap_or(2) as usize;
    let counts = [1, threads];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); counts.len()];
    let mut nodes = vec![0u64; counts.len()];
    for run in 0..runs {
        for (k, &t) in counts.iter().enumerate() {
            // No depth limit: the search is stopped once the main thread
            // reports depth `depth`, so helpers that run ahead of it are
            // not cut short by the limit.
            let params = SearchParams {
                eval: gomoku::engine::Evaluator::Classical,
                persona: None,
                book: false,
                limits: Limits::default(),
                variety: 0,
                seed: Some(1),
                threads: t,
                multipv: 1,
            };
            let mut total = 0.0;
            let mut n = 0;
            let mut mn = 0;
            for pos in bench_positions() {
                let stop = AtomicBool::new(false);
                let mut engine = Engine::new(64);
                engine.prepare_table();
                let start = Instant::now();
                let mut reached = None;
                let mut main_nodes = 0;
                let r = engine.search(&pos, &params, &stop, &mut |i| {
                    if i.depth >= depth && reached.is_none() {
                        reached = Some(start.elapsed().as_secs_f64());
                        main_nodes += i.nodes;
                        stop.store(true, Relaxed);
                    }
                });
                total += reached.unwrap_or_else(|| start.elapsed().as_secs_f64());
                n += r.nodes;
                mn += main_nodes;
            }
            times[k].push(total);
            nodes[k] = n;
            println!(
                "run {run}: {t} thread(s) {:.0} ms, {n} nodes, {mn} by the main thread to the depth",
                total * 1000.0
            );
        }
    }
    for (k, &t) in counts.iter().enumerate() {
        let mut v = times[k].clone();
        v.sort_by(f64::total_cmp);
        println!(
            "{t} thread(s): median {:.0} ms over {runs} runs (last run {} nodes)",
            v[v.len() / 2] * 1000.0,
            nodes[k]
        );
    }
}
