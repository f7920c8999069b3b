//! The command lines of the binaries that ship to players: `gomoku`,
//! `gomoku-text`, `pbrain-gomoku` and `gomoku-match`. Their clap
//! definitions live here, not in `src/bin`, so that one place can render
//! every man page and shell completion from them ([`docs`], written by
//! `gomoku-package-files` for the packages) and a test can check they do.
//!
//! This room sits just below the app: it reads the engine's levels, the
//! rules, the protocol's brains and the match runner's types, and the app
//! and the binaries read it.

pub mod docs;
pub mod gomoku;
pub mod matches;
pub mod pbrain;
pub mod text;

use clap::CommandFactory;

/// The git commit the binaries were built from (short form), or
/// `unknown` for a build outside a git checkout; set by `build.rs`.
pub const COMMIT: &str = env!("GOMOKU_COMMIT");

/// What every binary's `--version` prints after its name: the crate's
/// version and the commit, e.g. `0.1.0 (commit 1a2b3c4)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("GOMOKU_COMMIT"),
    ")"
);

/// The command lines of the binaries a package installs, each named as its
/// executable, for man pages and completions.
#[must_use]
pub fn shipped() -> Vec<clap::Command> {
    vec![
        gomoku::Cli::command(),
        text::Cli::command(),
        pbrain::Cli::command(),
        matches::Args::command(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_names_the_package_version_and_a_commit() {
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")));
        assert!(VERSION.ends_with(&format!("(commit {COMMIT})")));
        assert!(
            COMMIT == "unknown"
                || (COMMIT.len() >= 7 && COMMIT.chars().all(|c| c.is_ascii_hexdigit())),
            "{COMMIT:?}"
        );
    }

    #[test]
    fn every_shipped_command_is_named_as_its_binary_and_consistent() {
        let names: Vec<String> = shipped().iter().map(|c| c.get_name().to_string()).collect();
        assert_eq!(
            names,
            ["gomoku", "gomoku-text", "pbrain-gomoku", "gomoku-match"]
        );
        for command in shipped() {
            assert_eq!(command.get_version(), Some(VERSION));
            // clap's own consistency checks (conflicting names, bad groups).
            command.debug_assert();
        }
    }
}
