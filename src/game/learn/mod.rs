//! Learning on the board: the puzzles the engine has proved (the Puzzles
//! screen, then each puzzle played on the board against the engine's
//! defence). The puzzles are read from `assets/puzzles/` at start; the
//! solved ones are remembered in the data directory (`progress/puzzles.txt`).
//!
//! A puzzle on the board is practice, not a game: nothing of it is
//! autosaved ([`Practising`]), so "Resume last game" is left alone.

pub mod puzzles;

use bevy::prelude::*;

pub use puzzles::{PuzzleRequest, PuzzleRun, PuzzleState, Puzzles, SolvedPuzzles};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(puzzles::plugin);
}
