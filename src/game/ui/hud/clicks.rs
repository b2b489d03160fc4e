//! What the in-game panels' buttons send: each click writes the message its
//! handler reads (a piece selected, a move, undo and the move list's
//! variations, review, the analysis, the engine's review, a dialog opened),
//! and the actions that leave the game (Restart, Main menu, Quit, Load) go
//! through the question before leaving first.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::core::EditSettings;
use crate::game::core::SetAnalysis;
use crate::game::core::{CurrentMode, Mode, NewGame, Notices, PlayMove, Resign, Screen, Words};
use crate::game::database::GameDatabase;
use crate::game::learn::{LessonRequest, PuzzleRequest};
use crate::game::play::SelectPiece;
use crate::game::saves::{EngineReviewRequest, Leaving, RecordsAction, ReviewAction, Stake};
use crate::game::ui::dialogs::confirm::Confirming;
use crate::game::ui::dialogs::files::{Dialog, OpenDialog};

/// The messages and resources the panels' buttons act on.
#[derive(SystemParam)]
pub(in crate::game::ui) struct Clicks<'w, 's> {
    pub select: MessageWriter<'w, SelectPiece>,
    pub play: MessageWriter<'w, PlayMove>,
    pub records: MessageWriter<'w, RecordsAction>,
    pub review: MessageWriter<'w, ReviewAction>,
    pub analysis: MessageWriter<'w, SetAnalysis>,
    pub engine_review: MessageWriter<'w, EngineReviewRequest>,
    pub dialogs: OpenDialog<'w>,
    /// The message line (also told when the GameString was copied).
    pub notice: Notices<'w>,
    /// The game database (the explorer shown or not), and what it is asked.
    pub database: Res<'w, GameDatabase>,
    pub database_requests: MessageWriter<'w, crate::game::database::DatabaseRequest>,
    new_game: MessageWriter<'w, NewGame>,
    exit: MessageWriter<'w, AppExit>,
    next_screen: ResMut<'w, NextState<Screen>>,
    puzzles: MessageWriter<'w, PuzzleRequest>,
    lessons: MessageWriter<'w, LessonRequest>,
    confirming: ResMut<'w, Confirming>,
    settings: EditSettings<'w>,
    stake: Res<'w, Stake>,
    resign: MessageWriter<'w, Resign>,
    resign_asked: Local<'s, bool>,
    mode: CurrentMode<'w>,
    words: Res<'w, Words>,
}

impl Clicks<'_, '_> {
    /// The Resign button's question, gone with the game it was about.
    pub(in crate::game::ui) fn forget_resign(&mut self) {
        *self.resign_asked = false;
    }

    /// The Resign button of a game against the AI: the first press asks
    /// ("Really resign?"), the second resigns, a third takes the question
    /// back.
    pub(in crate::game::ui) fn resign_button(&mut self, ui: &mut egui::Ui) {
        let key = if *self.resign_asked {
            "game-resign-sure"
        } else {
            "game-resign"
        };
        let button = ui
            .button(self.words.get(key))
            .on_hover_text(self.words.get("game-resign-tip"));
        if button.clicked() {
            if *self.resign_asked {
                self.resign.write(Resign);
            }
            *self.resign_asked = !*self.resign_asked;
        }
    }

    /// What the player is doing (the panels are drawn only on the board).
    pub(super) fn mode(&self) -> Mode {
        self.mode.get()
    }

    /// Whether a player with no legal move passes by itself.
    pub(in crate::game::ui) fn auto_pass(&self) -> bool {
        self.settings.auto_pass
    }

    /// Leaves the game (Restart, Main menu, Quit, Load), or first asks
    /// whether to, when leaving loses something.
    pub(in crate::game::ui) fn leave(&mut self, leaving: Leaving) {
        // A puzzle is practice: leaving it loses nothing worth asking about.
        let ask = self.settings.ask_before_leaving && !self.mode().practising();
        if let Some(leaving) = self.confirming.pass(leaving, &self.stake, ask) {
            self.carry_out(leaving);
        }
    }

    /// The question before leaving, while one is asked; once the player
    /// said yes, the game is left.
    pub(in crate::game::ui) fn show_question(&mut self, ctx: &egui::Context) {
        let mut asked = self.settings.ask_before_leaving;
        let confirmed = self
            .confirming
            .show(ctx, &self.words, &self.stake, &mut asked);
        self.settings
            .edit(|settings| settings.ask_before_leaving = asked);
        if let Some(leaving) = confirmed {
            self.carry_out(leaving);
        }
    }

    /// Tells the message line the GameString was put on the clipboard.
    pub(in crate::game::ui) fn copied(&mut self) {
        self.notice.show(self.words.get("game-copied"));
    }

    fn carry_out(&mut self, leaving: Leaving) {
        match leaving {
            // Restart acts on what runs: a lesson's step or a puzzle
            // again, a game anew.
            Leaving::Restart => match self.mode() {
                Mode::Lesson(_) => {
                    self.lessons.write(LessonRequest::Retry);
                }
                Mode::Puzzle(_) => {
                    self.puzzles.write(PuzzleRequest::Retry);
                }
                Mode::Game(_) | Mode::Menu | Mode::Editor => {
                    self.new_game.write(NewGame);
                }
            },
            Leaving::MainMenu => self.next_screen.set(Screen::MainMenu),
            Leaving::Quit => {
                self.exit.write(AppExit::Success);
            }
            Leaving::Load => self.dialogs.open(Dialog::Load),
        }
    }
}
