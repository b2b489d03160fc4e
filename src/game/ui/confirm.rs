//! Asking before an action leaves a game that is not over: Restart (which
//! Undo can take back), Main menu and Quit (the game stays in "Resume last
//! game"), and Load (another game replaces it). The question names what
//! happens to the game; "Don't ask again" turns the questions off (a
//! setting, kept in the settings file).

use bevy::prelude::*;
use bevy_egui::egui;

use super::HudAction;
use super::dialogs::Dialog;
use super::game_menu::RecordsRequest;
use crate::game::core::{AskBeforeLeaving, CurrentGame};
use crate::text::Texts;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Confirming>();
}

/// The action waiting for the player's answer.
#[derive(Resource, Debug, Default)]
pub(super) struct Confirming(Option<HudAction>);

/// Whether `action` leaves the game (and so may need asking).
fn leaves_the_game(action: HudAction) -> bool {
    matches!(
        action,
        HudAction::Restart
            | HudAction::MainMenu
            | HudAction::Quit
            | HudAction::Records(RecordsRequest::Open(Dialog::Load))
    )
}

/// Whether leaving `current` loses something: a game of our own with
/// moves, not over (a record opened from a file is still in its file).
fn worth_asking(current: &CurrentGame) -> bool {
    !current.is_empty() && current.headers().is_none() && !current.full_game().status().is_over()
}

impl Confirming {
    /// `action`, or nothing for now when it must be asked about first (it
    /// then waits for the answer).
    pub(super) fn pass(
        &mut self,
        action: HudAction,
        current: &CurrentGame,
        ask: AskBeforeLeaving,
    ) -> Option<HudAction> {
        if ask.0 && leaves_the_game(action) && worth_asking(current) {
            self.0 = Some(action);
            None
        } else {
            Some(action)
        }
    }

    /// The question, while one is asked; the action once the player said
    /// yes.
    pub(super) fn show(
        &mut self,
        ctx: &egui::Context,
        words: &Texts,
        ask: &mut AskBeforeLeaving,
    ) -> Option<HudAction> {
        let action = self.0?;
        let (title, question, yes) = match action {
            HudAction::Restart => (
                words.get("confirm-restart-title"),
                words.get("confirm-restart-text"),
                words.get("game-restart"),
            ),
            HudAction::MainMenu => (
                words.get("confirm-main-menu-title"),
                words.get("confirm-main-menu-text"),
                words.get("game-main-menu"),
            ),
            HudAction::Quit => (
                words.get("confirm-quit-title"),
                words.get("confirm-quit-text"),
                words.get("game-quit"),
            ),
            _ => (
                words.get("confirm-load-title"),
                words.get("confirm-load-text"),
                words.get("confirm-choose-file"),
            ),
        };
        let mut answer = None;
        let mut dont_ask = !ask.0;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.label(question);
                ui.checkbox(&mut dont_ask, words.get("confirm-dont-ask"))
                    .on_hover_text(words.get("confirm-dont-ask-tip"));
                ui.horizontal(|ui| {
                    if ui.button(yes).clicked() {
                        answer = Some(true);
                    }
                    if ui.button(words.get("confirm-cancel")).clicked() {
                        answer = Some(false);
                    }
                });
            });
        if dont_ask == ask.0 {
            ask.0 = !dont_ask;
        }
        match answer {
            Some(yes) => {
                self.0 = None;
                yes.then_some(action)
            }
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameType};

    #[test]
    fn only_an_unfinished_game_of_our_own_is_asked_about() {
        let mut current = CurrentGame::new(Game::new(GameType::BASE));
        let mut confirming = Confirming::default();
        let ask = AskBeforeLeaving(true);
        // Nothing played: nothing to lose.
        assert_eq!(
            confirming.pass(HudAction::Restart, &current, ask),
            Some(HudAction::Restart)
        );
        let mut moves = Vec::new();
        current.game().legal_moves(&mut moves);
        current.play(moves[0]).unwrap();
        for action in [HudAction::Restart, HudAction::MainMenu, HudAction::Quit] {
            assert_eq!(confirming.pass(action, &current, ask), None, "{action:?}");
            assert_eq!(confirming.0, Some(action));
        }
        // Not asked: other actions, or with the setting off.
        assert_eq!(
            confirming.pass(HudAction::Pass, &current, ask),
            Some(HudAction::Pass)
        );
        assert_eq!(
            confirming.pass(HudAction::Quit, &current, AskBeforeLeaving(false)),
            Some(HudAction::Quit)
        );
    }
}
