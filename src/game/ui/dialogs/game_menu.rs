//! The game records' controls: Undo, Redo and the "Game" menu in the top bar
//! (review, save the game or the game with its variations, load, import and
//! copy a GameString), the review bar, the save / load / import dialogs,
//! and the main menu's "Resume last game" and "Load game…".

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::files::{self, Dialog};
use crate::game::core::Screen;
use crate::game::core::{Notice, Words};
use crate::game::saves::{AutosaveStatus, RecordPaths, RecordsAction};
use crate::game::saves::{EngineReviewRequest, ReviewAction};
use crate::game::ui::HudAction;
use crate::records::{NodeId, PlayKind};
use crate::text::{Args, Texts};

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<files::Dialogs>();
    app.add_message::<RecordsRequest>();
    app.add_systems(Update, route_requests);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_review_bar.run_if(in_state(Screen::Playing)),
            files::draw_dialogs,
        )
            .chain(),
    );
}

/// What a records control asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::game::ui) enum RecordsRequest {
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

pub(in crate::game::ui) fn top_bar_buttons(
    ui: &mut egui::Ui,
    words: &Texts,
    history: &crate::game::ui::PlayedGame,
) -> Option<HudAction> {
    let mut request = None;
    let mut analyse = None;
    if ui
        .add_enabled(
            history.can_undo(),
            egui::Button::new(words.get("game-undo")),
        )
        .on_hover_text(words.get("game-undo-tip"))
        .clicked()
    {
        request = Some(RecordsRequest::Undo);
    }
    if ui
        .add_enabled(
            history.can_redo(),
            egui::Button::new(words.get("game-redo")),
        )
        .on_hover_text(words.get("game-redo-tip"))
        .clicked()
    {
        request = Some(RecordsRequest::Redo);
    }
    ui.menu_button(words.get("game-menu"), |ui| {
        let items = [
            (
                words.get("game-review-moves"),
                words.get("game-review-moves-tip"),
                RecordsRequest::Review(ReviewAction::Enter),
            ),
            (
                words.get("game-save"),
                words.get("game-save-tip"),
                RecordsRequest::Open(Dialog::Save),
            ),
            (
                words.get("game-save-variations"),
                words.get("game-save-variations-tip"),
                RecordsRequest::Open(Dialog::SaveVariations),
            ),
            (
                words.get("game-save-pgn"),
                words.get("game-save-pgn-tip"),
                RecordsRequest::Open(Dialog::SavePgn),
            ),
            (
                words.get("game-load"),
                words.get("game-load-tip"),
                RecordsRequest::Open(Dialog::Load),
            ),
            (
                words.get("game-import"),
                words.get("game-import-tip"),
                RecordsRequest::Open(Dialog::Import),
            ),
        ];
        for (label, tip, item) in items {
            let enabled = !(history.reviewing() && matches!(item, RecordsRequest::Review(_)));
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
            .button(words.get("game-copy-gamestring"))
            .on_hover_text(words.get("game-copy-gamestring-tip"))
            .clicked()
        {
            ui.ctx().copy_text(history.full_game().game_string());
            request = Some(RecordsRequest::Copied);
            ui.close();
        }
        ui.separator();
        let mut analysing = history.analysing();
        if ui
            .checkbox(&mut analysing, words.get("game-engine-analysis"))
            .on_hover_text(words.get("game-engine-analysis-tip"))
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
pub(in crate::game::ui) struct MenuRecords<'w> {
    autosave: Res<'w, AutosaveStatus>,
    notice: Res<'w, Notice>,
    actions: MessageWriter<'w, RecordsAction>,
    requests: MessageWriter<'w, RecordsRequest>,
    words: Res<'w, Words>,
}

impl MenuRecords<'_> {
    /// "Resume last game" (when there is one), "Load game…", "Import…".
    pub(in crate::game::ui) fn game_buttons(&mut self, ui: &mut egui::Ui, size: egui::Vec2) {
        let words = &self.words;
        // Always there (greyed without an autosave), so nothing below moves.
        if ui
            .add_enabled(
                self.autosave.available,
                egui::Button::new(words.get("game-resume")).min_size(size),
            )
            .on_hover_text(words.get("game-resume-tip"))
            .on_disabled_hover_text(words.get("game-resume-none-tip"))
            .clicked()
        {
            self.actions.write(RecordsAction::Resume);
        }
        if ui
            .add(egui::Button::new(words.get("game-load-game")).min_size(size))
            .on_hover_text(words.get("game-load-game-tip"))
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Load));
        }
        if ui
            .add(egui::Button::new(words.get("game-import")).min_size(size))
            .on_hover_text(words.get("game-import-tip"))
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Import));
        }
    }

    /// Whether an unfinished game waits in "Resume last game".
    pub(in crate::game::ui) fn game_waiting(&self) -> bool {
        self.autosave.available
    }

    /// Goes on with the game waiting in "Resume last game".
    pub(in crate::game::ui) fn resume(&mut self) {
        self.actions.write(RecordsAction::Resume);
    }

    /// Whether a game of `kind` waits in its autosave.
    pub(in crate::game::ui) fn waiting(&self, kind: PlayKind) -> bool {
        self.autosave.waiting(kind)
    }

    /// Goes on with the game of `kind` waiting in its autosave.
    pub(in crate::game::ui) fn resume_kind(&mut self, kind: PlayKind) {
        self.actions.write(match kind {
            PlayKind::Game => RecordsAction::Resume,
            kind => RecordsAction::ResumeKind(kind),
        });
    }

    /// The current message (a damaged settings file, a file that did not
    /// load), if any.
    pub(in crate::game::ui) fn notice(&self, ui: &mut egui::Ui) {
        if let Some(text) = &self.notice.0 {
            ui.label(
                egui::RichText::new(text)
                    .color(crate::game::ui::widgets::style::notice_color(ui.ctx())),
            );
        }
    }
}

