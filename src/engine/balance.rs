//! The engine in every role of an opening rule: balanced stones for the
//! player who opens, a colour from its own judgement, Black's fifth-move
//! offers and White's pick among them (see [`crate::rules::opening`]).
//!
//! **How balance is measured.** A position is *judged* by a short search
//! of our own engine ([`BalanceConfig::limits`], depth 12 by default, or
//! 4,000,000 nodes if sooner, one thread): Black's score is the mean of
//! the scores of the last two completed depths, turned to Black's point
//! of view, because a search's score leans towards whoever moved last at
//! its horizon and so alternates with the depth's parity. A proven win
//! counts as ±[`Score::MATE`]. A position is *balanced* when that score
//! lies within [`BalanceConfig::band`] of even (150 units, "0.15", by default).
//!
//! **Balanced stones** (the swap and swap2 opener, swap2's two extra
//! stones; like Yixin's `YXBALANCEONE` / `YXBALANCETWO`): draw
//! [`BalanceConfig::candidates`] random placements of the stones near the
//! centre (legal, never on a forbidden point), screen each with a quicker
//! search ([`BalanceConfig::screen`], depth 8), judge the
//! [`BalanceConfig::confirm`] closest to even with the full search, and
//! pick at random among those judged balanced, or the closest to even
//! when none is.
//! The randomness (through `rand`, seeded by [`BalanceConfig::seed`] or
//! the system) makes openings vary from game to game. Stones may also be
//! asked to leave a given score rather than an even one
//! ([`Balancer::stones_near`], Yixin's balance commands with a bias).
//!
//! **Within a deadline** ([`Balancer::set_deadline`], a protocol's time
//! for the move): each search gets its share of the time left as a time
//! limit besides its node budget, screening stops early when time runs
//! out, and a raised stop flag ([`Balancer::set_stop`]) ends the search
//! in progress. With no deadline the searches are bounded by their node
//! budgets alone, so a seeded opener is the same on every machine.
//!
//! **Colour**: take the colour the judged score favours. **Swap2's second
//! player**: take a colour when the score favours one side by more than
//! [`BalanceConfig::take_margin`], otherwise place two balanced stones and
//! leave the choice to the opener. **Fifth-move offers**: White will pick
//! the offer worst for Black, so Black offers the N moves best for itself
//! (a multi-PV search ranks them), no two the same up to the position's
//! symmetry: the worst offer is then as good for Black as it can be.
//! **White's pick**: judge each offer and take the one worst for Black.

use crate::engine::{Engine, Limits, Position, Score, SearchParams};
use crate::rules::opening::{same_move_up_to_symmetry, NamedOpening};
use crate::rules::{forbidden, Board, Point, Rule, Stone};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Transposition table of the balancing engine, megabytes: its searches
/// are short.
const HASH_MB: usize = 32;

/// Points a fifth-move candidate may lie from the nearest stone: offers
/// farther out are not sensible moves.
const OFFER_REACH: u8 = 3;

/// How many moves the offer search ranks for each offer wanted: enough to
/// replace those dropped as symmetric images of better ones.
const OFFER_RANK_FACTOR: usize = 3;

/// Evaluation units of Black's advantage worth one more declared offer
/// under Soosõrv (White asks for more offers the better Black stands, so
/// that Black's best offers are diluted by White's choice).
const OFFER_STEP: i32 = 250;

/// Node budget of a judging search. A few positions take minutes to
/// reach a fixed depth (the opening generator met one at depth 13), and
/// the player waits for the opener's stones: about two seconds here, and
/// a budget rather than a time keeps a seeded opener the same on every
/// machine. The score is then that of the depths completed.
const JUDGE_NODES: u64 = 4_000_000;
/// Node budget of a screening search, for the same reason.
const SCREEN_NODES: u64 = 1_000_000;

/// A judging search's share of the time left, counted in screening
/// searches: the node budgets make a judgement cost about four screens.
const JUDGE_WEIGHT: u32 = 4;

/// Share of the time left that swap2's second player gives its first
/// judgement, in percent: two balanced stones may still have to be found
/// with the rest.
const REPLY_JUDGE_PERCENT: u32 = 35;

/// How the balancing engine searches and what it calls balanced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceConfig {
    /// Limits of each judging search: the balancer's verdict on a position.
    pub limits: Limits,
    /// Limits of the quicker search that screens random placements before
    /// the closest to even are judged with [`BalanceConfig::limits`].
    pub screen: Limits,
    /// Random placements screened per request for balanced stones.
    pub candidates: usize,
    /// Screened placements closest to even that are then judged.
    pub confirm: usize,
    /// New stones lie within this many points of the centre.
    pub radius: u8,
    /// Largest |Black's score| called balanced, evaluation units.
    pub band: i32,
    /// Swap2's second player takes a colour when the score favours one
    /// side by more than this; otherwise it places two more stones.
    pub take_margin: i32,
    /// Seed of the random choices; `None` draws one from the system.
    pub seed: Option<u64>,
}

