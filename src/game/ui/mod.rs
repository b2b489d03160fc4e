//! The frame the features' screens sit in: the main menu, the game library
//! ("Games", with the database's part drawn by `database`), and in a game
//! the top bar, the two hands, the move list, the
//! message line, the stack inspector, the game-over dialog, the records'
//! controls (undo, redo, review bar, save / load / import dialogs), the
//! engine's analysis and review, and the bar floating over the board
//! (exhibition controls and evaluation, or the Hint button); besides, the
//! keys handed to egui in order and the optional frame-time logging. The
//! features' own screens and panels (the position editor, online, the
//! database's, Learn to play and Puzzles) live in their folders, added here by their `view_plugin`s;
//! the egui pieces all of them share are in `widgets`. Panels run in
//! bevy_egui's `EguiPrimaryContextPass` schedule, each gated on its screen.

mod diagnostics;
mod dialogs;
mod fit_window;
mod hud;
mod keys_in_order;
mod screens;

pub use screens::games::GamesTab;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

use crate::game::core::{CurrentGame, CurrentMode, GameClock, RestartedFrom, Turn};
use crate::game::saves::{EngineReview, ReviewedLine};
use crate::records::{Headers, NodeId, Variations};
use crate::rules::Game;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    // The features' own screens and panels.
    app.add_plugins((
        crate::game::editor::view_plugin,
        crate::game::learn::view_plugin,
        crate::game::database::view_plugin,
        crate::game::online::view_plugin,
    ));
    app.add_plugins((
        screens::main_menu::plugin,
        dialogs::confirm::plugin,
        hud::panels::plugin,
        hud::exhibition_bar::plugin,
        dialogs::files::plugin,
        hud::review_bar::plugin,
        diagnostics::plugin,
        hud::analysis_panel::plugin,
        hud::review_panel::plugin,
        screens::games::plugin,
        crate::game::widgets::style::plugin,
        keys_in_order::plugin,
        fit_window::plugin,
    ));
}

/// Whether an online game offers Undo (a takeback asked of the friend):
/// only once we have a move of our own to take back (`mine` is our side,
/// `ply` the moves played), and not once the game is over.
fn takeback_offered(mine: crate::rules::Color, ply: usize, over: bool) -> bool {
    let our_first_move = match mine {
        crate::rules::Color::White => 1,
        crate::rules::Color::Black => 2,
    };
    !over && ply >= our_first_move
}

/// The game's moves as the panels show them: the line, the cursor, and
/// whether it is being reviewed.
#[derive(SystemParam)]
struct PlayedGame<'w> {
    current: Res<'w, CurrentGame>,
    clock: Res<'w, GameClock>,
    engine_review: Res<'w, EngineReview>,
    restarted_from: Res<'w, RestartedFrom>,
    mode: CurrentMode<'w>,
}

impl PlayedGame<'_> {
    /// Whether the game is being reviewed.
    fn reviewing(&self) -> bool {
        self.mode.get().reviewing()
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
        self.mode.get().analysing()
    }

    /// The engine's review of the line, when there is one for this game.
    fn engine_review(&self) -> Option<&ReviewedLine> {
        self.engine_review.reviewed(self.current.variations())
    }

    /// Whether the engine is reviewing the game.
    fn engine_reviewing(&self) -> bool {
        self.engine_review.is_running()
    }

    /// Whether Undo can do something now (online: ask a takeback).
    fn can_undo(&self) -> bool {
        let mode = self.mode.get();
        if let Some(remote) = mode.online() {
            let over = mode
                .board()
                .is_some_and(|board| board.turn == Turn::GameOver)
                || self.current.game().status().is_over();
            return !self.reviewing()
                && takeback_offered(remote.opponent(), self.current.ply(), over);
        }
        let restart = self.current.is_empty() && self.restarted_from.0.is_some();
        !mode.reviewing()
            && !mode.watching()
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

#[cfg(test)]
mod tests {
    use super::takeback_offered;
    use crate::rules::Color;

    #[test]
    fn online_undo_waits_for_a_move_of_ours_and_ends_with_the_game() {
        // The joiner (Black) before its first move: nothing of ours.
        assert!(!takeback_offered(Color::Black, 0, false));
        assert!(!takeback_offered(Color::Black, 1, false));
        assert!(takeback_offered(Color::Black, 2, false));
        assert!(takeback_offered(Color::White, 1, false));
        assert!(!takeback_offered(Color::White, 0, false));
        // Over: no takeback, for either side.
        assert!(!takeback_offered(Color::White, 12, true));
        assert!(!takeback_offered(Color::Black, 12, true));
    }
}
