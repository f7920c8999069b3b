//! The player's letters on the board, edited one point at a time (from the
//! explorer's "Edit labels" and `gomoku-text`'s `label`): a click puts the
//! next free letter on an empty point and takes a letter away. Each edit
//! reads and writes the position's labels inside one transaction, so two
//! quick clicks never give two points the same letter.

use super::db::{stored, LibraryError};
use super::entry::{Position, Results};
use super::key::Canonical;
use super::write::Writer;
use crate::rules::{Marks, Point};
use rusqlite::{params, OptionalExtension};

/// The letters a click gives, in order: RenLib shows its board texts as
/// letters, and a study rarely marks more than a few points.
const LETTERS: std::ops::RangeInclusive<char> = 'A'..='Z';

/// The first letter of A…Z that no label of `marks` uses, in either case
/// (an imported "a" and a new "A" would read as one letter); `None` when
/// all 26 are taken.
#[must_use]
pub fn next_letter(marks: &Marks) -> Option<String> {
    LETTERS
        .into_iter()
        .find(|l| {
            !marks
                .labels()
                .iter()
                .any(|(_, t)| t.eq_ignore_ascii_case(&l.to_string()))
        })
        .map(String::from)
}

/// What a click on a point did to its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabelEdit {
    /// The label was put there (its text).
    Put(String),
    /// The label there was taken away (its text).
    Removed(String),
    /// Nothing: a stone with no label, or every letter in use.
    Unchanged,
}

impl Writer<'_> {
    /// The labels of `pos` (on its board), read inside the transaction.
    fn labels_of(&self, id: i64, c: &Canonical) -> Result<Marks, LibraryError> {
        let mut marks = Marks::default();
        let mut stmt = self
            .tx()
            .prepare_cached("SELECT point, text FROM labels WHERE position = ?1")?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            if let Some(p) = super::key::point_of_index(r.get(0)?, c.size()) {
                marks.set_label(c.to_board(p), r.get::<_, String>(1)?);
            }
        }
        Ok(marks)
    }

    /// Puts `text` on `p` of `pos` (on its board), replacing the label
    /// there; empty text takes it away.
    ///
    /// # Errors
    /// SQLite's.
    pub fn set_label(&self, pos: &Position, p: Point, text: &str) -> Result<(), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        let point = stored(c.to_library(p), c.size());
        let text = text.trim();
        if text.is_empty() {
            self.tx()
                .prepare_cached("DELETE FROM labels WHERE position = ?1 AND point = ?2")?
                .execute(params![id, point])?;
        } else {
            self.tx()
                .prepare_cached(
                    "INSERT INTO labels(position, point, text) VALUES (?1, ?2, ?3)
                     ON CONFLICT(position, point) DO UPDATE SET text = excluded.text",
                )?
                .execute(params![id, point, text])?;
        }
        Ok(())
    }

    /// A click on `p` of `pos`: takes away the label there, or puts the
    /// next free letter on it if the point is empty.
    ///
    /// # Errors
    /// SQLite's.
    pub fn toggle_label(&self, pos: &Position, p: Point) -> Result<LabelEdit, LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        let here: Option<String> = self
            .tx()
            .prepare_cached("SELECT text FROM labels WHERE position = ?1 AND point = ?2")?
            .query_row(params![id, stored(c.to_library(p), c.size())], |r| r.get(0))
            .optional()?;
        if let Some(text) = here {
            self.set_label(pos, p, "")?;
            return Ok(LabelEdit::Removed(text));
        }
        if !pos.board.is_empty_at(p) {
            return Ok(LabelEdit::Unchanged);
        }
        match next_letter(&self.labels_of(id, &c)?) {
            Some(letter) => {
                self.set_label(pos, p, &letter)?;
                Ok(LabelEdit::Put(letter))
            }
            None => Ok(LabelEdit::Unchanged),
        }
    }
}
