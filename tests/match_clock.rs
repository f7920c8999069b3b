//! Engine matches under a game clock (`gomoku-match --clock`): what the
//! manager tells the engines, the clock it keeps for each of them, the
//! increment, a slow engine losing on time, and the time curves written.

use gomoku::matchrun::{
    parse_openings, run_match, time_curve_csv, Ending, EngineSpec, FaultKind, GameConditions,
    GameRecord, MatchConfig, MatchSummary, FREESTYLE15,
};
use gomoku::rules::Rule;
use std::path::{Path, PathBuf};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");
const MATCH: &str = env!("CARGO_BIN_EXE_gomoku-match");

fn fake(args: &[&str]) -> EngineSpec {
    let mut argv = vec![FAKE.to_string(), "legal".to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    EngineSpec { argv }
}

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("gomoku-match-clock-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    let _ = std::fs::remove_file(&p);
    p
}

/// Two games (one opening, colours swapped) on a game clock of `match_ms`
/// plus `increment_ms`, the turn cap the main time.
fn config(engines: [EngineSpec; 2], match_ms: u64, increment_ms: u64) -> MatchConfig {
    MatchConfig {
        engines,
        games: 2,
        conditions: GameConditions {
            openings: parse_openings(FREESTYLE15, 15, Rule::Freestyle).unwrap(),
            size: 15,
            rule: Rule::Freestyle,
            turn_ms: match_ms,
            match_ms,
            increment_ms,
            grace_ms: 100,
            max_memory: 64 << 20,
            max_moves: 0,
            fresh_process: false,
        },
        concurrency: 1,
        sprt: None,
        out_dir: None,
    }
}

fn run(cfg: &MatchConfig) -> MatchSummary {
    run_match(cfg, &mut |_: &GameRecord, _| {}).unwrap()
}

#[test]
fn a_slow_engine_loses_on_time_and_says_so() {
    // 300 ms a move on a 1 s clock: the fourth move cannot be made.
    let cfg = config([fake(&[]), fake(&["--delay-ms=300"])], 1_000, 0);
    let summary = run(&cfg);
    assert_eq!(summary.tally().wins, 2, "{:?}", summary.games);
    for g in &summary.games {
        match &g.ending {
            Ending::Fault {
                kind: FaultKind::Time,
                detail,
            } => assert!(
                detail.starts_with("engine2 loses on time: the game clock of 'fake-legal' ran out"),
                "{detail}"
            ),
            other => panic!("expected a loss on time, got {other:?}"),
        }
        let slow: Vec<usize> = (g.opening_len..g.moves.len())
            .filter(|i| (i % 2 == 0) == (g.black == 1))
            .collect();
        assert_eq!(slow.len(), 3, "three moves fit in the clock: {g:?}");
        // The clock went down by what each move took, nothing added.
        let mut left = 1_000u64;
        for &i in &slow {
            left -= g.times_ms[i];
            assert_eq!(g.clock_left_ms[i], left, "{g:?}");
            assert!(g.times_ms[i] >= 300, "{g:?}");
        }
    }
    assert_eq!(summary.progress.faults[1][2], 2);
    assert!(summary
        .report(&cfg)
        .contains("losses on time: engine1 0, engine2 2"));
}

/// The values of `INFO key` lines in a fake engine's log.
fn info_values(log: &str, key: &str) -> Vec<u64> {
    let prefix = format!("INFO {key} ");
    log.lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn the_clock_is_told_before_every_move_and_the_increment_added() {
    let log = temp("log");
    let logged = format!("--log={}", log.display());
    // 100 ms a move and 150 ms added after each: the clock grows.
    let mut cfg = config([fake(&[]), fake(&["--delay-ms=100", &logged])], 2_000, 150);
    cfg.games = 1;
    cfg.conditions.max_moves = 20;
    let summary = run(&cfg);
    let g = &summary.games[0];
    assert_eq!(g.ending, Ending::MoveLimit, "{g:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert_eq!(info_values(&text, "timeout_match"), [2_000]);
    assert_eq!(info_values(&text, "timeout_turn"), [2_000]);
    // Before each move: time_left, then the command asking for it.
    let lines: Vec<&str> = text.lines().collect();
    let asks: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("TURN") || l.starts_with("BOARD"))
        .map(|(i, _)| i)
        .collect();
    let own: Vec<u64> = (g.opening_len..g.moves.len())
        .filter(|i| (i % 2 == 0) == (g.black == 1))
        .map(|i| g.clock_left_ms[i])
        .collect();
    assert_eq!(asks.len(), own.len());
    for &i in &asks {
        assert!(lines[i - 1].starts_with("INFO time_left "), "{text}");
    }
    // What it was told is what the manager's clock said: the full clock
    // first, then after each of its moves the time left with the
    // increment added, which it was then told.
    let told = info_values(&text, "time_left");
    assert_eq!(told[0], 2_000);
    assert_eq!(told[1..], own[..own.len() - 1], "{g:?}");
    assert!(
        own.last().unwrap() > &2_000,
        "the increment outpaces 100 ms moves: {own:?}"
    );
    let csv = time_curve_csv(g);
    assert!(csv.starts_with("move,colour,engine,took_ms,allowed_ms,clock_left_ms\n"));
    assert_eq!(csv.lines().count(), 1 + g.moves.len() - g.opening_len);
}

fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(MATCH)
        .args(args)
        .output()
        .unwrap()
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn the_command_line_plays_on_a_clock_and_reports_losses_on_time() {
    let out = temp("cli");
    let slow = format!("{FAKE} legal --delay-ms=300");
    let o = cli(&[
        "--engine1",
        FAKE,
        "--engine2",
        &slow,
        "--clock",
        "1s",
        "--grace-ms",
        "100",
        "--games",
        "2",
        "--openings",
        "smoke",
        "--seed",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = read(&out, "summary.txt");
    assert!(
        summary.contains("clock 1s (at most 1000 ms/move)"),
        "{summary}"
    );
    assert!(
        summary.contains("losses on time: engine1 0, engine2 2"),
        "{summary}"
    );
    let results = read(&out, "results.csv");
    assert_eq!(results.matches(",loss on time,").count(), 2, "{results}");
    let curve = read(&out, "game-0001-times.csv");
    assert!(curve.lines().nth(1).is_some(), "{curve}");
    let _ = std::fs::remove_dir_all(&out);

    for (args, says) in [
        (&["--clock", "30s/move"][..], "has no game clock"),
        (
            &["--clock", "2m", "--match-ms", "5"][..],
            "cannot be used with",
        ),
        (&["--clock", "2x"][..], "bad time"),
    ] {
        let mut all = vec!["--engine1", FAKE, "--engine2", FAKE];
        all.extend(args);
        let o = cli(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
