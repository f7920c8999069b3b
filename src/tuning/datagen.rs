//! Training games: seeded self-play at a fixed node budget, and games
//! read back from the strength lab's `.psq` records.
//!
//! A node budget instead of a clock makes a seed give the same games on
//! every machine and under any load; each game's randomness comes from the
//! seed and the game's number alone, so the file is the same whatever the
//! number of threads.

use super::dataset::{stored_score, GameRecord, SCORE_NONE};
use crate::engine::{Engine, Evaluator, Limits, Position, SearchParams};
use crate::matchrun::{parse_openings, shuffle_openings, Opening, FREESTYLE15_WIDE};
use crate::record::parse_psq;
use crate::rules::{GameModel, GameSettings, Rule};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Settings of a self-play run.
#[derive(Debug, Clone, Copy)]
pub struct SelfPlay {
    /// Number of games.
    pub games: usize,
    /// Node budget of each move's search.
    pub nodes: u64,
    /// Seed of the opening order and of every random choice.
    pub seed: u64,
    /// Moves within this many evaluation units of the best may be played
    /// instead of it, so that games from one opening differ.
    pub variety: i32,
    /// Games played at once.
    pub threads: usize,
    /// Transposition table of each game's engine, in MB.
    pub hash_mb: usize,
    /// The rule the games are played under.
    pub rule: Rule,
    /// The evaluation the games are searched with.
    pub eval: Evaluator,
}

/// Plays `cfg.games` games of self-play on 15 × 15 under `cfg.rule` from
/// the wide opening set (in the seed's order), handing each finished game
/// to `sink` in game order. Every rule draws on the freestyle set: its
/// openings are a few stones each, legal under every rule, and more
/// varied than the Renju set, which the strength lab's matches use and
/// training data should not.
pub fn self_play(cfg: &SelfPlay, mut sink: impl FnMut(usize, GameRecord)) {
    let mut openings =
        parse_openings(FREESTYLE15_WIDE, 15, cfg.rule).expect("the shipped set loads");
    shuffle_openings(&mut openings, cfg.seed);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            let tx = tx.clone();
            let (next, openings) = (&next, &openings);
            scope.spawn(move || {
                let mut engine = Engine::new(cfg.hash_mb);
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    let opening = &openings[g % openings.len()];
                    let record = play_one(&mut engine, opening, cfg, g);
                    if tx.send((g, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; hand them on in order.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (g, record) in rx {
            waiting.insert(g, record);
            while let Some(record) = waiting.remove(&due) {
                sink(due, record);
                due += 1;
            }
        }
    });
}

/// One self-play game from `opening`, game number `g`.
fn play_one(engine: &mut Engine, opening: &Opening, cfg: &SelfPlay, g: usize) -> GameRecord {
    let settings = GameSettings {
        size: 15,
        rule: cfg.rule,
    };
    let mut game = GameModel::from_moves(settings, &opening.moves).expect("openings are legal");
    let mut scores = vec![SCORE_NONE; game.moves().len()];
    engine.new_game();
    let stop = AtomicBool::new(false);
    while !game.is_over() {
        let params = SearchParams {
            eval: cfg.eval,
            persona: None,
            book: false,
            limits: Limits {
                nodes: Some(cfg.nodes),
                ..Limits::default()
            },
            variety: cfg.variety,
            seed: Some(cfg.seed ^ ((g as u64) << 20) ^ game.moves().len() as u64),
            threads: 1,
            multipv: 1,
        };
        let pos = Position::from_game(&game);
        let r = engine.search(&pos, &params, &stop, &mut |_| {});
        let Some(mv) = r.best else { break };
        scores.push(stored_score(r.score));
        game.play(mv).expect("the engine plays legal moves");
    }
    GameRecord {
        size: 15,
        rule: cfg.rule,
        winner: game.outcome().and_then(|o| o.winner()),
        moves: game.moves().to_vec(),
        scores,
    }
}

/// A finished game from a `.psq` record (freestyle), with no scores; or
/// `None` when the record is unreadable or the game did not end in a five
/// or a full board (a forfeit says nothing about the position).
#[must_use]
pub fn game_from_psq(text: &str) -> Option<GameRecord> {
    let record = parse_psq(text).ok()?;
    let game = record.to_game(Rule::Freestyle).ok()?;
    let full = game.moves().len() == usize::from(record.size).pow(2);
    let winner = game.outcome().and_then(|o| o.winner());
    if winner.is_none() && !full {
        return None;
    }
    Some(GameRecord {
        size: record.size,
        rule: Rule::Freestyle,
        winner,
        scores: vec![SCORE_NONE; record.moves.len()],
        moves: record.moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Stone;

    #[test]
    fn self_play_is_the_same_for_a_seed_whatever_the_threads() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let run = |threads| {
                let cfg = SelfPlay {
                    games: 3,
                    nodes: 2_000,
                    seed: 5,
                    variety: 60,
                    threads,
                    hash_mb: 1,
                    rule,
                    eval: Evaluator::Classical,
                };
                let mut out = Vec::new();
                self_play(&cfg, |g, r| out.push((g, r)));
                out
            };
            let one = run(1);
            assert_eq!(one.iter().map(|(g, _)| *g).collect::<Vec<_>>(), [0, 1, 2]);
            assert_eq!(one, run(2));
            for (_, r) in &one {
                assert_eq!(r.rule, rule, "the record names its rule");
                assert_eq!(r.moves.len(), r.scores.len());
                // Replayed under its own rule, every move is legal (under
                // Renju, no Black move is forbidden) and the game is over.
                let game =
                    GameModel::from_moves(GameSettings { size: 15, rule }, &r.moves).unwrap();
                assert!(game.is_over(), "games are played to the end");
                assert_eq!(game.outcome().and_then(|o| o.winner()), r.winner);
            }
        }
    }

    #[test]
    fn lab_records_keep_only_finished_games() {
        let won = "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n-1\n";
        let g = game_from_psq(won).unwrap();
        assert_eq!(g.winner, Some(Stone::Black));
        assert_eq!(g.moves.len(), 9);
        assert!(g.scores.iter().all(|&s| s == SCORE_NONE));
        let unfinished = "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,2,0\n-1\n";
        assert!(game_from_psq(unfinished).is_none());
        assert!(game_from_psq("garbage").is_none());
    }
}
