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
//! is dropped by `pieces`, and the piece's scale is put back here.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::GameSystems;
use super::board::{BoardLayout, CurrentGame};
use super::camera::{BoardArea, MainCamera};
use super::hex_grid::{HEX_SIZE, hex_to_world};
use super::pieces::{LEVEL_OFFSET, PieceId, Position, StackLevel, resting_translation};
use super::turn::MovePlayed;
use crate::rules::{self, Bug, Game, Hex, Move};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>();
    app.add_message::<SkipAnimation>();
    app.add_observer(reset_scale_after_slide);
    app.add_systems(
        Update,
        (skip_slides, start_slides, advance_slides)
            .chain()
            .in_set(GameSystems::Animate),
    );
}

/// How fast pieces travel.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
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

    /// Whether pieces are put in place at once.
    pub fn is_off(&self) -> bool {
        // Written so that NaN counts as off.
        !(self.seconds_per_step > 0.0 && self.max_seconds > 0.0)
    }

    /// How long a travel of `steps` cells takes (0 when off).
    fn duration(&self, steps: usize) -> f32 {
        if self.is_off() {
            0.0
        } else {
            (self.seconds_per_step * steps.max(1) as f32).min(self.max_seconds)
        }
    }
}

/// Finish every animation now: each sliding piece snaps to its end.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct SkipAnimation;

/// A piece on its way: through `waypoints` over `duration` seconds.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Slide {
    waypoints: Vec<Waypoint>,
    /// Extra height at the middle of the way (a jump's arc), in levels.
    arc: f32,
    /// Where the piece rests at the end (its `resting_translation`).
    rest: Vec3,
    elapsed: f32,
    duration: f32,
}

/// A point of a piece's way: where on the table, and how high, in stack
/// levels (0 on the table, 1 on top of one piece, ...).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Waypoint {
    at: Vec2,
    level: f32,
}

impl Slide {
    /// How far along the slide is, from 0 to 1.
    pub fn progress(&self) -> f32 {
        if self.duration > 0.0 {
            (self.elapsed / self.duration).clamp(0.0, 1.0)
        } else {
            1.0
        }
    }

    /// How high the piece is now, in stack levels (fractions in between).
    pub fn level(&self) -> f32 {
        self.pose().1
    }

    /// How far the piece is above the straight way between where it
    /// started and where it lands, in stack levels: 0 for a walk, most in
    /// the middle of a jump or a climb. Drawing code may use it for a shadow.
    pub fn lift(&self) -> f32 {
        self.pose().2
    }

    /// The point on the table, the height and the lift at this moment.
    fn pose(&self) -> (Vec2, f32, f32) {
        let t = ease(self.progress());
        let (Some(first), Some(last)) = (self.waypoints.first(), self.waypoints.last()) else {
            return (self.rest.truncate(), 0.0, 0.0);
        };
        if t >= 1.0 {
            return (last.at, last.level, 0.0);
        }
        let segments = self.waypoints.len() - 1;
        let (at, level) = if segments == 0 {
            (first.at, first.level)
        } else {
            let x = t * segments as f32;
            let i = (x.floor() as usize).min(segments - 1);
            let (a, b) = (self.waypoints[i], self.waypoints[i + 1]);
            let f = x - i as f32;
            (a.at.lerp(b.at, f), a.level + (b.level - a.level) * f)
        };
        let level = level + self.arc * (std::f32::consts::PI * t).sin();
        let baseline = first.level + (last.level - first.level) * t;
        (at, level, (level - baseline).max(0.0))
    }

    /// The piece's transform at this moment: raised by its height, drawn
    /// above every stack, and a little larger the higher it flies.
    fn transform(&self) -> Transform {
        let (at, level, lift) = self.pose();
        Transform::from_translation((at + LEVEL_OFFSET * level).extend(SLIDE_Z + level)).with_scale(
            Vec3::new(1.0 + LIFT_SCALE * lift, 1.0 + LIFT_SCALE * lift, 1.0),
        )
    }
}

