//! The top bar's records controls: Undo, Redo and the "Game" menu (review,
//! save the game or the game with its variations, load, import and copy a
//! GameString, the engine's analysis).

use bevy_egui::egui;

use super::clicks::Clicks;
use crate::game::core::SetAnalysis;
use crate::game::saves::{Leaving, RecordsAction, ReviewAction};
use crate::game::ui::dialogs::files::Dialog;
use crate::text::Texts;

/// Undo, Redo and the Game menu, for the top bar; a click acts through
/// `clicks`.
pub(super) fn top_bar_buttons(
    ui: &mut egui::Ui,
    words: &Texts,
    history: &crate::game::ui::PlayedGame,
    clicks: &mut Clicks,
) {
    if ui
        .add_enabled(
            history.can_undo(),
            egui::Button::new(words.get("game-undo")),
        )
        .on_hover_text(words.get("game-undo-tip"))
        .clicked()
    {
        clicks.records.write(RecordsAction::Undo);
    }
    if ui
        .add_enabled(
            history.can_redo(),
            egui::Button::new(words.get("game-redo")),
        )
        .on_hover_text(words.get("game-redo-tip"))
        .clicked()
    {
        clicks.records.write(RecordsAction::Redo);
    }
    ui.menu_button(words.get("game-menu"), |ui| {
        let items = [
            (
                words.get("game-review-moves"),
                words.get("game-review-moves-tip"),
                Item::Review,
            ),
            (
                words.get("game-save"),
                words.get("game-save-tip"),
                Item::Open(Dialog::Save),
            ),
            (
                words.get("game-save-variations"),
                words.get("game-save-variations-tip"),
                Item::Open(Dialog::SaveVariations),
            ),
            (
                words.get("game-save-pgn"),
                words.get("game-save-pgn-tip"),
                Item::Open(Dialog::SavePgn),
            ),
            (
                words.get("game-load"),
                words.get("game-load-tip"),
                Item::Load,
            ),
            (
                words.get("game-import"),
                words.get("game-import-tip"),
                Item::Open(Dialog::Import),
            ),
        ];
        for (label, tip, item) in items {
            let enabled = !(history.reviewing() && item == Item::Review);
            if ui
                .add_enabled(enabled, egui::Button::new(label))
                .on_hover_text(tip)
                .clicked()
            {
                match item {
                    Item::Review => {
                        clicks.review.write(ReviewAction::Enter);
                    }
                    Item::Open(dialog) => clicks.dialogs.open(dialog),
                    // Another game in its place: asked about first.
                    Item::Load => clicks.leave(Leaving::Load),
                }
                ui.close();
            }
        }
        if ui
            .button(words.get("game-copy-gamestring"))
            .on_hover_text(words.get("game-copy-gamestring-tip"))
            .clicked()
        {
            ui.ctx().copy_text(history.full_game().game_string());
            clicks.copied();
            ui.close();
        }
        ui.separator();
        // Neither the engine nor the database in a lesson or a puzzle:
        // they would give it away.
        let practising = clicks.mode().practising();
        let mut analysing = history.analysing();
        let analysis = egui::Checkbox::new(&mut analysing, words.get("game-engine-analysis"));
        if ui
            .add_enabled(!practising, analysis)
            .on_hover_text(words.get("game-engine-analysis-tip"))
            .clicked()
        {
            clicks.analysis.write(SetAnalysis(analysing));
            ui.close();
        }
        let mut exploring = clicks.database.explorer.open;
        let explorer = egui::Checkbox::new(&mut exploring, words.get("game-opening-explorer"));
        if ui
            .add_enabled(!practising, explorer)
            .on_hover_text(words.get("game-opening-explorer-tip"))
            .clicked()
        {
            clicks
                .database_requests
                .write(crate::game::database::DatabaseRequest::ShowExplorer(
                    exploring,
                ));
            ui.close();
        }
    });
}

/// An item of the Game menu that opens or enters something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    /// Review the moves.
    Review,
    /// A dialog that leaves the game on the board as it is.
    Open(Dialog),
    /// Load another game in its place.
    Load,
}
