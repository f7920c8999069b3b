//! The Tournaments window (#40) with the fake engine: a two-engine round
//! robin set up and started through the window, its live cross-table and
//! files; a tournament stopped and resumed from the window; and no
//! tournament engine left after the app's exit path.

use crate::common::{run_until, SIZE};
#[cfg(target_os = "linux")]
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp, Launch, OpeningChoice, RunState};
use gomoku::gomocup::{About, EngineDescriptor, EngineSettings, EngineSpec};
use gomoku::matchrun::{SETUP_FILE, STATE_FILE};
use gomoku::rules::Stone;
use std::path::{Path, PathBuf};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// The fake engine in `mode`, listed under its own name.
fn fake(mode: &str, tag: &str) -> EngineDescriptor {
    EngineDescriptor {
        spec: EngineSpec {
            argv: vec![FAKE.to_string(), mode.to_string(), format!("--tag={tag}")],
        },
        about: About {
            name: format!("fake-{mode}"),
            ..About::default()
        },
        nbest: false,
        settings: EngineSettings::default(),
    }
}

/// The app keeping its files in `store`, where settings listing
/// `engines` were saved first.
fn app_with(store: &Path, engines: Vec<EngineDescriptor>) -> Harness<'static, GomokuApp> {
    std::fs::create_dir_all(store).unwrap();
    let settings = AppSettings {
        engines,
        ..AppSettings::default()
    };
    std::fs::write(
        store.join(gomoku::storage::SETTINGS_FILE),
        serde_json::to_string(&settings).unwrap(),
    )
    .unwrap();
    let store = store.to_path_buf();
    let mut h = Harness::builder()
        .with_size(SIZE)
        .with_max_steps(200)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(store, &Launch::default()));
    h.run();
    h
}

/// Opens Game → Tournaments… and ticks the engines named.
fn open_and_tick(h: &mut Harness<'static, GomokuApp>, names: &[&str]) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Tournaments…").click();
    h.run();
    for name in names {
        h.get_by_label(name).click();
        h.run();
    }
}

/// Clicks the button `label`, scrolled into the window's view first (the
/// run's table comes before the set-up).
fn click_button(h: &mut Harness<'static, GomokuApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Runs frames until the tournament's thread has ended (or failed).
fn wait_for_end(h: &mut Harness<'static, GomokuApp>, what: &str) {
    run_until(h, what, |app| {
        !app.tournament_busy()
            && matches!(
                app.tournament().state,
                RunState::Ended { .. } | RunState::Failed(_)
            )
    });
}

fn psq_files(folder: &Path) -> usize {
    std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "psq"))
        .count()
}

#[test]
fn a_round_robin_started_in_the_window_shows_its_cross_table_and_keeps_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let mut h = app_with(
        &store,
        vec![fake("legal", "tour-rr-a"), fake("occupied", "tour-rr-b")],
    );
    h.state_mut().tournament_plan_mut().turn_ms = 300;
    open_and_tick(&mut h, &["fake-legal", "fake-occupied"]);
    click_button(&mut h, "Start");
    wait_for_end(&mut h, "the round robin");
    let live = h.state().tournament();
    assert_eq!(live.state, RunState::Ended { stopped: false });
    let s = live.standings.clone().expect("standings");
    assert_eq!((s.finished, s.planned), (2, 2));
    // The engine that answers occupied points loses both games.
    assert_eq!(s.pairings[0].tally.wins, 2);
    assert_eq!(s.pairings[0].penta.pairs(), 1);
    // The window's cross-table says so.
    assert!(h
        .query_by_label("1. fake-legal vs 2. fake-occupied")
        .is_some());
    // The pairing's row and the winner's totals.
    assert_eq!(h.query_all_by_label("2-0-0").count(), 2);
    assert!(h.query_by_label("0-2-0").is_some());
    // One pair is too few for an Elo worth showing ("+inf ± inf").
    assert!(h.query_by_label("too few games").is_some());
    assert!(h.query_by_label_contains("inf").is_none());
    // Each ending in words: the loser answered an occupied point.
    assert_eq!(
        h.query_all_by_label("fake-occupied played an illegal move")
            .count(),
        2
    );
    assert!(h.query_by_label("100.0%").is_some());
    assert!(h.query_by_label("Finished: all 2 games played").is_some());
    // Every game is in the tournament's folder under the data folder,
    // with the state and setup to resume from.
    let folder = live.folder.clone().unwrap();
    assert!(folder.starts_with(store.join("tournaments")), "{folder:?}");
    assert_eq!(psq_files(&folder), 2);
    for file in [STATE_FILE, SETUP_FILE, "crosstable.txt"] {
        assert!(folder.join(file).exists(), "{file}");
    }
    assert_eq!(h.state().settings().last_tournament.as_ref(), Some(&folder));
    // A finished game opens on the board.
    let newest = live.games.last().unwrap();
    // The list is newest first, at the foot of the window's scroll area.
    h.get_all_by_label("Open").next().unwrap().scroll_to_me();
    h.run();
    h.get_all_by_label("Open").next().unwrap().click();
    h.run();
    assert_eq!(
        gomoku::rules::print_moves(h.state().game().moves(), 15),
        newest.moves
    );
    // The window steps aside so the game is seen.
    assert!(
        h.query_by_label("Last games").is_none(),
        "the window closed"
    );
    // It is the engines' game, not the player's: named, with its result
    // (the engine that answered an occupied point lost by that fault).
    let table = h.state().table();
    assert!(table.is_watch());
    let names = [Stone::Black, Stone::White].map(|s| table.player_name(s).unwrap().to_string());
    assert!(names.contains(&"fake-legal".to_string()), "{names:?}");
    assert!(names.contains(&"fake-occupied".to_string()), "{names:?}");
    let loser = if names[0] == "fake-occupied" {
        Stone::Black
    } else {
        Stone::White
    };
    assert_eq!(
        h.state()
            .game()
            .outcome()
            .and_then(gomoku::rules::Outcome::winner),
        Some(loser.opponent())
    );
    for words in ["You", "AI level"] {
        assert!(h.query_by_label_contains(words).is_none(), "{words}");
    }
    // Kept in Recent games by the engines' names once replaced.
    h.state_mut().new_two_player_game();
    let kept = &h.state().recent_games()[0];
    assert_eq!(
        kept.players(gomoku::i18n::Tr::default()),
        format!("{} vs {}", names[0], names[1])
    );
}

