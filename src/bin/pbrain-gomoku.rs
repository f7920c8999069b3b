//! `pbrain-gomoku`: the engine for Gomocup managers (Piskvork, match
//! runners), speaking the pbrain protocol on standard input and output.
//!
//! Flags: `--level <Beginner|Casual|Normal|Strong|Maximum>` caps the
//! strength (default Maximum, using the manager's whole time budget);
//! `--threads N` sets the search threads (default: Maximum uses one per
//! core, the other levels one); `--baseline` plays the simple baseline
//! opponent instead.

use gomoku::engine::Level;
use gomoku::protocol::{
    settings::DEFAULT_HASH_MB, spawn_stdin_reader, BaselineBrain, Brain, EngineBrain, Flow,
    InputLine, Session, MAX_LINE,
};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};

const USAGE: &str =
    "usage: pbrain-gomoku [--level Beginner|Casual|Normal|Strong|Maximum] [--threads N] [--baseline]
       pbrain-gomoku bench [DEPTH]   search fixed positions; print nodes, signature, nodes/s";

/// `pbrain-gomoku bench [DEPTH]`: the deterministic engine bench.
fn bench(args: &[String]) -> ExitCode {
    let depth = match args.first() {
        None => gomoku::engine::bench::BENCH_DEPTH,
        Some(d) => match d.parse::<u32>() {
            Ok(d) if (1..=40).contains(&d) => d,
            _ => {
                eprintln!("pbrain-gomoku: bench depth must be a number from 1 to 40, not '{d}'");
                return ExitCode::from(2);
            }
        },
    };
    println!("{}", gomoku::engine::bench::run_bench_at(depth));
    ExitCode::SUCCESS
}

fn parse_level(name: &str) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(name))
}

fn brain_from_args(args: &[String]) -> Result<Box<dyn Brain>, String> {
    let mut level = Level::Maximum;
    let mut baseline = false;
    let mut threads = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--baseline" => baseline = true,
            "--level" => {
                let name = it.next().ok_or("--level needs a level name")?;
                level = parse_level(name).ok_or_else(|| format!("unknown level '{name}'"))?;
            }
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                threads = match n.parse::<usize>() {
                    Ok(n) if (1..=gomoku::engine::MAX_THREADS).contains(&n) => Some(n),
                    _ => {
                        return Err(format!(
                            "--threads must be a number from 1 to {}, not '{n}'",
                            gomoku::engine::MAX_THREADS
                        ))
                    }
                };
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(if baseline {
        Box::new(BaselineBrain)
    } else {
        let brain = EngineBrain::new(level, DEFAULT_HASH_MB);
        Box::new(match threads {
            Some(n) => brain.with_threads(n),
            None => brain,
        })
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        return bench(&args[1..]);
    }
    let brain = match brain_from_args(&args) {
        Ok(b) => b,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("pbrain-gomoku: {msg}");
            }
            eprintln!("{USAGE}");
            return if msg.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            };
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let quit = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    if let Err(e) = spawn_stdin_reader(tx, Arc::clone(&stop), Arc::clone(&quit)) {
        eprintln!("pbrain-gomoku: cannot start the input thread: {e}");
        return ExitCode::FAILURE;
    }
    let mut session = Session::new(brain, stop, quit);
    let stdout = std::io::stdout();
    let mut out = |line: &str| {
        let mut lock = stdout.lock();
        // A manager that closed our output is gone; the reader will see
        // the end of input and we exit then.
        let _ = writeln!(lock, "{line}");
        let _ = lock.flush();
    };
    for line in rx {
        match line {
            InputLine::Text(text) => {
                if session.handle_line(&text, &mut out) == Flow::Quit {
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
