//! Lessons: the "Learn to play" path. Each lesson is a few sentences and a
//! handful of exercises on the board, from five in a row to Renju's
//! forbidden points and the opening rules, in the order a newcomer meets
//! the ideas.
//!
//! [`data`] reads the shipped lessons (`assets/lessons/lessons.txt`);
//! [`coach`] judges a move in an exercise with the rules, the engine's
//! shape codes and the puzzle solvers, never by comparing with one stored
//! answer; [`saved`] is the progress kept in `lessons.json`, shared by the
//! app and the terminal.

pub mod coach;
pub mod data;
pub mod saved;

pub use coach::{Coach, Mistake, Outcome, Try};
pub use data::{lessons, parse_lessons, Exercise, Lesson, Task};
pub use saved::SavedLessons;
