//! The position library at scale (issue #90): importing 10,000 games from
//! `.psq` files, a library grown to a million positions, opening it, and
//! the explorer's lookups in it.
//!
//! `cargo bench --bench library` (about two minutes on two cores). The
//! figures are printed, not compared: goals are a lookup under 5 ms,
//! opening under 1 s and the 10,000-game import under 30 s.
//! `LIBRARY_BENCH_POSITIONS` sets the size (default 1,000,000),
//! `LIBRARY_BENCH_DIR` keeps the files in that folder instead of a
//! temporary one.

use gomoku::library::import::{import, ImportOptions};
use gomoku::library::{GameResult, Library, Position};
use gomoku::record::write_psq;
use gomoku::rules::{Board, GameModel, GameSettings, Point, Rule, Status, Stone};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Games imported from files.
const IMPORTED_GAMES: usize = 10_000;
/// Positions the library grows to.
const DEFAULT_POSITIONS: u64 = 1_000_000;
/// Lookups timed.
const LOOKUPS: usize = 2_000;
/// The longest generated game.
const MAX_PLIES: usize = 60;
/// Games added per transaction while growing the library.
const GAMES_PER_BATCH: usize = 2_000;

/// A game as players make them: the first move near the centre, every
/// other next to the stones already down, until a five or `MAX_PLIES`.
fn random_game(rng: &mut StdRng) -> (Vec<Point>, GameResult) {
    let settings = GameSettings {
        size: 15,
        rule: Rule::Freestyle,
    };
    let mut game = GameModel::new(settings).expect("15x15 freestyle");
    let first = Point::new(rng.random_range(6..9), rng.random_range(6..9));
    game.play(first).expect("empty board");
    let plies = rng.random_range(20..=MAX_PLIES);
    while game.moves().len() < plies && !game.is_over() {
        let near: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.board().is_empty_at(p))
            .filter(|&p| game.board().stones().any(|(q, _)| q.distance(p) <= 2))
            .collect();
        let p = near[rng.random_range(0..near.len())];
        game.play(p).expect("an empty point");
    }
    let result = match game.status() {
        Status::Over(o) => GameResult::of_winner(o.winner()),
        Status::Ongoing => GameResult::Draw,
    };
    (game.moves().to_vec(), result)
}

fn empty() -> Position {
    Position {
        board: Board::standard(),
        to_move: Stone::Black,
        rule: Rule::Freestyle,
    }
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i]
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs it once
    // with nothing, which is too long for a test run: only the real bench
    // does the work.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let target: u64 = std::env::var("LIBRARY_BENCH_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_POSITIONS);
    let temp = tempfile::tempdir().expect("a temporary folder");
    let dir = std::env::var_os("LIBRARY_BENCH_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| temp.path().to_path_buf());
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&games_dir).expect("the games folder");
    let db = dir.join("library.sqlite");
    let _ = std::fs::remove_file(&db);
    let mut rng = StdRng::seed_from_u64(90);

    let mut kept: Vec<Vec<Point>> = Vec::new();
    for i in 0..IMPORTED_GAMES {
        let (moves, _) = random_game(&mut rng);
        let text = write_psq(15, &moves, None);
        std::fs::write(games_dir.join(format!("game-{i:05}.psq")), text).expect("a game file");
        if i.is_multiple_of(10) {
            kept.push(moves);
        }
    }
    let mut lib = Library::open(&db).expect("a new library").into_library();
    let options = ImportOptions {
        rule: Rule::Freestyle,
        ..ImportOptions::default()
    };
    let t = Instant::now();
    let report = import(
        &mut lib,
        std::slice::from_ref(&games_dir),
        &options,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .expect("the import");
    let import_time = t.elapsed();
    let after_import = lib.position_count().expect("a count");
    println!(
        "import: {} games from {} .psq files in {:.2} s ({} positions)",
        report.games,
        report.files,
        import_time.as_secs_f64(),
        after_import
    );
    assert!(report.errors.is_empty(), "{:?}", report.errors.first());

    let t = Instant::now();
    let mut added = 0usize;
    while lib.position_count().expect("a count") < target {
        let w = lib.writer().expect("a transaction");
        for _ in 0..GAMES_PER_BATCH {
            let (moves, result) = random_game(&mut rng);
            w.add_game(&empty(), &moves, result).expect("a game");
            added += 1;
            if added.is_multiple_of(50) {
                kept.push(moves);
            }
        }
        w.commit().expect("a commit");
    }
    let total = lib.position_count().expect("a count");
    println!(
        "grown: {added} more games in {:.1} s, {total} positions, file {:.0} MB",
        t.elapsed().as_secs_f64(),
        std::fs::metadata(&db).map_or(0, |m| m.len()) as f64 / 1e6
    );
    drop(lib);

    let mut opens = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let lib = Library::open(&db).expect("the library").into_library();
        let n = lib.position_count().expect("a count");
        opens.push(t.elapsed());
        assert_eq!(n, total);
    }
    opens.sort();
    println!(
        "open (and count the positions): best {:.1} ms, worst {:.1} ms",
        opens[0].as_secs_f64() * 1e3,
        opens[4].as_secs_f64() * 1e3
    );

    let lib = Library::open(&db).expect("the library").into_library();
    let mut times = Vec::with_capacity(LOOKUPS);
    let mut moves_shown = 0usize;
    for _ in 0..LOOKUPS {
        let game = &kept[rng.random_range(0..kept.len())];
        let ply = rng.random_range(0..game.len().min(16));
        let mut pos = empty();
        for &p in &game[..ply] {
            pos = pos.after(p).expect("a legal game");
        }
        let t = Instant::now();
        let entry = lib.entry(&pos).expect("a lookup");
        times.push(t.elapsed());
        moves_shown += entry.moves.len();
    }
    times.sort();
    println!(
        "lookup ({LOOKUPS} positions at plies 0-15, {:.1} moves shown on average): \
         median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        moves_shown as f64 / LOOKUPS as f64,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times[LOOKUPS - 1].as_secs_f64() * 1e3
    );
    let t = Instant::now();
    let root = lib.entry(&empty()).expect("a lookup");
    println!(
        "lookup of the empty board ({} moves, {} games): {:.3} ms",
        root.moves.len(),
        root.results.total(),
        t.elapsed().as_secs_f64() * 1e3
    );
}
