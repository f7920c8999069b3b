//! Five-in-a-row (Gomoku, 五子棋): rules, game model, AI engine, engine
//! protocol and the desktop app.
//!
//! Dependencies point one way: [`rules`] knows nothing of the engine, the
//! engine knows nothing of the user interface, and the app (feature `app`)
//! depends on both.

#[cfg(feature = "app")]
pub mod app;
pub mod baseline;
pub mod cli;
#[cfg(feature = "app")]
pub mod desktop;
pub mod engine;
pub mod gomocup;
pub mod i18n;
pub mod lesson;
pub mod library;
pub mod matchrun;
pub mod play;
pub mod protocol;
pub mod puzzle;
pub mod rating;
pub mod record;
pub mod rules;
pub mod sound;
pub mod storage;
pub mod textplay;
pub mod tuning;
