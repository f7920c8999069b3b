//! Integration tests of the rules and the game model, one test binary (a
//! module a file: each binary links the whole crate, which took minutes of
//! every CI run).

mod game_model;
mod props;
mod rules;
mod tree;
