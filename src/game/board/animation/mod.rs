//! Pieces travelling after a move, along the rules engine's path
//! (`Game::path_of`): an ant or a spider walks around the hive cell by
//! cell, a grasshopper hops in an arc over its line, a beetle or a ladybug
//! climbs up onto the hive and down again, a pillbug throw lifts the piece
//! over the pillbug and sets it down, and a placed piece flies in from its
//! player's hand panel (White's on the left, Black's on the right).
//!
//! The moved piece's entity gets a [`Slide`]; while any piece slides, the
//! turn is `Animating` and no move is taken. Motion is eased; how high the
//! piece is shows in its `Transform` (raised, drawn in front and a little
//! larger) and in [`Slide::lift`] for the drawing code. Durations come from
//! [`AnimationSettings`] (zero: pieces are put in place at once). A
//! [`SkipAnimation`] message (a click, Space) puts every sliding piece at
//! its end at once; a slide cut short by a change of game (restart, undo)
//! is dropped. When no piece slides any more, this feature ends the
//! `Animating` turn: the game awaits input again, or is over.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

mod slide;

pub use slide::Slide;

use self::slide::{PLACE_ARC, PLACE_STEPS, Waypoint, slide_along};
use super::camera::MainCamera;
use super::geometry::{HEX_SIZE, LEVEL_OFFSET, resting_translation};
use super::layout::BoardLayout;
use super::on_top::BoardArea;
use super::pieces::{PieceId, Position, StackLevel};
use crate::game::core::{CurrentGame, GameSystems, MovePlayed, Settings, Turn, TurnControl};
use crate::rules::{self, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SlideLimit>();
    app.add_message::<LimitSlides>();
    app.add_message::<SkipAnimation>();
    app.add_observer(reset_scale_after_slide);
    app.add_systems(
        Update,
        (
            drop_stale_slides.run_if(resource_changed::<CurrentGame>),
            limit_slides,
            skip_slides,
            start_slides,
            advance_slides,
            finish_animating.run_if(in_state(Turn::Animating)),
        )
            .chain()
            .in_set(GameSystems::Animate),
    );
}

/// The longest a slide may take now, whatever the animation speed: an
/// exhibition's pace sets it so that moves keep up (`None`: no limit),
/// through [`LimitSlides`].
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct SlideLimit(pub Option<f32>);

/// Asks for a new [`SlideLimit`] (seconds; `None`: no limit).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct LimitSlides(pub Option<f32>);

fn limit_slides(mut requests: MessageReader<LimitSlides>, mut limit: ResMut<SlideLimit>) {
    if let Some(&LimitSlides(wanted)) = requests.read().last() {
        limit.set_if_neq(SlideLimit(wanted));
    }
}

/// How fast pieces travel: the player's animation speed
/// ([`Settings::animation_speed`]) as times ([`AnimationSettings::of`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnimationSettings {
    /// Seconds per cell of the path; 0 puts pieces in place at once.
    pub seconds_per_step: f32,
    /// The longest a move takes, however long the path.
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

impl AnimationSettings {
    /// The times for the player's animation speed.
    pub fn of(settings: &Settings) -> Self {
        AnimationSettings::at_speed(settings.animation_speed)
    }

