//! The desktop game.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use gomoku::app::{parse_args, Command, USAGE};
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match parse_args(std::env::args().skip(1)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gomoku: {e}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => println!("{USAGE}"),
        Command::Version => println!("gomoku {}", env!("CARGO_PKG_VERSION")),
        Command::InstallDesktopEntry | Command::UninstallDesktopEntry => {
            eprintln!("gomoku: desktop entries are not supported by this build yet");
            return ExitCode::FAILURE;
        }
        Command::Run(_) => {
            if let Err(e) = gomoku::app::run(&command.launch()) {
                eprintln!("gomoku: cannot open the window: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
