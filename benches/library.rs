//! The position library at scale (issue #90): importing 10,000 games from
//! `.psq` files, a library grown to a million positions, opening it, and
//! the explorer's lookups in it: the first ones after opening (with the
//! file in the system's cache and, on Linux, dropped from it) and 2,000
//! more.
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
/// Lookups timed right after each opening.
const COLD_LOOKUPS: usize = 20;
/// Openings for the first-lookup figures.
const COLD_ROUNDS: usize = 5;

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

/// A position of a kept game at ply 0 to 15, as the explorer meets them.
fn sample(kept: &[Vec<Point>], rng: &mut StdRng) -> Position {
    let game = &kept[rng.random_range(0..kept.len())];
    let ply = rng.random_range(0..game.len().min(16));
    let mut pos = empty();
    for &p in &game[..ply] {
        pos = pos.after(p).expect("a legal game");
    }
    pos
}

/// Drops `db` and its log from the system's file cache, as after a
/// restart of the machine; false where that cannot be done. The standard
/// library has no call for this (nor for a thread's processor time,
/// below): `libc`, as the engine's parent-death signal does.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn evict_from_cache(db: &std::path::Path) -> bool {
    use std::os::fd::AsRawFd;
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let mut done = false;
    for path in [db.to_path_buf(), std::path::PathBuf::from(wal)] {
        let Ok(f) = std::fs::File::open(&path) else {
            continue;
        };
        // Only pages already on the disk can be dropped.
        let _ = f.sync_all();
        // SAFETY: a plain advice call on an open descriptor.
        let rc = unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
        done |= rc == 0;
    }
    done
}

#[cfg(not(target_os = "linux"))]
fn evict_from_cache(_db: &std::path::Path) -> bool {
    false
}

/// The time this thread has spent on a processor (Linux; elsewhere
/// zero).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: the clock writes into `ts`, which lives through the call.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu() -> Duration {
    Duration::ZERO
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

    // The first lookups after opening, when nothing of the file is in
    // SQLite's cache (a new connection), and, where the system lets a
    // program drop a file from its cache (Linux), nothing in the
    // system's either: with SQLite's defaults (a 2 MB cache), with the
    // library's settings (a 32 MB cache), through a memory map (which the
    // library does not use: these figures say why), and with the warm-up
    // the app starts at the explorer's first lookup.
    for (name, reading, evict, warm) in [
        (
            "SQLite's defaults, file cached",
            Some((0, 2000)),
            false,
            false,
        ),
        ("library settings, file cached", None, false, false),
        (
            "SQLite's defaults, file evicted",
            Some((0, 2000)),
            true,
            false,
        ),
        ("library settings, file evicted", None, true, false),
        (
            "a 1 GiB memory map, file evicted",
            Some((1 << 30, 32 * 1024)),
            true,
            false,
        ),
        (
            "library settings, file evicted, warmed up",
            None,
            true,
            true,
        ),
    ] {
        if evict && !evict_from_cache(&db) {
            continue;
        }
        let mut cold = Vec::new();
        let mut warm_time = Duration::ZERO;
        for _ in 0..COLD_ROUNDS {
            if evict {
                evict_from_cache(&db);
            }
            let lib = Library::open(&db).expect("the library").into_library();
            if let Some((mmap, cache)) = reading {
                lib.set_reading_for_bench(mmap, cache);
            }
            if warm {
                let t = Instant::now();
                let read = lib.warm_in_background().map(|h| h.join().unwrap_or(0));
                assert!(read.is_some_and(|n| n > 0), "the warm-up read the file");
                warm_time += t.elapsed();
            }
            for _ in 0..COLD_LOOKUPS {
                let pos = sample(&kept, &mut rng);
                let t = Instant::now();
                lib.entry(&pos).expect("a lookup");
                cold.push(t.elapsed());
            }
        }
        cold.sort();
        let warmed = if warm {
            format!(
                " (warm-up {:.0} ms a round)",
                warm_time.as_secs_f64() * 1e3 / COLD_ROUNDS as f64
            )
        } else {
            String::new()
        };
        println!(
            "first {COLD_LOOKUPS} lookups after opening, {name}{warmed}: \
             median {:.3} ms, p90 {:.3} ms, max {:.3} ms ({COLD_ROUNDS} rounds)",
            percentile(&cold, 0.5).as_secs_f64() * 1e3,
            percentile(&cold, 0.9).as_secs_f64() * 1e3,
            cold[cold.len() - 1].as_secs_f64() * 1e3
        );
    }

    let lib = Library::open(&db).expect("the library").into_library();
    let mut times = Vec::with_capacity(LOOKUPS);
    let mut cpu = Vec::with_capacity(LOOKUPS);
    let mut moves_shown = 0usize;
    for _ in 0..LOOKUPS {
        let pos = sample(&kept, &mut rng);
        let (t, c) = (Instant::now(), thread_cpu());
        let entry = lib.entry(&pos).expect("a lookup");
        times.push(t.elapsed());
        cpu.push(thread_cpu().saturating_sub(c));
        moves_shown += entry.moves.len();
    }
    times.sort();
    cpu.sort();
    println!(
        "lookup ({LOOKUPS} positions at plies 0-15, {:.1} moves shown on average): \
         median {:.3} ms, p99 {:.3} ms, max {:.3} ms; on the processor (this thread's \
         time, without waits for a core): median {:.3} ms, max {:.3} ms",
        moves_shown as f64 / LOOKUPS as f64,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times[LOOKUPS - 1].as_secs_f64() * 1e3,
        percentile(&cpu, 0.5).as_secs_f64() * 1e3,
        cpu[LOOKUPS - 1].as_secs_f64() * 1e3
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
