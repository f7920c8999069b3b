//! The command line of the desktop app.

use super::state::Launch;
use std::path::PathBuf;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Open the window (with a record to open, if one was named).
    Run(Option<PathBuf>),
    /// Add the game to the desktop's applications menu.
    InstallDesktopEntry,
    /// Remove it again.
    UninstallDesktopEntry,
    /// Print usage.
    Help,
    /// Print the version.
    Version,
}

impl Command {
    /// The launch options for [`Command::Run`].
    #[must_use]
    pub fn launch(&self) -> Launch {
        match self {
            Command::Run(open) => Launch {
                open: open.clone(),
                system_language: None,
            },
            _ => Launch::default(),
        }
    }
}

/// Usage text for `--help`.
pub const USAGE: &str = "\
Usage: gomoku [GAME.psq | POSITION-FILE]
       gomoku --install-desktop-entry | --uninstall-desktop-entry
       gomoku --help | --version

Opens the Gomoku window. With a file, opens that game record.";

/// Reads the arguments (without the program name).
///
/// # Errors
/// An unknown option or more than one file, as a message for the user.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Command, String> {
    let mut file = None;
    let mut command = None;
    for arg in args {
        let flag = match arg.as_str() {
            "--install-desktop-entry" => Some(Command::InstallDesktopEntry),
            "--uninstall-desktop-entry" => Some(Command::UninstallDesktopEntry),
            "-h" | "--help" => Some(Command::Help),
            "-V" | "--version" => Some(Command::Version),
            s if s.starts_with('-') && s.len() > 1 => {
                return Err(format!("unknown option '{s}'\n\n{USAGE}"));
            }
            _ => None,
        };
        match flag {
            Some(c) if command.is_none() => command = Some(c),
            Some(_) => return Err(format!("one action at a time\n\n{USAGE}")),
            None if file.is_none() => file = Some(PathBuf::from(arg)),
            None => return Err(format!("one game file at a time\n\n{USAGE}")),
        }
    }
    match (command, file) {
        (Some(c), None) => Ok(c),
        (Some(_), Some(_)) => Err(format!(
            "an option and a file cannot be combined\n\n{USAGE}"
        )),
        (None, file) => Ok(Command::Run(file)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, String> {
        parse_args(args.iter().map(|s| (*s).to_string()))
    }

    #[test]
    fn arguments() {
        assert_eq!(parse(&[]), Ok(Command::Run(None)));
        assert_eq!(
            parse(&["game.psq"]),
            Ok(Command::Run(Some(PathBuf::from("game.psq"))))
        );
        assert_eq!(
            parse(&["--install-desktop-entry"]),
            Ok(Command::InstallDesktopEntry)
        );
        assert_eq!(parse(&["--help"]), Ok(Command::Help));
        assert!(parse(&["--frobnicate"])
            .unwrap_err()
            .contains("--frobnicate"));
        assert!(parse(&["a.psq", "b.psq"]).is_err());
        assert!(parse(&["--help", "a.psq"]).is_err());
    }
}
