//! Mouse and keys on the board, turned into the game's messages: a left
//! click on a cell is `CellClicked`, Escape is `ClearSelection`; the cell
//! under the pointer is kept for the stack inspector.

use bevy::prelude::*;

use super::GameSystems;
use super::board::BoardLayout;
use super::camera::{BoardArea, MainCamera};
use super::hex_grid::world_to_plane;
use super::screens::Screen;
use super::selection::{CellClicked, ClearSelection};
use crate::rules::Hex;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredCell>();
    app.add_systems(
        Update,
        (track_pointer, click_cells, cancel_on_escape)
            .chain()
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The board cell under the mouse pointer, if the pointer is over the board.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct HoveredCell(pub Option<(IVec2, Hex)>);

fn track_pointer(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    area: Res<BoardArea>,
    layout: Res<BoardLayout>,
    mut hovered: ResMut<HoveredCell>,
) {
    let (camera, camera_transform) = *camera;
    let cell = window
        .cursor_position()
        .filter(|&at| area.0.is_none_or(|rect| rect.contains(at)))
        .and_then(|at| camera.viewport_to_world_2d(camera_transform, at).ok())
        .map(world_to_plane)
        .map(|plane| (plane, layout.hex_at(plane)));
    hovered.set_if_neq(HoveredCell(cell));
}

fn click_cells(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<HoveredCell>,
    mut clicks: MessageWriter<CellClicked>,
) {
    if buttons.just_pressed(MouseButton::Left)
        && let Some((plane, _)) = hovered.0
    {
        clicks.write(CellClicked(plane));
    }
}

fn cancel_on_escape(keys: Res<ButtonInput<KeyCode>>, mut clears: MessageWriter<ClearSelection>) {
    if keys.just_pressed(KeyCode::Escape) {
        clears.write(ClearSelection);
    }
}
