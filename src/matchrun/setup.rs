//! A tournament as a program without a command line sets it up (the app's
//! Tournaments window): the same settings as `gomoku-match --tournament`,
//! with the openings written out, kept beside the games as [`SETUP_FILE`]
//! so that the tournament can be resumed after the program restarts with
//! exactly the settings it started with.

use super::openings::{openings_builtin, parse_openings, Opening};
use super::tournament::{TournamentConfig, TournamentError, TournamentKind};
use super::GameConditions;
use crate::gomocup::EngineSpec;
use crate::rules::Rule;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

/// The setup file's name in the tournament's folder.
pub const SETUP_FILE: &str = "setup.json";

/// Lateness tolerated beyond the time per move, milliseconds: the same as
/// `gomoku-match`'s default `--grace-ms`.
pub const SETUP_GRACE_MS: u64 = 500;

/// `INFO max_memory` sent to every engine, megabytes: Gomocup's limit and
/// `gomoku-match`'s default `--memory-mb`.
pub const SETUP_MEMORY_MB: u64 = 350;

/// Board side of the app's tournaments: Gomocup plays 15 × 15 for every
/// rule but freestyle, and the shipped balanced openings are 15 × 15.
pub const SETUP_SIZE: u8 = 15;

/// Everything a tournament was started with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSetup {
    /// The engines' command lines, in the tournament's order (a
    /// gauntlet's first engine plays each of the others).
    pub engines: Vec<EngineSpec>,
    /// Round robin or gauntlet.
    pub kind: TournamentKind,
    /// Games each pairing plays.
    pub games_per_pairing: usize,
    /// Which lines win.
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// Time per move, milliseconds.
    pub turn_ms: u64,
    /// Time per game and side, milliseconds, 0 for none.
    pub match_ms: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// The openings as position strings, in the order they are played
    /// (empty: every game starts on the empty board).
    pub openings: Vec<String>,
}

impl TournamentSetup {
    /// The tournament to run in `out_dir`.
    ///
    /// # Errors
    /// An opening that is not a legal, undecided position under the rule.
    pub fn config(&self, out_dir: PathBuf) -> Result<TournamentConfig, super::OpeningError> {
        let openings = parse_openings(&self.openings.join("\n"), self.size, self.rule)?;
        Ok(TournamentConfig {
            engines: self.engines.clone(),
            kind: self.kind,
            games_per_pairing: self.games_per_pairing,
            conditions: GameConditions {
                openings,
                size: self.size,
                rule: self.rule,
                turn_ms: self.turn_ms,
                match_ms: self.match_ms,
                // The window offers sudden death only (no increment yet).
                increment_ms: 0,
                grace_ms: SETUP_GRACE_MS,
                max_memory: SETUP_MEMORY_MB << 20,
                max_moves: 0,
                fresh_process: false,
            },
            concurrency: self.concurrency.max(1),
            out_dir,
        })
    }

    /// Writes the setup into `out_dir` (created if needed), crash-safe.
    ///
    /// # Errors
    /// The folder or the file cannot be written.
    pub fn save(&self, out_dir: &Path) -> Result<(), TournamentError> {
        fs::create_dir_all(out_dir)?;
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| TournamentError::State(e.to_string()))?;
        let path = out_dir.join(SETUP_FILE);
        crate::storage::write_atomic(&path, text.as_bytes())
            .map_err(|e| TournamentError::State(format!("cannot write {}: {e}", path.display())))
    }

    /// The setup kept in `out_dir`.
    ///
    /// # Errors
    /// No setup file there, or one that cannot be read.
    pub fn load(out_dir: &Path) -> Result<TournamentSetup, TournamentError> {
        let path = out_dir.join(SETUP_FILE);
        let text = fs::read_to_string(&path)?;
        serde_json::from_str(&text)
            .map_err(|e| TournamentError::State(format!("cannot read {}: {e}", path.display())))
    }
}

/// The project's balanced openings for `rule` on the app's board
/// ([`SETUP_SIZE`]), in file order.
#[must_use]
pub fn balanced_openings(rule: Rule) -> Vec<Opening> {
    openings_builtin("balanced", SETUP_SIZE, rule).map_or_else(Vec::new, |(list, _)| list)
}

/// The built-in engine as a Gomocup process: `pbrain-gomoku` in the folder
/// of `exe` (the app's own executable; the two are built and shipped
/// together), one search thread so that games played at once do not steal
/// each other's cores. `None` when there is no such file.
#[must_use]
pub fn pbrain_beside(exe: &Path) -> Option<EngineSpec> {
    let name = format!("pbrain-gomoku{}", std::env::consts::EXE_SUFFIX);
    let path = exe.parent()?.join(name);
    path.is_file().then(|| EngineSpec {
        argv: vec![
            path.to_string_lossy().into_owned(),
            "--threads".into(),
            "1".into(),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> TournamentSetup {
        TournamentSetup {
            engines: vec![
                EngineSpec {
                    argv: vec!["a".into()],
                },
                EngineSpec {
                    argv: vec!["b".into(), "--x".into()],
                },
            ],
            kind: TournamentKind::Gauntlet,
            games_per_pairing: 4,
            rule: Rule::Renju,
            size: 15,
            turn_ms: 300,
            match_ms: 0,
            concurrency: 2,
            openings: vec!["h8i9".into(), "h8h9j7".into()],
        }
    }

    #[test]
    fn a_saved_setup_loads_back_and_makes_the_same_tournament() {
        let dir = tempfile::tempdir().unwrap();
        let s = setup();
        s.save(dir.path()).unwrap();
        let back = TournamentSetup::load(dir.path()).unwrap();
        assert_eq!(back, s);
        let cfg = back.config(dir.path().to_path_buf()).unwrap();
        assert_eq!(cfg.planned(), 4);
        assert_eq!(cfg.conditions.openings.len(), 2);
        assert_eq!(cfg.conditions.openings[1].text, "h8h9j7");
        assert_eq!(cfg.conditions.turn_ms, 300);
    }

    #[test]
    fn a_bad_opening_or_a_missing_file_is_an_error() {
        let mut s = setup();
        s.openings.push("h8h8".into());
        let e = s.config(PathBuf::from("x")).unwrap_err();
        assert_eq!(e.line, 3);
        let dir = tempfile::tempdir().unwrap();
        assert!(TournamentSetup::load(dir.path()).is_err());
    }
}
