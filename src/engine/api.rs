//! The types that cross the engine's boundary.

use crate::rules::{Board, GameModel, Point, Rule, Stone};
use std::fmt;
use std::time::Duration;

/// What the engine is asked to look at: the stones, whose turn it is and
/// the rule. A copy, so the caller's game is never shared with a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// The side the engine moves for.
    pub to_move: Stone,
    /// Which lines win.
    pub rule: Rule,
    /// The moves that led here, oldest first, when known (empty when the
    /// position came from a diagram or a protocol `BOARD`).
    pub history: Vec<Point>,
}

impl Position {
    /// The position of a game in progress.
    #[must_use]
    pub fn from_game(game: &GameModel) -> Position {
        Position {
            board: game.board().clone(),
            to_move: game.side_to_move(),
            rule: game.rule(),
            history: game.moves().to_vec(),
        }
    }

    /// The position after `moves` (Black first) on an empty board of side
    /// `size`, with no check for a finished game: the bench and the attack
    /// set hold such move lists.
    ///
    /// # Errors
    /// An unsupported size, or the first move that is off the board or on
    /// a stone, with its 1-based number.
    pub fn from_moves(size: u8, rule: Rule, moves: &[Point]) -> Result<Position, String> {
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        for (i, &p) in moves.iter().enumerate() {
            board
                .place(p, Stone::to_move_after(i))
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(Position {
            board,
            to_move: Stone::to_move_after(moves.len()),
            rule,
            history: moves.to_vec(),
        })
    }

    /// A position from a board, with the side to move counted from the
    /// stones (Black when the counts are equal).
    #[must_use]
    pub fn from_board(board: Board, rule: Rule) -> Position {
        let to_move = board.side_to_move_by_count().unwrap_or(Stone::Black);
        Position {
            board,
            to_move,
            rule,
            history: Vec::new(),
        }
    }
}

/// When a search must stop. Unset limits do not apply; with none set the
/// search runs until its stop flag is raised or it has proved a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Target thinking time: no new iteration starts after it, and an
    /// iteration in progress may run on toward `hard_time` only while the
    /// best move is unsettled.
    pub soft_time: Option<Duration>,
    /// Absolute deadline: the search returns by then, whatever it is doing.
    pub hard_time: Option<Duration>,
    /// Deepest nominal depth in plies.
    pub depth: Option<u32>,
    /// Node budget of the main search thread (helper threads stop with
    /// it, so a search with more threads visits more nodes in all).
    pub nodes: Option<u64>,
    /// Time not used is lost (a turn limit with no game clock): keep
    /// deepening until `soft_time` instead of stopping once the next
    /// iteration looks unlikely to finish; an unfinished iteration still
    /// informs the move through the root moves it did search.
    pub use_all: bool,
    /// Search with the alpha-beta tree alone: no VCF or VCT solver at the
    /// root, inside the tree or in the final safety check. For tests that
    /// must exercise the tree; a five to make now is still played at once.
    pub tree_only: bool,
}

impl Limits {
    /// Limits of `soft` thinking time, with a hard stop at twice that.
    #[must_use]
    pub fn time(soft: Duration) -> Limits {
        Limits {
            soft_time: Some(soft),
            hard_time: Some(soft * 2),
            ..Limits::default()
        }
    }

    /// A fixed depth and nothing else: deterministic, for tests and benches.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

/// How a search is run: its limits and how much variety to allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchParams {
    /// When to stop.
    pub limits: Limits,
    /// Moves scoring within this many evaluation units of the best may be
    /// chosen at random, so games vary; 0 always plays the best move. A
    /// move that wins, or is forced, is never traded for variety.
    pub variety: i32,
    /// Seed for the random choice; `None` draws one from the system.
    pub seed: Option<u64>,
    /// Search threads (lazy SMP over a shared transposition table); 0 and
    /// 1 both mean one. More threads make the search nondeterministic.
    pub threads: usize,
    /// How many best moves to rank with their own scores and lines
    /// (multi-PV, for analysis); 0 and 1 both mean only the best.
    pub multipv: usize,
    /// Play from the opening book ([`super::book`]) while the position is
    /// in it, without searching (one best move only; a forced win found
    /// by the threat solvers still comes first).
    pub book: bool,
    /// Choose as a person new to the game would, with one look at the
    /// board instead of a search (the lowest levels; see
    /// [`super::persona`]).
    pub persona: Option<super::persona::Persona>,
    /// Which evaluation the search uses at its leaves.
    pub eval: Evaluator,
}

/// The static evaluation a search uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Evaluator {
    /// The learned shape values and threat table ([`super::eval`]).
    #[default]
    Classical,
    /// The neural network ([`super::eval::nn`]) where it was trained
    /// (freestyle on 15 × 15), the classical evaluation elsewhere.
    Network,
}

