//! `gomoku-puzzles`: makes puzzles from seeded self-play, and checks a
//! puzzle file with the solver.
//!
//! ```text
//! gomoku-puzzles generate --seed 1 --games 400 --out assets/puzzles/freestyle15.txt
//! gomoku-puzzles unwind --seed 1 --from assets/puzzles/freestyle15.txt --out long.txt
//! gomoku-puzzles check assets/puzzles/freestyle15.txt
//! gomoku-puzzles judge-bench assets/puzzles/freestyle15.txt
//! ```
//!
//! Run with `--help` for the options of each; `docs/puzzles.md` tells how
//! the shipped set was made.

use clap::{Parser, Subcommand};
use gomoku::puzzle::generate::{generate, Dedup, GenConfig};
use gomoku::puzzle::unwind::{UnwindConfig, Unwinder};
use gomoku::puzzle::{
    parse_set, verify, Attempt, Judge, Kind, Prover, Puzzle, PuzzleSet, DEEP, JUDGE,
};
use gomoku::rules::Rule;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Puzzles made by our own engine.
#[derive(Parser, Debug)]
#[command(name = "gomoku-puzzles", version = gomoku::cli::VERSION, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Plays seeded self-play games and writes the puzzles found in them
    /// (VCF, VCT, only defence), proved, graded and without duplicates.
    Generate {
        /// Seed of the opening order and every random choice.
        #[arg(long)]
        seed: u64,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Nodes searched per self-play move.
        #[arg(long, default_value_t = 3_000)]
        nodes: u64,
        /// Moves this close to the best (evaluation units) may be played
        /// instead, so games vary.
        #[arg(long, default_value_t = 200)]
        variety: i32,
        /// freestyle, standard or renju (15x15).
        #[arg(long, default_value = "freestyle")]
        rule: Rule,
        /// Games played at once (the output does not depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Smallest number of own moves of a vcf or vct puzzle.
        #[arg(long, default_value_t = 3)]
        min_own: u32,
        /// The kinds to look for, comma-separated.
        #[arg(long, default_value = "vcf,vct,defend", value_delimiter = ',')]
        kinds: Vec<Kind>,
        /// Prefix of the puzzles' ids.
        #[arg(long, default_value = "p")]
        id_prefix: String,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Makes long VCF puzzles by unwinding the vcf puzzles of a set
    /// backwards, one four at a time, each step proved to leave no shorter
    /// VCF; the new puzzles are proved, graded and without duplicates of
    /// the set's or each other's.
    Unwind {
        /// Seed of the order in which steps are tried.
        #[arg(long)]
        seed: u64,
        /// The set whose vcf puzzles are unwound (and against which
        /// duplicates are dropped).
        #[arg(long)]
        from: PathBuf,
        /// Smallest length (own moves) of a puzzle kept.
        #[arg(long, default_value_t = 11)]
        min_own: u32,
        /// Length at which unwinding a puzzle stops.
        #[arg(long, default_value_t = 20)]
        max_own: u32,
        /// Nodes of each step's proof that no shorter VCF exists.
        #[arg(long, default_value_t = 200_000)]
        step_nodes: u64,
        /// Steps tried for each puzzle (each a solver proof), along every
        /// branch of a depth-first search.
        #[arg(long, default_value_t = 400)]
        step_tries: u32,
        /// Also unwind from the vct puzzles: from the first position along
        /// each one's solution where the attacker has a VCF.
        #[arg(long)]
        from_vct: bool,
        /// Unwind only the vcf puzzles of at least this many own moves.
        #[arg(long, default_value_t = 3)]
        from_own: u32,
        /// Puzzles worked on at once (the output does not depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Write the whole set with the new puzzles appended (its header
        /// kept, lines added saying how they were made), not them alone.
        #[arg(long)]
        append: bool,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Re-proves every puzzle of a file with the solver (a defend
    /// puzzle's one defence included), and prints the time it took.
    Check {
        /// The puzzle file.
        file: PathBuf,
        /// Also check the "there is none" claims deeper (no VCF in a vct
        /// puzzle, no own win and no second defence in a defend puzzle).
        #[arg(long)]
        unique: bool,
        /// Write the puzzles that pass to this file (the header kept, a
        /// line added saying what was dropped), and succeed.
        #[arg(long)]
        keep_sound: Option<PathBuf>,
    },
    /// Times the judging of moves over a whole file: the stored solution's
    /// first move, and a wrong move, for each puzzle.
    JudgeBench {
        /// The puzzle file.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-puzzles: {e}");
            ExitCode::FAILURE
        }
    }
}

fn read(file: &PathBuf) -> Result<PuzzleSet, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    parse_set(&text).map_err(|e| format!("{}: {e}", file.display()))
}

