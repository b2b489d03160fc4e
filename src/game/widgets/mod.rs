//! The shared egui pieces every screen draws with: a `Ui` over the whole
//! window, the top of a learning screen, egui's colours from the theme (and
//! the message line's), the pieces drawn with the theme's art, where the
//! side panels sit, the file picker's words, the question about a game
//! waiting in its autosave, a row of buttons with their tooltips, and a
//! few things said the same way everywhere (a preset's name, a result). Below the features, so that their own
//! screens can use them; the frame (`ui`) uses them too.

pub(in crate::game) mod layout;
pub(in crate::game) mod learning;
mod picker;
mod piece_art;
pub(in crate::game) mod style;
mod waiting;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::ai::Difficulty;
use crate::records::GameResult;
use crate::text::Texts;

pub(in crate::game) use layout::{BAR_ID, side_panel_width};
pub(in crate::game) use picker::picker_labels;
pub(in crate::game) use piece_art::{PieceArt, TILE};
pub(in crate::game) use style::notice_color;
pub(in crate::game) use waiting::{
    WaitingAnswer, ask_about_waiting_exhibition, ask_about_waiting_game, waiting_to_ask_about,
};

/// A `Ui` covering the whole window, to show panels in: since egui 0.36,
/// panels are shown inside a `Ui`, not directly on the context.
pub(in crate::game) fn window_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A preset's name in the player's language ("Medium", "Media").
pub(in crate::game) fn difficulty_name(words: &Texts, difficulty: Difficulty) -> String {
    crate::game::core::difficulty_name(words, difficulty)
}

/// A Bevy colour as egui's.
pub(in crate::game) fn egui_color(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The top of a learning screen (Learn to play, Puzzles): Main menu, the
/// title, how far the player has got, a line on what the screen is, the
/// files that could not be read, and the screen's own buttons (`extra`).
/// Returns whether Main menu was clicked.
pub(in crate::game) fn learning_header(
    ui: &mut egui::Ui,
    words: &Texts,
    title: &str,
    progress: &str,
    blurb: &str,
    problems: &[String],
    extra: impl FnOnce(&mut egui::Ui),
) -> bool {
    let mut back = false;
    ui.horizontal(|ui| {
        back = ui
            .button(words.get("game-main-menu"))
            .on_hover_text(words.get("editor-back-to-menu-tip"))
            .clicked();
        ui.separator();
        ui.heading(title);
        ui.label(progress);
        extra(ui);
    });
    ui.label(egui::RichText::new(blurb).weak());
    for problem in problems {
        ui.colored_label(ui.visuals().error_fg_color, problem);
    }
    back
}

/// A record's result in words.
pub(in crate::game) fn result_text(words: &Texts, result: GameResult) -> String {
    words.get(match result {
        GameResult::WhiteWins => "moves-result-white",
        GameResult::BlackWins => "moves-result-black",
        GameResult::Draw => "moves-result-draw",
    })
}

/// Buttons side by side (a learning bar's, the editor's Clear and Fit), each given as whether it can be pressed (greyed
/// out when not), its words' key, its tooltip's key and what it stands
/// for. Returns what the one clicked stands for.
pub(in crate::game) fn buttons<T>(
    ui: &mut egui::Ui,
    words: &Texts,
    buttons: impl IntoIterator<Item = (bool, &'static str, &'static str, T)>,
) -> Option<T> {
    let mut clicked = None;
    for (enabled, label, tip, what) in buttons {
        if ui
            .add_enabled(enabled, egui::Button::new(words.get(label)))
            .on_hover_text(words.get(tip))
            .clicked()
        {
            clicked = Some(what);
        }
    }
    clicked
}
