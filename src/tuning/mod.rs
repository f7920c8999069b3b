//! Training the evaluation: data from our own games and a Texel-style
//! trainer for the weights in `src/engine/eval/weights.txt`.
//!
//! [`datagen`] plays seeded self-play games (and reads the strength lab's
//! game records), [`dataset`] stores them compactly, and `texel` fits the
//! evaluation's weights to the games' results and scores; [`policy`]
//! fits the move ordering's values to the moves played; [`attacks`]
//! mines and scores the attack set, a tactical yardstick made from lost
//! games. Nothing in the
//! game or the engine depends on this module; `gomoku-tune` runs it.

pub mod attacks;
pub mod datagen;
pub mod dataset;
pub mod nnexport;
pub mod policy;
pub mod texel;
