//! The player's rating (issue #91, `docs/rating.md`): Glicko-2 from rated
//! games against the AI's numbered levels, whose measured ratings are the
//! opponents'.
//!
//! - [`glicko`]: the player's rating, deviation and volatility, and one
//!   game's update (through the `skillratings` crate), with the constants.
//! - [`book`]: what is saved (`rating.json` beside the settings): the
//!   rating and the history of rated games; shared by the app and
//!   `gomoku-text`.
//! - [`ladder`]: the levels that have a measured rating, the level nearest
//!   a rating (the adaptive level) and the next level suggested after a
//!   game.
//! - [`rated`]: the rule that makes a game rated or not, as a small state
//!   per game that both front ends drive from their own events.
//! - [`words`]: all of it in the player's language.
//!
//! This room sits above the rules and the engine (it reads `Level` and
//! `Outcome`) and below the app and the terminal: it knows nothing of egui.

pub mod book;
pub mod glicko;
pub mod ladder;
pub mod rated;
pub mod words;

pub use book::{GameRecord, RatingBook, Score, Tally};
pub use glicko::{PlayerRating, LEVEL_DEVIATION};
pub use ladder::Ladder;
pub use rated::{Rated, Settled, Terms, Why};
