//! Prints how much the search's score moves between consecutive depths
//! over the bench positions: `cargo run --release --no-default-features
//! --example score_swing [DEPTH]`.

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(gomoku::engine::bench::BENCH_DEPTH);
    let (mean, scores) = gomoku::engine::bench::score_swing(depth);
    for (i, s) in scores.iter().enumerate() {
        println!("position {i}: {s:?}");
    }
    println!("mean |score(d) - score(d-1)| over depths 2..={depth}: {mean:.0}");
}
