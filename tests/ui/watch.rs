//! Watching engines play each other, and analysing with a foreign engine
//! (#40), through the window with the fake engine: a game played to its
//! end and kept in Recent games, pause stopping the moves and step
//! playing exactly one, a crashing engine told in words with the game
//! kept, and the analysis panel showing a foreign engine's move and words.

use crate::common::{click_point, harness, run_until};
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp, Lane, Launch, Player, WatchSetup};
use gomoku::engine::Band;
use gomoku::gomocup::{About, EngineDescriptor, EngineSettings, EngineSpec, TimeControl};
use gomoku::rules::Point;
use std::time::{Duration, Instant};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// The fake engine in `mode` (with `extra` arguments), listed as probed.
fn fake(mode: &str, extra: &[&str]) -> EngineDescriptor {
    let mut argv = vec![FAKE.to_string(), mode.to_string()];
    argv.extend(extra.iter().map(|a| a.to_string()));
    EngineDescriptor {
        spec: EngineSpec { argv },
        about: About {
            name: format!("fake-{mode}"),
            ..About::default()
        },
        nbest: extra.contains(&"--nbest"),
        settings: EngineSettings {
            time: TimeControl::PerMove { turn_ms: 1_000 },
            ..EngineSettings::default()
        },
    }
}

fn listed(e: &EngineDescriptor) -> Player {
    Player::Listed(e.spec.clone())
}

fn settings(engines: Vec<EngineDescriptor>, watch: WatchSetup) -> AppSettings {
    AppSettings {
        engines,
        watch,
        ..AppSettings::default()
    }
}

