//! Playing on the board: selecting a piece and seeing where it may go, the
//! automatic pass, the devices (keyboard and gamepad; with a window, the mouse pointer and the
//! bridge to egui's focus) turned into one kind of intent, and the input
//! dispatcher (`intents`) that carries those intents out with the board
//! cursor.

pub mod auto_pass;
pub mod devices;
pub mod drag;
pub mod egui_focus;
pub mod flash;
pub mod intents;
pub mod movable;
pub mod pointer;
pub mod selection;

use bevy::prelude::*;
use bevy_egui::EguiPreUpdateSet;

pub use devices::{GameIntent, InputDevice, ReadDevices};
pub use drag::{CellDropped, DragFrom, PointerDrag};
pub use egui_focus::FocusTopBar;
pub use flash::Flash;
pub use intents::BoardCursor;
pub use movable::{MovablePieces, movable_pieces};
pub use pointer::{HandSlots, HandsDrawn, HoveredCell};
pub use selection::{
    CellClicked, ClearSelection, Highlight, HighlightKind, HighlightSync, SelectPiece, Selection,
    SuggestSelection, highlight,
};

use crate::game::core::{ClockSync, CurrentGame, GameSystems, Players, Screen, Turn, TurnChecks};

/// What runs without a window: selection, keyboard and gamepad, the cursor.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        selection::plugin,
        devices::plugin,
        intents::plugin,
        flash::plugin,
    ));
    app.init_resource::<auto_pass::PendingPass>();
    app.init_resource::<MovablePieces>();
    app.init_resource::<PointerDrag>();
    app.add_message::<CellDropped>();
    app.add_systems(
        Update,
        drag::handle_drops
            .in_set(GameSystems::Select)
            .after(selection::handle_selection_requests)
            .before(auto_pass::pass_when_forced)
            .run_if(in_state(Turn::AwaitingInput)),
    );
    app.add_systems(
        Update,
        movable::update_movable_pieces
            .in_set(GameSystems::Sync)
            // The turn as the frame's checks leave it.
            .after(TurnChecks)
            .after(ClockSync)
            .run_if(
                in_state(Screen::Playing).and_then(
                    resource_changed::<CurrentGame>
                        .or_else(state_changed::<Turn>)
                        .or_else(resource_changed::<Players>),
                ),
            ),
    );
    app.add_systems(
        Update,
        auto_pass::pass_when_forced
            .in_set(GameSystems::Select)
            .after(selection::handle_selection_requests)
            .run_if(in_state(Turn::AwaitingInput)),
    );
}

/// The pointer and the bridge to egui: they need a window.
pub(super) fn view_plugin(app: &mut App) {
    app.init_resource::<HoveredCell>();
    app.init_resource::<HandSlots>();
    app.add_message::<HandsDrawn>();
    app.add_message::<FocusTopBar>();
    app.add_systems(
        Update,
        (pointer::hide_cursor_for_the_mouse, pointer::track_pointer)
            .chain()
            .in_set(GameSystems::Input)
            .in_set(ReadDevices)
            .run_if(in_state(Screen::Playing)),
    );
    // Every frame, so a press on another screen is not read in a game.
    app.add_systems(
        Update,
        (pointer::keep_hand_slots, pointer::read_pointer_events)
            .chain()
            .after(pointer::track_pointer)
            .in_set(GameSystems::Input)
            .in_set(ReadDevices),
    );
    app.add_systems(
        PreUpdate,
        egui_focus::drive_egui_focus
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}
