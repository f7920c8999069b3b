//! The match runner: two pbrain engines (any executables speaking the
//! Gomocup protocol) play a series of games, each opening twice with
//! colours swapped; the result is a score and an Elo difference, and every
//! game is written out as a position string and a Piskvork `.psq` file.
//!
//! An engine that crashes, runs over its time or plays an illegal move
//! loses that game; its process is restarted and the match goes on.

mod game;
mod openings;
mod process;
mod stats;

pub use game::{play_game, Ending, FaultKind, GameJob, GameRecord, Slot};
pub use openings::{parse_openings, Opening, OpeningError, FREESTYLE15};
pub use process::{split_command_line, EngineError, EngineProcess, EngineSpec};
pub use stats::{format_elo, Elo, Tally};

use crate::rules::{print_moves, Rule};
use std::fs;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

/// Everything that defines a match.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines; results are reported for the first.
    pub engines: [EngineSpec; 2],
    /// Number of games.
    pub games: usize,
    /// Openings, each played twice with colours swapped; empty means every
    /// game starts on the empty board.
    pub openings: Vec<Opening>,
    /// Board side.
    pub size: u8,
    /// Which lines win.
    pub rule: Rule,
    /// Time per move, milliseconds (`INFO timeout_turn`).
    pub turn_ms: u64,
    /// Time per game and side, milliseconds, 0 for none
    /// (`INFO timeout_match`, and `INFO time_left` before each move).
    pub match_ms: u64,
    /// Lateness tolerated beyond the time limit before a move counts as a
    /// time-out, milliseconds.
    pub grace_ms: u64,
    /// `INFO max_memory`, bytes.
    pub max_memory: u64,
    /// Adjudicate a draw after this many moves (0: play to the end).
    pub max_moves: usize,
    /// Games played at once, each with its own pair of processes.
    pub concurrency: usize,
    /// Where games are written, if anywhere.
    pub out_dir: Option<PathBuf>,
}

impl MatchConfig {
    /// The `INFO rule` bitmask for the rule.
    #[must_use]
    pub fn rule_bits(&self) -> u32 {
        match self.rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The job for game `index`: opening `index / 2`, engine 0 Black in
    /// even games and White in odd ones.
    #[must_use]
    pub fn job(&self, index: usize) -> GameJob {
        let (opening, moves) = if self.openings.is_empty() {
            (String::new(), Vec::new())
        } else {
            let o = &self.openings[(index / 2) % self.openings.len()];
            (o.text.clone(), o.moves.clone())
        };
        GameJob {
            index,
            opening,
            moves,
            black: index % 2,
        }
    }
}

/// The outcome of a match.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// Wins, losses and draws of engine 1.
    pub tally: Tally,
    /// Every game, in game order.
    pub games: Vec<GameRecord>,
    /// Faults per engine: start, crash, time, illegal.
    pub faults: [[u32; 4]; 2],
    /// Longest move per engine, milliseconds.
    pub longest_move_ms: [u64; 2],
    /// Engine names as last reported.
    pub names: [String; 2],
}

impl MatchSummary {
    /// The printed summary.
    #[must_use]
    pub fn report(&self, cfg: &MatchConfig) -> String {
        let mut s = format!(
            "{} games, {}x{} {}, {} ms/move{}\n",
            self.tally.games(),
            cfg.size,
            cfg.size,
            cfg.rule,
            cfg.turn_ms,
            if cfg.match_ms > 0 {
                format!(", {} ms/game", cfg.match_ms)
            } else {
                String::new()
            }
        );
        // Two configurations of one engine share a name: show how each was
        // started instead.
        let label = |i: usize| {
            if self.names[0] == self.names[1] {
                format!("{} ({})", self.names[i], cfg.engines[i].display())
            } else {
                self.names[i].clone()
            }
        };
        s.push_str(&format!(
            "engine1 {} vs engine2 {}: {}\n",
            label(0),
            label(1),
            self.tally.describe()
        ));
        for e in 0..2 {
            let f = self.faults[e];
            s.push_str(&format!(
                "engine{}: longest move {} ms; faults: start {}, crash {}, time {}, illegal {}\n",
                e + 1,
                self.longest_move_ms[e],
                f[0],
                f[1],
                f[2],
                f[3]
            ));
        }
        s
    }
}

/// Why a match could not run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The output folder or a file in it could not be written.
    #[error("cannot write match output: {0}")]
    Output(#[from] io::Error),
}

