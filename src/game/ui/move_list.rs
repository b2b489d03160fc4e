//! The moves played so far, in standard (UHP) notation, one turn per row.

use bevy_egui::egui;

use crate::rules::Game;

/// The move list section of the side panel.
pub(super) fn show(ui: &mut egui::Ui, game: &Game, notation: &[String]) {
    ui.label(egui::RichText::new("Moves").strong());
    ui.label(egui::RichText::new(game.turn_string()).weak());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("move_list").striped(true).show(ui, |ui| {
                for (turn, pair) in notation.chunks(2).enumerate() {
                    ui.label(format!("{}.", turn + 1));
                    for text in pair {
                        ui.monospace(text);
                    }
                    ui.end_row();
                }
            });
        });
}
