//! Resigning a game against the AI: the person gives the game up (the
//! top bar asks first), the game ends off the board as a loss for them,
//! and it is rated as one. The resignation belongs to its game (by
//! [`Players::game_id`]): a new game, an undo or a loaded game leave it
//! behind.

use bevy::prelude::*;

use super::{CurrentGame, GameSystems, Players, Turn};
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
            .run_if(in_state(super::Screen::Playing)),
    );
}

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

/// Whether the person may resign now: a game against the AI, on the board,
/// not over (by the rules or otherwise) and not in review.
pub fn can_resign(players: &Players, current: &CurrentGame, turn: Turn) -> bool {
    matches!(players.seats, Seats::Ai { .. })
        && !current.game().status().is_over()
        && matches!(turn, Turn::AwaitingInput | Turn::Animating)
}

fn resign(
    mut requests: MessageReader<Resign>,
    (players, current): (Res<Players>, Res<CurrentGame>),
    turn: Res<State<Turn>>,
    mut next_turn: ResMut<NextState<Turn>>,
    mut resignation: ResMut<Resignation>,
) {
    if requests.read().count() == 0 || !can_resign(&players, &current, *turn.get()) {
        return;
    }
    let Seats::Ai { side: ai, .. } = players.seats else {
        return;
    };
    resignation.0 = Some((players.game_id, ai.opponent()));
    next_turn.set(Turn::GameOver);
    info!("the person ({:?}) resigned", ai.opponent());
}
