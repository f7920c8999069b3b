//! The board editor driven through the UI: stones placed and taken away,
//! the side to move and the rule chosen, a set-up with a five refused, and
//! a game started from the edited position.

use crate::common::{click_point, harness, wait_for_ai};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::play::Mode;
use gomoku::rules::{Point, Rule, Stone};

fn open_editor(h: &mut Harness<'static, GomokuApp>) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Edit position…").click();
    h.run();
    assert!(h.state().is_editing());
}

fn right_click_point(h: &mut Harness<'static, GomokuApp>, p: Point) {
    let pos = h
        .state()
        .board_geometry()
        .expect("board drawn")
        .screen_pos(p);
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.run();
}

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

#[test]
fn stones_placed_in_the_editor_become_the_game_and_the_chosen_side_moves() {
    let mut h = harness(two_players());
    click_point(&mut h, Point::new(0, 0));
    open_editor(&mut h);
    // The editor starts from the position shown; the corner stone goes.
    click_point(&mut h, Point::new(0, 0));
    let blacks = [Point::new(7, 7), Point::new(8, 8)];
    for p in blacks {
        click_point(&mut h, p);
    }
    h.get_by_label("Place White").click();
    h.run();
    click_point(&mut h, Point::new(6, 6));
    // A misplaced stone is one right-click from gone.
    click_point(&mut h, Point::new(3, 3));
    right_click_point(&mut h, Point::new(3, 3));
    // The game itself has not changed while editing.
    assert_eq!(h.state().game().moves(), &[Point::new(0, 0)]);
    h.get_by_label("White").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    assert!(!h.state().is_editing());
    let game = h.state().game();
    assert!(game.moves().is_empty(), "set-up stones are not moves");
    assert_eq!(game.board().stone_count(), 3);
    for p in blacks {
        assert_eq!(game.board().get(p), Some(Stone::Black));
    }
    assert_eq!(game.board().get(Point::new(6, 6)), Some(Stone::White));
    assert_eq!(game.board().get(Point::new(0, 0)), None);
    assert_eq!(game.board().get(Point::new(3, 3)), None);
    assert_eq!(game.side_to_move(), Stone::White);
    // Play goes on from there, and the replaced game is kept.
    click_point(&mut h, Point::new(9, 9));
    assert_eq!(
        h.state().game().board().get(Point::new(9, 9)),
        Some(Stone::White)
    );
    assert_eq!(h.state().game().side_to_move(), Stone::Black);
    assert_eq!(h.state().recent_games().len(), 1);
}

#[test]
fn a_set_up_with_five_in_a_row_is_refused_until_a_stone_goes() {
    let mut h = harness(two_players());
    open_editor(&mut h);
    let row: Vec<Point> = (2..7).map(|x| Point::new(x, 4)).collect();
    for &p in &row {
        click_point(&mut h, p);
    }
    let message = "Black already has five in a row. Take a stone away to play from this position.";
    assert!(
        h.query_by_label(message).is_some(),
        "the problem is explained"
    );
    h.get_by_label("Play from here").click();
    h.run();
    assert!(h.state().is_editing(), "refused: still editing");
    assert_eq!(h.state().game().board().stone_count(), 0);
    right_click_point(&mut h, row[2]);
    assert!(h.query_by_label(message).is_none());
    h.get_by_label("Play from here").click();
    h.run();
    assert!(!h.state().is_editing());
    assert_eq!(h.state().game().board().stone_count(), 4);
    assert!(!h.state().game().is_over());
}

#[test]
fn renju_forbidden_points_are_flagged_not_refused() {
    let mut h = harness(two_players());
    open_editor(&mut h);
    for p in [
        Point::new(5, 7),
        Point::new(6, 7),
        Point::new(7, 5),
        Point::new(7, 6),
    ] {
        click_point(&mut h, p);
    }
    h.get_by_label("Renju").click();
    h.run();
    assert!(h
        .query_by_label("A red cross marks the one point where Black may not play under Renju.")
        .is_some());
    // The forbidden point may still hold a stone in the editor.
    click_point(&mut h, Point::new(7, 7));
    h.get_by_label("Play from here").click();
    h.run();
    let game = h.state().game();
    assert_eq!(game.rule(), Rule::Renju);
    assert_eq!(game.board().get(Point::new(7, 7)), Some(Stone::Black));
}

#[test]
fn escape_leaves_the_editor_and_the_game_is_untouched() {
    let mut h = harness(two_players());
    click_point(&mut h, Point::new(7, 7));
    open_editor(&mut h);
    click_point(&mut h, Point::new(1, 1));
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().is_editing());
    assert_eq!(h.state().game().moves(), &[Point::new(7, 7)]);
    assert_eq!(h.state().game().board().stone_count(), 1);
}

#[test]
fn against_the_ai_a_set_up_with_the_ai_to_move_gets_its_reply() {
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        ..AppSettings::default()
    });
    open_editor(&mut h);
    click_point(&mut h, Point::new(7, 7));
    h.get_by_label("White").click();
    h.run();
    h.get_by_label("Play from here").click();
    h.run();
    wait_for_ai(&mut h);
    let game = h.state().game();
    assert_eq!(game.board().stone_count(), 2, "the AI (White) answered");
    assert_eq!(game.side_to_move(), Stone::Black);
    assert!(h.state().table().is_human_turn());
}

#[test]
fn analyse_from_here_starts_the_game_with_analysis_on_and_the_ai_waiting() {
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        ..AppSettings::default()
    });
    open_editor(&mut h);
    for p in [Point::new(7, 7), Point::new(8, 7)] {
        click_point(&mut h, p);
    }
    h.get_by_label("Place White").click();
    h.run();
    click_point(&mut h, Point::new(7, 8));
    h.get_by_label("White").click();
    h.run();
    h.get_by_label("Analyse from here").click();
    h.run();
    assert!(!h.state().is_editing());
    assert!(h.state().analysis_on());
    for _ in 0..200 {
        h.step();
        if !h.state().analysis_candidates().is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let candidates = h.state().analysis_candidates().to_vec();
    assert!(!candidates.is_empty(), "analysis ranks moves for White");
    let board = h.state().game().board().clone();
    assert!(candidates.iter().all(|c| board.is_empty_at(c.mv)));
    // The AI (White, to move) studies with the player instead of playing.
    assert_eq!(board.stone_count(), 3);
    assert_eq!(h.state().game().side_to_move(), Stone::White);
}