fn run(args: Args) -> Result<(), String> {
    match args.command {
        Command::Generate {
            seed,
            games,
            nodes,
            variety,
            rule,
            threads,
            min_own,
            kinds,
            id_prefix,
            out,
        } => {
            let cfg = GenConfig {
                games,
                nodes,
                seed,
                variety,
                rule,
                threads,
                min_own_moves: min_own,
                kinds: Kind::ALL.map(|k| kinds.contains(&k)),
            };
            let command: Vec<String> = std::env::args().collect();
            let mut set = PuzzleSet::default();
            set.header
                .push("Gomoku puzzles, one a line: <moves> <kind> <solution> key=value...".into());
            set.header.push(format!("command: {}", command.join(" ")));
            set.header.push(format!("seed: {seed}"));
            set.header.push(format!(
                "engine: gomoku {}{}",
                env!("CARGO_PKG_VERSION"),
                option_env!("GOMOKU_GIT_COMMIT").map_or(String::new(), |c| format!(" ({c})"))
            ));
            set.header.push(format!(
                "self-play: {games} games, {nodes} nodes a move, variety {variety}, rule {}",
                rule.name().to_ascii_lowercase()
            ));
            let start = Instant::now();
            let mut dedup = Dedup::new();
            let (mut positions, mut dropped) = (0, 0);
            generate(&cfg, |finds| {
                positions += finds.positions;
                for mut p in finds.puzzles {
                    if !dedup.fresh(&p) {
                        dropped += 1;
                        continue;
                    }
                    p.id = format!("{id_prefix}{}-{}", finds.game, p.moves.len());
                    set.puzzles.push(p);
                }
                eprintln!(
                    "game {} ({} moves): {} puzzles so far, {:.0} s",
                    finds.game,
                    finds.moves.len(),
                    set.puzzles.len(),
                    start.elapsed().as_secs_f64()
                );
                // Written after every game, so a stopped run keeps its
                // puzzles.
                let _ = std::fs::write(&out, set.to_text());
            });
            let secs = start.elapsed().as_secs_f64();
            set.header.push(format!(
                "made in {secs:.0} s: {positions} positions, {} puzzles, {dropped} duplicates dropped",
                set.puzzles.len()
            ));
            std::fs::write(&out, set.to_text()).map_err(|e| format!("{}: {e}", out.display()))?;
            summary(&set);
            eprintln!(
                "{:.0} puzzles an hour ({} in {secs:.0} s, {threads} threads)",
                set.puzzles.len() as f64 * 3600.0 / secs.max(1e-9),
                set.puzzles.len()
            );
            Ok(())
        }
        Command::Unwind {
            seed,
            from,
            min_own,
            max_own,
            step_nodes,
            step_tries,
            from_own,
            from_vct,
            threads,
            append,
            out,
        } => {
            let cfg = UnwindConfig {
                seed,
                min_own,
                max_own,
                step_nodes,
                step_tries,
            };
            unwind(
                &read(&from)?,
                cfg,
                (from_own, from_vct),
                threads,
                append,
                &out,
            )
        }
        Command::Check {
            file,
            unique,
            keep_sound,
        } => {
            let set = read(&file)?;
            let start = Instant::now();
            let mut bad = 0;
            let mut sound = PuzzleSet {
                header: set.header.clone(),
                puzzles: Vec::new(),
            };
            for p in &set.puzzles {
                // Fresh solvers for each puzzle: a verdict then depends on
                // the puzzle alone, not on what earlier ones left in the
                // caches.
                let mut prover = Prover::new(JUDGE);
                let mut deep = Prover::new(DEEP);
                if let Err(e) = verify(&mut prover, p, unique.then_some(&mut deep)) {
                    bad += 1;
                    println!("{} {}: {e}", p.id, p.kind);
                } else {
                    sound.puzzles.push(p.clone());
                }
            }
            println!(
                "{} puzzles re-proved in {:.1} s, {bad} unsound",
                set.puzzles.len(),
                start.elapsed().as_secs_f64()
            );
            summary(&set);
            if let Some(out) = keep_sound {
                let command: Vec<String> = std::env::args().collect();
                sound.header.push(format!(
                    "then: {} ({bad} puzzles dropped)",
                    command.join(" ")
                ));
                std::fs::write(&out, sound.to_text())
                    .map_err(|e| format!("{}: {e}", out.display()))?;
                summary(&sound);
                return Ok(());
            }
            if bad > 0 {
                return Err(format!("{bad} unsound puzzles"));
            }
            Ok(())
        }
        Command::JudgeBench { file } => {
            let set = read(&file)?;
            let mut judge = Judge::new();
            let mut times: Vec<(Duration, String)> = Vec::new();
            for p in &set.puzzles {
                // The group each time is counted in: the kind, long VCFs
                // apart.
                let group = match p.kind {
                    Kind::Vcf if p.own_moves() >= 15 => "vcf-long".to_string(),
                    k => k.to_string(),
                };
                let first = p.solution[0];
                let mut a = Attempt::new(p.clone());
                let t = Instant::now();
                let v = judge.judge(&mut a, first);
                times.push((
                    t.elapsed(),
                    format!("{} [{group}] right {first:?} {v:?}", p.id),
                ));
                // A wrong move: the solution's first defender reply point,
                // or a point beside the first move.
                let wrong = p
                    .solution
                    .get(1)
                    .copied()
                    .unwrap_or(gomoku::rules::Point::new(
                        first.x.saturating_sub(1),
                        first.y,
                    ));
                let mut a = Attempt::new(p.clone());
                let t = Instant::now();
                let v = judge.judge(&mut a, wrong);
                times.push((t.elapsed(), format!("{} [{group}] wrong {v:?}", p.id)));
            }
            // The stored first move must be accepted: a refusal would be
            // a budget too small for the judge's warm caches.
            let refused: Vec<&str> = times
                .iter()
                .filter(|(_, s)| s.contains(" right ") && s.contains("Wrong"))
                .map(|(_, s)| s.split(' ').next().unwrap_or(""))
                .collect();
            println!("right moves refused: {} {refused:?}", refused.len());
            times.sort();
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            for (what, filter) in [
                ("all", ""),
                ("right moves", " right "),
                ("wrong moves", " wrong "),
                ("vcf", "[vcf]"),
                ("vcf of 15+ own moves", "[vcf-long]"),
                ("vct", "[vct]"),
                ("defend", "[defend]"),
            ] {
                let of: Vec<&(Duration, String)> =
                    times.iter().filter(|(_, s)| s.contains(filter)).collect();
                let n = of.len();
                if n == 0 {
                    continue;
                }
                println!(
                    "{what}: {n} judgements: median {:.1} ms, 90% {:.1} ms, 99% {:.1} ms, worst {:.1} ms ({})",
                    ms(of[n / 2].0),
                    ms(of[n * 9 / 10].0),
                    ms(of[n * 99 / 100].0),
                    ms(of[n - 1].0),
                    of[n - 1].1
                );
            }
            Ok(())
        }
    }
}

