//! Five-in-a-row (Gomoku, 五子棋): rules, game model, AI engine, engine
//! protocol and the desktop app.
//!
//! Dependencies point one way: [`rules`] knows nothing of the engine, the
//! engine knows nothing of the user interface, and the app (feature `app`)
//! depends on both.

pub mod engine;
pub mod rules;
pub mod sound;
