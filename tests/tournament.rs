//! Tournaments with the fake engine: a round robin's results, cross-table
//! and files; stopping and resuming from the state file; and the same
//! through `gomoku-match --tournament`.

use gomoku::matchrun::{
    run_tournament, Standings, TournamentConfig, TournamentGame, TournamentKind, STATE_FILE,
};
use gomoku::matchrun::{EngineSpec, GameConditions, TournamentError};
use gomoku::rules::Rule;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

fn fake(args: &[&str]) -> EngineSpec {
    let mut argv = vec![FAKE.to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    EngineSpec { argv }
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn config(engines: Vec<EngineSpec>, kind: TournamentKind, out: PathBuf) -> TournamentConfig {
    TournamentConfig {
        engines,
        kind,
        games_per_pairing: 2,
        conditions: GameConditions {
            openings: Vec::new(),
            size: 15,
            rule: Rule::Freestyle,
            turn_ms: 200,
            match_ms: 0,
            increment_ms: 0,
            grace_ms: 500,
            max_memory: 64 << 20,
            max_moves: 0,
            fresh_process: false,
        },
        concurrency: 2,
        out_dir: out,
    }
}

#[test]
fn a_round_robin_plays_every_pairing_and_keeps_every_game() {
    let dir = out_dir("rr");
    let cfg = config(
        vec![
            fake(&["legal"]),
            fake(&["legal", "--nbest"]),
            fake(&["garbage"]),
        ],
        TournamentKind::RoundRobin,
        dir.clone(),
    );
    assert_eq!(cfg.pairings(), [[0, 1], [0, 2], [1, 2]]);
    let stop = AtomicBool::new(false);
    let mut seen = 0;
    let out = run_tournament(&cfg, false, &stop, &mut |_, s: &Standings| {
        seen += 1;
        assert_eq!(s.finished, seen);
    })
    .unwrap();
    assert!(!out.stopped);
    assert_eq!(seen, 6);
    assert_eq!(out.games.len(), 6);
    let s = &out.standings;
    // Two engines giving one name are told apart by their arguments.
    assert_eq!(s.names[0], "fake-legal (legal)");
    assert_eq!(s.names[2], "fake-garbage");
    // The engine that answers words instead of moves loses every game.
    assert_eq!((s.totals[2].wins, s.totals[2].losses), (0, 4));
    for g in out.games.iter().filter(|g| g.black == 2 || g.white == 2) {
        assert_ne!(g.winner, Some(2));
        assert!(g.ending.contains("engine 'fake-garbage'"), "{}", g.ending);
        assert!(g.ending.contains("not a move"), "{}", g.ending);
    }
    // Colours swap within a pairing, and each pair is counted once.
    let p01: Vec<&TournamentGame> = out.games.iter().filter(|g| g.pairing == 0).collect();
    assert_eq!((p01[0].black, p01[1].black), (0, 1));
    assert_eq!(s.pairings[1].penta.pairs(), 1);
    assert_eq!(s.pairings[1].tally.wins, 2);
    // Every game's file, the state and the cross-table are on disk.
    for g in &out.games {
        let text = std::fs::read_to_string(dir.join(&g.file)).unwrap();
        assert!(text.starts_with("Piskvorky 15x15"), "{text}");
        assert!(g.move_list(15).is_some());
    }
    assert!(dir.join(STATE_FILE).exists());
    let table = std::fs::read_to_string(dir.join("crosstable.txt")).unwrap();
    assert!(table.contains("fake-garbage"), "{table}");
    assert!(table.contains("0-2-0"), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_tournament_resumes_where_it_stopped() {
    let dir = out_dir("resume");
    let mut cfg = config(
        // The hanging engine's games last its turn and the grace, so the
        // stop comes before the last game starts.
        vec![fake(&["legal"]), fake(&["garbage"]), fake(&["hang"])],
        TournamentKind::Gauntlet,
        dir.clone(),
    );
    cfg.concurrency = 1;
    assert_eq!(cfg.pairings(), [[0, 1], [0, 2]]);
    let stop = AtomicBool::new(false);
    let first = run_tournament(&cfg, false, &stop, &mut |_, _| {
        stop.store(true, Ordering::Relaxed);
    })
    .unwrap();
    assert!(first.stopped);
    let played = first.games.len();
    assert!((1..4).contains(&played), "{played}");
    // The folder is not silently reused, nor resumed with other settings.
    stop.store(false, Ordering::Relaxed);
    let refused = run_tournament(&cfg, false, &stop, &mut |_, _| {}).unwrap_err();
    assert!(matches!(refused, TournamentError::State(_)), "{refused}");
    let mut other = cfg.clone();
    other.conditions.turn_ms = 300;
    assert!(run_tournament(&other, true, &stop, &mut |_, _| {}).is_err());
    let mut more = 0;
    let rest = run_tournament(&cfg, true, &stop, &mut |_, _| more += 1).unwrap();
    assert_eq!(more, 4 - played);
    assert!(!rest.stopped);
    assert_eq!(rest.games.len(), 4);
    assert_eq!(rest.games[..played], first.games[..]);
    assert!(
        rest.games[3].ending.contains("did not answer in time"),
        "{:?}",
        rest.games[3]
    );
    assert_eq!(rest.standings.totals[0].wins, 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gomoku_match_runs_a_tournament() {
    let dir = out_dir("cli");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gomoku-match"))
        .args([
            "--tournament",
            "round-robin",
            "--engine",
            &format!("{FAKE} legal"),
            "--engine",
            &format!("{FAKE} occupied"),
            "--openings",
            "smoke",
            "--games-per-pairing",
            "2",
            "--turn-ms",
            "200",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("tournament: 2 engines, 1 pairings, 2 games"),
        "{stdout}"
    );
    assert!(stdout.contains("already occupied"), "{stdout}");
    assert!(
        stdout.contains("fake-legal vs fake-occupied: +2 -0 =0"),
        "{stdout}"
    );
    assert!(dir.join("game-01-02-0001.psq").exists());
    assert!(dir.join("crosstable.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stop_abandons_the_game_under_way_within_a_move() {
    let dir = out_dir("abandon");
    let pbrain = || EngineSpec {
        argv: vec![
            env!("CARGO_BIN_EXE_pbrain-gomoku").to_string(),
            "--threads".into(),
            "1".into(),
        ],
    };
    let mut cfg = config(
        vec![pbrain(), pbrain()],
        TournamentKind::RoundRobin,
        dir.clone(),
    );
    // A game of many moves of 150 ms each: far longer than the wait.
    cfg.conditions.turn_ms = 150;
    cfg.concurrency = 1;
    let stop = AtomicBool::new(false);
    let t = std::time::Instant::now();
    let out = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(400));
            stop.store(true, Ordering::Relaxed);
        });
        run_tournament(&cfg, false, &stop, &mut |_, _| {}).unwrap()
    });
    assert!(out.stopped);
    assert!(out.games.is_empty(), "{:?}", out.games);
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        t.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
mod process_common;

#[cfg(target_os = "linux")]
#[test]
fn a_worker_keeps_only_the_engines_of_its_pairing_running() {
    let dir = out_dir("seats");
    let tags = ["seat-a", "seat-b", "seat-c"];
    let engines = tags
        .iter()
        .map(|t| fake(&["legal", &format!("--tag={t}")]))
        .collect();
    let mut cfg = config(engines, TournamentKind::RoundRobin, dir.clone());
    cfg.concurrency = 1;
    let stop = AtomicBool::new(false);
    let mut most = 0;
    run_tournament(&cfg, false, &stop, &mut |_, _| {
        let running = tags.iter().filter(|t| process_common::alive(t)).count();
        most = most.max(running);
    })
    .unwrap();
    assert!((1..=2).contains(&most), "{most} engines ran at once");
    assert!(process_common::wait_for(false, "seat-a"));
    let _ = std::fs::remove_dir_all(&dir);
}
