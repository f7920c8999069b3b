//! What the menus say matches what the keys do: Ctrl+N starts a new game
//! in the current mode (the README's "New game"), so the Game menu shows
//! it beside that mode's new-game item, and not beside Restart.

mod ui_common;

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::i18n::Lang;
use gomoku::play::Mode;
use gomoku::rules::{Point, Stone};
use ui_common::{click_point, harness, wait_for_ai};

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

#[test]
fn ctrl_n_is_shown_beside_the_new_game_of_the_current_mode() {
    for (mode, item) in [
        (
            Mode::VsAi {
                human: Stone::Black,
            },
            NEW_GAME_ITEMS[0],
        ),
        (
            Mode::VsAi {
                human: Stone::White,
            },
            NEW_GAME_ITEMS[1],
        ),
        (Mode::TwoPlayer, NEW_GAME_ITEMS[2]),
    ] {
        let mut h = harness(settings(mode));
        assert_eq!(items_showing_ctrl_n(&mut h), vec![item], "{mode:?}");
    }
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
