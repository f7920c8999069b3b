//! `gomoku-match`: plays two pbrain engines against each other and prints
//! the score and Elo difference, or runs a sequential test (SPRT) between
//! them, or a tournament of several engines (`--tournament`). Run with
//! `--help` for the options.

use clap::Parser;
use gomoku::cli::matches::Args;
use gomoku::engine::balance::BalanceConfig;
use gomoku::matchrun::swap2_gen::engine_swap2_openings;
use gomoku::matchrun::{
    run_match, run_tournament, shuffle_openings, GameConditions, GameRecord, MatchConfig, Opening,
    Progress, Standings, TournamentConfig, TournamentGame, TournamentKind,
};
use gomoku::rules::opening::OpeningRule;
use std::process::ExitCode;

/// Games a sequential test may play at most when `--games` is not given.
const SPRT_GAME_CAP: usize = 20_000;

/// Most swap2 openings made before a match: a longer match (a sequential
/// test) reuses them, as it does a list.
const SWAP2_OPENINGS_CAP: usize = 200;

/// Diagnostics printed under one game; the rest are counted.
const DIAGNOSTICS_SHOWN: usize = 3;

/// The openings asked for, and a word on where they came from.
fn load_openings(args: &Args) -> Result<(Vec<Opening>, String), String> {
    use gomoku::matchrun::{openings_builtin as builtin, BUILTIN_SETS};
    let (size, rule) = (args.size, args.rule);
    match args.openings.as_str() {
        "none" => Ok((Vec::new(), "the empty board".into())),
        name if BUILTIN_SETS.contains(&name) => {
            let (list, text) = builtin(name, size, rule).ok_or_else(|| {
                format!(
                    "no built-in '{name}' openings for {size}x{size} {rule}; use a file or 'none'"
                )
            })?;
            Ok((list, text))
        }
        path => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read openings '{path}': {e}"))?;
            let list = gomoku::matchrun::parse_openings(&text, size, rule)
                .map_err(|e| format!("{path}: {e}"))?;
            Ok((list, format!("'{path}'")))
        }
    }
}

fn print_game(g: &GameRecord, p: &Progress) {
    println!("{}  [{}]", g.describe(), p.tally.describe());
    for d in g.diagnostics.iter().take(DIAGNOSTICS_SHOWN) {
        println!("    {d}");
    }
    if g.diagnostics.len() > DIAGNOSTICS_SHOWN {
        println!(
            "    (and {} more engine lines like these)",
            g.diagnostics.len() - DIAGNOSTICS_SHOWN
        );
    }
    if p.pair_done {
        println!("{}", p.pair_line());
    }
}

/// Swap2 openings made by our engine, one per pair of games (at most
/// [`SWAP2_OPENINGS_CAP`]; a longer match reuses them).
fn swap2_openings(args: &Args, games: usize, seed: u64) -> Result<(Vec<Opening>, String), String> {
    let count = games.div_ceil(2).clamp(1, SWAP2_OPENINGS_CAP);
    let cfg = BalanceConfig {
        seed: Some(seed),
        ..BalanceConfig::default()
    };
    if !args.quiet {
        println!("making {count} swap2 openings with our engine (a second or two each)...");
    }
    let list = engine_swap2_openings(count, args.size, args.rule, cfg, &mut |i| {
        if !args.quiet && (i + 1) % 10 == 0 {
            println!("  {} of {count} made", i + 1);
        }
    })?;
    Ok((list, format!("our engine's swap2 openings (seed {seed})")))
}

/// Default time per move without a game clock, milliseconds.
const DEFAULT_TURN_MS: u64 = 1000;

