//! Long VCF puzzles, made by unwinding a found VCF backwards.
//!
//! Self-play at the generator's strength almost never leaves a position
//! whose shortest VCF is 15 own moves or more, so such positions are built.
//! From a position whose shortest VCF is `n` own moves, one step makes a
//! position one four further from the win: an attacker stone `s` is taken
//! off the board and the attacker's playing `s` back must be a four whose
//! one block `t` is forced. Two ways to get there:
//!
//! - **undo a blocked four**: `s` and a defender stone `t` are both taken
//!   off, where `s` with three other attacker stones and `t` fill a line
//!   of five; playing `s` and the forced `t` gives the old position back;
//! - **move a stone**: `s` is taken off and one attacker stone is put at
//!   an empty point `x` on a line through `s`, so that `s` makes a four
//!   there again (the stone count stays the same);
//! - **build a blocked four**: on a line of five through `s` with one
//!   other attacker stone and three empty points, `s` is moved onto one
//!   of them, a new attacker stone is put on another and a new defender
//!   stone caps the line at one end, so that `s` makes a four whose block
//!   is the third.
//!
//! A step is kept only when the solver proves, searching to the end, that
//! the new position has no VCF of `n` own moves or fewer, and finds one of
//! `n + 1`: a shorter or different quick win anywhere on the board rejects
//! it. The steps are tried in a seeded order and the first that holds is
//! taken, until none holds or the wanted length is reached. Node budgets,
//! not clocks, bound every search, so a seed gives the same puzzles on any
//! machine.

use super::format::{Kind, Puzzle};
use super::generate::grade;
use super::prove::{points, Prover, ACCEPT, DEEP, JUDGE};
use super::verify::verify;
use crate::engine::shape::combo;
use crate::engine::state::State;
use crate::rules::{any_winning_line, Board, Point, Rule, Stone};
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Settings of an unwinding run.
#[derive(Debug, Clone, Copy)]
pub struct UnwindConfig {
    /// Seed of the order in which steps are tried.
    pub seed: u64,
    /// Smallest length (own moves) of a puzzle kept.
    pub min_own: u32,
    /// Length at which unwinding stops.
    pub max_own: u32,
    /// Nodes of each proof that a step's position has no shorter VCF (and
    /// of the search for its VCF): a step whose proof does not end within
    /// them is not taken.
    pub step_nodes: u64,
    /// Steps tried (each a solver proof) for one puzzle, along every
    /// branch of the depth-first search: the first step that holds can
    /// lead to a dead end that another avoids.
    pub step_tries: u32,
}

/// A position of an unwinding, with its shortest VCF.
#[derive(Debug, Clone)]
struct Step {
    moves: Vec<Point>,
    line: Vec<Point>,
    own: u32,
}

impl Default for UnwindConfig {
    fn default() -> Self {
        UnwindConfig {
            seed: 1,
            min_own: 11,
            max_own: 20,
            step_nodes: 200_000,
            step_tries: 400,
        }
    }
}

/// Unwinds VCF puzzles into longer ones.
pub struct Unwinder {
    prover: Prover,
    cfg: UnwindConfig,
}

impl Unwinder {
    /// An unwinder with empty solver caches.
    #[must_use]
    pub fn new(cfg: UnwindConfig) -> Unwinder {
        Unwinder {
            prover: Prover::new(DEEP),
            cfg,
        }
    }

    /// The longest VCF puzzle unwound from the `vcf` or `vct` puzzle `p`
    /// (a `vct` one from the first position along its solution where the
    /// attacker has a VCF; its index `n` in the run seeds the order of the
    /// steps), when it reaches
    /// [`UnwindConfig::min_own`] own moves: proved to have no shorter VCF,
    /// judged as play will judge it (from empty caches, within
    /// [`ACCEPT`]), graded. `None` otherwise. When the longest position
    /// found is not proved within the judge's budget, the one a step
    /// shorter is tried, and so on.
    pub fn unwind(&mut self, p: &Puzzle, n: u64) -> Option<Puzzle> {
        let start = self.start(p)?;
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(self.cfg.seed ^ (n << 24));
        let mut chain = vec![start];
        let mut best = chain.clone();
        let mut tried = 0;
        self.search(p, &mut rng, &mut chain, &mut best, &mut tried);
        let min_own = self.cfg.min_own;
        best.into_iter()
            .rev()
            .take_while(|s| s.own >= min_own)
            .find_map(|s| self.finish(p, s))
    }

    /// Where unwinding `p` starts: a `vcf` puzzle's position; for a `vct`
    /// puzzle, the first position along its solution where the attacker
    /// has a VCF (a position no `vcf` puzzle of the set has, as one attack
    /// gives one puzzle); with its exact shortest VCF.
    fn start(&mut self, p: &Puzzle) -> Option<Step> {
        let plies = match p.kind {
            Kind::Vcf => 1,
            Kind::Vct => p.solution.len(),
            Kind::Defend => return None,
        };
        for k in (0..plies).step_by(2) {
            let mut moves = p.moves.clone();
            moves.extend_from_slice(&p.solution[..k]);
            let mut st = self.prover.state(&moves, p.size, p.rule).ok()?;
            if st.count(st.to_move() ^ 1, combo::FIVE) > 0 || self.prover.vcf(&mut st).is_none() {
                continue;
            }
            let (line, own) = self.shortest(&mut st, self.cfg.max_own)?;
            return Some(Step { moves, line, own });
        }
        None
    }

