//! Helpers shared by the UI tests: a harness around the app, clicks on
//! intersections, and waiting for the AI without blocking the frames.

#![allow(dead_code)]

pub mod layout_check;

use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::rules::Point;
use std::time::Duration;

/// Window size for the tests, close to the app's default.
pub const SIZE: [f32; 2] = [1000.0, 720.0];

/// Most frames a test waits for the engine; at 2 ms a frame, far more
/// than a depth-2 search needs.
pub const MAX_WAIT_FRAMES: usize = 5000;

/// A harness running the app with `settings`.
pub fn harness(settings: AppSettings) -> Harness<'static, GomokuApp> {
    harness_sized(settings, SIZE, 1.0)
}

/// A harness running the app on the settings and saves in `dir`, as it
/// would start from that folder.
pub fn harness_in(dir: std::path::PathBuf) -> Harness<'static, GomokuApp> {
    Harness::builder()
        .with_size(SIZE)
        .with_max_steps(200)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(dir, &gomoku::app::Launch::default()))
}

/// A harness of a given size and scale.
pub fn harness_sized(
    settings: AppSettings,
    size: [f32; 2],
    pixels_per_point: f32,
) -> Harness<'static, GomokuApp> {
    Harness::builder()
        .with_size(size)
        .with_pixels_per_point(pixels_per_point)
        .with_max_steps(200)
        .build_eframe(move |_cc| GomokuApp::new_for_test(settings))
}

/// Clicks the intersection `p` where the app drew it.
pub fn click_point(h: &mut Harness<'static, GomokuApp>, p: Point) {
    let g = h.state().board_geometry().expect("the board is drawn");
    click_at(h, g.screen_pos(p));
}

/// Clicks at a screen position (in points).
pub fn click_at(h: &mut Harness<'static, GomokuApp>, pos: eframe::egui::Pos2) {
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
}

/// Runs frames until the AI has no search in flight and the training
/// wheels are not checking a click (at the lower levels a click is played
/// only once they have looked at it, on another thread); returns how many
/// frames ran meanwhile. The UI thread never waits on the engine, so each
/// frame returns at once; between frames the test sleeps a little.
pub fn wait_for_ai(h: &mut Harness<'static, GomokuApp>) -> usize {
    for frame in 0..MAX_WAIT_FRAMES {
        h.step();
        if h.state().session().thinking().is_none() && !h.state().training_wheels_checking() {
            h.run();
            return frame;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the AI did not answer within {MAX_WAIT_FRAMES} frames");
}

/// Checks that the game on the board was kept as the newest of the
/// Recent games, that the toast offers to undo, and that its Undo puts
/// `before` back on the board.
pub fn replaced_game_is_kept_and_undone(
    h: &mut Harness<'static, GomokuApp>,
    before: &gomoku::rules::GameModel,
) {
    use egui_kittest::kittest::Queryable;
    let kept = h.state().recent_games().first().expect("a kept game");
    assert_eq!(kept.table.game(), before, "the old game is in Recent games");
    assert_ne!(h.state().game(), before, "the game was replaced");
    assert!(h.state().toast_text().is_some(), "the toast shows");
    h.get_by_label(gomoku::i18n::Tr::default().s(gomoku::app::TOAST_UNDO_LABEL))
        .click();
    h.run();
    assert_eq!(h.state().game(), before, "Undo brought it back");
    assert!(h.state().toast_text().is_none());
}

/// Runs frames until the app has shown the result of every record file
/// it asked the I/O thread to read or write; returns how many frames ran
/// meanwhile. As with the AI, each frame returns at once and the test
/// sleeps a little between frames.
pub fn wait_for_io(h: &mut Harness<'static, GomokuApp>) -> usize {
    for frame in 0..MAX_WAIT_FRAMES {
        h.step();
        if !h.state().io_busy() {
            h.run();
            return frame;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the file was not done within {MAX_WAIT_FRAMES} frames");
}

/// Runs frames until `done` holds, sleeping a little between them (the
/// engines think on their own threads; frames never wait for them).
pub fn run_until(
    h: &mut Harness<'static, GomokuApp>,
    what: &str,
    mut done: impl FnMut(&mut GomokuApp) -> bool,
) {
    for _ in 0..MAX_WAIT_FRAMES {
        h.step();
        if done(h.state_mut()) {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("{what} did not happen within {MAX_WAIT_FRAMES} frames");
}

/// A two-player game from a position string.
pub fn two_player_game(moves: &str) -> gomoku::rules::GameModel {
    let settings = gomoku::rules::GameSettings {
        ..gomoku::rules::GameSettings::default()
    };
    gomoku::rules::GameModel::from_position_string(settings, moves).expect("a legal game")
}

/// A RenLib study of the moves after h8: eight replies, the first with a
/// long comment, a mark and labels, the others plain.
pub fn study_lib() -> Vec<u8> {
    use gomoku::library::renlib;
    use gomoku::rules::{parse_point, Board, GameTree, Stone};
    let p = |name: &str| parse_point(name, 15).expect("a point");
    let mut t = GameTree::new(Board::standard(), Stone::Black);
    let h8 = t.add_or_follow(&[], p("h8")).expect("h8");
    t.node_mut(&[h8]).expect("h8").comment =
        "The centre: every line of this study starts here, and the replies below are \
         the ones a renju player meets most often."
            .into();
    // Eight replies no turn or mirror of the board makes one another.
    for reply in ["i9", "h9", "j10", "h10", "i10", "k8", "k9", "k10"] {
        let i = t.add_or_follow(&[h8], p(reply)).expect("a reply");
        t.add_or_follow(&[h8, i], p("j9")).expect("a third move");
    }
    let first = t.node_mut(&[h8, 0]).expect("i9");
    first.comment = "Indirect openings".into();
    first.marks.marked = true;
    first.marks.set_label(p("j10"), "a");
    renlib::write(&t, &[], renlib::DEFAULT_ENCODING).expect("a .lib file")
}

/// Imports [`study_lib`] into the app's library, shows the position after
/// h8 with the opening explorer on, and waits for the explorer's answer.
pub fn studied(h: &mut Harness<'static, GomokuApp>) {
    let dir = std::env::temp_dir().join(format!("gomoku-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("study.lib");
    std::fs::write(&path, study_lib()).expect("the study file");
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(gomoku::app::Action::SetExplorer(true), &ctx);
    h.state_mut().import_into_library(vec![path]);
    run_until(h, "the import", |app| !app.library_importing());
    h.state_mut().load_game(two_player_game("h8"));
    run_until(h, "the explorer's answer", |app| {
        app.library_entry().is_some_and(|e| !e.moves.is_empty())
    });
}
