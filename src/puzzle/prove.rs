//! The solver questions a puzzle asks, on the engine's VCF and VCT
//! solvers: does the side to move win by this kind's means, does this move
//! keep the win, does this defence hold.
//!
//! A win is a proof (the solvers never report an unproved win); "no win"
//! only means none was found within the [`Budget`].

use super::format::Kind;
use crate::engine::shape::combo;
use crate::engine::state::{Cell, State};
use crate::engine::vcf::{plies_to_five, Vcf};
use crate::engine::vct::Vct;
use crate::rules::{Board, Point, Rule, Stone};

/// How far the solvers look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Own fours of a VCF search.
    pub vcf_fours: u8,
    /// Nodes of a VCF search.
    pub vcf_nodes: u64,
    /// Own threats of a VCT search.
    pub vct_threats: u8,
    /// Nodes of a VCT search.
    pub vct_nodes: u64,
}

/// The budget of judging a move while a person waits: deep enough for
/// every shipped puzzle (the generator only keeps puzzles it proves within
/// it), small enough that a judgement takes well under 200 ms.
pub const JUDGE: Budget = Budget {
    vcf_fours: 30,
    vcf_nodes: 200_000,
    vct_threats: 10,
    vct_nodes: 60_000,
};

/// The budget a puzzle must be proved within, by a fresh prover (empty
/// caches), to be kept: half of [`JUDGE`]'s nodes, so that judging (whose
/// caches may hold other puzzles' entries) has room to spare.
pub const ACCEPT: Budget = Budget {
    vcf_fours: JUDGE.vcf_fours,
    vcf_nodes: JUDGE.vcf_nodes / 2,
    vct_threats: JUDGE.vct_threats,
    vct_nodes: JUDGE.vct_nodes / 2,
};

/// The generator's budget: a puzzle's kind and its "no other way" claims
/// are checked this much deeper than the puzzle needs.
pub const DEEP: Budget = Budget {
    vcf_fours: 60,
    vcf_nodes: 2_000_000,
    vct_threats: 16,
    vct_nodes: 600_000,
};

fn never() -> bool {
    false
}

/// The solvers and their caches, for one rule at a time.
pub struct Prover {
    vcf: Vcf,
    vct: Vct,
    rule: Option<Rule>,
    /// How far the questions look.
    pub budget: Budget,
    /// Solver nodes spent since this was last reset, a measure of a
    /// proof's work that does not depend on the machine's load.
    pub spent: u64,
}

impl Default for Prover {
    fn default() -> Self {
        Prover::new(JUDGE)
    }
}

impl Prover {
    /// Solvers with empty caches and the given budget.
    #[must_use]
    pub fn new(budget: Budget) -> Prover {
        Prover {
            vcf: Vcf::new(),
            vct: Vct::new(),
            rule: None,
            budget,
            spent: 0,
        }
    }

