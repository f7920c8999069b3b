//! The game model: settings, the move stack with multi-step undo and redo,
//! resignation and the result. The desktop app owns one; the engine only
//! ever sees copies of its position.

use super::{
    forbidden, parse_moves, point_name, print_moves, winning_line, Board, BoardError, Forbidden,
    NotationError, Point, Rule, Stone, ZOBRIST_SIDE,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Who plays whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// A person against the AI; `human` is the colour the person plays.
    VsAi {
        /// The person's colour. If White, the AI opens the game.
        human: Stone,
    },
    /// Two people taking turns at one computer.
    TwoPlayer,
}

impl Default for Mode {
    fn default() -> Mode {
        Mode::VsAi {
            human: Stone::Black,
        }
    }
}

/// Everything that defines a game before the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSettings {
    /// Board side, 15 to 20.
    pub size: u8,
    /// Which lines win.
    pub rule: Rule,
    /// Opponents.
    pub mode: Mode,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            size: super::STANDARD_SIZE,
            rule: Rule::Freestyle,
            mode: Mode::default(),
        }
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `winner` made a winning line; `line` holds its stones, end to end.
    Five {
        /// The winner.
        winner: Stone,
        /// The stones of the winning line.
        line: Vec<Point>,
    },
    /// `loser` resigned.
    Resigned {
        /// The side that resigned.
        loser: Stone,
    },
    /// The board filled up with no winner.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Five { winner, .. } => Some(*winner),
            Outcome::Resigned { loser } => Some(loser.opponent()),
            Outcome::Draw => None,
        }
    }
}

/// Whether the game goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// The game goes on; the side to move is [`GameModel::side_to_move`].
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

/// Why an action was refused. A refused action changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The point is off the board.
    #[error("that point is off the board")]
    OffBoard,
    /// The point already holds a stone.
    #[error("{0} is already occupied")]
    Occupied(String),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A person tried to move while the AI is to move.
    #[error("it is the AI's turn")]
    AiTurn,
    /// The AI's move arrived while a person is to move.
    #[error("it is not the AI's turn")]
    NotAiTurn,
    /// Nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// Nothing to redo.
    #[error("there is nothing to redo")]
    NothingToRedo,
    /// A settings value out of range (for example the board size).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A move list could not be read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// Under Renju, Black may not play there.
    #[error("{0}")]
    Forbidden(Forbidden),
    /// A move list played on after the game had ended.
    #[error("move {0} is played after the game had already ended")]
    MoveAfterEnd(usize),
}

/// A game: settings, the board, the moves played, the moves that can be
/// redone and the status.
///
/// Serialises as its settings, moves, redo stack and resignation; loading
/// replays and checks every move, so a tampered save is refused rather
/// than producing an impossible position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "SavedGame", try_from = "SavedGame")]
pub struct GameModel {
    settings: GameSettings,
    board: Board,
    moves: Vec<Point>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<Point>,
    status: Status,
}

impl GameModel {
    /// A new game on an empty board.
    ///
    /// # Errors
    /// [`GameError::Board`] if the board size is not supported.
    pub fn new(settings: GameSettings) -> Result<GameModel, GameError> {
        Ok(GameModel {
            settings,
            board: Board::new(settings.size)?,
            moves: Vec::new(),
            redo: Vec::new(),
            status: Status::Ongoing,
        })
    }

    /// A game with `moves` already played (Black first), each checked.
    ///
    /// # Errors
    /// The first illegal move: off the board, on an occupied point, or
    /// after the game had ended.
    pub fn from_moves(settings: GameSettings, moves: &[Point]) -> Result<GameModel, GameError> {
        let mut game = GameModel::new(settings)?;
        for (i, p) in moves.iter().enumerate() {
            if game.is_over() {
                return Err(GameError::MoveAfterEnd(i + 1));
            }
            game.apply(*p)?;
        }
        Ok(game)
    }

    /// A game from a position string such as `h8i9j7`.
    ///
    /// # Errors
    /// As [`GameModel::from_moves`], or a [`NotationError`].
    pub fn from_position_string(
        settings: GameSettings,
        text: &str,
    ) -> Result<GameModel, GameError> {
        let moves = parse_moves(text, settings.size)?;
        GameModel::from_moves(settings, &moves)
    }

