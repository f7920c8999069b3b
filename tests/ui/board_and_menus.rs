//! The desktop app driven through its UI with egui_kittest: clicks on the
//! board, menus, buttons and keys, checked against the game model.

use crate::common::{click_at, click_point, harness, harness_sized, wait_for_ai};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::engine::{Limits, SearchParams};
use gomoku::play::Mode;
use gomoku::rules::{Outcome, Point, Stone};
use gomoku::sound::Cue;
use std::time::Duration;

const CENTRE: Point = Point::new(7, 7);

fn vs_ai(human: Stone) -> AppSettings {
    AppSettings {
        mode: Mode::VsAi { human },
        ..AppSettings::default()
    }
}

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

#[test]
fn clicking_the_centre_places_a_black_stone_and_the_ai_replies() {
    let mut h = harness(vs_ai(Stone::Black));
    click_point(&mut h, CENTRE);
    assert_eq!(h.state().game().moves().first(), Some(&CENTRE));
    assert_eq!(h.state().game().board().get(CENTRE), Some(Stone::Black));
    wait_for_ai(&mut h);
    let game = h.state().game();
    assert_eq!(game.moves().len(), 2, "the AI answered");
    assert_eq!(game.board().get(game.moves()[1]), Some(Stone::White));
    assert!(h.state().table().is_human_turn());
    let cues = h.state().played_cues();
    assert!(cues.contains(&Cue::StoneHuman) && cues.contains(&Cue::StoneAi));
}

#[test]
fn every_intersection_is_hit_at_other_sizes_and_scales() {
    for (size, ppp) in [
        ([640.0, 480.0], 1.0),
        ([900.0, 700.0], 1.5),
        ([700.0, 800.0], 2.0),
    ] {
        let mut h = harness_sized(two_players(), size, ppp);
        let g = h.state().board_geometry().expect("board drawn");
        // A corner, an edge point and an off-centre point, clicked a
        // little off the exact crossing, as people do.
        let targets = [Point::new(0, 0), Point::new(14, 3), Point::new(5, 11)];
        for p in targets {
            click_at(&mut h, g.screen_pos(p) + Vec2::new(0.3, -0.35) * g.cell);
        }
        let moves = h.state().game().moves().to_vec();
        assert_eq!(moves, targets.to_vec(), "at {size:?} and scale {ppp}");
    }
}

#[test]
fn clicks_off_the_board_and_on_stones_change_nothing() {
    let mut h = harness(two_players());
    click_point(&mut h, CENTRE);
    let g = h.state().board_geometry().unwrap();
    // The same point again, and the wood beyond the grid.
    click_point(&mut h, CENTRE);
    click_at(&mut h, g.origin - Vec2::splat(g.cell * 0.8));
    assert_eq!(h.state().game().moves(), &[CENTRE]);
    assert!(h.state().played_cues().contains(&Cue::Illegal));
    assert!(h.state().status_message().unwrap().contains("occupied"));
}

#[test]
fn play_white_from_the_menu_and_the_ai_opens() {
    let mut h = harness(vs_ai(Stone::Black));
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Play White (the AI opens)").click();
    h.run();
    assert_eq!(
        h.state().table().mode(),
        Mode::VsAi {
            human: Stone::White
        }
    );
    wait_for_ai(&mut h);
    let game = h.state().game();
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.board().get(game.moves()[0]), Some(Stone::Black));
    assert_eq!(game.side_to_move(), Stone::White);
    assert!(h.state().table().is_human_turn());
}

#[test]
fn undo_twice_returns_to_the_empty_board() {
    let mut h = harness(vs_ai(Stone::Black));
    click_point(&mut h, CENTRE);
    wait_for_ai(&mut h);
    let free = [Point::new(6, 6), Point::new(8, 8), Point::new(6, 8)]
        .into_iter()
        .find(|p| h.state().game().board().is_empty_at(*p))
        .unwrap();
    click_point(&mut h, free);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), 4);
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(h.state().game().moves().len(), 2);
    // The second undo by keyboard.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().game().moves().is_empty());
    // Redo brings back the person's move and the AI's answer.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().game().moves().len(), 2);
}

#[test]
fn keep_playing_leaves_the_game_as_it_was() {
    let mut h = harness(vs_ai(Stone::Black));
    click_point(&mut h, CENTRE);
    wait_for_ai(&mut h);
    h.get_by_label("Resign").click();
    h.run();
    assert!(h.query_by_label("Resign this game?").is_some());
    h.get_by_label("Keep playing").click();
    h.run();
    assert!(!h.state().is_asking_to_resign());
    assert!(!h.state().game().is_over());
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.query_by_label("Resign this game?").is_none());
}

