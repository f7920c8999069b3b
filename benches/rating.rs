//! Criterion bench of the rating file (issue #91: "the rating data loads
//! in under 10 ms"): reading `rating.json` through the storage layer, as
//! the app and `gomoku-text` do on start, with a long history (1,000 rated
//! games: three years of a game a day) and a very long one (10,000: 27
//! years).
//!
//! ```text
//! cargo bench --bench rating --no-default-features
//! ```

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku::rating::{Ladder, RatingBook, Score, Terms};
use gomoku::rules::Stone;
use gomoku::storage::{Load, Storage, RATING_FILE};
use std::hint::black_box;

/// Rated games in the benches' histories.
const HISTORIES: [usize; 2] = [1_000, 10_000];

fn load(c: &mut Criterion) {
    for games in HISTORIES {
        load_history(c, games);
    }
}

fn load_history(c: &mut Criterion, games: usize) {
    let ladder = Ladder::new(vec![(1, 800), (2, 1000), (3, 1150), (4, 1300)], 3);
    let mut book = RatingBook::default();
    for i in 0..games {
        let level = 1 + (i % 4) as u8;
        let terms = Terms {
            level,
            opponent: ladder.rating_of(level).expect("measured"),
            human: Stone::Black,
        };
        let score = [Score::Win, Score::Loss, Score::Draw][i % 3];
        book.record(&ladder, &terms, score, 1_700_000_000 + i as u64 * 86_400);
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Storage::at(dir.path().to_path_buf());
    store.save(RATING_FILE, &book).expect("saved");
    let bytes = std::fs::metadata(dir.path().join(RATING_FILE))
        .expect("written")
        .len();
    println!("rating.json with {games} games: {} KiB", bytes / 1024);
    c.bench_function(&format!("rating/load_{games}_games"), |b| {
        b.iter(|| match store.load::<RatingBook>(RATING_FILE) {
            Load::Loaded(book) => black_box(book),
            _ => panic!("the file loads"),
        });
    });
}

criterion_group!(benches, load);
criterion_main!(benches);