    /// Depth first from the chain's last position: each step that holds,
    /// in a seeded order, is followed as far as it goes; the longest chain
    /// is kept in `best`. At most [`UnwindConfig::step_tries`] steps are
    /// tried in all.
    fn search(
        &mut self,
        p: &Puzzle,
        rng: &mut rand::rngs::Xoshiro256PlusPlus,
        chain: &mut Vec<Step>,
        best: &mut Vec<Step>,
        tried: &mut u32,
    ) {
        if chain.len() > best.len() {
            best.clone_from(chain);
        }
        let last = chain.last().expect("the start is in the chain");
        let own = last.own;
        if own >= self.cfg.max_own {
            return;
        }
        let mut steps = candidates(p.size, p.rule, &last.moves);
        steps.shuffle(rng);
        for moves in steps {
            if *tried >= self.cfg.step_tries
                || best.last().is_some_and(|b| b.own >= self.cfg.max_own)
            {
                return;
            }
            *tried += 1;
            if let Some(line) = self.step(p, &moves, own) {
                chain.push(Step {
                    moves,
                    line,
                    own: own + 1,
                });
                self.search(p, rng, chain, best, tried);
                chain.pop();
            }
        }
    }

    /// The exact shortest VCF of `st` up to `max` fours, and its own
    /// moves (the fours and the five): each number of fours from one up is
    /// searched to the end within the step budget.
    fn shortest(&mut self, st: &mut State, max: u32) -> Option<(Vec<Point>, u32)> {
        for d in 1..=max {
            let fours = u8::try_from(d).ok()?;
            match self.prover.vcf_exhaustive(st, fours, self.cfg.step_nodes)? {
                // `d` fours, the last one two five points: the five is
                // the attacker's `d + 1`th move.
                Some(line) => return Some((points(st, &line), d + 1)),
                None => continue,
            }
        }
        None
    }

    /// The VCF line of `moves` when its shortest VCF is exactly
    /// `own + 1` own moves (no VCF of `own` or fewer, proved to the end).
    fn step(&mut self, p: &Puzzle, moves: &[Point], own: u32) -> Option<Vec<Point>> {
        let mut st = self.prover.state(moves, p.size, p.rule).ok()?;
        let me = st.to_move();
        if st.count(me, combo::FIVE) > 0
            || st.count(me ^ 1, combo::FIVE) > 0
            || st.count(me, combo::FLEX4) > 0
        {
            return None;
        }
        // `own` moves are `own - 1` fours and the five.
        let fours = u8::try_from(own - 1).ok()?;
        if self
            .prover
            .vcf_exhaustive(&mut st, fours, self.cfg.step_nodes)?
            .is_some()
        {
            return None;
        }
        let line = self
            .prover
            .vcf_exhaustive(&mut st, fours + 1, self.cfg.step_nodes)??;
        Some(points(&st, &line))
    }

    /// The puzzle of step `s`'s position, with its VCF, when it
    /// passes the checks play and `check` make; graded.
    fn finish(&mut self, p: &Puzzle, s: Step) -> Option<Puzzle> {
        let Step { moves, line, own } = s;
        let mut q = Puzzle::new(moves, Kind::Vcf, line);
        q.rule = p.rule;
        q.size = p.size;
        q.own = own;
        // A fresh judge, as the generator asks of every puzzle.
        let mut judge = Prover::new(JUDGE);
        let mut st = judge.state(&q.moves, q.size, q.rule).ok()?;
        q.first_wins = u32::try_from(judge.winning_moves(&mut st, Kind::Vcf).len()).ok()?;
        let mut accept = Prover::new(ACCEPT);
        verify(&mut accept, &q, Some(&mut Prover::new(DEEP))).ok()?;
        let work = accept.spent + judge.spent;
        q.extra.push(("proof_nodes".into(), work.to_string()));
        q.level = grade(&q, work);
        Some(q)
    }
}

