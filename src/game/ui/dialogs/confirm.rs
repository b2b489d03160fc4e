//! Asking before an action leaves a game that is not over, or the engine's
//! review under way: Restart (which Undo can take back), Main menu, Quit
//! and Load (another game replaces it). The question says what happens to
//! this game, as [`Stake`] finds it: where it comes back from (the main
//! menu's entry of its kind of play, its file), or that it is not kept,
//! and what becomes of the engine's review. "Don't ask again" turns the
//! questions off (a setting, kept in the settings file).

use bevy::prelude::*;
use bevy_egui::egui;

use super::files::Dialog;
use super::game_menu::RecordsRequest;
use crate::game::saves::{Leaving, Stake};
use crate::game::ui::HudAction;
use crate::text::Texts;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<Confirming>();
}

/// The action waiting for the player's answer.
#[derive(Resource, Debug, Default)]
pub(in crate::game::ui) struct Confirming(Option<HudAction>);

/// How `action` leaves the game, if it does (and so may need asking).
fn leaving(action: HudAction) -> Option<Leaving> {
    match action {
        HudAction::Restart => Some(Leaving::Restart),
        HudAction::MainMenu => Some(Leaving::MainMenu),
        HudAction::Quit => Some(Leaving::Quit),
        HudAction::Records(RecordsRequest::Open(Dialog::Load)) => Some(Leaving::Load),
        _ => None,
    }
}

impl Confirming {
    /// `action`, or nothing for now when it must be asked about first (it
    /// then waits for the answer).
    pub(in crate::game::ui) fn pass(
        &mut self,
        action: HudAction,
        stake: &Stake,
        ask: bool,
    ) -> Option<HudAction> {
        if ask && leaving(action).is_some() && stake.worth_asking {
            self.0 = Some(action);
            None
        } else {
            Some(action)
        }
    }

    /// The question, while one is asked; the action once the player said
    /// yes.
    pub(in crate::game::ui) fn show(
        &mut self,
        ctx: &egui::Context,
        words: &Texts,
        stake: &Stake,
        ask: &mut bool,
    ) -> Option<HudAction> {
        let action = self.0?;
        let (title, yes) = match action {
            HudAction::Restart => (
                words.get("confirm-restart-title"),
                words.get("game-restart"),
            ),
            HudAction::MainMenu => (
                words.get("confirm-main-menu-title"),
                words.get("game-main-menu"),
            ),
            HudAction::Quit => (words.get("confirm-quit-title"), words.get("game-quit")),
            _ => (
                words.get("confirm-load-title"),
                words.get("confirm-choose-file"),
            ),
        };
        let question = stake.question(leaving(action).unwrap_or(Leaving::Load), words);
        let mut answer = None;
        let mut dont_ask = !*ask;
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
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
        if dont_ask == *ask {
            *ask = !dont_ask;
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
    use crate::game::saves::KeptIn;
    use crate::records::PlayKind;

    #[test]
    fn only_what_leaving_loses_is_asked_about() {
        let mut confirming = Confirming::default();
        let ask = true;
        // Nothing played, or a game over: nothing to lose.
        let nothing = Stake::default();
        assert_eq!(
            confirming.pass(HudAction::Restart, &nothing, ask),
            Some(HudAction::Restart)
        );
        let game = Stake {
            kept: KeptIn::Autosave(PlayKind::Game),
            worth_asking: true,
            ..Stake::default()
        };
        for action in [HudAction::Restart, HudAction::MainMenu, HudAction::Quit] {
            assert_eq!(confirming.pass(action, &game, ask), None, "{action:?}");
            assert_eq!(confirming.0, Some(action));
        }
        // Not asked: other actions, or with the setting off.
        assert_eq!(
            confirming.pass(HudAction::Pass, &game, ask),
            Some(HudAction::Pass)
        );
        assert_eq!(
            confirming.pass(HudAction::Quit, &game, false),
            Some(HudAction::Quit)
        );
    }
}