#[test]
fn an_undone_resignation_leaves_recent_games() {
    let mut h = harness(vs_ai(Stone::Black));
    click_point(&mut h, CENTRE);
    wait_for_ai(&mut h);
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    assert_eq!(h.state().recent_games().len(), 1, "a finished game is kept");
    assert!(h.state().recent_games()[0].table.is_over());
    h.get_by_label("Undo").click();
    h.run();
    assert!(!h.state().game().is_over());
    assert!(
        h.state().recent_games().is_empty(),
        "no entry says 'You resigned' for a game still going on"
    );
}

#[test]
fn resigning_shows_the_result_and_play_again_starts_over() {
    let mut h = harness(vs_ai(Stone::Black));
    click_point(&mut h, CENTRE);
    wait_for_ai(&mut h);
    h.get_by_label("Resign").click();
    h.run();
    // A resignation is asked about first: a stray click ends nothing.
    assert!(h.state().is_asking_to_resign());
    assert!(!h.state().game().is_over());
    h.get_by_label("Yes, resign").click();
    h.run();
    assert_eq!(
        h.state().game().outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::Black
        })
    );
    assert!(h.query_by_label("You resigned").is_some());
    assert!(h.state().played_cues().contains(&Cue::Loss));
    // After the end, clicks do nothing.
    click_point(&mut h, Point::new(0, 0));
    assert_eq!(h.state().game().moves().len(), 2);
    h.get_by_label("Play again").click();
    h.run();
    assert!(h.state().game().moves().is_empty());
    assert!(!h.state().game().is_over());
    assert!(h.query_by_label("You resigned").is_none());
}

#[test]
fn restart_keeps_the_mode_and_clears_the_board() {
    let mut h = harness(two_players());
    click_point(&mut h, CENTRE);
    click_point(&mut h, Point::new(8, 7));
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label_contains("Restart").click();
    h.run();
    assert!(h.state().game().moves().is_empty());
    assert_eq!(h.state().table().mode(), Mode::TwoPlayer);
}

#[test]
fn two_players_alternate_colours() {
    let mut h = harness(vs_ai(Stone::Black));
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("New two-player game").click();
    h.run();
    let points = [CENTRE, Point::new(8, 8), Point::new(6, 6), Point::new(9, 9)];
    for p in points {
        click_point(&mut h, p);
    }
    let game = h.state().game();
    assert_eq!(game.moves(), &points);
    let colours: Vec<_> = points.iter().map(|p| game.board().get(*p)).collect();
    assert_eq!(
        colours,
        [Stone::Black, Stone::White, Stone::Black, Stone::White].map(Some)
    );
    assert!(
        h.state().session().thinking().is_none(),
        "no AI in a two-player game"
    );
}

#[test]
fn clicks_during_the_ai_turn_are_ignored() {
    let mut h = harness(vs_ai(Stone::Black));
    // Keep the AI's turn going for as long as the test needs.
    h.state_mut().hold_engine_replies(true);
    click_point(&mut h, CENTRE);
    assert!(h.state().table().is_ai_turn());
    click_point(&mut h, Point::new(0, 0));
    click_point(&mut h, Point::new(3, 3));
    assert_eq!(h.state().game().moves(), &[CENTRE]);
    assert!(h.state().game().board().is_empty_at(Point::new(0, 0)));
    h.state_mut().hold_engine_replies(false);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), 2);
    assert!(h.state().table().is_human_turn());
}

