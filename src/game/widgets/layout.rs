//! Where the in-game panels sit, for those placed beside or below others:
//! the side panels' width, and the id of the bar floating over the board.

/// Width of each side panel, in logical pixels: a fifth of the window,
/// between these two (two stacks of a hand per row at the narrowest, three
/// at the widest), so a window of 800 pixels keeps most of itself for the
/// board.
const SIDE_PANEL_WIDTH: std::ops::RangeInclusive<f32> = 150.0..=210.0;

/// The side panels' width in a window `width` pixels wide.
pub(in crate::game) fn side_panel_width(width: f32) -> f32 {
    (width * 0.19).clamp(*SIDE_PANEL_WIDTH.start(), *SIDE_PANEL_WIDTH.end())
}

/// The exhibition bar's window (and area) id, floating over the board.
pub(in crate::game) const BAR_ID: &str = "exhibition_bar";
