//! `gomoku-tune`: makes training data and fits the evaluation's weights
//! and the move ordering's values.
//!
//! ```text
//! gomoku-tune datagen --seed 1 --games 6000 --out data.gkt
//! gomoku-tune import --out lab.gkt runs/*/game-*.psq
//! gomoku-tune train --data data.gkt --data lab.gkt --out src/engine/eval/weights.txt
//! gomoku-tune policy --data data.gkt --data lab.gkt --out src/engine/order.txt
//! gomoku-tune mine-attacks --tag s7 --ms 5000 --out attack.txt runs/pz/results.csv
//! gomoku-tune attacks --ms 1000
//! ```
//!
//! Run with `--help` for the options of each.

use clap::{Parser, Subcommand};
use gomoku::engine::eval::weights::Weights;
use gomoku::engine::order::OrderWeights;
use gomoku::engine::shapefile::fnv1a;
use gomoku::engine::{Evaluator, WIN_CHANCE_SCALE};
use gomoku::rules::Rule;
use gomoku::tuning::attacks as attack_set;
use gomoku::tuning::datagen::{game_from_psq, self_play, SelfPlay};
use gomoku::tuning::dataset::{read_games, write_game, write_header, GameRecord};
use gomoku::tuning::nnexport::Export;
use gomoku::tuning::policy::{self, Agreement, PolicyConfig, PolicySet};
use gomoku::tuning::texel::{
    hand_weights, loss, parity_gap, samples, train as fit, SampleConfig, TrainConfig,
};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Training data and evaluation weights, made by our own pipeline.
#[derive(Parser, Debug)]
#[command(name = "gomoku-tune", version = gomoku::cli::VERSION, about, long_about = None)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Plays seeded self-play games (15x15, the wide openings, a node
    /// budget per move) and writes them with every position's score.
    Datagen {
        /// Seed of the opening order and every random choice.
        #[arg(long)]
        seed: u64,
        /// Number of games.
        #[arg(long, default_value_t = 2000)]
        games: usize,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Moves this close to the best (evaluation units) may be played
        /// instead, so games vary.
        #[arg(long, default_value_t = 60)]
        variety: i32,
        /// Games played at once (the output does not depend on it).
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Random moves near the stones after each opening (redrawn while
        /// a search finds the position lopsided), so that positions repeat
        /// less across games.
        #[arg(long, default_value_t = 0)]
        random_plies: u8,
        /// freestyle, standard (exactly five) or renju.
        #[arg(long, default_value = "freestyle")]
        rule: Rule,
        /// The evaluation the games are searched with: classical or
        /// network (a later generation's data).
        #[arg(long, default_value = "classical")]
        eval: Evaluator,
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Prints a network's evaluation of every position of one game of a
    /// data file, through the engine's integer path and in floating point
    /// (to check a trained file against the trainer's numbers).
    NnEval {
        /// Network file.
        #[arg(long)]
        net: PathBuf,
        /// Data file.
        #[arg(long)]
        data: PathBuf,
        /// Game number, from 0.
        #[arg(long, default_value_t = 0)]
        game: usize,
    },
    /// Writes the distinct positions of data files (freestyle 15x15) as
    /// the neural evaluation's training arrays (see scripts/nn/train.py).
    NnExport {
        /// Data files (from datagen or import).
        #[arg(long = "data", required = true)]
        data: Vec<PathBuf>,
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
    },
    /// Reads finished games from .psq records (the strength lab's game
    /// files) into a data file, without scores.
    Import {
        /// Output file.
        #[arg(long)]
        out: PathBuf,
        /// The .psq files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Fits the evaluation's weights to data files and writes a weights
    /// file (with this command line, the data's checksums and the losses
    /// in its header).
    Train(TrainArgs),
    /// Mines attack-set cases from the games engine 1 lost in a match
    /// (its results.csv): in each, the earliest position with the winner
    /// to move where a search of --ms finds the win (9 plies or longer).
    MineAttacks {
        /// Name prefix of the cases, e.g. the match's seed: s7.
        #[arg(long)]
        tag: String,
        /// Time of each search, as a turn limit in milliseconds.
        #[arg(long, default_value_t = 5000)]
        ms: u64,
        /// Games searched at once, one thread each.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Output file (cases, one a line, with this command as header).
        #[arg(long)]
        out: PathBuf,
        /// The match's results.csv.
        results: PathBuf,
    },
    /// Searches every case of an attack set for --ms on one thread each and
    /// prints how many wins were found.
    Attacks {
        /// Time of each search, as a turn limit in milliseconds.
        #[arg(long, default_value_t = 1000)]
        ms: u64,
        /// Cases searched at once, one thread each.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// The attack set.
        #[arg(default_value = "tests/data/attack.txt")]
        file: PathBuf,
    },
    /// Fits the move ordering's values to the moves played in data files
    /// and writes an ordering file (src/engine/order.txt's format).
    Policy(PolicyArgs),
    /// Writes the hand-made weights the trainer starts from.
    Hand {
        /// Output file.
        #[arg(long)]
        out: PathBuf,
    },
}

/// The data files of a trainer and how their games are split.
#[derive(clap::Args, Debug)]
struct GameArgs {
    /// Data files (from datagen or import); give several to pool them.
    #[arg(long = "data", required = true)]
    data: Vec<PathBuf>,
    /// Seed of the split into training and held-out games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of games held out for validation, in percent.
    #[arg(long, default_value_t = 10)]
    valid_percent: u64,
}

#[derive(clap::Args, Debug)]
struct TrainArgs {
    #[command(flatten)]
    games: GameArgs,
    /// Output weights file.
    #[arg(long)]
    out: PathBuf,
    /// Passes over the data (one Adam step each).
    #[arg(long, default_value_t = 600)]
    epochs: usize,
    /// Adam's starting step, evaluation units.
    #[arg(long, default_value_t = 2.0)]
    lr: f64,
    /// Pull toward the starting weights, per squared unit.
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// Weight of the game result in the target (the rest: the search
    /// score's win chance).
    #[arg(long, default_value_t = 0.5)]
    result_weight: f32,
    /// Plies skipped at the start of each game.
    #[arg(long, default_value_t = 4)]
    skip_plies: usize,
    /// Keep positions with a proved score (the proof's result as target).
    #[arg(long)]
    keep_proved: bool,
    /// Start from this weights file instead of the hand-made weights.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Keep the starting shape values; fit only the whole-board terms and
    /// the threat table.
    #[arg(long)]
    freeze_shapes: bool,
    /// Weight of the parity term: the squared sum of a position's and its
    /// child's scores (in logits), which damps scores that depend on whose
    /// turn it is; the held-out parity gap is reported either way.
    #[arg(long, default_value_t = 0.0)]
    parity: f64,
    /// A line for the weights file's header (repeatable), e.g. the
    /// commands that made the data files.
    #[arg(long)]
    note: Vec<String>,
}

#[derive(clap::Args, Debug)]
struct PolicyArgs {
    #[command(flatten)]
    games: GameArgs,
    /// Output ordering file.
    #[arg(long)]
    out: PathBuf,
    /// Passes over the data (one Adam step each); 0 writes the starting
    /// values.
    #[arg(long, default_value_t = 200)]
    epochs: usize,
    /// Adam's step, ordering units.
    #[arg(long, default_value_t = 2.0)]
    lr: f64,
    /// Pull toward the starting values, per squared unit.
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
    /// Plies skipped at the start of each game (the opening's stones).
    #[arg(long, default_value_t = 5)]
    skip_plies: usize,
    /// Start from this ordering file instead of the hand-made ordering.
    #[arg(long)]
    start: Option<PathBuf>,
    /// A line for the file's header (repeatable), e.g. the commands that
    /// made the data files.
    #[arg(long)]
    note: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Command::Datagen {
            seed,
            games,
            nodes,
            variety,
            threads,
            random_plies,
            rule,
            eval,
            out,
        } => datagen(
            &SelfPlay {
                games,
                nodes,
                seed,
                variety,
                threads,
                hash_mb: 16,
                rule,
                eval,
                random_plies,
            },
            &out,
        ),
        Command::Import { out, files } => import(&out, &files),
        Command::Train(t) => train(&t),
        Command::NnExport { data, out } => nn_export(&data, &out),
        Command::NnEval { net, data, game } => nn_eval(&net, &data, game),
        Command::Policy(p) => policy(&p),
        Command::MineAttacks {
            tag,
            ms,
            threads,
            out,
            results,
        } => mine_attacks(&tag, ms, threads, &out, &results),
        Command::Attacks { ms, threads, file } => attacks(ms, threads, &file),
        Command::Hand { out } => std::fs::write(
            &out,
            hand_weights().to_text(&[
                "The hand-made evaluation, as weights: the trainer's starting point.".into(),
                "made by: gomoku-tune hand".into(),
            ]),
        )
        .map_err(|e| format!("cannot write {}: {e}", out.display())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku-tune: {e}");
            ExitCode::FAILURE
        }
    }
}

fn read(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn mine_attacks(
    tag: &str,
    ms: u64,
    threads: usize,
    out: &PathBuf,
    results: &PathBuf,
) -> Result<(), String> {
    let games = attack_set::lost_games(&read(results)?, tag)
        .map_err(|e| format!("{}: {e}", results.display()))?;
    let start = Instant::now();
    let cases = attack_set::mine(&games, ms, threads);
    let mut text = format!(
        "# made by: gomoku-tune mine-attacks --tag {tag} --ms {ms} (from {} lost games)\n",
        games.len()
    );
    for case in &cases {
        text.push_str(&attack_set::format_case(case));
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} cases from {} lost games, {:.0} s",
        cases.len(),
        games.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn attacks(ms: u64, threads: usize, file: &PathBuf) -> Result<(), String> {
    let cases = attack_set::parse_attack_set(&read(file)?)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    if cases.is_empty() {
        return Err(format!("{} holds no case", file.display()));
    }
    let start = Instant::now();
    let found = attack_set::score(&cases, ms, threads);
    for (case, f) in cases.iter().zip(&found) {
        match f {
            Some(plies) => println!(
                "{:<18} found   {plies:>3} plies (set: {})",
                case.name, case.plies
            ),
            None => println!(
                "{:<18} missed          (set: {} plies)",
                case.name, case.plies
            ),
        }
    }
    let n = found.iter().filter(|f| f.is_some()).count();
    println!(
        "attacks found {n} of {} at {ms} ms, {:.0} s",
        cases.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The games of the data files `paths`, and a line per file naming it,
/// its game count and checksum.
fn read_data(paths: &[PathBuf]) -> Result<(Vec<GameRecord>, Vec<String>), String> {
    let mut games = Vec::new();
    let mut sources = Vec::new();
    for path in paths {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let g =
            read_games(&mut bytes.as_slice()).map_err(|e| format!("{}: {e}", path.display()))?;
        sources.push(format!(
            "{} ({} games, fnv1a {:#018x})",
            path.display(),
            g.len(),
            fnv1a(&bytes)
        ));
        games.extend(g);
    }
    Ok((games, sources))
}

/// `games` split into training and held-out games by `seed`. Whole games
/// go to one side, so that no held-out position has a near twin among the
/// training ones.
fn split(
    games: Vec<GameRecord>,
    seed: u64,
    valid_percent: u64,
) -> (Vec<GameRecord>, Vec<GameRecord>) {
    let held_out = |i: usize| {
        let h = fnv1a(&(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).to_le_bytes());
        h % 100 < valid_percent
    };
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (i, g) in games.into_iter().enumerate() {
        if held_out(i) {
            valid.push(g);
        } else {
            train.push(g);
        }
    }
    (train, valid)
}

/// This program's command line, quoted where needed so that it can be
/// pasted back into a shell.
fn command_line() -> String {
    std::env::args()
        .skip(1)
        .map(|w| {
            if w.contains(char::is_whitespace) || w.contains('*') {
                format!("'{w}'")
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn policy(a: &PolicyArgs) -> Result<(), String> {
    let start_time = Instant::now();
    let (games, sources) = read_data(&a.games.data)?;
    let start = match &a.start {
        None => policy::hand_order(),
        Some(path) => OrderWeights::parse(&read(path)?)?,
    };
    let (train_games, valid_games) = split(games, a.games.seed, a.games.valid_percent);
    let (train_set, ts) = PolicySet::of(&train_games, a.skip_plies);
    let (valid_set, vs) = PolicySet::of(&valid_games, a.skip_plies);
    if train_set.is_empty() || valid_set.is_empty() {
        return Err("not enough quiet positions to train and validate on".into());
    }
    println!(
        "training: {} games, {} quiet positions of {}; held out: {} games, {} of {}",
        train_games.len(),
        ts.kept,
        ts.positions,
        valid_games.len(),
        vs.kept,
        vs.positions
    );
    let show = |a: &Agreement| {
        format!(
            "loss {:.4}, played move first {:.1}%, in the first 3 {:.1}%, in the first 8 {:.1}%",
            a.loss,
            100.0 * a.top1,
            100.0 * a.top3,
            100.0 * a.top8
        )
    };
    let before = valid_set.agreement(&start);
    println!("before, held out: {}", show(&before));
    let cfg = PolicyConfig {
        epochs: a.epochs,
        learning_rate: a.lr,
        l2: a.l2,
    };
    let trained = if a.epochs == 0 {
        start
    } else {
        policy::train(&start, &train_set, &valid_set, &cfg, |epoch, loss, held| {
            println!(
                "epoch {epoch:4}: training loss {loss:.4}; held out: {}",
                show(&held)
            );
        })
    };
    let after = valid_set.agreement(&trained);
    println!(
        "after, held out: {}; {:.0} s",
        show(&after),
        start_time.elapsed().as_secs_f64()
    );
    let header = learned_header(
        "Move-ordering values learned by our own pipeline (src/tuning/policy.rs); do not edit by hand.",
        &sources,
        &a.note,
        [
            format!("quiet positions: {} training, {} held out", ts.kept, vs.kept),
            format!("held out, before: {}", show(&before)),
            format!("held out, after: {}", show(&after)),
        ],
    );
    write_learned(&a.out, &trained.to_text(&header))
}

/// The comment lines heading a learned table: what it is, the command
/// that made it, its data files, the user's notes, then `details`.
fn learned_header(
    title: &str,
    sources: &[String],
    notes: &[String],
    details: impl IntoIterator<Item = String>,
) -> Vec<String> {
    let mut header = vec![
        title.to_string(),
        format!("made by: gomoku-tune {}", command_line()),
    ];
    header.extend(sources.iter().map(|s| format!("data: {s}")));
    header.extend(notes.iter().cloned());
    header.extend(details);
    header
}

/// Writes a learned table's text to `out` and prints its checksum (what
/// the engine's `ORDER_FNV` or `WEIGHTS_FNV` must then say).
fn write_learned(out: &Path, text: &str) -> Result<(), String> {
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "wrote {} (fnv1a {:#018x})",
        out.display(),
        fnv1a(text.as_bytes())
    );
    Ok(())
}

fn create(path: &PathBuf) -> Result<BufWriter<File>, String> {
    let file = File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    Ok(BufWriter::new(file))
}

/// Prints `net`'s view of every position of game `game` of `data`.
fn nn_eval(net: &Path, data: &Path, game: usize) -> Result<(), String> {
    use gomoku::engine::eval::evaluate;
    use gomoku::engine::eval::nn::{features::evaluate_float, Network};
    use gomoku::engine::state::State;
    use gomoku::rules::{Board, Stone};
    let bytes = std::fs::read(net).map_err(|e| format!("cannot read {}: {e}", net.display()))?;
    let net: &'static Network = Box::leak(Box::new(
        Network::parse(&bytes).map_err(|e| format!("{}: {e}", net.display()))?,
    ));
    let (games, _) = read_data(&[data.to_path_buf()])?;
    let g = games
        .get(game)
        .ok_or_else(|| format!("the data has {} games", games.len()))?;
    let board = Board::new(g.size).map_err(|e| e.to_string())?;
    let mut st = State::new(&board, Stone::Black, g.rule);
    st.enable_network(net);
    println!("ply integer float");
    for (ply, p) in g.moves.iter().enumerate() {
        println!("{ply} {} {}", evaluate(&st), evaluate_float(net, &st));
        st.make(st.cell(*p));
    }
    Ok(())
}

/// Writes the network's training arrays for the games of `paths`.
fn nn_export(paths: &[PathBuf], out: &Path) -> Result<(), String> {
    let start = Instant::now();
    let (games, sums) = read_data(paths)?;
    let mut ex = Export::default();
    for (i, g) in games.iter().enumerate() {
        ex.add_game(i, g);
    }
    let about = format!("made by: gomoku-tune nn-export\ndata: {}", sums.join(", "));
    ex.write(out, &about)
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} games ({} not freestyle 15x15), {} distinct positions ({} repeats dropped), {} point shapes, rows of {} at most, {:.0} s",
        games.len(),
        ex.other_games,
        ex.rows.len(),
        ex.repeated,
        ex.vocab.len(),
        ex.width(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn datagen(cfg: &SelfPlay, out: &PathBuf) -> Result<(), String> {
    if cfg.games == 0 || cfg.nodes == 0 {
        return Err("--games and --nodes must be at least 1".into());
    }
    let mut w = create(out)?;
    let write_err = |e: std::io::Error| format!("cannot write {}: {e}", out.display());
    write_header(&mut w).map_err(write_err)?;
    let start = Instant::now();
    let mut failed = None;
    let (mut positions, mut wins, mut draws) = (0usize, [0usize; 2], 0usize);
    self_play(cfg, |g, record| {
        if failed.is_some() {
            return;
        }
        positions += record.moves.len();
        match record.winner {
            Some(gomoku::rules::Stone::Black) => wins[0] += 1,
            Some(gomoku::rules::Stone::White) => wins[1] += 1,
            None => draws += 1,
        }
        if let Err(e) = write_game(&mut w, &record) {
            failed = Some(e);
        }
        if (g + 1) % 100 == 0 {
            eprintln!(
                "{} games, {positions} positions, {:.0} s",
                g + 1,
                start.elapsed().as_secs_f64()
            );
        }
    });
    if let Some(e) = failed {
        return Err(write_err(e));
    }
    w.flush().map_err(write_err)?;
    println!(
        "{} games (Black {} / White {} / draws {draws}), {positions} positions, seed {}, {} nodes a move, {:.0} s",
        cfg.games,
        wins[0],
        wins[1],
        cfg.seed,
        cfg.nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn import(out: &PathBuf, files: &[PathBuf]) -> Result<(), String> {
    let mut w = create(out)?;
    let write_err = |e: std::io::Error| format!("cannot write {}: {e}", out.display());
    write_header(&mut w).map_err(write_err)?;
    let (mut kept, mut skipped) = (0usize, 0usize);
    for path in files {
        let text = read(path)?;
        match game_from_psq(&text) {
            Some(record) => {
                write_game(&mut w, &record).map_err(write_err)?;
                kept += 1;
            }
            None => skipped += 1,
        }
    }
    w.flush().map_err(write_err)?;
    println!("{kept} games written, {skipped} skipped (unreadable or unfinished)");
    Ok(())
}

fn train(a: &TrainArgs) -> Result<(), String> {
    let start_time = Instant::now();
    let (games, sources) = read_data(&a.games.data)?;
    let start = match &a.start {
        None => hand_weights(),
        Some(path) => {
            let text = read(path)?;
            Weights::parse(&text)?
        }
    };
    let (train_games, valid_games) = split(games, a.games.seed, a.games.valid_percent);
    let scfg = SampleConfig {
        result_weight: a.result_weight,
        scale: WIN_CHANCE_SCALE as f32,
        skip_plies: a.skip_plies,
        keep_proved: a.keep_proved,
    };
    let (train_set, ts) = samples(&train_games, &scfg);
    let (valid_set, vs) = samples(&valid_games, &scfg);
    if train_set.is_empty() || valid_set.is_empty() {
        return Err("not enough positions to train and validate on".into());
    }
    println!(
        "training: {} games, {} positions kept of {} ({} proved, {} with a five to play); held out: {} games, {} positions",
        train_games.len(),
        ts.kept,
        ts.positions,
        ts.proved,
        ts.fives,
        valid_games.len(),
        vs.kept
    );
    let scale = scfg.scale;
    let before = (
        loss(&start, &valid_set, scale, false),
        loss(&start, &valid_set, scale, true),
        parity_gap(&start, &valid_set),
    );
    println!(
        "before: held-out loss {:.5} (targets), {:.5} (results); parity gap {:.0}",
        before.0, before.1, before.2
    );
    let cfg = TrainConfig {
        epochs: a.epochs,
        learning_rate: a.lr,
        l2: a.l2,
        scale,
        freeze_shapes: a.freeze_shapes,
        parity: a.parity,
    };
    let trained = fit(&start, &train_set, &valid_set, &cfg, |p| {
        if p.epoch % 50 == 0 {
            eprintln!(
                "epoch {:4}: training {:.5}, held-out {:.5}, held-out parity gap {:.0}",
                p.epoch, p.train, p.valid, p.valid_parity
            );
        }
    });
    let after = (
        loss(&trained, &valid_set, scale, false),
        loss(&trained, &valid_set, scale, true),
        parity_gap(&trained, &valid_set),
    );
    println!(
        "after: held-out loss {:.5} (targets), {:.5} (results); parity gap {:.0}; {:.0} s",
        after.0,
        after.1,
        after.2,
        start_time.elapsed().as_secs_f64()
    );
    let header = learned_header(
        "Evaluation weights learned by our own pipeline (src/tuning); do not edit by hand.",
        &sources,
        &a.note,
        [
            format!("positions: {} training, {} held out; scale {scale}", ts.kept, vs.kept),
            format!(
                "held-out log-loss before {:.5} / after {:.5} (targets), before {:.5} / after {:.5} (results)",
                before.0, after.0, before.1, after.1
            ),
            format!(
                "held-out parity gap before {:.0} / after {:.0}; parity weight {}",
                before.2, after.2, a.parity
            ),
        ],
    );
    write_learned(&a.out, &trained.to_text(&header))
}
