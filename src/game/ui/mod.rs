//! The egui panels drawn over the board: the main menu and the in-game top
//! bar. Panels run in bevy_egui's `EguiPrimaryContextPass` schedule, each
//! gated on its screen.

mod menu;
mod top_bar;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.add_plugins((menu::plugin, top_bar::plugin));
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
