//! The ladder's levels err like people, never absurdly: over many seeded
//! games each level plays near the stones, always makes its own five, and
//! (above the two lowest) never leaves the opponent's four open. The
//! strength of each level is measured in games (`docs/levels.md`), not
//! here.

use gomoku::engine::blunder::BlunderCheck;
use gomoku::engine::{Engine, Level, Play, Position};
use gomoku::matchrun::mistakes::{count_game, MistakeCount};
use gomoku::rules::{print_moves, Board, Point, Rule};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// Plays one game of `level` against itself from a two-stone opening
/// drawn with `seed`; returns the moves as a position string and the
/// number of opening stones.
fn self_play(level: Level, seed: u64) -> (String, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = vec![Point::new(7, 7)];
    loop {
        let p = Point::new(rng.random_range(5..10), rng.random_range(5..10));
        if p != moves[0] {
            moves.push(p);
            break;
        }
    }
    let opening = moves.len();
    let mut engines = [Engine::new(8), Engine::new(8)];
    for ply in 0..120 {
        let pos = Position::from_moves(15, Rule::Freestyle, &moves).expect("legal moves");
        if moves.last().is_some_and(|&p| makes_five(&pos.board, p)) || pos.board.is_full() {
            break;
        }
        let mut params = level.params();
        params.seed = Some(seed * 1000 + ply);
        params.threads = 1;
        let r =
            engines[ply as usize % 2].search(&pos, &params, &AtomicBool::new(false), &mut |_| {});
        let Some(mv) = r.best else { break };
        moves.push(mv);
    }
    (print_moves(&moves, 15), opening)
}

/// True when the stone at `p` stands in a line of five or more.
fn makes_five(board: &Board, p: Point) -> bool {
    let Some(stone) = board.get(p) else {
        return false;
    };
    let same = |x: i32, y: i32| {
        (0..15).contains(&x)
            && (0..15).contains(&y)
            && board.get(Point::new(x as u8, y as u8)) == Some(stone)
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let run = |sign: i32| {
            (1..5)
                .take_while(|&k| {
                    same(
                        i32::from(p.x) + sign * k * dx,
                        i32::from(p.y) + sign * k * dy,
                    )
                })
                .count()
        };
        1 + run(1) + run(-1) >= 5
    })
}

#[test]
fn no_level_plays_an_absurd_move() {
    let mut check = BlunderCheck::new();
    for level in Level::all().take(7) {
        // The one-look levels are quick and vary most: more games.
        let games = match level.play() {
            Play::Persona(_) => 16,
            Play::Search { .. } => 4,
        };
        let mut total = MistakeCount::default();
        for seed in 0..games {
            let (moves, opening) = self_play(level, seed);
            for c in count_game(&moves, opening, 15, Rule::Freestyle, &mut check) {
                total.merge(&c);
            }
        }
        assert!(
            total.moves > games as usize * 6,
            "{level}: games were played ({total:?})"
        );
        assert_eq!(total.far, 0, "{level}: a move far from every stone");
        assert_eq!(total.missed_five, 0, "{level}: its own five missed");
        if level.number() > 2 {
            assert_eq!(
                total.ignored_four, 0,
                "{level}: the opponent's four ignored"
            );
        }
    }
}

#[test]
fn the_lowest_levels_do_miss_what_people_miss() {
    // Over the same games the two lowest levels do leave fours open now
    // and then, and the persona levels leave wins by fours to the
    // opponent: the weakness the ladder is built on, not noise.
    let mut check = BlunderCheck::new();
    let mut lowest = MistakeCount::default();
    for seed in 0..48 {
        let (moves, opening) = self_play(Level::LOWEST, seed);
        for c in count_game(&moves, opening, 15, Rule::Freestyle, &mut check) {
            lowest.merge(&c);
        }
    }
    assert!(lowest.ignored_four > 0, "{lowest:?}");
    assert!(lowest.allowed_vcf > 0, "{lowest:?}");
}
