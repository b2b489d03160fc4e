//! What the next game starts with besides the player's settings: the
//! position and clocks this run asked for ([`NewGameSettings`]). Read by
//! the start of a game (`players`) and by the clocks (`clock`), which
//! depend on it and not on each other's files.

use bevy::prelude::*;

use super::settings::Settings;
use crate::records::TimeControl;
use crate::rules::Game;

/// What the next game starts with, besides the player's [`Settings`] (its
/// opponent, expansions and rules): what this run asked for.
#[derive(Resource, Debug, Clone, Default)]
pub struct NewGameSettings {
    /// A position to start from instead of an empty table (for demos and
    /// measurements); its game type wins over the settings'.
    pub opening: Option<Game>,
    /// The clocks, as the main menu chose them.
    pub clock: ClockChoice,
}

/// The new games' clocks as the player chose them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockChoice {
    /// The time control (`None`: untimed, the default).
    pub control: Option<TimeControl>,
    /// Whether the clocks stand still while the window is not focused.
    pub pause_unfocused: bool,
}

impl NewGameSettings {
    /// A fresh game with these settings, under the player's rules.
    pub fn new_game(&self, settings: &Settings) -> Game {
        let mut game = match &self.opening {
            Some(game) => game.clone(),
            None => Game::new(settings.game_type),
        };
        game.set_options(settings.rules);
        game
    }
}
