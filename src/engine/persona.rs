//! The lowest levels' way of choosing a move: one look at the board, the
//! way a person new to the game looks at it.
//!
//! A person sees their own five and an open four; they see the
//! opponent's four most of the time and the opponent's open three only
//! sometimes; they do not see a combination longer than a few moves; and
//! among the moves that look good to them they pick one of several, not
//! always the best. They never put a stone far from every other stone.
//! A [`Persona`] is those habits as numbers. What it may not do at all
//! (play far from the stones, pass over its own five) is not a number:
//! [`choose`] never does it.

use super::shape::combo;
use super::state::{Cell, State};
use super::vcf::Vcf;
use rand::rngs::StdRng;
use rand::RngExt;

/// How a one-look player sees the board. Probabilities are per mille,
/// drawn afresh at each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Persona {
    /// Chance of noticing that the opponent has a four and blocking it.
    pub block_four_pm: u16,
    /// Chance of noticing the opponent's threats short of a four (open
    /// threes, a four-three being prepared) at this move; unnoticed, they
    /// weigh a quarter of what they should.
    pub see_three_pm: u16,
    /// How widely the player draws among the moves that look good: a
    /// move `temperature` units worse than the best is chosen e (2.72)
    /// times less often.
    pub temperature: i32,
    /// The weight of taking the opponent's points against making one's
    /// own, in percent.
    pub defence_pct: u16,
    /// Own continuous fours seen ahead, in own moves (0: none beyond an
    /// open four).
    pub vcf_depth: u8,
}

/// Moves the draw is made among, best-looking first: a person weighs a
/// handful of ideas, not the whole board.
const IDEAS: usize = 6;

/// Node budget of the persona's own short VCF look.
const VCF_NODES: u64 = 20_000;

/// The move a persona plays for the side to move in `st`, with how good
/// it looks to the persona (its static value, not a search score). `None`
/// only when no empty point is left.
pub fn choose(st: &mut State, p: &Persona, vcf: &mut Vcf, rng: &mut StdRng) -> Option<Cell> {
    let me = st.to_move();
    let opp = me ^ 1;
    let mut cands = Vec::new();
    st.candidates(&mut cands);
    cands.retain(|&c| !st.is_forbidden(c));
    if cands.is_empty() {
        return st.empty_cells().find(|&c| !st.is_forbidden(c));
    }
    // Its own five, always.
    if let Some(&c) = cands.iter().find(|&&c| st.combo(c, me) == combo::FIVE) {
        return Some(c);
    }
    // The opponent's four, most of the time.
    let blocks: Vec<Cell> = cands
        .iter()
        .copied()
        .filter(|&c| st.combo(c, opp) == combo::FIVE)
        .collect();
    if !blocks.is_empty() && chance(rng, p.block_four_pm) {
        return blocks.into_iter().max_by_key(|&c| st.value(c, me));
    }
    // Unnoticed, the four's point is to the player like any other: it
    // weighs only for what the player's own stone would make there.
    // Its own open four, or a short combination it can see.
    if let Some(&c) = cands.iter().find(|&&c| st.combo(c, me) == combo::FLEX4) {
        return Some(c);
    }
    if p.vcf_depth > 0 {
        if let Some((line, _)) = vcf.solve_shortest(st, p.vcf_depth, VCF_NODES, &|| false) {
            return line.first().copied();
        }
    }
    let sees_threats = chance(rng, p.see_three_pm);
    let defence = |c: Cell| {
        let v = st.value(c, opp) * i32::from(p.defence_pct) / 100;
        match st.combo(c, opp) {
            combo::FIVE => 0,
            c if sees_threats || c < combo::FLEX3 => v,
            _ => v / 4,
        }
    };
    let mut scored: Vec<(i32, Cell)> = cands
        .iter()
        .map(|&c| (st.value(c, me) + defence(c), c))
        .collect();
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.truncate(IDEAS);
    Some(draw(&scored, p.temperature, rng))
}

/// True with probability `per_mille` / 1000.
fn chance(rng: &mut StdRng, per_mille: u16) -> bool {
    rng.random_range(0..1000) < u32::from(per_mille)
}

