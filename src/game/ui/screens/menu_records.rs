//! The main menu's records part: "Resume last game",
//! "Load game…", "Import…", and the current message.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::core::{Notice, Words};
use crate::game::saves::{AutosaveStatus, RecordsAction};
use crate::game::ui::dialogs::files::{Dialog, OpenDialog};
use crate::game::widgets::notice_color;
use crate::records::PlayKind;

/// The main menu's part: resume, load, import.
#[derive(SystemParam)]
pub(in crate::game::ui) struct MenuRecords<'w> {
    autosave: Res<'w, AutosaveStatus>,
    notice: Res<'w, Notice>,
    actions: MessageWriter<'w, RecordsAction>,
    dialogs: OpenDialog<'w>,
    words: Res<'w, Words>,
    /// The online game waiting, if any: resumed when no other game waits.
    online: (
        Res<'w, crate::game::online::Resumable>,
        MessageWriter<'w, crate::game::online::OnlineRequest>,
    ),
}

impl MenuRecords<'_> {
    /// "Resume last game" (when there is one), "Load game…", "Import…".
    pub(in crate::game::ui) fn game_buttons(&mut self, ui: &mut egui::Ui, size: egui::Vec2) {
        let words = &self.words;
        // Always there (greyed without an autosave), so nothing below moves.
        // With no other game waiting, the online game left is the last one.
        let (resumable, online) = &mut self.online;
        let friend = resumable
            .friend()
            .filter(|_| !self.autosave.available && self.autosave.online);
        let tip = match friend {
            Some(name) => words.format(
                "game-resume-online-tip",
                &crate::text::Args::new().with("name", name),
            ),
            None => words.get("game-resume-tip"),
        };
        if ui
            .add_enabled(
                self.autosave.available || friend.is_some(),
                egui::Button::new(words.get("game-resume")).min_size(size),
            )
            .on_hover_text(tip)
            .on_disabled_hover_text(words.get("game-resume-none-tip"))
            .clicked()
        {
            if friend.is_some() {
                online.write(crate::game::online::OnlineRequest::Resume);
            } else {
                self.actions.write(RecordsAction::Resume);
            }
        }
        if ui
            .add(egui::Button::new(words.get("game-load-game")).min_size(size))
            .on_hover_text(words.get("game-load-game-tip"))
            .clicked()
        {
            self.dialogs.open(Dialog::Load);
        }
        if ui
            .add(egui::Button::new(words.get("game-import")).min_size(size))
            .on_hover_text(words.get("game-import-tip"))
            .clicked()
        {
            self.dialogs.open(Dialog::Import);
        }
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
            ui.label(egui::RichText::new(text).color(notice_color(ui.ctx())));
        }
    }
}