/// Every position one step before `moves` (see the module docs): the move
/// lists in which the side to move's playing some `s` is a four with one
/// forced block and leads back to (a superset of) `moves`.
fn candidates(size: u8, rule: Rule, moves: &[Point]) -> Vec<Vec<Point>> {
    let me_stone = Stone::to_move_after(moves.len());
    let mine: Vec<usize> = (0..moves.len())
        .filter(|&i| Stone::to_move_after(i) == me_stone)
        .collect();
    let mut out = Vec::new();
    let at = |s: Point, dx: i32, dy: i32, k: i32| -> Option<Point> {
        let (x, y) = (i32::from(s.x) + dx * k, i32::from(s.y) + dy * k);
        let inside = |v: i32| (0..i32::from(size)).contains(&v);
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        (inside(x) && inside(y)).then(|| Point::new(x as u8, y as u8))
    };
    let owner = |q: Point| {
        moves
            .iter()
            .position(|&m| m == q)
            .map(|j| (j, Stone::to_move_after(j) == me_stone))
    };
    for &i in &mine {
        let s = moves[i];
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for k in (-4..=4).filter(|&k| k != 0) {
                let Some(q) = at(s, dx, dy, k) else { continue };
                match owner(q) {
                    // Undo a blocked four: `q` is a defender stone.
                    Some((j, false)) => out.push(without(moves, i, j)),
                    Some(_) => {}
                    // Move `s` to the empty point `q`.
                    None => {
                        let mut c = moves.to_vec();
                        c[i] = q;
                        out.push(c);
                    }
                }
            }
            // Build a blocked four for `s` anew: a line of five through
            // `s` holding one other attacker stone and three empty
            // points gets `s` moved onto one of them, a new attacker
            // stone on another, and a new defender stone capping the line
            // at one end; the third stays the four's block.
            for k0 in -4..=0 {
                let window: Option<Vec<Point>> = (k0..k0 + 5)
                    .filter(|&k| k != 0)
                    .map(|k| at(s, dx, dy, k))
                    .collect();
                let Some(window) = window else { continue };
                let empty: Vec<Point> = window
                    .iter()
                    .copied()
                    .filter(|&q| owner(q).is_none())
                    .collect();
                let mine_in = window.iter().filter(|&&q| owner(q).is_some_and(|o| o.1));
                if empty.len() != 3 || mine_in.count() != 1 {
                    continue;
                }
                let caps: Vec<Point> = [at(s, dx, dy, k0 - 1), at(s, dx, dy, k0 + 5)]
                    .into_iter()
                    .flatten()
                    .filter(|&q| owner(q).is_none())
                    .collect();
                for t in 0..3 {
                    let (x1, x2) = match t {
                        0 => (empty[1], empty[2]),
                        1 => (empty[0], empty[2]),
                        _ => (empty[0], empty[1]),
                    };
                    for &cap in &caps {
                        let mut c = moves.to_vec();
                        c[i] = x1;
                        c.push(x2);
                        c.push(cap);
                        out.push(c);
                    }
                }
            }
        }
    }
    out.retain(|c| leads_back(size, rule, c, moves));
    out
}

/// `moves` without its stones `i` and `j` (one of each colour), the
/// stones of each colour kept in their order and interleaved again, Black
/// first: a playing order (no five is on the board, so none was made on
/// the way).
fn without(moves: &[Point], i: usize, j: usize) -> Vec<Point> {
    let keep = |k: &usize| *k != i && *k != j;
    let black: Vec<Point> = (0..moves.len())
        .filter(keep)
        .filter(|k| k % 2 == 0)
        .map(|k| moves[k])
        .collect();
    let white: Vec<Point> = (0..moves.len())
        .filter(keep)
        .filter(|k| k % 2 == 1)
        .map(|k| moves[k])
        .collect();
    let mut out = Vec::with_capacity(moves.len() - 2);
    for k in 0..black.len().max(white.len()) {
        out.extend(black.get(k));
        out.extend(white.get(k));
    }
    out
}

/// Whether, in the position `c`, the side to move has a four at the one
/// point of `moves` missing from `c`, with exactly one block, no five on
/// the board, and no stone of `c` missing from `moves` but the attacker's
/// moved one.
fn leads_back(size: u8, rule: Rule, c: &[Point], moves: &[Point]) -> bool {
    let Ok(mut board) = Board::new(size) else {
        return false;
    };
    for (k, &m) in c.iter().enumerate() {
        if board.place(m, Stone::to_move_after(k)).is_err() {
            return false;
        }
    }
    if any_winning_line(&board, rule).is_some() {
        return false;
    }
    let attacker = Stone::to_move_after(moves.len());
    let missing = |colour: Stone| {
        (0..moves.len())
            .filter(|&k| Stone::to_move_after(k) == colour && !c.contains(&moves[k]))
            .map(|k| moves[k])
            .next()
    };
    let Some(s) = missing(attacker) else {
        return false;
    };
    let mut sc = State::new(&board, attacker, rule);
    let me = sc.to_move();
    let cell = sc.cell(s);
    let code = sc.combo(cell, me);
    if !(combo::BLOCK4..combo::FLEX4).contains(&code) || sc.is_forbidden(cell) {
        return false;
    }
    sc.make(cell);
    let one_block = sc.count(me, combo::FIVE) == 1;
    // An undone blocked four must be blocked where the defender's stone was.
    let right_block = match missing(attacker.opponent()) {
        Some(t) => sc.find_five(me) == Some(sc.cell(t)),
        None => true,
    };
    one_block && right_block
}
