//! The desktop game.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use gomoku::app::{logfile, parse_args, Command, ICON_PNG};
use gomoku::desktop;
use std::process::ExitCode;

fn main() -> ExitCode {
    // The game's own warnings, such as "sound disabled" on a machine with
    // no audio device, one line each on stderr, and in a log file when
    // stderr is no terminal (started from the menu). Other crates' logs
    // (the GPU stack's are many) stay quiet unless RUST_LOG asks for them.
    logfile::init();
    // Usage errors exit with 2; --help and --version print and exit with 0.
    let command = parse_args(std::env::args_os()).unwrap_or_else(|e| e.exit());
    match command {
        Command::InstallDesktopEntry => {
            let installed = std::env::current_exe()
                .map_err(|e| e.to_string())
                .and_then(|exe| {
                    desktop::install_desktop_entry(&exe, ICON_PNG).map_err(|e| e.to_string())
                });
            match installed {
                Ok(paths) => println!(
                    "installed {} and {}",
                    paths.desktop_file.display(),
                    paths.icon.display()
                ),
                Err(e) => {
                    eprintln!("gomoku: cannot install the desktop entry: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        Command::UninstallDesktopEntry => match desktop::uninstall_desktop_entry() {
            Ok(removed) => {
                for path in removed {
                    println!("removed {}", path.display());
                }
            }
            Err(e) => {
                eprintln!("gomoku: cannot remove the desktop entry: {e}");
                return ExitCode::FAILURE;
            }
        },
        Command::Run(_) | Command::RunAgainst(_) => {
            if let Err(e) = gomoku::app::run(&command.launch()) {
                // Through the log: started from the menu, nobody sees stderr.
                log::error!("cannot open the window: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
