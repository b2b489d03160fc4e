//! The board: where cells lie on screen, one entity per piece mirroring the
//! game, pieces sliding after a move, and (with a window) the camera and the
//! empty grid.

pub mod animation;
pub mod camera;
pub mod geometry;
pub mod hex_grid;
pub mod layout;
pub mod on_top;
pub mod pieces;

use bevy::prelude::*;

pub use animation::{AnimationSettings, LimitSlides, SkipAnimation, Slide, SlideLimit};
pub use camera::MainCamera;
pub use geometry::{
    HEX_SIZE, hex_block_size, hex_corners, hex_to_world, resting_translation, world_to_plane,
};
pub use layout::{BoardLayout, LayoutUpdate};
pub use on_top::{
    BoardArea, BoardAreaLeft, BoardInput, KeepBoardArea, PanelsOnTop, keep_the_board_area,
};
pub use pieces::{Bug, Color, PieceId, PieceSync, Position, StackLevel};

/// What runs without a window: the layout, the piece entities, animation.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        layout::plugin,
        pieces::plugin,
        animation::plugin,
        on_top::plugin,
    ));
}

/// What needs a window: the camera and the grid.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((camera::plugin, hex_grid::plugin));
}
