//! The colours the panels give bugs and sides, so they tell apart at a
//! glance next to the board's art.

use bevy::prelude::*;

use crate::rules::{self, Bug};

/// The face of a White tile (for the panels).
const WHITE_TILE: Color = Color::srgb(0.93, 0.90, 0.82);
/// The face of a Black tile (for the panels).
const BLACK_TILE: Color = Color::srgb(0.17, 0.17, 0.19);

/// The colour of each bug in the panels, so bugs tell apart at a glance.
pub fn bug_color(bug: Bug) -> Color {
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

/// Which tile colour a side uses (for the panels too).
pub fn side_color(side: rules::Color) -> Color {
    match side {
        rules::Color::White => WHITE_TILE,
        rules::Color::Black => BLACK_TILE,
    }
}
