//! Integration tests of the engine's search and state, one test binary (a
//! module a file: each binary links the whole crate, which took minutes of
//! every CI run).

mod fuzz;
mod renju;
mod search;
mod state;
