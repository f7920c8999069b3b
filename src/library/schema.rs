//! The library database's tables and how an older file is brought up to
//! date. The version lives in SQLite's `PRAGMA user_version`; each step
//! in [`MIGRATIONS`] takes a file from the version before it to its own,
//! inside one transaction, so a crash half-way leaves the older version.

use rusqlite::{Connection, Transaction};

/// The schema this build writes. A file with a higher version was made by
/// a newer build and is left alone.
pub const SCHEMA_VERSION: i64 = 2;

/// Version 1: positions, their moves (with the order each was first seen
/// in at its position, `added`, so an exported tree keeps its main line
/// first), labels and one engine verdict each.
const V1: &str = "
CREATE TABLE positions(
    id INTEGER PRIMARY KEY,
    key BLOB NOT NULL UNIQUE,
    comment TEXT NOT NULL DEFAULT '',
    marked INTEGER NOT NULL DEFAULT 0,
    start INTEGER NOT NULL DEFAULT 0,
    black_wins INTEGER NOT NULL DEFAULT 0,
    white_wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE moves(
    position INTEGER NOT NULL,
    point INTEGER NOT NULL,
    seen INTEGER NOT NULL DEFAULT 0,
    black_wins INTEGER NOT NULL DEFAULT 0,
    white_wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    added INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(position, point)
) WITHOUT ROWID;
CREATE TABLE labels(
    position INTEGER NOT NULL,
    point INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY(position, point)
) WITHOUT ROWID;
CREATE TABLE verdicts(
    position INTEGER PRIMARY KEY,
    depth INTEGER NOT NULL,
    score INTEGER NOT NULL,
    line TEXT NOT NULL,
    date INTEGER NOT NULL
);
";

/// Version 2: a verdict per engine (the built-in one is `''`), and the
/// fingerprints of games and files already imported, so importing the
/// same thing twice does not count it twice.
const V2: &str = "
CREATE TABLE verdicts_v2(
    position INTEGER NOT NULL,
    engine TEXT NOT NULL,
    depth INTEGER NOT NULL,
    score INTEGER NOT NULL,
    line TEXT NOT NULL,
    date INTEGER NOT NULL,
    PRIMARY KEY(position, engine)
) WITHOUT ROWID;
INSERT INTO verdicts_v2 SELECT position, '', depth, score, line, date FROM verdicts;
DROP TABLE verdicts;
ALTER TABLE verdicts_v2 RENAME TO verdicts;
CREATE TABLE imported(
    fingerprint BLOB PRIMARY KEY
) WITHOUT ROWID;
";

/// The steps, in order: `MIGRATIONS[i]` takes version `i` to `i + 1`.
pub const MIGRATIONS: [&str; 2] = [V1, V2];

/// Why a file's schema cannot be used.
#[derive(Debug)]
pub enum SchemaError {
    /// A newer build made the file.
    Newer(i64),
    /// SQLite refused.
    Sql(rusqlite::Error),
}

impl From<rusqlite::Error> for SchemaError {
    fn from(e: rusqlite::Error) -> SchemaError {
        SchemaError::Sql(e)
    }
}

/// The file's schema version.
///
/// # Errors
/// SQLite's, for a file that is not a database.
pub fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Runs the steps from the file's version up to `target`, each in its own
/// transaction with the new version set inside it.
///
/// # Errors
/// [`SchemaError::Newer`] for a file past `target`; SQLite's error when a
/// step fails (that step is rolled back).
pub fn migrate_to(conn: &mut Connection, target: i64) -> Result<(), SchemaError> {
    let mut current = version(conn)?;
    if current > SCHEMA_VERSION {
        return Err(SchemaError::Newer(current));
    }
    while current < target {
        let step = MIGRATIONS[usize::try_from(current).unwrap_or(0)];
        let tx: Transaction<'_> = conn.transaction()?;
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", current + 1)?;
        tx.commit()?;
        current += 1;
    }
    Ok(())
}
