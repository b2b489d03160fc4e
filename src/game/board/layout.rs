//! Where the game's cells lie on the plane for drawing.
//!
//! The rules engine's cells wrap around a 32×32 torus; the screen is a plane.
//! [`BoardLayout`] gives every cell plane axial coordinates, recomputed after
//! every change of the game by walking the hive from a cell that kept its
//! piece, so pieces that did not move never jump.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::game::core::{CurrentGame, GameSystems, Screen};
use crate::rules::{Game, Hex};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>();
    app.add_systems(
        Update,
        update_layout
            .in_set(GameSystems::Sync)
            .in_set(LayoutUpdate)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
}

/// Recomputing the [`BoardLayout`]; what uses it runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayoutUpdate;

/// Plane axial coordinates `(q, r)` of the board's cells: `q` to the right,
/// `r` down-right, the first piece at `(0, 0)`.
#[derive(Resource, Debug, Clone, Default)]
pub struct BoardLayout {
    /// Every occupied cell.
    occupied: HashMap<Hex, IVec2>,
    /// The middle of the hive, in plane coordinates.
    center: Vec2,
}

/// Plane `(0, 0)` is the cell where every game's first piece goes.
const ORIGIN_AXIAL: IVec2 = IVec2::new(16, 16);

impl BoardLayout {
    /// The layout of `game`, keeping the coordinates `previous` gave to the
    /// cells that are still occupied.
    pub fn follow(previous: &BoardLayout, game: &Game) -> BoardLayout {
        let anchor = previous
            .occupied
            .iter()
            .filter(|(hex, _)| game.height(**hex) > 0)
            .min_by_key(|(hex, _)| **hex)
            .map(|(&hex, &plane)| (hex, plane))
            .or_else(|| {
                let hex = game.occupied_cells().next()?;
                Some((hex, previous.plane_of(hex)))
            });
        let Some((anchor, at)) = anchor else {
            return BoardLayout::default();
        };
        let occupied: HashMap<Hex, IVec2> = game
            .unwrapped_cells(anchor, (at.x, at.y))
            .into_iter()
            .map(|(hex, (q, r))| (hex, IVec2::new(q, r)))
            .collect();
        let sum = occupied.values().fold(Vec2::ZERO, |s, p| s + p.as_vec2());
        let center = sum / occupied.len() as f32;
        BoardLayout { occupied, center }
    }

    /// Plane coordinates of any cell: exact for occupied cells, the nearest
    /// copy to the hive for empty ones.
    pub fn plane_of(&self, hex: Hex) -> IVec2 {
        if let Some(&plane) = self.occupied.get(&hex) {
            return plane;
        }
        let near = self.center + ORIGIN_AXIAL.as_vec2();
        let (q, r) = hex.unwrap_near(near.x, near.y);
        IVec2::new(q, r) - ORIGIN_AXIAL
    }

    /// The cell at plane coordinates `plane`.
    pub fn hex_at(&self, plane: IVec2) -> Hex {
        let axial = plane + ORIGIN_AXIAL;
        Hex::from_axial(axial.x, axial.y)
    }

    /// The middle of the hive in plane coordinates (the origin when empty).
    pub fn center(&self) -> Vec2 {
        self.center
    }

    /// Occupied cells with their plane coordinates.
    pub fn occupied(&self) -> impl Iterator<Item = (Hex, IVec2)> + '_ {
        self.occupied.iter().map(|(&h, &p)| (h, p))
    }
}

fn update_layout(game: Res<CurrentGame>, mut layout: ResMut<BoardLayout>) {
    let next = BoardLayout::follow(&layout, game.game());
    *layout = next;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameType;

    #[test]
    fn first_piece_is_at_the_plane_origin_and_cells_round_trip() {
        let mut game = Game::new(GameType::BASE);
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        game.play(moves[0]).unwrap();
        let layout = BoardLayout::follow(&BoardLayout::default(), &game);
        assert_eq!(layout.plane_of(Hex::ORIGIN), IVec2::ZERO);
        for (q, r) in [(0, 0), (1, 0), (-2, 3), (5, -4)] {
            let plane = IVec2::new(q, r);
            assert_eq!(layout.plane_of(layout.hex_at(plane)), plane);
        }
    }
}
