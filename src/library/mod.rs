//! The position library: every position a player studied, imported or
//! played, found again in any orientation (`docs/library.md`).
//!
//! Positions are keyed by their canonical form under the board's eight
//! symmetries, with the rule and the board's side ([`key`]). Each keeps
//! the player's comment and marks, engine verdicts, how the games through
//! it ended and the moves seen from it. They live in an SQLite database
//! in the settings folder ([`Library`]), with a schema version and
//! migrations ([`schema`]); RenLib's `.lib` files ([`renlib`]) and the
//! game records the app reads come in through [`import`] and go out
//! through [`export`].
//!
//! Above the rules, beside `record`: it knows the game tree, the file
//! formats and its database, nothing of the engine or the app.

mod db;
mod entry;
pub mod export;
pub mod import;
pub mod key;
pub mod labels;
pub mod renlib;
pub mod schema;
mod write;

#[cfg(test)]
mod edit_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod transfer_tests;

pub use db::{Library, LibraryError, Opened, WARM_BYTES};
pub use entry::{Entry, GameResult, MoveStat, Position, Results, Verdict};
pub use write::{fingerprint, game_fingerprint, Writer};