    /// The engine board of `moves` (Black first), caches kept only while
    /// the rule stays the same (their keys do not include it).
    ///
    /// # Errors
    /// A move off the board or on a stone.
    pub fn state(&mut self, moves: &[Point], size: u8, rule: Rule) -> Result<State, String> {
        if self.rule != Some(rule) {
            self.vcf.clear();
            self.vct.clear();
            self.rule = Some(rule);
        }
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        for (i, &m) in moves.iter().enumerate() {
            board
                .place(m, Stone::to_move_after(i))
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(State::new(&board, Stone::to_move_after(moves.len()), rule))
    }

    /// The side to move's shortest VCF found: the line (attacker and
    /// defender alternating) and its own moves to the five.
    pub fn vcf(&mut self, st: &mut State) -> Option<(Vec<Cell>, u32)> {
        let b = self.budget;
        let r = self
            .vcf
            .solve_shortest(st, b.vcf_fours, b.vcf_nodes, &never)
            .map(|(line, plies)| (line, plies.div_ceil(2)));
        self.spent += self.vcf.nodes;
        r
    }

    /// A VCF of the side to move of at most `fours` own moves, searched
    /// to the end within `nodes`: `Some(Some(line))` a win, `Some(None)` a
    /// proof that there is none that short, `None` when the nodes ran out
    /// first (nothing proved). The budget is this call's, not
    /// [`Prover::budget`].
    pub fn vcf_exhaustive(
        &mut self,
        st: &mut State,
        fours: u8,
        nodes: u64,
    ) -> Option<Option<Vec<Cell>>> {
        let r = self.vcf.solve(st, fours, nodes, &never);
        self.spent += self.vcf.nodes;
        match r {
            Some(line) => Some(Some(line)),
            None if self.vcf.nodes <= nodes => Some(None),
            None => None,
        }
    }

    /// The side to move's win by threats (a VCF among them), along the
    /// defender's longest resistance, with its own moves to the five.
    pub fn vct(&mut self, st: &mut State) -> Option<(Vec<Cell>, u32)> {
        let b = self.budget;
        let r = self
            .vct
            .solve_shortest(st, b.vct_threats, b.vct_nodes, &never)
            .map(|(line, plies)| (line, plies.div_ceil(2)));
        self.spent += self.vct.nodes;
        r
    }

    /// The side to move's win by `kind`'s means (`defend` asks for any
    /// forced win: a VCF, else a VCT).
    pub fn win(&mut self, st: &mut State, kind: Kind) -> Option<(Vec<Cell>, u32)> {
        match kind {
            Kind::Vcf => self.vcf(st),
            Kind::Vct | Kind::Defend => self.vcf(st).or_else(|| self.vct(st)),
        }
    }

    /// Whether the side to move's move `m` keeps a win by `kind`'s means
    /// (`vcf` or `vct`): the defender's reply and the rest of the line
    /// along his longest resistance (empty when `m` makes five), or
    /// `None`. A `vcf` move must be a four; a `vct` move a four or an
    /// open three, or the block of the defender's four.
    pub fn wins_after(&mut self, st: &mut State, m: Cell, kind: Kind) -> Option<Vec<Cell>> {
        let me = st.to_move();
        let opp = me ^ 1;
        if !st.is_empty(m) || st.is_forbidden(m) {
            return None;
        }
        let code = st.combo(m, me);
        if code == combo::FIVE {
            return Some(Vec::new());
        }
        // The defender's four must be blocked, and nothing else will do.
        let must_block = st.find_five(opp);
        if must_block.is_some_and(|f| f != m) || st.count(opp, combo::FIVE) > 1 {
            return None;
        }
        let threat = match kind {
            Kind::Vcf => code >= combo::BLOCK4,
            _ => code >= combo::FLEX3 || must_block.is_some(),
        };
        if !threat {
            return None;
        }
        st.make(m);
        let r = match kind {
            Kind::Vcf => self.vcf_after_four(st),
            _ => {
                let b = self.budget;
                // A win by fours is a win by threats too, and the cheaper
                // proof.
                self.vcf_after_four(st).or_else(|| {
                    let r = self
                        .vct
                        .solve_defender(st, b.vct_threats, b.vct_nodes, &never)
                        .map(|(line, _)| line);
                    self.spent += self.vct.nodes;
                    r
                })
            }
        };
        st.unmake();
        r
    }

    /// The defender to move after the attacker's four: the forced block
    /// and the attacker's VCF after it, or the two five points.
    fn vcf_after_four(&mut self, st: &mut State) -> Option<Vec<Cell>> {
        let def = st.to_move();
        let att = def ^ 1;
        if st.count(def, combo::FIVE) > 0 {
            return None;
        }
        match st.count(att, combo::FIVE) {
            0 => None,
            1 => {
                let f = st.find_five(att).expect("counted a five point");
                if st.is_forbidden(f) {
                    // Black may not block there: the four wins.
                    return Some(Vec::new());
                }
                st.make(f);
                let r = self.vcf(st).map(|(line, _)| line);
                st.unmake();
                r.map(|line| std::iter::once(f).chain(line).collect())
            }
            _ => {
                let mut v = Vec::new();
                st.cells_with(att, combo::FIVE, &mut v);
                Some(v[..2].to_vec())
            }
        }
    }

    /// Whether the defender's move `m` holds: after it the attacker has
    /// no forced win (no VCF, no VCT) within the budget. `Err` carries the
    /// attacker's winning line after `m` when it does not.
    ///
    /// A four of the defender's only delays: it holds here when, after
    /// the forced block, the attacker has no forced win even with a free
    /// move (a stricter test than needed, so a counter-four is never taken
    /// for a defence it is not).
    pub fn holds_after(&mut self, st: &mut State, m: Cell) -> Result<(), Vec<Cell>> {
        if !st.is_empty(m) || st.is_forbidden(m) {
            return Err(Vec::new());
        }
        let me = st.to_move();
        let code = st.combo(m, me);
        if code == combo::FIVE {
            return Ok(());
        }
        if code >= combo::BLOCK4 {
            st.make(m);
            let r = match (st.find_five(me ^ 1), st.find_five(me)) {
                // The attacker makes five first.
                (Some(f), _) => Err(vec![f]),
                (None, Some(block)) if st.count(me, combo::FIVE) == 1 => {
                    st.make(block);
                    let t = self.threat(st);
                    st.unmake();
                    match t {
                        Some((line, _)) => Err(std::iter::once(block).chain(line).collect()),
                        None => Ok(()),
                    }
                }
                // An open four: only fours can still beat it.
                _ => match self.vcf(st) {
                    Some((line, _)) => Err(line),
                    None => Ok(()),
                },
            };
            st.unmake();
            return r;
        }
        st.make(m);
        let r = self.win(st, Kind::Defend);
        st.unmake();
        match r {
            Some((line, _)) => Err(line),
            None => Ok(()),
        }
    }

    /// The opponent's forced win if the side to move passed: what the
    /// side to move must defend against.
    pub fn threat(&mut self, st: &mut State) -> Option<(Vec<Cell>, u32)> {
        st.flip_side();
        let r = self.win(st, Kind::Defend);
        st.flip_side();
        r
    }

    /// Every move of the side to move that holds against the opponent's
    /// threat, at most `limit` of them, the likeliest first: the points of
    /// the threat's line, then every other empty point.
    pub fn defences(&mut self, st: &mut State, threat: &[Cell], limit: usize) -> Vec<Cell> {
        let mut order: Vec<Cell> = threat.iter().copied().filter(|&c| st.is_empty(c)).collect();
        order.dedup();
        let rest: Vec<Cell> = st.empty_cells().filter(|c| !order.contains(c)).collect();
        order.extend(rest);
        let mut out = Vec::new();
        for c in order {
            if self.holds_after(st, c).is_ok() {
                out.push(c);
                if out.len() >= limit {
                    break;
                }
            }
        }
        out
    }

    /// Every first move that keeps the side to move's win by `kind`
    /// (`vcf` or `vct`).
    pub fn winning_moves(&mut self, st: &mut State, kind: Kind) -> Vec<Cell> {
        let me = st.to_move();
        let code = if kind == Kind::Vcf {
            combo::BLOCK4
        } else {
            combo::FLEX3
        };
        let mut cands = Vec::new();
        st.cells_with(me, code, &mut cands);
        if let Some(f) = st.find_five(me ^ 1) {
            if !cands.contains(&f) {
                cands.push(f);
            }
        }
        cands
            .into_iter()
            .filter(|&c| self.wins_after(st, c, kind).is_some())
            .collect()
    }
}

/// The plies a line takes to the five when played from `st`.
#[must_use]
pub fn plies(st: &mut State, line: &[Cell]) -> u32 {
    plies_to_five(st, line)
}

/// The points of `cells`.
#[must_use]
pub fn points(st: &State, cells: &[Cell]) -> Vec<Point> {
    cells.iter().map(|&c| st.point(c)).collect()
}
