//! The board keeps its room: the side panel's width does not follow its
//! content, small windows give the board their width, windows open below
//! the menu bar, and what belongs to one game (its review) stays with it.
//! Driven through the app with egui_kittest; searches are depth-limited.

use crate::common::{harness_sized, run_until, two_player_game};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::engine::Limits;
use gomoku::i18n::{Lang, Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::GameModel;

/// A 12-move game (no five), as in the measurement.
const TWELVE: &str = "h8i9h9h10i8g8j8k8g10f11j9j10";

fn settings(lang: Lang) -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        language: Some(lang),
        analysis_candidates: 5,
        ..AppSettings::default()
    }
}

fn game(moves: &str) -> GameModel {
    two_player_game(moves)
}

/// The board's side in points.
fn board_side(h: &Harness<'static, GomokuApp>) -> f32 {
    let g = h.state().board_geometry().expect("the board is drawn");
    g.rect.width().min(g.rect.height())
}

/// A reviewed 12-move game with analysis on, in a window of `size`.
fn analysed(size: [f32; 2], lang: Lang) -> Harness<'static, GomokuApp> {
    let mut h = harness_sized(settings(lang), size, 1.0);
    h.state_mut().load_game(game(TWELVE));
    review_and_analyse(&mut h);
    h
}

/// Reviews the game on the board, then turns analysis on, both to the end.
fn review_and_analyse(h: &mut Harness<'static, GomokuApp>) {
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().set_analysis_limits(Limits::depth(3));
    h.state_mut().start_review();
    run_until(h, "the review", |app| !app.review_running());
    h.state_mut().toggle_analysis();
    run_until(h, "the analysis", |app| !app.analysis_searching());
    h.run();
}

#[test]
fn with_analysis_on_the_board_keeps_its_room_in_both_languages() {
    for lang in [Lang::English, Lang::Chinese] {
        let h = analysed([640.0, 480.0], lang);
        let side = board_side(&h);
        assert!(
            side >= 380.0,
            "{lang:?} 640x480: the board is {side} across"
        );
        let h = analysed([1000.0, 720.0], lang);
        let side = board_side(&h);
        assert!(
            side >= 620.0,
            "{lang:?} 1000x720: the board is {side} across"
        );
    }
}

#[test]
fn the_side_panel_does_not_widen_with_its_content() {
    let mut h = harness_sized(settings(Lang::English), [1000.0, 720.0], 1.0);
    h.state_mut().load_game(game(TWELVE));
    h.run();
    let before = board_side(&h);
    let board_left = h.state().board_geometry().unwrap().rect.left();
    review_and_analyse(&mut h);
    let after = h.state().board_geometry().unwrap();
    assert_eq!(after.rect.width().min(after.rect.height()), before);
    assert_eq!(after.rect.left(), board_left, "the board did not move");
}

#[test]
fn a_new_game_starts_without_the_old_games_review() {
    let mut h = harness_sized(settings(Lang::English), [1000.0, 720.0], 1.0);
    h.state_mut().load_game(game("h8i9h9h10i8"));
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    run_until(&mut h, "the review", |app| !app.review_running());
    assert!(h.state_mut().move_reviews().iter().all(Option::is_some));
    let tr = Tr(Lang::English);
    assert!(h
        .query_by_label_contains(tr.s(Msg::ReviewHeading))
        .is_some());
    // The same opening in a new game: no marks, no review section.
    h.state_mut().start_new_game();
    h.run();
    for p in ["h8", "i9", "h9"] {
        let p = gomoku::rules::parse_point(p, 15).unwrap();
        gomoku::app::GomokuApp::click_board(h.state_mut(), Some(p));
    }
    h.run();
    assert!(
        h.state_mut().move_reviews().iter().all(Option::is_none),
        "the new game's moves have no verdicts"
    );
    assert!(h
        .query_by_label_contains(tr.s(Msg::ReviewHeading))
        .is_none());
    // The toast's Undo brings the reviewed game back with its review.
    h.get_by_label(tr.s(gomoku::app::TOAST_UNDO_LABEL)).click();
    h.run();
    assert_eq!(h.state().game().moves().len(), 5);
    assert!(h.state_mut().move_reviews().iter().all(Option::is_some));
}

#[test]
fn a_narrow_window_gives_the_board_its_width_and_the_panel_a_drawer() {
    let tr = Tr(Lang::English);
    let mut h = harness_sized(settings(Lang::English), [640.0, 480.0], 1.0);
    h.run();
    assert!(
        h.query_by_label(tr.s(Msg::Undo)).is_none(),
        "no panel beside the board"
    );
    let g = h.state().board_geometry().unwrap();
    assert!(g.rect.width() >= 400.0, "{:?}", g.rect);
    h.get_by_label(tr.s(Msg::SidePanelDrawer)).click();
    h.run();
    assert!(
        h.query_by_label(tr.s(Msg::Undo)).is_some(),
        "the drawer shows the panel"
    );
    // The board stays where it was under the drawer.
    assert_eq!(h.state().board_geometry().unwrap().rect, g.rect);
}

