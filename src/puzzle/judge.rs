//! Judging a player's move in a puzzle by the solver, at once: any move
//! that still wins (or, in a `defend` puzzle, any defence that holds) is
//! right, whatever the stored solution says. The engine's reply comes from
//! its own proof: the defender's longest resistance in a `vcf`/`vct`
//! puzzle; a wrong move gets the line that refutes it, to be shown as
//! ghost stones.
//!
//! An [`Attempt`] is one try at one puzzle: the moves played since its
//! start, hints used and mistakes. The front end keeps it and passes it to
//! a [`Judge`] with each move.

use super::format::{Kind, Puzzle};
use super::prove::{points, Budget, Prover};
use crate::engine::shape::combo;
use crate::engine::state::{Cell, State};
use crate::rules::{forbidden, Board, Forbidden, Point, Rule, Stone};

/// One try at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Moves played since the puzzle's position, the player's and the
    /// engine's alternating (wrong moves are not kept).
    pub played: Vec<Point>,
    /// Hint steps taken (0, 1 for the area, 2 for the move), over the whole
    /// attempt.
    pub hints_used: u8,
    /// Wrong moves so far.
    pub mistakes: u32,
    /// True once solved.
    pub solved: bool,
    /// True once the full solution was asked for.
    pub solution_shown: bool,
}

impl Attempt {
    /// A fresh try at `puzzle`.
    #[must_use]
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            puzzle,
            played: Vec::new(),
            hints_used: 0,
            mistakes: 0,
            solved: false,
            solution_shown: false,
        }
    }

    /// The whole move list of the current position, Black first.
    #[must_use]
    pub fn moves(&self) -> Vec<Point> {
        let mut v = self.puzzle.moves.clone();
        v.extend_from_slice(&self.played);
        v
    }

    /// The player's colour (the side to move at the puzzle's start).
    #[must_use]
    pub fn player(&self) -> Stone {
        self.puzzle.to_move()
    }

    /// Starts again from the puzzle's position (hints and mistakes are
    /// kept: they count for the rating).
    pub fn restart(&mut self) {
        self.played.clear();
        self.solved = false;
    }
}

/// The verdict on one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The move solves the puzzle: a five, an unstoppable four, or in a
    /// `defend` puzzle a defence that holds. It was added to the attempt.
    Solved,
    /// A right move that does not finish the puzzle: the move and the
    /// engine's `reply` were added to the attempt; the player moves again.
    Correct {
        /// The engine's answer.
        reply: Point,
    },
    /// A wrong move, not kept: why, and the line that refutes it (the
    /// opponent's reply first, then both sides alternating; may be empty
    /// when the refutation is simply that no forced win remains).
    Wrong {
        /// What was wrong.
        why: Miss,
        /// The refutation, for ghost stones.
        refutation: Vec<Point>,
    },
    /// The move cannot be played at all; nothing changed.
    Illegal(Illegal),
}

/// Why a move was wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Miss {
    /// A `vcf` puzzle wants a four with every move.
    NotAFour,
    /// A `vct` puzzle wants a four or an open three with every move.
    NotAThreat,
    /// The opponent had a four, and the move did not block it.
    IgnoredFour,
    /// A threat, but the opponent can defend it.
    Defended,
    /// In a `defend` puzzle: the opponent still wins.
    StillLoses,
}

/// Why a move could not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// Off the board or on a stone.
    Occupied,
    /// Black's forbidden point under Renju.
    Forbidden(Forbidden),
    /// The puzzle is already solved.
    Over,
}

/// A hint, in two steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// The right move lies in this square of 4 × 4 points (corners
    /// included); the move is not always at its centre.
    Area {
        /// Top-left corner (smallest x and y).
        from: Point,
        /// Bottom-right corner.
        to: Point,
    },
    /// The move itself.
    Move(Point),
}

/// Side of a hint's area square.
const AREA_SIDE: u8 = 4;

/// Points of the opponent's threat tried as a refutation's defence before
/// giving up on showing one: each try is a solver call, and the verdict
/// must come quickly.
const REFUTATION_TRIES: usize = 6;

/// The budget of finding a refutation to show: the verdict is already
/// known, and a refutation that would take longer is left unshown (an
/// empty line) rather than keep the player waiting.
const REFUTE: Budget = Budget {
    vcf_fours: 20,
    vcf_nodes: 40_000,
    vct_threats: 8,
    vct_nodes: 12_000,
};

/// Judges moves with the engine's solvers.
#[derive(Default)]
pub struct Judge {
    prover: Prover,
}

impl Judge {
    /// A judge with the budget of [`super::prove::JUDGE`].
    #[must_use]
    pub fn new() -> Judge {
        Judge::default()
    }

