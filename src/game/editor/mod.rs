//! The position editor ("Set up a position"): a board edited by hand,
//! checked for the reasons it could not arise in a game, and handed to the
//! board as a game for play or analysis, or to the clipboard as a
//! GameString.
//!
//! - `editing`: the position being edited ([`Editor`]), the requests the
//!   screen and a game's analysis panel send ([`EditorRequest`]), and the
//!   hand-off, whose search for a game reaching the position runs on the
//!   async compute pool;
//! - `layout`: the board's frame and the hands' slots, which stay put
//!   while the player edits;
//! - `screen` and `board_view`: the editor's screen, its board and hands
//!   drawn with the theme's tiles (added by [`view_plugin`]).

mod board_view;
mod editing;
pub mod layout;
mod screen;

use bevy::prelude::*;

use crate::game::core::{GameSystems, Screen};
use crate::game::saves::PositionChanges;

pub use editing::{Editor, EditorRequest, EditorStatus, Goal};
pub use layout::{BoardFrame, HandSlot, hand_slots};

/// The editor's requests and its hand-off to the board, in the frame's
/// `Jump` set after the records' changes (a lesson or a puzzle set up
/// in the same frame comes after).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EditorSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(editing::plugin);
    app.add_systems(
        Update,
        (
            editing::handle_requests,
            editing::collect_the_game,
            editing::set_up_the_game.run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(EditorSystems)
            .in_set(GameSystems::Jump)
            .after(PositionChanges),
    );
}

/// The editor's screen.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(screen::plugin);
}
