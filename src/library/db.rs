//! The library's database file: opening it (and setting a damaged one
//! aside), and reading what it knows of a position.

use super::entry::{Entry, MoveStat, Position, Results, Verdict};
use super::key::{point_index, point_of_index, Canonical};
use super::schema::{self, SchemaError, SCHEMA_VERSION};
use crate::rules::parse_moves;
use rusqlite::{Connection, ErrorCode, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// How long a write waits for another connection's write to finish
/// (the app's worker and a `gomoku-text` session may share the file).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How much of the file SQLite reads through a memory map: a lookup then
/// reads its pages straight from the system's file cache, without a system
/// call and a copy for each (a lookup touches a few pages per move shown).
/// Address space, not memory; a library past it is read the usual way
/// beyond this point.
const MMAP_BYTES: i64 = 1 << 30;

/// SQLite's own page cache, in KiB (negative in the pragma): room for the
/// upper levels of every index and the pages an import is writing.
const CACHE_KIB: i64 = 32 * 1024;

/// Prepared statements kept per connection: every query of a lookup and
/// of an import's writer, with room to spare (rusqlite keeps 16).
const STATEMENTS_KEPT: usize = 64;

/// A position's own row, by key.
const POSITION_SQL: &str = "SELECT id, comment, marked, start, black_wins, white_wins, draws
    FROM positions WHERE key = ?1";
/// A position's labels.
const LABELS_SQL: &str = "SELECT point, text FROM labels WHERE position = ?1";
/// A position's verdicts, deepest first.
const VERDICTS_SQL: &str = "SELECT engine, depth, score, line, date FROM verdicts
    WHERE position = ?1 ORDER BY depth DESC, date DESC";
/// The moves seen from a position, most seen first.
const MOVES_SQL: &str = "SELECT point, seen, black_wins, white_wins, draws FROM moves
    WHERE position = ?1 ORDER BY seen DESC, point";
/// What a move's row shows of the position after it: a comment, the
/// deepest verdict.
const CHILD_SQL: &str = "SELECT p.comment <> '', v.score, v.depth FROM positions p
    LEFT JOIN verdicts v ON v.position = p.id
    WHERE p.key = ?1 ORDER BY v.depth DESC LIMIT 1";

/// Every query of a lookup ([`Library::entry`]); each goes straight to its
/// rows through an index (a test reads their plans).
#[cfg(test)]
pub(super) const LOOKUP_QUERIES: [&str; 5] =
    [POSITION_SQL, LABELS_SQL, VERDICTS_SQL, MOVES_SQL, CHILD_SQL];

/// Why the library could not be used.
#[derive(Debug, Error)]
pub enum LibraryError {
    /// A newer build made the file; it is left as it is.
    #[error(
        "the library was written by a newer version of the game (schema {0}); it is left untouched"
    )]
    Newer(i64),
    /// The database refused.
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
}

impl From<SchemaError> for LibraryError {
    fn from(e: SchemaError) -> LibraryError {
        match e {
            SchemaError::Newer(v) => LibraryError::Newer(v),
            SchemaError::Sql(e) => LibraryError::Sql(e),
        }
    }
}

/// The position library: one SQLite database.
pub struct Library {
    pub(super) conn: Connection,
    path: Option<PathBuf>,
}

/// What opening found.
pub enum Opened {
    /// The file was there and sound, or there was none and a new one was
    /// made.
    Ready(Library),
    /// The file was damaged: it was renamed aside and a new, empty
    /// library made in its place.
    Recovered {
        /// The new library.
        library: Library,
        /// What was wrong, for the player.
        error: String,
        /// Where the damaged file went (`None`: it could not be moved).
        kept_as: Option<PathBuf>,
    },
}

impl Opened {
    /// The library, whatever was found.
    #[must_use]
    pub fn into_library(self) -> Library {
        match self {
            Opened::Ready(l) | Opened::Recovered { library: l, .. } => l,
        }
    }
}

/// True for SQLite's answers that mean "this file is not a sound
/// database".
fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