    /// The moves so far as a position string.
    #[must_use]
    pub fn position_string(&self) -> String {
        print_moves(&self.moves, self.settings.size)
    }

    /// The settings the game was started with.
    #[must_use]
    pub fn settings(&self) -> GameSettings {
        self.settings
    }

    /// Board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.settings.size
    }

    /// The rule in force.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.settings.rule
    }

    /// Who plays whom.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.settings.mode
    }

    /// The current board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, in order (Black's first).
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// Moves that [`GameModel::redo`] would replay, the next one first.
    #[must_use]
    pub fn redo_moves(&self) -> Vec<Point> {
        self.redo.iter().rev().copied().collect()
    }

    /// Whether the game goes on.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.status {
            Status::Over(o) => Some(o),
            Status::Ongoing => None,
        }
    }

    /// True once the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.status, Status::Over(_))
    }

    /// The colour whose turn it is (after the game ends: the colour that
    /// would have moved next).
    #[must_use]
    pub fn side_to_move(&self) -> Stone {
        Stone::to_move_after(self.moves.len())
    }

    /// The colour the AI plays, in a game against the AI.
    #[must_use]
    pub fn ai_stone(&self) -> Option<Stone> {
        match self.settings.mode {
            Mode::VsAi { human } => Some(human.opponent()),
            Mode::TwoPlayer => None,
        }
    }

    /// True when the game goes on and the AI is to move.
    #[must_use]
    pub fn is_ai_turn(&self) -> bool {
        !self.is_over() && self.ai_stone() == Some(self.side_to_move())
    }

    /// True when the game goes on and a person is to move.
    #[must_use]
    pub fn is_human_turn(&self) -> bool {
        !self.is_over() && !self.is_ai_turn()
    }

    /// A hash of the position: the stones and the side to move.
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        match self.side_to_move() {
            Stone::Black => self.board.hash(),
            Stone::White => self.board.hash() ^ ZOBRIST_SIDE,
        }
    }

    /// A person plays at `p`.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::AiTurn`], [`GameError::OffBoard`]
    /// or [`GameError::Occupied`]; nothing changes.
    pub fn play(&mut self, p: Point) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.is_ai_turn() {
            return Err(GameError::AiTurn);
        }
        self.play_unchecked_turn(p)
    }

    /// The AI plays at `p`.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::NotAiTurn`],
    /// [`GameError::OffBoard`] or [`GameError::Occupied`]; nothing changes.
    pub fn play_ai(&mut self, p: Point) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.is_ai_turn() {
            return Err(GameError::NotAiTurn);
        }
        self.play_unchecked_turn(p)
    }

    fn play_unchecked_turn(&mut self, p: Point) -> Result<(), GameError> {
        self.apply(p)?;
        // Playing the move that redo would have played keeps the rest of
        // the redo line; any other move starts a new line.
        if self.redo.last() == Some(&p) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Places the next stone and updates the status. Redo is not touched.
    fn apply(&mut self, p: Point) -> Result<(), GameError> {
        if !self.board.contains(p) {
            return Err(GameError::OffBoard);
        }
        if self.board.get(p).is_some() {
            return Err(GameError::Occupied(point_name(p, self.size())));
        }
        let stone = self.side_to_move();
        if self.settings.rule.has_forbidden_moves() && stone == Stone::Black {
            if let Some(f) = forbidden(&self.board, p) {
                return Err(GameError::Forbidden(f));
            }
        }
        self.board.place(p, stone)?;
        self.moves.push(p);
        self.status = if let Some(line) = winning_line(&self.board, p, self.settings.rule) {
            Status::Over(Outcome::Five {
                winner: stone,
                line,
            })
        } else if self.board.is_full() {
            Status::Over(Outcome::Draw)
        } else {
            Status::Ongoing
        };
        Ok(())
    }

    fn pop(&mut self) -> Option<Point> {
        let p = self.moves.pop()?;
        self.board
            .remove(p)
            .expect("every played move has its stone on the board");
        self.status = Status::Ongoing;
        self.redo.push(p);
        Some(p)
    }

    /// Takes moves back. Two players: one move. Against the AI: back to
    /// the person's previous turn, which takes back the AI's reply and the
    /// person's move (or only the person's move while the AI is thinking);
    /// at the start of a game where the AI opened, the AI's opening move
    /// too, so undo reaches the empty board. After a resignation, undo
    /// only withdraws the resignation. Returns how many moves were taken
    /// back.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] on an empty board; nothing changes.
    pub fn undo(&mut self) -> Result<usize, GameError> {
        if let Status::Over(Outcome::Resigned { .. }) = self.status {
            self.status = Status::Ongoing;
            return Ok(0);
        }
        if self.moves.is_empty() {
            return Err(GameError::NothingToUndo);
        }
        let mut n = 0;
        while self.pop().is_some() {
            n += 1;
            match self.settings.mode {
                Mode::TwoPlayer => break,
                Mode::VsAi { human } => {
                    if self.moves.is_empty() || self.side_to_move() == human {
                        break;
                    }
                }
            }
        }
        Ok(n)
    }

    /// Replays moves taken back by [`GameModel::undo`]: one move for two
    /// players; against the AI, up to the person's next turn. Returns how
    /// many moves were replayed.
    ///
    /// # Errors
    /// [`GameError::NothingToRedo`] when there is nothing to redo or the
    /// game is over; nothing changes.
    pub fn redo(&mut self) -> Result<usize, GameError> {
        if self.redo.is_empty() || self.is_over() {
            return Err(GameError::NothingToRedo);
        }
        let mut n = 0;
        while let Some(p) = self.redo.pop() {
            self.apply(p)
                .expect("redo moves were legal when they were taken back");
            n += 1;
            let done = match self.settings.mode {
                Mode::TwoPlayer => true,
                Mode::VsAi { human } => self.side_to_move() == human,
            };
            if done || self.is_over() {
                break;
            }
        }
        Ok(n)
    }

    /// The side to move resigns: in a game against the AI, the person;
    /// with two players, whoever is to move.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn resign(&mut self) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let loser = match self.settings.mode {
            Mode::VsAi { human } => human,
            Mode::TwoPlayer => self.side_to_move(),
        };
        self.status = Status::Over(Outcome::Resigned { loser });
        Ok(())
    }

    /// Starts again with the same settings.
    pub fn restart(&mut self) {
        *self = GameModel::new(self.settings).expect("settings were valid when the game began");
    }
}

