//! The mouse pointer over the board: the cell under it (for clicks and the
//! stack inspector), clicks and releases (for drag and drop) as [`GameIntent`]s, and the keyboard cursor
//! hidden while the mouse is in use. Needs a window.

use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;

use super::cursor::BoardCursor;
use super::devices::GameIntent;
use crate::game::board::{BoardArea, BoardLayout, MainCamera, world_to_plane};
use crate::rules::Hex;

/// The board cell under the mouse pointer (or the keyboard cursor, when a
/// key or the gamepad was used last), if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoveredCell(pub Option<(IVec2, Hex)>);

/// The mouse is in use: the keyboard cursor hides.
pub(super) fn hide_cursor_for_the_mouse(
    motion: Res<AccumulatedMouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut cursor: ResMut<BoardCursor>,
) {
    if motion.delta != Vec2::ZERO || buttons.get_just_pressed().next().is_some() {
        cursor.set_visible(false);
    }
}

pub(super) fn track_pointer(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    area: Res<BoardArea>,
    layout: Res<BoardLayout>,
    cursor: Res<BoardCursor>,
    mut hovered: ResMut<HoveredCell>,
) {
    if cursor.visible() {
        let cell = cursor.plane().map(|plane| (plane, layout.hex_at(plane)));
        hovered.set_if_neq(HoveredCell(cell));
        return;
    }
    let (camera, camera_transform) = *camera;
    let cell = window
        .cursor_position()
        .filter(|&at| area.0.is_none_or(|rect| rect.contains(at)))
        .and_then(|at| camera.viewport_to_world_2d(camera_transform, at).ok())
        .map(world_to_plane)
        .map(|plane| (plane, layout.hex_at(plane)));
    hovered.set_if_neq(HoveredCell(cell));
}

pub(super) fn read_clicks(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window>,
    area: Res<BoardArea>,
    hovered: Res<HoveredCell>,
    mut intents: MessageWriter<GameIntent>,
) {
    let pressed = buttons.just_pressed(MouseButton::Left);
    let released = buttons.just_released(MouseButton::Left);
    if !pressed && !released {
        return;
    }
    let over_board = window
        .cursor_position()
        .is_some_and(|at| area.0.is_none_or(|rect| rect.contains(at)));
    let cell = hovered.0.filter(|_| over_board).map(|(plane, _)| plane);
    if pressed {
        intents.write(GameIntent::Click(cell));
    }
    if released {
        intents.write(GameIntent::Release(cell));
    }
}
