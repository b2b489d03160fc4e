//! Asking before an action leaves a game that is not over, or the engine's
//! review under way: Restart (which Undo can take back), Main menu, Quit
//! and Load (another game replaces it). The question says what happens to
//! this game, as [`Stake`] finds it: where it comes back from (the main
//! menu's entry of its kind of play, its file), or that it is not kept,
//! and what becomes of the engine's review. "Don't ask again" turns the
//! questions off (a setting, kept in the settings file).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::saves::{Leaving, Stake};
use crate::text::Texts;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<Confirming>();
}

/// The action waiting for the player's answer.
#[derive(Resource, Debug, Default)]
pub(in crate::game::ui) struct Confirming(Option<Leaving>);

impl Confirming {
    /// `action`, or nothing for now when it must be asked about first (it
    /// then waits for the answer).
    pub(in crate::game::ui) fn pass(
        &mut self,
        action: Leaving,
        stake: &Stake,
        ask: bool,
    ) -> Option<Leaving> {
        if ask && stake.worth_asking {
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
    ) -> Option<Leaving> {
        let action = self.0?;
        let (title, yes) = match action {
            Leaving::Restart => (
                words.get("confirm-restart-title"),
                words.get("game-restart"),
            ),
            Leaving::MainMenu => (
                words.get("confirm-main-menu-title"),
                words.get("game-main-menu"),
            ),
            Leaving::Quit => (words.get("confirm-quit-title"), words.get("game-quit")),
            Leaving::Load => (
                words.get("confirm-load-title"),
                words.get("confirm-choose-file"),
            ),
        };
        let question = stake.question(action, words);
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
            confirming.pass(Leaving::Restart, &nothing, ask),
            Some(Leaving::Restart)
        );
        let game = Stake {
            kept: KeptIn::Autosave(PlayKind::Game),
            worth_asking: true,
            ..Stake::default()
        };
        let leaving = [
            Leaving::Restart,
            Leaving::MainMenu,
            Leaving::Quit,
            Leaving::Load,
        ];
        for action in leaving {
            assert_eq!(confirming.pass(action, &game, ask), None, "{action:?}");
            assert_eq!(confirming.0, Some(action));
        }
        // Not asked with the setting off (actions that do not leave the
        // game are not a `Leaving`, so never asked about).
        for action in leaving {
            assert_eq!(confirming.pass(action, &game, false), Some(action));
        }
    }
}
