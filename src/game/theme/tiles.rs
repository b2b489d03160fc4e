//! How pieces and highlights look, drawn with the [`Theme`]'s images: each
//! piece is a tile image in its side's colour with its bug's icon, its
//! number (`A1`, `A2`...) and, on a stack's top piece, a badge with the
//! stack's height; a shadow under every tile, deeper under stacked pieces,
//! makes the height read at a glance (the tiles themselves are drawn a
//! little higher per level by `pieces`). Highlight entities get the theme's
//! destination, selection or throwable overlay; markers show the last
//! move (its two cells, and the pillbug of a throw) and the cell under the
//! pointer; the pieces the player to move can move carry the theme's
//! `movable` mark; the pieces under a stack's top show as small tiles down
//! its left side, top first. While a piece slides (see
//! `animation`), the badges of its stack wait for it: the moving piece and
//! the pieces on its destination show none until it has landed. The look is
//! a child of the piece entity, so it grows with the piece's scale in flight.
//!
//! Only drawing lives here: the entities come from `pieces` and `selection`,
//! which run without a window. When the theme changes (a manifest saved
//! while playing), every piece is dressed again.

use bevy::prelude::*;

use super::manifest::side_index;
use super::{Theme, ThemeImage};
use crate::game::board::{
    self, BoardLayout, HEX_SIZE, PieceId, Position, Slide, StackLevel, hex_to_world,
    resting_translation,
};
use crate::game::core::{CurrentGame, GameSystems, Screen, Turn, last_move_cells};
use crate::game::play::{BoardCursor, Flash, Highlight, HighlightKind, HoveredCell, MovablePieces};
use crate::rules::{Game, Hex, Piece};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_markers);
    app.add_systems(
        Update,
        (
            dress_pieces,
            dress_highlights,
            dress_flashes,
            update_stack_badges.run_if(
                resource_changed::<CurrentGame>
                    .or_else(resource_changed::<Theme>)
                    .or_else(any_with_component::<Slide>)
                    .or_else(any_component_removed::<Slide>),
            ),
            show_covered_pieces.run_if(
                resource_changed::<CurrentGame>
                    .or_else(resource_changed::<Theme>)
                    .or_else(resource_changed::<BoardLayout>)
                    .or_else(any_component_removed::<Slide>),
            ),
            update_shadows
                .run_if(resource_changed::<CurrentGame>.or_else(resource_changed::<Theme>)),
            place_markers,
            show_movable_marks,
        )
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// A piece's visuals: the one child of a piece entity that `tiles` owns.
#[derive(Component, Debug, Default)]
struct PieceLook;

/// On a piece entity whose look has been spawned.
#[derive(Component, Debug, Default)]
struct Dressed;

/// The shadow under a tile.
#[derive(Component, Debug, Default)]
struct PieceShadow;

/// A small tile beside a stack showing one of the pieces under its top.
#[derive(Component, Debug, Default)]
struct CoveredPiece;

/// Above the last-move and hover marks, under the selection highlights.
const COVERED_Z: f32 = 39.7;

/// The lower pieces of every stack, top first, each as a small tile in a
/// strip down the stack's left side, so a beetle never hides what it sits
/// on (waiting, like the badges, for a piece on its way to land).
fn show_covered_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    sliding: Query<&Position, With<Slide>>,
    old: Query<Entity, With<CoveredPiece>>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let game = game.game();
    let landing: Vec<Hex> = sliding.iter().map(|position| position.hex).collect();
    let small = cell_box() * 0.44;
    let mut stacks: Vec<Hex> = game
        .occupied_cells()
        .filter(|&hex| game.height(hex) > 1 && !landing.contains(&hex))
        .collect();
    stacks.sort_by_key(|hex| hex.index());
    for hex in stacks {
        let plane = layout.plane_of(hex);
        let top = resting_translation(plane, game.height(hex) - 1).truncate();
        // Top first: the piece right under the top piece comes first.
        for (k, piece) in game.stack(hex).into_iter().rev().skip(1).enumerate() {
            let at = top + Vec2::new(-HEX_SIZE * 0.82, HEX_SIZE * 0.5 - k as f32 * small.y * 0.8);
            commands.spawn((
                Name::new(format!("Under {piece}")),
                CoveredPiece,
                Sprite {
                    image: theme.tile(piece.color()),
                    custom_size: Some(small),
                    ..default()
                },
                Transform::from_translation(at.extend(COVERED_Z + k as f32 * 0.01)),
                Visibility::default(),
                DespawnOnExit(Screen::Playing),
                children![(
                    sprite(
                        theme.bug(piece.bug(), piece.color()),
                        Vec2::splat(small.y * theme.icon_scale),
                    ),
                    Transform::from_translation((face_offset() * 0.44).extend(0.001)),
                )],
            ));
        }
    }
}

