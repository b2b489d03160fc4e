//! The moves of the game, in standard (UHP) notation, one turn per row. A
//! click on a move shows the position after it (in review); while
//! reviewing, the move shown is highlighted and the later ones are dimmed.

use bevy_egui::egui;

use super::HudAction;
use super::records::RecordsRequest;
use crate::game::records::ReviewAction;
use crate::rules::Game;

/// The move list section of the side panel; returns the move clicked.
pub(super) fn show(
    ui: &mut egui::Ui,
    game: &Game,
    history: &super::GameRecord,
) -> Option<HudAction> {
    ui.label(egui::RichText::new("Moves").strong());
    ui.label(egui::RichText::new(game.turn_string()).weak());
    let cursor = history.ply();
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .stick_to_bottom(!history.reviewing())
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("move_list").striped(true).show(ui, |ui| {
                for (turn, pair) in history.line().chunks(2).enumerate() {
                    ui.label(format!("{}.", turn + 1));
                    for (i, text) in pair.iter().enumerate() {
                        // The position after this move.
                        let ply = turn * 2 + i + 1;
                        let mut label = egui::RichText::new(text).monospace();
                        if ply > cursor {
                            label = label.weak();
                        }
                        let current = history.reviewing() && ply == cursor;
                        let response = ui
                            .selectable_label(current, label)
                            .on_hover_text("Show the position after this move");
                        if response.clicked() {
                            clicked = Some(ply);
                        }
                    }
                    ui.end_row();
                }
            });
        });
    clicked.map(|ply| HudAction::Records(RecordsRequest::Review(ReviewAction::Goto(ply))))
}