/// The `unwind` command: every vcf puzzle of `set` of `from_own` own
/// moves or more (and with `from_vct` every vct puzzle) unwound, longest
/// first, the new ones written to `out`.
fn unwind(
    set: &PuzzleSet,
    cfg: UnwindConfig,
    (from_own, from_vct): (u32, bool),
    threads: usize,
    append: bool,
    out: &PathBuf,
) -> Result<(), String> {
    let mut sources: Vec<&Puzzle> = set
        .puzzles
        .iter()
        .filter(|p| {
            (p.kind == Kind::Vcf && p.own_moves() >= from_own as usize)
                || (from_vct && p.kind == Kind::Vct)
        })
        .collect();
    // Longest first (the fewest steps to go), the set's order otherwise.
    sources.sort_by_key(|p| std::cmp::Reverse(p.own_moves()));
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; sources.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut unwinder = Unwinder::new(cfg);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = sources.get(i) else { break };
                    let t = Instant::now();
                    let found = unwinder.unwind(p, i as u64).map(|mut q| {
                        q.proof_ms = t.elapsed().as_millis().try_into().unwrap_or(u32::MAX);
                        q.id = format!("u{i}-{}", p.id);
                        q
                    });
                    eprintln!(
                        "{i}/{} {} ({} own moves): {} ({:.0} s)",
                        sources.len(),
                        p.id,
                        p.own_moves(),
                        found
                            .as_ref()
                            .map_or("none".to_string(), |q| format!("{} own moves", q.own)),
                        start.elapsed().as_secs_f64()
                    );
                    results.lock().expect("no panics")[i] = found;
                }
            });
        }
    });
    let mut dedup = Dedup::new();
    for p in &set.puzzles {
        dedup.fresh(p);
    }
    let mut new = PuzzleSet::default();
    let mut dropped = 0;
    for q in results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .flatten()
    {
        if dedup.fresh(&q) {
            new.puzzles.push(q);
        } else {
            dropped += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let command: Vec<String> = std::env::args().collect();
    let mut header = vec![
        format!("then: {}", command.join(" ")),
        format!("seed: {}", cfg.seed),
        format!("engine: gomoku {}{}", env!("CARGO_PKG_VERSION"), commit()),
        format!(
            "unwound {} puzzles (vcf{}) in {secs:.0} s: {} long vcf puzzles, {dropped} duplicates dropped",
            sources.len(),
            if from_vct { ", vct" } else { "" },
            new.puzzles.len()
        ),
    ];
    let written = if append {
        let mut all = set.clone();
        all.header.append(&mut header);
        all.puzzles.extend(new.puzzles.iter().cloned());
        all
    } else {
        new.header
            .push("Gomoku puzzles, one a line: <moves> <kind> <solution> key=value...".into());
        new.header.append(&mut header);
        new.clone()
    };
    std::fs::write(out, written.to_text()).map_err(|e| format!("{}: {e}", out.display()))?;
    summary(&new);
    eprintln!(
        "{:.0} long vcf puzzles an hour ({} in {secs:.0} s, {threads} threads)",
        new.puzzles.len() as f64 * 3600.0 / secs.max(1e-9),
        new.puzzles.len()
    );
    Ok(())
}

/// The build's commit, when `GOMOKU_GIT_COMMIT` was set at build time.
fn commit() -> String {
    option_env!("GOMOKU_GIT_COMMIT").map_or(String::new(), |c| format!(" ({c})"))
}

/// Prints the set's counts by kind, level and own moves.
fn summary(set: &PuzzleSet) {
    for kind in Kind::ALL {
        let of: Vec<_> = set.puzzles.iter().filter(|p| p.kind == kind).collect();
        let mut levels = [0usize; 7];
        let mut own = std::collections::BTreeMap::new();
        for p in &of {
            levels[usize::from(p.level.min(6))] += 1;
            *own.entry(p.own_moves()).or_insert(0usize) += 1;
        }
        println!(
            "{kind}: {} puzzles; levels 1-6: {:?}; own moves: {:?}",
            of.len(),
            &levels[1..],
            own
        );
    }
}
