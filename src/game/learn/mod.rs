//! Learning on the board: interactive lessons (the Learn to play screen,
//! then each lesson step by step on the board, checked by the rules) and
//! the puzzles the engine has proved (the Puzzles screen, then each puzzle
//! played on the board against the engine's defence). Both are read from
//! `assets/` at start; finished lessons and solved puzzles are remembered in
//! the data directory (`progress/`).
//!
//! A puzzle on the board is practice, not a game: nothing of it is
//! autosaved ([`Practising`]), so "Resume last game" is left alone.

pub mod lessons;
pub mod puzzles;

use bevy::prelude::*;

pub use lessons::{FinishedLessons, LessonRequest, LessonRun, Lessons, StepState};
pub use puzzles::{PuzzleRequest, PuzzleRun, PuzzleState, Puzzles, SolvedPuzzles};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((puzzles::plugin, lessons::plugin));
}
