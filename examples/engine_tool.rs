//! Engine measurements outside the test suite: `bench [depth]`,
//! `timed MILLIS` (depth reached per bench position in a time budget) and
//! `selfplay LEVEL_A LEVEL_B GAMES` (in-process games between two levels).

use gomoku::engine::bench::{bench_positions, run_bench_at, BENCH_DEPTH};
use gomoku::engine::{Engine, Level, Limits, Position, SearchParams};
use gomoku::rules::{print_moves, winning_line, Board, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("timed") => {
            let ms: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
            timed(ms);
        }
        Some("selfplay") => {
            let a = level(args.get(1));
            let b = level(args.get(2));
            let games: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(4);
            let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
            selfplay(a, b, games, seed);
        }
        _ => {
            let depth = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(BENCH_DEPTH);
            println!("{}", run_bench_at(depth));
        }
    }
}

fn level(name: Option<&String>) -> Level {
    Level::ALL
        .into_iter()
        .find(|l| Some(l.name().to_lowercase()) == name.map(|n| n.to_lowercase()))
        .unwrap_or(Level::Normal)
}

fn timed(ms: u64) {
    let stop = AtomicBool::new(false);
    let params = SearchParams {
        limits: Limits {
            soft_time: Some(Duration::from_millis(ms)),
            hard_time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        variety: 0,
        seed: Some(1),
    };
    for pos in bench_positions() {
        let mut engine = Engine::new(64);
        let r = engine.search(&pos, &params, &stop, &mut |_| {});
        println!(
            "depth {:2} score {:>8} nodes {:>9} nps {:>8} time {:?}",
            r.depth,
            r.score.to_string(),
            r.nodes,
            (r.nodes as f64 / r.elapsed.as_secs_f64()) as u64,
            r.elapsed
        );
    }
}

fn selfplay(a: Level, b: Level, games: u32, seed: u64) {
    let stop = AtomicBool::new(false);
    let mut score = [0u32; 3];
    for g in 0..games {
        let mut engines = [Engine::new(32), Engine::new(32)];
        let levels = if g % 2 == 0 { [a, b] } else { [b, a] };
        let mut board = Board::standard();
        let mut to_move = Stone::Black;
        let mut history = Vec::new();
        let winner = loop {
            if board.is_full() {
                break None;
            }
            let i = to_move.index();
            let mut params = levels[i].params();
            params.seed = Some(seed * 1_000_000 + u64::from(g) * 1000 + history.len() as u64);
            let pos = Position {
                board: board.clone(),
                to_move,
                rule: Rule::Freestyle,
                history: history.clone(),
            };
            let r = engines[i].search(&pos, &params, &stop, &mut |_| {});
            let p = r.best.expect("a move on a non-full board");
            board.place(p, to_move).expect("engine plays legal moves");
            history.push(p);
            if winning_line(&board, p, Rule::Freestyle).is_some() {
                break Some(levels[i]);
            }
            to_move = to_move.opponent();
        };
        match winner {
            Some(l) if l == a => score[0] += 1,
            Some(_) => score[1] += 1,
            None => score[2] += 1,
        }
        println!(
            "game {g}: {} (black {}) moves {} {}",
            winner.map_or("draw".to_string(), |l| format!("{l} wins")),
            levels[0],
            history.len(),
            print_moves(&history, 15)
        );
    }
    println!("{a} {} - {} {b} ({} draws)", score[0], score[1], score[2]);
}