fn fault_index(kind: FaultKind) -> usize {
    match kind {
        FaultKind::Start => 0,
        FaultKind::Crash => 1,
        FaultKind::Time => 2,
        FaultKind::Illegal => 3,
    }
}

/// Writes one game's `.psq` file.
fn write_game_file(cfg: &MatchConfig, g: &GameRecord) -> io::Result<()> {
    if let Some(dir) = &cfg.out_dir {
        let times: Vec<u32> = g
            .times_ms
            .iter()
            .map(|t| u32::try_from(*t).unwrap_or(u32::MAX))
            .collect();
        let text = crate::record::write_psq_with_players(
            cfg.size,
            &g.moves,
            Some(&times),
            [&g.names[0], &g.names[1]],
        );
        fs::write(dir.join(format!("game-{:04}.psq", g.index + 1)), text)?;
    }
    Ok(())
}

/// Writes `games.txt` (one position string a game, in game order) and
/// `results.csv`.
fn write_tables(cfg: &MatchConfig, games: &[GameRecord]) -> io::Result<()> {
    let Some(dir) = &cfg.out_dir else {
        return Ok(());
    };
    let mut lines = String::new();
    let mut csv = String::from("game,opening,black,white,winner,ending,moves,position\n");
    for g in games {
        let pos = print_moves(&g.moves, cfg.size);
        lines.push_str(&pos);
        lines.push('\n');
        let winner = match g.winner {
            Some(w) => format!("engine{}", w + 1),
            None => "draw".into(),
        };
        let ending = match &g.ending {
            Ending::Five => "five".to_string(),
            Ending::FullBoard => "full board".to_string(),
            Ending::MoveLimit => "move limit".to_string(),
            Ending::Fault { kind, .. } => format!("{kind:?} fault").to_lowercase(),
        };
        csv.push_str(&format!(
            "{},{},engine{},engine{},{winner},{ending},{},{pos}\n",
            g.index + 1,
            g.opening,
            g.black + 1,
            2 - g.black,
            g.moves.len()
        ));
    }
    fs::write(dir.join("games.txt"), lines)?;
    fs::write(dir.join("results.csv"), csv)
}

/// Plays the match, calling `on_game` as each game finishes (in the order
/// they finish) with the running tally.
///
/// # Errors
/// [`MatchError::Output`] if the output folder cannot be written. Engine
/// failures are not errors: they lose games.
pub fn run_match(
    cfg: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord, &Tally),
) -> Result<MatchSummary, MatchError> {
    if let Some(dir) = &cfg.out_dir {
        fs::create_dir_all(dir)?;
    }
    let next = AtomicUsize::new(0);
    let names = Mutex::new([cfg.engines[0].display(), cfg.engines[1].display()]);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let workers = cfg.concurrency.clamp(1, cfg.games.max(1));
    let mut games = Vec::with_capacity(cfg.games);
    let mut tally = Tally::default();
    let mut faults = [[0u32; 4]; 2];
    let mut longest = [0u64; 2];
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, names) = (&next, &names);
            scope.spawn(move || {
                let mut slots = [
                    Slot::new(cfg.engines[0].clone()),
                    Slot::new(cfg.engines[1].clone()),
                ];
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= cfg.games {
                        break;
                    }
                    let record = play_game(&mut slots, &cfg.job(index), cfg);
                    if let Ok(mut n) = names.lock() {
                        *n = [slots[0].name.clone(), slots[1].name.clone()];
                    }
                    if tx.send(record).is_err() {
                        break;
                    }
                }
                for slot in slots {
                    if let Some(p) = slot.process {
                        p.shutdown();
                    }
                }
            });
        }
        drop(tx);
        for g in rx {
            match g.winner {
                Some(0) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            if let Ending::Fault { kind, .. } = &g.ending {
                if let Some(w) = g.winner {
                    faults[1 - w][fault_index(*kind)] += 1;
                }
            }
            for (i, t) in g.times_ms.iter().enumerate().skip(g.opening_len) {
                let stone_is_black = i % 2 == 0;
                let engine = if stone_is_black { g.black } else { 1 - g.black };
                longest[engine] = longest[engine].max(*t);
            }
            if let Err(e) = write_game_file(cfg, &g) {
                write_error.get_or_insert(e);
            }
            on_game(&g, &tally);
            games.push(g);
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    games.sort_by_key(|g| g.index);
    write_tables(cfg, &games)?;
    let names = names.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(MatchSummary {
        tally,
        games,
        faults,
        longest_move_ms: longest,
        names,
    })
}
