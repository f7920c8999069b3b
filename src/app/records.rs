//! The app's link to game records: position strings and `.psq` files.
//!
//! All calls to the record layer sit in this file.

use crate::rules::{GameModel, GameSettings};
use std::path::Path;

/// The current game as a position string such as `h8i9j7`.
#[must_use]
pub fn to_position_string(game: &GameModel) -> String {
    game.position_string()
}

/// A game from pasted or typed text: a position string. The board size,
/// rule and mode come from `settings`.
///
/// # Errors
/// A message naming the first bad move; nothing is changed.
pub fn from_text(text: &str, settings: GameSettings) -> Result<GameModel, String> {
    GameModel::from_position_string(settings, text.trim()).map_err(|e| e.to_string())
}

/// Reads a record from `path`.
///
/// # Errors
/// Why the file could not be read or used, with its name.
pub fn open(path: &Path, settings: GameSettings) -> Result<GameModel, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    from_text(&text, settings).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the game to `path`.
///
/// # Errors
/// Why the file could not be written, with its name.
pub fn save(path: &Path, game: &GameModel) -> Result<(), String> {
    let mut text = to_position_string(game);
    text.push('\n');
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
