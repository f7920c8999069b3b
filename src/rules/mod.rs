//! The rules of the game and everything a position is made of: stones,
//! points, the board, win detection, text formats and the game model.
//!
//! Nothing in here knows about the engine or the user interface.

mod board;
pub mod clock;
mod marks;
mod model;
mod notation;
pub mod opening;
mod point;
pub mod renju;
mod rule;
mod stone;
mod symmetry;
mod tree;
mod zobrist;

pub use board::{Board, BoardError, MAX_SIZE, MIN_SIZE, STANDARD_SIZE};
pub use clock::{ClockEvent, GameClock, TimeControl};
pub use marks::Marks;
pub use model::{GameError, GameModel, GameSettings, Outcome, Status};
pub use notation::{
    parse_ascii, parse_moves, parse_point, point_name, print_ascii, print_moves, NotationError,
};
pub use point::{Direction, Point, DIRECTIONS};
pub use renju::{forbidden, Forbidden};
pub use rule::{any_winning_line, winning_line, Rule};
pub use stone::Stone;
pub use symmetry::Symmetry;
pub use tree::{GameTree, Node};
pub use zobrist::{zobrist_key, ZOBRIST_SIDE};
