//! Game records: Piskvork `.psq` files, plain position strings
//! (`h8i9j7`) and SGF files with variations ([`parse_sgf`]).
//!
//! [`parse_record`] tells the two apart by their first line, reads the
//! moves and replays them under the freestyle rule, so a record that is
//! accepted can always be loaded into a [`GameModel`]. Every refusal names
//! the 1-based line and the reason, and nothing is half-read: either the
//! whole record comes back or an error does.

mod error;
mod position;
mod psq;
mod sgf;

pub use error::{RecordError, RecordErrorKind};
pub use position::{parse_position_record, write_position_string};
pub use psq::{parse_psq, write_psq, write_psq_with_players, PSQ_MAGIC};
pub use sgf::{parse_sgf, write_sgf, SgfError, SgfErrorKind, SgfGame, SgfInfo};

use crate::rules::{GameError, GameModel, GameSettings, Point, Rule, Status, STANDARD_SIZE};
use serde::{Deserialize, Serialize};

/// A game as read from a record: the board size and the moves, Black
/// first, colours alternating.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    /// Board side.
    pub size: u8,
    /// Moves in the order played, Black first.
    pub moves: Vec<Point>,
}

impl Record {
    /// The record as a game with the given rule.
    ///
    /// A record accepted by the parsers always replays: they stop at the
    /// first five of any length, and before that point no rule has a
    /// winner either.
    ///
    /// # Errors
    /// The first move that cannot be played, if the record was built by
    /// hand rather than parsed.
    pub fn to_game(&self, rule: Rule) -> Result<GameModel, GameError> {
        let settings = GameSettings {
            size: self.size,
            rule,
        };
        GameModel::from_moves(settings, &self.moves)
    }
}

/// Reads a record, telling the format by its first non-blank line: a line
/// starting with `Piskvorky` is a `.psq` file, anything else a position
/// string. Position strings without a size tag (`20x20 h8i9`) are read on
/// the standard 15 × 15 board; see [`parse_record_sized`] to choose.
///
/// # Errors
/// [`RecordError`] with the line and the reason.
pub fn parse_record(text: &str) -> Result<Record, RecordError> {
    parse_record_sized(text, STANDARD_SIZE)
}

/// As [`parse_record`], but position strings without a size tag are read
/// on a board of side `plain_size` (for example the board of the game the
/// user pastes into).
///
/// # Errors
/// [`RecordError`] with the line and the reason.
pub fn parse_record_sized(text: &str, plain_size: u8) -> Result<Record, RecordError> {
    let text = strip_bom(text);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        None => Err(RecordError::new(1, RecordErrorKind::Empty)),
        Some(line) if psq::looks_like_psq(line) => parse_psq(text),
        Some(_) => parse_position_record(text, plain_size),
    }
}

/// Drops a leading byte-order mark, which some Windows editors write at
/// the start of text files.
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Replays `moves` under the freestyle rule and reports the first move
/// that cannot be played. `line_of(i)` gives the 1-based line of move
/// `i` (0-based) for the error.
fn validate(
    size: u8,
    moves: &[Point],
    line_of: impl Fn(usize) -> usize,
) -> Result<(), RecordError> {
    let settings = GameSettings {
        size,
        rule: Rule::Freestyle,
    };
    let mut game = GameModel::new(settings).map_err(|_| {
        RecordError::new(
            line_of(0),
            RecordErrorKind::UnsupportedSize {
                width: u32::from(size),
                height: u32::from(size),
            },
        )
    })?;
    for (i, &p) in moves.iter().enumerate() {
        let number = i + 1;
        if let Status::Over(outcome) = game.status() {
            let kind = match outcome.winner() {
                Some(_) => RecordErrorKind::MoveAfterFive { number },
                None => RecordErrorKind::MoveAfterEnd { number },
            };
            return Err(RecordError::new(line_of(i), kind));
        }
        match game.play(p) {
            Ok(()) => {}
            Err(GameError::Occupied(name)) => {
                return Err(RecordError::new(
                    line_of(i),
                    RecordErrorKind::Occupied { number, name },
                ))
            }
            Err(other) => {
                return Err(RecordError::new(
                    line_of(i),
                    RecordErrorKind::Illegal {
                        number,
                        reason: other.to_string(),
                    },
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
