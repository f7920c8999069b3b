//! Engine measurements outside the test suite: `bench [depth]`,
//! `timed MILLIS [THREADS]` (depth reached per bench position in a time
//! budget) and
//! `selfplay LEVEL_A LEVEL_B GAMES` (in-process games between two levels).

use gomoku::engine::bench::{bench_positions, run_bench_at, BENCH_DEPTH};
use gomoku::engine::{Engine, Level, Limits, Position, SearchParams};
use gomoku::rules::{parse_point, print_moves, winning_line, Board, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("iter") => {
            let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
            let index: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
            let pos = &bench_positions()[index];
            let stop = AtomicBool::new(false);
            let mut engine = Engine::new(64);
            let params = SearchParams {
                limits: Limits::depth(depth),
                ..SearchParams::default()
            };
            engine.search(pos, &params, &stop, &mut |i| {
                println!(
                    "depth {:2} sel {:2} score {:>8} nodes {:>9} time {:?} pv {}",
                    i.depth,
                    i.seldepth,
                    i.score.to_string(),
                    i.nodes,
                    i.elapsed,
                    print_moves(&i.pv, pos.board.size())
                );
            });
        }
        Some("baseline") => {
            let a = level(args.get(1));
            let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
            baseline_match(a, games);
        }
        Some("harvest") => harvest(args.get(1).map_or("games.txt", String::as_str)),
        Some("vct") => vct_harvest(args.get(1).map_or("games.txt", String::as_str)),
        Some("vcf") => vcf_times(args.get(1).map_or("tests/data/tactics.txt", String::as_str)),
        Some("timed") => {
            let ms: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
            let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
            timed(ms, threads);
        }
        Some("selfplay") => {
            let a = level(args.get(1));
            let b = level(args.get(2));
            let games: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(4);
            let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
            selfplay(a, b, games, seed);
        }
        _ => {
            let depth = args
                .get(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(BENCH_DEPTH);
            println!("{}", run_bench_at(depth));
        }
    }
}

fn level(name: Option<&String>) -> Level {
    name.and_then(|n| n.parse().ok()).unwrap_or_default()
}

fn timed(ms: u64, threads: usize) {
    let stop = AtomicBool::new(false);
    let params = SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        limits: Limits {
            soft_time: Some(Duration::from_millis(ms)),
            hard_time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        variety: 0,
        seed: Some(1),
        threads,
        multipv: 1,
        book: false,
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
        // (ply, side, claimed moves to a win; negative for a loss)
        let mut claims: Vec<(usize, Stone, i32)> = Vec::new();
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
            if let Some(n) = r.score.mate_moves() {
                claims.push((history.len(), to_move, n));
            }
            board.place(p, to_move).expect("engine plays legal moves");
            history.push(p);
            if winning_line(&board, p, Rule::Freestyle).is_some() {
                break Some(levels[i]);
            }
            to_move = to_move.opponent();
        };
        // A proved win must come true: the winner's own moves from the
        // claim to the five are at most the claimed number.
        let end = history.len();
        let winner_side = winner.map(|_| Stone::to_move_after(end - 1));
        for &(ply, side, n) in &claims {
            let own_moves_left = (end - ply).div_ceil(2) as i32;
            let ok = if n > 0 {
                winner_side == Some(side) && own_moves_left <= n
            } else {
                winner_side == Some(side.opponent())
            };
            if !ok {
                println!(
                    "claim broken: game {g} ply {ply} {side:?} claimed {n}, game ended at {end} winner {winner_side:?}: {}",
                    print_moves(&history[..ply], 15)
                );
            }
        }
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

/// Times the engine on every `vcf` case of a tactics file.
fn vcf_times(path: &str) {
    let text = std::fs::read_to_string(path).expect("read the tactics file");
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("| vcf"))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let size: u8 = f[2].parse().expect("size");
        let rule = if f[1] == "standard" {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        let mut board = Board::new(size).expect("size");
        for (field, stone) in [(f[4], Stone::Black), (f[5], Stone::White)] {
            for t in field.split_whitespace() {
                board
                    .place(parse_point(t, size).expect("point"), stone)
                    .expect("empty");
            }
        }
        let to_move = if f[3] == "X" {
            Stone::Black
        } else {
            Stone::White
        };
        let pos = Position {
            board,
            to_move,
            rule,
            history: Vec::new(),
        };
        engine.new_game();
        let params = SearchParams {
            limits: Limits::depth(4),
            ..SearchParams::default()
        };
        let r = engine.search(&pos, &params, &stop, &mut |_| {});
        println!(
            "{:<24} {:>8} {:>8} nodes {:?}",
            f[0],
            f[6],
            r.score.to_string(),
            r.elapsed
        );
    }
}

