//! Moving through the game in the app: the move list, the arrow keys,
//! variations, and the AI waiting while an earlier position is shown.

use crate::common::{click_point, harness, wait_for_ai};
use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::play::Mode;
use gomoku::rules::{Point, Stone};

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

/// h8, i9, j10, k11: four moves with names no other label has.
const LINE: [Point; 4] = [
    Point::new(7, 7),
    Point::new(8, 6),
    Point::new(9, 5),
    Point::new(10, 4),
];

fn play_line(h: &mut Harness<'static, GomokuApp>) {
    for p in LINE {
        click_point(h, p);
    }
    assert_eq!(h.state().game().moves(), &LINE);
}

#[test]
fn clicking_a_move_in_the_list_shows_that_position() {
    let mut h = harness(two_players());
    play_line(&mut h);
    h.get_by_label("i9").click();
    h.run();
    let game = h.state().game();
    assert_eq!(game.moves(), &LINE[..2]);
    assert!(
        game.board().is_empty_at(LINE[2]),
        "later stones are off the board"
    );
    assert_eq!(game.redo_moves(), LINE[2..].to_vec(), "and kept");
    assert!(h.query_by_label("Move 2 of 4").is_some());
}

#[test]
fn arrow_keys_step_and_home_end_jump() {
    let mut h = harness(two_players());
    play_line(&mut h);
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().game().moves().len(), 3);
    h.key_press(Key::Home);
    h.run();
    assert!(h.state().game().moves().is_empty());
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(h.state().game().moves(), &LINE[..1]);
    h.key_press(Key::End);
    h.run();
    assert_eq!(h.state().game().moves(), &LINE);
}

#[test]
fn a_variation_round_trip_leaves_the_main_line_intact() {
    let mut h = harness(two_players());
    play_line(&mut h);
    h.get_by_label("i9").click();
    h.run();
    // Black plays elsewhere: a variation, not a loss of the main line.
    let other = Point::new(3, 3);
    click_point(&mut h, other);
    assert_eq!(h.state().game().moves(), &[LINE[0], LINE[1], other]);
    assert!(h.query_by_label("Delete variation").is_some());
    // Back at the fork, the variations box offers the main line's move.
    h.key_press(Key::ArrowLeft);
    h.run();
    h.get_by_label("j10 (main line)").click();
    h.run();
    h.key_press(Key::End);
    h.run();
    let game = h.state().game();
    assert_eq!(game.moves(), &LINE, "the main line is intact");
    assert_eq!(game.path(), &[0, 0, 0, 0]);
    assert_eq!(game.tree().move_count(), 5, "and the variation is kept");
}

#[test]
fn the_ai_does_not_move_while_an_earlier_position_is_shown() {
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        ..AppSettings::default()
    });
    click_point(&mut h, LINE[0]);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), 2);
    // Back one move: White (the AI) is to move there.
    h.key_press(Key::ArrowLeft);
    h.run();
    for _ in 0..20 {
        h.step();
        assert!(h.state().session().thinking().is_none(), "the AI waits");
    }
    assert_eq!(h.state().game().moves().len(), 1);
    assert!(h.state().table().is_ai_turn());
    // The status bar says so too, not that the AI is thinking (with the
    // pointer off the board, where it would name the point below it).
    h.hover_at(eframe::egui::pos2(2.0, 40.0));
    h.run();
    let waits = "The AI waits while you look at an earlier position.";
    assert_eq!(
        h.query_all_by_label(waits).count(),
        2,
        "panel and status bar"
    );
    // Going to the end resumes play with nothing to do; continuing from
    // the earlier position lets the AI move there.
    h.get_by_label("Continue from here").click();
    h.run();
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.state().table().is_human_turn());
    assert!(h.query_by_label("Continue from here").is_none());
}
