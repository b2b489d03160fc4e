//! Optional frame-time logging, for measuring: with `HIVE_FRAME_TIME=1` the
//! game logs Bevy's frame-time diagnostics (fps, frame time) every second.

use bevy::diagnostic::{FrameTimeDiagnosticsPlugin, LogDiagnosticsPlugin};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    if std::env::var_os("HIVE_FRAME_TIME").is_some_and(|v| v != "0") {
        app.add_plugins((
            FrameTimeDiagnosticsPlugin::default(),
            LogDiagnosticsPlugin::default(),
        ));
    }
}
