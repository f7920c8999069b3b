//! The opening questions a manager asks: swap2 (`SWAP2BOARD`, as the
//! Gomocup manager sends it) and Yixin Board's balanced stones
//! (`YXBALANCEONE` / `YXBALANCETWO`), answered by the session's
//! [`super::opener::Opener`] within the manager's time for the move.
//!
//! Swap2 as the protocol words it: on an empty board the engine places the
//! first three stones (`x,y x,y x,y`); after three it answers `SWAP` (it
//! takes Black), one move (it stays White and plays the fourth) or two
//! stones (the fourth and fifth, leaving the choice to the opener); after
//! five it answers `SWAP` (it takes Black) or one move (it stays White and
//! plays the sixth). A refused line makes the block answer `ERROR` at
//! `DONE` and keeps the previous position, so a decision is never made on
//! stones the manager did not mean.
//!
//! Swap1 (`INFO rule 5`): when we open, our first stone is one the opener
//! judges balanced; when the manager's first stone is put to us, we answer
//! `SWAP` (we take Black and wait) when the opener prefers Black, or play
//! on as White.

use super::command::{parse_swap2_line, Swap2Line};
use super::opener::OpeningLimits;
use super::session::{Game, Out, Session, Watchdog};
use super::settings::OpeningRule;
use super::time::Budget;
use crate::engine::balance::Swap2Reply;
use crate::rules::{Board, Point, Stone};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Share of the turn, in percent, that a decision which may be followed
/// by a move of ours (swap2 after three or five stones) takes: the move's
/// search gets what is left.
pub const DECISION_PERCENT: u32 = 50;

/// Stones a `SWAP2BOARD` block may hold: the steps of the opening.
const SWAP2_STEPS: [usize; 3] = [0, 3, 5];