impl Library {
    /// Opens the library at `path`, making it if there is none, bringing
    /// an older schema up to date. A damaged file is renamed to
    /// `NAME.corrupt-<time>` (its journal files beside it likewise) and a
    /// new library made.
    ///
    /// # Errors
    /// [`LibraryError::Newer`] for a file of a newer build (left alone);
    /// [`LibraryError::Sql`] when the folder cannot be written.
    pub fn open(path: &Path) -> Result<Opened, LibraryError> {
        match Library::open_file(path) {
            Ok(lib) => Ok(Opened::Ready(lib)),
            Err(LibraryError::Sql(e)) if is_damage(&e) => {
                let kept_as = crate::storage::set_aside_file(path);
                for side in ["-wal", "-shm", "-journal"] {
                    let mut name = path.as_os_str().to_owned();
                    name.push(side);
                    let side_path = PathBuf::from(name);
                    if side_path.exists() {
                        let _ = crate::storage::set_aside_file(&side_path);
                    }
                }
                let library = Library::open_file(path)?;
                Ok(Opened::Recovered {
                    library,
                    error: e.to_string(),
                    kept_as,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// Opens `path` as it is, without setting anything aside.
    fn open_file(path: &Path) -> Result<Library, LibraryError> {
        let conn = Connection::open(path)?;
        let mut lib = Library {
            conn,
            path: Some(path.to_path_buf()),
        };
        lib.prepare()?;
        Ok(lib)
    }

    /// A library in memory (tests, and a game with no settings folder).
    ///
    /// # Errors
    /// SQLite's, only if memory runs out.
    pub fn in_memory() -> Result<Library, LibraryError> {
        let mut lib = Library {
            conn: Connection::open_in_memory()?,
            path: None,
        };
        lib.prepare()?;
        Ok(lib)
    }

    /// Settings of the connection, then the schema brought up to date.
    /// Reading the journal mode reads the file's header, so a file that is
    /// not a database is found here; the schema query reads its first
    /// page.
    fn prepare(&mut self) -> Result<(), LibraryError> {
        self.conn.busy_timeout(BUSY_TIMEOUT)?;
        // The write-ahead log: a crash loses at most the transaction in
        // flight, and readers never wait for a writer.
        let _: String = self
            .conn
            .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Cold lookups (the first after opening) read pages from the
        // system's cache through the map instead of a read each.
        let _: i64 = self
            .conn
            .query_row(&format!("PRAGMA mmap_size={MMAP_BYTES}"), [], |r| r.get(0))
            .or_else(|e| match e {
                // A build without memory maps answers nothing.
                rusqlite::Error::QueryReturnedNoRows => Ok(0),
                e => Err(e),
            })?;
        self.conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
        self.conn
            .set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        let _: i64 = self
            .conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
        schema::migrate_to(&mut self.conn, SCHEMA_VERSION)?;
        Ok(())
    }

    /// Puts back SQLite's own reading settings (no memory map, its small
    /// page cache), for the benchmark's before-and-after.
    #[doc(hidden)]
    pub fn use_sqlite_defaults(&self) {
        let _ = self
            .conn
            .query_row("PRAGMA mmap_size=0", [], |r| r.get::<_, i64>(0));
        let _ = self.conn.pragma_update(None, "cache_size", -2000);
    }

    /// The file, if the library has one.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Reads the library's file (and its write-ahead log) once, start to
    /// end, on a thread of its own, so its pages are in the system's file
    /// cache before the explorer's lookups need them: one sequential read
    /// instead of scattered ones, a few pages for every move a lookup
    /// shows, on a disk that has not seen the file since the machine
    /// started. At most [`WARM_BYTES`] are read. Returns the thread (the
    /// bytes it read), or `None` for a library in memory.
    #[must_use]
    pub fn warm_in_background(&self) -> Option<std::thread::JoinHandle<u64>> {
        let path = self.path.clone()?;
        std::thread::Builder::new()
            .name("library warm-up".into())
            .spawn(move || warm_file(&path, WARM_BYTES))
            .ok()
    }

    /// How many positions the library holds.
    ///
    /// # Errors
    /// SQLite's.
    pub fn position_count(&self) -> Result<u64, LibraryError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM positions", [], |r| r.get(0))?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Everything the library knows of `pos`, turned to its board (an
    /// empty entry when it knows nothing).
    ///
    /// # Errors
    /// SQLite's.
    pub fn entry(&self, pos: &Position) -> Result<Entry, LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let size = c.size();
        let row = self
            .conn
            .prepare_cached(POSITION_SQL)?
            .query_row([c.key.as_bytes()], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                    r.get::<_, bool>(3)?,
                    results_at(r, 4)?,
                ))
            })
            .optional()?;
        let Some((id, comment, marked, start, results)) = row else {
            return Ok(Entry::default());
        };
        let mut entry = Entry {
            comment,
            results,
            ..Entry::default()
        };
        entry.marks.marked = marked;
        entry.marks.start = start;
        let mut labels = self.conn.prepare_cached(LABELS_SQL)?;
        let mut rows = labels.query([id])?;
        while let Some(r) = rows.next()? {
            if let Some(p) = point_of_index(r.get(0)?, size) {
                entry.marks.set_label(c.to_board(p), r.get::<_, String>(1)?);
            }
        }
        entry.verdicts = self.verdicts(id, &c)?;
        let mut moves = self.conn.prepare_cached(MOVES_SQL)?;
        let mut rows = moves.query([id])?;
        while let Some(r) = rows.next()? {
            let Some(p) = point_of_index(r.get(0)?, size) else {
                continue;
            };
            let mv = c.to_board(p);
            let seen = u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0);
            let results = results_at(r, 2)?;
            // Moves that are one under the position's own symmetry (i9 and
            // g7 after h8) are shown once, where the most seen one is.
            let class = c.move_class(mv);
            if let Some(same) = entry.moves.iter_mut().find(|m| c.move_class(m.mv) == class) {
                same.seen += seen;
                same.results.black += results.black;
                same.results.white += results.white;
                same.results.draws += results.draws;
                continue;
            }
            let Ok(next) = pos.after(mv) else {
                continue;
            };
            let (score, depth, commented) = self.child_summary(&next)?;
            entry.moves.push(MoveStat {
                mv,
                seen,
                results,
                score: score.map(|s: i32| -s),
                depth,
                commented,
            });
        }
        entry.moves.sort_by_key(|m| std::cmp::Reverse(m.seen));
        Ok(entry)
    }

