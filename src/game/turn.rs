//! The turn state machine, and playing moves.
//!
//! While a game is on screen, [`Turn`] is one of: awaiting input (a player
//! picks a move), animating (the moved piece slides; input is ignored),
//! game over, and review (stepping through the moves; nothing is played).
//! A `PlayMove` message is checked by the rules engine and played; a player
//! with no legal move is told so and shown a Pass button ([`ForcedPass`]):
//! passes are never silent. In review nothing is played, so such a
//! position is shown without the call to pass.

use bevy::prelude::*;

use super::GameSystems;
use super::animation::Slide;
use super::board::CurrentGame;
use super::notice::Notice;
use super::records::GameHistory;
use super::screens::Screen;
use crate::rules::{Hex, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<Turn>();
    app.init_resource::<ForcedPass>();
    app.add_message::<PlayMove>();
    app.add_message::<MovePlayed>();
    app.add_systems(
        Update,
        play_requested_moves
            .in_set(GameSystems::Play)
            .run_if(in_state(Turn::AwaitingInput)),
    );
    app.add_systems(
        Update,
        announce_forced_pass
            .in_set(GameSystems::Sync)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
    app.add_systems(
        Update,
        advance_turn
            .after(GameSystems::Animate)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Where the current turn stands.
#[derive(SubStates, Reflect, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Turn {
    /// The side to move chooses a move.
    #[default]
    AwaitingInput,
    /// The last move's piece is sliding into place.
    Animating,
    /// A queen is surrounded (or both): the game is decided.
    GameOver,
    /// The game is being reviewed move by move (see `review`): no moves
    /// are played and the AI does not search.
    Review,
}

/// Play this move for the side to move (ignored unless it is legal).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayMove(pub Move);

/// A move was just played; `path` is the cells it passed through.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// Its cells from start to end (see `Game::path_of`).
    pub path: Vec<Hex>,
}

/// Whether the side to move has no legal move and must pass.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ForcedPass(pub bool);

fn play_requested_moves(
    mut requests: MessageReader<PlayMove>,
    mut game: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<Turn>>,
) {
    // One move per frame: after it, the turn is animating.
    let Some(&PlayMove(mv)) = requests.read().next() else {
        return;
    };
    requests.clear();
    let path = game.game().path_of(mv);
    match game.play(mv) {
        Ok(()) => {
            info!(
                "move played: {}",
                game.notation().last().map_or("", String::as_str)
            );
            notice.clear();
            played.write(MovePlayed { mv, path });
            next_turn.set(Turn::Animating);
        }
        Err(err) => {
            info!("move refused: {err}");
            notice.show(err.to_string());
        }
    }
}

fn announce_forced_pass(
    game: Res<CurrentGame>,
    history: Res<GameHistory>,
    mut forced: ResMut<ForcedPass>,
    mut notice: ResMut<Notice>,
) {
    let game = game.game();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    // Reviewing (the flag is set before the turn becomes `Review`).
    let must_pass = moves == [Move::Pass] && !history.reviewing();
    forced.set_if_neq(ForcedPass(must_pass));
    if must_pass {
        notice.show(format!(
            "{} has no legal move and must pass: press Pass",
            game.to_move()
        ));
    }
}

fn advance_turn(
    turn: Res<State<Turn>>,
    game: Res<CurrentGame>,
    slides: Query<(), With<Slide>>,
    mut next_turn: ResMut<NextState<Turn>>,
) {
    if !matches!(*next_turn, NextState::Unchanged) {
        return; // a transition is already on its way (a move was just played)
    }
    let over = game.game().status().is_over();
    match turn.get() {
        Turn::Animating if slides.is_empty() => next_turn.set(if over {
            Turn::GameOver
        } else {
            Turn::AwaitingInput
        }),
        Turn::AwaitingInput if over => next_turn.set(Turn::GameOver),
        _ => {}
    }
}