/// Drawn above every stack while moving.
const SLIDE_Z: f32 = 30.0;
/// How much bigger a piece looks per level it is lifted.
const LIFT_SCALE: f32 = 0.08;
/// A jump clears the tallest stack it passes by this many levels.
const JUMP_CLEARANCE: f32 = 0.9;
/// A climb bulges by this many levels at its middle.
const CLIMB_ARC: f32 = 0.5;
/// A placed piece flies this high on its way in.
const PLACE_ARC: f32 = 1.2;
/// A placement lasts as long as a walk of this many cells.
const PLACE_STEPS: usize = 5;

/// How a moved piece travels its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// On the table, cell by cell (ants, spiders, queens, pillbugs).
    Walk,
    /// In one arc over the pieces in between (grasshoppers, straight throws).
    Jump,
    /// Up onto the hive, across it and down, cell by cell (beetles,
    /// ladybugs, bent throws).
    Climb,
}

/// The shape of a move along `path` (the game as it is after the move;
/// `levels` the piece's height at each cell of the path).
fn shape_of(game: &Game, bug: Bug, path: &[Hex], levels: &[f32]) -> Shape {
    let between = &path[1..path.len().saturating_sub(1).max(1)];
    let on_table = levels.iter().all(|&level| level == 0.0);
    if between.is_empty() {
        return if on_table { Shape::Walk } else { Shape::Climb };
    }
    let over_pieces = between.iter().all(|&hex| game.height(hex) > 0);
    if !over_pieces {
        return if on_table { Shape::Walk } else { Shape::Climb };
    }
    let direction = path[0].direction_to(path[1]);
    let straight = path
        .windows(2)
        .all(|pair| pair[0].direction_to(pair[1]) == direction && direction.is_some());
    // A ladybug's way (three steps over two pieces) may be straight too.
    if straight && (bug == Bug::Grasshopper || path.len() != 4) {
        Shape::Jump
    } else {
        Shape::Climb
    }
}

/// The height the piece travels at on each cell of `path` (cells of the
/// game after the move): on top of whatever is on each cell now (at its
/// start, the pieces it stood on), and at `rest_level` on the last.
fn path_levels(game: &Game, path: &[Hex], rest_level: u8) -> Vec<f32> {
    let last = path.len().saturating_sub(1);
    path.iter()
        .enumerate()
        .map(|(i, &hex)| {
            if i == last {
                f32::from(rest_level)
            } else {
                f32::from(game.height(hex))
            }
        })
        .collect()
}

