//! Lessons and puzzles' integration tests, in one binary: the shipped
//! puzzles proved and lessons checked, the solver, each way a puzzle
//! fails, playing a puzzle, both formats' errors, and the commands (with
//! the `cli` feature).

#[cfg(feature = "cli")]
mod cli;
mod lessons;
mod play;
mod puzzle_format;
mod shipped_puzzles;
mod solver;
mod verify_reasons;
