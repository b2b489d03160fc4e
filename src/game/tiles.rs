//! How pieces and highlights look: hex tiles in the two side colours with a
//! coloured disc and the bug's letter, stack badges (the height in a yellow
//! dot on a stack's top piece), translucent
//! destination cells, and outlines for the selection, the pieces a pillbug
//! can throw and the last move.
//!
//! Only drawing lives here: the entities come from `pieces` and `selection`,
//! which run without a window. Sprites can replace the disc and letter later
//! by changing `dress_pieces` alone.

use bevy::prelude::*;

use super::GameSystems;
use super::board::{BoardLayout, CurrentGame};
use super::hex_grid::{HEX_SIZE, hex_to_world};
use super::input::HoveredCell;
use super::pieces::{BugKind, PieceId, Side, resting_translation};
use super::screens::Screen;
use super::selection::{Highlight, HighlightKind};
use crate::rules::{self, Bug, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (load_tile_assets, thicker_outlines));
    app.add_systems(
        Update,
        (
            dress_pieces,
            dress_highlights,
            update_stack_badges.run_if(resource_changed::<CurrentGame>),
            draw_outlines,
        )
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The label in the corner of a stack's top piece: how many pieces it holds.
#[derive(Component, Debug, Default)]
struct StackBadge;

/// Meshes and materials shared by every tile.
#[derive(Resource)]
struct TileAssets {
    tile: Handle<Mesh>,
    rim: Handle<Mesh>,
    disc: Handle<Mesh>,
    cell: Handle<Mesh>,
    side: [Handle<ColorMaterial>; 2],
    rim_material: [Handle<ColorMaterial>; 2],
    bug: [Handle<ColorMaterial>; 8],
    destination: Handle<ColorMaterial>,
    badge: Handle<Mesh>,
    badge_material: Handle<ColorMaterial>,
}

/// The face of a White tile.
const WHITE_TILE: Color = Color::srgb(0.93, 0.90, 0.82);
/// The face of a Black tile.
const BLACK_TILE: Color = Color::srgb(0.17, 0.17, 0.19);
const DESTINATION: Color = Color::srgba(0.35, 0.85, 0.45, 0.45);
const SELECTED: Color = Color::srgb(1.0, 0.85, 0.2);
const THROWABLE: Color = Color::srgb(1.0, 0.55, 0.15);
const LAST_MOVE: Color = Color::srgb(0.35, 0.65, 1.0);
const HOVER: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);

/// The colour of each bug's disc, so bugs tell apart at a glance.
pub(super) fn bug_color(bug: Bug) -> Color {
    match bug {
        Bug::Queen => Color::srgb(0.95, 0.72, 0.10),
        Bug::Ant => Color::srgb(0.25, 0.50, 0.95),
        Bug::Grasshopper => Color::srgb(0.30, 0.70, 0.30),
        Bug::Spider => Color::srgb(0.62, 0.40, 0.22),
        Bug::Beetle => Color::srgb(0.58, 0.36, 0.80),
        Bug::Mosquito => Color::srgb(0.50, 0.52, 0.55),
        Bug::Ladybug => Color::srgb(0.85, 0.22, 0.22),
        Bug::Pillbug => Color::srgb(0.15, 0.65, 0.68),
    }
}

fn load_tile_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let side_colors = [WHITE_TILE, BLACK_TILE];
    let rim_colors = [Color::srgb(0.55, 0.52, 0.46), Color::srgb(0.55, 0.55, 0.60)];
    commands.insert_resource(TileAssets {
        tile: meshes.add(RegularPolygon::new(HEX_SIZE - 5.0, 6)),
        rim: meshes.add(RegularPolygon::new(HEX_SIZE - 2.0, 6)),
        disc: meshes.add(Circle::new(HEX_SIZE * 0.5)),
        cell: meshes.add(RegularPolygon::new(HEX_SIZE - 4.0, 6)),
        side: side_colors.map(|c| materials.add(c)),
        rim_material: rim_colors.map(|c| materials.add(c)),
        bug: Bug::ALL.map(|b| materials.add(bug_color(b))),
        destination: materials.add(DESTINATION),
        badge: meshes.add(Circle::new(10.0)),
        badge_material: materials.add(Color::srgb(1.0, 0.85, 0.3)),
    });
}

fn thicker_outlines(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 3.0;
}

