//! Foreign Gomocup engines through the window (#40), with the fake
//! engine: a game against one that replies, one that crashes (told in
//! words while the frames keep coming and the game is kept), adding an
//! engine through the Engines window, `--opponent`, and no engine process
//! left after the app's exit path.

use crate::common::{click_point, harness, run_until, SIZE};
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp, Lane, Launch};
use gomoku::gomocup::{About, EngineDescriptor, EngineSettings, EngineSpec, TimeControl};
use gomoku::i18n::{Lang, Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::{Point, Stone};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// The fake engine in `mode`, as listed without a probe (named by its
/// command line), with a short time per move.
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
        settings: EngineSettings {
            time: TimeControl::PerMove { turn_ms: 1_000 },
            ..EngineSettings::default()
        },
    }
}

fn settings_with(engines: Vec<EngineDescriptor>) -> AppSettings {
    AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        engines,
        ..AppSettings::default()
    }
}

#[test]
fn a_game_against_the_legal_fake_engine_gets_its_replies() {
    let mut h = harness(settings_with(vec![fake("legal", "ui-legal")]));
    h.run();
    // Through the Game menu: the engine plays Black and opens.
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("New game against…").click();
    h.run();
    h.get_by_label("fake-legal: you play White").click();
    h.run();
    assert_eq!(
        h.state().engine_name(Lane::Game).as_deref(),
        Some("fake-legal")
    );
    // The panel names the engine, never "the AI", and no level of ours.
    assert!(h.query_by_label("You (White) vs fake-legal").is_some());
    assert!(h.query_by_label("AI level").is_none());
    run_until(&mut h, "the engine's first move", |app| {
        app.game().moves().len() == 1
    });
    assert!(h.query_by_label_contains("fake-legal played h8").is_some());
    assert!(h.query_by_label_contains("The AI").is_none());
    // The fake answers the empty point nearest the centre.
    assert_eq!(h.state().game().moves()[0], Point::new(7, 7));
    click_point(&mut h, Point::new(8, 8));
    run_until(&mut h, "the engine's reply", |app| {
        app.game().moves().len() == 3
    });
    assert!(h
        .state()
        .status_message()
        .is_none_or(|s| !s.contains("fake")));
    // An ordinary new game is against the built-in engine again.
    h.state_mut().new_game_vs_ai(Stone::Black);
    assert!(h.state().engine_name(Lane::Game).is_none());
}

#[test]
fn a_crashing_engine_is_told_in_words_and_the_game_is_kept() {
    let mut h = harness(settings_with(vec![fake("crash", "ui-crash")]));
    h.run();
    h.state_mut().new_game_against(0, Stone::Black);
    h.run();
    click_point(&mut h, Point::new(7, 7));
    // Frames keep coming while the engine fails (each returns at once).
    run_until(&mut h, "the failure in words", |app| {
        app.status_message()
            .is_some_and(|s| s.contains("Engine “fake-crash” crashed or exited"))
    });
    run_until(&mut h, "the search given up", |app| {
        app.session().thinking().is_none()
    });
    assert_eq!(
        h.state().game().moves(),
        &[Point::new(7, 7)],
        "the game is kept"
    );
    assert!(!h.state().game().is_over());
}

/// Opens Game → Engines… (beside the games engines play, where a player
/// looks for it).
fn open_engines_window(h: &mut Harness<'static, GomokuApp>, tr: Tr) {
    h.get_by_label(tr.s(Msg::MenuGame)).click();
    h.run();
    h.get_by_label(tr.s(Msg::EnginesMenu)).click();
    h.run();
    assert!(h.query_by_label(tr.s(Msg::BuiltInEngine)).is_some());
}

/// Types `command` in the window's box (replacing what is there) and
/// presses Add.
fn add_engine(h: &mut Harness<'static, GomokuApp>, tr: Tr, command: &str) {
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput)
        .set_text_value_accesskit(command);
    h.run();
    h.get_by_label(tr.s(Msg::AddEngine)).click();
}

/// Runs frames until a label containing `text` shows.
fn until_shown(h: &mut Harness<'static, GomokuApp>, text: &str) {
    for _ in 0..crate::common::MAX_WAIT_FRAMES {
        h.step();
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("“{text}” never showed");
}

#[test]
fn an_engine_is_added_through_the_engines_window() {
    let tr = Tr::default();
    let mut h = harness(AppSettings::default());
    h.run();
    open_engines_window(&mut h, tr);
    let command = "/nonexistent/pbrain-nothing";
    add_engine(&mut h, tr, command);
    until_shown(&mut h, "“/nonexistent/pbrain-nothing” could not be started");
    assert!(h.state().settings().engines.is_empty());
    // The command stays in the box, to be corrected.
    assert_eq!(
        h.get_by_role(Role::TextInput).value().as_deref(),
        Some(command)
    );
    // Now the fake engine, probed in the background.
    let command = format!("{FAKE} legal --nbest");
    add_engine(&mut h, tr, &command);
    run_until(&mut h, "the engine listed", |app| {
        !app.settings().engines.is_empty()
    });
    let e = &h.state().settings().engines[0];
    assert_eq!(e.name(), "fake-legal");
    assert!(e.nbest, "it ranks moves");
    assert!(h.query_by_label("fake-legal").is_some());
    assert!(h.query_by_label("version 1.0, by gomoku tests").is_some());
    // Listed: the box is free for the next one.
    assert_eq!(
        h.get_by_role(Role::TextInput).value().unwrap_or_default(),
        ""
    );
    // Removed again.
    h.get_by_label("Remove").click();
    h.run();
    assert!(h.state().settings().engines.is_empty());
}

#[cfg(unix)]
#[test]
fn a_program_that_is_no_engine_is_told_so_in_both_languages() {
    for (lang, words) in [
        (
            Lang::English,
            "“/bin/ls” is not a Gomocup engine (no answer to ABOUT)",
        ),
        (
            Lang::Chinese,
            "“/bin/ls”不是 Gomocup 引擎（没有回答 ABOUT）",
        ),
    ] {
        let tr = Tr(lang);
        let mut h = harness(AppSettings {
            language: Some(lang),
            ..AppSettings::default()
        });
        h.run();
        open_engines_window(&mut h, tr);
        add_engine(&mut h, tr, "/bin/ls");
        until_shown(&mut h, words);
        assert!(h.state().settings().engines.is_empty());
        assert_eq!(
            h.get_by_role(Role::TextInput).value().as_deref(),
            Some("/bin/ls"),
            "{lang:?}: kept for correction"
        );
    }
}

#[test]
fn the_opponent_option_starts_a_game_against_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let launch = Launch {
        opponent: Some(format!("{FAKE} legal")),
        ..Launch::default()
    };
    let h = Harness::builder()
        .with_size(SIZE)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(dir.path().join("store"), &launch));
    assert_eq!(
        h.state().engine_name(Lane::Game).as_deref(),
        Some("fake-legal")
    );
    assert_eq!(h.state().settings().engines.len(), 1);
    assert!(h.state().notice().is_none());
}

#[cfg(target_os = "linux")]
#[test]
fn no_engine_process_outlives_the_exit_path() {
    let tag = "ui-exit";
    let mut h = harness(settings_with(vec![fake("hang", tag)]));
    h.run();
    h.state_mut().new_game_against(0, Stone::White);
    h.run();
    assert!(
        crate::process_common::wait_for(true, tag),
        "the engine started"
    );
    // What the window's close button and Ctrl+Q end in (eframe's on_exit).
    h.state_mut().save_all();
    assert!(
        !crate::process_common::alive(tag),
        "the engine was ended before save_all returned"
    );
}
