//! One entity per piece on the board, kept in step with the rules engine.
//!
//! After every change to [`CurrentGame`], `sync_pieces` spawns entities for
//! newly placed pieces, updates the cell, level and resting place of every
//! piece, and despawns pieces that left the board (a restart). The game is
//! the source of truth; the entities only mirror it.

use std::collections::HashMap;

use bevy::prelude::*;

use super::GameSystems;
use super::animation::Slide;
use super::board::{BoardLayout, CurrentGame, LayoutUpdate};
use super::hex_grid::hex_to_world;
use super::screens::Screen;
use crate::rules::{self, Bug, Hex, Piece};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        sync_pieces
            .in_set(GameSystems::Sync)
            .after(LayoutUpdate)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
}

/// Which piece this entity is (`wA1`, `bQ`, ...).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceId(pub Piece);

/// The cell a piece stands on, and that cell's plane coordinates.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The rules engine's cell.
    pub hex: Hex,
    /// Plane axial coordinates `(q, r)` for drawing (see `BoardLayout`).
    pub plane: IVec2,
}

/// The kind of bug.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BugKind(pub Bug);

/// The side a piece belongs to (the rules' `Color`, named apart from Bevy's).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side(pub rules::Color);

/// How high a piece sits: 0 on the ground, 1 on top of one piece, ...
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StackLevel(pub u8);

/// How far each stack level is drawn above the one below, in world units.
pub(super) const LEVEL_OFFSET: Vec2 = Vec2::new(0.0, 7.0);

/// Where a piece rests at plane cell `plane` and stack `level`: higher
/// pieces are shifted up (so the ones below peek out) and drawn in front.
pub fn resting_translation(plane: IVec2, level: u8) -> Vec3 {
    let at = hex_to_world(plane.x, plane.y) + LEVEL_OFFSET * f32::from(level);
    at.extend(1.0 + 2.0 * f32::from(level))
}

fn sync_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    mut pieces: Query<(
        Entity,
        &PieceId,
        &mut Position,
        &mut StackLevel,
        &mut Transform,
    )>,
) {
    let game = game.game();
    let mut on_board: HashMap<Piece, (Hex, u8)> = game
        .pieces_on_board()
        .map(|(piece, hex, level)| (piece, (hex, level)))
        .collect();
    for (entity, id, mut position, mut level, mut transform) in &mut pieces {
        let Some((hex, stack_level)) = on_board.remove(&id.0) else {
            commands.entity(entity).despawn();
            continue;
        };
        // A slide still running belongs to a position that no longer is
        // (a restart mid-animation); the new move's slide starts after this.
        commands.entity(entity).remove::<Slide>();
        let next = Position {
            hex,
            plane: layout.plane_of(hex),
        };
        position.set_if_neq(next);
        level.set_if_neq(StackLevel(stack_level));
        transform.translation = resting_translation(next.plane, stack_level);
    }
    for (piece, (hex, stack_level)) in on_board {
        let plane = layout.plane_of(hex);
        commands.spawn((
            Name::new(piece.to_string()),
            PieceId(piece),
            Position { hex, plane },
            BugKind(piece.bug()),
            Side(piece.color()),
            StackLevel(stack_level),
            Transform::from_translation(resting_translation(plane, stack_level)),
            Visibility::default(),
            DespawnOnExit(Screen::Playing),
        ));
    }
}
