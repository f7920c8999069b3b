//! Nothing a person does loses a game: every way of replacing the game
//! keeps the old one in Recent games and offers an Undo in a toast; the
//! Recent games window opens them again.

use crate::common::{click_point, harness, replaced_game_is_kept_and_undone, wait_for_ai};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp, TOAST_CLOSE};
use gomoku::i18n::{Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::{GameModel, Point, Stone};

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

/// A two-player game with three stones on the board.
fn with_a_game() -> (Harness<'static, GomokuApp>, GameModel) {
    let mut h = harness(two_players());
    for p in [Point::new(7, 7), Point::new(8, 8), Point::new(6, 6)] {
        click_point(&mut h, p);
    }
    let before = h.state().game().clone();
    (h, before)
}

fn menu(h: &mut Harness<'static, GomokuApp>, entry: &str) {
    h.get_by_label("Game").click();
    h.run();
    // Items with a shortcut carry it in their label.
    h.get_by_label_contains(entry).click();
    h.run();
}

#[test]
fn ctrl_n_keeps_the_game_and_undo_brings_it_back() {
    let (mut h, before) = with_a_game();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().game().moves().is_empty());
    // The toast lies over the status bar, which says nothing meanwhile
    // (its hint showed half hidden under the toast).
    assert!(h.query_by_label_contains("Click an intersection").is_none());
    replaced_game_is_kept_and_undone(&mut h, &before);
    // Play goes on from where it was.
    click_point(&mut h, Point::new(9, 9));
    assert_eq!(h.state().game().moves().len(), 4);
}

#[test]
fn new_game_from_the_menu_keeps_the_game() {
    let (mut h, before) = with_a_game();
    menu(&mut h, "Play Black (you move first)");
    assert_eq!(
        h.state().table().mode(),
        Mode::VsAi {
            human: Stone::Black
        }
    );
    replaced_game_is_kept_and_undone(&mut h, &before);
    assert_eq!(h.state().settings().mode, Mode::TwoPlayer, "the mode too");
}

#[test]
fn restart_keeps_the_game() {
    let (mut h, before) = with_a_game();
    menu(&mut h, "Restart");
    replaced_game_is_kept_and_undone(&mut h, &before);
}

#[test]
fn ctrl_v_outside_a_text_field_keeps_the_game() {
    let (mut h, before) = with_a_game();
    h.event(egui::Event::Paste("a1b2c3d4".to_string()));
    h.run();
    assert_eq!(h.state().game().moves().len(), 4, "the pasted game");
    replaced_game_is_kept_and_undone(&mut h, &before);
}

#[test]
fn a_bad_paste_changes_nothing_and_keeps_nothing() {
    let (mut h, before) = with_a_game();
    h.event(egui::Event::Paste("not a position".to_string()));
    h.run();
    assert_eq!(h.state().game(), &before);
    assert!(h.state().recent_games().is_empty());
    assert!(h.state().toast_text().is_none());
}

#[test]
fn an_empty_board_is_replaced_without_a_toast() {
    let mut h = harness(two_players());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().recent_games().is_empty());
    assert!(h.state().toast_text().is_none());
}

#[test]
fn a_finished_game_is_kept_once_and_reopened_from_the_window() {
    let mut h = harness(two_players());
    // Black makes five along the bottom row; White plays above.
    for x in 0..5u8 {
        click_point(&mut h, Point::new(x, 14));
        if x < 4 {
            click_point(&mut h, Point::new(x, 12));
        }
    }
    assert!(h.state().game().is_over());
    let finished = h.state().game().clone();
    assert_eq!(h.state().recent_games().len(), 1, "kept when it ended");
    h.get_by_label("Play again").click();
    h.run();
    assert_eq!(h.state().recent_games().len(), 1, "not kept twice");
    click_point(&mut h, Point::new(7, 7));
    let second = h.state().game().clone();

    menu(&mut h, Tr::default().s(Msg::RecentGamesMenu));
    let kept = h.state().recent_games()[0].clone();
    assert!(
        kept.result(Tr::default()).contains("Black wins"),
        "{}",
        kept.result(Tr::default())
    );
    assert_eq!(kept.moves(Tr::default()), "9 moves");
    assert!(h
        .query_by_label_contains(&kept.result(Tr::default()))
        .is_some());
    h.get_by_label("Open").click();
    h.run();
    assert_eq!(h.state().game(), &finished, "the finished game is back");
    // The game it replaced is kept in its place, and undo works here too.
    replaced_game_is_kept_and_undone(&mut h, &second);
}

#[test]
fn the_toast_can_be_closed_and_the_game_stays_kept() {
    let (mut h, _) = with_a_game();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().toast_text().is_some());
    h.get_by_label(TOAST_CLOSE).click();
    h.run();
    assert!(h.state().toast_text().is_none());
    assert_eq!(h.state().recent_games().len(), 1, "still kept");
}

#[test]
fn an_engine_crash_is_reported_and_the_ai_plays_on() {
    let mut h = harness(AppSettings::default());
    h.state_mut().crash_engine_for_test();
    click_point(&mut h, Point::new(7, 7));
    wait_for_ai(&mut h);
    let status = h.state().status_message().unwrap_or_default().to_string();
    assert!(status.contains("restarted"), "{status}");
    assert_eq!(h.state().game().moves().len(), 2, "the AI answered");
    assert!(h.state().table().is_human_turn());
}

#[test]
fn looking_back_at_a_finished_game_keeps_its_result_in_recent_games() {
    let mut h = harness(two_players());
    // White makes five on its sixth move: 12 moves, White wins.
    let won = crate::common::two_player_game("a1h8c1h9e1h10g1h11a3k5c3h7");
    assert!(won.is_over(), "the game is finished");
    h.state_mut().load_game(won);
    h.run();
    // The player looks back at move 9, then starts a new game.
    h.state_mut().go_to_ply(9);
    h.run();
    h.state_mut().start_new_game();
    h.run();
    let tr = Tr::default();
    let kept = &h.state().recent_games()[0];
    assert_eq!(kept.result(tr), "White wins: five in a row");
    assert_eq!(kept.moves(tr), "12 moves");
    // Opened again, it comes back where the player left it.
    h.state_mut().open_recent(0);
    h.run();
    assert_eq!(h.state().game().moves().len(), 9);
}
