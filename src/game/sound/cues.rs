//! When the game asks for each sound: a move played (placed, moved,
//! climbing, thrown, or the AI's), a move refused, each of the last ten
//! seconds on the clock of the side to move, and the game's end.

use std::time::Duration;

use bevy::prelude::*;

use super::{PlaySound, Sound};
use crate::game::core::{
    ClockPause, CurrentGame, GameClock, GameSystems, MovePlayed, MoveRefused, Players, Screen, Turn,
};
use crate::rules::{Color, Game, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_sounds, refusal_sounds, clock_ticks)
            .chain()
            .in_set(GameSystems::View)
            .in_set(GameSounds)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnEnter(Turn::GameOver), game_end_sound);
}

/// The systems that ask for sounds during `Update` (the mixer runs after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameSounds;

/// The clock's last seconds, each with a tick.
pub const CLOCK_TICKS_FROM: Duration = Duration::from_secs(10);

/// The sound of `mv`, just played in `game` (the position after it) by a
/// side the AI plays or not: a throw or a climb says what happened; other
/// moves of the AI have its own sound, so a player hears that it moved.
pub fn sound_of_move(game: &Game, mv: Move, thrown: bool, by_ai: bool) -> Option<Sound> {
    Some(match mv {
        Move::Pass => return None,
        _ if thrown => Sound::Throw,
        Move::Move { to, .. } if game.height(to) > 1 => Sound::Climb,
        _ if by_ai => Sound::AiMove,
        Move::Place { .. } => Sound::Place,
        Move::Move { .. } => Sound::Move,
    })
}

fn move_sounds(
    mut played: MessageReader<MovePlayed>,
    current: Res<CurrentGame>,
    players: Res<Players>,
    mut sounds: MessageWriter<PlaySound>,
) {
    for played in played.read() {
        let game = current.game();
        // The move is played: the side that made it is not to move now.
        let mover = game.to_move().opponent();
        let by_ai = players.ai_preset(mover).is_some();
        if let Some(sound) = sound_of_move(game, played.mv, played.thrown, by_ai) {
            sounds.write(PlaySound(sound));
        }
    }
}

fn refusal_sounds(mut refused: MessageReader<MoveRefused>, mut sounds: MessageWriter<PlaySound>) {
    if refused.read().count() > 0 {
        sounds.write(PlaySound(Sound::Illegal));
    }
}

/// A tick each time the clock of the side to move shows a new whole second
/// among its last ten (rounded up, as the clock shows it).
fn clock_ticks(
    clock: Res<GameClock>,
    current: Res<CurrentGame>,
    pause: Res<ClockPause>,
    mut last: Local<Option<(Color, u64)>>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let game = current.game();
    let Some(clocks) = clock
        .0
        .filter(|_| !game.status().is_over() && current.at_end())
    else {
        *last = None;
        return;
    };
    if pause.0 {
        return;
    }
    let side = game.to_move();
    let left = clocks.remaining(side);
    let shown = left.as_millis().div_ceil(1000) as u64;
    let now = Some((side, shown));
    if left <= CLOCK_TICKS_FROM && shown > 0 && *last != now {
        sounds.write(PlaySound(Sound::ClockTick));
    }
    *last = now;
}

fn game_end_sound(mut sounds: MessageWriter<PlaySound>) {
    sounds.write(PlaySound(Sound::GameEnd));
}
