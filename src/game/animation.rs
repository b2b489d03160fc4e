//! Pieces sliding along their path after a move: an ant walks around the
//! hive, a grasshopper jumps its line, a thrown piece goes over the pillbug.
//!
//! The moved piece's entity gets a [`Slide`] through the cells from
//! `Game::path_of`; while any piece slides, the turn is `Animating`.

use bevy::prelude::*;

use super::GameSystems;
use super::board::{BoardLayout, CurrentGame};
use super::hex_grid::hex_to_world;
use super::pieces::{PieceId, Position, StackLevel, resting_translation};
use super::turn::MovePlayed;
use crate::rules::Move;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>();
    app.add_systems(
        Update,
        (start_slides, advance_slides)
            .chain()
            .in_set(GameSystems::Animate),
    );
}

/// How fast pieces slide.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AnimationSettings {
    /// Seconds per cell of the path; 0 puts pieces in place at once.
    pub seconds_per_step: f32,
    /// The longest a slide takes, however long the path.
    pub max_seconds: f32,
}

impl Default for AnimationSettings {
    fn default() -> Self {
        AnimationSettings {
            seconds_per_step: 0.12,
            max_seconds: 0.8,
        }
    }
}

/// A piece on its way: through `waypoints` (world space) over `duration`.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Slide {
    waypoints: Vec<Vec3>,
    elapsed: f32,
    duration: f32,
}

/// Drawn above every stack while moving.
const SLIDE_Z: f32 = 30.0;
/// A placed piece drops in from this far above its cell.
const PLACE_DROP: Vec2 = Vec2::new(0.0, 28.0);

fn start_slides(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    settings: Res<AnimationSettings>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    pieces: Query<(Entity, &PieceId, &Position, &StackLevel)>,
) {
    for MovePlayed { mv, path } in played.read() {
        let Some(piece) = mv.piece() else { continue };
        let Some((entity, _, position, level)) = pieces.iter().find(|(_, id, ..)| id.0 == piece)
        else {
            continue;
        };
        let rest = resting_translation(position.plane, level.0);
        let mut waypoints: Vec<Vec3> = match mv {
            Move::Place { .. } => vec![(rest.truncate() + PLACE_DROP).extend(SLIDE_Z)],
            _ => path
                .iter()
                .map(|&hex| {
                    let plane = layout.plane_of(hex);
                    // The piece travels on top of whatever is there now.
                    let lift = super::pieces::LEVEL_OFFSET * f32::from(game.game().height(hex));
                    (hex_to_world(plane.x, plane.y) + lift).extend(SLIDE_Z)
                })
                .collect(),
        };
        if waypoints.len() > 1 {
            waypoints.pop();
        }
        waypoints.push(rest);
        let steps = (waypoints.len() - 1).max(1) as f32;
        let duration = (settings.seconds_per_step * steps).min(settings.max_seconds);
        if duration <= 0.0 || waypoints.len() < 2 {
            continue;
        }
        commands.entity(entity).insert(Slide {
            waypoints,
            elapsed: 0.0,
            duration,
        });
    }
}

fn advance_slides(
    mut commands: Commands,
    time: Res<Time>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (entity, mut slide, mut transform) in &mut slides {
        slide.elapsed += time.delta_secs();
        let t = (slide.elapsed / slide.duration).clamp(0.0, 1.0);
        transform.translation = point_along(&slide.waypoints, ease(t));
        if t >= 1.0 {
            commands.entity(entity).remove::<Slide>();
        }
    }
}

/// Smooth start and stop.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// The point a fraction `t` of the way along the polyline, by segments.
fn point_along(points: &[Vec3], t: f32) -> Vec3 {
    let segments = points.len() - 1;
    let x = t * segments as f32;
    let i = (x.floor() as usize).min(segments - 1);
    points[i].lerp(points[i + 1], x - i as f32)
}
