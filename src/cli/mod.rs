//! The command lines of the binaries that ship to players: `gomoku`,
//! `gomoku-text`, `pbrain-gomoku` and `gomoku-match`. Their clap
//! definitions live here, not in `src/bin`, so that one place can render
//! every man page and shell completion from them and a test can check
//! they do.
//!
//! This room sits just below the app: it reads the engine's levels, the
//! rules, the protocol's brains and the match runner's types, and the app
//! and the binaries read it.

pub mod gomoku;
pub mod matches;
pub mod pbrain;
pub mod text;

use clap::CommandFactory;

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
    fn every_shipped_command_is_named_as_its_binary_and_consistent() {
        let names: Vec<String> = shipped()
            .iter()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(
            names,
            ["gomoku", "gomoku-text", "pbrain-gomoku", "gomoku-match"]
        );
        for command in shipped() {
            // clap's own consistency checks (conflicting names, bad groups).
            command.debug_assert();
        }
    }
}