fn dress_pieces(
    mut commands: Commands,
    assets: Res<TileAssets>,
    pieces: Query<(Entity, &PieceId, &BugKind, &Side), Added<PieceId>>,
) {
    for (entity, id, bug, side) in &pieces {
        let side = side.0.index();
        let letter = bug.0.letter().to_string();
        let number = if bug.0.count() > 1 {
            id.0.number().to_string()
        } else {
            String::new()
        };
        commands
            .entity(entity)
            .insert((
                Mesh2d(assets.tile.clone()),
                MeshMaterial2d(assets.side[side].clone()),
            ))
            .with_children(|tile| {
                tile.spawn((
                    Mesh2d(assets.rim.clone()),
                    MeshMaterial2d(assets.rim_material[side].clone()),
                    Transform::from_xyz(0.0, 0.0, -0.5),
                ));
                tile.spawn((
                    Mesh2d(assets.disc.clone()),
                    MeshMaterial2d(assets.bug[bug.0 as usize].clone()),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                tile.spawn((
                    Text2d::new(letter),
                    TextFont::from_font_size(24.0),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 1.0, 0.2),
                ));
                tile.spawn((
                    Text2d::new(number),
                    TextFont::from_font_size(12.0),
                    TextColor(if side == 0 {
                        Color::srgb(0.3, 0.3, 0.3)
                    } else {
                        Color::srgb(0.8, 0.8, 0.8)
                    }),
                    Transform::from_xyz(HEX_SIZE * 0.55, -HEX_SIZE * 0.3, 0.2),
                ));
                tile.spawn((
                    StackBadge,
                    Mesh2d(assets.badge.clone()),
                    MeshMaterial2d(assets.badge_material.clone()),
                    Transform::from_xyz(HEX_SIZE * 0.5, HEX_SIZE * 0.45, 0.3),
                    Visibility::Hidden,
                    children![(
                        Text2d::new(""),
                        TextFont::from_font_size(13.0),
                        TextColor(Color::BLACK),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    )],
                ));
            });
    }
}

fn dress_highlights(
    mut commands: Commands,
    assets: Res<TileAssets>,
    highlights: Query<(Entity, &Highlight), Added<Highlight>>,
) {
    for (entity, highlight) in &highlights {
        if let HighlightKind::Destination(_) = highlight.kind {
            commands.entity(entity).insert((
                Mesh2d(assets.cell.clone()),
                MeshMaterial2d(assets.destination.clone()),
            ));
        }
    }
}

fn update_stack_badges(
    game: Res<CurrentGame>,
    pieces: Query<&PieceId>,
    mut badges: Query<(&ChildOf, &Children, &mut Visibility), With<StackBadge>>,
    mut texts: Query<&mut Text2d>,
) {
    let game = game.game();
    for (child_of, children, mut visibility) in &mut badges {
        let Ok(id) = pieces.get(child_of.parent()) else {
            continue;
        };
        let height = game.position(id.0).map_or(0, |hex| game.height(hex));
        let on_top = game.position(id.0).and_then(|hex| game.top(hex)) == Some(id.0);
        if on_top && height > 1 {
            for &child in children {
                if let Ok(mut text) = texts.get_mut(child) {
                    text.0 = format!("{height}");
                }
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

fn draw_outlines(
    mut gizmos: Gizmos,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    hovered: Res<HoveredCell>,
    highlights: Query<(&Highlight, &Transform)>,
) {
    if let Some((plane, hex)) = hovered.0 {
        let level = game.game().height(hex).saturating_sub(1);
        let at = resting_translation(plane, level).truncate();
        gizmos.primitive_2d(
            &RegularPolygon::new(HEX_SIZE - 8.0, 6),
            Isometry2d::from_translation(at),
            HOVER,
        );
    }
    let ring = RegularPolygon::new(HEX_SIZE - 4.0, 6);
    for (highlight, transform) in &highlights {
        let color = match highlight.kind {
            HighlightKind::Selected => SELECTED,
            HighlightKind::Throwable(_) => THROWABLE,
            HighlightKind::Destination(_) => continue,
        };
        gizmos.primitive_2d(
            &ring,
            Isometry2d::from_translation(transform.translation.truncate()),
            color,
        );
    }
    let game = game.game();
    let Some(last) = game.last_move() else { return };
    let cells = match last {
        Move::Place { to, .. } => vec![to],
        Move::Move { from, to, .. } => vec![from, to],
        Move::Pass => Vec::new(),
    };
    let small = RegularPolygon::new(HEX_SIZE - 6.0, 6);
    for hex in cells {
        let plane = layout.plane_of(hex);
        let level = game.height(hex).saturating_sub(1);
        let at = if game.height(hex) > 0 {
            resting_translation(plane, level).truncate()
        } else {
            hex_to_world(plane.x, plane.y)
        };
        gizmos.primitive_2d(&small, Isometry2d::from_translation(at), LAST_MOVE);
    }
}

/// Which tile colour a side uses (for the panels too).
pub(super) fn side_color(side: rules::Color) -> Color {
    match side {
        rules::Color::White => WHITE_TILE,
        rules::Color::Black => BLACK_TILE,
    }
}
