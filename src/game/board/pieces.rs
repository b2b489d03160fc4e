//! One entity per piece on the board, with the design card's components:
//! [`Position`], [`Bug`], [`Color`] and [`StackLevel`] (and [`PieceId`],
//! which piece it is).
//!
//! The rules engine's [`CurrentGame`] is the source of truth and the
//! entities are its mirror. That is deliberate: the AI searches millions
//! of positions a second on a compact board it can play and undo in place,
//! which entities could never be; legal moves and the pillbug's power come
//! from the same engine, so the game on screen and the game the AI thinks
//! about can never disagree. After every change of the game, `sync_pieces`
//! spawns entities for newly placed pieces, updates the cell and level of
//! every piece, and despawns pieces that left the board (a restart, an undo).
//!
//! `Color` here is the side a piece belongs to; it is used qualified
//! (`pieces::Color`) next to Bevy's colour type.

use std::collections::HashMap;

use bevy::prelude::*;

use super::geometry::resting_translation;
use super::layout::{BoardLayout, LayoutUpdate};
use crate::game::core::{CurrentGame, GameSystems, Screen};
use crate::rules::{self, Hex, Piece};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        sync_pieces
            .in_set(GameSystems::Sync)
            .in_set(PieceSync)
            .after(LayoutUpdate)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
}

/// Updating the piece entities from the game; what reads them runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceSync;

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
pub struct Bug(pub rules::Bug);

/// The side a piece belongs to (the rules' colour; use it qualified next to
/// Bevy's `Color`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color(pub rules::Color);

/// How high a piece sits: 0 on the ground, 1 on top of one piece, ...
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StackLevel(pub u8);

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
        let next = Position {
            hex,
            plane: layout.plane_of(hex),
        };
        position.set_if_neq(next);
        level.set_if_neq(StackLevel(stack_level));
        let rest = resting_translation(next.plane, stack_level);
        if transform.translation != rest {
            transform.translation = rest;
        }
    }
    for (piece, (hex, stack_level)) in on_board {
        let plane = layout.plane_of(hex);
        commands.spawn((
            Name::new(piece.to_string()),
            PieceId(piece),
            Position { hex, plane },
            Bug(piece.bug()),
            Color(piece.color()),
            StackLevel(stack_level),
            Transform::from_translation(resting_translation(plane, stack_level)),
            Visibility::default(),
            DespawnOnExit(Screen::Playing),
        ));
    }
}
