//! Files into the library: RenLib `.lib` study trees, `.psq` games (alone,
//! in folders, or as the match runner leaves them beside its
//! `results.csv`) and SGF collections.
//!
//! Each file is read whole first, then added in one transaction, so a
//! file either comes in entirely or not at all; a malformed file is
//! reported with its name and where it went wrong, and the others go on.
//! A game or file imported before (same fingerprint) is not counted again.
//! Cancelling keeps the files already done and rolls back the one in
//! progress.

use super::db::{Library, LibraryError};
use super::entry::{GameResult, Position};
use super::renlib::{self, encoding_rs::Encoding};
use super::write::{fingerprint, game_fingerprint, Writer};
use crate::record::{parse_psq, parse_sgf, RecordError, SgfError};
use crate::rules::{
    parse_moves, Board, GameModel, GameSettings, GameTree, Point, Rule, Status, Stone,
};
use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// What the import needs to know that some files do not say.
#[derive(Debug, Clone, Copy)]
pub struct ImportOptions {
    /// The rule of files that name none (`.lib`, `.psq`, SGF without
    /// `RU`).
    pub rule: Rule,
    /// The code page of `.lib` texts.
    pub encoding: &'static Encoding,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            rule: Rule::Renju,
            encoding: renlib::DEFAULT_ENCODING,
        }
    }
}

/// Where an import stands, for a progress bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// Files finished (imported or refused).
    pub files_done: usize,
    /// Files in all.
    pub files: usize,
    /// Games and trees added so far, all files together.
    pub games: u64,
    /// The file being read.
    pub current: PathBuf,
}

/// Why one file was not imported.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// The file could not be read (the system's reason).
    Unreadable(String),
    /// Not a readable `.lib` file (the error names the byte).
    RenLib(renlib::ReadError),
    /// A `.psq` record refused (the error names the line).
    Record(RecordError),
    /// A game of an SGF collection refused: which game (1-based); the
    /// error's line is counted from the file's start.
    Sgf {
        /// The game's number in the file.
        game: usize,
        /// What was wrong, and where.
        error: SgfError,
    },
    /// The database refused (the disk is full, the file is locked).
    Database(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable(e) => write!(f, "cannot be read: {e}"),
            Failure::RenLib(e) => write!(f, "{e}"),
            Failure::Record(e) => write!(f, "{e}"),
            Failure::Sgf { game, error } => write!(f, "game {game}, {error}"),
            Failure::Database(e) => write!(f, "database: {e}"),
        }
    }
}

/// A file that was not imported, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct FileError {
    /// The file.
    pub file: PathBuf,
    /// What went wrong there.
    pub failure: Failure,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.failure)
    }
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportReport {
    /// Files imported whole.
    pub files: usize,
    /// Games and trees added.
    pub games: u64,
    /// Games and files skipped because they were imported before.
    pub duplicates: u64,
    /// Files refused, with where and why; nothing of them was added.
    pub errors: Vec<FileError>,
    /// The player stopped it: the file in progress was rolled back, the
    /// ones before it are kept.
    pub cancelled: bool,
}

/// The kinds of file the import reads, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// RenLib `.lib`.
    RenLib,
    /// Piskvork `.psq`.
    Psq,
    /// SGF, one game or a collection.
    Sgf,
}

impl Kind {
    /// The kind of `path` by its extension, if the import reads it.
    #[must_use]
    pub fn of(path: &Path) -> Option<Kind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "lib" => Some(Kind::RenLib),
            "psq" => Some(Kind::Psq),
            "sgf" => Some(Kind::Sgf),
            _ => None,
        }
    }
}

/// The files `paths` name: files as they are (if the import reads their
/// kind), folders searched through, in name order.
#[must_use]
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = paths.iter().rev().cloned().collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = fs::read_dir(&p)
                .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            inside.sort();
            stack.extend(inside.into_iter().rev());
        } else if Kind::of(&p).is_some() {
            out.push(p);
        }
    }
    out
}

/// One thing to add, as read from a file.
enum Item {
    /// A game's moves from the empty board and its result.
    Game {
        size: u8,
        rule: Rule,
        moves: Vec<Point>,
        result: GameResult,
    },
    /// A tree (a study file, an SGF game with variations).
    Tree {
        tree: GameTree,
        rule: Rule,
        result: GameResult,
        fingerprint: [u8; 16],
    },
}

