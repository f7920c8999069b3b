//! The app's AI with pondering against the same AI without, at the same
//! time per move, driven as the app drives it: each side is a
//! [`Session`] with its own [`EngineClient`], in a game "against a
//! person" whose moves are the other session's AI moves. While one AI
//! thinks, the other (if it ponders) thinks on its time, as the app's AI
//! does while the player chooses a move.
//!
//! ```text
//! cargo run --release --example ponder_match -- [PAIRS] [MS] [SEED]
//! ```
//!
//! PAIRS openings from the balanced 15 × 15 set (drawn by SEED), each
//! played twice with colours swapped; MS milliseconds a move for both
//! (one search thread each, so the two searches of a move use both cores
//! of a 2-core machine). Prints each game, then the score of the
//! pondering side with its ponder hits and misses.

use gomoku::app::{EngineClient, Session};
use gomoku::engine::{Level, Limits, SearchParams};
use gomoku::matchrun::{parse_openings, FREESTYLE15_BALANCED};
use gomoku::play::{Mode, Table};
use gomoku::rules::{GameModel, GameSettings, Point, Rule, Stone};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// A game that lasts longer than this many moves is scored a draw.
const MAX_MOVES: usize = 200;

/// One AI of the match.
struct Side {
    session: Session,
    engine: EngineClient,
}

impl Side {
    fn new(opening: &[Point], ai: Stone, ms: u64, ponder: bool) -> Side {
        let game =
            GameModel::from_moves(GameSettings::default(), opening).expect("a legal opening");
        let mut session = Session::new(
            Table::new(
                game,
                Mode::VsAi {
                    human: ai.opponent(),
                },
            ),
            Level::MAXIMUM,
        );
        let mut engine = EngineClient::new([64, 1, 1]);
        session.set_params_override(Some(SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            persona: None,
            book: false,
            limits: Limits::time(Duration::from_millis(ms)),
            variety: 0,
            seed: None,
            threads: 1,
            multipv: 1,
        }));
        session.set_ponder(&mut engine, ponder);
        session.resume(&mut engine);
        Side { session, engine }
    }

    fn poll(&mut self) {
        for event in self.engine.poll() {
            self.session.handle(&mut self.engine, event);
        }
    }

    fn moves(&self) -> usize {
        self.session.game().moves().len()
    }
}

/// Plays one game; returns the winner's colour (`None`: a draw) and the
/// pondering side's hits and misses.
fn play(opening: &[Point], pondering: Stone, ms: u64) -> (Option<Stone>, u32, u32) {
    let mut sides = [
        Side::new(opening, Stone::Black, ms, pondering == Stone::Black),
        Side::new(opening, Stone::White, ms, pondering == Stone::White),
    ];
    let started = Instant::now();
    loop {
        for s in &mut sides {
            s.poll();
        }
        let game = sides[0].session.game();
        let stats = sides[usize::from(pondering == Stone::White)]
            .session
            .ponder_stats();
        if let Some(outcome) = game.outcome() {
            return (outcome.winner(), stats.hits, stats.misses);
        }
        if game.moves().len() >= MAX_MOVES || started.elapsed() > Duration::from_secs(1800) {
            return (None, stats.hits, stats.misses);
        }
        // A move one AI made goes to the other as the person's move.
        for (from, to) in [(0, 1), (1, 0)] {
            if sides[from].moves() > sides[to].moves() {
                let p = *sides[from].session.game().moves().last().expect("a move");
                let (a, b) = sides.split_at_mut(1);
                let target = if to == 0 { &mut a[0] } else { &mut b[0] };
                target
                    .session
                    .play(&mut target.engine, p)
                    .expect("the other AI's move is legal here");
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: PAIRS MS SEED"))
        .collect();
    let pairs = args.first().copied().unwrap_or(10) as usize;
    let ms = args.get(1).copied().unwrap_or(300);
    let seed = args.get(2).copied().unwrap_or(1);
    let mut openings =
        parse_openings(FREESTYLE15_BALANCED, 15, Rule::Freestyle).expect("the shipped set");
    openings.shuffle(&mut StdRng::seed_from_u64(seed));
    let (mut points, mut games, mut hits, mut misses) = (0.0, 0, 0, 0);
    println!("ponder_match: {pairs} pairs at {ms} ms a move, seed {seed}");
    for (i, o) in openings.iter().take(pairs).enumerate() {
        for pondering in [Stone::Black, Stone::White] {
            let (winner, h, m) = play(&o.moves, pondering, ms);
            let score = match winner {
                Some(w) if w == pondering => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            points += score;
            games += 1;
            hits += h;
            misses += m;
            println!(
                "pair {} ({}), pondering side {:?}: {score} (ponder hits {h}, misses {m}); total {points}/{games}",
                i + 1,
                o.text,
                pondering
            );
        }
    }
    println!(
        "pondering side: {points} of {games} ({:.1}%), ponder hits {hits}, misses {misses} ({:.0}% hits)",
        100.0 * points / f64::from(games.max(1)),
        100.0 * f64::from(hits) / f64::from((hits + misses).max(1))
    );
}
