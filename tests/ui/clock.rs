//! Game clocks through the window: both clocks shown, the warning sound,
//! a person losing on time, and undo after the flag.

use crate::common::{harness, run_until};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::play::Mode;
use gomoku::rules::{Outcome, Stone, TimeControl};
use gomoku::sound::Cue;
use std::time::Duration;

#[test]
fn a_person_who_runs_out_of_time_loses_on_time() {
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        clock: TimeControl::sudden_death(Duration::from_millis(600)),
        ..AppSettings::default()
    });
    h.run();
    // Both clocks, under a second each, tenths shown.
    assert!(h.query_by_label_contains("Black 0:00.").is_some());
    assert!(h.query_by_label_contains("White 0:00.6").is_some());
    run_until(&mut h, "the flag", |app| app.game().is_over());
    assert_eq!(
        h.state().game().outcome(),
        Some(&Outcome::OnTime {
            loser: Stone::Black
        })
    );
    assert!(h.query_by_label_contains("You lost on time").is_some());
    let cues = h.state().played_cues();
    assert!(
        cues.contains(&Cue::LowTime),
        "the warning sounded: {cues:?}"
    );
    assert!(cues.contains(&Cue::Loss));
    // The flagged clock reads zero and the other is untouched.
    assert!(h.query_by_label("Black 0:00.0").is_some());
    assert!(h.query_by_label("White 0:00.6").is_some());
}

#[test]
fn the_clock_setting_starts_timed_games_and_the_menu_names_it() {
    let mut h = harness(AppSettings::default());
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Clock (next game)").click();
    h.run();
    h.get_by_label("5 min + 5 s").click();
    h.run();
    assert_eq!(
        h.state().settings().clock,
        TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(5))
    );
    // The game on the board is untimed; the next one has the clock.
    assert!(h.state().table().clock().is_none());
    h.state_mut().start_new_game();
    h.run();
    let clock = h.state().table().clock().expect("a timed game");
    assert!(clock.is_running());
    assert!(
        h.query_by_label_contains("Black 5:00").is_some()
            || h.query_by_label_contains("Black 4:59").is_some()
    );
}

#[test]
fn in_a_narrow_window_the_clocks_stay_in_the_status_bar() {
    let mut h = crate::common::harness_sized(
        AppSettings {
            mode: Mode::TwoPlayer,
            clock: TimeControl::sudden_death(Duration::from_secs(300)),
            ..AppSettings::default()
        },
        [640.0, 480.0],
        1.0,
    );
    h.run();
    // The game panel is a closed drawer at this width; both clocks show.
    assert!(
        h.query_by_label_contains("Black 4:5").is_some()
            || h.query_by_label("Black 5:00").is_some()
    );
    assert!(h.query_by_label("White 5:00").is_some());
}

/// How much of `stone`'s main time is gone.
fn used(
    h: &egui_kittest::Harness<'static, gomoku::app::GomokuApp>,
    stone: Stone,
    main: Duration,
) -> Duration {
    let clock = h.state().table().clock().expect("a timed game");
    main - clock.remaining(stone).expect("a main time")
}

#[test]
fn the_game_clock_stands_still_while_the_player_is_in_puzzles() {
    let main = Duration::from_secs(60);
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        clock: TimeControl::sudden_death(main),
        ..AppSettings::default()
    });
    h.run();
    assert!(h.state().session().clock_running());
    h.state_mut()
        .puzzle_action(gomoku::app::action::PuzzleAction::Start);
    h.run();
    let before = used(&h, Stone::Black, main);
    for _ in 0..40 {
        h.run();
        std::thread::sleep(Duration::from_millis(10));
    }
    let during = used(&h, Stone::Black, main) - before;
    assert!(
        during < Duration::from_millis(100),
        "Black's clock ran {during:?} while the player solved puzzles"
    );
    assert!(!h.state().session().clock_running());
    // Back to the game, the clock runs again for the side to move.
    h.state_mut()
        .puzzle_action(gomoku::app::action::PuzzleAction::Leave);
    h.run();
    assert!(h.state().session().clock_running());
}

#[test]
fn under_swap2_the_clocks_wait_while_the_player_chooses_a_colour() {
    let main = Duration::from_secs(180);
    let mut h = harness(AppSettings {
        // White's seat: the AI places three stones, the person decides.
        mode: Mode::VsAi {
            human: Stone::White,
        },
        clock: TimeControl::fischer(main, Duration::from_secs(2)),
        opening_rule: gomoku::rules::opening::OpeningRule::Swap2,
        ..AppSettings::default()
    });
    h.run();
    h.state_mut().start_new_game();
    run_until(&mut h, "the AI's three stones", |app| {
        !app.session_ai_deciding() && app.game().moves().len() == 3
    });
    assert!(h.state().table().in_opening(), "the person is to decide");
    for _ in 0..30 {
        h.run();
        std::thread::sleep(Duration::from_millis(10));
    }
    for stone in [Stone::Black, Stone::White] {
        assert_eq!(
            used(&h, stone, main),
            Duration::ZERO,
            "{stone:?}'s clock ran"
        );
    }
    assert!(!h.state().session().clock_running());
}
