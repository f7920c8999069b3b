//! The match runner with real processes: complete games between two
//! `pbrain-gomoku` processes, and engines that crash, hang, or play
//! illegal moves losing their games while the match goes on.

use gomoku::matchrun::{
    parse_openings, run_match, Ending, EngineSpec, FaultKind, GameRecord, MatchConfig,
    MatchSummary, FREESTYLE15,
};
use gomoku::rules::{GameModel, GameSettings, Mode, Rule};
use std::path::PathBuf;

const PBRAIN: &str = env!("CARGO_BIN_EXE_pbrain-gomoku");

fn pbrain(args: &[&str]) -> EngineSpec {
    let mut argv = vec![PBRAIN.to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    EngineSpec { argv }
}

/// A fake engine in shell: answers ABOUT and START properly and runs
/// `on_move` whenever a move is wanted.
#[cfg(unix)]
fn fake(on_move: &str) -> EngineSpec {
    let script = format!(
        "while IFS= read -r line; do case \"$line\" in \
         ABOUT*) echo 'name=\"fake\"';; START*) echo OK;; \
         BEGIN*|TURN*|DONE*) {on_move};; esac; done"
    );
    EngineSpec {
        argv: vec!["sh".into(), "-c".into(), script],
    }
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-matchrun-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn config(engines: [EngineSpec; 2], games: usize, out: Option<PathBuf>) -> MatchConfig {
    MatchConfig {
        engines,
        games,
        openings: parse_openings(FREESTYLE15, 15, Rule::Freestyle).unwrap(),
        size: 15,
        rule: Rule::Freestyle,
        turn_ms: 150,
        match_ms: 0,
        grace_ms: 1_000,
        max_memory: 64 << 20,
        max_moves: 0,
        concurrency: 1,
        out_dir: out,
    }
}

fn run(cfg: &MatchConfig) -> MatchSummary {
    let mut seen = Vec::new();
    let summary = run_match(cfg, &mut |g: &GameRecord, _| seen.push(g.index)).unwrap();
    assert_eq!(seen.len(), cfg.games, "every game is reported");
    summary
}

#[test]
fn two_pbrain_processes_play_complete_games() {
    let dir = out_dir("full");
    let cfg = config(
        [pbrain(&["--level", "Beginner"]), pbrain(&["--baseline"])],
        2,
        Some(dir.clone()),
    );
    let summary = run(&cfg);
    assert_eq!(summary.tally.games(), 2);
    assert_eq!(
        summary.names,
        ["gomoku".to_string(), "gomoku-baseline".to_string()]
    );
    assert_eq!(summary.faults, [[0; 4]; 2], "{:?}", summary.games);
    let settings = GameSettings {
        size: 15,
        rule: Rule::Freestyle,
        mode: Mode::TwoPlayer,
    };
    let lines = std::fs::read_to_string(dir.join("games.txt")).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 2);
    for (g, line) in summary.games.iter().zip(&lines) {
        // The first opening of the list for both games, colours swapped.
        assert_eq!(g.opening, cfg.openings[0].text);
        assert_eq!(g.black, g.index % 2);
        // The written game replays to the recorded end.
        let replay = GameModel::from_position_string(settings, line).unwrap();
        match g.ending {
            Ending::Five => {
                let winner_stone = replay.outcome().and_then(|o| o.winner()).unwrap();
                let black_won = winner_stone == gomoku::rules::Stone::Black;
                assert_eq!(
                    g.winner,
                    Some(if black_won { g.black } else { 1 - g.black })
                );
            }
            Ending::FullBoard => assert!(replay.board().is_full() && g.winner.is_none()),
            ref other => panic!("unexpected ending {other:?}"),
        }
        let psq =
            std::fs::read_to_string(dir.join(format!("game-{:04}.psq", g.index + 1))).unwrap();
        let psq: Vec<&str> = psq.lines().collect();
        assert_eq!(psq[0], "Piskvorky 15x15, 11:11, 0");
        assert_eq!(psq.len(), 1 + g.moves.len() + 2);
        assert_eq!(psq[1], "8,8,0", "h8 is 8,8 in 1-based psq coordinates");
        // The shared record reader agrees with the private writer.
        let record = gomoku::record::parse_psq(&psq.join("\n")).unwrap();
        assert_eq!((record.size, &record.moves), (15, &g.moves));
    }
    let csv = std::fs::read_to_string(dir.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_engine_loses_every_game_and_the_match_finishes() {
    let cfg = config(
        [
            EngineSpec {
                argv: vec!["/nonexistent/pbrain-nothing".into()],
            },
            pbrain(&["--baseline"]),
        ],
        2,
        None,
    );
    let summary = run(&cfg);
    assert_eq!((summary.tally.wins, summary.tally.losses), (0, 2));
    assert_eq!(summary.faults[0][0], 2, "two start faults");
    assert!(summary.games.iter().all(|g| matches!(
        g.ending,
        Ending::Fault {
            kind: FaultKind::Start,
            ..
        }
    )));
}

#[cfg(unix)]
fn faulty_match(on_move: &str, kind: FaultKind) {
    let mut cfg = config([pbrain(&["--baseline"]), fake(on_move)], 2, None);
    cfg.turn_ms = 100;
    cfg.grace_ms = 150;
    let summary = run(&cfg);
    assert_eq!(
        (summary.tally.wins, summary.tally.losses),
        (2, 0),
        "{:?}",
        summary.games
    );
    for g in &summary.games {
        match &g.ending {
            Ending::Fault { kind: k, detail } => {
                assert_eq!(*k, kind, "{detail}");
                assert!(detail.contains("engine2"), "{detail}");
            }
            other => panic!("expected a fault, got {other:?}"),
        }
    }
    // The good engine was never blamed.
    assert_eq!(summary.faults[0], [0; 4]);
}

#[cfg(unix)]
#[test]
fn a_crashing_engine_loses_and_is_restarted() {
    faulty_match("exit 1", FaultKind::Crash);
}

#[cfg(unix)]
#[test]
fn a_hanging_engine_loses_on_time() {
    faulty_match(":", FaultKind::Time);
}

#[cfg(unix)]
#[test]
fn off_board_occupied_and_garbage_moves_lose() {
    faulty_match("echo 99,99", FaultKind::Illegal);
    // h8 (7,7) is the first stone of every opening.
    faulty_match("echo 7,7", FaultKind::Illegal);
    faulty_match("echo hello", FaultKind::Illegal);
}

#[test]
fn concurrent_games_and_move_limits() {
    let mut cfg = config(
        [pbrain(&["--baseline"]), pbrain(&["--level", "Beginner"])],
        4,
        None,
    );
    cfg.concurrency = 2;
    cfg.max_moves = 12;
    let summary = run(&cfg);
    assert_eq!(summary.tally.games(), 4);
    let indices: Vec<usize> = summary.games.iter().map(|g| g.index).collect();
    assert_eq!(indices, [0, 1, 2, 3]);
    for g in &summary.games {
        assert!(g.moves.len() <= 12);
        assert!(
            matches!(g.ending, Ending::Five | Ending::MoveLimit),
            "{:?}",
            g.ending
        );
    }
    let report = summary.report(&cfg);
    assert!(
        report.contains("engine1 gomoku-baseline vs engine2 gomoku"),
        "{report}"
    );
}

#[test]
fn the_game_clock_is_sent_and_kept() {
    let mut cfg = config([pbrain(&[]), pbrain(&["--baseline"])], 2, None);
    cfg.match_ms = 3_000;
    cfg.max_moves = 16;
    let summary = run(&cfg);
    assert_eq!(summary.faults, [[0; 4]; 2], "{:?}", summary.games);
    for g in &summary.games {
        let total: u64 = g.times_ms.iter().sum();
        assert!(total < 2 * 3_000 + 2 * 1_000, "{total}");
    }
}

#[cfg(unix)]
#[test]
fn engine_error_lines_are_kept_as_diagnostics() {
    // Complains before every move, then plays off the board.
    let mut cfg = config(
        [
            pbrain(&["--baseline"]),
            fake("echo 'ERROR confused'; echo 99,99"),
        ],
        1,
        None,
    );
    cfg.turn_ms = 100;
    let summary = run(&cfg);
    assert_eq!(summary.games[0].diagnostics, ["engine2: ERROR confused"]);
}

#[cfg(unix)]
#[test]
fn an_engine_refusing_start_has_a_start_fault() {
    let spec = EngineSpec {
        argv: vec![
            "sh".into(),
            "-c".into(),
            "while read -r l; do case \"$l\" in ABOUT*) echo 'name=\"picky\"';; START*) echo 'ERROR no';; esac; done".into(),
        ],
    };
    let summary = run(&config([spec, pbrain(&["--baseline"])], 2, None));
    assert_eq!(summary.faults[0][0], 2, "{:?}", summary.games);
}
