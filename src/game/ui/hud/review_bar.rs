//! The bar shown while reviewing a game: step through it, jump to its ends,
//! continue from here or go back to the game, and ask for the engine's
//! review.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::{Screen, Words};
use crate::game::saves::{EngineReviewRequest, ReviewAction};
use crate::game::ui::dialogs::files::draw_dialogs;
use crate::game::widgets::side_panel_width;
use crate::text::Args;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_review_bar
            .run_if(in_state(Screen::Playing))
            .before(draw_dialogs),
    );
}

/// Room between the review bar and what is beside it.
const MARGIN: f32 = 8.0;

/// The bar shown while reviewing: step, jump, continue.
fn draw_review_bar(
    mut contexts: EguiContexts,
    history: crate::game::ui::PlayedGame,
    mut review: MessageWriter<ReviewAction>,
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
    let side = side_panel_width(window);
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
        review.write(action);
    }
    Ok(())
}
