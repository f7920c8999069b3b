//! Gomoku in a terminal: `gomoku-text [--white | --black | --two-player]
//! [--level NAME] [--rule freestyle|standard|renju] [--size N]
//! [--opening-rule free|swap|swap2|renju26-N|soosorv-N]
//! [--clock CONTROL [--clock-white CONTROL]] [--puzzles]`.

use clap::Parser;
use gomoku::cli::text::Cli;
use gomoku::textplay::TextSession;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut session = match TextSession::new(cli.settings(), cli.mode(), cli.level) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gomoku-text: {e}");
            return ExitCode::from(2);
        }
    };
    session.set_language(gomoku::i18n::Lang::from_system());
    if let Err(e) = session.set_opening_rule(cli.opening_rule) {
        eprintln!("gomoku-text: --opening-rule {}: {e}", cli.opening_rule);
        return ExitCode::from(2);
    }
    if let Some(black) = cli.clock {
        session.set_clock(black, cli.clock_white.unwrap_or(black));
    }
    // Puzzle progress is kept beside the app's settings, in the same file.
    let storage = gomoku::storage::Storage::open_default();
    // The position library too: the app's explorer and this one share it.
    if let Some(path) = storage.path(gomoku::storage::LIBRARY_FILE) {
        session.set_library_path(path);
    }
    session.set_puzzle_storage(storage);
    if cli.puzzles {
        session.start_with_puzzles();
    }
    let stdin = std::io::stdin();
    match session.run(stdin.lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-text: {e}");
            ExitCode::FAILURE
        }
    }
}