/// The saved form of a game: enough to rebuild it, move by move.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SavedGame {
    settings: GameSettings,
    /// Position string of the moves played.
    moves: String,
    /// Position string of the redo line, the next move first.
    #[serde(default)]
    redo: String,
    /// Who resigned, if someone did.
    #[serde(default)]
    resigned: Option<Stone>,
}

impl From<GameModel> for SavedGame {
    fn from(g: GameModel) -> SavedGame {
        let resigned = match g.status {
            Status::Over(Outcome::Resigned { loser }) => Some(loser),
            _ => None,
        };
        SavedGame {
            moves: g.position_string(),
            redo: print_moves(&g.redo_moves(), g.settings.size),
            settings: g.settings,
            resigned,
        }
    }
}

impl TryFrom<SavedGame> for GameModel {
    type Error = GameError;

    fn try_from(s: SavedGame) -> Result<GameModel, GameError> {
        let mut game = GameModel::from_position_string(s.settings, &s.moves)?;
        let redo = parse_moves(&s.redo, s.settings.size)?;
        // The redo line must be playable from here, or a later redo would
        // fail; check it on a copy.
        let mut probe = game.clone();
        for (i, p) in redo.iter().enumerate() {
            if probe.is_over() {
                return Err(GameError::MoveAfterEnd(game.moves.len() + i + 1));
            }
            probe.apply(*p)?;
        }
        game.redo = redo.into_iter().rev().collect();
        if let Some(loser) = s.resigned {
            if game.is_over() {
                return Err(GameError::GameOver);
            }
            game.status = Status::Over(Outcome::Resigned { loser });
        }
        Ok(game)
    }
}
