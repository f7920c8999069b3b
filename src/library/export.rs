//! The library's tree from a position, out to a RenLib `.lib` file or an
//! SGF file with variations.
//!
//! The tree starts at the empty board, follows the moves that lead to the
//! chosen position (with the notes the library has on each), then every
//! move the library has seen from there, depth first, in the order they
//! were first seen (so an imported file's main line stays first). A
//! position reached again by transposition is written where it is met
//! first in full, and as a leaf (its comment and marks, no moves) after
//! that, so a tree with many transpositions does not grow without bound.

use super::db::{Library, LibraryError};
use super::entry::Position;
use super::key::{point_of_index, Canonical};
use super::renlib::{self, encoding_rs::Encoding, WriteError};
use crate::record::{write_sgf, SgfInfo};
use crate::rules::{Board, GameModel, GameSettings, GameTree, Marks, Point, Stone};
use rusqlite::OptionalExtension;
use std::collections::HashSet;
use thiserror::Error;

/// The most positions one export writes (a library of a million positions
/// exported from the empty board would make a file no program opens).
pub const MAX_EXPORT_NODES: usize = 500_000;

/// Why an export failed.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The database refused.
    #[error(transparent)]
    Library(#[from] LibraryError),
    /// The tree cannot be a `.lib` file (a board other than 15 × 15, a
    /// character the code page lacks).
    #[error(transparent)]
    RenLib(#[from] WriteError),
}

/// The tree an export writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportTree {
    /// The moves, comments and marks.
    pub tree: GameTree,
    /// True when [`MAX_EXPORT_NODES`] cut it short.
    pub truncated: bool,
}

impl Library {
    /// The comment and marks of the position `c` names, turned to its
    /// board.
    fn notes(&self, c: &Canonical) -> Result<(String, Marks), LibraryError> {
        let row = self
            .conn
            .prepare_cached("SELECT id, comment, marked, start FROM positions WHERE key = ?1")?
            .query_row([c.key.as_bytes()], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                    r.get::<_, bool>(3)?,
                ))
            })
            .optional()?;
        let Some((id, comment, marked, start)) = row else {
            return Ok((String::new(), Marks::default()));
        };
        let mut marks = Marks::default();
        marks.marked = marked;
        marks.start = start;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT point, text FROM labels WHERE position = ?1")?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            if let Some(p) = point_of_index(r.get(0)?, c.size()) {
                marks.set_label(c.to_board(p), r.get::<_, String>(1)?);
            }
        }
        Ok((comment, marks))
    }

    /// The library's tree from the position `path` leads to from the
    /// empty board of `settings`.
    ///
    /// # Errors
    /// SQLite's.
    pub fn export_tree(
        &self,
        settings: GameSettings,
        path: &[Point],
    ) -> Result<ExportTree, LibraryError> {
        let empty = Board::new(settings.size).unwrap_or_else(|_| Board::standard());
        let mut tree = GameTree::new(empty.clone(), Stone::Black);
        let mut pos = Position {
            board: empty,
            to_move: Stone::Black,
            rule: settings.rule,
        };
        let mut node_path: Vec<usize> = Vec::new();
        let mut nodes = 1usize;
        self.annotate(&mut tree, &node_path, &pos)?;
        for &mv in path {
            let Ok(next) = pos.after(mv) else { break };
            let Some(i) = tree.add_or_follow(&node_path, mv) else {
                break;
            };
            node_path.push(i);
            nodes += 1;
            pos = next;
            self.annotate(&mut tree, &node_path, &pos)?;
        }
        let mut expanded: HashSet<Vec<u8>> = HashSet::new();
        let mut truncated = false;
        let mut stack = vec![(node_path, pos)];
        while let Some((at, pos)) = stack.pop() {
            let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
            if !expanded.insert(c.key.as_bytes().to_vec()) {
                continue;
            }
            let mut children = Vec::new();
            for (lib_move, _) in self.library_moves(&c)? {
                let mv = c.to_board(lib_move);
                let Ok(next) = pos.after(mv) else { continue };
                if nodes >= MAX_EXPORT_NODES {
                    truncated = true;
                    break;
                }
                let Some(i) = tree.add_or_follow(&at, mv) else {
                    continue;
                };
                nodes += 1;
                let mut child = at.clone();
                child.push(i);
                self.annotate(&mut tree, &child, &next)?;
                children.push((child, next));
            }
            stack.extend(children.into_iter().rev());
        }
        Ok(ExportTree { tree, truncated })
    }

    /// Puts the library's notes on `pos` on the tree's node at `path`.
    fn annotate(
        &self,
        tree: &mut GameTree,
        path: &[usize],
        pos: &Position,
    ) -> Result<(), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let (comment, marks) = self.notes(&c)?;
        if let Some(node) = tree.node_mut(path) {
            node.comment = comment;
            node.marks = marks;
        }
        Ok(())
    }

    /// The library's tree from the position `path` leads to, as a RenLib
    /// `.lib` file with its texts in `encoding`.
    ///
    /// # Errors
    /// [`ExportError`]: the database, or a tree RenLib cannot hold (only
    /// 15 × 15 boards).
    pub fn export_renlib(
        &self,
        settings: GameSettings,
        path: &[Point],
        encoding: &'static Encoding,
    ) -> Result<(Vec<u8>, bool), ExportError> {
        let out = self.export_tree(settings, path)?;
        Ok((renlib::write(&out.tree, &[], encoding)?, out.truncated))
    }

    /// The library's tree from the position `path` leads to, as SGF with
    /// variations and comments. Moves the rule refuses (a move after a
    /// five, a forbidden move in renju) end their branch.
    ///
    /// # Errors
    /// SQLite's.
    pub fn export_sgf(
        &self,
        settings: GameSettings,
        path: &[Point],
    ) -> Result<(String, bool), LibraryError> {
        let out = self.export_tree(settings, path)?;
        let game = game_of_tree(&out.tree, settings);
        Ok((write_sgf(&game, &SgfInfo::default()), out.truncated))
    }
}

/// The tree replayed as a game, comments included.
fn game_of_tree(tree: &GameTree, settings: GameSettings) -> GameModel {
    let Ok(mut game) = GameModel::new(settings) else {
        return GameModel::new(GameSettings::default()).expect("the default settings are valid");
    };
    game.set_comment(&tree.root().comment);
    let mut stack: Vec<(Vec<usize>, Vec<usize>)> = vec![(Vec::new(), Vec::new())];
    while let Some((tree_path, game_path)) = stack.pop() {
        let Some(node) = tree.node(&tree_path) else {
            continue;
        };
        let mut next = Vec::new();
        for (i, child) in node.children().iter().enumerate() {
            let Some(mv) = child.mv() else { continue };
            if game.goto_node(&game_path).is_err() || game.play(mv).is_err() {
                continue;
            }
            game.set_comment(&child.comment);
            let mut tp = tree_path.clone();
            tp.push(i);
            next.push((tp, game.path().to_vec()));
        }
        stack.extend(next.into_iter().rev());
    }
    game.to_start();
    game
}
