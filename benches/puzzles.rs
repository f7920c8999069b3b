//! Criterion bench of judging a puzzle move (issue #38: "judging a puzzle
//! move takes under 200 ms"), over a fixed seeded sample of the shipped
//! sets: for each kind (`vcf`, the long VCFs of 15 own moves or more,
//! `vct`, `defend`, and the Renju VCFs), the stored first move (right)
//! and a wrong move (the stored defender reply point, or the point beside
//! the first move), each puzzle its own benchmark.
//!
//! Every judgement starts from a fresh `Judge` (made outside the timed
//! part): empty solver caches are the slow case, a judge kept by the app
//! only gets faster. The whole set is timed by
//! `gomoku-puzzles judge-bench FILE` (docs/puzzles.md).
//!
//! ```text
//! cargo bench --bench puzzles --no-default-features
//! ```

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gomoku::puzzle::{parse_set, Attempt, Judge, Kind, Puzzle};
use gomoku::rules::Point;
use std::hint::black_box;
use std::time::Duration;

const FREESTYLE: &str = include_str!("../assets/puzzles/freestyle15.txt");
const RENJU: &str = include_str!("../assets/puzzles/renju15-vcf.txt");

/// Puzzles sampled of each group.
const PER_GROUP: usize = 4;

/// Own moves from which a VCF counts as long.
const LONG: usize = 15;

/// `n` puzzles of `of`, picked by a fixed xorshift seed so every run
/// judges the same ones.
fn sample<'a>(of: &[&'a Puzzle], n: usize, mut seed: u64) -> Vec<&'a Puzzle> {
    let mut out: Vec<&Puzzle> = Vec::new();
    while out.len() < n.min(of.len()) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let p = of[(seed % of.len() as u64) as usize];
        if !out.iter().any(|q| std::ptr::eq(*q, p)) {
            out.push(p);
        }
    }
    out
}

/// The wrong move judge-bench plays: the stored defender reply point, or
/// the point beside the first move.
fn wrong_move(p: &Puzzle) -> Point {
    let first = p.solution[0];
    p.solution
        .get(1)
        .copied()
        .unwrap_or(Point::new(first.x.saturating_sub(1), first.y))
}

fn judging(c: &mut Criterion) {
    let free = parse_set(FREESTYLE).expect("the shipped set parses");
    let renju = parse_set(RENJU).expect("the Renju set parses");
    let of = |set: &[Puzzle], keep: &dyn Fn(&Puzzle) -> bool| -> Vec<Puzzle> {
        set.iter().filter(|p| keep(p)).cloned().collect()
    };
    let groups: Vec<(&str, Vec<Puzzle>)> = vec![
        (
            "vcf",
            of(&free.puzzles, &|p| {
                p.kind == Kind::Vcf && p.own_moves() < LONG
            }),
        ),
        (
            "vcf-long",
            of(&free.puzzles, &|p| {
                p.kind == Kind::Vcf && p.own_moves() >= LONG
            }),
        ),
        ("vct", of(&free.puzzles, &|p| p.kind == Kind::Vct)),
        ("defend", of(&free.puzzles, &|p| p.kind == Kind::Defend)),
        ("renju-vcf", of(&renju.puzzles, &|_| true)),
    ];
    let mut group = c.benchmark_group("judge");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(1));
    for (g, (name, puzzles)) in groups.iter().enumerate() {
        let refs: Vec<&Puzzle> = puzzles.iter().collect();
        for p in sample(&refs, PER_GROUP, 0x9e37_79b9_7f4a_7c15 ^ g as u64) {
            for (what, mv) in [("right", p.solution[0]), ("wrong", wrong_move(p))] {
                group.bench_function(format!("{name}/{what}/{}", p.id), |b| {
                    b.iter_batched(
                        || (Judge::new(), Attempt::new(p.clone())),
                        |(mut judge, mut attempt)| black_box(judge.judge(&mut attempt, mv)),
                        BatchSize::LargeInput,
                    );
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, judging);
criterion_main!(benches);
