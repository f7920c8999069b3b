//! What the library knows of one position, as the explorer shows it: in
//! the orientation of the board it was asked about.

use crate::rules::{Board, GameModel, Marks, Point, Rule, Stone};

/// A position to look up or write: the stones, who moves, the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// The side to move.
    pub to_move: Stone,
    /// The rule the position is played under.
    pub rule: Rule,
}

impl Position {
    /// The position a game shows.
    #[must_use]
    pub fn of_game(game: &GameModel) -> Position {
        Position {
            board: game.board().clone(),
            to_move: game.side_to_move(),
            rule: game.rule(),
        }
    }

    /// The position after `p` is played by the side to move (no rule is
    /// checked: the library only records what was played).
    ///
    /// # Errors
    /// When `p` is off the board or taken.
    pub fn after(&self, p: Point) -> Result<Position, crate::rules::BoardError> {
        let mut board = self.board.clone();
        board.place(p, self.to_move)?;
        Ok(Position {
            board,
            to_move: self.to_move.opponent(),
            rule: self.rule,
        })
    }
}

/// How games through a position or a move ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Results {
    /// Games Black won.
    pub black: u64,
    /// Games White won.
    pub white: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Results {
    /// Games with a known result.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.black + self.white + self.draws
    }

    /// The counts one game with `result` adds.
    #[must_use]
    pub fn of(result: GameResult) -> Results {
        match result {
            GameResult::Black => Results {
                black: 1,
                ..Results::default()
            },
            GameResult::White => Results {
                white: 1,
                ..Results::default()
            },
            GameResult::Draw => Results {
                draws: 1,
                ..Results::default()
            },
            GameResult::Unknown => Results::default(),
        }
    }
}

/// How one imported or played game ended, as far as its record says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    Black,
    /// White won.
    White,
    /// A draw.
    Draw,
    /// Not known (a study tree, a record without a result): the moves
    /// count as seen, no result is added.
    Unknown,
}

impl GameResult {
    /// The result of a winner (`None`: a draw).
    #[must_use]
    pub fn of_winner(winner: Option<Stone>) -> GameResult {
        match winner {
            Some(Stone::Black) => GameResult::Black,
            Some(Stone::White) => GameResult::White,
            None => GameResult::Draw,
        }
    }
}

/// An engine's judgement of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Which engine: `""` for the built-in one, else the engine's name.
    pub engine: String,
    /// The depth searched.
    pub depth: u32,
    /// The score from the side to move's point of view, in the engine's
    /// units (`crate::engine::Score`: 1000 reads "+1.0").
    pub score: i32,
    /// The best line from the position.
    pub line: Vec<Point>,
    /// When, in seconds since 1970 (UTC).
    pub date: i64,
}

/// A move seen from a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveStat {
    /// The move, on the board asked about.
    pub mv: Point,
    /// How many games and study trees played it here.
    pub seen: u64,
    /// How the games that played it ended.
    pub results: Results,
    /// The best engine verdict on the position after it, turned to the
    /// point of view of the side playing the move; `None` if never judged.
    pub score: Option<i32>,
    /// The depth of that verdict.
    pub depth: Option<u32>,
    /// The position after it has a comment.
    pub commented: bool,
}

/// Everything the library holds on a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    /// The player's comment.
    pub comment: String,
    /// Labels (on the board asked about), the mark, the start flag.
    pub marks: Marks,
    /// How the games through it ended.
    pub results: Results,
    /// Engine verdicts, deepest first.
    pub verdicts: Vec<Verdict>,
    /// The moves seen from it, most seen first.
    pub moves: Vec<MoveStat>,
}

impl Entry {
    /// True when the library knows nothing of the position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.comment.is_empty()
            && self.marks.is_empty()
            && self.results.total() == 0
            && self.verdicts.is_empty()
            && self.moves.is_empty()
    }
}
