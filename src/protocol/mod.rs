//! The Gomocup ("pbrain") engine protocol, engine side: managers such as
//! Piskvork and command-line match runners talk to `pbrain-gomoku` through
//! it, one command a line on standard input and output, points as 0-based
//! `x,y`. The Yixin protocol's extensions, which Yixin Board uses to
//! analyse positions, are spoken too (`docs/protocol.md`).
//!
//! - [`command`]: a line into a typed [`Command`] or a [`ParseError`].
//! - [`session`]: the state machine that answers each line.
//! - [`time`]: the manager's clock into search limits with a safety margin.
//! - [`settings`]: the rule bitmask and the memory limit.
//! - [`yixin`]: the Yixin protocol's extensions (Yixin Board's analysis
//!   commands): forbidden points, multi-PV and realtime lines, and the
//!   values of its `INFO` keys.
//! - [`brain`]: what chooses the moves (our engine at a level, or the
//!   baseline).
//! - [`opener`]: what answers the opening questions (swap2's
//!   `SWAP2BOARD`, Yixin's `YXBALANCEONE` / `YXBALANCETWO`): the engine's
//!   balancer; `opening` turns its answers into protocol lines.
//! - [`input`]: the stdin reader thread.

pub mod brain;
pub mod command;
pub mod input;
pub mod opener;
mod opening;
pub mod session;
pub mod settings;
pub mod time;
pub mod yixin;

pub use brain::{BaselineBrain, Brain, EngineBrain, GreedyBrain, Think};
pub use command::{
    parse_board_line, parse_command, parse_swap2_line, BoardLine, Command, InfoKey, ParseError,
    Swap2Line,
};
pub use input::{read_line_bounded, spawn_stdin_reader, InputLine, MAX_LINE};
pub use opener::{BalancerOpener, Opener, OpeningLimits};
pub use session::{progress_message, Flow, Session};
pub use settings::{hash_mb_for, hash_mb_for_kb, rule_from_bits, OpeningRule, RuleChoice};
pub use time::{Budget, TimeControl};
