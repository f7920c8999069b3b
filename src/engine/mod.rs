//! The AI: search, evaluation and threat solving, behind a message API.
//!
//! The engine knows the rules but nothing of any user interface. Callers
//! either run [`Engine::search`] on their own thread, or use
//! [`EngineWorker`], which owns a background thread and talks only by
//! messages: a [`SearchRequest`] in, [`EngineReply`] values out, and an
//! atomic stop flag.
//!
//! Inside: [`pattern`] precomputes line patterns and their per-point
//! combinations for each rule; [`state`] is the incrementally updated
//! board (line keys, patterns, threat counts and evaluation sums change
//! on make/unmake, never by a full scan); [`eval`] reads those sums;
//! [`movegen`] applies the forced-move rules and orders moves; `tt` is the
//! transposition table, `vcf` the continuous-four solver, `time` the
//! deadlines, and `search` the iterative-deepening PVS that ties them
//! together. [`mod@bench`] is the deterministic benchmark. The inner modules
//! are public for the benches and property tests; other code should use
//! [`Engine`] or [`EngineWorker`].

mod api;
pub mod balance;
pub mod bench;
pub mod blunder;
pub mod book;
pub mod eval;
pub mod explain;
#[cfg(test)]
mod fixtures;
mod hugepages;
mod level;
pub mod movegen;
pub mod order;
pub mod pattern;
pub mod persona;
mod prefetch;
mod search;
pub mod shape;
pub mod shapefile;
pub mod state;
mod time;
mod tt;
pub mod tune;
pub mod vcf;
pub mod vct;
mod winchance;
mod worker;

pub use api::{
    single_candidate, Candidate, Evaluator, Limits, Position, Score, SearchInfo, SearchParams,
    SearchResult,
};
pub use level::{
    hint_params, Band, Level, Play, UnknownLevel, HINT_TIME, LADDER_RATINGS, STRONG_EVAL,
};
pub use persona::Persona;
pub use search::{default_threads, Engine, MAX_THREADS};
pub use winchance::{win_chance, WIN_CHANCE_SCALE};
pub use worker::{EngineReply, EngineWorker, SearchRequest, Waker, WorkerGone};
