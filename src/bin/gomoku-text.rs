//! Gomoku in a terminal: `gomoku-text [--white] [--two-player]
//! [--level NAME] [--rule freestyle|standard|renju] [--size N]`.

use gomoku::engine::Level;
use gomoku::rules::{GameSettings, Mode, Rule, Stone};
use gomoku::textplay::TextSession;
use std::process::ExitCode;

const USAGE: &str = "usage: gomoku-text [--white] [--two-player] [--level beginner|casual|normal|strong|maximum] [--rule freestyle|standard|renju] [--size 15..20]";

fn parse_args(args: &[String]) -> Result<(GameSettings, Level), String> {
    let mut settings = GameSettings::default();
    let mut level = Level::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--white" => {
                settings.mode = Mode::VsAi {
                    human: Stone::White,
                }
            }
            "--black" => {
                settings.mode = Mode::VsAi {
                    human: Stone::Black,
                }
            }
            "--two-player" => settings.mode = Mode::TwoPlayer,
            "--level" => {
                let v = value("--level")?;
                level = Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(&v))
                    .ok_or_else(|| format!("unknown level '{v}'"))?;
            }
            "--rule" => {
                settings.rule = match value("--rule")?.as_str() {
                    "freestyle" => Rule::Freestyle,
                    "standard" => Rule::Standard,
                    "renju" => Rule::Renju,
                    v => return Err(format!("unknown rule '{v}'")),
                }
            }
            "--size" => {
                let v = value("--size")?;
                settings.size = v.parse().map_err(|_| format!("bad size '{v}'"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok((settings, level))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (settings, level) = match parse_args(&args) {
        Ok(v) => v,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("gomoku-text: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut session = match TextSession::new(settings, level) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gomoku-text: {e}");
            return ExitCode::from(2);
        }
    };
    session.set_language(gomoku::i18n::Lang::from_system());
    let stdin = std::io::stdin();
    match session.run(stdin.lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-text: {e}");
            ExitCode::FAILURE
        }
    }
}