    /// The deepest verdict's score and depth on `pos`, and whether it has
    /// a comment.
    fn child_summary(
        &self,
        pos: &Position,
    ) -> Result<(Option<i32>, Option<u32>, bool), LibraryError> {
        let c = Canonical::of(&pos.board, pos.to_move, pos.rule);
        let row = self
            .conn
            .prepare_cached(CHILD_SQL)?
            .query_row([c.key.as_bytes()], |r| {
                Ok((
                    r.get::<_, bool>(0)?,
                    r.get::<_, Option<i32>>(1)?,
                    r.get::<_, Option<u32>>(2)?,
                ))
            })
            .optional()?;
        Ok(match row {
            Some((commented, score, depth)) => (score, depth, commented),
            None => (None, None, false),
        })
    }

    /// The verdicts on position `id`, deepest first, their lines on the
    /// board `c` was made from.
    fn verdicts(&self, id: i64, c: &Canonical) -> Result<Vec<Verdict>, LibraryError> {
        let mut stmt = self.conn.prepare_cached(VERDICTS_SQL)?;
        let mut rows = stmt.query([id])?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let line: String = r.get(3)?;
            out.push(Verdict {
                engine: r.get(0)?,
                depth: r.get(1)?,
                score: r.get(2)?,
                line: parse_moves(&line, c.size())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| c.to_board(p))
                    .collect(),
                date: r.get(4)?,
            });
        }
        Ok(out)
    }

    /// The moves seen from `pos` in the library's own orientation, with
    /// how often (for walking the library's tree, as export does).
    pub(super) fn library_moves(
        &self,
        c: &Canonical,
    ) -> Result<Vec<(crate::rules::Point, u64)>, LibraryError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT m.point, m.seen FROM moves m JOIN positions p ON p.id = m.position
             WHERE p.key = ?1 ORDER BY m.added, m.point",
        )?;
        let mut rows = stmt.query([c.key.as_bytes()])?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            if let Some(p) = point_of_index(r.get(0)?, c.size()) {
                out.push((p, u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0)));
            }
        }
        Ok(out)
    }
}

/// The most [`Library::warm_in_background`] reads: a library of a million
/// positions is about 160 MB.
pub const WARM_BYTES: u64 = 512 << 20;

/// Reads `path` and its write-ahead log, up to `limit` bytes in all, and
/// forgets what it read; returns how many bytes. A file that cannot be
/// read is skipped: the lookups read it the slow way.
fn warm_file(path: &Path, limit: u64) -> u64 {
    use std::io::Read;
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let mut buf = vec![0u8; 1 << 20];
    let mut read = 0u64;
    for file in [path.to_path_buf(), PathBuf::from(wal)] {
        let Ok(mut f) = std::fs::File::open(&file) else {
            continue;
        };
        while read < limit {
            match f.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n as u64,
            }
        }
    }
    read
}

/// Three result columns from `first` on.
fn results_at(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Results> {
    let n = |i: usize| -> rusqlite::Result<u64> {
        Ok(u64::try_from(r.get::<_, i64>(first + i)?).unwrap_or(0))
    };
    Ok(Results {
        black: n(0)?,
        white: n(1)?,
        draws: n(2)?,
    })
}

/// A point's stored number (for the writer).
pub(super) fn stored(p: crate::rules::Point, size: u8) -> i64 {
    i64::from(point_index(p, size))
}
