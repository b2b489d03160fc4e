//! The 2D camera that looks at the board, and the colour behind everything.

use bevy::prelude::*;

/// The table the board lies on.
const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.14);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND));
    app.add_systems(Startup, spawn_camera);
}

/// The one camera; egui draws its panels on it too.
#[derive(Component, Reflect, Debug, Default)]
pub(super) struct MainCamera;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Main camera"), MainCamera, Camera2d));
}
