//! The AI: search, evaluation and threat solving, behind a message API.
//!
//! The engine knows the rules but nothing of any user interface. Callers
//! either run [`Engine::search`] on their own thread, or use
//! [`EngineWorker`], which owns a background thread and talks only by
//! messages: a [`SearchRequest`] in, [`EngineReply`] values out, and an
//! atomic stop flag.

mod api;
pub mod bench;
pub mod eval;
mod level;
pub mod movegen;
pub mod pattern;
mod search;
pub mod state;
mod time;
mod tt;
mod vcf;
mod worker;

pub use api::{Limits, Position, Score, SearchInfo, SearchParams, SearchResult};
pub use level::Level;
pub use search::Engine;
pub use worker::{EngineReply, EngineWorker, SearchRequest};
