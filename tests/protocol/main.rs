//! Integration tests of the engine's protocols (Gomocup, Yixin Board,
//! swap2), from transcripts and fuzzing, one test binary (a module a file:
//! each binary links the whole crate, which took minutes of every CI run).

#[path = "../process_common/mod.rs"]
mod process_common;

mod fuzz;
mod gomocup;
mod swap2;
mod transcripts;
mod yixin;
