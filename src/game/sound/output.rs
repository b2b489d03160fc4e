//! The sounds the mixer lets through, played with the theme's files by
//! Bevy's audio. Each plays once and is gone; one that could not start
//! (no audio device, or a file that does not decode) is dropped after a
//! moment, so nothing piles up.

use std::time::Duration;

use bevy::audio::{AudioSink, Volume};
use bevy::prelude::*;

use super::SoundOut;
use crate::game::core::GameSystems;
use crate::game::theme::Theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (play_sounds, drop_unplayed_sounds)
            .chain()
            .in_set(GameSystems::View)
            .after(super::mix),
    );
}

/// How long a sound may wait to start before it is dropped.
const START_WITHIN: Duration = Duration::from_secs(2);

/// A sound's entity, and when it was asked for.
#[derive(Component, Debug)]
struct SoundStarted(Duration);

fn play_sounds(
    mut out: MessageReader<SoundOut>,
    theme: Option<Res<Theme>>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    let Some(theme) = theme else {
        out.clear();
        return;
    };
    for &SoundOut { sound, volume } in out.read() {
        let Some(file) = theme.sounds[sound.index()].clone() else {
            continue; // the theme has no sound for it
        };
        commands.spawn((
            Name::new(format!("sound {}", sound.name())),
            AudioPlayer::new(file),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
            SoundStarted(time.elapsed()),
        ));
    }
}

fn drop_unplayed_sounds(
    waiting: Query<(Entity, &SoundStarted), Without<AudioSink>>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    for (entity, started) in &waiting {
        if time.elapsed().saturating_sub(started.0) > START_WITHIN {
            commands.entity(entity).despawn();
        }
    }
}