    /// The solvers, for callers that ask their own questions.
    pub fn prover(&mut self) -> &mut Prover {
        &mut self.prover
    }

    fn position(&mut self, attempt: &Attempt) -> (State, Board) {
        let p = &attempt.puzzle;
        let moves = attempt.moves();
        let st = self
            .prover
            .state(&moves, p.size, p.rule)
            .expect("a parsed puzzle's moves are legal");
        let mut board = Board::new(p.size).expect("a parsed puzzle's size");
        for (i, &m) in moves.iter().enumerate() {
            board
                .place(m, Stone::to_move_after(i))
                .expect("legal moves");
        }
        (st, board)
    }

    /// Judges the player's move `mv` in `attempt`, updating it.
    pub fn judge(&mut self, attempt: &mut Attempt, mv: Point) -> Judgement {
        if attempt.solved {
            return Judgement::Illegal(Illegal::Over);
        }
        let (mut st, board) = self.position(attempt);
        if !board.contains(mv) || !board.is_empty_at(mv) {
            return Judgement::Illegal(Illegal::Occupied);
        }
        let me = st.to_move();
        if attempt.puzzle.rule == Rule::Renju && me == 0 {
            if let Some(f) = forbidden(&board, mv) {
                return Judgement::Illegal(Illegal::Forbidden(f));
            }
        }
        let m = st.cell(mv);
        if st.combo(m, me) == combo::FIVE {
            attempt.played.push(mv);
            attempt.solved = true;
            return Judgement::Solved;
        }
        let kind = attempt.puzzle.kind;
        let verdict = match kind {
            Kind::Vcf | Kind::Vct => self.judge_attack(&mut st, m, kind),
            Kind::Defend => self.judge_defence(&mut st, m),
        };
        match &verdict {
            Judgement::Solved => {
                attempt.played.push(mv);
                attempt.solved = true;
            }
            Judgement::Correct { reply } => {
                attempt.played.push(mv);
                attempt.played.push(*reply);
            }
            Judgement::Wrong { .. } => attempt.mistakes += 1,
            Judgement::Illegal(_) => {}
        }
        verdict
    }

    fn judge_attack(&mut self, st: &mut State, m: Cell, kind: Kind) -> Judgement {
        if let Some(line) = self.prover.wins_after(st, m, kind) {
            let reply = line.first().copied().or_else(|| {
                // Proved lost whatever the defender does (no reply in the
                // proof): he still resists at the attacker's first
                // winning point, so the puzzle is played to the five.
                st.make(m);
                let me = st.to_move() ^ 1;
                let mut v = Vec::new();
                st.cells_with(me, combo::FIVE, &mut v);
                if v.is_empty() {
                    st.cells_with(me, combo::FLEX4, &mut v);
                }
                let r = v.into_iter().find(|&c| !st.is_forbidden(c));
                st.unmake();
                r
            });
            return match reply {
                Some(reply) => Judgement::Correct {
                    reply: st.point(reply),
                },
                // Nothing to resist with (a four whose block is a Renju
                // forbidden point).
                None => Judgement::Solved,
            };
        }
        let me = st.to_move();
        let code = st.combo(m, me);
        let must_block = st.find_five(me ^ 1);
        let why = if must_block.is_some_and(|f| f != m) {
            Miss::IgnoredFour
        } else if kind == Kind::Vcf && code < combo::BLOCK4 && must_block.is_none() {
            Miss::NotAFour
        } else if kind == Kind::Vct && code < combo::FLEX3 && must_block.is_none() {
            Miss::NotAThreat
        } else {
            Miss::Defended
        };
        st.make(m);
        let budget = std::mem::replace(&mut self.prover.budget, REFUTE);
        let refutation = self.refute_attack(st);
        self.prover.budget = budget;
        st.unmake();
        Judgement::Wrong {
            why,
            refutation: points(st, &refutation),
        }
    }

    /// The defender to move after a wrong attacking move: his five, the
    /// forced block of a four, his own forced win, or a defence that
    /// leaves the attacker nothing.
    fn refute_attack(&mut self, st: &mut State) -> Vec<Cell> {
        let def = st.to_move();
        if let Some(f) = st.find_five(def) {
            return vec![f];
        }
        if let Some(b) = st.find_five(def ^ 1) {
            return vec![b];
        }
        if let Some((line, _)) = self.prover.win(st, Kind::Defend) {
            return line;
        }
        let Some((threat, _)) = self.prover.threat(st) else {
            return Vec::new();
        };
        let mut tried = 0;
        for &c in &threat {
            if !st.is_empty(c) {
                continue;
            }
            tried += 1;
            if tried > REFUTATION_TRIES {
                break;
            }
            if self.prover.holds_after(st, c).is_ok() {
                return vec![c];
            }
        }
        Vec::new()
    }

