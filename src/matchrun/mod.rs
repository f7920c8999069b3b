//! The match runner: two pbrain engines (any executables speaking the
//! Gomocup protocol) play a series of games, each opening twice with
//! colours swapped; the result is a score and an Elo difference, and every
//! game is written out as a position string and a Piskvork `.psq` file.
//!
//! An engine that crashes, runs over its time or plays an illegal move
//! loses that game; its process is restarted and the match goes on.
//!
//! A match may be a sequential test ([`sprt`]): it then stops as soon as
//! the pairs played show the first engine better or not better by the
//! margins asked for.
//!
//! A tournament ([`run_tournament`]) plays several engines against each
//! other (round robin or gauntlet) with the same game loop, keeping a
//! cross-table ([`Standings`]) and a state file to resume from.

mod crosstable;
mod game;
pub mod mistakes;
pub mod opening_gen;
mod openings;
mod output;
pub mod ratings;
mod setup;
pub mod sprt;
mod stats;
mod summary;
pub mod swap2_gen;
mod tournament;

pub use crate::gomocup::{split_command_line, EngineError, EngineProcess, EngineSpec};
pub use crosstable::{EndKind, PairingResult, Standings};
pub use game::{play_game, play_game_until, Ending, FaultKind, GameJob, GameRecord, Slot};
pub use openings::{
    openings_builtin, parse_openings, shuffle_openings, Opening, OpeningError, BUILTIN_SETS,
    FREESTYLE15, FREESTYLE15_BALANCED, FREESTYLE15_WIDE, RENJU15_BALANCED,
};
pub use setup::{
    balanced_openings, pbrain_beside, TournamentSetup, SETUP_FILE, SETUP_GRACE_MS, SETUP_MEMORY_MB,
    SETUP_SIZE,
};
pub use sprt::{Pentanomial, SprtConfig, SprtVerdict};
pub use stats::{format_elo, Elo, Tally};
pub use summary::{MatchSummary, Progress, TimeUse};
pub use tournament::{
    run_tournament, saved_engines, saved_games, SavedGames, TournamentConfig, TournamentError,
    TournamentGame, TournamentKind, TournamentOutcome, STATE_FILE,
};

use crate::rules::Rule;
pub use output::time_curve_csv;
use output::{append_result, start_results, write_game_file, write_tables};
use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;

/// How every game of a match or a tournament is played: openings, board,
/// rule, time and limits.
#[derive(Debug, Clone)]
pub struct GameConditions {
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
    /// Added to a side's game clock after each of its moves, milliseconds
    /// (Fischer; only with `match_ms`). The protocol has no word for it:
    /// engines see it in the next `INFO time_left`.
    pub increment_ms: u64,
    /// Lateness tolerated beyond the time limit before a move counts as a
    /// time-out, milliseconds.
    pub grace_ms: u64,
    /// `INFO max_memory`, bytes.
    pub max_memory: u64,
    /// Adjudicate a draw after this many moves (0: play to the end).
    pub max_moves: usize,
    /// Start each engine afresh for every game, as a Gomocup manager does,
    /// so that whatever an engine builds on its first move counts against
    /// that move's time in every game, not only in the first.
    pub fresh_process: bool,
}

impl GameConditions {
    /// The `INFO rule` bitmask for the rule.
    #[must_use]
    pub fn rule_bits(&self) -> u32 {
        crate::gomocup::rule_bits(self.rule)
    }

    /// The time control in the words `gomoku-match --clock` takes, e.g.
    /// `2m+1s,2m/move` (a game clock and the turn cap sent as
    /// `timeout_turn`) or `1s/move` (a turn limit alone).
    #[must_use]
    pub fn time_control(&self) -> crate::rules::clock::TimeControl {
        use std::time::Duration;
        let ms = Duration::from_millis;
        crate::rules::clock::TimeControl {
            main: (self.match_ms > 0).then(|| ms(self.match_ms)),
            increment: if self.match_ms > 0 {
                ms(self.increment_ms)
            } else {
                Duration::ZERO
            },
            per_move: Some(ms(self.turn_ms)),
        }
    }

