//! The command line of `gomoku-match`: matches, sequential tests and
//! tournaments between Gomocup engines.

use crate::matchrun::{split_command_line, EngineSpec, SprtConfig, TournamentKind};
use crate::rules::clock::TimeControl;
use crate::rules::opening::OpeningRule;
use crate::rules::Rule;
use clap::Parser;
use std::path::PathBuf;

/// Plays two Gomocup (pbrain) engines against each other: each opening
/// twice with colours swapped, several games at once if asked, a crash,
/// time-out or illegal move losing the game. Prints W/L/D, pair
/// (pentanomial) counts and the Elo difference, and writes every game.
#[derive(Parser, Debug)]
#[command(name = "gomoku-match", version = super::VERSION, about, long_about = None)]
pub struct Args {
    /// First engine's command line (results are for it), e.g.
    /// "target/release/pbrain-gomoku --threads 1".
    #[arg(long, value_parser = parse_engine, required_unless_present_any = ["tournament", "ratings", "mistakes"])]
    pub engine1: Option<EngineSpec>,
    /// Second engine's command line.
    #[arg(long, value_parser = parse_engine, required_unless_present_any = ["tournament", "ratings", "mistakes"])]
    pub engine2: Option<EngineSpec>,
    /// Play a tournament instead of a match: "round-robin" (every engine
    /// against every other) or "gauntlet" (the first --engine against each
    /// of the others). Engines are given with --engine.
    #[arg(long, conflicts_with_all = ["engine1", "engine2", "sprt"])]
    pub tournament: Option<TournamentKind>,
    /// Instead of playing: fits one Elo scale to the games of the
    /// tournaments kept in these folders (give it once per folder; the
    /// same engine name in two folders is one engine) and prints it.
    #[arg(long = "ratings", value_name = "DIR", conflicts_with_all = ["tournament", "engine1", "engine2"])]
    pub ratings: Vec<PathBuf>,
    /// With --ratings: the engine whose name contains NAME is fixed at
    /// ELO [default: the first engine at 1000].
    #[arg(long, value_name = "NAME=ELO", requires = "ratings")]
    pub anchor: Option<String>,
    /// Instead of playing: counts each engine's mistakes (a missed five,
    /// an ignored four, a loss by fours allowed, a win by fours missed, a
    /// move far from every stone) in the tournament kept in DIR.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["tournament", "engine1", "engine2", "ratings"])]
    pub mistakes: Option<PathBuf>,
    /// A tournament engine's command line; give it once per engine.
    #[arg(long = "engine", value_parser = parse_engine, requires = "tournament")]
    pub engines: Vec<EngineSpec>,
    /// Games each pairing of a tournament plays.
    #[arg(long, default_value_t = 2, requires = "tournament")]
    pub games_per_pairing: usize,
    /// Go on with the tournament recorded in --out (its tournament.json)
    /// instead of refusing a folder that holds one.
    #[arg(long, requires = "tournament")]
    pub resume: bool,
    /// Games to play; with --sprt, the most it may play [default: 10, or
    /// 20000 with --sprt].
    #[arg(long)]
    pub games: Option<usize>,
    /// Run a sequential test and stop when it decides, e.g.
    /// "elo0=0,elo1=5,alpha=0.05,beta=0.05" (omitted keys take these
    /// values; an empty string takes them all).
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<SprtConfig>,
    /// Openings: "balanced" (the built-in set for 15x15 freestyle or
    /// renju), "wide" (the older, larger 15x15 freestyle set, less even),
    /// "smoke" (the 24 built-in 15x15 freestyle ones), "none" (empty board)
    /// or a file of position strings, one a line.
    #[arg(long, default_value = "balanced")]
    pub openings: String,
    /// Opening rule: "free" (the --openings list) or "swap2" (openings made
    /// before the match by our own engine in both swap2 seats: three
    /// balanced stones, then a colour taken or two more stones; they
    /// replace --openings, each played twice with colours swapped).
    #[arg(long, default_value = "free")]
    pub opening_rule: OpeningRule,
    /// Seed for the order the openings are drawn in (no opening repeats
    /// before all are used) [default: drawn at random and printed].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Time per move, milliseconds (`INFO timeout_turn`) [default: 1000,
    /// or with --clock its move limit, else its main time].
    #[arg(long)]
    pub turn_ms: Option<u64>,
    /// Time per game and side, milliseconds, 0 for none.
    #[arg(long, default_value_t = 0, conflicts_with = "clock")]
    pub match_ms: u64,
    /// A game clock for each engine, kept by the manager: "2m+1s" (2
    /// minutes plus 1 second after each move), "5m" (sudden death), or
    /// with a move limit "5m+5s,30s/move". Engines are told
    /// timeout_match, timeout_turn (the move limit, else the main time)
    /// and time_left before each move; an engine whose clock runs out
    /// loses on time.
    #[arg(long)]
    pub clock: Option<TimeControl>,
    /// Lateness tolerated before a move counts as a time-out, milliseconds.
    #[arg(long, default_value_t = 500)]
    pub grace_ms: u64,
    /// freestyle, standard (exactly five) or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Board size, 15 to 20.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(15..=20))]
    pub size: u8,
    /// INFO max_memory sent to the engines, megabytes.
    #[arg(long, default_value_t = 350)]
    pub memory_mb: u64,
    /// Adjudicate a draw after this many moves, 0 for none.
    #[arg(long, default_value_t = 0)]
    pub max_moves: usize,
    /// Start both engines afresh for every game, as a Gomocup manager
    /// does (by default each keeps its process from game to game).
    #[arg(long)]
    pub fresh_process: bool,
    /// Games played at once, each by its own pair of processes. Give each
    /// engine one thread (e.g. pbrain-gomoku --threads 1) and keep this at
    /// most the number of cores, or the engines steal time from each other.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
    /// Folder for games.txt, results.csv and game-NNNN.psq.
    #[arg(long, default_value = "match-out")]
    pub out: PathBuf,
    /// Print only the summary.
    #[arg(long)]
    pub quiet: bool,
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    split_command_line(text)
}

fn parse_sprt(text: &str) -> Result<SprtConfig, String> {
    text.parse()
}
