//! The command line of `pbrain-gomoku`, the engine for Gomocup managers.

use crate::engine::eval::nn::{self, Network};
use crate::engine::{tune, Evaluator, Level, MAX_THREADS};
use crate::protocol::{settings::DEFAULT_HASH_MB, BaselineBrain, Brain, EngineBrain, GreedyBrain};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// A Gomoku engine for Gomocup managers: speaks the pbrain protocol on
/// standard input and output.
#[derive(Debug, Parser)]
#[command(name = "pbrain-gomoku", version = super::VERSION)]
pub struct Cli {
    /// Plays at a level of the ladder: 1 (weakest) to 12, or a band's
    /// name (beginner, casual, normal, strong, maximum); 12, the default,
    /// uses the manager's whole time budget (docs/levels.md gives each
    /// level's measured Elo).
    #[arg(long, value_name = "N", default_value_t = Level::MAXIMUM)]
    pub level: Level,
    /// Search threads (default: one per core at Maximum, otherwise one).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Plays the plain depth-4 baseline opponent instead of the engine.
    #[arg(long, conflicts_with = "greedy")]
    pub baseline: bool,
    /// Plays the greedy one-move player of the original student reports
    /// (the level ladder's bottom anchor) instead of the engine.
    #[arg(long)]
    pub greedy: bool,
    /// Never plays from the opening book (the strong levels otherwise do
    /// while the game is in it): for measuring what the book gives.
    #[arg(long)]
    pub no_book: bool,
    /// The evaluation: `classical` (learned shape values) or `network`
    /// (the neural evaluation, trained for freestyle on 15x15; other
    /// rules and sizes stay classical). Default: the level's own.
    #[arg(long, value_name = "KIND")]
    pub eval: Option<Evaluator>,
    /// Loads the network from this file instead of the built-in one. A
    /// file that does not load is reported on standard error and the
    /// classical evaluation is used.
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// Sets search parameters for a tuning run, e.g.
    /// "futility_margin=220,lmp_base=5" (see --list-params).
    #[arg(long, value_name = "NAME=VALUE,...", value_parser = parse_params)]
    pub param: Option<tune::Settings>,
    /// Lists the tunable search parameters (name, default, least and
    /// greatest value, tuning step) and exits.
    #[arg(long)]
    pub list_params: bool,
    /// A subcommand instead of the protocol.
    #[command(subcommand)]
    pub command: Option<Action>,
}

/// What to do instead of speaking the protocol.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Searches fixed positions; prints nodes, a signature and nodes/s.
    Bench {
        /// Search depth, 1 to 40.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=40))]
        depth: Option<u32>,
        /// Runs the bench this many times (1 to 99) and shows the median
        /// time, with the fastest and slowest.
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u16).range(1..=crate::engine::bench::MAX_BENCH_RUNS as i64))]
        runs: u16,
        /// Also prints each position's nodes, time, score and move (of the
        /// median run), to see which positions a change of the totals
        /// comes from.
        #[arg(long)]
        each: bool,
    },
}

fn parse_threads(n: &str) -> Result<usize, String> {
    match n.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "--threads must be a number from 1 to {MAX_THREADS}, not '{n}'"
        )),
    }
}

fn parse_params(spec: &str) -> Result<tune::Settings, String> {
    tune::parse(&tune::ALL, spec)
}

impl Cli {
    /// The brain the options ask for: the engine at its level and
    /// threads, or the baseline.
    #[must_use]
    pub fn brain(&self) -> Box<dyn Brain> {
        if self.baseline {
            return Box::new(BaselineBrain);
        }
        if self.greedy {
            return Box::new(GreedyBrain);
        }
        let brain = EngineBrain::new(self.level, DEFAULT_HASH_MB)
            .with_book(!self.no_book)
            .with_eval(self.eval);
        Box::new(match self.threads {
            Some(n) => brain.with_threads(n),
            None => brain,
        })
    }
}

impl Cli {
    /// Loads `--weights`, if given. On failure the reason comes back and
    /// the options switch to the classical evaluation, so the engine still
    /// plays.
    pub fn load_weights(&mut self) -> Result<(), String> {
        let Some(path) = &self.weights else {
            return Ok(());
        };
        let loaded = std::fs::read(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|bytes| {
                Network::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))
            })
            .and_then(nn::install);
        if let Err(e) = loaded {
            self.eval = Some(Evaluator::Classical);
            return Err(format!("{e}; playing with the classical evaluation"));
        }
        if self.eval.is_none() {
            self.eval = Some(Evaluator::Network);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("pbrain-gomoku").chain(args.iter().copied()))
    }

    #[test]
    fn options_and_bench() {
        let cli = parse(&["--level", "normal", "--threads", "2"]).unwrap();
        assert_eq!(
            (cli.level, cli.threads, cli.baseline),
            (Band::Normal.representative(), Some(2), false)
        );
        let d = parse(&[]).unwrap();
        assert_eq!(
            (d.level, d.threads, d.command.is_none()),
            (Level::MAXIMUM, None, true)
        );
        assert!(parse(&["--baseline"]).unwrap().baseline);
        assert!(parse(&["--greedy"]).unwrap().greedy);
        assert_eq!(parse(&["--level", "3"]).unwrap().level.number(), 3);
        assert!(matches!(
            parse(&["bench", "7"]).unwrap().command,
            Some(Action::Bench {
                depth: Some(7),
                runs: 1,
                each: false
            })
        ));
        assert!(matches!(
            parse(&["bench"]).unwrap().command,
            Some(Action::Bench {
                depth: None,
                runs: 1,
                each: false
            })
        ));
        assert!(matches!(
            parse(&["bench", "--runs", "15"]).unwrap().command,
            Some(Action::Bench {
                depth: None,
                runs: 15,
                each: false
            })
        ));
        assert!(matches!(
            parse(&["bench", "12", "--each"]).unwrap().command,
            Some(Action::Bench {
                depth: Some(12),
                runs: 1,
                each: true
            })
        ));
    }

    #[test]
    fn tuning_params_are_checked_when_parsed() {
        let cli = parse(&["--param", "futility_margin=220,lmp_base=5"]).unwrap();
        assert_eq!(
            cli.param,
            Some(tune::Settings(vec![
                ("futility_margin", 220),
                ("lmp_base", 5)
            ]))
        );
        assert!(parse(&["--list-params"]).unwrap().list_params);
        assert_eq!(parse(&[]).unwrap().param, None);
    }

    #[test]
    fn bad_options_are_usage_errors() {
        for args in [
            &["--level", "Godlike"][..],
            &["--level", "13"],
            &["--baseline", "--greedy"],
            &["--threads", "0"],
            &["--threads"],
            &["bench", "deep"],
            &["bench", "41"],
            &["bench", "--runs", "0"],
            &["bench", "--runs", "100"],
            &["bench", "--runs", "many"],
            &["--frobnicate"],
            &["--param", "no_such_param=1"],
            &["--param", "futility_margin=100000"],
            &["--param", "futility_margin"],
            &["--param", "lmp_base=many"],
        ] {
            assert_eq!(parse(args).unwrap_err().exit_code(), 2, "{args:?}");
        }
    }
}
