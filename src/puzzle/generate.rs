//! Making puzzles from seeded self-play: the engine plays itself at a
//! fast node budget from the wide opening set, and every position of
//! every game is asked whether the side to move has a VCF (of three own
//! moves or more), a VCT (with no VCF), or exactly one defence against the
//! opponent's forced win.
//!
//! Every claim is proved: a win by the solver's line; "no VCF" for a `vct`
//! puzzle by a search [`DEEP`] to 60 fours; a `defend` puzzle's defence is
//! checked to hold at [`DEEP`], and each other empty point is refuted by a
//! proof. A puzzle is kept only when the judge's smaller budget
//! ([`JUDGE`]) also proves it, so play judges it the same way. Copies
//! under the 8 symmetries and near-duplicates (the same stones around the
//! solution, wherever on the board) are dropped; consecutive positions of
//! one game's attack give one puzzle, its first.
//!
//! Node budgets, not clocks, drive both the games and the grading, so a
//! seed gives the same file on any machine and under any load; only the
//! `proof_ms` field (for information) varies.

use super::format::{Kind, Puzzle};
use super::prove::{points, Prover, ACCEPT, DEEP, JUDGE};
use super::verify::verify;
use crate::engine::shape::combo;
use crate::engine::state::State;
use crate::engine::{Engine, Limits, Position, SearchParams};
use crate::matchrun::{parse_openings, shuffle_openings, Opening};
use crate::matchrun::{FREESTYLE15_WIDE, RENJU15_BALANCED};
use crate::rules::{winning_line, Board, Point, Rule, Stone};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Settings of a generator run.
#[derive(Debug, Clone, Copy)]
pub struct GenConfig {
    /// Self-play games.
    pub games: usize,
    /// Node budget of each self-play move.
    pub nodes: u64,
    /// Seed of the openings' order and of the engine's choices.
    pub seed: u64,
    /// Moves within this many evaluation units of the best may be played,
    /// so that games differ.
    pub variety: i32,
    /// The rule (15 × 15 boards).
    pub rule: Rule,
    /// Games played and searched at once.
    pub threads: usize,
    /// Smallest number of own moves of a `vcf` or `vct` puzzle.
    pub min_own_moves: u32,
    /// The kinds to look for.
    pub kinds: [bool; 3],
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            games: 10,
            nodes: 3_000,
            seed: 1,
            variety: 200,
            rule: Rule::Freestyle,
            threads: 1,
            min_own_moves: 3,
            kinds: [true; 3],
        }
    }
}

/// The opening of the first stones of a game, before which no position is
/// asked: an opening line has no threats worth a puzzle.
const FIRST_PLY: usize = 6;

/// One game's output: its number, its moves and the puzzles found in it
/// (before the set's duplicate check).
#[derive(Debug, Clone)]
pub struct GameFinds {
    /// Game number from 0.
    pub game: usize,
    /// The game's moves.
    pub moves: Vec<Point>,
    /// Puzzles found, in the game's order.
    pub puzzles: Vec<Puzzle>,
    /// Positions examined.
    pub positions: usize,
}

/// Plays `cfg.games` games and hands each game's finds to `sink` in game
/// order (the output is the same whatever `cfg.threads`).
pub fn generate(cfg: &GenConfig, mut sink: impl FnMut(GameFinds)) {
    let text = if cfg.rule == Rule::Renju {
        RENJU15_BALANCED
    } else {
        FREESTYLE15_WIDE
    };
    let mut openings = parse_openings(text, 15, cfg.rule).expect("the shipped openings load");
    shuffle_openings(&mut openings, cfg.seed);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<GameFinds>();
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            let tx = tx.clone();
            let (next, openings) = (&next, &openings);
            scope.spawn(move || {
                let mut engine = Engine::new(16);
                let mut finder = Finder::new(cfg.min_own_moves);
                finder.kinds = cfg.kinds;
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    let moves = self_play(&mut engine, &openings[g % openings.len()], cfg, g);
                    let (puzzles, positions) = finder.game(&moves, cfg.rule);
                    let finds = GameFinds {
                        game: g,
                        moves,
                        puzzles,
                        positions,
                    };
                    if tx.send(finds).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for f in rx {
            waiting.insert(f.game, f);
            while let Some(f) = waiting.remove(&due) {
                sink(f);
                due += 1;
            }
        }
    });
}

