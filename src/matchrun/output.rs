//! What a match leaves on disk: one `.psq` file, one time curve
//! (`game-NNNN-times.csv`) and one `results.csv` row a game as it
//! finishes, so that a match stopped early keeps every finished game's
//! result; at the end `games.txt` (one position string a game) and
//! `results.csv` again, in game order.

use super::{Ending, FaultKind, GameRecord, MatchConfig};
use crate::rules::print_moves;
use std::fs;
use std::io::{self, Write};

/// A game as a Piskvork `.psq` file, with its move times and players.
pub(super) fn game_psq(size: u8, g: &GameRecord) -> String {
    let times: Vec<u32> = g
        .times_ms
        .iter()
        .map(|t| u32::try_from(*t).unwrap_or(u32::MAX))
        .collect();
    crate::record::write_psq_with_players(size, &g.moves, Some(&times), [&g.names[0], &g.names[1]])
}

/// A game's time curve as CSV: for every move the engines chose, who
/// played it, how long it took, what it was allowed and what was left on
/// the mover's game clock afterwards (increment added; 0 without a clock).
#[must_use]
pub fn time_curve_csv(g: &GameRecord) -> String {
    let mut csv = String::from("move,colour,engine,took_ms,allowed_ms,clock_left_ms\n");
    for i in g.opening_len..g.times_ms.len() {
        let (colour, engine) = if i % 2 == 0 {
            ("black", g.black)
        } else {
            ("white", 1 - g.black)
        };
        let at = |v: &[u64]| v.get(i).copied().unwrap_or(0);
        csv.push_str(&format!(
            "{},{colour},engine{},{},{},{}\n",
            i + 1,
            engine + 1,
            g.times_ms[i],
            at(&g.budgets_ms),
            at(&g.clock_left_ms)
        ));
    }
    csv
}

/// Writes one game's `.psq` file and its time curve
/// (`game-NNNN-times.csv`).
pub(super) fn write_game_file(cfg: &MatchConfig, g: &GameRecord) -> io::Result<()> {
    if let Some(dir) = &cfg.out_dir {
        let text = game_psq(cfg.conditions.size, g);
        fs::write(dir.join(format!("game-{:04}.psq", g.index + 1)), text)?;
        fs::write(
            dir.join(format!("game-{:04}-times.csv", g.index + 1)),
            time_curve_csv(g),
        )?;
    }
    Ok(())
}

/// The first line of `results.csv`.
const RESULTS_HEADER: &str = "game,opening,black,white,winner,ending,moves,position\n";

/// One game's `results.csv` row, `pos` being its position string.
fn results_row(g: &GameRecord, pos: &str) -> String {
    let winner = match g.winner {
        Some(w) => format!("engine{}", w + 1),
        None => "draw".into(),
    };
    let ending = match &g.ending {
        Ending::Five => "five".to_string(),
        Ending::FullBoard => "full board".to_string(),
        Ending::MoveLimit => "move limit".to_string(),
        Ending::Fault {
            kind: FaultKind::Time,
            ..
        } => "loss on time".to_string(),
        Ending::Fault { kind, .. } => format!("{kind:?} fault").to_lowercase(),
    };
    format!(
        "{},{},engine{},engine{},{winner},{ending},{},{pos}\n",
        g.index + 1,
        g.opening,
        g.black + 1,
        2 - g.black,
        g.moves.len()
    )
}

/// Starts `results.csv` afresh (its header alone) as a match begins.
pub(super) fn start_results(cfg: &MatchConfig) -> io::Result<()> {
    match &cfg.out_dir {
        Some(dir) => fs::write(dir.join("results.csv"), RESULTS_HEADER),
        None => Ok(()),
    }
}

/// Adds a finished game's row to `results.csv` (in the order games
/// finish; [`write_tables`] puts them in game order at the end).
pub(super) fn append_result(cfg: &MatchConfig, g: &GameRecord) -> io::Result<()> {
    let Some(dir) = &cfg.out_dir else {
        return Ok(());
    };
    let mut file = fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.join("results.csv"))?;
    let pos = print_moves(&g.moves, cfg.conditions.size);
    file.write_all(results_row(g, &pos).as_bytes())
}

/// Writes `games.txt` (one position string a game, in game order) and
/// `results.csv`, in game order.
pub(super) fn write_tables(cfg: &MatchConfig, games: &[GameRecord]) -> io::Result<()> {
    let Some(dir) = &cfg.out_dir else {
        return Ok(());
    };
    let mut lines = String::new();
    let mut csv = String::from(RESULTS_HEADER);
    for g in games {
        let pos = print_moves(&g.moves, cfg.conditions.size);
        lines.push_str(&pos);
        lines.push('\n');
        csv.push_str(&results_row(g, &pos));
    }
    fs::write(dir.join("games.txt"), lines)?;
    fs::write(dir.join("results.csv"), csv)
}
