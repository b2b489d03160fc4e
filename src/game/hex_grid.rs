//! The empty hex grid drawn under the board while a game is in play, so the
//! player sees where pieces can go.
//!
//! Hexes are pointy-topped (neighbours to the east and west), as in UHP
//! notation, and addressed by axial coordinates `(q, r)` with `r` growing
//! down the screen.

use bevy::prelude::*;

use super::screens::Screen;

/// Distance from a hex centre to its corners, in world units.
pub(super) const HEX_SIZE: f32 = 40.0;
/// Rings of hexes around the centre cell.
const GRID_RINGS: i32 = 7;
/// Empty space between neighbouring cells.
const CELL_GAP: f32 = 3.0;
const CELL_COLOR: Color = Color::srgb(0.17, 0.19, 0.22);
/// Below everything else on the board.
const GRID_Z: f32 = -10.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_hex_grid);
}

/// The parent of all grid cells.
#[derive(Component, Reflect, Debug, Default)]
pub(super) struct HexGrid;

fn spawn_hex_grid(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    // `RegularPolygon` puts its first corner at the top: pointy-topped.
    let cell = meshes.add(RegularPolygon::new(HEX_SIZE - CELL_GAP, 6));
    let color = materials.add(CELL_COLOR);
    commands
        .spawn((
            Name::new("Hex grid"),
            HexGrid,
            Transform::from_xyz(0.0, 0.0, GRID_Z),
            Visibility::default(),
            DespawnOnExit(Screen::Playing),
        ))
        .with_children(|grid| {
            for (q, r) in hexes_within(GRID_RINGS) {
                grid.spawn((
                    Mesh2d(cell.clone()),
                    MeshMaterial2d(color.clone()),
                    Transform::from_translation(hex_to_world(q, r).extend(0.0)),
                ));
            }
        });
}

/// The centre of hex `(q, r)` in world space (y up).
pub(super) fn hex_to_world(q: i32, r: i32) -> Vec2 {
    let (q, r) = (q as f32, r as f32);
    Vec2::new(HEX_SIZE * 3f32.sqrt() * (q + r / 2.0), -HEX_SIZE * 1.5 * r)
}

/// Every hex at most `rings` steps from the origin.
fn hexes_within(rings: i32) -> impl Iterator<Item = (i32, i32)> {
    (-rings..=rings).flat_map(move |q| {
        let r_min = (-rings).max(-q - rings);
        let r_max = rings.min(-q + rings);
        (r_min..=r_max).map(move |r| (q, r))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_hold_the_centred_hexagonal_numbers() {
        for rings in 0..6 {
            let count = hexes_within(rings).count() as i32;
            assert_eq!(count, 3 * rings * (rings + 1) + 1, "rings {rings}");
        }
    }

    #[test]
    fn neighbours_touch_edge_to_edge() {
        // The six axial neighbours, all at the same distance from the origin.
        let neighbours = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
        let edge_to_edge = HEX_SIZE * 3f32.sqrt();
        for (q, r) in neighbours {
            let distance = hex_to_world(q, r).length();
            assert!((distance - edge_to_edge).abs() < 1e-3, "({q}, {r})");
        }
    }

    #[test]
    fn east_neighbour_is_level() {
        assert_eq!(hex_to_world(1, 0).y, 0.0);
    }
}
