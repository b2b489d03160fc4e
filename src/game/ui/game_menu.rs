//! The game records' controls: Undo, Redo and the "Game" menu in the top bar
//! (review, save the game or the game with its variations, load, import and
//! copy a GameString), the review bar, the save / load / import dialogs,
//! and the main menu's "Resume last game", "Load game…" and draw rules.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::HudAction;
use super::dialogs::{self, Dialog};
use crate::game::core::Notice;
use crate::game::core::Screen;
use crate::game::core::{AutoPass, GameOptions};
use crate::game::saves::{AutosaveStatus, RecordPaths, RecordsAction};
use crate::game::saves::{EngineReviewRequest, ReviewAction};
use crate::records::{NodeId, Settings};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<dialogs::Dialogs>();
    app.add_message::<RecordsRequest>();
    app.add_systems(Update, route_requests);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_review_bar.run_if(in_state(Screen::Playing)),
            dialogs::draw_dialogs,
        )
            .chain(),
    );
}

/// What a records control asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RecordsRequest {
    /// Take back a move (or the pair against the AI).
    Undo,
    /// Replay it.
    Redo,
    /// Make the line through this move the main line.
    Promote(NodeId),
    /// Delete this move and the moves after it.
    Delete(NodeId),
    /// Review.
    Review(ReviewAction),
    /// Open a dialog.
    Open(Dialog),
    /// The GameString was put on the clipboard.
    Copied,
}

pub(super) fn top_bar_buttons(ui: &mut egui::Ui, history: &super::PlayedGame) -> Option<HudAction> {
    let mut request = None;
    let mut analyse = None;
    if ui
        .add_enabled(history.can_undo(), egui::Button::new("Undo"))
        .on_hover_text("Take back the last move (against the AI, your move and its reply)")
        .clicked()
    {
        request = Some(RecordsRequest::Undo);
    }
    if ui
        .add_enabled(history.can_redo(), egui::Button::new("Redo"))
        .on_hover_text("Play again the move Undo took back")
        .clicked()
    {
        request = Some(RecordsRequest::Redo);
    }
    ui.menu_button("Game", |ui| {
        let items = [
            (
                "Review moves",
                "Step through the game's moves without changing it",
                RecordsRequest::Review(ReviewAction::Enter),
            ),
            (
                "Save…",
                "Save the game as it is: the whole line, the move shown, the players, \
                 the clocks and the house rules",
                RecordsRequest::Open(Dialog::Save),
            ),
            (
                "Save with variations…",
                "Save every line tried in this game, not just the one shown",
                RecordsRequest::Open(Dialog::SaveVariations),
            ),
            (
                "Save as PGN…",
                "Save in the PGN format other Hive programs read (with the engine's \
                 review, if there is one)",
                RecordsRequest::Open(Dialog::SavePgn),
            ),
            (
                "Load…",
                "Open a saved game or another program's record in this one's place",
                RecordsRequest::Open(Dialog::Load),
            ),
            (
                "Import…",
                "Paste a UHP GameString to set up its position",
                RecordsRequest::Open(Dialog::Import),
            ),
        ];
        for (label, tip, item) in items {
            let enabled = !(history.reviewing() && label == "Review moves");
            if ui
                .add_enabled(enabled, egui::Button::new(label))
                .on_hover_text(tip)
                .clicked()
            {
                request = Some(item);
                ui.close();
            }
        }
        if ui
            .button("Copy GameString")
            .on_hover_text(
                "Put the game's UHP GameString on the clipboard, for other Hive programs",
            )
            .clicked()
        {
            ui.ctx().copy_text(history.full_game().game_string());
            request = Some(RecordsRequest::Copied);
            ui.close();
        }
        ui.separator();
        let mut analysing = history.analysing();
        if ui
            .checkbox(&mut analysing, "Engine analysis")
            .on_hover_text("The engine's verdict and best line for the position shown")
            .clicked()
        {
            analyse = Some(analysing);
            ui.close();
        }
    });
    if let Some(on) = analyse {
        return Some(HudAction::Analyse(on, false));
    }
    request.map(HudAction::Records)
}

/// The main menu's part: resume, load, import, and the settings.
#[derive(SystemParam)]
pub(super) struct MenuRecords<'w> {
    autosave: Res<'w, AutosaveStatus>,
    notice: Res<'w, Notice>,
    options: ResMut<'w, GameOptions>,
    auto_pass: ResMut<'w, AutoPass>,
    actions: MessageWriter<'w, RecordsAction>,
    requests: MessageWriter<'w, RecordsRequest>,
}

