//! Behaviour of the search through the public API: limits, the stop flag,
//! determinism, progress reports, variety that never gives away a win or a
//! forced block, levels, and the deterministic bench.

use gomoku::engine::bench::{bench_positions, run_bench_at, run_bench_runs, MAX_BENCH_RUNS};
use gomoku::engine::Band;
use gomoku::engine::{Engine, Level, Limits, Position, SearchParams};
use gomoku::rules::{parse_moves, Board, Point, Rule, Stone};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

fn position(moves: &str, rule: Rule) -> Position {
    let mut board = Board::standard();
    let moves = parse_moves(moves, 15).unwrap();
    for (i, p) in moves.iter().enumerate() {
        board.place(*p, Stone::to_move_after(i)).unwrap();
    }
    Position {
        board,
        to_move: Stone::to_move_after(moves.len()),
        rule,
        history: moves,
    }
}

fn depth(d: u32) -> SearchParams {
    SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits::depth(d),
        variety: 0,
        seed: Some(1),
        threads: 1,
        multipv: 1,
    }
}

#[test]
fn fixed_depth_searches_are_deterministic_and_report_each_iteration() {
    let pos = &bench_positions()[0];
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let mut a = Engine::new(8);
    let r1 = a.search(pos, &depth(5), &stop, &mut |i| depths.push(i.depth));
    let mut b = Engine::new(8);
    let r2 = b.search(pos, &depth(5), &stop, &mut |_| {});
    assert_eq!(r1, SearchResultCmp::strip(r2.clone(), r1.elapsed));
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(r1.depth, 5);
    assert_eq!(r1.pv.first().copied(), r1.best);
}

#[test]
fn a_warmed_up_engine_has_its_table_and_searches_exactly_like_a_fresh_one() {
    let stop = AtomicBool::new(false);
    for (i, pos) in bench_positions().iter().take(3).enumerate() {
        let mut fresh = Engine::new(8);
        assert!(!fresh.table_ready());
        let expected = fresh.search(pos, &depth(6), &stop, &mut |_| {});
        let mut warm = Engine::new(8);
        // The game's size and rule, or others: what the warm-up learnt is
        // forgotten either way.
        let (size, rule) = [(15, Rule::Freestyle), (19, Rule::Renju)][i % 2];
        warm.warm_up(size, rule);
        assert!(warm.table_ready(), "position {i}");
        // A limit that comes to the same table keeps it (every table is
        // capped at 64 MB); another size drops it until the next search.
        warm.set_hash_mb(8);
        assert!(warm.table_ready(), "position {i}");
        let got = warm.search(pos, &depth(6), &stop, &mut |_| {});
        assert_eq!(
            SearchResultCmp::strip(got, expected.elapsed),
            expected,
            "position {i}"
        );
    }
    let mut e = Engine::new(64);
    e.warm_up(15, Rule::Freestyle);
    e.set_hash_mb(1024);
    assert!(
        e.table_ready(),
        "64 MB and 1024 MB both make the 64 MB table"
    );
    e.set_hash_mb(16);
    assert!(!e.table_ready());
}

/// Results equal except for the time taken.
struct SearchResultCmp;
impl SearchResultCmp {
    fn strip(
        mut r: gomoku::engine::SearchResult,
        elapsed: Duration,
    ) -> gomoku::engine::SearchResult {
        r.elapsed = elapsed;
        r
    }
}

#[test]
fn a_raised_stop_flag_ends_an_unlimited_search_with_a_move() {
    let pos = bench_positions()[1].clone();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = thread::spawn(move || {
        let mut engine = Engine::new(8);
        engine.search(&pos, &SearchParams::default(), &flag, &mut |_| {})
    });
    thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    let r = worker.join().unwrap();
    assert!(r.best.is_some());
}

#[test]
fn helper_threads_stop_with_the_search_and_leave_a_legal_move() {
    let pos = bench_positions()[1].clone();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = thread::spawn(move || {
        let mut engine = Engine::new(8);
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            threads: 3,
            ..SearchParams::default()
        };
        let r = engine.search(&pos, &params, &flag, &mut |_| {});
        (pos, r)
    });
    thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    // `search` returns only once every helper has stopped.
    let (pos, r) = worker.join().unwrap();
    let best = r.best.expect("a move");
    assert!(pos.board.get(best).is_none(), "{best:?} is occupied");
    assert!(r.nodes > 0);
}