/// The slide of a piece moved along `path` (cells of the game after the
/// move) to its rest at `rest_level`.
fn slide_along(
    game: &Game,
    layout: &BoardLayout,
    bug: Bug,
    path: &[Hex],
    rest: Vec3,
    rest_level: u8,
    duration: f32,
) -> Option<Slide> {
    if path.len() < 2 {
        return None;
    }
    let last = path.len() - 1;
    let levels = path_levels(game, path, rest_level);
    let point = |i: usize| {
        let plane = layout.plane_of(path[i]);
        Waypoint {
            at: hex_to_world(plane.x, plane.y),
            level: levels[i],
        }
    };
    let end = Waypoint {
        at: rest.truncate() - LEVEL_OFFSET * f32::from(rest_level),
        level: f32::from(rest_level),
    };
    let (waypoints, arc) = match shape_of(game, bug, path, &levels) {
        Shape::Walk => {
            let mut points: Vec<Waypoint> = (0..last).map(point).collect();
            points.push(end);
            (points, 0.0)
        }
        Shape::Jump => {
            let top = levels[1..last].iter().copied().fold(0.0, f32::max);
            let ends = levels[0].max(levels[last]);
            (vec![point(0), end], (top - ends).max(0.0) + JUMP_CLEARANCE)
        }
        Shape::Climb => {
            let mut points: Vec<Waypoint> = (0..last).map(point).collect();
            points.push(end);
            (points, CLIMB_ARC)
        }
    };
    Some(Slide {
        waypoints,
        arc,
        rest,
        elapsed: 0.0,
        duration,
    })
}

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
    settings: Res<AnimationSettings>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    hands: HandEdges,
    pieces: Query<(Entity, &PieceId, &Position, &StackLevel)>,
) {
    for MovePlayed { mv, path } in played.read() {
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

/// Smooth start and stop.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_after(moves: &str) -> Game {
        let mut game = Game::new(rules::GameType::from_expansions("MLP").unwrap());
        for text in moves.split(';').filter(|t| !t.is_empty()) {
            game.play_move_string(text).unwrap();
        }
        game
    }

    /// The shape of `text` played after `moves`, with the path and levels
    /// worked out as `start_slides` does.
    fn shape_after(moves: &str, text: &str) -> Shape {
        let mut game = game_after(moves);
        let mv = game.parse_move(text).unwrap();
        let path = game.path_of(mv);
        game.play(mv).unwrap();
        let piece = mv.piece().unwrap();
        let rest_level = game.stack_level(piece).unwrap();
        let levels = path_levels(&game, &path, rest_level);
        shape_of(&game, piece.bug(), &path, &levels)
    }

    /// A line wG1 wA1 bA1 bQ with wQ above wA1 and a black piece `bX`
    /// below bA1 (all moves checked legal in a Base+MLP game).
    fn opening(black: &str) -> String {
        format!("wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;{black} bA1\\")
    }

    #[test]
    fn each_bug_travels_in_its_own_way() {
        // Queens and ants walk on the table.
        assert_eq!(
            shape_after("wA1;bA1 wA1-;wQ \\wA1;bQ bA1-", "wQ -wA1"),
            Shape::Walk
        );
        let ant = "wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wA2 -wA1;bB1 bQ-";
        assert_eq!(shape_after(ant, "wA2 bB1-"), Shape::Walk);
        // A grasshopper jumps its line.
        assert_eq!(shape_after(&opening("bB1"), "wG1 bQ-"), Shape::Jump);
        // A beetle climbs onto a piece, and down again.
        let beetle = format!("{};wG1 bQ-", opening("bB1"));
        assert_eq!(shape_after(&beetle, "bB1 bA1"), Shape::Climb);
        let on_top = format!("{beetle};bB1 bA1;wA2 -wQ");
        assert_eq!(shape_after(&on_top, "bB1 bA1\\"), Shape::Climb);
        // A ladybug goes over two pieces and down.
        let ladybug = format!("{};wA2 -wQ", opening("bL"));
        assert_eq!(shape_after(&ladybug, "bL wA1\\"), Shape::Climb);
    }

    #[test]
    fn a_jump_rises_above_what_it_jumps_and_lands_exactly() {
        let mut game = game_after(&opening("bB1"));
        let mv = game.parse_move("wG1 bQ-").unwrap();
        let path = game.path_of(mv);
        assert_eq!(path.len(), 5, "over wA1, bA1 and bQ");
        game.play(mv).unwrap();
        let layout = BoardLayout::follow(&BoardLayout::default(), &game);
        let to = game.position(mv.piece().unwrap()).unwrap();
        let rest = resting_translation(layout.plane_of(to), 0);
        let mut slide = slide_along(&game, &layout, Bug::Grasshopper, &path, rest, 0, 1.0).unwrap();
        slide.elapsed = 0.5;
        assert!(slide.level() > 1.0, "over the pieces: {}", slide.level());
        assert!(slide.lift() > 1.0);
        assert!(slide.transform().translation.z > SLIDE_Z);
        assert!(slide.transform().scale.x > 1.0);
        slide.elapsed = 1.0;
        assert_eq!(slide.pose().0, rest.truncate());
        assert_eq!(slide.level(), 0.0);
        assert_eq!(slide.lift(), 0.0);
    }

    #[test]
    fn a_beetle_is_drawn_higher_on_top_than_on_the_table() {
        let beetle = format!("{};wG1 bQ-", opening("bB1"));
        let mut game = game_after(&beetle);
        let mv = game.parse_move("bB1 bA1").unwrap();
        let path = game.path_of(mv);
        game.play(mv).unwrap();
        let layout = BoardLayout::follow(&BoardLayout::default(), &game);
        let to = game.position(mv.piece().unwrap()).unwrap();
        let rest = resting_translation(layout.plane_of(to), 1);
        let mut slide = slide_along(&game, &layout, Bug::Beetle, &path, rest, 1, 1.0).unwrap();
        let start = slide.transform().translation;
        assert_eq!(slide.level(), 0.0);
        slide.elapsed = 1.0;
        assert_eq!(slide.level(), 1.0);
        let end = slide.transform().translation;
        assert!(end.z > start.z, "higher on top");
        assert!(end.truncate().distance(rest.truncate()) < 1e-3);
    }

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
