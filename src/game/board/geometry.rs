//! Where cells lie on screen: the one place that turns plane cells into
//! world points and back.
//!
//! Hexes are pointy-topped (neighbours to the east and west), as in UHP
//! notation, and addressed by plane axial coordinates `(q, r)` with `r`
//! growing down the screen; world space has y up.

use bevy::prelude::*;

/// Distance from a hex centre to its corners, in world units.
pub const HEX_SIZE: f32 = 40.0;

/// How far each stack level is drawn above the one below, in world units.
pub const LEVEL_OFFSET: Vec2 = Vec2::new(0.0, 7.0);

/// Where a piece rests at plane cell `plane` and stack `level`: higher
/// pieces are shifted up (so the ones below peek out) and drawn in front.
pub fn resting_translation(plane: IVec2, level: u8) -> Vec3 {
    let at = hex_to_world(plane.x, plane.y) + LEVEL_OFFSET * f32::from(level);
    at.extend(1.0 + 2.0 * f32::from(level))
}

/// The centre of hex `(q, r)` in world space (y up).
pub fn hex_to_world(q: i32, r: i32) -> Vec2 {
    plane_to_world(Vec2::new(q as f32, r as f32))
}

/// The world point of fractional plane coordinates (say, the middle of the
/// hive).
pub fn plane_to_world(plane: Vec2) -> Vec2 {
    Vec2::new(
        HEX_SIZE * 3f32.sqrt() * (plane.x + plane.y / 2.0),
        -HEX_SIZE * 1.5 * plane.y,
    )
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

/// The corners of a hex of circumradius `size` around the origin, in world
/// space (y up): pointy-topped, the first straight up, then anticlockwise.
pub fn hex_corners(size: f32) -> [Vec2; 6] {
    std::array::from_fn(|k| {
        let angle = std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::FRAC_PI_3;
        Vec2::from_angle(angle) * size
    })
}

/// The width and height, in world units, of `cells` hexes side by side and
/// of `cells` rows of hexes, their corners included.
pub fn hex_block_size(cells: i32) -> Vec2 {
    let cells = cells as f32;
    Vec2::new(
        HEX_SIZE * 3f32.sqrt() * cells,
        HEX_SIZE * (1.5 * cells + 0.5),
    )
}

/// Every hex at most `rings` steps from the origin.
pub fn hexes_within(rings: i32) -> impl Iterator<Item = (i32, i32)> {
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
    fn fractional_points_lie_between_their_cells() {
        let middle = plane_to_world(Vec2::new(0.5, 0.0));
        assert_eq!(middle, (hex_to_world(0, 0) + hex_to_world(1, 0)) / 2.0);
        assert_eq!(
            world_to_plane(plane_to_world(Vec2::new(2.0, -3.0))),
            IVec2::new(2, -3)
        );
    }

    #[test]
    fn a_block_of_cells_spans_their_centres_and_one_more_cell() {
        let corners = hex_corners(HEX_SIZE);
        let width = corners[4].x - corners[1].x;
        let height = corners[0].y - corners[3].y;
        for cells in 1..6 {
            let last = cells - 1;
            let size = hex_block_size(cells);
            let across = hex_to_world(last, 0).x - hex_to_world(0, 0).x + width;
            let down = hex_to_world(0, 0).y - hex_to_world(0, last).y + height;
            assert!((size.x - across).abs() < 1e-3, "{cells}: {size} {across}");
            assert!((size.y - down).abs() < 1e-3, "{cells}: {size} {down}");
        }
    }

    #[test]
    fn corners_lie_on_the_edges_shared_with_the_neighbours() {
        // The east neighbour shares this cell's two eastern corners.
        let corners = hex_corners(HEX_SIZE);
        let east = hex_to_world(1, 0);
        let theirs = corners.map(|corner| east + corner);
        for mine in [corners[4], corners[5]] {
            assert!(theirs.iter().any(|c| c.distance(mine) < 1e-3), "{mine}");
        }
        assert!(corners[0].distance(Vec2::new(0.0, HEX_SIZE)) < 1e-3);
    }

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
