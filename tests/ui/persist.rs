//! The app keeps its settings and the game in progress across runs, and a
//! bad save never stops it from starting.

use crate::common::{click_point, wait_for_ai, SIZE};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{GomokuApp, Launch, Theme};
use gomoku::play::Mode;
use gomoku::rules::{Point, Stone};
use gomoku::storage::{AUTOSAVE_FILE, SETTINGS_FILE};
use std::path::Path;

fn app_in(dir: &Path) -> Harness<'static, GomokuApp> {
    app_held(dir, false)
}

/// The app on the files in `dir`; with `held`, engine replies wait until
/// the test releases them.
fn app_held(dir: &Path, held: bool) -> Harness<'static, GomokuApp> {
    let dir = dir.to_path_buf();
    Harness::builder()
        .with_size(SIZE)
        .with_max_steps(200)
        .build_eframe(move |_cc| {
            let mut app = GomokuApp::new_for_test_in(dir, &Launch::default());
            app.hold_engine_replies(held);
            app
        })
}

#[test]
fn the_game_and_settings_come_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let (moves, redo, mode) = {
        let mut h = app_in(dir.path());
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("New two-player game").click();
        h.run();
        h.get_by_label("Settings").click();
        h.run();
        h.get_by_label("Dark").click();
        h.run();
        for p in [Point::new(7, 7), Point::new(8, 8), Point::new(6, 6)] {
            click_point(&mut h, p);
        }
        h.get_by_label("Undo").click();
        h.run();
        let game = h.state().table();
        (game.moves().to_vec(), game.redo_moves(), game.mode())
    };
    assert_eq!(moves.len(), 2);
    let h = app_in(dir.path());
    let game = h.state().table();
    assert_eq!(game.moves(), moves.as_slice());
    assert_eq!(game.redo_moves(), redo, "the redo line survives");
    assert_eq!(game.mode(), mode);
    assert_eq!(game.side_to_move(), Stone::Black);
    assert_eq!(h.state().settings().theme, Theme::Dark);
    assert_eq!(h.state().settings().mode, Mode::TwoPlayer);
}

#[test]
fn a_game_saved_while_the_ai_was_to_move_resumes_its_search() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = app_in(dir.path());
        // Quit while the AI thinks: its reply never arrives.
        h.state_mut().hold_engine_replies(true);
        click_point(&mut h, Point::new(7, 7));
        assert!(h.state().table().is_ai_turn());
    }
    let mut h = app_held(dir.path(), true);
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
    assert!(h.state().session().ai_thinking(), "the AI thinks again");
    h.state_mut().hold_engine_replies(false);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.state().table().is_human_turn());
}

#[test]
fn a_corrupt_save_is_reported_kept_aside_and_a_fresh_game_starts() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(AUTOSAVE_FILE), "{\"settings\": tru").unwrap();
    std::fs::write(dir.path().join(SETTINGS_FILE), "not json at all").unwrap();
    let mut h = app_in(dir.path());
    let notice = h.state().notice().expect("a notice").to_string();
    assert!(notice.contains("saved game"), "{notice}");
    assert!(notice.contains("settings"), "{notice}");
    assert!(h.state().game().moves().is_empty());
    // The bad files were kept, renamed, not deleted.
    let kept = std::fs::read_dir(dir.path()).unwrap().count();
    assert!(kept >= 2, "bad files kept aside");
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().notice().is_none());
    // Play goes on, and the next save is good.
    click_point(&mut h, Point::new(7, 7));
    wait_for_ai(&mut h);
    drop(h);
    let h = app_in(dir.path());
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.state().notice().is_none());
}

#[test]
fn a_record_named_on_the_command_line_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.psq");
    std::fs::write(&record, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n").unwrap();
    let launch = Launch {
        open: Some(record.clone()),
        ..Launch::default()
    };
    let h = Harness::builder()
        .with_size(SIZE)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(dir.path().join("store"), &launch));
    // Three moves from the record (the AI, playing White, may already
    // have answered).
    let moves = h.state().game().moves();
    assert!(moves.len() >= 3, "{moves:?}");
    assert_eq!(moves[0], Point::new(7, 7));
    assert!(h.state().notice().is_none());
}

#[test]
fn a_bad_record_on_the_command_line_is_reported_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("bad.psq");
    std::fs::write(&record, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
    let launch = Launch {
        open: Some(record),
        ..Launch::default()
    };
    let store = dir.path().join("store");
    let h = Harness::builder()
        .with_size(SIZE)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(store, &launch));
    let notice = h.state().notice().expect("a notice");
    assert!(notice.contains("line 3"), "{notice}");
    assert!(h.state().game().moves().is_empty());
}

