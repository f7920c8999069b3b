//! Writing to the library: games and study trees added, a player's comment
//! and marks, an engine's verdict. Everything goes through a [`Writer`],
//! one transaction: committed whole, or (dropped, or on an error) not at
//! all.

use super::db::{stored, Library, LibraryError};
use super::entry::{GameResult, Position, Results, Verdict};
use super::key::{rule_byte, Canonical};
use crate::rules::{print_moves, GameTree, Marks, Node, Point, Rule, Symmetry};
use rusqlite::{params, Transaction};

/// One transaction on the library.
pub struct Writer<'a> {
    tx: Transaction<'a>,
}

impl Library {
    /// Starts a transaction.
    ///
    /// # Errors
    /// SQLite's (the file is busy past the timeout, the disk is full).
    pub fn writer(&mut self) -> Result<Writer<'_>, LibraryError> {
        Ok(Writer {
            tx: self.conn.transaction()?,
        })
    }
}

/// A fingerprint of bytes (FNV-1a, 128 bits): stable across builds and
/// platforms, as it is stored.
#[must_use]
pub fn fingerprint(kind: u8, bytes: &[u8]) -> [u8; 16] {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let mut h = OFFSET;
    for &b in std::iter::once(&kind).chain(bytes) {
        h ^= u128::from(b);
        h = h.wrapping_mul(PRIME);
    }
    h.to_be_bytes()
}

/// The fingerprint of a game: its rule, side, result and moves, turned
/// by whichever symmetry makes the move list smallest, so a game and its
/// mirror image are one game.
#[must_use]
pub fn game_fingerprint(rule: Rule, size: u8, moves: &[Point], result: GameResult) -> [u8; 16] {
    let best = Symmetry::ALL
        .iter()
        .map(|s| {
            moves
                .iter()
                .map(|p| super::key::point_index(s.apply(*p, size), size))
                .collect::<Vec<u16>>()
        })
        .min()
        .unwrap_or_default();
    let mut bytes = vec![rule_byte(rule), size, result as u8];
    for code in best {
        bytes.extend_from_slice(&code.to_be_bytes());
    }
    fingerprint(b'g', &bytes)
}