/// The mark on a piece the player to move can move (see `MovablePieces`).
#[derive(Component, Debug, Default)]
struct MovableMark;

/// The label in the corner of a stack's top piece: how many pieces it holds.
#[derive(Component, Debug, Default)]
struct StackBadge;

/// A marker drawn over the board that is not a selection highlight.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    /// The last move's first (0) or second (1) cell, or (2) the pillbug
    /// that threw the piece.
    LastMove(usize),
    /// The cell under the mouse pointer.
    Hover,
    /// The keyboard and gamepad cursor, when a key or the pad was used last.
    Cursor,
}

/// The box a tile image fills: a pointy-topped cell's bounding box.
fn cell_box() -> Vec2 {
    Vec2::new(HEX_SIZE * 3f32.sqrt(), HEX_SIZE * 2.0)
}

/// Where a tile's top face is centred, above the middle of its box (the
/// tile's thickness is drawn below the face).
fn face_offset() -> Vec2 {
    Vec2::new(0.0, HEX_SIZE * 2.0 * 4.0 / 256.0)
}

const LAST_MOVE_Z: f32 = 38.0;
const HOVER_Z: f32 = 39.0;
const CURSOR_Z: f32 = 39.5;

fn sprite(image: &ThemeImage, size: Vec2) -> Sprite {
    Sprite {
        image: image.image.clone(),
        color: image.color,
        custom_size: Some(size),
        ..default()
    }
}

/// Spawns the look of new pieces, and of every piece when the theme changed.
fn dress_pieces(
    mut commands: Commands,
    theme: Res<Theme>,
    pieces: Query<(Entity, &PieceId, &board::Bug, &board::Color, Has<Dressed>)>,
    looks: Query<Entity, With<PieceLook>>,
) {
    let redress = theme.is_changed();
    if redress {
        for look in &looks {
            commands.entity(look).despawn();
        }
    }
    let face = face_offset();
    let icon_size = Vec2::splat(HEX_SIZE * 2.0 * theme.icon_scale);
    for (entity, id, bug, side, dressed) in &pieces {
        if dressed && !redress {
            continue;
        }
        let number = if bug.0.count() > 1 {
            id.0.number().to_string()
        } else {
            String::new()
        };
        let mut font = TextFont::from_font_size(12.0);
        if let Some(handle) = &theme.font {
            font = font.with_font(handle.clone());
        }
        let look = commands
            .spawn((
                PieceLook,
                Transform::default(),
                Visibility::default(),
                children![
                    (
                        PieceShadow,
                        sprite(&theme.shadow, cell_box()),
                        Transform::from_xyz(0.0, 0.0, -0.6),
                    ),
                    (
                        Sprite {
                            image: theme.tile(side.0),
                            custom_size: Some(cell_box()),
                            ..default()
                        },
                        Transform::from_xyz(0.0, 0.0, 0.0),
                    ),
                    (
                        sprite(theme.bug(bug.0, side.0), icon_size),
                        Transform::from_translation(face.extend(0.1)),
                    ),
                    (
                        Text2d::new(number),
                        font,
                        TextColor(theme.labels[side_index(side.0)]),
                        Transform::from_xyz(HEX_SIZE * 0.56, -HEX_SIZE * 0.36, 0.2),
                    ),
                    (
                        MovableMark,
                        sprite(&theme.movable, cell_box()),
                        Transform::from_translation(face.extend(0.25)),
                        Visibility::Hidden,
                    ),
                    (
                        StackBadge,
                        sprite(&theme.badge, Vec2::splat(22.0)),
                        Transform::from_xyz(HEX_SIZE * 0.5, HEX_SIZE * 0.48, 0.3),
                        Visibility::Hidden,
                        children![(
                            Text2d::new(""),
                            TextFont::from_font_size(13.0),
                            TextColor(theme.badge_text),
                            Transform::from_xyz(0.0, 0.0, 0.1),
                        )],
                    ),
                ],
            ))
            .id();
        commands.entity(entity).insert(Dressed).add_child(look);
    }
}

