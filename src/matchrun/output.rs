//! What a match leaves on disk: one `.psq` file a game as it finishes, and
//! at the end `games.txt` (one position string a game) and `results.csv`.

use super::{Ending, GameRecord, MatchConfig};
use crate::rules::print_moves;
use std::fs;
use std::io;

/// A game as a Piskvork `.psq` file, with its move times and players.
pub(super) fn game_psq(size: u8, g: &GameRecord) -> String {
    let times: Vec<u32> = g
        .times_ms
        .iter()
        .map(|t| u32::try_from(*t).unwrap_or(u32::MAX))
        .collect();
    crate::record::write_psq_with_players(size, &g.moves, Some(&times), [&g.names[0], &g.names[1]])
}

/// Writes one game's `.psq` file.
pub(super) fn write_game_file(cfg: &MatchConfig, g: &GameRecord) -> io::Result<()> {
    if let Some(dir) = &cfg.out_dir {
        let text = game_psq(cfg.conditions.size, g);
        fs::write(dir.join(format!("game-{:04}.psq", g.index + 1)), text)?;
    }
    Ok(())
}

/// Writes `games.txt` (one position string a game, in game order) and
/// `results.csv`.
pub(super) fn write_tables(cfg: &MatchConfig, games: &[GameRecord]) -> io::Result<()> {
    let Some(dir) = &cfg.out_dir else {
        return Ok(());
    };
    let mut lines = String::new();
    let mut csv = String::from("game,opening,black,white,winner,ending,moves,position\n");
    for g in games {
        let pos = print_moves(&g.moves, cfg.conditions.size);
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
