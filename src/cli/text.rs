//! The command line of `gomoku-text`, the game in a terminal.

use crate::engine::Level;
use crate::play::Mode;
use crate::rules::clock::TimeControl;
use crate::rules::opening::OpeningRule;
use crate::rules::{GameSettings, Rule, Stone, MAX_SIZE, MIN_SIZE};
use clap::Parser;

/// Play five in a row against the AI (or a friend) in a terminal.
///
/// Type a point such as h8 to play, or help for the commands.
#[derive(Debug, Parser)]
#[command(name = "gomoku-text", version = super::VERSION)]
pub struct Cli {
    /// Play White: the AI opens.
    #[arg(long, group = "mode")]
    pub white: bool,
    /// Play Black (the default): you move first.
    #[arg(long, group = "mode")]
    pub black: bool,
    /// Two people at the same terminal.
    #[arg(long, group = "mode")]
    pub two_player: bool,
    /// The AI's strength: beginner, casual, normal, strong or maximum.
    #[arg(long, value_name = "NAME", default_value_t = Level::default())]
    pub level: Level,
    /// Which lines win: freestyle, standard (exactly five) or renju.
    #[arg(long, value_name = "RULE", default_value = "freestyle")]
    pub rule: Rule,
    /// The board's side, 15 to 20.
    #[arg(long, value_name = "N", default_value_t = GameSettings::default().size,
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_SIZE)..=i64::from(MAX_SIZE)))]
    pub size: u8,
    /// How the game opens: free, swap, swap2, renju26-N (N fifth-move
    /// offers) or soosorv-N. Playing Black, you open; playing White, the
    /// AI does.
    #[arg(long, value_name = "RULE", default_value = "free")]
    pub opening_rule: OpeningRule,
    /// Game clock for both sides (or Black's, with --clock-white): 10m,
    /// 5m+5s (Fischer increment), 30s/move.
    #[arg(long, value_name = "CONTROL")]
    pub clock: Option<TimeControl>,
    /// White's clock, when it differs from Black's.
    #[arg(long, value_name = "CONTROL", requires = "clock")]
    pub clock_white: Option<TimeControl>,
    /// Start with the puzzles ('quit' there goes on to the game).
    #[arg(long)]
    pub puzzles: bool,
}

impl Cli {
    /// The board and rule asked for.
    #[must_use]
    pub fn settings(&self) -> GameSettings {
        GameSettings {
            rule: self.rule,
            size: self.size,
        }
    }

    /// Who plays: the person as Black or White against the AI, or two
    /// people.
    #[must_use]
    pub fn mode(&self) -> Mode {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;

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
            (Rule::Renju, 19, Band::Strong.representative())
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