/// Gives new highlights (and all of them when the theme changed) their
/// overlay image.
fn dress_highlights(
    mut commands: Commands,
    theme: Res<Theme>,
    highlights: Query<(Entity, &Highlight, Has<Sprite>)>,
) {
    for (entity, highlight, has_sprite) in &highlights {
        if has_sprite && !theme.is_changed() {
            continue;
        }
        let overlay = match highlight.kind {
            HighlightKind::Destination(_) => &theme.destination,
            HighlightKind::Considered(_) => &theme.considered,
            HighlightKind::Selected => &theme.selected,
            HighlightKind::Throwable(_) => &theme.throwable,
        };
        commands.entity(entity).insert(sprite(overlay, cell_box()));
    }
}

/// Draws the cells a message is about with the theme's flash overlay,
/// pulsing; a lesson's lit cells with its lesson overlay.
fn dress_flashes(
    mut commands: Commands,
    theme: Res<Theme>,
    mut flashes: Query<(Entity, &Flash, Option<&mut Sprite>)>,
) {
    for (entity, flash, sprite_now) in &mut flashes {
        let look = if flash.steady {
            &theme.lesson
        } else {
            &theme.flash
        };
        let mut color = look.color;
        color.set_alpha(color.alpha() * flash.strength());
        match sprite_now {
            Some(mut drawn) if !theme.is_changed() => drawn.color = color,
            _ => {
                let mut drawn = sprite(look, cell_box());
                drawn.color = color;
                commands.entity(entity).insert(drawn);
            }
        }
    }
}

/// The height shown on `piece`'s badge: the stack's height on a stack's top
/// piece, none on a single piece, under the top, or on a cell where a piece
/// is still on its way (`landing`: the cells of sliding pieces).
fn badge_height(game: &Game, piece: Piece, landing: &[Hex]) -> Option<u8> {
    let hex = game.position(piece)?;
    let height = game.height(hex);
    (game.top(hex) == Some(piece) && height > 1 && !landing.contains(&hex)).then_some(height)
}