fn route_requests(
    mut requests: MessageReader<RecordsRequest>,
    paths: Res<RecordPaths>,
    mut dialogs: ResMut<files::Dialogs>,
    mut actions: MessageWriter<RecordsAction>,
    mut review: MessageWriter<ReviewAction>,
    mut notice: ResMut<Notice>,
    words: Res<Words>,
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
            RecordsRequest::Open(dialog) => files::open(&mut dialogs, dialog, paths.data_dir()),
            RecordsRequest::Copied => {
                notice.show(words.get("game-copied"));
            }
        }
    }
}

/// The bar shown while reviewing: step, jump, continue.
/// Room between the review bar and what is beside it.
const MARGIN: f32 = 8.0;

fn draw_review_bar(
    mut contexts: EguiContexts,
    history: crate::game::ui::PlayedGame,
    mut requests: MessageWriter<RecordsRequest>,
    mut engine: MessageWriter<EngineReviewRequest>,
    words: Res<Words>,
) -> Result {
    if !history.reviewing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (ply, len) = (history.ply(), history.line_len());
    let mut action = None;
    // Over the board between the hands, right of the engine's review panel
    // when it is shown; in a narrow window the bar wraps into rows.
    let window = ctx.content_rect().width();
    let side = crate::game::ui::hud::panels::side_panel_width(window);
    let mut left = side + MARGIN;
    if history.engine_review().is_some() || history.engine_reviewing() {
        let panel = ctx.memory(|memory| memory.area_rect(egui::Id::new("engine_review")));
        if let Some(panel) = panel {
            left = left.max(panel.right() + MARGIN);
        }
    }
    let right = window - side - MARGIN;
    let room = (right - left).max(200.0);
    let centre = (left + right) / 2.0 - window / 2.0;
    egui::Window::new(words.get("game-review"))
        .id(egui::Id::new("review_bar"))
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .max_width(room)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(centre, -40.0))
        .show(ctx, |ui| {
            ui.set_max_width(room);
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(words.get("game-review")).strong());
                ui.separator();
                let back = ply > 0;
                let forward = ply < len;
                let steps = [
                    (
                        "|<",
                        back,
                        ReviewAction::ToStart,
                        words.get("game-first-tip"),
                    ),
                    (
                        "<",
                        back,
                        ReviewAction::StepBack,
                        words.get("game-back-tip"),
                    ),
                    (
                        ">",
                        forward,
                        ReviewAction::StepForward,
                        words.get("game-forward-tip"),
                    ),
                    (
                        ">|",
                        forward,
                        ReviewAction::ToEnd,
                        words.get("game-last-tip"),
                    ),
                ];
                for (label, enabled, step, hint) in steps.iter().take(2).cloned() {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(hint)
                        .clicked()
                    {
                        action = Some(step);
                    }
                }
                ui.monospace(words.format(
                    "game-review-position",
                    &Args::new().with("ply", ply).with("len", len),
                ));
                for (label, enabled, step, hint) in steps.iter().skip(2).cloned() {
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
                    .button(words.get("game-continue"))
                    .on_hover_text(words.get("game-continue-tip"))
                    .clicked()
                {
                    action = Some(ReviewAction::ContinueFromHere);
                }
                if ui
                    .add_enabled(forward, egui::Button::new(words.get("game-back-to-game")))
                    .on_hover_text(words.get("game-back-to-game-tip"))
                    .clicked()
                {
                    action = Some(ReviewAction::BackToGame);
                }
                ui.separator();
                let fresh = !history.engine_reviewing() && history.engine_review().is_none();
                if ui
                    .add_enabled(
                        fresh && len > 0,
                        egui::Button::new(words.get("game-engine-review")),
                    )
                    .on_hover_text(words.get("game-engine-review-tip"))
                    .on_disabled_hover_text(words.get("game-engine-review-shown-tip"))
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