/// Points as the answer line writes them: `x,y x,y`.
fn points_line(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Stone `i` (0-based) of an opening played in order is Black when even.
fn colour_of(i: usize) -> Stone {
    if i.is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

impl Session {
    /// One line of a `SWAP2BOARD` block.
    pub(super) fn swap2_line(&mut self, line: &str, out: Out<'_>) {
        let stone = match parse_swap2_line(line) {
            Ok(Swap2Line::Done) => {
                if let Some(pending) = self.pending.take() {
                    self.finish_swap2(pending.stones, pending.broken, out);
                }
                return;
            }
            Ok(Swap2Line::Stone { x, y, field }) => {
                self.point_on_board(x, y).map(|p| (p, field.unwrap_or(0)))
            }
            Err(e) => Err(format!("ERROR {e}")),
        };
        let Some(pending) = self.pending.as_mut() else {
            return;
        };
        let refused = match stone {
            Err(e) => Some(e),
            Ok(_) if pending.stones.len() >= 5 => {
                Some("ERROR SWAP2BOARD holds at most 5 stones".to_string())
            }
            Ok((p, _)) if pending.stones.iter().any(|(q, _)| *q == p) => Some(format!(
                "ERROR point {},{} is given twice in SWAP2BOARD",
                p.x, p.y
            )),
            Ok((_, field)) if field != 0 && !fields_agree(&pending.stones, field) => Some(format!(
                "ERROR field {field} on stone {} contradicts the fields of the stones before it (stones alternate Black, White)",
                pending.stones.len() + 1
            )),
            Ok(stone) => {
                pending.stones.push(stone);
                None
            }
        };
        if let Some(line) = refused {
            pending.broken = true;
            out(&format!("{line} (the block will be refused at DONE)"));
        }
    }

    /// `DONE` of a `SWAP2BOARD` block: the decision for the opening so far.
    fn finish_swap2(&mut self, stones: Vec<(Point, u8)>, broken: bool, out: Out<'_>) {
        if broken {
            out("ERROR SWAP2BOARD refused: a line of it was wrong; the previous position is kept");
            return;
        }
        let Some(game) = &self.game else {
            out("ERROR no game: send START first (SWAP2BOARD ignored)");
            return;
        };
        let n = stones.len();
        if !SWAP2_STEPS.contains(&n) {
            out(&format!(
                "ERROR SWAP2BOARD needs 0, 3 or 5 stones (the opening's steps), not {n}; the previous position is kept"
            ));
            return;
        }
        let mut board = Board::new(game.board.size()).expect("size of a running game");
        let moves: Vec<Point> = stones.iter().map(|(p, _)| *p).collect();
        for (i, &p) in moves.iter().enumerate() {
            board
                .place(p, colour_of(i))
                .expect("points checked when read");
        }
        let start = Instant::now();
        let budget = self.time.budget_at(n);
        let decision_share = if n == 0 { 100 } else { DECISION_PERCENT };
        let limits = self.opening_limits(start, budget, decision_share);
        let rule = self.rule;
        let reply = {
            let _watchdog = Watchdog::start(budget.hard, Arc::clone(&self.stop));
            match n {
                0 => Swap2Answer::Place(self.opener.stones(&board, rule, 3, 0, &limits)),
                3 => match self.opener.swap2_reply(&board, rule, &limits) {
                    Swap2Reply::Take(Stone::Black) => Swap2Answer::Swap,
                    Swap2Reply::Take(Stone::White) => Swap2Answer::Move,
                    Swap2Reply::Place(two) => Swap2Answer::Place(two.to_vec()),
                },
                _ => match self.opener.choose_colour(&board, rule, &limits) {
                    Stone::Black => Swap2Answer::Swap,
                    Stone::White => Swap2Answer::Move,
                },
            }
        };
        let mut game = Game {
            board,
            me: None,
            history: Some(moves),
        };
        match reply {
            Swap2Answer::Swap => {
                game.me = Some(Stone::Black);
                self.game = Some(game);
                out("SWAP");
            }
            Swap2Answer::Place(points) => {
                let wanted = if n == 0 { 3 } else { 2 };
                if points.len() != wanted || !place_in_turn(&mut game, &points) {
                    out("ERROR no room for the opening's stones near the centre");
                    return;
                }
                self.game = Some(game);
                out(&points_line(&points));
            }
            Swap2Answer::Move => {
                game.me = Some(Stone::White);
                self.game = Some(game);
                let left = budget_after(budget, start.elapsed());
                self.play_own_move_within(1, left, out);
            }
        }
    }

    /// Swap1's first stone, when we open: a balanced one, played and sent.
    pub(super) fn swap1_open(&mut self, out: Out<'_>) {
        let Some(game) = &self.game else {
            return;
        };
        let board = game.board.clone();
        let start = Instant::now();
        let budget = self.time.budget_at(0);
        let limits = self.opening_limits(start, budget, 100);
        let rule = self.rule;
        let points = {
            let _watchdog = Watchdog::start(budget.hard, Arc::clone(&self.stop));
            self.opener.stones(&board, rule, 1, 0, &limits)
        };
        let game = self.game.as_mut().expect("checked above");
        game.me = Some(Stone::Black);
        if points.len() != 1 || !place_in_turn(game, &points) {
            // An empty board always has room; keep playing rather than stall.
            self.play_own_move(1, out);
            return;
        }
        out(&points_line(&points));
    }

    /// Swap1's choice after the opponent's first stone: `SWAP` (we take
    /// Black and the opponent plays the second stone) or our move as White.
    pub(super) fn swap1_reply(&mut self, out: Out<'_>) {
        let Some(game) = &self.game else {
            return;
        };
        let board = game.board.clone();
        let start = Instant::now();
        let budget = self.time.budget_at(1);
        let limits = self.opening_limits(start, budget, DECISION_PERCENT);
        let rule = self.rule;
        let colour = {
            let _watchdog = Watchdog::start(budget.hard, Arc::clone(&self.stop));
            self.opener.choose_colour(&board, rule, &limits)
        };
        let game = self.game.as_mut().expect("checked above");
        if colour == Stone::Black {
            game.me = Some(Stone::Black);
            out("SWAP");
            return;
        }
        game.me = Some(Stone::White);
        let left = budget_after(budget, start.elapsed());
        self.play_own_move_within(1, left, out);
    }

    /// True when the move now asked of us is swap1's choice: the rule says
    /// swap1 and the board holds the opponent's first stone alone.
    pub(super) fn swap1_choice_due(&self) -> bool {
        self.opening_rule == OpeningRule::Swap1
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.board.stone_count() == 1 && g.me != Some(Stone::Black))
    }

    /// `YXBALANCEONE` (`count` 1) or `YXBALANCETWO` (2): stones for the
    /// position, alternating from the side to move, that leave it judged
    /// `score` for that side; played on our board and sent as a move.
    pub(super) fn balance(&mut self, count: usize, score: i32, out: Out<'_>) {
        let Some(game) = &self.game else {
            out("ERROR no game: send START first");
            return;
        };
        let Some(side) = game.board.side_to_move_by_count() else {
            out("ERROR the position has no side to move (too many stones of one colour)");
            return;
        };
        let free = game.board.points().filter(|p| game.board.is_empty_at(*p));
        if free.count() < count {
            out("ERROR the board has no room for the stones");
            return;
        }
        let board = game.board.clone();
        let target = if side == Stone::Black { score } else { -score };
        let start = Instant::now();
        let budget = self.time.budget_at(board.stone_count());
        let limits = self.opening_limits(start, budget, 100);
        let rule = self.rule;
        let points = {
            let _watchdog = Watchdog::start(budget.hard, Arc::clone(&self.stop));
            self.opener.stones(&board, rule, count, target, &limits)
        };
        let game = self.game.as_mut().expect("checked above");
        let mut trial = game.clone();
        if points.len() != count || !place_in_turn(&mut trial, &points) {
            out("ERROR no balanced stones found near the centre");
            return;
        }
        trial.me = Some(side);
        *game = trial;
        out(&points_line(&points));
    }

    /// The opening decision's limits: `percent` of the turn's soft budget
    /// from `start`, and the stop flag armed for this line.
    fn opening_limits(&self, start: Instant, budget: Budget, percent: u32) -> OpeningLimits {
        self.arm_stop();
        OpeningLimits {
            deadline: start + budget.soft * percent / 100,
            stop: Arc::clone(&self.stop),
        }
    }
}

/// What the engine answers to a `SWAP2BOARD`.
enum Swap2Answer {
    /// Take Black.
    Swap,
    /// Stay White and play the next move.
    Move,
    /// Place these stones (three to open, or the fourth and fifth).
    Place(Vec<Point>),
}

/// True when a stone of `field` fits the fields given before it, the
/// stones alternating Black, White from the first.
fn fields_agree(before: &[(Point, u8)], field: u8) -> bool {
    let i = before.len();
    before
        .iter()
        .enumerate()
        .filter(|(_, (_, f))| *f != 0)
        .all(|(j, (_, f))| (i % 2 == j % 2) == (*f == field))
}

/// Plays `points` on `game`'s board in turn from the side to move; false
/// (and `game` partly changed) if one is not free.
fn place_in_turn(game: &mut Game, points: &[Point]) -> bool {
    for &p in points {
        let Some(side) = game.board.side_to_move_by_count() else {
            return false;
        };
        if game.board.place(p, side).is_err() {
            return false;
        }
        if let Some(h) = &mut game.history {
            h.push(p);
        }
    }
    true
}

/// What is left of `budget` once `spent` has gone on the decision.
fn budget_after(budget: Budget, spent: Duration) -> Budget {
    let floor = Duration::from_millis(super::time::MIN_HARD_MS);
    let hard = budget.hard.saturating_sub(spent).max(floor);
    Budget {
        soft: budget.soft.saturating_sub(spent).max(floor / 2).min(hard),
        hard,
        use_all: budget.use_all,
    }
}
