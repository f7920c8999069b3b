//! The game model: settings, the game tree with a cursor on the shown
//! position, stepping along the line (multi-step undo and redo),
//! variations, resignation and the result. The desktop app owns one; the
//! engine only ever sees copies of its position.

use super::{
    any_winning_line, forbidden, parse_moves, point_name, print_moves, winning_line, Board,
    BoardError, Forbidden, GameTree, Node, NotationError, Point, Rule, Stone, ZOBRIST_SIDE,
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Everything that defines a game before the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSettings {
    /// Board side, 15 to 20.
    pub size: u8,
    /// Which lines win.
    pub rule: Rule,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            size: super::STANDARD_SIZE,
            rule: Rule::Freestyle,
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
    /// `loser` ran out of time (see [`super::clock`]).
    OnTime {
        /// The side whose clock fell.
        loser: Stone,
    },
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Five { winner, .. } => Some(*winner),
            Outcome::Resigned { loser } | Outcome::OnTime { loser } => Some(loser.opponent()),
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
    /// A set-up position already holds a winning line.
    #[error("the position already has five in a row at {0}")]
    FiveInSetup(String),
    /// A set-up board of another size than the game's.
    #[error("the set-up board is {found}x{found}, the game's is {expected}x{expected}")]
    SetupSize {
        /// The game's board side.
        expected: u8,
        /// The set-up board's side.
        found: u8,
    },
    /// Promoting or deleting a variation on the main line.
    #[error("the shown position is on the main line, not in a variation")]
    NotAVariation,
    /// A path that leads to no node of the game tree.
    #[error("there is no such position in the game")]
    NoSuchPosition,
}

/// A game: settings, the tree of every line played from the starting
/// position, the position shown (a cursor in the tree) and its status.
///
/// [`GameModel::moves`] is the path from the start to the shown position
/// and [`GameModel::redo_moves`] the continuation of the current line
/// after it; undo and redo step along that line, and a move that differs
/// from the line's next one starts a variation, so nothing played is lost.
///
/// Serialises as its settings, the set-up, every node of the tree and the
/// cursor; loading replays and checks every move, so a tampered save is
/// refused rather than producing an impossible position. Saves from
/// before the tree (moves and a redo line) still load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "SavedGame", try_from = "SavedGame")]
pub struct GameModel {
    settings: GameSettings,
    /// Boxed: the model travels by value in messages to the saver.
    tree: Box<GameTree>,
    /// Child indices from the root to the shown position.
    path: Vec<usize>,
    /// The shown position's stones.
    board: Board,
    /// The moves along `path`, kept beside it for [`GameModel::moves`].
    moves: Vec<Point>,
    status: Status,
}

impl GameModel {
    /// A new game on an empty board.
    ///
    /// # Errors
    /// [`GameError::Board`] if the board size is not supported.
    pub fn new(settings: GameSettings) -> Result<GameModel, GameError> {
        let board = Board::new(settings.size)?;
        Ok(GameModel {
            settings,
            tree: Box::new(GameTree::new(board.clone(), Stone::Black)),
            path: Vec::new(),
            board,
            moves: Vec::new(),
            status: Status::Ongoing,
        })
    }

    /// A game that starts from stones placed freely, with `to_move` to
    /// play first. Points where Renju forbids Black to play are allowed
    /// (the editor flags them); a winning line is not.
    ///
    /// # Errors
    /// [`GameError::Board`] for an unsupported size,
    /// [`GameError::SetupSize`] if `stones` is not the size in `settings`,
    /// [`GameError::FiveInSetup`] if the stones already hold a winning line
    /// under the game's rule.
    pub fn from_setup(
        settings: GameSettings,
        stones: &Board,
        to_move: Stone,
    ) -> Result<GameModel, GameError> {
        let mut game = GameModel::new(settings)?;
        if stones.size() != settings.size {
            return Err(GameError::SetupSize {
                expected: settings.size,
                found: stones.size(),
            });
        }
        if let Some(line) = any_winning_line(stones, settings.rule) {
            let at = line
                .first()
                .map_or(String::new(), |p| point_name(*p, settings.size));
            return Err(GameError::FiveInSetup(at));
        }
        game.tree = Box::new(GameTree::new(stones.clone(), to_move));
        game.board = stones.clone();
        game.status = game.compute_status();
        Ok(game)
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
            game.advance(*p)?;
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

    /// The moves to the shown position as a position string (set-up
    /// stones are not part of it).
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

    /// The shown position's board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every line played, with the starting position.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The shown position's place in [`GameModel::tree`]: the child index
    /// taken at each step from the root.
    #[must_use]
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// The shown position's node (its comment, resignation and the moves
    /// tried from it).
    #[must_use]
    pub fn current_node(&self) -> &Node {
        self.tree
            .node(&self.path)
            .expect("the cursor always points at a node")
    }

    /// True when the game starts from a set-up position rather than the
    /// empty board with Black to move.
    #[must_use]
    pub fn has_setup(&self) -> bool {
        self.tree.has_setup()
    }

    /// The colour of the `i`-th move (0-based) of any line.
    #[must_use]
    pub fn stone_of_move(&self, i: usize) -> Stone {
        let first = self.tree.first_to_move();
        if i.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    /// The moves from the starting position to the shown one, in order.
    #[must_use]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The last move played to reach the shown position, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The continuation of the current line after the shown position, the
    /// next move first (what [`GameModel::redo`] replays).
    #[must_use]
    pub fn redo_moves(&self) -> Vec<Point> {
        let mut node = self.current_node();
        let mut out = Vec::new();
        for i in self.tree.line_after(&self.path) {
            node = &node.children()[i];
            out.extend(node.mv());
        }
        out
    }

    /// True when the shown position ends its line (nothing to redo).
    #[must_use]
    pub fn at_line_end(&self) -> bool {
        self.current_node().children().is_empty()
    }

    /// The comment on the shown position.
    #[must_use]
    pub fn comment(&self) -> &str {
        &self.current_node().comment
    }

    /// Replaces the comment on the shown position.
    pub fn set_comment(&mut self, text: &str) {
        if let Some(n) = self.tree.node_mut(&self.path) {
            n.comment = text.to_string();
        }
    }

    /// Whether the game goes on in the shown position.
    #[must_use]
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// How the game ended in the shown position, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.status {
            Status::Over(o) => Some(o),
            Status::Ongoing => None,
        }
    }

    /// True once the game has ended in the shown position.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.status, Status::Over(_))
    }

    /// The colour whose turn it is (after the game ends: the colour that
    /// would have moved next).
    #[must_use]
    pub fn side_to_move(&self) -> Stone {
        self.stone_of_move(self.moves.len())
    }

    /// A hash of the position: the stones and the side to move.
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        match self.side_to_move() {
            Stone::Black => self.board.hash(),
            Stone::White => self.board.hash() ^ ZOBRIST_SIDE,
        }
    }

    /// Plays `p` for the side to move: along the line if it is the
    /// line's next move, else as a new variation. Who may move (a person
    /// or an engine) is the caller's business, not the game's.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::OffBoard`],
    /// [`GameError::Occupied`] or [`GameError::Forbidden`]; nothing changes.
    pub fn play(&mut self, p: Point) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.advance(p)
    }

    /// Checks `p`, then follows the child that plays it or adds one.
    fn advance(&mut self, p: Point) -> Result<(), GameError> {
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
        let index = self
            .tree
            .add_or_follow(&self.path, p)
            .expect("the cursor always points at a node");
        self.board.place(p, stone)?;
        self.path.push(index);
        self.moves.push(p);
        self.status = self.compute_status();
        Ok(())
    }

    /// The status of the shown position: a five made by the last move, a
    /// full board, or a resignation recorded there.
    fn compute_status(&self) -> Status {
        if let Some(&p) = self.moves.last() {
            if let Some(line) = winning_line(&self.board, p, self.settings.rule) {
                let winner = self.board.get(p).expect("the last move's stone");
                return Status::Over(Outcome::Five { winner, line });
            }
        }
        if self.board.is_full() {
            return Status::Over(Outcome::Draw);
        }
        let node = self.current_node();
        match (node.resigned, node.flagged) {
            (Some(loser), _) => Status::Over(Outcome::Resigned { loser }),
            (None, Some(loser)) => Status::Over(Outcome::OnTime { loser }),
            (None, None) => Status::Ongoing,
        }
    }

    /// One step back towards the start; the line is kept for redo.
    fn step_back(&mut self) -> Option<Point> {
        let p = self.moves.pop()?;
        self.path.pop();
        self.board
            .remove(p)
            .expect("every played move has its stone on the board");
        self.status = self.compute_status();
        Some(p)
    }

    /// One step forward along the current line, unless the game is over.
    fn step_forward(&mut self) -> Option<Point> {
        if self.is_over() {
            return None;
        }
        let node = self.current_node();
        let index = node.selected();
        let p = node.children().get(index)?.mv()?;
        self.board.place(p, self.side_to_move()).ok()?;
        self.path.push(index);
        self.moves.push(p);
        self.status = self.compute_status();
        Some(p)
    }

    /// One move back (after a resignation, only withdraws it). The moves
    /// stepped over stay in the tree as the line [`GameModel::redo`]
    /// replays. Returns how many moves were stepped back (0 or 1). Taking
    /// back a whole turn against an engine is [`crate::play::Table::undo`].
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`] at the start; nothing changes.
    pub fn undo(&mut self) -> Result<usize, GameError> {
        if self.withdraw_resignation() {
            return Ok(0);
        }
        self.step_back().map(|_| 1).ok_or(GameError::NothingToUndo)
    }

    /// Withdraws a resignation recorded in the shown position; false if
    /// there was none.
    pub fn withdraw_resignation(&mut self) -> bool {
        if let Status::Over(Outcome::Resigned { .. } | Outcome::OnTime { .. }) = self.status {
            if let Some(n) = self.tree.node_mut(&self.path) {
                n.resigned = None;
                n.flagged = None;
            }
            self.status = self.compute_status();
            return true;
        }
        false
    }

    /// One move forward along the current line. Returns how many moves
    /// were replayed (1).
    ///
    /// # Errors
    /// [`GameError::NothingToRedo`] at the end of the line or when the
    /// game is over; nothing changes.
    pub fn redo(&mut self) -> Result<usize, GameError> {
        if self.at_line_end() || self.is_over() {
            return Err(GameError::NothingToRedo);
        }
        self.step_forward()
            .map(|_| 1)
            .ok_or(GameError::NothingToRedo)
    }

    /// Shows the position after `ply` moves of the current line (0 is the
    /// start, `moves().len() + redo_moves().len()` its end).
    ///
    /// # Errors
    /// [`GameError::NoSuchPosition`] past the end of the line; nothing
    /// changes.
    pub fn goto(&mut self, ply: usize) -> Result<(), GameError> {
        if ply > self.moves.len() + self.tree.line_after(&self.path).len() {
            return Err(GameError::NoSuchPosition);
        }
        while self.moves.len() > ply {
            self.step_back();
        }
        while self.moves.len() < ply && self.step_forward().is_some() {}
        Ok(())
    }

    /// Shows the starting position; the line is kept for redo.
    pub fn to_start(&mut self) {
        while self.step_back().is_some() {}
    }

    /// Shows the end of the current line.
    pub fn to_end(&mut self) {
        while self.step_forward().is_some() {}
    }

    /// Shows the node at `path` (see [`GameModel::path`]) and makes the
    /// line through it the current one.
    ///
    /// # Errors
    /// [`GameError::NoSuchPosition`] if the tree has no such node; nothing
    /// changes.
    pub fn goto_node(&mut self, path: &[usize]) -> Result<(), GameError> {
        let moves = self.tree.moves_to(path).ok_or(GameError::NoSuchPosition)?;
        let mut board = self.tree.start().clone();
        for (i, &p) in moves.iter().enumerate() {
            board.place(p, self.stone_of_move(i))?;
        }
        self.tree.select_path(path);
        self.board = board;
        self.path = path.to_vec();
        self.moves = moves;
        self.status = self.compute_status();
        Ok(())
    }

    /// Makes the variation holding the shown position the main line at
    /// its fork (the nearest point where it leaves the main line). The
    /// same position stays shown.
    ///
    /// # Errors
    /// [`GameError::NotAVariation`] on the main line; nothing changes.
    pub fn promote_variation(&mut self) -> Result<(), GameError> {
        let path = self
            .tree
            .promote(&self.path)
            .ok_or(GameError::NotAVariation)?;
        self.tree.select_path(&path);
        self.path = path;
        Ok(())
    }

    /// Deletes the variation holding the shown position, from its fork
    /// down, and shows the fork.
    ///
    /// # Errors
    /// [`GameError::NotAVariation`] on the main line; nothing changes.
    pub fn delete_variation(&mut self) -> Result<(), GameError> {
        let fork = self
            .tree
            .delete_branch(&self.path)
            .ok_or(GameError::NotAVariation)?;
        self.goto_node(&fork)
    }

    /// `loser` resigns in the shown position (any side: against an
    /// engine a person may resign while the engine is to move).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, loser: Stone) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if let Some(n) = self.tree.node_mut(&self.path) {
            n.resigned = Some(loser);
        }
        self.status = Status::Over(Outcome::Resigned { loser });
        Ok(())
    }

    /// `loser`'s clock fell in the shown position: the game is over, as
    /// after a resignation (and an undo takes it back the same way).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn flag(&mut self, loser: Stone) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if let Some(n) = self.tree.node_mut(&self.path) {
            n.flagged = Some(loser);
        }
        self.status = Status::Over(Outcome::OnTime { loser });
        Ok(())
    }

    /// Starts again from the same starting position with the same
    /// settings, with no moves.
    pub fn restart(&mut self) {
        let start = self.tree.start().clone();
        let first = self.tree.first_to_move();
        *self = GameModel::from_setup(self.settings, &start, first)
            .expect("the set-up was valid when the game began");
    }
}

/// The saved form of a game: enough to rebuild it, move by move.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SavedGame {
    settings: GameSettings,
    /// Position string of the moves to the shown position (all that
    /// versions before the game tree read).
    moves: String,
    /// Position string of the line after it, the next move first.
    #[serde(default)]
    redo: String,
    /// Who resigned in the shown position, if someone did.
    #[serde(default)]
    resigned: Option<Stone>,
    /// The whole tree; absent in saves from before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tree: Option<SavedTree>,
}

/// The game tree, flat (parents before children) so that a long game
/// does not nest deeper than a JSON reader allows.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SavedTree {
    /// Position string of the set-up's black stones.
    #[serde(default)]
    black: String,
    /// Position string of the set-up's white stones.
    #[serde(default)]
    white: String,
    /// The side to move in the starting position.
    first: Stone,
    /// The root first; every other node after its parent.
    nodes: Vec<SavedNode>,
    /// Child indices from the root to the shown position.
    cursor: Vec<usize>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct SavedNode {
    /// Index of the parent in `nodes` (ignored for the root).
    parent: usize,
    /// The move as a point name (empty for the root).
    mv: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    comment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resigned: Option<Stone>,
    /// Who lost on time there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flagged: Option<Stone>,
    /// The child the current line goes on with.
    #[serde(default)]
    selected: usize,
}

impl From<GameModel> for SavedGame {
    fn from(g: GameModel) -> SavedGame {
        let size = g.size();
        let start = g.tree.start();
        let stones_of = |s: Stone| {
            let points: Vec<Point> = start
                .stones()
                .filter(|(_, c)| *c == s)
                .map(|(p, _)| p)
                .collect();
            print_moves(&points, size)
        };
        let paths = g.tree.paths();
        let index: std::collections::HashMap<&[usize], usize> = paths
            .iter()
            .enumerate()
            .map(|(i, p)| (p.as_slice(), i))
            .collect();
        let nodes = paths
            .iter()
            .map(|path| {
                let node = g.tree.node(path).expect("paths lead to nodes");
                SavedNode {
                    parent: path.split_last().map_or(0, |(_, parent)| index[parent]),
                    mv: node.mv().map_or(String::new(), |p| point_name(p, size)),
                    comment: node.comment.clone(),
                    resigned: node.resigned,
                    flagged: node.flagged,
                    selected: node.selected(),
                }
            })
            .collect();
        let tree = SavedTree {
            black: stones_of(Stone::Black),
            white: stones_of(Stone::White),
            first: g.tree.first_to_move(),
            nodes,
            cursor: g.path.clone(),
        };
        let resigned = match g.status {
            Status::Over(Outcome::Resigned { loser }) => Some(loser),
            _ => None,
        };
        SavedGame {
            moves: g.position_string(),
            redo: print_moves(&g.redo_moves(), size),
            settings: g.settings,
            resigned,
            tree: Some(tree),
        }
    }
}

impl TryFrom<SavedGame> for GameModel {
    type Error = GameError;

    fn try_from(s: SavedGame) -> Result<GameModel, GameError> {
        match &s.tree {
            Some(tree) => {
                let game = from_saved_tree(s.settings, tree)?;
                // The two forms are written together; if they disagree,
                // the file was edited and neither can be trusted.
                if parse_moves(&s.moves, s.settings.size)? != game.moves {
                    return Err(GameError::NoSuchPosition);
                }
                Ok(game)
            }
            None => from_saved_line(&s),
        }
    }
}

/// A save from before the game tree: one line, shown part way along.
fn from_saved_line(s: &SavedGame) -> Result<GameModel, GameError> {
    let mut game = GameModel::from_position_string(s.settings, &s.moves)?;
    let shown = game.moves.len();
    for (i, p) in parse_moves(&s.redo, s.settings.size)?
        .into_iter()
        .enumerate()
    {
        if game.is_over() {
            return Err(GameError::MoveAfterEnd(shown + i + 1));
        }
        game.advance(p)?;
    }
    game.goto(shown)?;
    if let Some(loser) = s.resigned {
        if game.is_over() {
            return Err(GameError::GameOver);
        }
        game.tree
            .node_mut(&game.path.clone())
            .expect("cursor")
            .resigned = Some(loser);
        game.status = game.compute_status();
    }
    Ok(game)
}

/// A save with the whole tree: every node replayed and checked.
fn from_saved_tree(settings: GameSettings, t: &SavedTree) -> Result<GameModel, GameError> {
    let size = settings.size;
    let mut start = Board::new(size)?;
    for (text, stone) in [(&t.black, Stone::Black), (&t.white, Stone::White)] {
        for p in parse_moves(text, size)? {
            start.place(p, stone)?;
        }
    }
    let mut game = GameModel::from_setup(settings, &start, t.first)?;
    let mut paths: Vec<Vec<usize>> = vec![Vec::new()];
    for (i, node) in t.nodes.iter().enumerate().skip(1) {
        let parent = paths
            .get(node.parent)
            .filter(|_| node.parent < i)
            .ok_or(GameError::NoSuchPosition)?
            .clone();
        if game.path != parent {
            game.goto_node(&parent)?;
        }
        if game.is_over() {
            return Err(GameError::MoveAfterEnd(parent.len() + 1));
        }
        let p = super::parse_point(&node.mv, size)?;
        game.advance(p)?;
        paths.push(game.path.clone());
    }
    for (node, path) in t.nodes.iter().zip(&paths) {
        let n = game.tree.node_mut(path).expect("just built");
        n.comment.clone_from(&node.comment);
        n.resigned = node.resigned;
        n.flagged = node.flagged;
    }
    for (node, path) in t.nodes.iter().zip(&paths) {
        game.tree.select_child(path, node.selected);
    }
    game.goto_node(&t.cursor)?;
    Ok(game)
}