impl Writer<'_> {
    /// Makes the transaction's changes permanent.
    ///
    /// # Errors
    /// SQLite's; then nothing of the transaction is kept.
    pub fn commit(self) -> Result<(), LibraryError> {
        self.tx.commit()?;
        Ok(())
    }

    /// The transaction, for the library's other writing rooms.
    pub(super) fn tx(&self) -> &Transaction<'_> {
        &self.tx
    }

    /// Notes `fingerprint` as imported. False when it already was (the
    /// caller then skips the game or file).
    ///
    /// # Errors
    /// SQLite's.
    pub fn remember(&self, fingerprint: &[u8; 16]) -> Result<bool, LibraryError> {
        let n = self
            .tx
            .prepare_cached("INSERT OR IGNORE INTO imported(fingerprint) VALUES (?1)")?
            .execute([&fingerprint[..]])?;
        Ok(n == 1)
    }

    /// The row of `c`'s position, made if new, with `add` added to its
    /// results.
    pub(super) fn position_id(&self, c: &Canonical, add: Results) -> Result<i64, LibraryError> {
        let id = self
            .tx
            .prepare_cached(
                "INSERT INTO positions(key, black_wins, white_wins, draws)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(key) DO UPDATE SET
                    black_wins = black_wins + excluded.black_wins,
                    white_wins = white_wins + excluded.white_wins,
                    draws = draws + excluded.draws
                 RETURNING id",
            )?
            .query_row(
                params![
                    c.key.as_bytes(),
                    count(add.black),
                    count(add.white),
                    count(add.draws)
                ],
                |r| r.get(0),
            )?;
        Ok(id)
    }

    /// `mv` (on the board `c` was made from) counted once more from
    /// position `id`, with `add` added to its results.
    fn count_move(
        &self,
        id: i64,
        c: &Canonical,
        mv: Point,
        add: Results,
    ) -> Result<(), LibraryError> {
        // Kept as played (turned to the library's orientation), so an
        // exported tree has its moves where the file had them; the
        // explorer merges moves that are one under the position's own
        // symmetry.
        let point = stored(c.to_library(mv), c.size());
        self.tx
            .prepare_cached(
                "INSERT INTO moves(position, point, seen, black_wins, white_wins, draws, added)
                 VALUES (?1, ?2, 1, ?3, ?4, ?5,
                    (SELECT coalesce(max(added), 0) + 1 FROM moves WHERE position = ?1))
                 ON CONFLICT(position, point) DO UPDATE SET
                    seen = seen + 1,
                    black_wins = black_wins + excluded.black_wins,
                    white_wins = white_wins + excluded.white_wins,
                    draws = draws + excluded.draws",
            )?
            .execute(params![
                id,
                point,
                count(add.black),
                count(add.white),
                count(add.draws)
            ])?;
        Ok(())
    }

    /// Adds one game: every position it passed through and every move it
    /// played, with its result.
    ///
    /// # Errors
    /// SQLite's. A move onto a taken point ends the game there (records
    /// are checked by their readers before they come here).
    pub fn add_game(
        &self,
        start: &Position,
        moves: &[Point],
        result: GameResult,
    ) -> Result<(), LibraryError> {
        let add = Results::of(result);
        let mut pos = start.clone();
        for &mv in moves {
            let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
            let id = self.position_id(&c, add)?;
            let Ok(next) = pos.after(mv) else {
                return Ok(());
            };
            self.count_move(id, &c, mv, add)?;
            pos = next;
        }
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        self.position_id(&c, add)?;
        Ok(())
    }

    /// Adds a study tree or a game with variations under `rule`: every
    /// move seen once, every comment and mark merged in (a comment the
    /// position already holds is not repeated; an existing label wins),
    /// and `result` counted along the main line (first children).
    ///
    /// # Errors
    /// SQLite's.
    pub fn add_tree(
        &self,
        tree: &GameTree,
        rule: Rule,
        result: GameResult,
    ) -> Result<(), LibraryError> {
        let start = Position {
            board: tree.start().clone(),
            to_move: tree.first_to_move(),
            rule,
        };
        // Depth-first with an explicit stack: trees from files can be deep.
        let mut stack: Vec<(&Node, Position, bool)> = vec![(tree.root(), start, true)];
        while let Some((node, pos, main)) = stack.pop() {
            let add = if main {
                Results::of(result)
            } else {
                Results::default()
            };
            let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
            let id = self.position_id(&c, add)?;
            self.merge_notes(id, &c, &node.comment, &node.marks)?;
            // Counted in the tree's order (the first seen is exported
            // first), walked in preorder.
            let mut below = Vec::new();
            for (i, child) in node.children().iter().enumerate() {
                let Some(mv) = child.mv() else { continue };
                let Ok(next) = pos.after(mv) else { continue };
                let on_main = main && i == 0;
                let add = if on_main {
                    Results::of(result)
                } else {
                    Results::default()
                };
                self.count_move(id, &c, mv, add)?;
                below.push((child, next, on_main));
            }
            stack.extend(below.into_iter().rev());
        }
        Ok(())
    }

    /// Merges a comment and marks from a game's record into `pos`, as an
    /// import does: the game's comment is added below the library's (not
    /// repeated when the library's already holds it), a label the library
    /// already has on a point is kept, the mark is added.
    ///
    /// # Errors
    /// SQLite's.
    pub fn add_notes(
        &self,
        pos: &Position,
        comment: &str,
        marks: &Marks,
    ) -> Result<(), LibraryError> {
        if comment.trim().is_empty() && marks.is_empty() {
            return Ok(());
        }
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        self.merge_notes(id, &c, comment, marks)
    }

    /// Merges a comment and marks read from a file into position `id`.
    fn merge_notes(
        &self,
        id: i64,
        c: &Canonical,
        comment: &str,
        marks: &Marks,
    ) -> Result<(), LibraryError> {
        let comment = comment.trim_end();
        if !comment.is_empty() {
            self.tx
                .prepare_cached(
                    "UPDATE positions SET comment = CASE
                        WHEN comment = '' THEN ?2
                        WHEN instr(comment, ?2) > 0 THEN comment
                        ELSE comment || char(10) || ?2 END
                     WHERE id = ?1",
                )?
                .execute(params![id, comment])?;
        }
        if marks.marked || marks.start {
            self.tx
                .prepare_cached(
                    "UPDATE positions SET marked = marked OR ?2, start = start OR ?3 WHERE id = ?1",
                )?
                .execute(params![id, marks.marked, marks.start])?;
        }
        for (p, text) in marks.labels() {
            self.tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO labels(position, point, text) VALUES (?1, ?2, ?3)",
                )?
                .execute(params![id, stored(c.to_library(*p), c.size()), text])?;
        }
        Ok(())
    }

    /// Replaces the player's comment on `pos` (empty removes it).
    ///
    /// # Errors
    /// SQLite's.
    pub fn set_comment(&self, pos: &Position, text: &str) -> Result<(), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        self.tx
            .prepare_cached("UPDATE positions SET comment = ?2 WHERE id = ?1")?
            .execute(params![id, text.trim_end()])?;
        Ok(())
    }

    /// Replaces the marks and labels of `pos` (labels on its board).
    ///
    /// # Errors
    /// SQLite's.
    pub fn set_marks(&self, pos: &Position, marks: &Marks) -> Result<(), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        self.tx
            .prepare_cached("UPDATE positions SET marked = ?2, start = ?3 WHERE id = ?1")?
            .execute(params![id, marks.marked, marks.start])?;
        self.tx
            .prepare_cached("DELETE FROM labels WHERE position = ?1")?
            .execute([id])?;
        for (p, text) in marks.labels() {
            self.tx
                .prepare_cached("INSERT INTO labels(position, point, text) VALUES (?1, ?2, ?3)")?
                .execute(params![id, stored(c.to_library(*p), c.size()), text])?;
        }
        Ok(())
    }

    /// Keeps an engine's verdict on `pos` (its line on that board): it
    /// replaces the same engine's earlier verdict unless that one went
    /// deeper.
    ///
    /// # Errors
    /// SQLite's.
    pub fn add_verdict(&self, pos: &Position, v: &Verdict) -> Result<(), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let id = self.position_id(&c, Results::default())?;
        let line: Vec<Point> = v.line.iter().map(|p| c.to_library(*p)).collect();
        self.tx
            .prepare_cached(
                "INSERT INTO verdicts(position, engine, depth, score, line, date)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(position, engine) DO UPDATE SET
                    depth = excluded.depth, score = excluded.score,
                    line = excluded.line, date = excluded.date
                 WHERE excluded.depth >= verdicts.depth",
            )?
            .execute(params![
                id,
                v.engine,
                v.depth,
                v.score,
                print_moves(&line, c.size()),
                v.date
            ])?;
        Ok(())
    }
}

/// A count as SQLite stores it.
fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