/// One self-play game from `opening`, to a five or a full board.
#[must_use]
pub fn self_play(engine: &mut Engine, opening: &Opening, cfg: &GenConfig, g: usize) -> Vec<Point> {
    let mut board = Board::new(15).expect("15 is a board size");
    let mut moves = Vec::new();
    for &m in &opening.moves {
        if board.place(m, Stone::to_move_after(moves.len())).is_err() {
            break;
        }
        moves.push(m);
    }
    engine.new_game();
    let stop = AtomicBool::new(false);
    while !board.is_full() {
        let params = SearchParams {
            eval: crate::engine::Evaluator::Classical,
            persona: None,
            book: false,
            limits: Limits {
                nodes: Some(cfg.nodes),
                ..Limits::default()
            },
            variety: cfg.variety,
            seed: Some(cfg.seed ^ ((g as u64) << 20) ^ moves.len() as u64),
            threads: 1,
            multipv: 1,
        };
        let pos = Position::from_moves(15, cfg.rule, &moves).expect("legal moves");
        let Some(mv) = engine.search(&pos, &params, &stop, &mut |_| {}).best else {
            break;
        };
        if board.place(mv, Stone::to_move_after(moves.len())).is_err() {
            break;
        }
        moves.push(mv);
        if winning_line(&board, mv, cfg.rule).is_some() {
            break;
        }
    }
    moves
}

/// Finds puzzles in games, with a deep and a judging prover.
pub struct Finder {
    deep: Prover,
    judge: Prover,
    min_own_moves: u32,
    /// The kinds looked for, in [`Kind::ALL`] order.
    pub kinds: [bool; 3],
}

impl Finder {
    /// A finder keeping `vcf`/`vct` puzzles of at least `min_own_moves`.
    #[must_use]
    pub fn new(min_own_moves: u32) -> Finder {
        Finder {
            deep: Prover::new(DEEP),
            judge: Prover::new(JUDGE),
            min_own_moves,
            kinds: [true; 3],
        }
    }

    /// Every puzzle of a game's positions (at most one per attack: a
    /// position whose side to move had the same kind two plies earlier is
    /// the same attack continued), and the number of positions asked.
    pub fn game(&mut self, moves: &[Point], rule: Rule) -> (Vec<Puzzle>, usize) {
        let mut out = Vec::new();
        let mut last: [Option<(usize, Kind)>; 2] = [None, None];
        let mut asked = 0;
        for ply in FIRST_PLY..moves.len() {
            asked += 1;
            let side = ply % 2;
            let found = self.position(&moves[..ply], rule);
            let kind = found.as_ref().map(|p| p.kind);
            let continued = matches!(
                (last[side], kind),
                (Some((at, k)), Some(now)) if at + 2 == ply && k == now
            );
            last[side] = kind.map(|k| (ply, k));
            if let Some(p) = found {
                if !continued {
                    out.push(p);
                }
            }
        }
        (out, asked)
    }

