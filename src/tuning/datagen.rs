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
use crate::rules::{GameModel, GameSettings, Point, Rule};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
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
    /// Random moves played after the opening (near the stones, and only
    /// where the search then finds the game still open), so that the
    /// games of one opening part at once and their positions repeat
    /// less. 0: none.
    pub random_plies: u8,
}

/// A position after the random moves is kept when the search scores it
/// within this many evaluation units of even (about a 60% win chance);
/// beyond, the moves are drawn again. Lopsided starts give short games
/// whose positions teach little.
const BALANCE_LIMIT: i32 = 600;

/// Draws of the random moves tried before the last one is kept whatever
/// its balance.
const RANDOM_TRIES: u32 = 8;

/// Random moves are drawn among the empty points this close (king moves)
/// to a stone: where a player would think of playing.
const RANDOM_REACH: u8 = 2;

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
    let start = GameModel::from_moves(settings, &opening.moves).expect("openings are legal");
    engine.new_game();
    let stop = AtomicBool::new(false);
    let params = |game: &GameModel| SearchParams {
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
    let mut game = start.clone();
    if cfg.random_plies > 0 {
        let mut rng = StdRng::seed_from_u64(cfg.seed ^ ((g as u64) << 20) ^ RANDOM_SALT);
        for _ in 0..RANDOM_TRIES {
            game = start.clone();
            random_moves(&mut game, cfg.random_plies, &mut rng);
            if game.is_over() {
                continue;
            }
            let r = engine.search(
                &Position::from_game(&game),
                &params(&game),
                &stop,
                &mut |_| {},
            );
            if r.score.0.abs() <= BALANCE_LIMIT {
                break;
            }
        }
    }
    let mut scores = vec![SCORE_NONE; game.moves().len()];
    while !game.is_over() {
        let pos = Position::from_game(&game);
        let r = engine.search(&pos, &params(&game), &stop, &mut |_| {});
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

/// Keeps the random moves' stream apart from the search's seeds.
const RANDOM_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// Plays up to `plies` random legal moves, each on an empty point near a
/// stone, stopping if the game ends.
fn random_moves(game: &mut GameModel, plies: u8, rng: &mut StdRng) {
    for _ in 0..plies {
        if game.is_over() {
            return;
        }
        let board = game.board();
        let stones: Vec<Point> = board.stones().map(|(p, _)| p).collect();
        let near: Vec<Point> = board
            .points()
            .filter(|&p| board.is_empty_at(p))
            .filter(|&p| stones.is_empty() || stones.iter().any(|&s| s.distance(p) <= RANDOM_REACH))
            .collect();
        // Under Renju a point may be forbidden to Black: draw again.
        let mut played = false;
        for _ in 0..near.len() {
            let p = near[rng.random_range(0..near.len())];
            if game.play(p).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            return;
        }
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
        for (rule, random_plies) in [(Rule::Freestyle, 0), (Rule::Renju, 0), (Rule::Renju, 3)] {
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
                    random_plies,
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
    fn random_moves_are_near_the_stones_legal_and_differ_by_seed() {
        let settings = GameSettings {
            size: 15,
            rule: Rule::Renju,
        };
        let start = GameModel::from_moves(settings, &[Point::new(7, 7)]).unwrap();
        let draw = |seed| {
            let mut game = start.clone();
            random_moves(&mut game, 6, &mut StdRng::seed_from_u64(seed));
            game.moves().to_vec()
        };
        let a = draw(1);
        assert_eq!(a.len(), 7, "six moves after the opening's one");
        assert_eq!(a, draw(1), "a seed draws the same moves");
        assert_ne!(a, draw(2), "another seed other moves");
        for (i, &p) in a.iter().enumerate().skip(1) {
            let near = a[..i].iter().any(|&s| s.distance(p) <= RANDOM_REACH);
            assert!(near, "move {i} at {p:?} is near a stone");
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
