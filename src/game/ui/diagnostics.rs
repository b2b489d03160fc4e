//! Optional frame-time logging, for measuring: with `HIVE_FRAME_TIME=1`
//! (see [`LaunchSettings::frame_time`]) the game logs Bevy's frame-time
//! diagnostics (fps, frame time) every second.

use bevy::diagnostic::{FrameTimeDiagnosticsPlugin, LogDiagnosticsPlugin};
use bevy::prelude::*;

use crate::game::core::LaunchSettings;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    let wanted = app
        .world()
        .get_resource::<LaunchSettings>()
        .is_some_and(|launch| launch.frame_time);
    if wanted {
        app.add_plugins((
            FrameTimeDiagnosticsPlugin::default(),
            LogDiagnosticsPlugin::default(),
        ));
    }
}
