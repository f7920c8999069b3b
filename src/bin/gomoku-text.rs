//! Gomoku in a terminal: `gomoku-text [--white | --black | --two-player]
//! [--level NAME] [--rule freestyle|standard|renju] [--size N]
//! [--opening-rule free|swap|swap2|renju26-N|soosorv-N]
//! [--clock CONTROL [--clock-white CONTROL]] [--puzzles]`.

use clap::Parser;
use gomoku::engine::Level;
use gomoku::play::Mode;
use gomoku::rules::clock::TimeControl;
use gomoku::rules::opening::OpeningRule;
use gomoku::rules::{GameSettings, Rule, Stone, MAX_SIZE, MIN_SIZE};
use gomoku::textplay::TextSession;
use std::process::ExitCode;

/// Play five in a row against the AI (or a friend) in a terminal.
///
/// Type a point such as h8 to play, or help for the commands.
#[derive(Debug, Parser)]
#[command(name = "gomoku-text", version)]
struct Cli {
    /// Play White: the AI opens.
    #[arg(long, group = "mode")]
    white: bool,
    /// Play Black (the default): you move first.
    #[arg(long, group = "mode")]
    black: bool,
    /// Two people at the same terminal.
    #[arg(long, group = "mode")]
    two_player: bool,
    /// The AI's strength: beginner, casual, normal, strong or maximum.
    #[arg(long, value_name = "NAME", default_value_t = Level::default())]
    level: Level,
    /// Which lines win: freestyle, standard (exactly five) or renju.
    #[arg(long, value_name = "RULE", default_value = "freestyle")]
    rule: Rule,
    /// The board's side, 15 to 20.
    #[arg(long, value_name = "N", default_value_t = GameSettings::default().size,
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_SIZE)..=i64::from(MAX_SIZE)))]
    size: u8,
    /// How the game opens: free, swap, swap2, renju26-N (N fifth-move
    /// offers) or soosorv-N. Playing Black, you open; playing White, the
    /// AI does.
    #[arg(long, value_name = "RULE", default_value = "free")]
    opening_rule: OpeningRule,
    /// Game clock for both sides (or Black's, with --clock-white): 10m,
    /// 5m+5s (Fischer increment), 30s/move.
    #[arg(long, value_name = "CONTROL")]
    clock: Option<TimeControl>,
    /// White's clock, when it differs from Black's.
    #[arg(long, value_name = "CONTROL", requires = "clock")]
    clock_white: Option<TimeControl>,
    /// Start with the puzzles ('quit' there goes on to the game).
    #[arg(long)]
    puzzles: bool,
}

impl Cli {
    fn settings(&self) -> GameSettings {
        GameSettings {
            rule: self.rule,
            size: self.size,
        }
    }

    fn mode(&self) -> Mode {
        if self.two_player {
            Mode::TwoPlayer
        } else if self.white {
            Mode::VsAi {
                human: Stone::White,
            }
        } else {
            Mode::VsAi {
                human: Stone::Black,
            }
        }
    }
}

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
    session.set_puzzle_storage(gomoku::storage::Storage::open_default());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("gomoku-text").chain(args.iter().copied()))
    }

    #[test]
    fn every_option_is_read() {
        let cli = parse(&[
            "--white", "--level", "STRONG", "--rule", "renju", "--size", "19",
        ])
        .unwrap();
        let s = cli.settings();
        assert_eq!(
            cli.mode(),
            Mode::VsAi {
                human: Stone::White
            }
        );
        assert_eq!(
            (s.rule, s.size, cli.level),
            (Rule::Renju, 19, Level::Strong)
        );
        assert_eq!(parse(&["--two-player"]).unwrap().mode(), Mode::TwoPlayer);
        let timed = parse(&[
            "--opening-rule",
            "swap2",
            "--clock",
            "5m+5s",
            "--clock-white",
            "10m",
        ])
        .unwrap();
        assert_eq!(timed.opening_rule, OpeningRule::Swap2);
        assert_eq!(timed.clock, Some("5m+5s".parse().unwrap()));
        assert_eq!(timed.clock_white, Some("10m".parse().unwrap()));
        let d = parse(&[]).unwrap();
        assert_eq!(d.settings(), GameSettings::default());
        assert_eq!(d.mode(), Mode::default());
        assert_eq!(d.level, Level::default());
    }

    #[test]
    fn bad_options_are_usage_errors() {
        for args in [
            &["--level", "godlike"][..],
            &["--rule", "caro"],
            &["--size", "21"],
            &["--size", "x"],
            &["--white", "--two-player"],
            &["--frobnicate"],
            &["--opening-rule", "swap3"],
            &["--clock", "5 minutes"],
            &["--clock-white", "10m"],
        ] {
            let e = parse(args).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{args:?}");
        }
    }
}
