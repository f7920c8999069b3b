//! The running score of a match and its final report: game and pair
//! counts, Elo, the SPRT's state, faults, and how much of its thinking
//! time each engine used.

use super::sprt::{Pentanomial, SprtConfig, SprtVerdict};
use super::stats::{format_elo, Tally};
use super::{FaultKind, GameRecord, MatchConfig};

/// How much of its time an engine used over a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeUse {
    /// Moves it chose (opening stones excluded).
    pub moves: u64,
    /// Milliseconds those moves took, in all.
    pub used_ms: u64,
    /// Milliseconds it was allowed for them: the turn limit, or less when
    /// the game clock had less left.
    pub budget_ms: u64,
    /// The longest single move, milliseconds.
    pub longest_ms: u64,
}

impl TimeUse {
    /// Counts one move.
    pub fn add(&mut self, used_ms: u64, budget_ms: u64) {
        self.moves += 1;
        self.used_ms += used_ms;
        self.budget_ms += budget_ms;
        self.longest_ms = self.longest_ms.max(used_ms);
    }

    /// Mean milliseconds a move, 0 before any move.
    #[must_use]
    pub fn mean_ms(&self) -> u64 {
        self.used_ms.checked_div(self.moves).unwrap_or(0)
    }

    /// Share of the allowed time used, `None` before any move.
    #[must_use]
    pub fn share(&self) -> Option<f64> {
        (self.budget_ms > 0).then(|| self.used_ms as f64 / self.budget_ms as f64)
    }
}

/// Where a match stands after some games: everything a progress line or
/// the final report needs.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    /// Wins, losses and draws of engine 1 over all finished games.
    pub tally: Tally,
    /// Finished colour-swapped pairs by engine 1's score.
    pub penta: Pentanomial,
    /// The SPRT's hypotheses, if one is being run.
    pub sprt: Option<SprtConfig>,
    /// Whether the game just reported completed its pair.
    pub pair_done: bool,
    /// Faults per engine: start, crash, time, illegal.
    pub faults: [[u32; 4]; 2],
    /// Thinking time per engine.
    pub time: [TimeUse; 2],
}

fn fault_index(kind: FaultKind) -> usize {
    match kind {
        FaultKind::Start => 0,
        FaultKind::Crash => 1,
        FaultKind::Time => 2,
        FaultKind::Illegal => 3,
    }
}

impl Progress {
    /// Counts a finished game's result, faults and move times.
    pub fn count_game(&mut self, g: &GameRecord) {
        match g.winner {
            Some(0) => self.tally.wins += 1,
            Some(_) => self.tally.losses += 1,
            None => self.tally.draws += 1,
        }
        if let super::Ending::Fault { kind, .. } = &g.ending {
            if let Some(w) = g.winner {
                self.faults[1 - w][fault_index(*kind)] += 1;
            }
        }
        for i in g.opening_len..g.times_ms.len() {
            let engine = if i % 2 == 0 { g.black } else { 1 - g.black };
            let budget = g.budgets_ms.get(i).copied().unwrap_or(0);
            self.time[engine].add(g.times_ms[i], budget);
        }
    }

    /// The SPRT's log-likelihood ratio, if one is being run.
    #[must_use]
    pub fn llr(&self) -> Option<f64> {
        self.sprt.map(|s| self.penta.llr(s.elo0, s.elo1))
    }

    /// The SPRT's verdict, if one is being run.
    #[must_use]
    pub fn verdict(&self) -> Option<SprtVerdict> {
        Some(self.sprt?.verdict(self.llr()?))
    }

    /// One line after a finished pair: games, W/L/D, pentanomial, Elo and
    /// the LLR with its bounds, e.g.
    /// `pairs 12 (24 games): +10 -12 =2, penta [1, 3, 4, 3, 1], Elo -14.5 ± 80.2 (95%), LLR -0.31 [-2.94, 2.94]`.
    #[must_use]
    pub fn pair_line(&self) -> String {
        let t = self.tally;
        let mut line = format!(
            "pairs {} ({} games): +{} -{} ={}, penta {}",
            self.penta.pairs(),
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            self.penta
        );
        if let Some(e) = self.penta.elo() {
            line.push_str(&format!(", Elo {}", format_elo(e)));
        }
        if let (Some(s), Some(llr)) = (self.sprt, self.llr()) {
            let (lo, hi) = s.bounds();
            line.push_str(&format!(", LLR {llr:.2} [{lo:.2}, {hi:.2}]"));
        }
        line
    }
}

/// The time control in words: `200 ms/move`, or with a game clock
/// `clock 2m+1s (at most 120000 ms/move)`.
fn time_words(cfg: &MatchConfig) -> String {
    let c = &cfg.conditions;
    if c.match_ms > 0 {
        let mut tc = c.time_control();
        tc.per_move = None;
        format!("clock {tc} (at most {} ms/move)", c.turn_ms)
    } else {
        format!("{} ms/move", c.turn_ms)
    }
}