    /// The puzzle of one position, if it is one.
    pub fn position(&mut self, moves: &[Point], rule: Rule) -> Option<Puzzle> {
        let start = Instant::now();
        self.deep.spent = 0;
        self.judge.spent = 0;
        let mut st = self.deep.state(moves, 15, rule).ok()?;
        let mut stj = self.judge.state(moves, 15, rule).ok()?;
        let me = st.to_move();
        let opp = me ^ 1;
        // A five to make, a four to block or an open four to make: no
        // puzzle in that.
        if st.count(me, combo::FIVE) > 0
            || st.count(opp, combo::FIVE) > 0
            || st.count(me, combo::FLEX4) > 0
        {
            return None;
        }
        let [want_vcf, want_vct, want_defend] = self.kinds;
        let mut p = if let Some((line, own)) = self.deep.vcf(&mut st) {
            if !want_vcf || own < self.min_own_moves || self.judge.vcf(&mut stj).is_none() {
                return None;
            }
            let first = self.judge.winning_moves(&mut stj, Kind::Vcf).len();
            let mut p = Puzzle::new(moves.to_vec(), Kind::Vcf, points(&st, &line));
            p.first_wins = first as u32;
            p.own = own;
            p
        } else if let Some((line, own)) = self.judge.vct(&mut stj) {
            if !want_vct || own < self.min_own_moves {
                return None;
            }
            // The line's first move must keep the win as the judge asks it.
            let first = self.judge.winning_moves(&mut stj, Kind::Vct);
            if !first.contains(&line[0]) {
                return None;
            }
            let mut p = Puzzle::new(moves.to_vec(), Kind::Vct, points(&st, &line));
            p.first_wins = first.len() as u32;
            p.own = own;
            p
        } else {
            if !want_defend {
                return None;
            }
            let mut p = self.defend(&mut st, &mut stj, moves)?;
            p.first_wins = 1;
            p.own = 1;
            p
        };
        p.rule = rule;
        // Judged the way play will judge it, from empty caches and with
        // half the judge's budget.
        if verify(&mut Prover::new(ACCEPT), &p, None).is_err() {
            return None;
        }
        p.proof_ms = start.elapsed().as_millis().try_into().unwrap_or(u32::MAX);
        let work = self.deep.spent + self.judge.spent;
        p.extra.push(("proof_nodes".into(), work.to_string()));
        p.level = grade(&p, work);
        Some(p)
    }

    /// A `defend` puzzle: the opponent wins if the side to move passes,
    /// the side to move has no four (a counter-four only delays, and
    /// would make the one defence a matter of move order), and exactly one
    /// empty point holds.
    fn defend(&mut self, st: &mut State, stj: &mut State, moves: &[Point]) -> Option<Puzzle> {
        let me = st.to_move();
        if st.count_at_least(me, combo::BLOCK4) > 0 {
            return None;
        }
        let (threat, _) = self.judge.threat(stj)?;
        // The opponent's threat must be a real one at the deep budget too,
        // and the side to move must have no win of its own.
        let found = self.judge.defences(stj, &threat, 2);
        let [only] = found[..] else {
            return None;
        };
        // The one defence holds at the deep budget too, and the side to
        // move has no win of its own there either (a defence puzzle whose
        // defender could win would teach the wrong thing).
        if self.deep.holds_after(st, only).is_err() || self.deep.win(st, Kind::Defend).is_some() {
            return None;
        }
        Some(Puzzle::new(
            moves.to_vec(),
            Kind::Defend,
            vec![st.point(only)],
        ))
    }
}

/// The difficulty level of a puzzle, 1 to 6, from the length of its
/// solution, how many first moves win, and the solver's work (nodes, so
/// the grade does not depend on the machine's load). Points: the
/// attacker's own moves (a `vct` counts two more, a `defend` puzzle counts
/// the opponent's threat), one more when only one first move wins, one
/// less when four or more do, and one or two more for a proof that took
/// over 20 000 or 200 000 nodes; every three points are a level.
#[must_use]
pub fn grade(p: &Puzzle, nodes: u64) -> u8 {
    let own = p.own_moves() as i64;
    let mut points = match p.kind {
        Kind::Vcf => own,
        Kind::Vct => own + 2,
        Kind::Defend => 5,
    };
    points += match p.first_wins {
        1 => 1,
        0..=3 => 0,
        _ => -1,
    };
    points += match nodes {
        0..=20_000 => 0,
        20_001..=200_000 => 1,
        _ => 2,
    };
    (1 + (points - 1).max(0) / 3).clamp(1, 6) as u8
}

/// Keys for dropping copies and near-duplicates from a set.
#[derive(Default)]
pub struct Dedup {
    seen: HashSet<u64>,
}

/// How far from the solution's points stones count for the
/// near-duplicate key: the reach of a line pattern.
const NEAR: i32 = 4;

impl Dedup {
    /// An empty set of keys.
    #[must_use]
    pub fn new() -> Dedup {
        Dedup::default()
    }