/// Runs frames for `time`, as the window would while nothing is asked.
fn frames_for(h: &mut Harness<'static, GomokuApp>, time: Duration) {
    let until = Instant::now() + time;
    while Instant::now() < until {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_watched_game_plays_to_its_end_and_is_kept_in_recent_games() {
    let legal = fake("legal", &[]);
    let setup = WatchSetup {
        black: listed(&legal),
        white: Player::BuiltIn(Band::Strong.representative()),
        ..WatchSetup::default()
    };
    let mut h = harness(settings(vec![legal], setup));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Watch engines play…").click();
    h.run();
    // The window offers the last choice, Black's and White's; White's
    // is changed here.
    let combos: Vec<_> = h.get_all_by_role(Role::ComboBox).collect();
    assert_eq!(combos.len(), 2);
    combos[1].click();
    h.run();
    h.get_by_label("Built-in engine (Level 2 · Beginner)")
        .click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert!(h.state().table().is_watch());
    assert_eq!(
        h.state().engine_name(Lane::Game).as_deref(),
        Some("fake-legal")
    );
    assert_eq!(h.state().engine_name(Lane::Opponent), None, "built-in");
    // The fake opens at the centre; each engine has its row.
    run_until(&mut h, "the first moves", |app| {
        app.game().moves().len() >= 2
    });
    assert_eq!(h.state().game().moves()[0], Point::new(7, 7));
    // Each engine's row: its name, then what it says.
    for name in ["fake-legal", "Built-in engine (Level 2 · Beginner)"] {
        assert!(
            h.query_by_label(name).is_some() || h.query_all_by_label_contains(name).count() >= 2,
            "{name}"
        );
    }
    run_until(&mut h, "the end of the game", |app| app.game().is_over());
    let kept = h.state().recent_games().first().expect("kept").clone();
    assert_eq!(kept.table.game(), h.state().game());
    assert_eq!(
        h.state().settings().watch.white,
        Player::BuiltIn(Band::Beginner.representative())
    );
    let tr = gomoku::i18n::Tr::default();
    assert_eq!(
        kept.players(tr),
        "fake-legal vs Built-in engine (Level 2 · Beginner)"
    );
    assert!(
        h.query_all_by_label_contains("wins").next().is_some(),
        "the result"
    );
}

#[test]
fn pause_stops_the_moves_and_step_plays_exactly_one() {
    let setup = WatchSetup {
        black: Player::BuiltIn(Band::Beginner.representative()),
        white: Player::BuiltIn(Band::Beginner.representative()),
        ..WatchSetup::default()
    };
    let mut h = harness(settings(Vec::new(), setup.clone()));
    h.run();
    h.state_mut().watch_engines(setup);
    run_until(&mut h, "a few moves", |app| app.game().moves().len() >= 3);
    h.get_by_label("Pause").click();
    h.run();
    let n = h.state().game().moves().len();
    assert!(h.state().session().thinking().is_none(), "nothing searches");
    frames_for(&mut h, Duration::from_millis(400));
    assert_eq!(h.state().game().moves().len(), n, "no move while paused");
    // A click on the board is refused in words.
    click_point(&mut h, Point::new(0, 0));
    assert!(h
        .state()
        .status_message()
        .is_some_and(|s| s.contains("Engines are playing this game")));
    assert_eq!(h.state().game().moves().len(), n);
    h.get_by_label("Step").click();
    run_until(&mut h, "the step's move", |app| {
        app.session().thinking().is_none()
    });
    frames_for(&mut h, Duration::from_millis(400));
    assert_eq!(h.state().game().moves().len(), n + 1, "exactly one move");
    // Undo while paused takes one move back and nothing replays it.
    h.get_by_label("Undo").click();
    h.run();
    frames_for(&mut h, Duration::from_millis(300));
    assert_eq!(h.state().game().moves().len(), n);
    assert!(h.state().session().watching().paused());
    h.get_by_label("Resume").click();
    run_until(&mut h, "play going on", |app| {
        app.game().moves().len() >= n + 2
    });
}

#[test]
fn a_crashing_engine_while_watching_is_told_in_words_and_the_game_kept() {
    let crash = fake("crash", &[]);
    let setup = WatchSetup {
        black: Player::BuiltIn(Band::Beginner.representative()),
        white: listed(&crash),
        ..WatchSetup::default()
    };
    let mut h = harness(settings(vec![crash], setup.clone()));
    h.run();
    h.state_mut().watch_engines(setup);
    run_until(&mut h, "the failure in words", |app| {
        app.status_message()
            .is_some_and(|s| s.contains("Engine “fake-crash” crashed or exited"))
    });
    run_until(&mut h, "the engine given up", |app| {
        app.session().thinking().is_none()
    });
    assert_eq!(h.state().game().moves().len(), 1, "Black's move is kept");
    assert!(!h.state().game().is_over());
    assert!(h.state().session().watching().paused(), "it waits");
    assert!(h.query_by_label("Resume").is_some());
}

#[test]
fn analysis_uses_the_chosen_engine_and_shows_its_move_and_words() {
    let mut h = harness(settings(vec![fake("legal", &[])], WatchSetup::default()));
    h.run();
    h.state_mut().set_analysis(true);
    h.run();
    // The panel offers the listed engine.
    h.get_by_role(Role::ComboBox).click();
    h.run();
    h.get_by_label("fake-legal").click();
    h.run();
    assert_eq!(
        h.state().engine_name(Lane::Analysis).as_deref(),
        Some("fake-legal")
    );
    assert!(h.state().settings().analysis_engine.is_some(), "remembered");
    run_until(&mut h, "the engine's move", |app| {
        !app.analysis_candidates().is_empty()
    });
    assert_eq!(h.state().analysis_candidates()[0].mv, Point::new(7, 7));
    // Its words, with its move in the app's names (7,7 to the engine).
    assert!(h.query_by_label("fake plays h8").is_some(), "its words");
    // Back to the built-in engine.
    h.state_mut().set_analysis_engine(None);
    h.run();
    assert_eq!(h.state().engine_name(Lane::Analysis), None);
    assert_eq!(h.state().settings().analysis_engine, None);
}

#[test]
fn an_engine_that_ranks_moves_gives_several_lines_and_is_remembered() {
    let nbest = fake("legal", &["--nbest"]);
    let mut s = settings(vec![nbest.clone()], WatchSetup::default());
    s.analysis_engine = Some(nbest.spec.clone());
    s.analysis_candidates = 3;
    let mut h = harness(s);
    h.run();
    // The remembered choice is in force from the start.
    assert_eq!(
        h.state().engine_name(Lane::Analysis).as_deref(),
        Some("fake-legal")
    );
    h.state_mut().set_analysis(true);
    run_until(&mut h, "three ranked moves", |app| {
        app.analysis_candidates().len() == 3
    });
    assert_eq!(h.state().analysis_candidates()[0].mv, Point::new(7, 7));
}

#[test]
fn a_watched_game_comes_back_paused_after_a_restart_and_a_look_back_pauses_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let setup = WatchSetup {
        black: Player::BuiltIn(Band::Beginner.representative()),
        white: Player::BuiltIn(Band::Casual.representative()),
        ..WatchSetup::default()
    };
    let build = |store: std::path::PathBuf| {
        Harness::builder()
            .with_size(crate::common::SIZE)
            .with_max_steps(200)
            .build_eframe(move |_cc| GomokuApp::new_for_test_in(store, &Launch::default()))
    };
    let mut h = build(store.clone());
    h.run();
    h.state_mut().watch_engines(setup.clone());
    run_until(&mut h, "a few moves", |app| app.game().moves().len() >= 4);
    // Looking back stops the engines; the line stays whole.
    h.state_mut().go_to_ply(1);
    h.run();
    let line = h.state().game().moves().len() + h.state().game().redo_moves().len();
    frames_for(&mut h, Duration::from_millis(300));
    assert_eq!(h.state().game().moves().len(), 1);
    assert_eq!(
        h.state().game().moves().len() + h.state().game().redo_moves().len(),
        line
    );
    assert!(h.state().session().watching().paused());
    h.state_mut().go_to_end();
    h.run();
    let n = h.state().game().moves().len();
    h.state_mut().save_all();
    drop(h);
    // Back after a restart: the same engines, waiting for Resume.
    let mut h = build(store);
    h.run();
    assert!(h.state().table().is_watch());
    assert_eq!(h.state().settings().watch, setup);
    assert!(h.state().session().watching().paused());
    frames_for(&mut h, Duration::from_millis(300));
    assert_eq!(h.state().game().moves().len(), n);
    h.get_by_label("Resume").click();
    run_until(&mut h, "play going on", |app| app.game().moves().len() > n);
}

#[test]
fn the_game_a_watched_one_replaced_comes_back_with_the_built_in_engine() {
    let legal = fake("legal", &[]);
    let setup = WatchSetup {
        black: listed(&legal),
        white: listed(&legal),
        ..WatchSetup::default()
    };
    let mut h = harness(settings(vec![legal], setup.clone()));
    h.run();
    click_point(&mut h, Point::new(7, 7));
    crate::common::wait_for_ai(&mut h);
    let before = h.state().game().clone();
    h.state_mut().watch_engines(setup);
    run_until(&mut h, "the engines' moves", |app| {
        app.game().moves().len() >= 2
    });
    assert_eq!(
        h.state().engine_name(Lane::Opponent).as_deref(),
        Some("fake-legal")
    );
    // The toast's Undo: the game against the AI, with the built-in AI.
    h.state_mut().undo_replace();
    h.run();
    assert_eq!(h.state().game(), &before);
    assert!(!h.state().table().is_watch());
    assert_eq!(h.state().engine_name(Lane::Game), None);
    assert_eq!(h.state().engine_name(Lane::Opponent), None);
}

#[test]
fn the_watch_window_sets_the_games_time_per_move_and_the_engines_get_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("commands");
    // Its own time per move is a second (`fake`).
    let legal = fake("legal", &[&format!("--log={}", log.display())]);
    let setup = WatchSetup {
        black: listed(&legal),
        white: Player::BuiltIn(Band::Beginner.representative()),
        ..WatchSetup::default()
    };
    let mut h = harness(settings(vec![legal], setup));
    h.run();
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Watch engines play…").click();
    h.run();
    h.get_by_role_and_label(Role::SpinButton, "Most time per move (seconds)")
        .set_value_accesskit(0.3);
    h.run();
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(h.state().settings().watch.turn_ms, 300, "remembered");
    run_until(&mut h, "Black's first move", |app| {
        !app.game().moves().is_empty()
    });
    let commands = std::fs::read_to_string(&log).unwrap();
    assert!(commands.contains("INFO timeout_turn 300"), "{commands}");
    assert!(!commands.contains("INFO timeout_turn 1000"), "{commands}");
}

#[test]
fn an_analysing_engines_failure_is_told_until_it_answers_again() {
    let dir = tempfile::tempdir().unwrap();
    let once = dir.path().join("crashed");
    // It crashes on its first search only, a moment into it; started
    // again, it answers (after the same moment).
    let crash = fake(
        "crash",
        &["--delay-ms=300", &format!("--once={}", once.display())],
    );
    let mut s = settings(vec![crash.clone()], WatchSetup::default());
    s.analysis_engine = Some(crash.spec.clone());
    let mut h = harness(s);
    h.run();
    h.state_mut().set_analysis(true);
    run_until(&mut h, "the failure in words", |app| {
        app.status_message()
            .is_some_and(|s| s.contains("Engine “fake-crash” crashed or exited"))
    });
    run_until(&mut h, "the engine's move", |app| {
        !app.analysis_candidates().is_empty()
    });
    // The failure is over once the engine answers: its words go after a
    // moment to read them, not the status bar's usual six seconds.
    let answered = std::time::Instant::now();
    run_until(&mut h, "the words to go", |app| {
        app.status_message().is_none()
    });
    assert!(
        answered.elapsed() < Duration::from_secs(4),
        "the failure stayed {:?} after the answer",
        answered.elapsed()
    );
}
