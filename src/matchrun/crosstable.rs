//! A tournament's standings: for every pairing the first engine's wins,
//! losses and draws, its colour-swapped pairs (the pentanomial) and an Elo
//! difference with its error bar; for every engine its score against the
//! field; and the cross-table as text.

use super::sprt::Pentanomial;
use super::stats::{format_elo, Elo, Tally};
use crate::rules::parse_moves;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One finished game of a tournament, as kept in the state file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    /// Which pairing (index into `TournamentConfig::pairings`).
    pub pairing: usize,
    /// 0-based game number within the pairing.
    pub game: usize,
    /// The engine that played Black (index into the engines).
    pub black: usize,
    /// The engine that played White.
    pub white: usize,
    /// The winner's index, `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended, for people (`five after 41 moves`, or the fault).
    pub ending: String,
    /// How it ended, for a program: the app says it in the player's
    /// language and puts the result on the board. Absent from the state
    /// files of earlier versions.
    #[serde(default)]
    pub end: Option<EndKind>,
    /// The opening as written.
    pub opening: String,
    /// Every move, as a position string.
    pub moves: String,
    /// The game's file in the tournament's folder.
    pub file: String,
}

/// How a tournament game ended, kept with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndKind {
    /// Five in a row.
    Five,
    /// The board filled up: a draw.
    FullBoard,
    /// The move limit was reached: adjudicated a draw.
    MoveLimit,
    /// The loser could not be started, or did not answer `ABOUT`/`START`.
    Start,
    /// The loser crashed or closed its output.
    Crash,
    /// The loser ran over its time.
    Time,
    /// The loser played an illegal or unreadable move.
    Illegal,
}

impl TournamentGame {
    /// Points of engine `e` in this game.
    #[must_use]
    pub fn points_of(&self, e: usize) -> f64 {
        match self.winner {
            Some(w) if w == e => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The moves, read back (`None` if the state file was edited badly).
    #[must_use]
    pub fn move_list(&self, size: u8) -> Option<Vec<crate::rules::Point>> {
        parse_moves(&self.moves, size).ok()
    }
}

/// The results between two engines.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PairingResult {
    /// The two engines (indexes into the tournament's list); results are
    /// the first one's.
    pub engines: [usize; 2],
    /// Wins, losses and draws of the first engine.
    pub tally: Tally,
    /// Finished colour-swapped pairs by the first engine's score.
    pub penta: Pentanomial,
}

impl PairingResult {
    /// The first engine's Elo over the second: from the pairs when there
    /// are any (they account for the opening), else from the games.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        self.penta.elo().or_else(|| self.tally.elo())
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standings {
    /// Engine names, in the tournament's order.
    pub names: Vec<String>,
    /// One entry per pairing, in the tournament's order.
    pub pairings: Vec<PairingResult>,
    /// Each engine's wins, losses and draws against the field.
    pub totals: Vec<Tally>,
    /// Games finished, of `planned`.
    pub finished: usize,
    /// Games the tournament plays in all.
    pub planned: usize,
}

impl Standings {
    /// The standings after `games`, for `pairings` of `names`.
    #[must_use]
    pub fn from_games(
        names: &[String],
        pairings: &[[usize; 2]],
        games: &[TournamentGame],
        planned: usize,
    ) -> Standings {
        let mut results: Vec<PairingResult> = pairings
            .iter()
            .map(|&engines| PairingResult {
                engines,
                ..PairingResult::default()
            })
            .collect();
        let mut totals = vec![Tally::default(); names.len()];
        // First game of each colour-swapped pair: (pairing, pair) -> points.
        let mut halves: HashMap<(usize, usize), f64> = HashMap::new();
        let mut sorted: Vec<&TournamentGame> = games.iter().collect();
        sorted.sort_by_key(|g| (g.pairing, g.game));
        for g in sorted {
            let Some(r) = results.get_mut(g.pairing) else {
                continue;
            };
            let [a, b] = r.engines;
            let points = g.points_of(a);
            match g.winner {
                Some(w) if w == a => {
                    r.tally.wins += 1;
                    totals[a].wins += 1;
                    totals[b].losses += 1;
                }
                Some(_) => {
                    r.tally.losses += 1;
                    totals[a].losses += 1;
                    totals[b].wins += 1;
                }
                None => {
                    r.tally.draws += 1;
                    totals[a].draws += 1;
                    totals[b].draws += 1;
                }
            }
            match halves.remove(&(g.pairing, g.game / 2)) {
                Some(first) => r.penta.add(first, points),
                None => {
                    halves.insert((g.pairing, g.game / 2), points);
                }
            }
        }
        Standings {
            names: names.to_vec(),
            pairings: results,
            totals,
            finished: games.len(),
            planned,
        }
    }

    /// The engines by score against the field, best first.
    #[must_use]
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            let s = |i: usize| self.totals[i].score().unwrap_or(0.0);
            s(b).total_cmp(&s(a)).then(a.cmp(&b))
        });
        order
    }

    /// The cross-table and the pairings as text, e.g.
    ///
    /// ```text
    /// rank engine      games  score   +   -   =  Elo vs field        1      2
    ///    1 fake-a          4   75.0%  3   1   0  +190.8 ± …     -      3-1-0
    /// ```
    #[must_use]
    pub fn report(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(6).max(6);
        let n = self.names.len();
        // cell[i][j]: i's W-L-D against j.
        let mut cell = vec![vec![None::<Tally>; n]; n];
        for p in &self.pairings {
            let [a, b] = p.engines;
            let t = p.tally;
            cell[a][b] = Some(t);
            cell[b][a] = Some(Tally {
                wins: t.losses,
                losses: t.wins,
                draws: t.draws,
            });
        }
        let mut text = format!(
            "games {}/{}\n{:>4} {:width$} {:>5} {:>7} {:>4} {:>4} {:>4}  {:<24}",
            self.finished,
            self.planned,
            "rank",
            "engine",
            "games",
            "score",
            "+",
            "-",
            "=",
            "Elo vs field",
            width = width + 4
        );
        for j in 0..n {
            text.push_str(&format!(" {:>9}", j + 1));
        }
        text.push('\n');
        for (rank, &i) in self.ranking().iter().enumerate() {
            let t = self.totals[i];
            let score = t
                .score()
                .map_or("-".to_string(), |s| format!("{:.1}%", s * 100.0));
            let elo = t.elo().map_or("-".to_string(), format_elo);
            text.push_str(&format!(
                "{:>4} {:width$} {:>5} {:>7} {:>4} {:>4} {:>4}  {:<24}",
                rank + 1,
                format!("{}. {}", i + 1, self.names[i]),
                t.games(),
                score,
                t.wins,
                t.losses,
                t.draws,
                elo,
                width = width + 4
            ));
            for (j, c) in cell[i].iter().enumerate() {
                let c = match c {
                    _ if i == j => "-".to_string(),
                    Some(t) => format!("{}-{}-{}", t.wins, t.losses, t.draws),
                    None => ".".to_string(),
                };
                text.push_str(&format!(" {c:>9}"));
            }
            text.push('\n');
        }
        text.push_str("pairings (W-L-D of the first engine):\n");
        for p in &self.pairings {
            let [a, b] = p.engines;
            let elo = p.elo().map_or("-".to_string(), format_elo);
            text.push_str(&format!(
                "  {} vs {}: +{} -{} ={}, pairs {}, Elo {elo}\n",
                self.names[a], self.names[b], p.tally.wins, p.tally.losses, p.tally.draws, p.penta
            ));
        }
        text
    }
}
