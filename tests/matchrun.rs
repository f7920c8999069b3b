//! The match runner with real processes: complete games between two
//! `pbrain-gomoku` processes, and engines that crash, hang, or play
//! illegal moves losing their games while the match goes on.

use gomoku::matchrun::{
    parse_openings, run_match, Ending, EngineSpec, FaultKind, GameConditions, GameRecord,
    MatchConfig, MatchSummary, FREESTYLE15,
};
use gomoku::rules::{GameModel, GameSettings, Rule};
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

/// The project's fake engine with `args`.
fn fake_engine(args: &[&str]) -> EngineSpec {
    let mut argv = vec![env!("CARGO_BIN_EXE_gomoku-fake-engine").to_string()];
    argv.extend(args.iter().map(|s| s.to_string()));
    EngineSpec { argv }
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
        conditions: GameConditions {
            openings: parse_openings(FREESTYLE15, 15, Rule::Freestyle).unwrap(),
            size: 15,
            rule: Rule::Freestyle,
            turn_ms: 150,
            match_ms: 0,
            increment_ms: 0,
            grace_ms: 1_000,
            max_memory: 64 << 20,
            max_moves: 0,
            fresh_process: false,
        },
        concurrency: 1,
        sprt: None,
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
    assert_eq!(summary.tally().games(), 2);
    assert_eq!(
        summary.names,
        ["gomoku".to_string(), "gomoku-baseline".to_string()]
    );
    assert_eq!(summary.progress.faults, [[0; 4]; 2], "{:?}", summary.games);
    let settings = GameSettings {
        size: 15,
        rule: Rule::Freestyle,
    };
    let lines = std::fs::read_to_string(dir.join("games.txt")).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 2);
    for (g, line) in summary.games.iter().zip(&lines) {
        // The first opening of the list for both games, colours swapped.
        assert_eq!(g.opening, cfg.conditions.openings[0].text);
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

#[cfg(unix)]
#[test]
fn a_fresh_process_for_each_game_starts_both_engines_anew_every_game() {
    for (fresh, starts) in [(false, 2), (true, 8)] {
        let log = out_dir(&format!("starts-{fresh}.log"));
        // The baseline engine, noting each start of its process in `log`.
        let spec = || EngineSpec {
            argv: vec![
                "sh".into(),
                "-c".into(),
                format!(
                    "echo started >> '{}'; exec '{PBRAIN}' --baseline",
                    log.display()
                ),
            ],
        };
        let mut cfg = config([spec(), spec()], 4, None);
        cfg.conditions.fresh_process = fresh;
        let summary = run(&cfg);
        assert_eq!(summary.tally().games(), 4);
        assert_eq!(summary.progress.faults, [[0; 4]; 2], "{:?}", summary.games);
        let started = std::fs::read_to_string(&log).unwrap().lines().count();
        assert_eq!(started, starts, "fresh process: {fresh}");
        let _ = std::fs::remove_file(&log);
    }
}

#[test]
fn each_finished_game_is_in_results_csv_before_the_match_ends() {
    // A match stopped early (Ctrl-C, a closed terminal) keeps the result
    // of every game it finished; a file left by an earlier match in the
    // same folder is started afresh.
    let dir = out_dir("rows");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("results.csv"), "stale\nrows\nfrom\nbefore\n").unwrap();
    let cfg = config(
        [
            EngineSpec {
                argv: vec!["/nonexistent/pbrain-nothing".into()],
            },
            pbrain(&["--baseline"]),
        ],
        4,
        Some(dir.clone()),
    );
    let mut rows_seen = Vec::new();
    run_match(&cfg, &mut |g: &GameRecord, _| {
        let csv = std::fs::read_to_string(dir.join("results.csv")).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[0].starts_with("game,opening,"), "{csv}");
        let last = lines.last().unwrap();
        assert!(last.starts_with(&format!("{},", g.index + 1)), "{csv}");
        assert!(last.contains(",engine2,start fault,"), "{last}");
        rows_seen.push(lines.len() - 1);
    })
    .unwrap();
    assert_eq!(rows_seen, [1, 2, 3, 4]);
    let csv = std::fs::read_to_string(dir.join("results.csv")).unwrap();
    let games: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(games, ["1", "2", "3", "4"], "in game order at the end");
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
    assert_eq!((summary.tally().wins, summary.tally().losses), (0, 2));
    assert_eq!(summary.progress.faults[0][0], 2, "two start faults");
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
    cfg.conditions.turn_ms = 100;
    cfg.conditions.grace_ms = 150;
    let summary = run(&cfg);
    assert_eq!(
        (summary.tally().wins, summary.tally().losses),
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
    assert_eq!(summary.progress.faults[0], [0; 4]);
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
    faulty_match("echo 1,x", FaultKind::Illegal);
    // Noise, then a taken point: the noise is skipped, the move judged.
    faulty_match("echo 'thinking hard'; echo 7,7", FaultKind::Illegal);
}