impl Default for BalanceConfig {
    fn default() -> BalanceConfig {
        BalanceConfig {
            limits: Limits {
                nodes: Some(JUDGE_NODES),
                ..Limits::depth(12)
            },
            screen: Limits {
                nodes: Some(SCREEN_NODES),
                ..Limits::depth(8)
            },
            candidates: 24,
            confirm: 6,
            radius: 3,
            band: 150,
            take_margin: 300,
            seed: None,
        }
    }
}

/// What swap2's second player does after the opener's three stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swap2Reply {
    /// Take this colour.
    Take(Stone),
    /// Place these two stones (White, then Black) and let the opener choose.
    Place([Point; 2]),
}

/// The engine in an opening's roles. Owns its own [`Engine`], so call it
/// from a worker thread: each request runs up to
/// [`BalanceConfig::candidates`] judging searches.
pub struct Balancer {
    engine: Engine,
    cfg: BalanceConfig,
    rng: StdRng,
    /// When the current request must be answered, if a caller set one.
    deadline: Option<Instant>,
    /// Raised by the caller to end the search in progress.
    stop: Arc<AtomicBool>,
}

impl Balancer {
    /// A balancer with its own engine.
    #[must_use]
    pub fn new(cfg: BalanceConfig) -> Balancer {
        let rng = match cfg.seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_rng(&mut rand::rng()),
        };
        Balancer {
            engine: Engine::new(HASH_MB),
            cfg,
            rng,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Answers every request by `deadline` from now on (`None`: the node
    /// budgets alone bound the searches).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Watches `stop`: once raised, the search in progress ends and the
    /// request is answered from what was judged so far.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// True once the deadline has passed.
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `base` with a time limit of `weight / of` of the time left before
    /// the deadline, if there is one.
    fn within(&self, base: Limits, weight: u32, of: u32) -> Limits {
        let Some(deadline) = self.deadline else {
            return base;
        };
        let left = deadline.saturating_duration_since(Instant::now());
        let slice = (left * weight / of.max(1)).max(Duration::from_millis(1));
        let cap =
            |own: Option<Duration>, given: Duration| Some(own.map_or(given, |o| o.min(given)));
        Limits {
            soft_time: cap(base.soft_time, slice / 2),
            hard_time: cap(base.hard_time, slice),
            ..base
        }
    }

    /// The judged score, the search taking `weight / of` of the time left.
    fn judge_share(&mut self, board: &Board, rule: Rule, weight: u32, of: u32) -> i32 {
        let limits = self.within(self.cfg.limits, weight, of);
        let pos = Position::from_board(board.clone(), rule);
        judge_position_until(&mut self.engine, &pos, limits, &self.stop)
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &BalanceConfig {
        &self.cfg
    }

    /// Black's score of the stones on `board` (side to move by the stone
    /// count) under `rule`, judged as the module documentation says.
    pub fn judge(&mut self, board: &Board, rule: Rule) -> i32 {
        self.judge_share(board, rule, 1, 1)
    }

    /// `count` stones added to `board`, alternating from the side to move
    /// (by the stone count), chosen so the result is balanced. The points
    /// in order; fewer only when the board has no room.
    pub fn balanced_stones(&mut self, board: &Board, rule: Rule, count: usize) -> Vec<Point> {
        self.stones_near(board, rule, count, 0)
    }

    /// Like [`Balancer::balanced_stones`], but leaving Black's judged score
    /// near `target` rather than near even (within the band around it).
    pub fn stones_near(
        &mut self,
        board: &Board,
        rule: Rule,
        count: usize,
        target: i32,
    ) -> Vec<Point> {
        let off = |s: i32| (i64::from(s) - i64::from(target)).abs();
        let candidates = self.cfg.candidates.max(1);
        let confirm = self.cfg.confirm.max(1);
        let judge_weight = JUDGE_WEIGHT * confirm as u32;
        let mut screened: Vec<(i32, Vec<Point>)> = Vec::new();
        for k in 0..candidates {
            if self.out_of_time() && !screened.is_empty() {
                break;
            }
            let Some(stones) = self.random_stones(board, rule, count) else {
                continue;
            };
            let mut b = board.clone();
            place_all(&mut b, &stones);
            let limits = self.within(self.cfg.screen, 1, (candidates - k) as u32 + judge_weight);
            let pos = Position::from_board(b, rule);
            let score = judge_position_until(&mut self.engine, &pos, limits, &self.stop);
            screened.push((score, stones));
        }
        // The screen is shallow and noisy: judge the closest to the target
        // again with the full search before trusting them.
        screened.sort_by_key(|(s, _)| off(*s));
        let chosen: Vec<Vec<Point>> = screened.into_iter().take(confirm).map(|(_, p)| p).collect();
        let mut judged: Vec<(i32, Vec<Point>)> = Vec::new();
        let n = chosen.len() as u32;
        for (k, stones) in chosen.into_iter().enumerate() {
            if self.out_of_time() && !judged.is_empty() {
                break;
            }
            let mut b = board.clone();
            place_all(&mut b, &stones);
            judged.push((self.judge_share(&b, rule, 1, n - k as u32), stones));
        }
        let band = i64::from(self.cfg.band);
        let balanced: Vec<&(i32, Vec<Point>)> =
            judged.iter().filter(|(s, _)| off(*s) <= band).collect();
        if balanced.is_empty() {
            return judged
                .into_iter()
                .min_by_key(|(s, _)| off(*s))
                .map(|(_, p)| p)
                .unwrap_or_default();
        }
        balanced[self.rng.random_range(0..balanced.len())].1.clone()
    }

    /// Random legal stones near the centre, alternating colours from the
    /// side to move; `None` when none could be drawn.
    fn random_stones(&mut self, board: &Board, rule: Rule, count: usize) -> Option<Vec<Point>> {
        let size = board.size();
        let c = i32::from(size / 2);
        let r = i32::from(self.cfg.radius);
        let mut b = board.clone();
        let mut out = Vec::with_capacity(count);
        let mut stone = board.side_to_move_by_count()?;
        let mut tries = 0;
        while out.len() < count {
            tries += 1;
            if tries > 1000 {
                return None;
            }
            let x = (c + self.rng.random_range(-r..=r)).clamp(0, i32::from(size) - 1);
            let y = (c + self.rng.random_range(-r..=r)).clamp(0, i32::from(size) - 1);
            let p = Point::new(x as u8, y as u8);
            if !b.is_empty_at(p) {
                continue;
            }
            if stone == Stone::Black && rule.has_forbidden_moves() && forbidden(&b, p).is_some() {
                continue;
            }
            b.place(p, stone).ok()?;
            out.push(p);
            stone = stone.opponent();
        }
        Some(out)
    }

    /// The colour to take in the position on `board`: the one its judged
    /// score favours (Black on an exactly even score).
    pub fn choose_colour(&mut self, board: &Board, rule: Rule) -> Stone {
        if self.judge(board, rule) >= 0 {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Swap2's second player after the opener's three stones.
    pub fn swap2_reply(&mut self, board: &Board, rule: Rule) -> Swap2Reply {
        let score = self.judge_share(board, rule, REPLY_JUDGE_PERCENT, 100);
        if score.abs() > self.cfg.take_margin {
            return Swap2Reply::Take(if score > 0 {
                Stone::Black
            } else {
                Stone::White
            });
        }
        match self.balanced_stones(board, rule, 2)[..] {
            [w, b] => Swap2Reply::Place([w, b]),
            _ => Swap2Reply::Take(if score >= 0 {
                Stone::Black
            } else {
                Stone::White
            }),
        }
    }

    /// One of the 26 Renju openings for the player who sets one: a random
    /// balanced one (by the judged score of its three stones), or the
    /// closest to even.
    pub fn choose_named_opening(&mut self, size: u8, rule: Rule) -> NamedOpening {
        let mut scored = Vec::new();
        for o in NamedOpening::ALL {
            let mut b = Board::new(size).expect("a supported size");
            place_all(&mut b, &o.moves(size));
            scored.push((self.judge(&b, rule), o));
        }
        let balanced: Vec<NamedOpening> = scored
            .iter()
            .filter(|(s, _)| s.abs() <= self.cfg.band)
            .map(|&(_, o)| o)
            .collect();
        if balanced.is_empty() {
            scored
                .into_iter()
                .min_by_key(|(s, _)| s.abs())
                .map(|(_, o)| o)
                .expect("26 openings")
        } else {
            balanced[self.rng.random_range(0..balanced.len())]
        }
    }

    /// How many fifth moves White declares under Soosõrv-`max`: one, plus
    /// one for every [`OFFER_STEP`] of Black's advantage (the more Black is
    /// ahead, the more offers White wants to choose from).
    pub fn declare_offers(&mut self, board: &Board, rule: Rule, max: u8) -> u8 {
        let score = self.judge(board, rule).max(0);
        let extra = (score / OFFER_STEP).min(i32::from(max));
        (1 + extra as u8).min(max).max(1)
    }

    /// Black's `count` fifth-move offers in the position on `board` (Black
    /// to move): the best moves for Black, no two the same up to the
    /// position's symmetry, none forbidden, each within a few points of a
    /// stone. Fewer only when the board has no such points.
    pub fn fifth_offers(&mut self, board: &Board, rule: Rule, count: usize) -> Vec<Point> {
        let pos = Position::from_board(board.clone(), rule);
        let params = SearchParams {
            limits: self.cfg.limits,
            multipv: count * OFFER_RANK_FACTOR,
            threads: 1,
            seed: Some(self.rng.random()),
            ..SearchParams::default()
        };
        self.engine.new_game();
        let stop = AtomicBool::new(false);
        let result = self.engine.search(&pos, &params, &stop, &mut |_| {});
        let mut ranked: Vec<Point> = result.candidates.iter().map(|c| c.mv).collect();
        // Then every other sensible point, nearest the stones first, in
        // case the search ranked fewer moves than needed.
        let mut rest: Vec<(u8, u32, Point)> = board
            .points()
            .filter(|&p| board.is_empty_at(p) && !ranked.contains(&p))
            .filter_map(|p| {
                let d = board.stones().map(|(q, _)| q.distance(p)).min()?;
                (d <= OFFER_REACH).then(|| (d, self.rng.random::<u32>(), p))
            })
            .collect();
        rest.sort_unstable();
        ranked.extend(rest.into_iter().map(|(_, _, p)| p));
        let mut offers: Vec<Point> = Vec::with_capacity(count);
        for p in ranked {
            if offers.len() == count {
                break;
            }
            let allowed = !rule.has_forbidden_moves() || forbidden(board, p).is_none();
            if board.is_empty_at(p)
                && allowed
                && !offers
                    .iter()
                    .any(|&q| q == p || same_move_up_to_symmetry(board, q, p))
            {
                offers.push(p);
            }
        }
        offers
    }

    /// White's pick among `offers` (Black's fifth moves on `board`): the
    /// one whose position is judged worst for Black. `None` for no offers.
    pub fn pick_offer(&mut self, board: &Board, rule: Rule, offers: &[Point]) -> Option<Point> {
        let mut best: Option<(i32, Point)> = None;
        for &p in offers {
            let mut b = board.clone();
            if b.place(p, Stone::Black).is_err() {
                continue;
            }
            let s = self.judge(&b, rule);
            if best.is_none_or(|(bs, _)| s < bs) {
                best = Some((s, p));
            }
        }
        best.map(|(_, p)| p)
    }
}

/// Places `stones` alternately from the side to move by the stone count.
fn place_all(board: &mut Board, stones: &[Point]) {
    for &p in stones {
        let stone = board.side_to_move_by_count().unwrap_or(Stone::Black);
        board.place(p, stone).expect("checked legal points");
    }
}

/// Black's judged score of `board` with `engine` under `limits`.
#[must_use]
pub fn judge_with(engine: &mut Engine, board: &Board, rule: Rule, limits: Limits) -> i32 {
    judge_position(engine, &Position::from_board(board.clone(), rule), limits)
}

/// Black's judged score of `pos` with `engine` under `limits`, as the
/// module documentation says: the mean of the last two completed depths,
/// or ±[`Score::MATE`] for a proven result. The opening generator judges
/// its candidates here too, so that the app's balance and the shipped
/// opening lists mean the same thing.
#[must_use]
pub fn judge_position(engine: &mut Engine, pos: &Position, limits: Limits) -> i32 {
    judge_position_until(engine, pos, limits, &AtomicBool::new(false))
}

/// [`judge_position`], ending early once `stop` is raised (the score is
/// then that of the depths completed).
#[must_use]
pub fn judge_position_until(
    engine: &mut Engine,
    pos: &Position,
    limits: Limits,
    stop: &AtomicBool,
) -> i32 {
    engine.new_game();
    let params = SearchParams {
        limits,
        threads: 1,
        seed: Some(0),
        ..SearchParams::default()
    };
    let mut last_two: [Option<(u32, Score)>; 2] = [None, None];
    let result = engine.search(pos, &params, stop, &mut |info| {
        last_two = [last_two[1], Some((info.depth, info.score))];
    });
    let score = if result.score.mate_moves().is_some() {
        result.score.0.signum() * Score::MATE
    } else {
        match last_two {
            [Some((d0, a)), Some((d1, b))] if d1 == d0 + 1 && a.mate_moves().is_none() => {
                (a.0 + b.0) / 2
            }
            _ => result.score.0,
        }
    };
    if pos.to_move == Stone::Black {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::opening::position_symmetries;
    use crate::rules::parse_moves;

    /// Short searches: these tests check choices, not strength.
    fn quick(seed: u64) -> Balancer {
        Balancer::new(BalanceConfig {
            limits: Limits::depth(4),
            screen: Limits::depth(2),
            candidates: 24,
            // "Near even" at this low depth: within 0.3.
            band: 300,
            seed: Some(seed),
            ..BalanceConfig::default()
        })
    }

    fn board(moves: &str) -> Board {
        let mut b = Board::standard();
        place_all(&mut b, &parse_moves(moves, 15).unwrap());
        b
    }

    #[test]
    fn the_colour_chosen_in_a_lopsided_position_is_the_winning_one() {
        let mut bal = quick(1);
        // Black has three in a row, open, and moves (White scattered).
        let black_wins = board("h8a1i8a15j8o1");
        assert_eq!(
            bal.choose_colour(&black_wins, Rule::Freestyle),
            Stone::Black
        );
        assert_eq!(
            bal.swap2_reply(&black_wins, Rule::Freestyle),
            Swap2Reply::Take(Stone::Black)
        );
        // White has an open four with Black to move.
        let white_wins = board("a1h8a15i8o1j8o15k8");
        assert_eq!(
            bal.choose_colour(&white_wins, Rule::Freestyle),
            Stone::White
        );
        assert_eq!(
            bal.swap2_reply(&white_wins, Rule::Standard),
            Swap2Reply::Take(Stone::White)
        );
    }

    #[test]
    fn balanced_stones_are_legal_and_judged_near_even() {
        for (seed, rule) in [(3, Rule::Freestyle), (4, Rule::Renju)] {
            let mut bal = quick(seed);
            let empty = Board::standard();
            let stones = bal.balanced_stones(&empty, rule, 3);
            assert_eq!(stones.len(), 3);
            let mut b = empty.clone();
            place_all(&mut b, &stones);
            assert!(stones.iter().all(|p| p.distance(Point::new(7, 7)) <= 3));
            let score = bal.judge(&b, rule);
            assert!(
                score.abs() <= bal.config().band,
                "{stones:?} scored {score}"
            );
            // Swap2's two more stones keep it balanced too.
            let two = bal.balanced_stones(&b, rule, 2);
            place_all(&mut b, &two);
            assert_eq!(b.stone_count(), 5);
            assert!(bal.judge(&b, rule).abs() <= bal.config().band);
        }
    }

    #[test]
    fn openings_vary_with_the_seed() {
        let empty = Board::standard();
        let picks: std::collections::HashSet<Vec<Point>> = (0..4)
            .map(|seed| quick(seed).balanced_stones(&empty, Rule::Freestyle, 3))
            .collect();
        assert!(picks.len() > 1);
    }

    #[test]
    fn offers_are_distinct_up_to_symmetry_and_the_pick_is_worst_for_black() {
        let mut bal = quick(5);
        // Kansei with White's fourth straight below: mirror-symmetric.
        let b = board("h8h9h10h7");
        assert_eq!(position_symmetries(&b).len(), 2);
        let offers = bal.fifth_offers(&b, Rule::Renju, 6);
        assert_eq!(offers.len(), 6);
        for (i, &p) in offers.iter().enumerate() {
            assert!(b.is_empty_at(p));
            for &q in &offers[..i] {
                assert!(!same_move_up_to_symmetry(&b, q, p), "{p:?} mirrors {q:?}");
            }
        }
        // Black h8 i8 j8 (a three) against White far away: k8 makes an open
        // four and wins, n15 far away does not; White picks n15.
        let b = board("h8a1i8a15j8o1");
        let pick = bal.pick_offer(&b, Rule::Freestyle, &[Point::new(10, 7), Point::new(13, 0)]);
        assert_eq!(pick, Some(Point::new(13, 0)));
        assert_eq!(bal.pick_offer(&b, Rule::Freestyle, &[]), None);
    }

    #[test]
    fn a_named_opening_is_chosen_and_offers_are_declared_in_range() {
        let mut bal = quick(6);
        let o = bal.choose_named_opening(15, Rule::Renju);
        let mut b = Board::standard();
        place_all(&mut b, &o.moves(15));
        place_all(&mut b, &[Point::new(3, 3)]);
        let n = bal.declare_offers(&b, Rule::Renju, 8);
        assert!((1..=8).contains(&n));
    }
}
