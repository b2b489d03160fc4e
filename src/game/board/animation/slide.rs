//! A piece's way after a move, as waypoints with heights: its shape (a
//! walk, a jump, a climb) read from the path the rules engine gives, and
//! where the piece is at each moment of it.

use bevy::prelude::*;

use crate::game::board::geometry::{LEVEL_OFFSET, hex_to_world};
use crate::game::board::layout::BoardLayout;
use crate::rules::{Bug, Game, Hex};

/// A piece on its way: through `waypoints` over `duration` seconds.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Slide {
    pub(super) waypoints: Vec<Waypoint>,
    /// Extra height at the middle of the way (a jump's arc), in levels.
    pub(super) arc: f32,
    /// Where the piece rests at the end (its `resting_translation`).
    pub(super) rest: Vec3,
    pub(super) elapsed: f32,
    pub(super) duration: f32,
}

/// A point of a piece's way: where on the table, and how high, in stack
/// levels (0 on the table, 1 on top of one piece, ...).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Waypoint {
    pub(super) at: Vec2,
    pub(super) level: f32,
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
    pub(super) fn transform(&self) -> Transform {
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
pub(super) const PLACE_ARC: f32 = 1.2;
/// A placement lasts as long as a walk of this many cells.
pub(super) const PLACE_STEPS: usize = 5;

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
pub(super) fn slide_along(
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

/// Smooth start and stop.
pub(super) fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board::geometry::resting_translation;
    use crate::rules;

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
}
