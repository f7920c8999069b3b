//! Tournaments: several engines, a round robin (every engine against every
//! other) or a gauntlet (the first against each of the others), each
//! pairing playing its openings twice with colours swapped. Games are
//! played by the match runner's own game loop ([`play_game`]), several at
//! once if asked; every game is written as it finishes, with a state file
//! from which a stopped tournament resumes.
//!
//! [`run_tournament`] blocks until the tournament ends or is stopped; an
//! app drives it from a thread of its own and reads the progress it
//! reports after each game.

pub use super::crosstable::TournamentGame;
use super::crosstable::{EndKind, Standings};
use super::game::{play_game_until, Ending, FaultKind, GameRecord, Slot};
use super::output::game_psq;
use super::GameConditions;
use crate::gomocup::EngineSpec;
use crate::rules::print_moves;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// The state file's name in the tournament's folder.
pub const STATE_FILE: &str = "tournament.json";

/// Who plays whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentKind {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

impl FromStr for TournamentKind {
    type Err = String;

    fn from_str(s: &str) -> Result<TournamentKind, String> {
        match s {
            "round-robin" | "roundrobin" | "rr" => Ok(TournamentKind::RoundRobin),
            "gauntlet" => Ok(TournamentKind::Gauntlet),
            _ => Err(format!(
                "unknown tournament '{s}': use round-robin or gauntlet"
            )),
        }
    }
}

/// Everything that defines a tournament.
#[derive(Debug, Clone)]
pub struct TournamentConfig {
    /// The engines, two or more.
    pub engines: Vec<EngineSpec>,
    /// Round robin or gauntlet.
    pub kind: TournamentKind,
    /// Games each pairing plays (an odd number leaves one opening played
    /// with one colour only).
    pub games_per_pairing: usize,
    /// How each game is played.
    pub conditions: GameConditions,
    /// Games played at once, each with its own processes.
    pub concurrency: usize,
    /// Folder for the games, the state file and the cross-table.
    pub out_dir: PathBuf,
}

impl TournamentConfig {
    /// The pairings, each as the two engines' indexes (results are the
    /// first one's).
    #[must_use]
    pub fn pairings(&self) -> Vec<[usize; 2]> {
        let n = self.engines.len();
        match self.kind {
            TournamentKind::RoundRobin => (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| [a, b]))
                .collect(),
            TournamentKind::Gauntlet => (1..n).map(|b| [0, b]).collect(),
        }
    }

    /// Games in all.
    #[must_use]
    pub fn planned(&self) -> usize {
        self.pairings().len() * self.games_per_pairing
    }

    /// What must not change between a stopped tournament and its resumption.
    fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            engines: self.engines.clone(),
            kind: self.kind,
            games_per_pairing: self.games_per_pairing,
            openings: self
                .conditions
                .openings
                .iter()
                .map(|o| o.text.clone())
                .collect(),
            size: self.conditions.size,
            rule: self.conditions.rule.to_string(),
            turn_ms: self.conditions.turn_ms,
            match_ms: self.conditions.match_ms,
            increment_ms: self.conditions.increment_ms,
        }
    }
}

/// The settings a resumed tournament must share with the stopped one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Fingerprint {
    engines: Vec<EngineSpec>,
    kind: TournamentKind,
    games_per_pairing: usize,
    openings: Vec<String>,
    size: u8,
    rule: String,
    turn_ms: u64,
    match_ms: u64,
    /// Absent from state files written before increments existed.
    #[serde(default)]
    increment_ms: u64,
}

/// The state file: the settings and the games finished so far.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct State {
    fingerprint: Fingerprint,
    names: Vec<String>,
    games: Vec<TournamentGame>,
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// Fewer than two engines, or no games.
    #[error("{0}")]
    Config(String),
    /// The folder holds another tournament, or one that was not asked to
    /// be resumed.
    #[error("{0}")]
    State(String),
    /// A file could not be written or read.
    #[error("tournament files: {0}")]
    Io(#[from] std::io::Error),
}

/// How a tournament run ended.
#[derive(Debug, Clone)]
pub struct TournamentOutcome {
    /// The final standings.
    pub standings: Standings,
    /// Every finished game, resumed ones included, by pairing and number.
    pub games: Vec<TournamentGame>,
    /// True when it was stopped before every game was played.
    pub stopped: bool,
}