impl MenuRecords<'_> {
    /// "Resume last game" (when there is one), "Load game…", "Import…".
    pub(super) fn game_buttons(&mut self, ui: &mut egui::Ui, size: egui::Vec2) {
        // Always there (greyed without an autosave), so nothing below moves.
        if ui
            .add_enabled(
                self.autosave.available,
                egui::Button::new("Resume last game").min_size(size),
            )
            .on_hover_text(
                "Go on with your last unfinished game against a person or the AI, at the \
                 move it was left (the analysis board and exhibitions keep their own)",
            )
            .on_disabled_hover_text("No unfinished game is waiting")
            .clicked()
        {
            self.actions.write(RecordsAction::Resume);
        }
        if ui
            .add(egui::Button::new("Load game…").min_size(size))
            .on_hover_text(
                "Open a saved game or a real game's record: a GameString, a variations \
                 file, a boardspace .sgf or a .pgn",
            )
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Load));
        }
        if ui
            .add(egui::Button::new("Import…").min_size(size))
            .on_hover_text("Paste a UHP GameString to set up its position")
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Import));
        }
    }

    /// Draw rules (saved as soon as changed, like the rest of the menu).
    pub(super) fn settings(&mut self, ui: &mut egui::Ui) {
        let mut options = self.options.0;
        ui.checkbox(
            &mut options.tournament_opening,
            "No Queen on the first turn (tournament)",
        )
        .on_hover_text("Tournament rule: neither side may place its Queen Bee on its first turn");
        ui.checkbox(
            &mut options.threefold_repetition,
            "Draw on threefold repetition",
        )
        .on_hover_text(
            "The game is drawn when the same position comes up a third time with the \
             same side to move",
        );
        let mut limited = options.turn_limit.is_some();
        let mut turn = options.turn_limit.unwrap_or(Settings::HOUSE_TURN_LIMIT);
        ui.horizontal(|ui| {
            let tip = "A house rule: the game is drawn when this turn is reached and no \
                       Queen is surrounded";
            ui.checkbox(&mut limited, "Draw at turn").on_hover_text(tip);
            ui.add_enabled(limited, egui::DragValue::new(&mut turn).range(1..=500))
                .on_hover_text(tip);
        });
        options.turn_limit = limited.then_some(turn);
        let mut auto_pass = self.auto_pass.0;
        ui.checkbox(&mut auto_pass, "Pass by itself when there is no legal move")
            .on_hover_text(
                "When a player has no legal move, the pass is played for them; off, a \
                 Pass button waits to be pressed",
            );
        self.auto_pass.set_if_neq(AutoPass(auto_pass));
        self.options.set_if_neq(GameOptions(options));
    }

    /// Whether an unfinished game waits in "Resume last game".
    pub(super) fn game_waiting(&self) -> bool {
        self.autosave.available
    }

    /// Goes on with the game waiting in "Resume last game".
    pub(super) fn resume(&mut self) {
        self.actions.write(RecordsAction::Resume);
    }

    /// The current message (a damaged settings file, a file that did not
    /// load), if any.
    pub(super) fn notice(&self, ui: &mut egui::Ui) {
        if let Some(text) = &self.notice.0 {
            ui.label(egui::RichText::new(text).color(super::style::notice_color(ui.ctx())));
        }
    }
}

fn route_requests(
    mut requests: MessageReader<RecordsRequest>,
    paths: Res<RecordPaths>,
    mut dialogs: ResMut<dialogs::Dialogs>,
    mut actions: MessageWriter<RecordsAction>,
    mut review: MessageWriter<ReviewAction>,
    mut notice: ResMut<Notice>,
) {
    for &request in requests.read() {
        match request {
            RecordsRequest::Undo => {
                actions.write(RecordsAction::Undo);
            }
            RecordsRequest::Redo => {
                actions.write(RecordsAction::Redo);
            }
            RecordsRequest::Promote(node) => {
                actions.write(RecordsAction::PromoteVariation(node));
            }
            RecordsRequest::Delete(node) => {
                actions.write(RecordsAction::DeleteVariation(node));
            }
            RecordsRequest::Review(action) => {
                review.write(action);
            }
            RecordsRequest::Open(dialog) => dialogs::open(&mut dialogs, dialog, paths.data_dir()),
            RecordsRequest::Copied => {
                notice.show("the game's GameString is on the clipboard");
            }
        }
    }
}

/// The bar shown while reviewing: step, jump, continue.
fn draw_review_bar(
    mut contexts: EguiContexts,
    history: super::PlayedGame,
    mut requests: MessageWriter<RecordsRequest>,
    mut engine: MessageWriter<EngineReviewRequest>,
) -> Result {
    if !history.reviewing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (ply, len) = (history.ply(), history.line_len());
    let mut action = None;
    egui::Window::new("Review")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Review").strong());
                ui.separator();
                let back = ply > 0;
                let forward = ply < len;
                let steps = [
                    ("|<", back, ReviewAction::ToStart, "First position (Home)"),
                    (
                        "<",
                        back,
                        ReviewAction::StepBack,
                        "One move back (Left arrow)",
                    ),
                    (
                        ">",
                        forward,
                        ReviewAction::StepForward,
                        "One move forward (Right arrow)",
                    ),
                    (">|", forward, ReviewAction::ToEnd, "Last move (End)"),
                ];
                for (label, enabled, step, hint) in steps.into_iter().take(2) {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(hint)
                        .clicked()
                    {
                        action = Some(step);
                    }
                }
                ui.monospace(format!("move {ply} of {len}"));
                for (label, enabled, step, hint) in steps.into_iter().skip(2) {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(hint)
                        .clicked()
                    {
                        action = Some(step);
                    }
                }
                ui.separator();
                if ui
                    .button("Continue from here")
                    .on_hover_text(
                        "Play on from this position (the later moves stay in the list, a variation)",
                    )
                    .clicked()
                {
                    action = Some(ReviewAction::ContinueFromHere);
                }
                if ui
                    .add_enabled(forward, egui::Button::new("Back to the game"))
                    .on_hover_text("Leave review at the last move")
                    .clicked()
                {
                    action = Some(ReviewAction::BackToGame);
                }
                ui.separator();
                let fresh = !history.engine_reviewing() && history.engine_review().is_none();
                if ui
                    .add_enabled(fresh && len > 0, egui::Button::new("Review with the engine"))
                    .on_hover_text(
                        "The engine grades every move of this line (best, good, inaccuracy, \
                         mistake, blunder) and draws the evaluation graph",
                    )
                    .on_disabled_hover_text("The engine's review is shown (or under way)")
                    .clicked()
                {
                    engine.write(EngineReviewRequest::Start);
                }
            });
        });
    if let Some(action) = action {
        requests.write(RecordsRequest::Review(action));
    }
    Ok(())
}