/// Imports every file in `paths` (folders searched through), telling
/// `progress` after each game, until `cancel` is set.
///
/// # Errors
/// Only when the database cannot start a transaction at all; a refused
/// file is in the report.
pub fn import(
    lib: &mut Library,
    paths: &[PathBuf],
    options: &ImportOptions,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> Result<ImportReport, LibraryError> {
    let files = collect_files(paths);
    let mut report = ImportReport::default();
    let mut results = MatchResults::default();
    let mut at = Progress {
        files_done: 0,
        files: files.len(),
        games: 0,
        current: PathBuf::new(),
    };
    for file in &files {
        at.current.clone_from(file);
        progress(&at);
        let items = match read_items(file, options, &mut results) {
            Ok(items) => items,
            Err(failure) => {
                report.errors.push(FileError {
                    file: file.clone(),
                    failure,
                });
                at.files_done += 1;
                continue;
            }
        };
        let before = (report.games, report.duplicates);
        let writer = lib.writer()?;
        match add_items(&writer, &items, cancel, &mut report, &mut at, progress) {
            Ok(true) => match writer.commit() {
                Ok(()) => report.files += 1,
                Err(e) => {
                    (report.games, report.duplicates) = before;
                    report.errors.push(FileError {
                        file: file.clone(),
                        failure: Failure::Database(e.to_string()),
                    });
                }
            },
            Ok(false) => {
                (report.games, report.duplicates) = before;
                report.cancelled = true;
                return Ok(report);
            }
            Err(e) => {
                (report.games, report.duplicates) = before;
                report.errors.push(FileError {
                    file: file.clone(),
                    failure: Failure::Database(e.to_string()),
                });
            }
        }
        at.files_done += 1;
        at.games = report.games;
    }
    progress(&at);
    Ok(report)
}

/// Adds `items` through `w`; false when cancelled.
fn add_items(
    w: &Writer<'_>,
    items: &[Item],
    cancel: &AtomicBool,
    report: &mut ImportReport,
    at: &mut Progress,
    progress: &mut dyn FnMut(&Progress),
) -> Result<bool, LibraryError> {
    for item in items {
        if cancel.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let fresh = match item {
            Item::Game {
                size,
                rule,
                moves,
                result,
            } => {
                let fresh = w.remember(&game_fingerprint(*rule, *size, moves, *result))?;
                if fresh {
                    let start = Position {
                        board: Board::new(*size).unwrap_or_else(|_| Board::standard()),
                        to_move: Stone::Black,
                        rule: *rule,
                    };
                    w.add_game(&start, moves, *result)?;
                }
                fresh
            }
            Item::Tree {
                tree,
                rule,
                result,
                fingerprint,
            } => {
                let fresh = w.remember(fingerprint)?;
                if fresh {
                    w.add_tree(tree, *rule, *result)?;
                }
                fresh
            }
        };
        if fresh {
            report.games += 1;
        } else {
            report.duplicates += 1;
        }
        at.games = report.games;
        progress(at);
    }
    Ok(true)
}

/// Reads one file into what it adds.
fn read_items(
    file: &Path,
    options: &ImportOptions,
    results: &mut MatchResults,
) -> Result<Vec<Item>, Failure> {
    let bytes = fs::read(file).map_err(|e| Failure::Unreadable(e.to_string()))?;
    match Kind::of(file) {
        Some(Kind::RenLib) => {
            let lib = renlib::read(&bytes, options.encoding).map_err(Failure::RenLib)?;
            Ok(vec![Item::Tree {
                tree: lib.tree,
                rule: options.rule,
                result: GameResult::Unknown,
                fingerprint: fingerprint(b'l', &bytes),
            }])
        }
        Some(Kind::Psq) => {
            let text = String::from_utf8_lossy(&bytes);
            let record = parse_psq(&text).map_err(Failure::Record)?;
            let result = results
                .result_of(file, record.size, &record.moves)
                .unwrap_or_else(|| result_on_board(record.size, options.rule, &record.moves));
            Ok(vec![Item::Game {
                size: record.size,
                rule: options.rule,
                moves: record.moves,
                result,
            }])
        }
        Some(Kind::Sgf) => {
            let text = String::from_utf8_lossy(&bytes);
            read_sgf_collection(&text, options.rule)
        }
        None => Ok(Vec::new()),
    }
}

/// Every game of an SGF collection, each a tree.
fn read_sgf_collection(text: &str, rule: Rule) -> Result<Vec<Item>, Failure> {
    let games = split_collection(text);
    if games.is_empty() {
        // Let the reader say what it found instead of a game.
        let settings = GameSettings { size: 15, rule };
        return match parse_sgf(text, settings) {
            Err(error) => Err(Failure::Sgf { game: 1, error }),
            Ok(_) => Ok(Vec::new()),
        };
    }
    let mut items = Vec::new();
    for (n, (first_line, game_text)) in games.into_iter().enumerate() {
        let settings = GameSettings { size: 15, rule };
        let sgf = parse_sgf(game_text, settings).map_err(|mut error| {
            error.line += first_line - 1;
            Failure::Sgf { game: n + 1, error }
        })?;
        let result = sgf_result(&sgf.info.result, &sgf.game);
        let game_rule = sgf.game.rule();
        items.push(Item::Tree {
            fingerprint: fingerprint(b's', game_text.as_bytes()),
            tree: sgf.game.tree().clone(),
            rule: game_rule,
            result,
        });
    }
    Ok(items)
}

/// The game trees `(;…)` of a collection, with the line each starts on:
/// top-level parentheses, skipping property values (`[…]` with `\`
/// escapes).
#[must_use]
pub fn split_collection(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    let mut start = 0;
    let mut start_line = 1;
    let mut line = 1;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            line += 1;
        }
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
            continue;
        }
        match c {
            '[' if depth > 0 => in_value = true,
            '(' => {
                if depth == 0 {
                    start = i;
                    start_line = line;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push((start_line, &text[start..=i]));
                }
            }
            _ => {}
        }
    }
    if depth > 0 {
        // An unfinished last game: the reader will say where it stops.
        out.push((start_line, &text[start..]));
    }
    out
}

