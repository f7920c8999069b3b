//! The position library's ways in and out: today RenLib's `.lib` files
//! (`docs/renlib.md`), read into the game tree with its comments and
//! board marks and written back from it.
//!
//! Above the rules, beside `record`: it knows the game tree and file
//! formats, nothing of the engine or the app.

pub mod renlib;
