//! The empty hex grid drawn under the board while a game is in play, so the
//! player sees where pieces can go. It follows the hive as it drifts.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::PrimitiveTopology;
use bevy::prelude::*;

use super::geometry::{HEX_SIZE, hex_corners, hex_to_world, hexes_within};
use super::layout::BoardLayout;
use crate::game::core::{GameSystems, Screen};

/// Rings of hexes around the middle of the hive.
const GRID_RINGS: i32 = 20;
/// Empty space between neighbouring cells.
const CELL_GAP: f32 = 3.0;
const CELL_COLOR: Color = Color::srgb(0.24, 0.26, 0.30);
/// Below everything else on the board.
const GRID_Z: f32 = -10.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_hex_grid);
    app.add_systems(
        Update,
        follow_hive
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<BoardLayout>)),
    );
}

/// The parent of all grid cells.
#[derive(Component, Reflect, Debug, Default)]
pub struct HexGrid;

fn spawn_hex_grid(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.spawn((
        Name::new("Hex grid"),
        HexGrid,
        Mesh2d(meshes.add(grid_mesh(GRID_RINGS))),
        MeshMaterial2d(materials.add(CELL_COLOR)),
        Transform::from_xyz(0.0, 0.0, GRID_Z),
        DespawnOnExit(Screen::Playing),
    ));
}

/// The outlines of every cell within `rings` of the origin, as one line
/// mesh: one draw call, and almost no pixels to fill (filled cells cost
/// more than everything else on the board with software rendering).
fn grid_mesh(rings: i32) -> Mesh {
    let corners = hex_corners(HEX_SIZE - CELL_GAP);
    let mut positions: Vec<[f32; 3]> = Vec::new();
    for (q, r) in hexes_within(rings) {
        let centre = hex_to_world(q, r);
        for k in 0..6 {
            for corner in [corners[k], corners[(k + 1) % 6]] {
                positions.push((centre + corner).extend(0.0).to_array());
            }
        }
    }
    Mesh::new(PrimitiveTopology::LineList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
}

/// Keeps the grid centred on the hive, snapped to whole cells.
fn follow_hive(layout: Res<BoardLayout>, mut grid: Single<&mut Transform, With<HexGrid>>) {
    let center = layout.center().round().as_ivec2();
    grid.translation = hex_to_world(center.x, center.y).extend(GRID_Z);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_has_six_edges_per_cell() {
        let mesh = grid_mesh(2);
        let cells = hexes_within(2).count();
        assert_eq!(mesh.count_vertices(), cells * 12);
    }
}