#[test]
fn a_stopped_tournament_is_resumed_from_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    // The hanging engine's games last its time and the grace each, so
    // the stop comes long before the last game.
    let mut h = app_with(
        &store,
        vec![fake("legal", "tour-re-a"), fake("hang", "tour-re-b")],
    );
    {
        let plan = h.state_mut().tournament_plan_mut();
        plan.turn_ms = 100;
        plan.games_per_pairing = 4;
        plan.openings = OpeningChoice::Empty;
    }
    open_and_tick(&mut h, &["fake-legal", "fake-hang"]);
    click_button(&mut h, "Start");
    // Stopped once a game is kept, so the resumption has one to keep.
    run_until(&mut h, "the first game", |app| {
        !app.tournament().games.is_empty()
    });
    click_button(&mut h, "Stop");
    wait_for_end(&mut h, "the stop");
    let live = h.state().tournament();
    assert_eq!(live.state, RunState::Ended { stopped: true });
    let played = live.games.len();
    assert!((1..4).contains(&played), "{played} games before the stop");
    let first = live.games.clone();
    assert!(h.query_by_label_contains("Stopped after").is_some());
    // Resume plays the missing games in the same folder.
    click_button(&mut h, "Resume the last tournament");
    wait_for_end(&mut h, "the resumed tournament");
    let live = h.state().tournament();
    assert_eq!(live.state, RunState::Ended { stopped: false });
    let s = live.standings.clone().unwrap();
    assert_eq!((s.finished, s.planned), (4, 4));
    assert_eq!(s.pairings[0].tally.wins, 4);
    assert_eq!(live.games.len(), 4, "the earlier games are listed too");
    assert_eq!(live.games[..played], first[..]);
    let folder: PathBuf = live.folder.unwrap();
    assert_eq!(psq_files(&folder), 4);
}

#[cfg(target_os = "linux")]
#[test]
fn closing_the_app_stops_the_tournament_and_its_engines() {
    let dir = tempfile::tempdir().unwrap();
    let tag = "tour-exit";
    let mut h = app_with(
        &dir.path().join("store"),
        vec![fake("hang", tag), fake("legal", "tour-exit-b")],
    );
    h.state_mut().tournament_plan_mut().turn_ms = 5_000;
    open_and_tick(&mut h, &["fake-hang", "fake-legal"]);
    click_button(&mut h, "Start");
    assert!(
        crate::process_common::wait_for(true, tag),
        "the engine started"
    );
    // Long enough for the handshake and the opening: the hanging engine
    // is now asked for a move it will take 5 s not to give.
    std::thread::sleep(std::time::Duration::from_millis(500));
    // What the window's close button and Ctrl+Q end in (eframe's on_exit).
    let t = std::time::Instant::now();
    h.state_mut().save_all();
    assert!(!h.state().tournament_busy(), "the games stopped");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "the exit waited {:?} for the engine's move",
        t.elapsed()
    );
    assert!(
        crate::process_common::wait_for(false, tag),
        "the engine was ended"
    );
}

#[test]
fn a_folder_that_cannot_be_written_is_told_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let mut h = app_with(
        &store,
        vec![fake("legal", "tour-ro-a"), fake("occupied", "tour-ro-b")],
    );
    // A file where the tournaments' folder should be.
    std::fs::write(store.join("tournaments"), "not a folder").unwrap();
    open_and_tick(&mut h, &["fake-legal", "fake-occupied"]);
    click_button(&mut h, "Start");
    wait_for_end(&mut h, "the refusal");
    assert!(matches!(
        h.state().tournament().state,
        RunState::Failed(gomoku::app::RunFailure::Files(_))
    ));
    assert!(h
        .query_by_label_contains("The tournament's files cannot be written or read")
        .is_some());
}