#[cfg(unix)]
#[test]
fn lines_that_are_no_move_are_skipped_and_only_noise_runs_out_of_time() {
    faulty_match("echo hello", FaultKind::Time);
    // A search report split by a stray line break, then a real move: the
    // game goes on (this fake plays spaced points along the bottom edge).
    let mut cfg = config(
        [
            pbrain(&["--baseline"]),
            fake(
                "n=${n:-0}; echo '- ev 35 nd 46k tm 125'; \
                 echo \"$(( (2 * n) % 15 )),$(( (2 * n) / 15 ))\"; n=$((n + 1))",
            ),
        ],
        2,
        None,
    );
    cfg.conditions.turn_ms = 100;
    let summary = run(&cfg);
    for g in &summary.games {
        assert!(!matches!(g.ending, Ending::Fault { .. }), "{:?}", g.ending);
        assert!(
            g.diagnostics.iter().any(|d| d.contains("ignored '- ev 35")),
            "{:?}",
            g.diagnostics
        );
    }
}

#[test]
fn concurrent_games_and_move_limits() {
    let mut cfg = config(
        [pbrain(&["--baseline"]), pbrain(&["--level", "Beginner"])],
        4,
        None,
    );
    cfg.concurrency = 2;
    cfg.conditions.max_moves = 12;
    let summary = run(&cfg);
    assert_eq!(summary.tally().games(), 4);
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
fn a_fresh_process_is_sent_end_after_each_game() {
    // Each engine notes every command it receives. Without fresh
    // processes an engine hears END once, when the match is over; with
    // them, after each of its games, as under a Gomocup manager: a
    // healthy engine is asked to quit, never just killed.
    for (fresh, ends) in [(false, 1), (true, 3)] {
        let logs = [0, 1].map(|i| out_dir(&format!("end-{fresh}-{i}.log")));
        let spec = |i: usize| fake_engine(&[&format!("--log={}", logs[i].display())]);
        let mut cfg = config([spec(0), spec(1)], 3, None);
        cfg.conditions.fresh_process = fresh;
        cfg.conditions.max_moves = 12;
        let summary = run(&cfg);
        assert_eq!(summary.progress.faults, [[0; 4]; 2], "{:?}", summary.games);
        for log in &logs {
            let text = std::fs::read_to_string(log).unwrap();
            let heard = text.lines().filter(|l| l.trim() == "END").count();
            assert_eq!(heard, ends, "fresh process: {fresh}\n{text}");
            let _ = std::fs::remove_file(log);
        }
    }
}

#[test]
fn the_game_clock_is_sent_and_kept() {
    let mut cfg = config([pbrain(&[]), pbrain(&["--baseline"])], 2, None);
    cfg.conditions.match_ms = 3_000;
    cfg.conditions.max_moves = 16;
    let summary = run(&cfg);
    assert_eq!(summary.progress.faults, [[0; 4]; 2], "{:?}", summary.games);
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
    cfg.conditions.turn_ms = 100;
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
    assert_eq!(summary.progress.faults[0][0], 2, "{:?}", summary.games);
}

#[cfg(unix)]
#[test]
fn a_sequential_test_stops_once_it_decides() {
    // The baseline against an engine that plays spaced stones on the edge:
    // every pair is 2–0, and a coarse test accepts H1 after three of them.
    let mut cfg = config(
        [
            pbrain(&["--baseline"]),
            fake("n=${n:-0}; echo \"$(( (2 * n) % 15 )),$(( (2 * n) / 15 ))\"; n=$((n + 1))"),
        ],
        40,
        None,
    );
    cfg.concurrency = 2;
    cfg.sprt = Some("elo0=0,elo1=400,alpha=0.2,beta=0.2".parse().unwrap());
    let mut pair_lines = Vec::new();
    let summary = run_match(&cfg, &mut |_, p| {
        if p.pair_done {
            pair_lines.push(p.pair_line());
        }
    })
    .unwrap();
    let p = &summary.progress;
    assert_eq!(
        p.verdict(),
        Some(gomoku::matchrun::SprtVerdict::H1),
        "{pair_lines:?}"
    );
    assert_eq!(p.penta.0[4], p.penta.pairs(), "every pair 2-0");
    // Three pairs decide; games already under way finish (each worker may
    // have taken its next game before the verdict reached it), and no
    // more start.
    assert!(
        (6..=10).contains(&summary.games.len()),
        "{}",
        summary.games.len()
    );
    assert!(
        pair_lines[2].contains("LLR 1.79 [-1.39, 1.39]"),
        "{pair_lines:?}"
    );
    let report = summary.report(&cfg);
    assert!(
        report.contains("SPRT elo0=0,elo1=400,alpha=0.2,beta=0.2: H1 accepted"),
        "{report}"
    );
}

#[test]
fn thinking_time_is_measured_against_what_was_allowed() {
    let mut cfg = config([pbrain(&["--level", "Beginner"]), pbrain(&[])], 2, None);
    cfg.conditions.turn_ms = 200;
    cfg.conditions.max_moves = 14;
    let summary = run(&cfg);
    for g in &summary.games {
        assert_eq!(g.budgets_ms.len(), g.times_ms.len());
        assert!(g.budgets_ms[..g.opening_len].iter().all(|b| *b == 0));
        assert!(g.budgets_ms[g.opening_len..].iter().all(|b| *b == 200));
    }
    let [fast, full] = summary.progress.time;
    let moves: u64 = summary
        .games
        .iter()
        .map(|g| (g.moves.len() - g.opening_len) as u64)
        .sum();
    assert_eq!(fast.moves + full.moves, moves);
    assert_eq!(full.budget_ms, 200 * full.moves);
    // Maximum thinks on a turn limit; Beginner answers at once.
    assert!(
        full.share().unwrap() > fast.share().unwrap(),
        "{fast:?} {full:?}"
    );
    let report = summary.report(&cfg);
    assert!(report.contains("% of the time allowed"), "{report}");
}

#[test]
fn the_command_line_refuses_bad_options_clearly() {
    let bin = env!("CARGO_BIN_EXE_gomoku-match");
    let run = |args: &[&str]| std::process::Command::new(bin).args(args).output().unwrap();
    let help = run(&["--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--sprt"));
    for (args, says) in [
        (
            &[
                "--engine1",
                "a",
                "--engine2",
                "b",
                "--sprt",
                "elo0=5,elo1=0",
            ][..],
            "elo0 (5) must be below elo1 (0)",
        ),
        (
            &["--engine1", "a 'b", "--engine2", "b"][..],
            "unbalanced quotes",
        ),
        (
            &["--engine1", "a", "--engine2", "b", "--size", "30"][..],
            "30",
        ),
        (
            &[
                "--engine1",
                "a",
                "--engine2",
                "b",
                "--openings",
                "/nonexistent/list",
            ][..],
            "cannot read openings",
        ),
        (
            &[
                "--engine1",
                "a",
                "--engine2",
                "b",
                "--size",
                "19",
                "--openings",
                "smoke",
            ][..],
            "no built-in 'smoke' openings",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn an_engine_that_drops_commands_just_after_its_move_still_plays() {
    // Two engines that answer at once and drop any command arriving
    // within a few milliseconds of their own move (Rapfi 0.43 does, while
    // it finishes its search): without the runner's pause before each
    // command, every TURN after an instant reply is lost and the game
    // is lost on time. The second drops commands for longer than the
    // pause: the command it reports as lost is sent again.
    let mut cfg = config(
        [fake_engine(&["--drowsy"]), fake_engine(&["--drowsy=25"])],
        2,
        None,
    );
    cfg.conditions.max_moves = 24;
    cfg.conditions.grace_ms = 300;
    let summary = run(&cfg);
    assert_eq!(summary.progress.faults, [[0; 4]; 2], "{:?}", summary.games);
    assert!(
        summary.games.iter().all(|g| g.ending == Ending::MoveLimit),
        "{:?}",
        summary.games
    );
}
