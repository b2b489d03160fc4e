//! Starting games: the settings the next game starts with (chosen in the main
//! menu or on the command line), and the `NewGame` message that restarts.
//!
//! Entering the playing screen starts a game; so does `NewGame` during one
//! ("Restart" in the top bar, "New game" after a win).

use bevy::prelude::*;

use super::GameSystems;
use super::board::CurrentGame;
use super::notice::Notice;
use super::screens::Screen;
use super::turn::Turn;
use crate::rules::{Game, GameType};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameSettings>();
    app.add_message::<NewGame>();
    app.add_systems(OnEnter(Screen::Playing), start_game);
    app.add_systems(
        Update,
        restart_on_request
            .in_set(GameSystems::Play)
            .run_if(in_state(Screen::Playing)),
    );
}

/// What the next game starts with.
#[derive(Resource, Debug, Clone, Default)]
pub struct NewGameSettings {
    /// The expansion pieces in the box.
    pub game_type: GameType,
    /// A position to start from instead of an empty table (for demos and
    /// measurements); its game type wins over `game_type`.
    pub opening: Option<Game>,
}

impl NewGameSettings {
    /// A fresh game with these settings.
    pub fn new_game(&self) -> Game {
        match &self.opening {
            Some(game) => game.clone(),
            None => Game::new(self.game_type),
        }
    }
}

/// Throw the current game away and start a new one with the same settings.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NewGame;

fn start_game(
    settings: Res<NewGameSettings>,
    mut game: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
) {
    *game = CurrentGame::new(settings.new_game());
    notice.clear();
}

fn restart_on_request(
    mut requests: MessageReader<NewGame>,
    settings: Res<NewGameSettings>,
    mut game: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    mut next_turn: ResMut<NextState<Turn>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    *game = CurrentGame::new(settings.new_game());
    notice.clear();
    next_turn.set(Turn::AwaitingInput);
}