#[test]
fn the_ui_keeps_running_while_a_long_search_is_in_flight() {
    let mut h = harness(vs_ai(Stone::Black));
    // A search with a long time budget: it ends when "Move now" stops it.
    h.state_mut().set_search_params(Some(SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits::time(Duration::from_secs(60)),
        variety: 0,
        seed: Some(3),
        threads: 1,
        multipv: 1,
    }));
    click_point(&mut h, CENTRE);
    let mut frames_thinking = 0;
    let mut asked_to_move = false;
    for _ in 0..crate::common::MAX_WAIT_FRAMES {
        h.step();
        if h.state().session().thinking().is_none() {
            break;
        }
        frames_thinking += 1;
        if frames_thinking == 1 {
            // The panel says so while the engine works.
            assert!(h.query_by_label_contains("Thinking").is_some());
        }
        if frames_thinking == 30 {
            // Menus still open while the AI thinks.
            h.get_by_label("Help").click();
            h.run();
            assert!(h.query_by_label("Keyboard shortcuts").is_some());
            assert!(h.state().session().ai_thinking(), "still searching");
            h.key_press(Key::Escape);
            h.run();
            h.get_by_label("Move now").click();
            asked_to_move = true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    h.run();
    let game = h.state().game();
    assert_eq!(game.moves().len(), 2, "the reply was played");
    assert!(h.state().table().is_human_turn());
    // A 60-second search ended only because "Move now" stopped it, and
    // frames kept coming all the while.
    assert!(asked_to_move, "the search ended on its own");
    assert!(frames_thinking >= 30);
}

#[test]
fn undo_during_the_search_discards_the_late_reply() {
    let mut h = harness(vs_ai(Stone::Black));
    h.state_mut().hold_engine_replies(true);
    let (first, second) = (Point::new(13, 13), Point::new(1, 1));
    click_point(&mut h, first);
    let stale = h.state().session().generation();
    h.get_by_label("Undo").click();
    h.run();
    assert!(h.state().session().generation() > stale);
    // A new search starts before the old reply is read: the old reply (a
    // move near `first`) waits in the channel ahead of the new one, and
    // only its generation says it is stale.
    click_point(&mut h, second);
    assert!(h.state().session().ai_thinking());
    h.state_mut().hold_engine_replies(false);
    wait_for_ai(&mut h);
    let moves = h.state().game().moves().to_vec();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], second);
    assert!(
        moves[1].distance(second) <= 2,
        "the AI answered the position that is gone: {moves:?}"
    );
    assert!(h.state().table().is_human_turn());
}

#[test]
fn hint_key_marks_a_move_without_playing_it() {
    let mut h = harness(two_players());
    click_point(&mut h, CENTRE);
    h.key_press(Key::H);
    h.run();
    wait_for_ai(&mut h);
    let hint = h.state().session().hint().expect("a hint arrived");
    assert!(h.state().game().board().is_empty_at(hint));
    assert_eq!(h.state().game().moves().len(), 1);
    assert!(h.state().status_message().unwrap().starts_with("Hint: "));
}

#[test]
fn settings_menu_changes_view_options_and_level() {
    let mut h = harness(two_players());
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Move numbers").click();
    h.run();
    // The levels open from the chosen one, each named with its band.
    h.get_by_label_contains("Level 6 · Normal").click();
    h.run();
    h.get_by_label_contains("Level 9 · Strong").click();
    h.run();
    assert!(h.state().settings().move_numbers);
    assert_eq!(
        h.state().settings().level,
        gomoku::engine::Band::Strong.representative()
    );
    assert_eq!(
        h.state().session().level(),
        gomoku::engine::Band::Strong.representative()
    );
}

#[test]
fn renju_forbidden_points_refuse_black() {
    use gomoku::rules::{GameModel, GameSettings, Rule};
    let mut h = harness(two_players());
    let settings = GameSettings {
        rule: Rule::Renju,
        ..GameSettings::default()
    };
    // Black's f8 g8 and h6 h7: h8 would make two open threes at once.
    let game = GameModel::from_position_string(settings, "f8a1g8a3h6a5h7a7").unwrap();
    h.state_mut().load_game(game);
    h.run();
    click_point(&mut h, CENTRE);
    assert_eq!(h.state().game().moves().len(), 8);
    let message = h.state().status_message().unwrap();
    assert!(message.contains("double three"), "{message}");
    // Elsewhere Black plays normally.
    click_point(&mut h, Point::new(12, 2));
    assert_eq!(h.state().game().moves().len(), 9);
}

#[test]
fn after_its_move_the_ai_says_where_it_played_and_what_it_saw() {
    let mut h = harness(vs_ai(Stone::Black));
    h.run();
    let undo_top = h.get_by_label("Undo").rect().top();
    click_point(&mut h, CENTRE);
    wait_for_ai(&mut h);
    let reply = *h.state().game().moves().last().unwrap();
    let name = gomoku::rules::point_name(reply, 15);
    let said = format!("The AI played {name} after");
    assert!(h.query_by_label_contains(&said).is_some(), "{said}");
    // The whole report fits the space kept for it: the buttons below
    // are where they were on the empty board.
    assert!(
        h.query_by_label("Line").is_some(),
        "the search's line is shown"
    );
    assert_eq!(h.get_by_label("Undo").rect().top(), undo_top);
    // Looking back at an earlier position, the summary goes.
    h.state_mut().go_to_ply(1);
    h.run();
    assert!(h.query_by_label_contains("The AI played").is_none());
}
