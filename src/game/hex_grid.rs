//! The empty hex grid drawn under the board while a game is in play, so the
//! player sees where pieces can go, and the geometry of hexes on screen.
//!
//! Hexes are pointy-topped (neighbours to the east and west), as in UHP
//! notation, and addressed by plane axial coordinates `(q, r)` with `r`
//! growing down the screen. The grid follows the hive as it drifts.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::PrimitiveTopology;
use bevy::prelude::*;

use super::GameSystems;
use super::board::BoardLayout;
use super::screens::Screen;

/// Distance from a hex centre to its corners, in world units.
pub const HEX_SIZE: f32 = 40.0;
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
pub(super) struct HexGrid;

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
    let corners: Vec<Vec2> = (0..6)
        .map(|k| {
            // Pointy-topped: the first corner straight up.
            let angle = std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::FRAC_PI_3;
            Vec2::from_angle(angle) * (HEX_SIZE - CELL_GAP)
        })
        .collect();
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

/// The centre of hex `(q, r)` in world space (y up).
pub fn hex_to_world(q: i32, r: i32) -> Vec2 {
    let (q, r) = (q as f32, r as f32);
    Vec2::new(HEX_SIZE * 3f32.sqrt() * (q + r / 2.0), -HEX_SIZE * 1.5 * r)
}

/// The hex containing a world-space point.
pub fn world_to_plane(world: Vec2) -> IVec2 {
    let r = -world.y / (HEX_SIZE * 1.5);
    let q = world.x / (HEX_SIZE * 3f32.sqrt()) - r / 2.0;
    // Round in cube coordinates, fixing the component that moved most.
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    IVec2::new(rq as i32, rr as i32)
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

    #[test]
    fn points_near_a_centre_round_to_that_hex() {
        for (q, r) in hexes_within(4) {
            let centre = hex_to_world(q, r);
            for offset in [Vec2::ZERO, Vec2::new(20.0, 0.0), Vec2::new(-10.0, 25.0)] {
                assert_eq!(
                    world_to_plane(centre + offset),
                    IVec2::new(q, r),
                    "({q}, {r}) + {offset}"
                );
            }
        }
    }
}
