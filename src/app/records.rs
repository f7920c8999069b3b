//! The app's link to game records: position strings and `.psq` files.
//!
//! All calls to the record layer sit in this file.

use crate::record::{parse_record_sized, write_position_string, write_psq};
use crate::rules::{GameModel, GameSettings};
use crate::storage::write_atomic;
use std::path::Path;

/// The current game as a position string such as `h8i9j7`.
#[must_use]
pub fn to_position_string(game: &GameModel) -> String {
    write_position_string(game.size(), game.moves())
}

/// A game from pasted or typed text: a position string or a whole `.psq`
/// record. The rule and mode come from `settings`; the size from the
/// record (or `settings` for a plain position string).
///
/// # Errors
/// The line and reason of the first problem; nothing is changed.
pub fn from_text(text: &str, settings: GameSettings) -> Result<GameModel, String> {
    let record = parse_record_sized(text, settings.size).map_err(|e| e.to_string())?;
    record
        .to_game(settings.rule, settings.mode)
        .map_err(|e| e.to_string())
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

/// Writes the game to `path`: a Piskvork record if the name ends in
/// `.psq`, a position string otherwise.
///
/// # Errors
/// Why the file could not be written, with its name.
pub fn save(path: &Path, game: &GameModel) -> Result<(), String> {
    let is_psq = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("psq"));
    let text = if is_psq {
        write_psq(game.size(), game.moves(), None)
    } else {
        let mut t = to_position_string(game);
        t.push('\n');
        t
    };
    write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