fn end_kind(g: &GameRecord) -> EndKind {
    match &g.ending {
        Ending::Five => EndKind::Five,
        Ending::FullBoard => EndKind::FullBoard,
        Ending::MoveLimit => EndKind::MoveLimit,
        Ending::Fault { kind, .. } => match kind {
            FaultKind::Start => EndKind::Start,
            FaultKind::Crash => EndKind::Crash,
            FaultKind::Time => EndKind::Time,
            FaultKind::Illegal => EndKind::Illegal,
        },
    }
}

fn ending_words(g: &GameRecord) -> String {
    match &g.ending {
        Ending::Five => format!("five after {} moves", g.moves.len()),
        Ending::FullBoard => "board full".into(),
        Ending::MoveLimit => format!("move limit {} reached", g.moves.len()),
        Ending::Fault { detail, .. } => detail.clone(),
    }
}

fn load_state(path: &Path) -> Result<Option<State>, TournamentError> {
    match fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| TournamentError::State(format!("cannot read {}: {e}", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.into()),
    }
}

fn save_state(path: &Path, state: &State) -> Result<(), TournamentError> {
    let text =
        serde_json::to_string_pretty(state).map_err(|e| TournamentError::State(e.to_string()))?;
    crate::storage::write_atomic(path, text.as_bytes())
        .map_err(|e| TournamentError::State(format!("cannot write {}: {e}", path.display())))
}

/// Names given by more than one engine (the same program at two levels)
/// get the engine's arguments after them, so the cross-table can tell
/// them apart: "gomoku (--level 3)".
fn distinct_names(plain: &[String], engines: &[EngineSpec]) -> Vec<String> {
    let mut names = plain.to_vec();
    for (i, name) in names.iter_mut().enumerate() {
        let shared = plain.iter().filter(|&n| *n == plain[i]).count() > 1;
        let args = engines
            .get(i)
            .map(|e| e.argv[1..].join(" "))
            .unwrap_or_default();
        if shared && !args.is_empty() {
            *name = format!("{} ({args})", plain[i]);
        }
    }
    names
}

/// The engines' names (as they gave them) and the finished games of a
/// tournament, as its state file holds them.
pub type SavedGames = (Vec<String>, Vec<TournamentGame>);

/// The engines' names and the finished games of the tournament kept in
/// `out_dir`, as its state file holds them (`None` when there is none):
/// what a window shows of a stopped tournament before it is resumed.
///
/// # Errors
/// A state file that cannot be read.
pub fn saved_games(out_dir: &Path) -> Result<Option<SavedGames>, TournamentError> {
    Ok(load_state(&out_dir.join(STATE_FILE))?.map(|s| (s.names, s.games)))
}

/// The engines of the tournament kept in `out_dir` as its state file
/// holds them (`None` when there is none), in the tournament's order.
///
/// # Errors
/// A state file that cannot be read.
pub fn saved_engines(out_dir: &Path) -> Result<Option<Vec<EngineSpec>>, TournamentError> {
    Ok(load_state(&out_dir.join(STATE_FILE))?.map(|s| s.fingerprint.engines))
}

