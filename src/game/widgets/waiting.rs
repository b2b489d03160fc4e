//! The question "New game" asks when a game of the kind chosen waits in its
//! autosave: the unfinished game in "Resume last game" (the new game takes
//! its place with its first move), or, with AI vs AI chosen, the exhibition
//! left unfinished (its only way back, so asked whatever the settings say).

use bevy_egui::egui;

use crate::game::core::Opponent;
use crate::records::PlayKind;
use crate::text::Texts;

/// Whether "New game" should first ask about the game waiting in "Resume
/// last game": only a game against a person or the AI takes its place (an
/// exhibition keeps its own autosave).
fn new_game_needs_asking(game_waiting: bool, opponent: Opponent, ask: bool) -> bool {
    game_waiting && ask && !matches!(opponent, Opponent::Exhibition { .. })
}

/// The waiting game "New game" asks about first, if any: with AI vs AI
/// chosen, an exhibition waiting; else the game in "Resume last game" (see
/// [`new_game_needs_asking`]).
pub(in crate::game) fn waiting_to_ask_about(
    waiting: impl Fn(PlayKind) -> bool,
    opponent: Opponent,
    ask: bool,
) -> Option<PlayKind> {
    if matches!(opponent, Opponent::Exhibition { .. }) {
        waiting(PlayKind::Exhibition).then_some(PlayKind::Exhibition)
    } else {
        new_game_needs_asking(waiting(PlayKind::Game), opponent, ask).then_some(PlayKind::Game)
    }
}

/// What the question about the waiting game was answered.
pub(in crate::game) enum WaitingAnswer {
    NewGame,
    Resume,
    Cancel,
}

/// The question "New game" asks when a game waits in "Resume last game".
pub(in crate::game) fn ask_about_waiting_game(
    ctx: &egui::Context,
    words: &Texts,
    ask: &mut bool,
) -> Option<WaitingAnswer> {
    let keys = Keys {
        title: "menu-waiting-title",
        text: "menu-waiting-text",
        new: "menu-new-game",
        resume_tip: "menu-resume-it-tip",
    };
    question(ctx, words, &keys, Some(ask))
}

/// The question "New game" asks, with AI vs AI chosen, when an exhibition
/// waits.
pub(in crate::game) fn ask_about_waiting_exhibition(
    ctx: &egui::Context,
    words: &Texts,
) -> Option<WaitingAnswer> {
    let keys = Keys {
        title: "menu-exhibition-waiting-title",
        text: "menu-exhibition-waiting-text",
        new: "menu-new-exhibition",
        resume_tip: "menu-resume-exhibition-tip",
    };
    question(ctx, words, &keys, None)
}

/// The words of one question.
struct Keys {
    title: &'static str,
    text: &'static str,
    new: &'static str,
    resume_tip: &'static str,
}

/// A question about a waiting game, with "Don't ask again" when `ask` is
/// given.
fn question(
    ctx: &egui::Context,
    words: &Texts,
    keys: &Keys,
    ask: Option<&mut bool>,
) -> Option<WaitingAnswer> {
    let mut answer = None;
    let mut dont_ask = ask.as_ref().map(|ask| !**ask);
    egui::Window::new(words.get(keys.title))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.label(words.get(keys.text));
            if let Some(dont_ask) = dont_ask.as_mut() {
                ui.checkbox(dont_ask, words.get("menu-dont-ask"))
                    .on_hover_text(words.get("menu-dont-ask-tip"));
            }
            ui.horizontal(|ui| {
                if ui.button(words.get(keys.new)).clicked() {
                    answer = Some(WaitingAnswer::NewGame);
                }
                if ui
                    .button(words.get("menu-resume-it"))
                    .on_hover_text(words.get(keys.resume_tip))
                    .clicked()
                {
                    answer = Some(WaitingAnswer::Resume);
                }
                if ui.button(words.get("menu-cancel")).clicked() {
                    answer = Some(WaitingAnswer::Cancel);
                }
            });
        });
    if let (Some(ask), Some(dont_ask)) = (ask, dont_ask)
        && dont_ask == *ask
    {
        *ask = !dont_ask;
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;

    #[test]
    fn new_game_asks_only_when_it_would_take_the_waiting_games_place() {
        let ask = true;
        assert!(new_game_needs_asking(true, Opponent::Human, ask));
        assert!(new_game_needs_asking(true, Opponent::Ai, ask));
        // Nothing waiting, the questions turned off, or an exhibition
        // (which has its own autosave): straight in.
        assert!(!new_game_needs_asking(false, Opponent::Ai, ask));
        assert!(!new_game_needs_asking(true, Opponent::Ai, false));
        let exhibition = Opponent::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Easy,
        };
        assert!(!new_game_needs_asking(true, exhibition, ask));
    }

    #[test]
    fn an_exhibition_waiting_is_offered_when_ai_vs_ai_is_chosen() {
        let exhibition = Opponent::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Beginner,
        };
        let off = false;
        let only = |waiting: PlayKind| move |kind| kind == waiting;
        assert_eq!(
            waiting_to_ask_about(only(PlayKind::Exhibition), exhibition, off),
            Some(PlayKind::Exhibition),
            "its only way back: asked even with the questions off"
        );
        assert_eq!(
            waiting_to_ask_about(only(PlayKind::Game), exhibition, true),
            None
        );
        assert_eq!(
            waiting_to_ask_about(only(PlayKind::Exhibition), Opponent::Ai, off),
            None
        );
        assert_eq!(
            waiting_to_ask_about(only(PlayKind::Game), Opponent::Ai, true),
            Some(PlayKind::Game)
        );
    }
}