#[test]
fn windows_open_below_the_menu_bar() {
    let tr = Tr(Lang::English);
    for (menu, item, title) in [
        (Msg::MenuGame, Msg::RecentGamesMenu, Msg::RecentGames),
        (Msg::MenuHelp, Msg::HowToPlay, Msg::HowToPlay),
        (Msg::MenuGame, Msg::TournamentsMenu, Msg::TournamentsTitle),
    ] {
        let mut h = harness_sized(settings(Lang::English), [640.0, 480.0], 1.0);
        h.run();
        let menu_bottom = h.get_by_label(tr.s(menu)).rect().bottom();
        h.get_by_label(tr.s(menu)).click();
        h.run();
        h.get_by_label_contains(tr.s(item)).click();
        h.run();
        let top = h
            .get_all_by_label(tr.s(title))
            .map(|n| n.rect().top())
            .fold(f32::INFINITY, f32::min);
        assert!(top.is_finite(), "{title:?} opened");
        assert!(
            top >= menu_bottom,
            "{title:?} at {top}, menu ends at {menu_bottom}"
        );
    }
}

/// Opens `menu` in a 640×480 window in each language and checks that each
/// of `rows` (found by whole label, or by part of it when `contains`, for
/// items followed by their shortcut) lies inside the window.
fn menu_fits_640x480(menu: Msg, rows: [Msg; 3], contains: bool) {
    for lang in Lang::ALL {
        let tr = Tr(lang);
        let mut h = harness_sized(settings(lang), [640.0, 480.0], 1.0);
        h.run();
        h.get_by_label(tr.s(menu)).click();
        h.run();
        for row in rows {
            let rect = if contains {
                h.get_by_label_contains(tr.s(row)).rect()
            } else {
                h.get_by_label(tr.s(row)).rect()
            };
            assert!(
                rect.max.y <= 480.0 && rect.max.x <= 640.0,
                "{lang:?}: {:?} ends at {:?}, outside the window",
                tr.s(row),
                rect.max
            );
        }
    }
}

/// Every row of the Settings menu fits a 640×480 window, in both
/// languages: its last row (the theme) was once below the window's bottom
/// edge, out of reach.
#[test]
fn the_settings_menu_fits_a_small_window_in_both_languages() {
    menu_fits_640x480(
        Msg::MenuSettings,
        [Msg::ThemeDark, Msg::ThemeLight, Msg::ShowThinking],
        false,
    );
}

/// The Game menu fits a 640×480 window in both languages (in two columns
/// there): its last item, Quit, once lay below the bottom edge.
#[test]
fn the_game_menu_fits_a_small_window_in_both_languages() {
    menu_fits_640x480(
        Msg::MenuGame,
        [Msg::Quit, Msg::Resign, Msg::EnginesMenu],
        true,
    );
}

/// In a narrow window the puzzle panel is a closed drawer: the status bar
/// says the task, in both languages.
#[test]
fn a_narrow_window_shows_the_puzzle_task_in_the_status_bar() {
    for lang in Lang::ALL {
        let tr = Tr(lang);
        let mut h = harness_sized(settings(lang), [640.0, 480.0], 1.0);
        h.run();
        h.get_by_label(tr.s(Msg::MenuGame)).click();
        h.run();
        h.get_by_label(tr.s(Msg::PuzzlesMenu)).click();
        h.run();
        h.run();
        let play = h.state().puzzle_task().expect("a puzzle is on the board");
        assert!(
            h.query_by_label_contains(&play).is_some(),
            "{lang:?}: the task {play:?} is in sight"
        );
    }
}

/// A reviewed game against the AI with analysis on, in a 640×480 window,
/// the drawer open: the state the drawer once trapped the player in.
fn drawer_over_a_review() -> Harness<'static, GomokuApp> {
    let mut h = harness_sized(
        AppSettings {
            language: Some(Lang::English),
            ..AppSettings::default()
        },
        [640.0, 480.0],
        1.0,
    );
    h.state_mut().load_game(game(TWELVE));
    review_and_analyse(&mut h);
    h.get_by_label(Tr(Lang::English).s(Msg::SidePanelDrawer))
        .click();
    h.run();
    assert!(h.query_by_label(Tr(Lang::English).s(Msg::Undo)).is_some());
    h
}

#[test]
fn the_drawer_stays_below_its_toggle_and_the_toggle_closes_it() {
    let tr = Tr(Lang::English);
    let mut h = drawer_over_a_review();
    let toggle = h.get_by_label(tr.s(Msg::SidePanelDrawer)).rect();
    let undo = h.get_by_label(tr.s(Msg::Undo)).rect();
    assert!(
        undo.top() > toggle.bottom(),
        "the drawer starts below the menu bar"
    );
    // The graph is a graph, not a strip.
    let graph = h.state().evaluation_graph_rect().expect("the review graph");
    assert!(graph.height() >= 50.0, "{graph:?}");
    crate::common::click_at(&mut h, toggle.center());
    assert!(h.query_by_label(tr.s(Msg::Undo)).is_none(), "closed");
}

#[test]
fn escape_or_a_click_beside_the_drawer_closes_it_without_a_move() {
    let tr = Tr(Lang::English);
    let mut h = drawer_over_a_review();
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    assert!(
        h.query_by_label(tr.s(Msg::Undo)).is_none(),
        "Escape closed it"
    );
    h.get_by_label(tr.s(Msg::SidePanelDrawer)).click();
    h.run();
    assert!(h.query_by_label(tr.s(Msg::Undo)).is_some());
    // A click on the board's left, beside the drawer: it closes, and no
    // stone is placed.
    let moves = h.state().game().moves().len();
    let g = h.state().board_geometry().unwrap();
    let a1 = gomoku::rules::parse_point("b8", 15).unwrap();
    crate::common::click_at(&mut h, g.screen_pos(a1));
    assert!(
        h.query_by_label(tr.s(Msg::Undo)).is_none(),
        "the click closed it"
    );
    assert_eq!(h.state().game().moves().len(), moves, "no stone was placed");
}