/// The turn limit, game clock and increment in milliseconds, from
/// `--turn-ms`, `--match-ms` and `--clock`.
fn time_limits(args: &Args) -> Result<(u64, u64, u64), String> {
    let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    let Some(tc) = args.clock else {
        return Ok((args.turn_ms.unwrap_or(DEFAULT_TURN_MS), args.match_ms, 0));
    };
    let Some(main) = tc.main else {
        return Err(format!(
            "--clock {tc} has no game clock: use --turn-ms for a move limit alone"
        ));
    };
    // A move can never use more than the whole clock, so the main time is
    // a cap that never binds before the clock does.
    let turn = args
        .turn_ms
        .or(tc.per_move.map(ms))
        .unwrap_or_else(|| ms(main));
    Ok((turn, ms(main), ms(tc.increment)))
}

/// How every game is played, from the options.
fn conditions(args: &Args, openings: Vec<Opening>) -> GameConditions {
    let (turn_ms, match_ms, increment_ms) = time_limits(args).expect("checked before the match");
    GameConditions {
        openings,
        size: args.size,
        rule: args.rule,
        turn_ms,
        match_ms,
        increment_ms,
        grace_ms: args.grace_ms,
        max_memory: args.memory_mb.saturating_mul(1024 * 1024),
        max_moves: args.max_moves,
        fresh_process: args.fresh_process,
    }
}

fn print_tournament_game(g: &TournamentGame, s: &Standings) {
    let name = |e: usize| format!("{}. {}", e + 1, s.names[e]);
    let result = match g.winner {
        Some(w) => format!("{} wins", name(w)),
        None => "draw".to_string(),
    };
    println!(
        "[{}/{}] {} (Black) vs {} (White): {result}, {}",
        s.finished,
        s.planned,
        name(g.black),
        name(g.white),
        g.ending
    );
}

