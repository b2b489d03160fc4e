//! The dialog at the end of a game: who won (or a draw), and what next: a
//! new game, the main menu, or reviewing the game move by move.

use bevy_egui::egui;

use super::HudAction;
use super::records::RecordsRequest;
use crate::game::records::ReviewAction;
use crate::rules::{Game, GameStatus};

/// The dialog; returns the button clicked.
pub(super) fn show(ctx: &egui::Context, game: &Game) -> Option<HudAction> {
    let (title, detail) = match game.status() {
        GameStatus::WhiteWins => ("White wins!", "Black's queen is surrounded."),
        GameStatus::BlackWins => ("Black wins!", "White's queen is surrounded."),
        _ => ("Draw", "Both queens are surrounded."),
    };
    let mut action = None;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(title);
                ui.label(detail);
                ui.label(format!("after {} moves", game.ply()));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("New game").clicked() {
                        action = Some(HudAction::Restart);
                    }
                    if ui
                        .button("Review game")
                        .on_hover_text("Step through the moves of this game")
                        .clicked()
                    {
                        action = Some(HudAction::Records(RecordsRequest::Review(
                            ReviewAction::Enter,
                        )));
                    }
                    if ui.button("Main menu").clicked() {
                        action = Some(HudAction::MainMenu);
                    }
                });
            });
        });
    action
}
