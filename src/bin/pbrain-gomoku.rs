//! `pbrain-gomoku`: the engine for Gomocup managers (Piskvork, match
//! runners), speaking the pbrain protocol on standard input and output.
//!
//! Flags: `--level <Beginner|Casual|Normal|Strong|Maximum>` caps the
//! strength (default Maximum, using the manager's whole time budget);
//! `--threads N` sets the search threads (default: Maximum uses one per
//! core, the other levels one); `--baseline` plays the simple baseline
//! opponent instead. `pbrain-gomoku bench [DEPTH] [--runs N] [--each]` runs the
//! fixed bench, N times with the median time when asked, and with
//! `--each` shows every position's share. For tuning
//! runs, `--param NAME=VALUE,...` sets search parameters and
//! `--list-params` lists them (`gomoku::engine::tune`).

use clap::{Parser, Subcommand};
use gomoku::engine::{tune, Level, MAX_THREADS};
use gomoku::protocol::{
    settings::DEFAULT_HASH_MB, spawn_stdin_reader, BaselineBrain, Brain, EngineBrain, Flow,
    InputLine, Session, MAX_LINE,
};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{mpsc, Arc};

/// A Gomoku engine for Gomocup managers: speaks the pbrain protocol on
/// standard input and output.
#[derive(Debug, Parser)]
#[command(name = "pbrain-gomoku", version)]
struct Cli {
    /// Caps the strength: beginner, casual, normal, strong or maximum
    /// (maximum uses the manager's whole time budget).
    #[arg(long, value_name = "NAME", default_value_t = Level::Maximum)]
    level: Level,
    /// Search threads (default: one per core at Maximum, otherwise one).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Plays the plain depth-4 baseline opponent instead of the engine.
    #[arg(long)]
    baseline: bool,
    /// Sets search parameters for a tuning run, e.g.
    /// "futility_margin=220,lmp_base=5" (see --list-params).
    #[arg(long, value_name = "NAME=VALUE,...", value_parser = parse_params)]
    param: Option<tune::Settings>,
    /// Lists the tunable search parameters (name, default, least and
    /// greatest value, tuning step) and exits.
    #[arg(long)]
    list_params: bool,
    #[command(subcommand)]
    command: Option<Action>,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Searches fixed positions; prints nodes, a signature and nodes/s.
    Bench {
        /// Search depth, 1 to 40.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=40))]
        depth: Option<u32>,
        /// Runs the bench this many times (1 to 99) and shows the median
        /// time, with the fastest and slowest.
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u16).range(1..=gomoku::engine::bench::MAX_BENCH_RUNS as i64))]
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
    fn brain(&self) -> Box<dyn Brain> {
        if self.baseline {
            return Box::new(BaselineBrain);
        }
        let brain = EngineBrain::new(self.level, DEFAULT_HASH_MB);
        Box::new(match self.threads {
            Some(n) => brain.with_threads(n),
            None => brain,
        })
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.list_params {
        print!("{}", tune::listing());
        return ExitCode::SUCCESS;
    }
    if let Some(settings) = &cli.param {
        // parse_params has checked every name and range already.
        if let Err(e) = tune::apply(settings) {
            eprintln!("pbrain-gomoku: {e}");
            return ExitCode::from(2);
        }
    }
    if let Some(Action::Bench { depth, runs, each }) = cli.command {
        let depth = depth.unwrap_or(gomoku::engine::bench::BENCH_DEPTH);
        if runs == 1 {
            let report = gomoku::engine::bench::run_bench_at(depth);
            println!("{report}");
            if each {
                println!("{}", report.positions());
            }
            return ExitCode::SUCCESS;
        }
        return match gomoku::engine::bench::run_bench_runs(depth, usize::from(runs)) {
            Ok(series) => {
                println!("{series}");
                if each {
                    println!("{}", series.median.positions());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("pbrain-gomoku: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let brain = cli.brain();
    let stop = Arc::new(AtomicBool::new(false));
    let quit = Arc::new(AtomicBool::new(false));
    let stops = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::channel();
    if let Err(e) = spawn_stdin_reader(tx, Arc::clone(&stop), Arc::clone(&quit), Arc::clone(&stops))
    {
        eprintln!("pbrain-gomoku: cannot start the input thread: {e}");
        return ExitCode::FAILURE;
    }
    let mut session = Session::new(brain, stop, quit).with_stop_count(stops);
    let stdout = std::io::stdout();
    let mut out = |line: &str| {
        let mut lock = stdout.lock();
        // A manager that closed our output is gone; the reader will see
        // the end of input and we exit then.
        let _ = writeln!(lock, "{line}");
        let _ = lock.flush();
    };
    for (line, stops_before) in rx {
        match line {
            InputLine::Text(text) => {
                if session.handle_read_line(&text, stops_before, &mut out) == Flow::Quit {
                    break;
                }
            }
            InputLine::TooLong(len) => out(&format!(
                "ERROR line of {len} bytes is longer than {MAX_LINE} and was ignored"
            )),
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("pbrain-gomoku").chain(args.iter().copied()))
    }

    #[test]
    fn options_and_bench() {
        let cli = parse(&["--level", "normal", "--threads", "2"]).unwrap();
        assert_eq!(
            (cli.level, cli.threads, cli.baseline),
            (Level::Normal, Some(2), false)
        );
        let d = parse(&[]).unwrap();
        assert_eq!(
            (d.level, d.threads, d.command.is_none()),
            (Level::Maximum, None, true)
        );
        assert!(parse(&["--baseline"]).unwrap().baseline);
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
