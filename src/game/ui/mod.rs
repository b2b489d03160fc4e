//! The egui panels drawn over the board: the main menu, the game library
//! ("Games"), and in a game the top bar, the two hands, the move list, the
//! message line, the stack inspector, the game-over dialog, the records'
//! controls (undo, redo, review bar, save / load / import dialogs), the
//! engine's review, and the bar floating over the board (exhibition
//! controls and evaluation, or the Hint button). Panels run in bevy_egui's
//! `EguiPrimaryContextPass` schedule, each gated on its screen.

mod dialogs;
mod hud;
mod screens;
mod widgets;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiPlugin, egui};

use crate::ai::Difficulty;
use crate::game::core::{AnalysisSwitch, CurrentGame, CurrentMode, GameClock, RestartedFrom, Turn};
use crate::game::saves::{EngineReview, ReviewedLine};
use crate::records::{Headers, NodeId, Variations};
use crate::rules::Game;
use crate::text::Texts;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.add_plugins((
        screens::main_menu::plugin,
        dialogs::confirm::plugin,
        hud::panels::plugin,
        hud::exhibition_bar::plugin,
        dialogs::files::plugin,
        hud::review_bar::plugin,
        widgets::diagnostics::plugin,
        (hud::analysis_panel::plugin, hud::explorer_panel::plugin),
        hud::review_panel::plugin,
        screens::games::plugin,
        widgets::style::plugin,
        screens::puzzles::plugin,
        screens::lessons::plugin,
        screens::editor::plugin,
        (
            widgets::keys_in_order::plugin,
            screens::online::plugin,
            hud::online_panel::plugin,
        ),
    ));
}

/// The game's moves as the panels show them: the line, the cursor, and
/// whether it is being reviewed.
#[derive(SystemParam)]
struct PlayedGame<'w> {
    current: Res<'w, CurrentGame>,
    turn: Option<Res<'w, State<Turn>>>,
    next_turn: Res<'w, NextState<Turn>>,
    clock: Res<'w, GameClock>,
    analysis: Res<'w, AnalysisSwitch>,
    engine_review: Res<'w, EngineReview>,
    restarted_from: Res<'w, RestartedFrom>,
    mode: CurrentMode<'w>,
}

impl PlayedGame<'_> {
    /// Whether the game is being reviewed.
    fn reviewing(&self) -> bool {
        crate::game::core::reviewing(self.turn.as_deref(), &self.next_turn)
    }

    /// What the player is doing.
    fn mode(&self) -> crate::game::core::Mode {
        self.mode.get()
    }

    /// Whether a lesson or a puzzle (practice) is on the board.
    fn practising(&self) -> bool {
        self.mode.get().practising()
    }

    /// Whether the engine's analysis is on.
    fn analysing(&self) -> bool {
        self.analysis.0
    }

    /// The engine's review of the line, when there is one for this game.
    fn engine_review(&self) -> Option<&ReviewedLine> {
        self.engine_review.reviewed(self.current.variations())
    }

    /// Whether the engine is reviewing the game.
    fn engine_reviewing(&self) -> bool {
        self.engine_review.is_running()
    }

    /// Whether Undo can do something now.
    fn can_undo(&self) -> bool {
        let restart = self.current.is_empty() && self.restarted_from.0.is_some();
        let watching = self.mode.get().watching();
        !self.reviewing()
            && !watching
            && (restart || (!self.clock.timed() && self.current.can_undo()))
    }

    /// Whether Redo can do something now.
    fn can_redo(&self) -> bool {
        !self.reviewing()
            && !self.mode.get().watching()
            && !self.clock.timed()
            && self.current.can_redo()
    }

    /// How many moves of the line are played.
    fn ply(&self) -> usize {
        self.current.ply()
    }

    /// Every line tried in this game.
    fn variations(&self) -> &Variations {
        self.current.variations()
    }

    /// The tree's node of the position shown.
    fn node(&self) -> NodeId {
        self.current.node()
    }

    /// The tree's nodes of the current line's moves.
    fn line_nodes(&self) -> &[NodeId] {
        self.current.line_nodes()
    }

    /// How many moves the current line has (the moves after the cursor
    /// included).
    fn line_len(&self) -> usize {
        self.current.len()
    }

    /// The headers of the record the game was opened from.
    fn headers(&self) -> Option<&Headers> {
        self.current.headers()
    }

    /// The whole line as one game.
    fn full_game(&self) -> Game {
        self.current.full_game()
    }
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

/// A preset's name in the player's language ("Medium", "Media").
fn difficulty_name(words: &Texts, difficulty: Difficulty) -> String {
    crate::game::core::difficulty_name(words, difficulty)
}

/// A Bevy colour as egui's.
fn egui_color(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The top of a learning screen (Learn to play, Puzzles): Main menu, the
/// title, how far the player has got, a line on what the screen is, the
/// files that could not be read, and the screen's own buttons (`extra`).
/// Returns whether Main menu was clicked.
fn learning_header(
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