fn run_tournament_cli(
    args: Args,
    kind: TournamentKind,
    openings: Vec<Opening>,
) -> Result<(), String> {
    let cfg = TournamentConfig {
        conditions: conditions(&args, openings),
        engines: args.engines,
        kind,
        games_per_pairing: args.games_per_pairing,
        concurrency: args.concurrency as usize,
        out_dir: args.out,
    };
    let quiet = args.quiet;
    if !quiet {
        println!(
            "tournament: {} engines, {} pairings, {} games",
            cfg.engines.len(),
            cfg.pairings().len(),
            cfg.planned()
        );
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    let outcome = run_tournament(&cfg, args.resume, &stop, &mut |g, s| {
        if !quiet {
            print_tournament_game(g, s);
        }
    })
    .map_err(|e| e.to_string())?;
    print!("{}", outcome.standings.report());
    println!(
        "games and crosstable.txt written to {}",
        cfg.out_dir.display()
    );
    Ok(())
}

/// `--ratings`: one Elo scale over the games of several tournaments.
fn print_ratings(args: &Args) -> Result<(), String> {
    use gomoku::matchrun::ratings;
    let (names, games) = ratings::games_in(&args.ratings).map_err(|e| e.to_string())?;
    if names.is_empty() {
        return Err("the folders hold no games".into());
    }
    let (anchor, elo) = match &args.anchor {
        None => (0, 1000.0),
        Some(spec) => {
            let (name, elo) = spec
                .rsplit_once('=')
                .ok_or_else(|| format!("--anchor '{spec}': write NAME=ELO"))?;
            let elo: f64 = elo
                .trim()
                .parse()
                .map_err(|_| format!("--anchor '{spec}': '{elo}' is not a number"))?;
            let i = names
                .iter()
                .position(|n| n.contains(name))
                .ok_or_else(|| format!("--anchor: no engine named like '{name}'"))?;
            (i, elo)
        }
    };
    let fitted = ratings::fit(names.len(), &games, anchor, elo);
    println!("{} games; anchor: {} = {elo}", games.len(), names[anchor]);
    print!("{}", ratings::table(&names, &fitted));
    Ok(())
}

/// `--mistakes`: each engine's mistakes in a tournament's games.
fn print_mistakes(args: &Args, dir: &std::path::Path) -> Result<(), String> {
    use gomoku::engine::blunder::BlunderCheck;
    use gomoku::matchrun::mistakes::{count_game, MistakeCount};
    let (names, games) = gomoku::matchrun::saved_games(dir)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no tournament in '{}'", dir.display()))?;
    let mut counts = vec![MistakeCount::default(); names.len()];
    let mut check = BlunderCheck::new();
    for g in &games {
        let opening = gomoku::rules::parse_moves(&g.opening, args.size).map_or(0, |m| m.len());
        let [b, w] = count_game(&g.moves, opening, args.size, args.rule, &mut check);
        counts[g.black].merge(&b);
        counts[g.white].merge(&w);
    }
    let width = names.iter().map(String::len).max().unwrap_or(6).max(6);
    println!(
        "{:width$}  {:>6}  {:>11}  {:>12}  {:>11}  {:>10}  {:>4}  {:>12}",
        "engine",
        "moves",
        "missed five",
        "ignored four",
        "allowed VCF",
        "missed VCF",
        "far",
        "lost already"
    );
    for (name, c) in names.iter().zip(&counts) {
        println!(
            "{name:width$}  {:>6}  {:>11}  {:>12}  {:>11}  {:>10}  {:>4}  {:>12}",
            c.moves,
            c.missed_five,
            c.ignored_four,
            c.allowed_vcf,
            c.missed_vcf,
            c.far,
            c.lost_already
        );
    }
    Ok(())
}

fn run(args: Args) -> Result<(), String> {
    if !args.ratings.is_empty() {
        return print_ratings(&args);
    }
    if let Some(dir) = &args.mistakes {
        return print_mistakes(&args, dir);
    }
    time_limits(&args)?;
    if let Some(kind) = args.tournament {
        let (mut openings, source) = load_openings(&args)?;
        // One fixed order, so a resumed tournament plays the same openings.
        shuffle_openings(&mut openings, args.seed.unwrap_or(0));
        if !args.quiet {
            println!("openings: {} from {source}", openings.len());
        }
        return run_tournament_cli(args, kind, openings);
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let games = args.games.unwrap_or(if args.sprt.is_some() {
        SPRT_GAME_CAP
    } else {
        10
    });
    let (mut openings, source) = match args.opening_rule {
        OpeningRule::Free => load_openings(&args)?,
        OpeningRule::Swap2 => swap2_openings(&args, games, seed)?,
        other => {
            return Err(format!(
                "opening rule {other} is not played by the match runner: use free or swap2"
            ))
        }
    };
    shuffle_openings(&mut openings, seed);
    let concurrency = args.concurrency as usize;
    if !args.quiet {
        println!(
            "openings: {} from {source}, drawn with seed {seed}",
            openings.len()
        );
        if !openings.is_empty() && games > 2 * openings.len() {
            println!(
                "note: {games} games use each opening more than once (there are {})",
                openings.len()
            );
        }
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        if concurrency > cores {
            println!(
                "note: {concurrency} games at once on {cores} cores: engines will share cores and search less than their clocks suggest"
            );
        }
    }
    let cfg = MatchConfig {
        conditions: conditions(&args, openings),
        engines: [
            args.engine1.ok_or("--engine1 is required")?,
            args.engine2.ok_or("--engine2 is required")?,
        ],
        games,
        concurrency,
        sprt: args.sprt,
        out_dir: Some(args.out),
    };
    let quiet = args.quiet;
    let mut on_game = |g: &GameRecord, p: &Progress| {
        if !quiet {
            print_game(g, p);
        }
    };
    let summary = run_match(&cfg, &mut on_game).map_err(|e| e.to_string())?;
    let report = summary.report(&cfg);
    let line = summary.one_line(&cfg);
    print!("{report}");
    println!("summary: {line}");
    if let Some(dir) = &cfg.out_dir {
        std::fs::write(
            dir.join("summary.txt"),
            format!("{report}summary: {line}\n"),
        )
        .map_err(|e| format!("cannot write {}: {e}", dir.join("summary.txt").display()))?;
        println!("games written to {}", dir.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("gomoku-match: {msg}");
            ExitCode::from(2)
        }
    }
}
