//! Rendered pictures of the board, compared with the PNGs under
//! `tests/snapshots/` (regenerate with `UPDATE_SNAPSHOTS=1`).

use crate::common::harness_sized;
use gomoku::app::{AppSettings, Theme};
use gomoku::i18n::Lang;
use gomoku::play::Mode;
use gomoku::rules::{GameModel, GameSettings};

/// Smaller than the app's window, to keep the PNGs small.
const SNAP_SIZE: [f32; 2] = [820.0, 600.0];

fn game(moves: &str) -> GameModel {
    let settings = GameSettings::default();
    GameModel::from_position_string(settings, moves).expect("a legal game")
}

fn snapshot(name: &str, settings: AppSettings, moves: &str) {
    let mut h = harness_sized(settings, SNAP_SIZE, 1.0);
    h.state_mut().load_game(game(moves));
    h.run();
    h.snapshot(name);
}

#[test]
fn board_in_mid_game() {
    snapshot(
        "board_midgame",
        AppSettings {
            mode: Mode::TwoPlayer,
            ..AppSettings::default()
        },
        "h8i9j8i8i7j9h9h7k10g6",
    );
}

#[test]
fn board_at_a_win_with_move_numbers_in_the_dark() {
    snapshot(
        "board_win_dark",
        AppSettings {
            mode: Mode::TwoPlayer,
            theme: Theme::Dark,
            move_numbers: true,
            ..AppSettings::default()
        },
        "h8h9g7i8i9g8j10j9b12k11f6",
    );
}

#[test]
fn the_chinese_interface_after_a_win() {
    snapshot(
        "chinese_win",
        AppSettings {
            mode: Mode::TwoPlayer,
            language: Some(Lang::Chinese),
            ..AppSettings::default()
        },
        "h8h9g7i8i9g8j10j9b12k11f6",
    );
}