    /// True (and remembered) when `p` is neither a symmetric copy nor a
    /// near-duplicate of a puzzle seen before: its key is the smallest
    /// over the 8 symmetries of its kind, side to move, solution and the
    /// stones within [`NEAR`] of the solution's points, all taken relative
    /// to the solution's first move (so a shifted copy is a copy too).
    pub fn fresh(&mut self, p: &Puzzle) -> bool {
        let key = local_key(p);
        self.seen.insert(key)
    }
}

/// The near-duplicate key of `p` (see [`Dedup::fresh`]).
#[must_use]
pub fn local_key(p: &Puzzle) -> u64 {
    let o = p.solution[0];
    let rel = |q: Point| {
        (
            i32::from(q.x) - i32::from(o.x),
            i32::from(q.y) - i32::from(o.y),
        )
    };
    let near = |q: Point| {
        p.solution.iter().any(|s| {
            (i32::from(q.x) - i32::from(s.x)).abs() <= NEAR
                && (i32::from(q.y) - i32::from(s.y)).abs() <= NEAR
        })
    };
    let stones: Vec<((i32, i32), usize)> = p
        .moves
        .iter()
        .enumerate()
        .filter(|(_, &q)| near(q))
        .map(|(i, &q)| (rel(q), i % 2))
        .collect();
    let sol: Vec<(i32, i32)> = p.solution.iter().map(|&q| rel(q)).collect();
    let mover = p.moves.len() % 2;
    (0..8)
        .map(|s| {
            let t = |(x, y): (i32, i32)| {
                let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
                (
                    if s & 1 != 0 { -x } else { x },
                    if s & 2 != 0 { -y } else { y },
                )
            };
            // Colours are named relative to the side to move, so the same
            // shape with colours swapped is the same puzzle.
            let mut st: Vec<((i32, i32), usize)> =
                stones.iter().map(|&(q, c)| (t(q), c ^ mover)).collect();
            st.sort_unstable();
            let sl: Vec<(i32, i32)> = sol.iter().map(|&q| t(q)).collect();
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (p.kind, st, sl).hash(&mut h);
            h.finish()
        })
        .min()
        .expect("eight symmetries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_puzzle;
    use crate::rules::Symmetry;

    const VCF: &str = "k7e6g11g8h9g6i9g9g7h8i8f6h6d6c6f8h10j8e8f7e13f12f9 vcf f5f4d5c4c5e7e5";

    fn mapped(p: &Puzzle, f: impl Fn(Point) -> Point) -> Puzzle {
        let mut q = p.clone();
        q.moves = p.moves.iter().map(|&m| f(m)).collect();
        q.solution = p.solution.iter().map(|&m| f(m)).collect();
        q
    }

    #[test]
    fn symmetric_and_shifted_copies_share_a_key_and_others_do_not() {
        let p = parse_puzzle(VCF).unwrap();
        let mut dedup = Dedup::new();
        assert!(dedup.fresh(&p));
        for s in Symmetry::ALL {
            let q = mapped(&p, |m| s.apply(m, 15));
            assert!(!dedup.fresh(&q), "{s:?}");
        }
        // One point up and to the left: the stones fit on the board.
        let shifted = mapped(&p, |m| Point::new(m.x - 1, m.y - 1));
        assert!(!dedup.fresh(&shifted));
        // A far stone added (the same fight): a near-duplicate.
        let mut far = p.clone();
        far.moves.push(Point::new(14, 14));
        far.moves.push(Point::new(14, 0));
        assert!(!dedup.fresh(&far));
        // Another solution line is another puzzle.
        let mut other = p.clone();
        other.solution = vec![Point::new(3, 10), Point::new(2, 11)];
        assert!(dedup.fresh(&other));
    }

    #[test]
    fn levels_grow_with_length_and_uniqueness() {
        let mut p = parse_puzzle(VCF).unwrap();
        p.own = 3;
        p.first_wins = 5;
        let easy = grade(&p, 100);
        p.own = 9;
        p.first_wins = 1;
        let hard = grade(&p, 300_000);
        assert_eq!((easy, hard), (1, 4));
        p.own = 40;
        assert_eq!(grade(&p, 0), 6);
    }
}