/// Plays the tournament in `cfg.out_dir`, calling `on_game` after each game
/// with the game and the standings so far. With `resume`, the games of a
/// stopped run recorded in the folder's state file are kept and only the
/// others played; without, a folder that already holds a tournament is
/// refused. Once `stop` is raised no new game starts and games under way
/// are abandoned before their next move (a resumed run plays them again);
/// the run then returns with `stopped` set.
///
/// # Errors
/// Bad settings, a state file of another tournament, or files that cannot
/// be written. Engine failures are not errors: they lose games.
pub fn run_tournament(
    cfg: &TournamentConfig,
    resume: bool,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&TournamentGame, &Standings),
) -> Result<TournamentOutcome, TournamentError> {
    if cfg.engines.len() < 2 {
        return Err(TournamentError::Config(
            "a tournament needs at least two engines".into(),
        ));
    }
    if cfg.games_per_pairing == 0 {
        return Err(TournamentError::Config(
            "a tournament needs at least one game per pairing".into(),
        ));
    }
    fs::create_dir_all(&cfg.out_dir)?;
    let state_path = cfg.out_dir.join(STATE_FILE);
    let fingerprint = cfg.fingerprint();
    let mut state = match load_state(&state_path)? {
        Some(s) if !resume => {
            return Err(TournamentError::State(format!(
            "{} already holds a tournament ({} games played): resume it or choose another folder",
            cfg.out_dir.display(),
            s.games.len()
        )))
        }
        Some(s) if s.fingerprint != fingerprint => {
            return Err(TournamentError::State(format!(
            "{} holds a tournament with other engines or settings: it cannot be resumed with these",
            cfg.out_dir.display()
        )))
        }
        Some(s) => s,
        None => State {
            fingerprint,
            names: cfg.engines.iter().map(EngineSpec::display).collect(),
            games: Vec::new(),
        },
    };
    let pairings = cfg.pairings();
    let planned = cfg.planned();
    let done: std::collections::HashSet<(usize, usize)> =
        state.games.iter().map(|g| (g.pairing, g.game)).collect();
    let jobs: Vec<(usize, usize)> = (0..pairings.len())
        .flat_map(|p| (0..cfg.games_per_pairing).map(move |g| (p, g)))
        .filter(|j| !done.contains(j))
        .collect();
    let next = AtomicUsize::new(0);
    let names = Mutex::new(state.names.clone());
    // The names as the engines gave them; `names` tells equal ones apart.
    let given = Mutex::new(state.names.clone());
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    let workers = cfg.concurrency.clamp(1, jobs.len().max(1));
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, names, given, jobs, pairings) = (&next, &names, &given, &jobs, &pairings);
            scope.spawn(move || {
                // Each worker keeps the processes of the pairing it plays
                // (jobs come pairing by pairing); others are ended, so a
                // large field does not hold every engine's memory at once.
                let mut seats: HashMap<usize, Slot> = HashMap::new();
                while !stop.load(Ordering::Relaxed) {
                    let Some(&(p, g)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let [a, b] = pairings[p];
                    let idle: Vec<usize> = seats
                        .keys()
                        .copied()
                        .filter(|&e| e != a && e != b)
                        .collect();
                    for e in idle {
                        if let Some(mut slot) = seats.remove(&e) {
                            slot.retire();
                        }
                    }
                    let mut take = |e: usize| {
                        seats
                            .remove(&e)
                            .unwrap_or_else(|| Slot::new(cfg.engines[e].clone()))
                    };
                    let mut slots = [take(a), take(b)];
                    let conditions = &cfg.conditions;
                    let record = play_game_until(&mut slots, &conditions.job(g), conditions, stop);
                    if let (Ok(mut n), Ok(mut given)) = (names.lock(), given.lock()) {
                        given[a] = slots[0].name.clone();
                        given[b] = slots[1].name.clone();
                        *n = distinct_names(&given, &cfg.engines);
                    }
                    let [sa, sb] = slots;
                    seats.insert(a, sa);
                    seats.insert(b, sb);
                    // An abandoned game is played again on resumption.
                    let Some(record) = record else { break };
                    if tx.send((p, record)).is_err() {
                        break;
                    }
                }
                for (_, mut slot) in seats {
                    slot.retire();
                }
            });
        }
        drop(tx);
        for (p, record) in rx {
            let [a, b] = pairings[p];
            let seat = |s: usize| if s == 0 { a } else { b };
            let file = format!("game-{:02}-{:02}-{:04}.psq", a + 1, b + 1, record.index + 1);
            if let Err(e) = fs::write(
                cfg.out_dir.join(&file),
                game_psq(cfg.conditions.size, &record),
            ) {
                failure.get_or_insert(TournamentError::Io(e));
            }
            let game = TournamentGame {
                pairing: p,
                game: record.index,
                black: seat(record.black),
                white: seat(1 - record.black),
                winner: record.winner.map(seat),
                ending: ending_words(&record),
                end: Some(end_kind(&record)),
                opening: record.opening.clone(),
                moves: print_moves(&record.moves, cfg.conditions.size),
                file,
            };
            state.names = names.lock().map(|n| n.clone()).unwrap_or_default();
            state.games.push(game.clone());
            if let Err(e) = save_state(&state_path, &state) {
                failure.get_or_insert(e);
            }
            let standings = Standings::from_games(&state.names, &pairings, &state.games, planned);
            on_game(&game, &standings);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    state.games.sort_by_key(|g| (g.pairing, g.game));
    let standings = Standings::from_games(&state.names, &pairings, &state.games, planned);
    fs::write(cfg.out_dir.join("crosstable.txt"), standings.report())?;
    Ok(TournamentOutcome {
        stopped: state.games.len() < planned,
        standings,
        games: state.games,
    })
}
