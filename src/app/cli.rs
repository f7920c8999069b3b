//! The command line of the desktop app: what `gomoku`'s options
//! (`crate::cli::gomoku`) ask for.

use super::gomoku_app::Launch;
use crate::cli::gomoku::Cli;
use clap::Parser;
use std::ffi::OsString;
use std::path::PathBuf;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Open the window (with a record to open, if one was named).
    Run(Option<PathBuf>),
    /// Open the window on a new game against a foreign Gomocup engine
    /// (its command line), the person playing Black.
    RunAgainst(String),
    /// Add the game to the desktop's applications menu.
    InstallDesktopEntry,
    /// Remove it again.
    UninstallDesktopEntry,
}

impl Command {
    /// The launch options for [`Command::Run`].
    #[must_use]
    pub fn launch(&self) -> Launch {
        match self {
            Command::Run(open) => Launch {
                open: open.clone(),
                ..Launch::default()
            },
            Command::RunAgainst(opponent) => Launch {
                opponent: Some(opponent.clone()),
                ..Launch::default()
            },
            _ => Launch::default(),
        }
    }
}

/// Reads the arguments (with the program name first, as
/// `std::env::args_os` gives them).
///
/// # Errors
/// A usage error, or the `--help` / `--version` text: call
/// [`clap::Error::exit`] to print it with the right exit code (2 for a
/// usage error, 0 for help and version).
pub fn parse_args<I, T>(args: I) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = Cli::try_parse_from(args)?;
    Ok(if cli.install_desktop_entry {
        Command::InstallDesktopEntry
    } else if cli.uninstall_desktop_entry {
        Command::UninstallDesktopEntry
    } else if let Some(opponent) = cli.opponent {
        Command::RunAgainst(opponent)
    } else {
        Command::Run(cli.file)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    fn parse(args: &[&str]) -> Result<Command, clap::Error> {
        parse_args(std::iter::once("gomoku").chain(args.iter().copied()))
    }

    #[test]
    fn arguments() {
        assert_eq!(parse(&[]).unwrap(), Command::Run(None));
        assert_eq!(
            parse(&["game.psq"]).unwrap(),
            Command::Run(Some(PathBuf::from("game.psq")))
        );
        assert_eq!(
            parse(&["--install-desktop-entry"]).unwrap(),
            Command::InstallDesktopEntry
        );
        assert_eq!(
            parse(&["--uninstall-desktop-entry"]).unwrap(),
            Command::UninstallDesktopEntry
        );
        assert_eq!(
            parse(&["--opponent", "/opt/pbrain-rapfi"]).unwrap(),
            Command::RunAgainst("/opt/pbrain-rapfi".into())
        );
        assert_eq!(
            parse(&["--help"]).unwrap_err().kind(),
            ErrorKind::DisplayHelp
        );
        assert_eq!(
            parse(&["--version"]).unwrap_err().kind(),
            ErrorKind::DisplayVersion
        );
    }

    #[test]
    fn usage_errors_name_the_problem() {
        let e = parse(&["--frobnicate"]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("--frobnicate"));
        for args in [
            &["a.psq", "b.psq"][..],
            &["--install-desktop-entry", "a.psq"],
            &["--install-desktop-entry", "--uninstall-desktop-entry"],
            &["--opponent", "x", "a.psq"],
            &["--opponent"],
        ] {
            assert_eq!(parse(args).unwrap_err().exit_code(), 2, "{args:?}");
        }
    }
}
