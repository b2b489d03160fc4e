//! Resigning a game against the AI: the person gives the game up (the
//! top bar asks first), the game ends off the board as a loss for them,
//! and it is rated as one. The resignation belongs to its game (by
//! [`Players::game_id`]): a new game, an undo or a loaded game leave it
//! behind.

use bevy::prelude::*;

use super::{GameSystems, Jump, Players};
use crate::records::Seats;
use crate::rules::Color;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Resignation>();
    app.add_message::<Resign>();
    app.add_systems(
        Update,
        // Before the position can be replaced this frame: a resignation is
        // about the game the person saw.
        resign
            .in_set(GameSystems::Input)
            .in_set(Resigning)
            .run_if(in_state(super::Screen::Playing)),
    );
}

/// Carrying out a resignation (it replaces the turn and reads the game:
/// the input that changes either runs before).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Resigning;

/// The person at the screen gives up the game against the AI.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct Resign;

/// The game that was resigned, and who resigned it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Resignation(Option<(u64, Color)>);

impl Resignation {
    /// The side that resigned the game `players` play, if it was.
    pub fn of(&self, players: &Players) -> Option<Color> {
        self.0
            .filter(|(game_id, _)| *game_id == players.game_id)
            .map(|(_, side)| side)
    }
}

fn resign(
    mut requests: MessageReader<Resign>,
    mut jump: Jump,
    mut resignation: ResMut<Resignation>,
) {
    if requests.read().count() == 0 || !jump.mode().can_resign(jump.current().game()) {
        return;
    }
    let players = jump.players();
    let Seats::Ai { side: ai, .. } = players.seats else {
        return;
    };
    resignation.0 = Some((players.game_id, ai.opponent()));
    jump.end_game();
    info!("the person ({:?}) resigned", ai.opponent());
}
