//! The command line of `gomoku`, the desktop game. What each option does
//! is in `app::cli`, which reads it.

use std::path::PathBuf;

/// Five in a row against a strong AI, in a window.
///
/// With a file, opens that game record (.psq or a position string); the
/// game in progress is kept in Recent games.
#[derive(Debug, clap::Parser)]
#[command(name = "gomoku", version = super::VERSION)]
pub struct Cli {
    /// A game record to open.
    #[arg(value_name = "GAME")]
    pub file: Option<PathBuf>,
    /// Add Gomoku to the desktop's applications menu (Linux).
    #[arg(long, conflicts_with_all = ["file", "uninstall_desktop_entry"])]
    pub install_desktop_entry: bool,
    /// Remove it from the applications menu again.
    #[arg(long, conflicts_with = "file")]
    pub uninstall_desktop_entry: bool,
    /// Start a new game against this Gomocup engine (its path, or a
    /// command line with arguments); you play Black. The engine is added
    /// to Game → Engines.
    #[arg(
        long,
        value_name = "ENGINE",
        conflicts_with_all = ["file", "install_desktop_entry", "uninstall_desktop_entry"]
    )]
    pub opponent: Option<String>,
}
