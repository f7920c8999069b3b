//! Puzzles: positions to solve (win by fours, win by threats, find the one
//! defence), judged move by move by the engine's solvers.
//!
//! [`format`] reads and writes puzzle files; [`prove`] asks the solvers a
//! puzzle's questions; [`judge`] judges a player's moves, gives hints and
//! the solution; [`verify`] re-proves a stored puzzle; [`generate`] makes
//! puzzles from seeded self-play; [`unwind`] makes long VCFs from short
//! ones; [`personal`] finds them in a person's own games; [`rating`] keeps
//! a player's progress, [`saved`] what is saved of it; [`sets`] lists the
//! shipped sets.
//!
//! The shipped set is `assets/puzzles/`, made by the `gomoku-puzzles`
//! tool; see `docs/puzzles.md`.

pub mod format;
pub mod generate;
pub mod judge;
pub mod personal;
pub mod prove;
pub mod rating;
pub mod saved;
pub mod sets;
pub mod unwind;
pub mod verify;

pub use format::{parse_puzzle, parse_set, Kind, ParseError, Puzzle, PuzzleSet};
pub use judge::{area_around, Attempt, Hint, Illegal, Judge, Judgement, Miss};
pub use prove::{Budget, Prover, ACCEPT, DEEP, JUDGE};
pub use verify::verify;