#[test]
fn several_threads_still_win_and_block_at_once() {
    let stop = AtomicBool::new(false);
    let win = position("h8h9i8i9j8j9k8a1", Rule::Freestyle);
    let block = position("h8h9i8i9j8a1k8", Rule::Freestyle);
    let five_points = [Point::new(6, 7), Point::new(11, 7)];
    // A quiet position where the threads really search in parallel.
    let quiet = &bench_positions()[0];
    let mut engine = Engine::new(8);
    for threads in [2, 4] {
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            threads,
            ..depth(6)
        };
        let r = engine.search(&win, &params, &stop, &mut |_| {});
        assert!(five_points.contains(&r.best.unwrap()));
        assert_eq!(r.score.mate_moves(), Some(1));
        let r = engine.search(&block, &params, &stop, &mut |_| {});
        assert!(five_points.contains(&r.best.unwrap()));
        let mut depths = Vec::new();
        let r = engine.search(quiet, &params, &stop, &mut |i| depths.push(i.depth));
        assert_eq!(depths, vec![1, 2, 3, 4, 5, 6], "{threads} threads");
        assert!(quiet.board.get(r.best.unwrap()).is_none());
    }
}

#[test]
fn the_node_limit_is_respected() {
    let pos = &bench_positions()[2];
    let stop = AtomicBool::new(false);
    let params = SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        limits: Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        ..depth(0)
    };
    let r = Engine::new(8).search(pos, &params, &stop, &mut |_| {});
    assert!(r.best.is_some());
    // Checked every thousand nodes, plus one VCF probe's budget.
    assert!(r.nodes < 20_000 + 5_000, "{} nodes", r.nodes);
}

#[test]
fn variety_never_trades_a_win_or_a_forced_block() {
    let stop = AtomicBool::new(false);
    // Black has four in a row (h8-k8) and wins at g8 or l8.
    let win = position("h8h9i8i9j8j9k8a1", Rule::Freestyle);
    // White to move must block Black's four.
    let block = position("h8h9i8i9j8a1k8", Rule::Freestyle);
    for seed in 0..16 {
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            persona: None,
            book: false,
            limits: Limits::depth(3),
            variety: 100_000,
            seed: Some(seed),
            threads: 1,
            multipv: 1,
        };
        let mut engine = Engine::new(4);
        let r = engine.search(&win, &params, &stop, &mut |_| {});
        assert!(
            [Point::new(6, 7), Point::new(11, 7)].contains(&r.best.unwrap()),
            "seed {seed}: {:?}",
            r.best
        );
        assert_eq!(r.score.mate_moves(), Some(1));
        let r = engine.search(&block, &params, &stop, &mut |_| {});
        assert!([Point::new(6, 7), Point::new(11, 7)].contains(&r.best.unwrap()));
    }
}

#[test]
fn variety_varies_the_opening_but_maximum_plays_the_centre() {
    let stop = AtomicBool::new(false);
    let empty = Position::from_board(Board::standard(), Rule::Freestyle);
    let mut engine = Engine::new(4);
    let max = Level::MAXIMUM.params();
    assert_eq!(max.variety, 0);
    let r = engine.search(&empty, &max, &stop, &mut |_| {});
    assert_eq!(r.best, Some(Point::new(7, 7)));
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            seed: Some(seed),
            threads: 1,
            ..Band::Beginner.representative().params()
        };
        let r = engine.search(&empty, &params, &stop, &mut |_| {});
        let p = r.best.unwrap();
        assert!(p.distance(Point::new(7, 7)) <= 1);
        seen.insert(p);
    }
    assert!(seen.len() > 1, "the opening never varied");
}

