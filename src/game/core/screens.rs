//! The screens of the app, as a state machine: the main menu, the game
//! library, and a game in play. Entities that belong to one screen carry
//! `DespawnOnExit(screen)`.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}

/// The screen currently shown.
#[derive(States, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu: start a game or quit.
    #[default]
    MainMenu,
    /// A game on the board.
    Playing,
    /// The game library: the records in a folder, to open one.
    Games,
    /// The puzzles, by difficulty, to pick one to solve on the board.
    Puzzles,
    /// The lessons, to pick one to learn on the board.
    Lessons,
    /// The position editor: a board set up by hand, for play or analysis.
    Editor,
}
