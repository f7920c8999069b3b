//! The one way to run a foreign Gomocup (pbrain) engine: start the
//! process, read its output on a thread of its own within limits (line
//! length, lines a second), wait for answers with deadlines, and end it
//! (`END`, then a kill after a grace; on Linux also when the program that
//! started it dies). Errors say in words what the engine did.
//!
//! `gomoku-match` and the tournaments drive [`EngineProcess`] directly;
//! the app drives an engine through a [`ForeignWorker`], a thread that
//! owns the process and answers search requests the way the built-in
//! engine's worker does, so the window never waits on an engine.

mod deathsig;
mod descriptor;
mod process;
mod reports;
mod worker;

pub use reports::readable_line;

pub use descriptor::{
    about_name, field as about_field, rule_bits, About, EngineDescriptor, EngineSettings,
    TimeControl, DEFAULT_MEMORY_MB, DEFAULT_TURN_MS, NBEST_PROBE,
};
pub use process::{
    is_move_attempt, split_command_line, EngineError, EngineFailure, EngineProcess, EngineSpec,
    EXIT_GRACE, FLOOD_LINES_PER_SEC, HANDSHAKE, MAX_LINE_BYTES, QUEUED_LINES,
};
pub use worker::{ForeignReply, ForeignWorker, ANSWER_GRACE, IDLE_END};