    /// The job for game `index` (of a match, or of one pairing): opening
    /// `index / 2`, engine 0 Black in even games and White in odd ones.
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

/// Everything that defines a match.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines; results are reported for the first.
    pub engines: [EngineSpec; 2],
    /// Number of games.
    pub games: usize,
    /// How each game is played.
    pub conditions: GameConditions,
    /// Games played at once, each with its own pair of processes.
    pub concurrency: usize,
    /// Stop early once this test decides; `games` stays the upper limit.
    pub sprt: Option<SprtConfig>,
    /// Where games are written, if anywhere.
    pub out_dir: Option<PathBuf>,
}

/// Why a match could not run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The output folder or a file in it could not be written.
    #[error("cannot write match output: {0}")]
    Output(#[from] io::Error),
}

/// Plays the match, calling `on_game` as each game finishes (in the order
/// they finish) with the counts so far. By then the game's files and its
/// `results.csv` row are written, so a match stopped at any point keeps
/// the result of every game it finished.
///
/// Game `2k` and `2k + 1` form a pair (one opening, colours swapped). With
/// an SPRT configured, the match stops starting games once a finished pair
/// takes the ratio past a bound; games already under way are finished and
/// counted. `cfg.games` caps the match either way.
///
/// # Errors
/// [`MatchError::Output`] if the output folder cannot be written. Engine
/// failures are not errors: they lose games.
pub fn run_match(
    cfg: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord, &Progress),
) -> Result<MatchSummary, MatchError> {
    if let Some(dir) = &cfg.out_dir {
        fs::create_dir_all(dir)?;
    }
    start_results(cfg)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let names = Mutex::new([cfg.engines[0].display(), cfg.engines[1].display()]);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let workers = cfg.concurrency.clamp(1, cfg.games.max(1));
    let mut games = Vec::with_capacity(cfg.games);
    let mut progress = Progress {
        sprt: cfg.sprt,
        ..Progress::default()
    };
    // First game of each pair whose partner has not finished: pair -> points.
    let mut half_pairs: HashMap<usize, f64> = HashMap::new();
    let mut write_error = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, names, stop) = (&next, &names, &stop);
            scope.spawn(move || {
                let mut slots = [
                    Slot::new(cfg.engines[0].clone()),
                    Slot::new(cfg.engines[1].clone()),
                ];
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= cfg.games {
                        break;
                    }
                    let record = play_game(&mut slots, &cfg.conditions.job(index), &cfg.conditions);
                    if let Ok(mut n) = names.lock() {
                        *n = [slots[0].name.clone(), slots[1].name.clone()];
                    }
                    if tx.send(record).is_err() {
                        break;
                    }
                }
                for mut slot in slots {
                    slot.retire();
                }
            });
        }
        drop(tx);
        for g in rx {
            progress.count_game(&g);
            let points = g.points_of_first();
            progress.pair_done = match half_pairs.remove(&(g.index / 2)) {
                Some(other) => {
                    progress.penta.add(other, points);
                    true
                }
                None => {
                    half_pairs.insert(g.index / 2, points);
                    false
                }
            };
            if progress.pair_done
                && matches!(progress.verdict(), Some(v) if v != SprtVerdict::Continue)
            {
                stop.store(true, Ordering::Relaxed);
            }
            if let Err(e) = write_game_file(cfg, &g).and_then(|()| append_result(cfg, &g)) {
                write_error.get_or_insert(e);
            }
            on_game(&g, &progress);
            games.push(g);
        }
    });
    if let Some(e) = write_error {
        return Err(e.into());
    }
    games.sort_by_key(|g| g.index);
    write_tables(cfg, &games)?;
    let names = names.into_inner().unwrap_or_else(|e| e.into_inner());
    progress.pair_done = false;
    Ok(MatchSummary {
        progress,
        games,
        names,
    })
}
