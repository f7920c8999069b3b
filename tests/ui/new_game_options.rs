//! Two ways a new game can differ from a plain one, through the window: it
//! starts from one of the 26 named openings (Game → New game from
//! opening…), or each side has its own clock (Settings → Clock, Black and
//! White apart).

use crate::common::{click_point, harness, run_until};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::play::Mode;
use gomoku::rules::opening::{NamedOpening, OpeningRule, Seat};
use gomoku::rules::{Outcome, Stone, TimeControl};
use std::time::Duration;

fn kagetsu() -> NamedOpening {
    "Kagetsu".parse().unwrap()
}

fn choose_from_the_menu(h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("New game from opening…").click();
    h.run();
    assert!(h.query_by_label("New game from an opening").is_some());
    h.get_by_label("花月 · Kagetsu (D4, direct)").click();
    h.run();
}

#[test]
fn a_free_game_starts_from_the_chosen_opening() {
    let mut h = harness(AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    });
    h.run();
    click_point(&mut h, gomoku::rules::Point::new(3, 3));
    let before = h.state().game().clone();
    choose_from_the_menu(&mut h);
    assert_eq!(h.state().game().moves(), kagetsu().moves(15));
    assert_eq!(h.state().game().side_to_move(), Stone::White);
    assert!(h.query_by_label_contains("Kagetsu (D4, direct)").is_some());
    assert!(
        h.query_by_label("New game from an opening").is_none(),
        "the window closed"
    );
    crate::common::replaced_game_is_kept_and_undone(&mut h, &before);
}

#[test]
fn under_the_renju_rule_the_opening_goes_on_after_the_third_stone() {
    let mut h = harness(AppSettings {
        mode: Mode::TwoPlayer,
        opening_rule: OpeningRule::Renju26 { offers: 2 },
        ..AppSettings::default()
    });
    h.run();
    choose_from_the_menu(&mut h);
    let table = h.state().table();
    assert_eq!(table.game().moves(), kagetsu().moves(15));
    // The opener has set the opening; the other player may swap now.
    let stage = table.opening_stage().expect("the opening goes on");
    assert_eq!(stage.seat, Seat::Second);
    assert!(h.query_by_label_contains("Kagetsu (D4, direct)").is_some());
    // In Chinese the row names it too.
    h.state_mut().set_language(gomoku::i18n::Lang::Chinese);
    h.run();
    assert!(h.query_by_label_contains("花月（D4，直指）").is_some());
}

#[test]
fn each_side_runs_its_own_clock() {
    let minute = TimeControl::sudden_death(Duration::from_secs(60));
    let short = TimeControl::sudden_death(Duration::from_millis(500));
    let mut h = harness(AppSettings {
        mode: Mode::TwoPlayer,
        clock: minute,
        white_clock: Some(short),
        ..AppSettings::default()
    });
    h.run();
    assert!(h.query_by_label_contains("White 0:00.5").is_some());
    assert!(
        h.query_by_label_contains("Black 1:00").is_some()
            || h.query_by_label_contains("Black 0:59").is_some()
    );
    click_point(&mut h, gomoku::rules::Point::new(7, 7));
    // White's half second runs out; Black's minute is hardly touched.
    run_until(&mut h, "White's flag", |app| app.game().is_over());
    assert_eq!(
        h.state().game().outcome(),
        Some(&Outcome::OnTime {
            loser: Stone::White
        })
    );
    let clock = h.state().table().clock().unwrap();
    assert!(clock.remaining(Stone::Black).unwrap() > Duration::from_secs(50));
    assert_eq!(clock.control(Stone::White), short);
}

#[test]
fn the_clock_menu_sets_black_and_white_apart() {
    let mut h = harness(AppSettings::default());
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Clock (next game)").click();
    h.run();
    h.get_by_label("Black and White apart").click();
    h.run();
    // Two columns of the same choices: the second "5 min" is White's.
    let white_five = |h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>| {
        h.get_all_by_label("5 min")
            .nth(1)
            .expect("White's column")
            .click();
        h.run();
    };
    white_five(&mut h);
    let five = TimeControl::sudden_death(Duration::from_secs(300));
    let ten = TimeControl::sudden_death(Duration::from_secs(600));
    let s = h.state().settings();
    assert_eq!((s.clock, s.white_clock), (ten, Some(five)));
    // Back to one clock for both, and apart again.
    h.get_by_label("Same for both").click();
    h.run();
    assert_eq!(h.state().settings().white_clock, None);
    assert_eq!(h.state().settings().clock, ten);
    h.get_by_label("Black and White apart").click();
    h.run();
    white_five(&mut h);
    h.state_mut().start_new_game();
    h.run();
    let clock = h.state().table().clock().expect("a timed game");
    assert_eq!(
        (clock.control(Stone::Black), clock.control(Stone::White)),
        (ten, five)
    );
    assert!(
        h.query_by_label_contains("White 5:00").is_some()
            || h.query_by_label_contains("White 4:59").is_some()
    );
    assert!(
        h.query_by_label_contains("Black 10:00").is_some()
            || h.query_by_label_contains("Black 9:59").is_some()
    );
}
