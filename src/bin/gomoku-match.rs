//! `gomoku-match`: plays two pbrain engines against each other and prints
//! the score and Elo difference. Run with `--help` for the options.

use gomoku::matchrun::{parse_openings, run_match, split_command_line, MatchConfig, FREESTYLE15};
use gomoku::rules::Rule;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: gomoku-match --engine1 CMD --engine2 CMD [options]

  --engine1 CMD       first engine command line (results are for it),
                      e.g. \"target/release/pbrain-gomoku --level Normal\"
  --engine2 CMD       second engine command line
  --games N           games to play (default 10)
  --openings FILE     position strings, one a line; each played twice with
                      colours swapped (default: the built-in 15x15 freestyle
                      list on 15x15, the empty board otherwise; 'none' for
                      the empty board)
  --turn-ms MS        time per move (default 1000)
  --match-ms MS       time per game and side, 0 for none (default 0)
  --grace-ms MS       lateness tolerated before a time-out (default 500)
  --rule R            freestyle | standard (exactly five) | renju (default freestyle)
  --size N            board size 15..20 (default 15)
  --memory-mb MB      INFO max_memory sent to engines (default 350)
  --max-moves N       adjudicate a draw after N moves, 0 for none (default 0)
  --concurrency N     games at once (default 1)
  --out DIR           write games.txt, results.csv and game-NNNN.psq here
                      (default match-out)
  --quiet             print only the summary";

struct Args {
    cfg: MatchConfig,
    quiet: bool,
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag}: '{v}' is not a valid number"))
}

fn parse_args(args: Vec<String>) -> Result<Args, String> {
    let mut engines = [None, None];
    let mut games = 10usize;
    let mut openings_arg: Option<String> = None;
    let mut turn_ms = 1000u64;
    let mut match_ms = 0u64;
    let mut grace_ms = 500u64;
    let mut rule = Rule::Freestyle;
    let mut size = 15u8;
    let mut memory_mb = 350u64;
    let mut max_moves = 0usize;
    let mut concurrency = 1usize;
    let mut out = PathBuf::from("match-out");
    let mut quiet = false;
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--engine1" | "--engine2" => {
                let v = it.next().ok_or_else(|| format!("{flag} needs a command"))?;
                let slot = usize::from(flag == "--engine2");
                engines[slot] = Some(split_command_line(&v)?);
            }
            "--games" => games = number(&flag, it.next())?,
            "--openings" => openings_arg = Some(it.next().ok_or("--openings needs a file")?),
            "--turn-ms" => turn_ms = number(&flag, it.next())?,
            "--match-ms" => match_ms = number(&flag, it.next())?,
            "--grace-ms" => grace_ms = number(&flag, it.next())?,
            "--size" => size = number(&flag, it.next())?,
            "--memory-mb" => memory_mb = number(&flag, it.next())?,
            "--max-moves" => max_moves = number(&flag, it.next())?,
            "--concurrency" => concurrency = number(&flag, it.next())?,
            "--out" => out = PathBuf::from(it.next().ok_or("--out needs a folder")?),
            "--rule" => {
                rule = match it.next().as_deref() {
                    Some("freestyle") => Rule::Freestyle,
                    Some("standard") => Rule::Standard,
                    Some("renju") => Rule::Renju,
                    other => return Err(format!("unknown rule {other:?}")),
                }
            }
            "--quiet" => quiet = true,
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if !(gomoku::rules::MIN_SIZE..=gomoku::rules::MAX_SIZE).contains(&size) {
        return Err(format!("unsupported board size {size}"));
    }
    let [Some(e1), Some(e2)] = engines else {
        return Err("both --engine1 and --engine2 are needed".into());
    };
    let openings = match openings_arg.as_deref() {
        Some("none") => Vec::new(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read openings '{path}': {e}"))?;
            parse_openings(&text, size, rule).map_err(|e| format!("{path}: {e}"))?
        }
        None if size == 15 => {
            parse_openings(FREESTYLE15, size, rule).map_err(|e| format!("built-in list: {e}"))?
        }
        None => Vec::new(),
    };
    Ok(Args {
        cfg: MatchConfig {
            engines: [e1, e2],
            games,
            openings,
            size,
            rule,
            turn_ms,
            match_ms,
            grace_ms,
            max_memory: memory_mb.saturating_mul(1024 * 1024),
            max_moves,
            concurrency: concurrency.max(1),
            out_dir: Some(out),
        },
        quiet,
    })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1).collect()) {
        Ok(a) => a,
        Err(msg) => {
            if msg.is_empty() {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            eprintln!("gomoku-match: {msg}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let quiet = args.quiet;
    let mut on_game = |g: &gomoku::matchrun::GameRecord, t: &gomoku::matchrun::Tally| {
        if !quiet {
            println!("{}  [{}]", g.describe(), t.describe());
            for d in &g.diagnostics {
                println!("    {d}");
            }
        }
    };
    match run_match(&args.cfg, &mut on_game) {
        Ok(summary) => {
            print!("{}", summary.report(&args.cfg));
            if let Some(dir) = &args.cfg.out_dir {
                println!("games written to {}", dir.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gomoku-match: {e}");
            ExitCode::FAILURE
        }
    }
}
