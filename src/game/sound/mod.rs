//! Sounds: the game asks for one at each event (a piece placed, moved,
//! climbing onto the hive or thrown by a pillbug, a refused move, the AI's
//! move, each second of a clock's last ten, the end of a game, see
//! [`cues`]); the mixer passes each on at the player's volume unless the
//! sounds are muted ([`Settings::sound_volume`], [`Settings::sound_muted`]); with a window,
//! the theme's file for it plays (`output`).
//!
//! Headless (the tests run [`crate::game::logic_plugin`]) the asks and the
//! mixer run, and nothing plays. On a machine with no audio device Bevy
//! logs one line ("No audio device found.") and the game is silent.

pub mod cues;
mod device;
mod output;

pub use device::DeviceMessages;

use bevy::prelude::*;

use crate::game::core::{GameSystems, Settings};
use crate::game::theme::manifest::SOUND_NAMES;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>();
    app.add_message::<SoundOut>();
    app.add_plugins(cues::plugin);
    app.add_systems(
        Update,
        mix.in_set(GameSystems::View).after(cues::GameSounds),
    );
}

/// What a window adds: the sounds played through Bevy's audio.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(output::plugin);
}

/// One of the game's sounds; a theme gives a file for each (or none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A piece placed from the hand.
    Place,
    /// A piece moved.
    Move,
    /// A piece climbing onto the hive (a beetle, or a mosquito as one).
    Climb,
    /// A piece thrown by a pillbug.
    Throw,
    /// A move refused: a click or a drop where the piece may not go.
    Illegal,
    /// The AI placed or moved a piece.
    AiMove,
    /// One of the last ten seconds on the clock of the side to move.
    ClockTick,
    /// The game ended.
    GameEnd,
}

impl Sound {
    /// Every sound, in the order of the theme's [`SOUND_NAMES`].
    pub const ALL: [Sound; 8] = [
        Sound::Place,
        Sound::Move,
        Sound::Climb,
        Sound::Throw,
        Sound::Illegal,
        Sound::AiMove,
        Sound::ClockTick,
        Sound::GameEnd,
    ];

    /// Its place in [`Sound::ALL`] and in a theme's sounds.
    pub fn index(self) -> usize {
        Sound::ALL
            .iter()
            .position(|&s| s == self)
            .unwrap_or_default()
    }

    /// Its name in a theme's manifest (`sounds: { "place": ... }`).
    pub fn name(self) -> &'static str {
        SOUND_NAMES[self.index()]
    }
}

/// The game asks for this sound now (whether it is heard is the mixer's
/// business).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySound(pub Sound);

/// A sound to play now at this volume: what the mixer lets through.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct SoundOut {
    /// The sound.
    pub sound: Sound,
    /// Its volume, above 0 and at most 1.
    pub volume: f32,
}

/// Passes each asked-for sound on at the player's volume, unless muted.
fn mix(
    mut asked: MessageReader<PlaySound>,
    settings: Res<Settings>,
    mut out: MessageWriter<SoundOut>,
) {
    let volume = settings.audible_volume();
    for &PlaySound(sound) in asked.read() {
        if let Some(volume) = volume {
            out.write(SoundOut { sound, volume });
        }
    }
}