/// Prints, as tactics-file lines, game positions where the side to move
/// has a long VCF (candidates for the suite, to be checked independently).
fn harvest(path: &str) {
    let text = std::fs::read_to_string(path).expect("read the games file");
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    for line in text.lines().filter(|l| l.starts_with("game")) {
        let Some(moves) = line.split_whitespace().last() else {
            continue;
        };
        let Ok(moves) = gomoku::rules::parse_moves(moves, 15) else {
            continue;
        };
        for k in 8..moves.len() {
            let mut board = Board::standard();
            for (i, p) in moves[..k].iter().enumerate() {
                board.place(*p, Stone::to_move_after(i)).expect("legal");
            }
            let to_move = Stone::to_move_after(k);
            let pos = Position {
                board: board.clone(),
                to_move,
                rule: Rule::Freestyle,
                history: Vec::new(),
            };
            engine.new_game();
            let params = SearchParams {
                limits: Limits::depth(1),
                ..SearchParams::default()
            };
            let r = engine.search(&pos, &params, &stop, &mut |_| {});
            if let Some(n) = r.score.mate_moves() {
                if n >= 6 && r.depth == 1 {
                    let list = |s: Stone| {
                        board
                            .stones()
                            .filter(|(_, t)| *t == s)
                            .map(|(p, _)| gomoku::rules::point_name(p, 15))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    let tm = if to_move == Stone::Black { "X" } else { "O" };
                    println!(
                        "g-vcf{n} | free | 15 | {tm} | {} | {} | vcf{n} | - | 4",
                        list(Stone::Black),
                        list(Stone::White)
                    );
                }
            }
        }
    }
}

/// Prints, as `tests/data/vct.txt` lines, game positions where the side
/// to move has no VCF but a VCT (candidates for the VCT suite, to be
/// checked independently), with the solver's first move and line.
fn vct_harvest(path: &str) {
    use gomoku::engine::state::State;
    use gomoku::engine::vct::Vct;
    let text = std::fs::read_to_string(path).expect("read the games file");
    let mut vct = Vct::new();
    let name = |p: gomoku::rules::Point| gomoku::rules::point_name(p, 15);
    for line in text.lines().filter(|l| l.starts_with("game")) {
        let Some(moves) = line.split_whitespace().last() else {
            continue;
        };
        let Ok(moves) = gomoku::rules::parse_moves(moves, 15) else {
            continue;
        };
        for k in 8..moves.len() {
            let mut board = Board::standard();
            for (i, p) in moves[..k].iter().enumerate() {
                board.place(*p, Stone::to_move_after(i)).expect("legal");
            }
            let to_move = Stone::to_move_after(k);
            let mut st = State::new(&board, to_move, Rule::Freestyle);
            let opp = st.to_move() ^ 1;
            if st.count(opp, gomoku::engine::shape::combo::FIVE) > 0
                || st.find_five(st.to_move()).is_some()
                || vct.vcf_only(&mut st, 30, 2_000_000).is_some()
            {
                continue;
            }
            let start = std::time::Instant::now();
            let Some((pv, plies)) = vct.solve_shortest(&mut st, 10, 3_000_000, &|| false) else {
                continue;
            };
            let list = |s: Stone| {
                board
                    .stones()
                    .filter(|(_, t)| *t == s)
                    .map(|(p, _)| name(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let tm = if to_move == Stone::Black { "X" } else { "O" };
            let pv: Vec<String> = pv.iter().map(|&c| name(st.point(c))).collect();
            // Games that end in a five were won by the last mover: a proved
            // win for the loser is worth a look (a mistake later, or a bug).
            let lost = Stone::to_move_after(moves.len() - 1) != to_move;
            println!(
                "g-vct{plies} | free | 15 | {tm} | {} | {} | vct | {} | 10 # {}{} nodes {:?} pv {}",
                list(Stone::Black),
                list(Stone::White),
                pv[0],
                if lost { "LOSER " } else { "" },
                vct.nodes,
                start.elapsed(),
                pv.join(" ")
            );
        }
    }
}

/// Games between a level and the baseline opponent ([`gomoku::baseline`]),
/// alternating colours, the engine's first move varied by seed.
fn baseline_match(level: Level, games: u32) {
    let stop = AtomicBool::new(false);
    let mut wins = 0;
    for g in 0..games {
        let mut engine = Engine::new(32);
        let engine_colour = if g % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let mut board = Board::standard();
        let mut to_move = Stone::Black;
        let mut history = Vec::new();
        let winner = loop {
            if board.is_full() {
                break None;
            }
            let p = if to_move == engine_colour {
                let mut params = level.params();
                params.seed = Some(u64::from(g));
                if history.len() < 2 {
                    params.variety = 100_000;
                }
                let pos = Position {
                    board: board.clone(),
                    to_move,
                    rule: Rule::Freestyle,
                    history: history.clone(),
                };
                engine
                    .search(&pos, &params, &stop, &mut |_| {})
                    .best
                    .expect("a move")
            } else {
                gomoku::baseline::search(&board, to_move, Rule::Freestyle, None, &stop)
                    .best
                    .expect("a move on a board that is not full")
            };
            board.place(p, to_move).expect("legal");
            history.push(p);
            if winning_line(&board, p, Rule::Freestyle).is_some() {
                break Some(to_move);
            }
            to_move = to_move.opponent();
        };
        if winner == Some(engine_colour) {
            wins += 1;
        }
        println!(
            "game {g}: engine {engine_colour} winner {winner:?} moves {} {}",
            history.len(),
            print_moves(&history, 15)
        );
    }
    println!(
        "{level} won {wins} of {games} against the depth-{} baseline",
        gomoku::baseline::DEPTH
    );
}