impl Evaluator {
    /// Whether the network evaluates positions of `rule` on a board of
    /// side `size` under this choice.
    #[must_use]
    pub fn uses_network(self, rule: crate::rules::Rule, size: u8) -> bool {
        self == Evaluator::Network && rule == crate::rules::Rule::Freestyle && size == 15
    }
}

impl std::str::FromStr for Evaluator {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "classical" => Ok(Evaluator::Classical),
            "network" | "nn" | "neural" => Ok(Evaluator::Network),
            _ => Err(format!("unknown evaluation {s:?}: classical or network")),
        }
    }
}

/// A search score from the side to move's point of view, in evaluation
/// units (1000 units read as "+1.0" to people), or a proven win or loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of winning right now (a five on the board); a win in `n`
    /// plies scores `MATE - n`.
    pub const MATE: i32 = 1_000_000;
    /// Scores at or beyond this magnitude are proven wins or losses.
    pub const MATE_BOUND: i32 = Score::MATE - 1_000;

    /// A win `plies` plies from now.
    #[must_use]
    pub fn win_in(plies: u32) -> Score {
        Score(Score::MATE - plies as i32)
    }

    /// A loss `plies` plies from now.
    #[must_use]
    pub fn loss_in(plies: u32) -> Score {
        Score(-Score::MATE + plies as i32)
    }

    /// For a proven result: the number of the side to move's own moves
    /// until the five (positive: it wins; negative: it loses).
    #[must_use]
    pub fn mate_moves(self) -> Option<i32> {
        if self.0 >= Score::MATE_BOUND {
            let plies = Score::MATE - self.0;
            Some((plies + 1) / 2)
        } else if self.0 <= -Score::MATE_BOUND {
            let plies = Score::MATE + self.0;
            Some(-((plies + 1) / 2))
        } else {
            None
        }
    }

    /// The score in words, for people: "Black wins in 3", "White +0.8",
    /// "even". `to_move` is the side the score is for.
    #[must_use]
    pub fn describe(self, to_move: Stone) -> String {
        match self.mate_moves() {
            Some(n) if n > 0 => format!("{to_move} wins in {n}"),
            Some(n) => format!("{} wins in {}", to_move.opponent(), -n),
            None => {
                let pawns = f64::from(self.0) / 1000.0;
                if pawns.abs() < 0.05 {
                    "even".to_string()
                } else if pawns > 0.0 {
                    format!("{to_move} +{pawns:.1}")
                } else {
                    format!("{} +{:.1}", to_move.opponent(), -pawns)
                }
            }
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(n) => write!(f, "mate {n}"),
            None => write!(f, "{}", self.0),
        }
    }
}

/// One of the best moves of a position with its own score and line: an
/// entry of the multi-PV list shown in analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Point,
    /// Its score for the side to move.
    pub score: Score,
    /// Nominal depth its score comes from.
    pub depth: u32,
    /// Its line, the move itself first.
    pub pv: Vec<Point>,
}

/// Progress of a search, sent after each completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth completed, in plies.
    pub depth: u32,
    /// Deepest ply reached (threat extensions included).
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Principal variation, the best move first.
    pub pv: Vec<Point>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The best moves, best first, as many as
    /// [`SearchParams::multipv`] asked for (fewer when the position has
    /// fewer sensible moves); the first matches `score` and `pv`.
    pub candidates: Vec<Candidate>,
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the board is full.
    pub best: Option<Point>,
    /// Score for the side to move.
    pub score: Score,
    /// Nominal depth completed.
    pub depth: u32,
    /// Principal variation, the best move first.
    pub pv: Vec<Point>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The best moves, best first, as in [`SearchInfo::candidates`].
    pub candidates: Vec<Candidate>,
}

/// The candidate list of a search that ranked only its best move: that
/// move with `score` and `pv`, or nothing when `pv` is empty.
#[must_use]
pub fn single_candidate(score: Score, depth: u32, pv: &[Point]) -> Vec<Candidate> {
    pv.first()
        .map(|&mv| Candidate {
            mv,
            score,
            depth,
            pv: pv.to_vec(),
        })
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_own_moves() {
        assert_eq!(Score::win_in(1).mate_moves(), Some(1));
        assert_eq!(Score::win_in(5).mate_moves(), Some(3));
        assert_eq!(Score::loss_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::loss_in(4).mate_moves(), Some(-2));
        assert_eq!(Score(1234).mate_moves(), None);
        assert_eq!(Score::win_in(5).describe(Stone::Black), "Black wins in 3");
        assert_eq!(Score::loss_in(2).describe(Stone::Black), "White wins in 1");
        assert_eq!(Score(800).describe(Stone::White), "White +0.8");
        assert_eq!(Score(-800).describe(Stone::White), "Black +0.8");
        assert_eq!(Score(10).describe(Stone::White), "even");
    }
}
