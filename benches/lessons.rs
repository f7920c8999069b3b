//! Criterion bench of the lessons (issue #91: "the lesson data loads in
//! under 10 ms"): reading every shipped lesson from the text built into
//! the program, and judging the first right move of each lesson's first
//! exercise with a fresh coach (empty solver caches, the slow case).
//!
//! ```text
//! cargo bench --bench lessons --no-default-features
//! ```

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use gomoku::lesson::{lessons, Coach, Try};
use std::hint::black_box;

fn load(c: &mut Criterion) {
    c.bench_function("lessons/load", |b| b.iter(|| black_box(lessons())));
}

fn judge(c: &mut Criterion) {
    let all = lessons();
    for l in &all {
        let ex = &l.exercises[0];
        let t = Try::new(ex.clone());
        let right = Coach::new().right_move(&t).expect("a proved exercise");
        c.bench_function(&format!("lessons/judge/{}", l.id), |b| {
            b.iter_batched(
                || (Coach::new(), t.clone()),
                |(mut coach, mut t)| black_box(coach.judge(&mut t, right)),
                BatchSize::LargeInput,
            );
        });
    }
}

criterion_group!(benches, load, judge);
criterion_main!(benches);