/// The outcome of a match.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// The final counts.
    pub progress: Progress,
    /// Every game, in game order.
    pub games: Vec<GameRecord>,
    /// Engine names as last reported.
    pub names: [String; 2],
}

impl MatchSummary {
    /// Wins, losses and draws of engine 1.
    #[must_use]
    pub fn tally(&self) -> Tally {
        self.progress.tally
    }

    /// The result on one line, for logs and scripts, e.g.
    /// `gomoku vs PentaZen, 100 games at 200 ms/move: +30 -65 =5, score 32.5/100 (32.5%), Elo -127.0 ± 70.1 (95%); penta [..]; time used 45% vs 90%`.
    #[must_use]
    pub fn one_line(&self, cfg: &MatchConfig) -> String {
        let p = &self.progress;
        let mut line = format!(
            "{} vs {}, {} games at {}: {}",
            self.names[0],
            self.names[1],
            p.tally.games(),
            time_words(cfg),
            p.tally.describe()
        );
        if p.penta.pairs() > 0 {
            line.push_str(&format!("; penta {}", p.penta));
            if let Some(e) = p.penta.elo() {
                line.push_str(&format!(", pair Elo {}", format_elo(e)));
            }
        }
        if let (Some(s), Some(llr)) = (p.sprt, p.llr()) {
            let verdict = match p.verdict() {
                Some(SprtVerdict::H1) => "H1",
                Some(SprtVerdict::H0) => "H0",
                _ => "undecided",
            };
            line.push_str(&format!("; SPRT {s}: LLR {llr:.2}, {verdict}"));
        }
        let share = |t: TimeUse| {
            t.share()
                .map_or("-".to_string(), |x| format!("{:.0}%", x * 100.0))
        };
        line.push_str(&format!(
            "; time used {} vs {}",
            share(p.time[0]),
            share(p.time[1])
        ));
        line
    }

    /// The printed summary.
    #[must_use]
    pub fn report(&self, cfg: &MatchConfig) -> String {
        let p = &self.progress;
        let mut s = format!(
            "{} games, {}x{} {}, {}\n",
            p.tally.games(),
            cfg.conditions.size,
            cfg.conditions.size,
            cfg.conditions.rule,
            time_words(cfg)
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
            p.tally.describe()
        ));
        if p.penta.pairs() > 0 {
            s.push_str(&p.pair_line());
            s.push('\n');
        }
        if let Some(sprt) = p.sprt {
            let verdict = match p.verdict() {
                Some(SprtVerdict::H1) => format!(
                    "H1 accepted: engine1 is at least {} Elo stronger",
                    sprt.elo1
                ),
                Some(SprtVerdict::H0) => {
                    format!("H0 accepted: engine1 is at most {} Elo stronger", sprt.elo0)
                }
                _ => "no decision before the game limit".to_string(),
            };
            s.push_str(&format!("SPRT {sprt}: {verdict}\n"));
        }
        for e in 0..2 {
            let f = p.faults[e];
            let t = p.time[e];
            let share = t
                .share()
                .map(|x| format!(" ({:.0}% of the time allowed)", x * 100.0))
                .unwrap_or_default();
            s.push_str(&format!(
                "engine{}: {} moves, mean {} ms{share}, longest {} ms; faults: start {}, crash {}, time {}, illegal {}\n",
                e + 1,
                t.moves,
                t.mean_ms(),
                t.longest_ms,
                f[0],
                f[1],
                f[2],
                f[3]
            ));
        }
        if cfg.conditions.match_ms > 0 {
            s.push_str(&format!(
                "losses on time: engine1 {}, engine2 {}\n",
                p.faults[0][fault_index(FaultKind::Time)],
                p.faults[1][fault_index(FaultKind::Time)]
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_use_means_and_shares() {
        let mut t = TimeUse::default();
        assert_eq!((t.mean_ms(), t.share()), (0, None));
        t.add(400, 500);
        t.add(200, 500);
        assert_eq!(t.mean_ms(), 300);
        assert_eq!(t.longest_ms, 400);
        assert!((t.share().unwrap() - 0.6).abs() < 1e-12);
    }

    #[test]
    fn pair_lines_show_the_sprt_state() {
        let p = Progress {
            tally: Tally {
                wins: 3,
                losses: 1,
                draws: 0,
            },
            penta: Pentanomial([0, 1, 0, 0, 1]),
            sprt: Some(SprtConfig::default()),
            ..Progress::default()
        };
        let line = p.pair_line();
        assert!(
            line.starts_with("pairs 2 (4 games): +3 -1 =0, penta [0, 1, 0, 0, 1], Elo "),
            "{line}"
        );
        assert!(line.ends_with("[-2.94, 2.94]"), "{line}");
    }
}
