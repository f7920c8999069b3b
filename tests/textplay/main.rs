//! Integration tests of the text-mode game (`gomoku-text`), one test binary
//! (a module a file: each binary links the whole crate, which took minutes
//! of every CI run).

mod game;
mod rating;
mod rules;
