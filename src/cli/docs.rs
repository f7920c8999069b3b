//! Man pages and shell completions of the shipped binaries, rendered from
//! their clap definitions, so the package's documentation always says what
//! `--help` says. `gomoku-package-files` writes them for the packages.

use clap_complete::Shell;

/// The shells a package carries completions for.
pub const SHELLS: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];

/// The man page (section 1, roff) of `command`: what clap knows, and for
/// the games a FILES section saying where they keep things.
#[must_use]
pub fn man_page(command: &clap::Command) -> Vec<u8> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut page)
        .expect("writing to memory does not fail");
    page.extend_from_slice(files_section(command.get_name()).as_bytes());
    page
}

/// The FILES section of a binary's man page (roff), empty if it keeps
/// nothing. The folders are `storage::Storage::open_default` and the app's
/// log file (`app::logfile`), as on Linux.
fn files_section(binary: &str) -> &'static str {
    match binary {
        "gomoku" => concat!(
            ".SH FILES\n",
            ".TP\n\\fI~/.config/gomoku/\\fR\n",
            "Settings, the game in progress, recent games and puzzle progress.\n",
            ".TP\n\\fI~/.local/state/gomoku/gomoku.log\\fR\n",
            "Warnings and errors, written when the game was started with no terminal ",
            "(from the applications menu).\n",
        ),
        "gomoku-text" => concat!(
            ".SH FILES\n",
            ".TP\n\\fI~/.config/gomoku/puzzles.json\\fR\n",
            "Puzzle progress, shared with the desktop game.\n",
        ),
        _ => "",
    }
}

/// The completion script of `command` for `shell`.
#[must_use]
pub fn completion(shell: Shell, command: &clap::Command) -> Vec<u8> {
    let mut script = Vec::new();
    let name = command.get_name().to_string();
    clap_complete::generate(shell, &mut command.clone(), name, &mut script);
    script
}

/// The file name a completion script is installed under, in the folder
/// each shell reads (`bash-completion/completions/`,
/// `zsh/vendor-completions/`, `fish/vendor_completions.d/`).
#[must_use]
pub fn completion_file_name(shell: Shell, binary: &str) -> String {
    match shell {
        Shell::Zsh => format!("_{binary}"),
        Shell::Fish => format!("{binary}.fish"),
        _ => binary.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_binary_has_a_man_page_naming_its_options() {
        for command in super::super::shipped() {
            let name = command.get_name().to_string();
            let page = String::from_utf8(man_page(&command)).unwrap();
            assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{name}: not roff");
            // roff escapes the hyphen in names: gomoku\-text.
            let roff_name = name.replace('-', "\\-");
            assert!(
                page.contains(&format!(".TH {name} 1")),
                "{name}: no title line"
            );
            assert!(
                page.contains(&format!("{roff_name} \\- ")),
                "{name}: no NAME line"
            );
            assert!(page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"));
            assert!(page.contains(super::super::VERSION), "{name}: no version");
            for arg in command.get_arguments() {
                if let Some(long) = arg.get_long() {
                    let roff_long = format!("\\-\\-{}", long.replace('-', "\\-"));
                    assert!(page.contains(&roff_long), "{name}: --{long} missing");
                }
            }
        }
    }

    #[test]
    fn every_shipped_binary_has_completions_for_each_shell() {
        for command in super::super::shipped() {
            let name = command.get_name().to_string();
            for shell in SHELLS {
                let script = String::from_utf8(completion(shell, &command)).unwrap();
                let first_long = command
                    .get_arguments()
                    .find_map(|a| a.get_long())
                    .expect("every binary has a long option");
                assert!(script.contains(&name), "{name} {shell}: name missing");
                assert!(
                    script.contains(first_long),
                    "{name} {shell}: --{first_long} missing"
                );
            }
        }
        assert_eq!(completion_file_name(Shell::Bash, "gomoku"), "gomoku");
        assert_eq!(completion_file_name(Shell::Zsh, "gomoku"), "_gomoku");
        assert_eq!(completion_file_name(Shell::Fish, "gomoku"), "gomoku.fish");
    }

    #[test]
    fn the_games_say_where_they_keep_things() {
        let page = |name: &str| {
            let command = super::super::shipped()
                .into_iter()
                .find(|c| c.get_name() == name)
                .unwrap();
            String::from_utf8(man_page(&command)).unwrap()
        };
        let gomoku = page("gomoku");
        assert!(gomoku.contains(".SH FILES"));
        assert!(gomoku.contains("~/.local/state/gomoku/gomoku.log"));
        assert!(page("gomoku-text").contains("puzzles.json"));
        assert!(!page("pbrain-gomoku").contains(".SH FILES"));
    }
}
