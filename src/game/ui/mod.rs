//! The egui panels drawn over the board: the main menu, and in a game the
//! top bar, the two hands, the move list, the message line, the stack
//! inspector, the game-over dialog, the records' controls (undo, redo,
//! review bar, save / load / import dialogs), and the bar floating over the
//! board (exhibition controls and evaluation, or the Hint button). Panels
//! run in bevy_egui's `EguiPrimaryContextPass` schedule, each gated on its
//! screen.

mod exhibition_bar;
mod game_over;
mod hands;
mod hud;
mod inspector;
mod menu;
mod move_list;
mod records;
mod top_bar;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, egui};

use crate::rules::Piece;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.add_plugins((
        menu::plugin,
        hud::plugin,
        exhibition_bar::plugin,
        records::plugin,
    ));
}

/// What a click in a panel asks for; the HUD system carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HudAction {
    /// Select a piece in hand.
    Select(Piece),
    /// Pass (only offered when it is the only legal move).
    Pass,
    /// Start the game again.
    Restart,
    /// Back to the main menu.
    MainMenu,
    /// Close the app.
    Quit,
    /// Undo, redo, review, a records dialog (see `records`).
    Records(records::RecordsRequest),
}

/// A `Ui` covering the whole window, to show panels in: since egui 0.36,
/// panels are shown inside a `Ui`, not directly on the context.
fn window_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A Bevy colour as egui's.
fn egui_color(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}