    /// The speeds offered to the player: a name and a speed factor (see
    /// [`AnimationSettings::at_speed`]).
    pub const SPEEDS: [(&'static str, f32); 4] =
        [("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Off", 0.0)];

    /// The settings for a speed factor: 1 normal, 2 twice as fast, 0 (or
    /// anything not above 0) no animation.
    pub fn at_speed(speed: f32) -> Self {
        if speed.is_nan() || speed <= 0.0 {
            return AnimationSettings {
                seconds_per_step: 0.0,
                max_seconds: 0.0,
            };
        }
        let normal = AnimationSettings::default();
        AnimationSettings {
            seconds_per_step: normal.seconds_per_step / speed,
            max_seconds: normal.max_seconds / speed,
        }
    }

    /// The speed factor of these settings (0 when animations are off), to
    /// two decimals: a speed read from the settings file and written back
    /// is the same number.
    pub fn speed(&self) -> f32 {
        if self.is_off() {
            0.0
        } else {
            let speed = AnimationSettings::default().max_seconds / self.max_seconds;
            (speed * 100.0).round() / 100.0
        }
    }

    /// A pause of `seconds` at the normal speed, scaled like the animations
    /// (none when they are off; at most two seconds).
    pub fn pause(&self, seconds: f32) -> f64 {
        let normal = AnimationSettings::default().seconds_per_step;
        if self.is_off() || normal <= 0.0 {
            return 0.0;
        }
        let scale = self.seconds_per_step / normal;
        f64::from((seconds * scale).clamp(0.0, 2.0))
    }

    /// Whether pieces are put in place at once.
    pub fn is_off(&self) -> bool {
        // Written so that NaN counts as off.
        !(self.seconds_per_step > 0.0 && self.max_seconds > 0.0)
    }

    /// How long a travel of `steps` cells takes (0 when off).
    pub(super) fn duration(&self, steps: usize) -> f32 {
        if self.is_off() {
            0.0
        } else {
            (self.seconds_per_step * steps.max(1) as f32).min(self.max_seconds)
        }
    }

    /// These settings with no slide longer than `limit`.
    pub(super) fn within(self, limit: SlideLimit) -> AnimationSettings {
        match limit.0 {
            Some(most) => AnimationSettings {
                max_seconds: self.max_seconds.min(most.max(0.0)),
                ..self
            },
            None => self,
        }
    }
}

/// Finish every animation now: each sliding piece snaps to its end.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct SkipAnimation;

/// Where pieces placed by each side come from: the inner edge of that
/// side's hand panel, found through the camera when there is one.
#[derive(SystemParam)]
struct HandEdges<'w, 's> {
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    area: Option<Res<'w, BoardArea>>,
}

impl HandEdges<'_, '_> {
    /// The world point a piece of `side` placed at `target` flies in from:
    /// just behind its hand panel, level with the target where possible.
    fn entry(&self, side: rules::Color, target: Vec2) -> Vec2 {
        let toward_hand = match side {
            rules::Color::White => -Vec2::X,
            rules::Color::Black => Vec2::X,
        };
        // Without a window (headless): far out on the hand's side.
        let fallback = target + toward_hand * HEX_SIZE * 16.0;
        let Ok((camera, transform)) = self.camera.single() else {
            return fallback;
        };
        let Some(area) = self.area.as_ref().and_then(|area| area.0) else {
            return fallback;
        };
        let y = camera
            .world_to_viewport(transform, target.extend(0.0))
            .map_or(area.center().y, |at| at.y.clamp(area.min.y, area.max.y));
        let x = match side {
            rules::Color::White => area.min.x,
            rules::Color::Black => area.max.x,
        };
        camera
            .viewport_to_world_2d(transform, Vec2::new(x, y))
            // Start a whole tile behind the panel's edge, out of sight.
            .map_or(fallback, |edge| edge + toward_hand * HEX_SIZE * 1.5)
    }
}

fn start_slides(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    (settings, limit): (Res<Settings>, Res<SlideLimit>),
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    hands: HandEdges,
    pieces: Query<(Entity, &PieceId, &Position, &StackLevel)>,
) {
    let settings = AnimationSettings::of(&settings).within(*limit);
    for MovePlayed { mv, path, .. } in played.read() {
        let Some(piece) = mv.piece() else { continue };
        let Some((entity, _, position, level)) = pieces.iter().find(|(_, id, ..)| id.0 == piece)
        else {
            continue;
        };
        let rest = resting_translation(position.plane, level.0);
        let slide = match mv {
            Move::Place { .. } => {
                let duration = settings.duration(PLACE_STEPS);
                let from = hands.entry(piece.color(), rest.truncate());
                let land = Waypoint {
                    at: rest.truncate() - LEVEL_OFFSET * f32::from(level.0),
                    level: f32::from(level.0),
                };
                Some(Slide {
                    waypoints: vec![
                        Waypoint {
                            at: from,
                            level: 0.0,
                        },
                        land,
                    ],
                    arc: PLACE_ARC,
                    rest,
                    elapsed: 0.0,
                    duration,
                })
            }
            Move::Move { .. } => {
                let duration = settings.duration(path.len().saturating_sub(1));
                slide_along(
                    game.game(),
                    &layout,
                    piece.bug(),
                    path,
                    rest,
                    level.0,
                    duration,
                )
            }
            Move::Pass => None,
        };
        let Some(slide) = slide.filter(|slide| slide.duration > 0.0) else {
            continue;
        };
        commands.entity(entity).insert((slide.transform(), slide));
    }
}

fn advance_slides(
    mut commands: Commands,
    time: Res<Time>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (entity, mut slide, mut transform) in &mut slides {
        slide.elapsed += time.delta_secs();
        if slide.progress() >= 1.0 {
            *transform = Transform::from_translation(slide.rest);
            commands.entity(entity).remove::<Slide>();
        } else {
            *transform = slide.transform();
        }
    }
}

/// A change of game (a restart, an undo, a jump in review) under a running
/// slide: it belongs to a position that no longer is, so it ends here; the
/// slide of a move just played starts after this.
fn drop_stale_slides(mut commands: Commands, slides: Query<Entity, With<Slide>>) {
    for entity in &slides {
        commands.entity(entity).remove::<Slide>();
    }
}

/// No piece slides any more: the turn moves on.
fn finish_animating(
    slides: Query<(), With<Slide>>,
    current: Res<CurrentGame>,
    mut turn: TurnControl,
) {
    if slides.is_empty() {
        turn.landed(current.game().status().is_over());
    }
}

fn skip_slides(
    mut commands: Commands,
    mut skips: MessageReader<SkipAnimation>,
    mut slides: Query<(Entity, &Slide, &mut Transform)>,
) {
    if skips.read().count() == 0 {
        return;
    }
    for (entity, slide, mut transform) in &mut slides {
        *transform = Transform::from_translation(slide.rest);
        commands.entity(entity).remove::<Slide>();
    }
}

/// However a slide ends (finished, skipped, or dropped by a restart), the
/// piece is back to its normal size.
fn reset_scale_after_slide(removed: On<Remove, Slide>, mut transforms: Query<&mut Transform>) {
    if let Ok(mut transform) = transforms.get_mut(removed.entity) {
        transform.scale = Vec3::ONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_round_trip_and_off_is_off() {
        for (name, speed) in AnimationSettings::SPEEDS {
            let settings = AnimationSettings::at_speed(speed);
            assert!((settings.speed() - speed).abs() < 1e-4, "{name}");
            assert_eq!(settings.is_off(), speed == 0.0, "{name}");
        }
        assert!(AnimationSettings::at_speed(f32::NAN).is_off());
        assert_eq!(AnimationSettings::at_speed(0.0).duration(5), 0.0);
        let normal = AnimationSettings::default();
        assert!(normal.duration(100) <= normal.max_seconds);
    }
}
