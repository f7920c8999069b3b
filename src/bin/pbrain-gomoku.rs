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

use clap::Parser;
use gomoku::cli::pbrain::{Action, Cli};
use gomoku::engine::tune;
use gomoku::protocol::{spawn_stdin_reader, Flow, InputLine, Session, MAX_LINE};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{mpsc, Arc};

/// The bench's freestyle 15 × 15 positions with each evaluation, in the
/// same run, so that their speeds compare.
fn print_evaluations(depth: u32) {
    let [classical, network] = gomoku::engine::bench::run_bench_evaluations(depth);
    println!(
        "evaluations: the {} freestyle 15x15 positions, classical then network",
        classical.positions
    );
    for (name, r) in [("classical", &classical), ("network", &network)] {
        println!(
            "{name:<10} nodes {} time {} ms nps {} signature {:016x}",
            r.nodes,
            r.elapsed.as_millis(),
            r.nps(),
            r.signature
        );
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    if let Err(e) = cli.load_weights() {
        eprintln!("pbrain-gomoku: --weights {e}");
    }
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
            print_evaluations(depth);
            return ExitCode::SUCCESS;
        }
        return match gomoku::engine::bench::run_bench_runs(depth, usize::from(runs)) {
            Ok(series) => {
                println!("{series}");
                if each {
                    println!("{}", series.median.positions());
                }
                print_evaluations(depth);
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
