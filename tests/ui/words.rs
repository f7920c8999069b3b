//! What the menus say matches what the keys do: Ctrl+N starts a new game
//! with the players the settings hold (the README's "New game"), and the
//! Game menu's first item names them ("New game: You (White) vs AI
//! (Normal)") beside the key; no other item claims it.

use crate::common::{click_point, harness, wait_for_ai};
use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::i18n::Lang;
use gomoku::play::Mode;
use gomoku::rules::{Point, Stone};

/// The menu items that start a game, as the Game menu labels them.
const NEW_GAME_ITEMS: [&str; 4] = [
    "Play Black (you move first)",
    "Play White (the AI opens)",
    "New two-player game",
    "Restart",
];

fn settings(mode: Mode) -> AppSettings {
    AppSettings {
        mode,
        language: Some(Lang::English),
        ..AppSettings::default()
    }
}

/// The Game menu's new-game items whose accessible label (item text and
/// shortcut text) names Ctrl+N.
fn items_showing_ctrl_n(h: &mut Harness<'static, GomokuApp>) -> Vec<&'static str> {
    h.get_by_label("Game").click();
    h.run();
    let shown = NEW_GAME_ITEMS
        .into_iter()
        .filter(|item| {
            let node = h.get_by_label_contains(item);
            let label = node.accesskit_node().label().unwrap_or_default();
            label.contains("Ctrl+N")
        })
        .collect();
    h.key_press(Key::Escape);
    h.run();
    shown
}

/// The Game menu's item that shows Ctrl+N (there must be one only):
/// what the key starts, in words.
fn ctrl_n_item(h: &mut Harness<'static, GomokuApp>) -> String {
    h.get_by_label("Game").click();
    h.run();
    let label = h
        .get_by_label_contains("Ctrl+N")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    h.key_press(Key::Escape);
    h.run();
    label
}

#[test]
fn only_the_item_naming_the_next_game_shows_ctrl_n() {
    for (mode, words) in [
        (
            Mode::VsAi {
                human: Stone::Black,
            },
            "New game: You (Black) vs AI (Level 6 · Normal)",
        ),
        (
            Mode::VsAi {
                human: Stone::White,
            },
            "New game: You (White) vs AI (Level 6 · Normal)",
        ),
        (Mode::TwoPlayer, "New game: Two players"),
    ] {
        let mut h = harness(settings(mode));
        assert!(items_showing_ctrl_n(&mut h).is_empty(), "{mode:?}");
        let item = ctrl_n_item(&mut h);
        assert!(item.starts_with(words), "{mode:?}: {item}");
        assert!(item.contains("Ctrl+N"), "the key is shown: {item}");
    }
}

#[test]
fn after_a_game_as_white_ctrl_n_and_its_item_agree() {
    let mut h = harness(settings(Mode::VsAi {
        human: Stone::Black,
    }));
    h.state_mut().new_game_vs_ai(Stone::White);
    h.run();
    let item = ctrl_n_item(&mut h);
    assert!(
        item.starts_with("New game: You (White) vs AI (Level 6 · Normal)"),
        "{item}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert_eq!(
        h.state().table().mode(),
        Mode::VsAi {
            human: Stone::White
        }
    );
    // Under an opening rule the person has a seat, not yet a colour.
    let mut s = h.state().settings().clone();
    s.opening_rule = gomoku::rules::opening::OpeningRule::Swap2;
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        gomoku::app::Action::Settings {
            settings: Box::new(s),
            save: false,
        },
        &ctx,
    );
    h.run();
    let item = ctrl_n_item(&mut h);
    assert!(
        item.starts_with("New game (Swap2): You (second player) vs AI (Level 6 · Normal)"),
        "{item}"
    );
}

#[test]
fn ctrl_n_starts_a_new_game_in_the_current_mode() {
    let mut h = harness(settings(Mode::TwoPlayer));
    click_point(&mut h, Point::new(7, 7));
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.state().game().moves().is_empty());
    assert_eq!(h.state().table().mode(), Mode::TwoPlayer);

    let mut h = harness(settings(Mode::VsAi {
        human: Stone::White,
    }));
    wait_for_ai(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert_eq!(
        h.state().table().mode(),
        Mode::VsAi {
            human: Stone::White
        }
    );
}

#[test]
fn after_resigning_the_status_bar_says_undo_takes_the_resignation_back() {
    let mut h = harness(settings(Mode::VsAi {
        human: Stone::Black,
    }));
    click_point(&mut h, Point::new(7, 7));
    wait_for_ai(&mut h);
    h.state_mut().resign();
    h.run();
    assert!(h
        .query_by_label_contains("Undo to take back the resignation")
        .is_some());
    assert!(h
        .query_by_label_contains("take back the last move")
        .is_none());
}

#[test]
fn a_refusal_said_alone_starts_with_a_capital() {
    let mut h = harness(settings(Mode::TwoPlayer));
    h.state_mut()
        .load_game(crate::common::two_player_game("a1h8c1h9e1h10g1h11a3k5c3h7"));
    h.run();
    click_point(&mut h, Point::new(0, 10));
    let said = h.state().status_message().unwrap_or_default().to_string();
    assert_eq!(said, "The game is over");
}
