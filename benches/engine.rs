//! Criterion benches of the engine's hot paths: make/unmake with the
//! incremental pattern update, static evaluation, move generation, a VCF
//! solve, a fixed-depth search, and multi-PV against a single line.

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku::engine::bench::bench_positions;
use gomoku::engine::eval::evaluate;
use gomoku::engine::movegen::{generate, Ordering};
use gomoku::engine::state::State;
use gomoku::engine::{Engine, Limits, SearchParams};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn states() -> Vec<State> {
    bench_positions()
        .iter()
        .map(|p| State::new(&p.board, p.to_move, p.rule))
        .collect()
}

fn make_unmake(c: &mut Criterion) {
    let mut sts = states();
    c.bench_function("make_unmake_all_candidates", |b| {
        let mut cells = Vec::new();
        b.iter(|| {
            for st in &mut sts {
                st.candidates(&mut cells);
                for &m in &cells {
                    st.make(m);
                    st.unmake();
                }
            }
            black_box(sts[0].hash())
        });
    });
}

fn eval(c: &mut Criterion) {
    let sts = states();
    c.bench_function("evaluate", |b| {
        b.iter(|| sts.iter().map(|s| evaluate(black_box(s))).sum::<i32>());
    });
}

fn movegen(c: &mut Criterion) {
    let sts = states();
    let ord = Ordering::new(30 * 30);
    c.bench_function("generate_moves", |b| {
        let mut scratch = Vec::new();
        let mut out = Vec::new();
        b.iter(|| {
            let mut n = 0;
            for st in &sts {
                generate(st, 0, 1, &ord, &mut scratch, &mut out);
                n += out.len();
            }
            black_box(n)
        });
    });
}

fn search(c: &mut Criterion) {
    let positions = bench_positions();
    let stop = AtomicBool::new(false);
    let params = SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits::depth(6),
        variety: 0,
        seed: Some(0),
        threads: 1,
        multipv: 1,
    };
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("depth6_first_position", |b| {
        let mut engine = Engine::new(16);
        b.iter(|| {
            engine.new_game();
            black_box(engine.search(&positions[0], &params, &stop, &mut |_| {}))
        });
    });
    group.finish();
}

/// What ranking three moves with exact scores costs over finding the best
/// one: the same position and depth with multi-PV 1 and 3.
fn multipv(c: &mut Criterion) {
    let positions = bench_positions();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("multipv");
    group.sample_size(10);
    for n in [1, 3] {
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            persona: None,
            book: false,
            limits: Limits::depth(6),
            variety: 0,
            seed: Some(0),
            threads: 1,
            multipv: n,
        };
        group.bench_function(format!("depth6_first_position_multipv{n}"), |b| {
            let mut engine = Engine::new(16);
            b.iter(|| {
                engine.new_game();
                black_box(engine.search(&positions[0], &params, &stop, &mut |_| {}))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, make_unmake, eval, movegen, search, multipv);
criterion_main!(benches);
