//! Criterion bench of the ladder's lowest levels (issue #91: "choosing a
//! move at the lowest levels stays under 200 ms"): one move chosen at
//! each of levels 1 to 6 in a middle-game position, with a fresh engine
//! (the slow case: an empty transposition table and solver caches).
//!
//! ```text
//! cargo bench --bench levels --no-default-features
//! ```

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gomoku::engine::{Engine, Level, Position};
use gomoku::rules::{parse_moves, Rule};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

/// A middle game of 20 stones with threats on both sides.
const POSITION: &str = "h8i9i8g8j7k6j9j8k8l8h10g11h9h7g10f11i10j11i7l7";

fn choose(c: &mut Criterion) {
    let pos = Position::from_moves(15, Rule::Freestyle, &parse_moves(POSITION, 15).unwrap())
        .expect("a legal game");
    for level in Level::all().take(6) {
        let mut params = level.params();
        params.seed = Some(1);
        c.bench_function(&format!("levels/choose/{}", level.number()), |b| {
            b.iter_batched(
                || Engine::new(16),
                |mut engine| {
                    black_box(engine.search(&pos, &params, &AtomicBool::new(false), &mut |_| {}))
                },
                BatchSize::LargeInput,
            );
        });
    }
}

criterion_group!(benches, choose);
criterion_main!(benches);
