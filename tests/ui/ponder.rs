//! Thinking on the player's time, through the window: the Settings
//! menu's switch per level (the training wheels' below Strong), and the
//! AI's ponder search after its move.

use crate::common::{click_point, harness, wait_for_ai};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::engine::Band;
use gomoku::engine::Level;
use gomoku::rules::Point;

fn at(level: Level) -> AppSettings {
    AppSettings {
        level,
        ..AppSettings::default()
    }
}

#[test]
fn the_switch_turns_pondering_on_at_strong_and_the_ai_ponders_after_its_move() {
    let mut h = harness(at(Band::Strong.representative()));
    assert!(
        !h.state().settings().ponder.strong,
        "off at Strong at first"
    );
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Think on your time").click();
    h.run();
    assert!(h.state().settings().ponder.strong);
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    click_point(&mut h, Point::new(7, 7));
    wait_for_ai(&mut h);
    h.run();
    let ponder = h
        .state()
        .session()
        .pondering()
        .expect("pondering after the AI's move");
    assert!(ponder.predicted.is_some(), "on the reply its line expects");
    assert!(h.state().session().is_human_turn());
    assert_eq!(h.state().game().moves().len(), 2, "nothing played for it");
    // Live analysis takes the cores: the ponder search stops.
    h.key_press(eframe::egui::Key::A);
    h.run();
    assert!(h.state().analysis_on());
    assert!(h.state().session().pondering().is_none());
}

#[test]
fn below_strong_the_switch_is_off_and_cannot_be_turned_on() {
    let mut h = harness(at(Band::Normal.representative()));
    h.get_by_label("Settings").click();
    h.run();
    // Below Strong the level's row holds the training wheels instead
    // (one switch, so the menu stays narrow), off at Normal until ticked.
    assert!(h.query_by_label("Think on your time").is_none());
    assert!(!h
        .state()
        .settings()
        .training_wheels
        .enabled(Band::Normal.representative()));
    h.get_by_label("Training wheels").click();
    h.run();
    assert!(h
        .state()
        .settings()
        .training_wheels
        .enabled(Band::Normal.representative()));
    h.get_by_label("Training wheels").click();
    h.run();
    assert!(!h
        .state()
        .settings()
        .training_wheels
        .enabled(Band::Normal.representative()));
    assert!(!h
        .state()
        .settings()
        .ponder
        .enabled(Band::Normal.representative()));
    assert_eq!(h.state().settings().ponder, AppSettings::default().ponder);
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    click_point(&mut h, Point::new(7, 7));
    wait_for_ai(&mut h);
    h.run();
    assert!(h.state().session().pondering().is_none());
}