/// Shows the height on each stack's top piece, once the pieces sliding onto
/// it have landed.
fn update_stack_badges(
    game: Res<CurrentGame>,
    pieces: Query<&PieceId>,
    sliding: Query<&Position, With<Slide>>,
    looks: Query<&ChildOf, With<PieceLook>>,
    mut badges: Query<(&ChildOf, &Children, &mut Visibility), With<StackBadge>>,
    mut texts: Query<&mut Text2d>,
) {
    let game = game.game();
    let landing: Vec<Hex> = sliding.iter().map(|position| position.hex).collect();
    for (child_of, children, mut visibility) in &mut badges {
        let Ok(id) = looks
            .get(child_of.parent())
            .and_then(|look| pieces.get(look.parent()))
        else {
            continue;
        };
        if let Some(height) = badge_height(game, id.0, &landing) {
            for &child in children {
                if let Ok(mut text) = texts.get_mut(child) {
                    let shown = format!("{height}");
                    if text.0 != shown {
                        text.0 = shown;
                    }
                }
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Shows the mark on the pieces the player to move can move, hides the rest.
fn show_movable_marks(
    movable: Res<MovablePieces>,
    pieces: Query<&PieceId>,
    looks: Query<&ChildOf, With<PieceLook>>,
    mut marks: Query<(&ChildOf, &mut Visibility), With<MovableMark>>,
) {
    for (child_of, mut visibility) in &mut marks {
        let shown = looks
            .get(child_of.parent())
            .and_then(|look| pieces.get(look.parent()))
            .is_ok_and(|id| movable.0.contains(&id.0));
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// A light shadow under ground pieces, a longer, darker one under pieces
/// on a stack (falling on the piece below).
fn update_shadows(
    theme: Res<Theme>,
    levels: Query<&StackLevel>,
    looks: Query<&ChildOf, With<PieceLook>>,
    mut shadows: Query<(&ChildOf, &mut Transform, &mut Sprite), With<PieceShadow>>,
) {
    for (child_of, mut transform, mut sprite) in &mut shadows {
        let Ok(level) = looks
            .get(child_of.parent())
            .and_then(|look| levels.get(look.parent()))
        else {
            continue;
        };
        let (offset, scale, strength) = if level.0 == 0 {
            (Vec2::new(1.5, -3.0), 1.0, 0.7)
        } else {
            (Vec2::new(3.5, -7.0), 1.06, 1.0)
        };
        transform.translation = offset.extend(-0.6);
        transform.scale = Vec3::new(scale, scale, 1.0);
        let alpha = theme.shadow.color.alpha() * strength;
        sprite.color = theme.shadow.color.with_alpha(alpha);
    }
}

fn spawn_markers(mut commands: Commands) {
    for marker in [
        Marker::LastMove(0),
        Marker::LastMove(1),
        Marker::LastMove(2),
        Marker::Hover,
        Marker::Cursor,
    ] {
        commands.spawn((
            Name::new("Board marker"),
            marker,
            Sprite::default(),
            Transform::default(),
            Visibility::Hidden,
            DespawnOnExit(Screen::Playing),
        ));
    }
}

/// Puts the last-move, hover and cursor markers on their cells, in the
/// theme's look.
fn place_markers(
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    (hovered, cursor): (Res<HoveredCell>, Res<BoardCursor>),
    turn: Res<State<Turn>>,
    theme: Res<Theme>,
    mut last_cells: Local<Option<Vec<Hex>>>,
    mut markers: Query<(&Marker, &mut Transform, &mut Sprite, &mut Visibility)>,
) {
    if game.is_changed() || last_cells.is_none() {
        *last_cells = Some(last_move_cells(game.game()));
    }
    let last_cells = last_cells.as_deref().unwrap_or_default();
    let game = game.game();
    // The top of the stack on a cell, or the ground of an empty one.
    let top_of = |plane: IVec2, hex| {
        let height = game.height(hex);
        if height > 0 {
            resting_translation(plane, height - 1).truncate()
        } else {
            hex_to_world(plane.x, plane.y)
        }
    };
    for (marker, mut transform, mut sprite, mut visibility) in &mut markers {
        let (at, look, z) = match *marker {
            Marker::LastMove(i) => (
                last_cells
                    .get(i)
                    .map(|&hex| top_of(layout.plane_of(hex), hex)),
                &theme.last_move,
                LAST_MOVE_Z,
            ),
            Marker::Hover => (
                hovered.0.map(|(plane, hex)| top_of(plane, hex)),
                &theme.hover,
                HOVER_Z,
            ),
            Marker::Cursor => (
                // Shown while a move can be chosen or a piece slides.
                cursor
                    .plane()
                    .filter(|_| {
                        cursor.visible()
                            && matches!(turn.get(), Turn::AwaitingInput | Turn::Animating)
                    })
                    .map(|plane| top_of(plane, layout.hex_at(plane))),
                &theme.cursor,
                CURSOR_Z,
            ),
        };
        match at {
            Some(at) => {
                let translation = at.extend(z);
                if transform.translation != translation {
                    transform.translation = translation;
                }
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
        if theme.is_changed() || sprite.custom_size.is_none() {
            *sprite = self::sprite(look, cell_box());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{self, Bug};

    #[test]
    fn a_stack_badge_waits_for_the_climbing_piece() {
        let mut game = Game::new(rules::GameType::from_expansions("MLP").unwrap());
        // The black beetle climbs onto the black ant (checked legal).
        let moves = "wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;bB1 bA1\\;wG1 bQ-;bB1 bA1";
        for text in moves.split(';') {
            game.play_move_string(text).unwrap();
        }
        let beetle = Piece::new(rules::Color::Black, Bug::Beetle, 1).unwrap();
        let ant = Piece::new(rules::Color::Black, Bug::Ant, 1).unwrap();
        let hex = game.position(beetle).unwrap();
        assert_eq!(game.height(hex), 2);
        // Landed: the top piece shows the height, the one under it nothing.
        assert_eq!(badge_height(&game, beetle, &[]), Some(2));
        assert_eq!(badge_height(&game, ant, &[]), None);
        // On its way there: no badge on that cell.
        assert_eq!(badge_height(&game, beetle, &[hex]), None);
        assert_eq!(badge_height(&game, ant, &[hex]), None);
        // A piece sliding elsewhere changes nothing here.
        let queen = Piece::new(rules::Color::White, Bug::Queen, 1).unwrap();
        let elsewhere = game.position(queen).unwrap();
        assert_eq!(badge_height(&game, beetle, &[elsewhere]), Some(2));
        assert_eq!(badge_height(&game, queen, &[]), None);
    }
}