/// An SGF `RE` value as a result; when empty, the main line's end.
fn sgf_result(re: &str, game: &GameModel) -> GameResult {
    let re = re.trim().to_ascii_uppercase();
    if re.starts_with("B+") {
        GameResult::Black
    } else if re.starts_with("W+") {
        GameResult::White
    } else if re == "0" || re == "DRAW" || re == "JIGO" {
        GameResult::Draw
    } else if re.is_empty() {
        let mut main = game.clone();
        main.to_end();
        match main.status() {
            Status::Over(o) => GameResult::of_winner(o.winner()),
            Status::Ongoing => GameResult::Unknown,
        }
    } else {
        GameResult::Unknown
    }
}

/// The result a game's moves show: a five wins, a full board draws;
/// otherwise not known (a resignation or a loss on time leaves no mark
/// on the board).
fn result_on_board(size: u8, rule: Rule, moves: &[Point]) -> GameResult {
    match GameModel::from_moves(GameSettings { size, rule }, moves) {
        Ok(game) => match game.status() {
            Status::Over(o) => GameResult::of_winner(o.winner()),
            Status::Ongoing => GameResult::Unknown,
        },
        Err(_) => GameResult::Unknown,
    }
}

/// The match runner's `results.csv` of each folder, read once: a game's
/// result by its position string.
#[derive(Default)]
struct MatchResults {
    folders: HashMap<PathBuf, Vec<(String, GameResult)>>,
}

impl MatchResults {
    /// The result `results.csv` beside `file` gives the game with these
    /// moves, if there is such a file and row.
    fn result_of(&mut self, file: &Path, size: u8, moves: &[Point]) -> Option<GameResult> {
        let dir = file.parent()?.to_path_buf();
        let rows = self
            .folders
            .entry(dir.clone())
            .or_insert_with(|| read_results_csv(&dir.join("results.csv")));
        let want = crate::rules::print_moves(moves, size);
        rows.iter()
            .find(|(pos, _)| *pos == want || parse_moves(pos, size).is_ok_and(|m| m == moves))
            .map(|(_, r)| *r)
    }
}

/// The rows of a match runner's `results.csv`
/// (`game,opening,black,white,winner,ending,moves,position`): each
/// game's position string and result. A missing or odd file gives none.
fn read_results_csv(path: &Path) -> Vec<(String, GameResult)> {
    let Ok(text) = fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .skip(1)
        .filter_map(|line| {
            // From the right: the opening (second column) may hold commas.
            let mut cols = line.rsplitn(7, ',');
            let position = cols.next()?;
            let _moves = cols.next()?;
            let _ending = cols.next()?;
            let winner = cols.next()?;
            let white = cols.next()?;
            let black = cols.next()?;
            let result = if winner == "draw" {
                GameResult::Draw
            } else if winner == black {
                GameResult::Black
            } else if winner == white {
                GameResult::White
            } else {
                return None;
            };
            Some((position.to_string(), result))
        })
        .collect()
}