/// One of the `scored` moves (best first), each drawn with weight
/// e^((score − best) / temperature).
fn draw(scored: &[(i32, Cell)], temperature: i32, rng: &mut StdRng) -> Cell {
    let best = scored[0].0;
    if temperature <= 0 {
        return scored[0].1;
    }
    let weights: Vec<f64> = scored
        .iter()
        .map(|&(s, _)| (f64::from(s - best) / f64::from(temperature)).exp())
        .collect();
    let mut x = rng.random_range(0.0..weights.iter().sum::<f64>());
    for (w, &(_, c)) in weights.iter().zip(scored) {
        if x < *w {
            return c;
        }
        x -= w;
    }
    scored[0].1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Point, Rule, Stone};
    use rand::SeedableRng;

    fn state(black: &[(u8, u8)], white: &[(u8, u8)], to_move: Stone) -> State {
        let mut b = Board::new(15).unwrap();
        for &(x, y) in black {
            b.place(Point::new(x, y), Stone::Black).unwrap();
        }
        for &(x, y) in white {
            b.place(Point::new(x, y), Stone::White).unwrap();
        }
        State::new(&b, to_move, Rule::Freestyle)
    }

    const SLOPPY: Persona = Persona {
        block_four_pm: 0,
        see_three_pm: 0,
        temperature: 100_000,
        defence_pct: 0,
        vcf_depth: 0,
    };

    #[test]
    fn even_the_sloppiest_player_makes_its_five_and_stays_near_the_stones() {
        let mut st = state(
            &[(3, 3), (4, 3), (5, 3), (6, 3)],
            &[(3, 4), (4, 4), (5, 4), (6, 4)],
            Stone::Black,
        );
        for seed in 0..50 {
            let mut rng = StdRng::seed_from_u64(seed);
            let c = choose(&mut st, &SLOPPY, &mut Vcf::new(), &mut rng).unwrap();
            assert_eq!(st.combo(c, 0), combo::FIVE);
        }
        let mut st = state(&[(7, 7)], &[(8, 8)], Stone::Black);
        for seed in 0..50 {
            let mut rng = StdRng::seed_from_u64(seed);
            let c = choose(&mut st, &SLOPPY, &mut Vcf::new(), &mut rng).unwrap();
            let p = st.point(c);
            assert!(
                p.x.abs_diff(7).max(p.y.abs_diff(7)) <= 2
                    || p.x.abs_diff(8).max(p.y.abs_diff(8)) <= 2
            );
        }
    }

    #[test]
    fn a_player_who_notices_fours_blocks_them_and_one_who_does_not_sometimes_does_not() {
        // White has four in a row closed at one end; Black to move.
        let black = [(2, 5), (9, 9), (9, 10)];
        let white = [(3, 5), (4, 5), (5, 5), (6, 5)];
        let mut st = state(&black, &white, Stone::Black);
        let block = st.cell(Point::new(7, 5));
        let careful = Persona {
            block_four_pm: 1000,
            ..SLOPPY
        };
        let mut blocked = 0;
        for seed in 0..100 {
            let mut rng = StdRng::seed_from_u64(seed);
            assert_eq!(
                choose(&mut st, &careful, &mut Vcf::new(), &mut rng),
                Some(block)
            );
            let half = Persona {
                block_four_pm: 500,
                ..SLOPPY
            };
            if choose(&mut st, &half, &mut Vcf::new(), &mut rng) == Some(block) {
                blocked += 1;
            }
        }
        assert!((30..90).contains(&blocked), "blocked {blocked} of 100");
    }

    #[test]
    fn a_player_with_sight_finds_its_short_combination() {
        // Black: a four-three in two moves by fours (h8-i8-j8 closed by a
        // White stone, and a column) — found with sight, not without.
        let black = [(7, 7), (8, 7), (9, 7), (10, 8), (10, 9), (10, 10)];
        let white = [(6, 7), (10, 11), (3, 3), (3, 4), (4, 3), (12, 12)];
        let mut st = state(&black, &white, Stone::Black);
        let sighted = Persona {
            vcf_depth: 3,
            temperature: 0,
            ..SLOPPY
        };
        let mut rng = StdRng::seed_from_u64(1);
        let c = choose(&mut st, &sighted, &mut Vcf::new(), &mut rng).unwrap();
        let mut vcf = Vcf::new();
        assert!(vcf.solve(&mut st, 3, 20_000, &|| false).is_some());
        let line = vcf.solve(&mut st, 3, 20_000, &|| false).unwrap();
        assert!(
            st.combo(c, 0) >= combo::BLOCK4,
            "plays a four: {:?}",
            st.point(c)
        );
        assert!(!line.is_empty());
    }
}