#[test]
fn a_record_at_start_up_keeps_the_game_in_progress_with_an_undo() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let before = {
        let mut h = app_in(&store);
        h.get_by_label("Game").click();
        h.run();
        h.get_by_label("New two-player game").click();
        h.run();
        for p in [Point::new(3, 3), Point::new(4, 4)] {
            click_point(&mut h, p);
        }
        h.state().game().clone()
    };
    let record = dir.path().join("game.psq");
    std::fs::write(&record, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n").unwrap();
    let launch = Launch {
        open: Some(record),
        ..Launch::default()
    };
    let mut h = {
        let store = store.clone();
        Harness::builder()
            .with_size(SIZE)
            .build_eframe(move |_cc| GomokuApp::new_for_test_in(store, &launch))
    };
    assert_eq!(h.state().game().moves().len(), 3, "the record is open");
    crate::common::replaced_game_is_kept_and_undone(&mut h, &before);
    drop(h);
    // The list is kept between runs.
    let mut h = app_in(&store);
    assert_eq!(h.state().game(), &before, "the game in progress is back");
    assert_eq!(h.state().recent_games().len(), 1);
    assert_eq!(h.state().recent_games()[0].table.moves().len(), 3);
    h.run();
}

#[test]
fn the_volume_is_saved_when_the_slider_is_let_go() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_in(dir.path());
    h.get_by_label("Settings").click();
    h.run();
    let rect = h.get_by_label("Volume").rect();
    let (from, to) = (
        rect.center(),
        rect.left_center() + eframe::egui::vec2(2.0, 0.0),
    );
    h.hover_at(from);
    h.drag_at(from);
    h.run();
    h.hover_at(to);
    h.run();
    assert!(
        h.state().settings().volume < 0.2,
        "the volume follows the drag"
    );
    assert!(h.state().flush_saves());
    let saved = || -> Option<f64> {
        let text = std::fs::read_to_string(dir.path().join(SETTINGS_FILE)).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["volume"].as_f64()
    };
    assert!(saved().is_none_or(|v| v > 0.5), "nothing written mid-drag");
    h.drop_at(to);
    h.run();
    assert!(h.state().flush_saves());
    let v = saved().expect("saved on release");
    assert!(v < 0.2, "{v}");
}

#[test]
fn the_window_opens_where_it_was_left() {
    use eframe::egui::{pos2, vec2, Rect, ViewportId};
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = app_in(dir.path());
        let viewport = h.input_mut().viewports.entry(ViewportId::ROOT).or_default();
        viewport.outer_rect = Some(Rect::from_min_size(pos2(120.0, 80.0), vec2(820.0, 640.0)));
        viewport.inner_rect = Some(Rect::from_min_size(pos2(120.0, 110.0), vec2(820.0, 610.0)));
        h.run();
        // What the window does as it closes.
        h.state_mut().save_all();
    }
    let h = app_in(dir.path());
    let w = h.state().settings().window.expect("kept");
    assert_eq!((w.x, w.y, w.width, w.height), (120.0, 80.0, 820.0, 610.0));
    let builder = gomoku::app::viewport(Some(w));
    assert_eq!(builder.inner_size, Some(vec2(820.0, 610.0)));
    assert_eq!(builder.position, Some(pos2(120.0, 80.0)));
    // A first run gets the default size and lets the desktop place it.
    let first = gomoku::app::viewport(None);
    assert_eq!(first.position, None);
    assert!(first.inner_size.is_some());
}

/// A review belongs to its game: it is saved beside it, comes back with it
/// after a restart, and a new game does not inherit it.
#[test]
fn the_review_comes_back_with_its_game_after_a_restart() {
    use gomoku::engine::Limits;
    let dir = tempfile::tempdir().unwrap();
    let reviewed;
    {
        let mut h = app_in(dir.path());
        h.state_mut().new_two_player_game();
        for p in [Point::new(7, 7), Point::new(8, 8), Point::new(7, 8)] {
            h.state_mut().click_board(Some(p));
        }
        h.state_mut().set_review_limits(Limits::depth(2));
        h.state_mut().start_review();
        for _ in 0..crate::common::MAX_WAIT_FRAMES {
            h.step();
            if !h.state().review_running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        reviewed = h.state_mut().move_reviews();
        assert!(reviewed.iter().all(Option::is_some), "{reviewed:?}");
        h.state_mut().save_all();
    }
    let mut h = app_in(dir.path());
    assert_eq!(h.state().game().moves().len(), 3);
    assert_eq!(
        h.state_mut().move_reviews(),
        reviewed,
        "the review came back"
    );
    assert_eq!(h.state().review_searches(), 0, "without searching again");
    // A new game with the same first move starts without a verdict on it.
    h.state_mut().start_new_game();
    h.state_mut().click_board(Some(Point::new(7, 7)));
    h.state_mut().save_all();
    drop(h);
    let mut h = app_in(dir.path());
    assert_eq!(h.state().game().moves().len(), 1);
    assert_eq!(h.state_mut().move_reviews(), vec![None]);
}