    fn judge_defence(&mut self, st: &mut State, m: Cell) -> Judgement {
        let me = st.to_move();
        if st.combo(m, me) >= combo::BLOCK4 {
            // A counter-four: the block is forced and the player defends
            // again, unless the attacker makes five first.
            st.make(m);
            let r = match (st.find_five(me ^ 1), st.find_five(me)) {
                (Some(f), _) => Judgement::Wrong {
                    why: Miss::IgnoredFour,
                    refutation: vec![st.point(f)],
                },
                (None, Some(b)) if st.count(me, combo::FIVE) == 1 => {
                    Judgement::Correct { reply: st.point(b) }
                }
                _ => {
                    st.unmake();
                    return match self.prover.holds_after(st, m) {
                        Ok(()) => Judgement::Solved,
                        Err(line) => Judgement::Wrong {
                            why: Miss::StillLoses,
                            refutation: points(st, &line),
                        },
                    };
                }
            };
            st.unmake();
            return r;
        }
        match self.prover.holds_after(st, m) {
            Ok(()) => Judgement::Solved,
            Err(line) => {
                let why = if st.find_five(me ^ 1).is_some_and(|f| f != m) {
                    Miss::IgnoredFour
                } else {
                    Miss::StillLoses
                };
                Judgement::Wrong {
                    why,
                    refutation: points(st, &line),
                }
            }
        }
    }

    /// A right move from the attempt's position, found by the solver now:
    /// the stored solution's first move at the start when it still holds.
    pub fn right_move(&mut self, attempt: &Attempt) -> Option<Point> {
        if attempt.solved {
            return None;
        }
        let (mut st, _) = self.position(attempt);
        let stored = attempt
            .played
            .is_empty()
            .then(|| attempt.puzzle.solution.first().map(|&p| st.cell(p)))
            .flatten();
        match attempt.puzzle.kind {
            Kind::Vcf | Kind::Vct => {
                let kind = attempt.puzzle.kind;
                if let Some(s) = stored {
                    if self.prover.wins_after(&mut st, s, kind).is_some() {
                        return Some(st.point(s));
                    }
                }
                let (line, _) = self.prover.win(&mut st, kind)?;
                line.first().map(|&c| st.point(c))
            }
            Kind::Defend => {
                let mut order: Vec<Cell> = stored.into_iter().collect();
                if let Some((threat, _)) = self.prover.threat(&mut st) {
                    order.extend(threat);
                }
                let d = self.prover.defences(&mut st, &order, 1);
                d.first().map(|&c| st.point(c))
            }
        }
    }

    /// The next hint step: the area first, then the move. Counts the step
    /// in the attempt; `None` when there is nothing to hint (solved).
    pub fn hint(&mut self, attempt: &mut Attempt) -> Option<Hint> {
        let mv = self.right_move(attempt)?;
        attempt.hints_used = attempt.hints_used.saturating_add(1);
        if attempt.hints_used == 1 {
            Some(area_around(mv, attempt.puzzle.size))
        } else {
            Some(Hint::Move(mv))
        }
    }

    /// The full solution from the attempt's position: the stored one at the
    /// start, else the solver's line now (the attacker's and the
    /// defender's moves alternating). Marks the attempt as shown.
    pub fn solution(&mut self, attempt: &mut Attempt) -> Vec<Point> {
        attempt.solution_shown = true;
        if attempt.played.is_empty() {
            return attempt.puzzle.solution.clone();
        }
        if attempt.solved {
            return Vec::new();
        }
        let (mut st, _) = self.position(attempt);
        match attempt.puzzle.kind {
            Kind::Vcf | Kind::Vct => self
                .prover
                .win(&mut st, attempt.puzzle.kind)
                .map(|(line, _)| points(&st, &line))
                .unwrap_or_default(),
            Kind::Defend => self.right_move(attempt).into_iter().collect(),
        }
    }
}

/// The hint square around `mv`: [`AREA_SIDE`] points a side, placed by
/// the point's coordinates so the move is not always at the same spot in
/// it, and kept on the board.
#[must_use]
pub fn area_around(mv: Point, size: u8) -> Hint {
    let side = AREA_SIDE.min(size);
    let corner = |v: u8, other: u8| -> u8 {
        let shift = (v.wrapping_mul(7).wrapping_add(other.wrapping_mul(3))) % side;
        v.saturating_sub(shift).min(size - side)
    };
    let x0 = corner(mv.x, mv.y);
    let y0 = corner(mv.y, mv.x);
    Hint::Area {
        from: Point::new(x0, y0),
        to: Point::new(x0 + side - 1, y0 + side - 1),
    }
}