#[test]
fn a_full_board_has_no_move_and_every_board_size_works() {
    let stop = AtomicBool::new(false);
    let mut board = Board::standard();
    // Columns of alternating pairs: no five anywhere.
    for p in board.points().collect::<Vec<_>>() {
        let s = if (p.x / 2 + p.y) % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        board.place(p, s).unwrap();
    }
    let pos = Position::from_board(board, Rule::Freestyle);
    let r = Engine::new(1).search(&pos, &depth(3), &stop, &mut |_| {});
    assert_eq!(r.best, None);
    for size in 15..=20 {
        let mut board = Board::new(size).unwrap();
        board.place(Point::new(0, 0), Stone::Black).unwrap();
        board
            .place(Point::new(size - 1, size - 1), Stone::White)
            .unwrap();
        for rule in [Rule::Freestyle, Rule::Standard] {
            let pos = Position::from_board(board.clone(), rule);
            let r = Engine::new(1).search(&pos, &depth(3), &stop, &mut |_| {});
            let p = r.best.unwrap();
            assert!(board.is_empty_at(p));
        }
    }
}

#[test]
fn the_bench_is_deterministic() {
    let a = run_bench_at(3);
    let b = run_bench_at(3);
    assert_eq!((a.nodes, a.signature), (b.nodes, b.signature));
    assert!(a.nodes > 0);
    let text = a.to_string();
    assert!(text.contains("nodes") && text.contains("signature") && text.contains("nps"));
}

#[test]
fn the_bench_reports_each_position_and_they_add_up_to_its_totals() {
    let r = run_bench_at(4);
    assert_eq!(r.each.len(), r.positions);
    assert_eq!(r.each.iter().map(|p| p.nodes).sum::<u64>(), r.nodes);
    assert_eq!(
        r.each
            .iter()
            .map(|p| p.elapsed)
            .sum::<std::time::Duration>(),
        r.elapsed
    );
    assert!(r.each.iter().all(|p| p.nodes > 0 && p.best.is_some()));
    let text = r.positions().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), r.positions, "{text}");
    // The first position's line carries its own nodes and the board's
    // name of its move.
    let first = &r.each[0];
    assert!(
        lines[0].contains(&format!("nodes {} ", first.nodes)),
        "{}",
        lines[0]
    );
    assert!(lines[0].starts_with("position 1  15x15 "), "{}", lines[0]);
    assert!(lines[6].starts_with("position 7  20x20 "), "{}", lines[6]);
}

#[test]
fn repeated_bench_runs_report_their_median() {
    let one = run_bench_at(3);
    let series = run_bench_runs(3, 3).unwrap();
    assert_eq!(series.runs, 3);
    assert_eq!(
        (series.median.nodes, series.median.signature),
        (one.nodes, one.signature)
    );
    assert!(series.fastest <= series.median.elapsed && series.median.elapsed <= series.slowest);
    assert!(series.to_string().contains("runs       3"));
    for bad in [0, MAX_BENCH_RUNS + 1] {
        assert!(run_bench_runs(3, bad).unwrap_err().contains("runs must be"));
    }
}

#[test]
fn under_renju_black_never_plays_a_forbidden_point() {
    use gomoku::rules::forbidden;
    let stop = AtomicBool::new(false);
    // h8 would make six (an overline, forbidden); c8 makes exactly five.
    let mut board = Board::standard();
    for p in parse_moves("d8e8f8g8i8", 15).unwrap() {
        board.place(p, Stone::Black).unwrap();
    }
    for p in parse_moves("d9e9f9j8a1", 15).unwrap() {
        board.place(p, Stone::White).unwrap();
    }
    let pos = Position {
        board,
        to_move: Stone::Black,
        rule: Rule::Renju,
        history: Vec::new(),
    };
    let r = Engine::new(4).search(&pos, &depth(3), &stop, &mut |_| {});
    assert_eq!(r.best, parse_moves("c8", 15).unwrap().first().copied());
    assert_eq!(r.score.mate_moves(), Some(1));
    // Middle games: whatever Black plays must be allowed.
    for mut pos in bench_positions() {
        if pos.board.size() != 15 {
            continue;
        }
        pos.rule = Rule::Renju;
        let r = Engine::new(4).search(&pos, &depth(4), &stop, &mut |_| {});
        let best = r.best.unwrap();
        if pos.to_move == Stone::Black {
            assert_eq!(forbidden(&pos.board, best), None, "{best:?}");
        }
        assert!(pos.board.is_empty_at(best));
    }
}
