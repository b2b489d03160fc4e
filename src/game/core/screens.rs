//! The screens of the app, as a state machine ([`Screen`]): the main menu,
//! a game on the board, the games (yours, a folder's, the database's), the
//! puzzles, the lessons and the position editor. Entities that belong to
//! one screen carry `DespawnOnExit(screen)`.
//!
//! While the board is up ([`Screen::Playing`]), what the player is doing on
//! it is one more state, [`Activity`], a sub-state of the screen: a game
//! (the default), a lesson or a puzzle. It exists only on the playing
//! screen, so leaving the board ends it and coming back starts a game
//! unless the one coming back asks otherwise: starting a lesson or a puzzle
//! sets the activity in the same frame as the screen (Bevy applies a
//! pending sub-state when its source state is entered). Whether the player
//! is practising (nothing autosaved, nothing asked before leaving) is
//! answered from it, through the one [`Mode`](super::Mode), never kept
//! apart. The position editor draws its own board, so it is a screen of
//! its own, not an activity.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_sub_state::<Activity>();
}

/// The screen currently shown.
#[derive(States, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu: start a game or quit.
    #[default]
    MainMenu,
    /// A game on the board.
    Playing,
    /// The games: the player's own, a folder's records, the database's.
    Games,
    /// The puzzles, by difficulty, to pick one to solve on the board.
    Puzzles,
    /// The lessons, to pick one to learn on the board.
    Lessons,
    /// The position editor: a board set up by hand, for play or analysis.
    Editor,
}

/// What the player is doing on the board: one state, set when a lesson or
/// a puzzle starts and dropped with the playing screen. Which lesson or
/// puzzle, and how far it got, is the learning feature's business; whether
/// one runs is this state's.
#[derive(SubStates, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Activity {
    /// A game: against the AI, between two people at the screen, an
    /// exhibition, the analysis board or a record opened. Autosaved.
    #[default]
    Game,
    /// A lesson, step by step.
    Lesson,
    /// A puzzle, against the engine's defence.
    Puzzle,
}
