//! The message line under the top bar: why a piece cannot move, what a
//! pillbug can do, that a player must pass, or that a move was refused.
//! A game's messages leave with it: the menu starts clean.
//!
//! Every feature says things there, through [`Notices`] (a message,
//! [`NoticeChange`]); the line itself, [`Notice`], is written here alone,
//! at the end of each frame, in the order the changes were asked.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::Screen;
use crate::rules::Hex;
use crate::text::Worded;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
    app.add_message::<NoticeChange>();
    app.add_systems(OnExit(Screen::Playing), forget_the_games_message);
    app.add_systems(Last, apply_notice_changes);
}

/// A change to the message line, as [`Notices`] asks it.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum NoticeChange {
    /// [`Notice::show`].
    Show(String),
    /// [`Notice::show_as_written`].
    ShowAsWritten(String),
    /// [`Notice::show_worded`].
    ShowWorded(Worded),
    /// [`Notice::show_marked`].
    ShowMarked(Worded),
    /// [`Notice::clear`].
    Clear,
}

/// How a feature writes the message line: each call asks for a change,
/// made at the end of the frame, in the order asked.
#[derive(SystemParam)]
pub struct Notices<'w> {
    changes: MessageWriter<'w, NoticeChange>,
}

impl Notices<'_> {
    /// Shows `text` ([`Notice::show`]: with a capital letter unless it
    /// starts with a piece's name).
    pub fn show(&mut self, text: impl Into<String>) {
        self.changes.write(NoticeChange::Show(text.into()));
    }

    /// Shows `text` as it is written ([`Notice::show_as_written`]).
    pub fn show_as_written(&mut self, text: impl Into<String>) {
        self.changes.write(NoticeChange::ShowAsWritten(text.into()));
    }

    /// Shows a sentence and flashes the cells it is about.
    pub fn show_worded(&mut self, worded: Worded) {
        self.changes.write(NoticeChange::ShowWorded(worded));
    }

    /// Shows a sentence and keeps its cells lit while it is shown.
    pub fn show_marked(&mut self, worded: Worded) {
        self.changes.write(NoticeChange::ShowMarked(worded));
    }

    /// Shows nothing.
    pub fn clear(&mut self) {
        self.changes.write(NoticeChange::Clear);
    }
}

fn apply_notice_changes(mut changes: MessageReader<NoticeChange>, mut notice: ResMut<Notice>) {
    for change in changes.read() {
        match change.clone() {
            NoticeChange::Show(text) => notice.show(text),
            NoticeChange::ShowAsWritten(text) => notice.show_as_written(text),
            NoticeChange::ShowWorded(worded) => notice.show_worded(worded),
            NoticeChange::ShowMarked(worded) => notice.show_marked(worded),
            NoticeChange::Clear => notice.clear(),
        }
    }
}

/// Leaving a game: its last message ("White AI considers ...") is not the
/// menu's.
fn forget_the_games_message(mut notice: ResMut<Notice>) {
    notice.clear();
}

/// The sentence shown to the players, if any, and the cells it is about
/// (the board flashes them).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice(pub Option<String>, Vec<Hex>, bool);

impl Notice {
    /// Shows `text`, starting with a capital letter, unless it starts with
    /// a piece's name (`wQ`, `bS1`), which keeps its case.
    pub fn show(&mut self, text: impl Into<String>) {
        let text: String = text.into();
        let mut chars = text.chars();
        let first = chars.next();
        let names_a_piece = matches!(first, Some('w' | 'b'))
            && chars.next().is_some_and(|c| c.is_ascii_uppercase());
        let capitalised = match first {
            Some(first) if !names_a_piece => {
                first.to_uppercase().chain(text.chars().skip(1)).collect()
            }
            _ => text,
        };
        self.0 = Some(capitalised);
        self.1.clear();
        self.2 = false;
    }

    /// Shows `text` as it is written: a sentence that starts with a
    /// player's name ("jc joined") keeps the name as its player wrote it.
    pub fn show_as_written(&mut self, text: impl Into<String>) {
        self.0 = Some(text.into());
        self.1.clear();
        self.2 = false;
    }

    /// Shows a sentence in words and flashes the cells it is about.
    pub fn show_worded(&mut self, worded: Worded) {
        self.show(worded.text);
        self.1 = worded.cells;
    }

    /// Shows a sentence and keeps the cells it is about lit while it is
    /// shown (a lesson's step: "the lit cell").
    pub fn show_marked(&mut self, worded: Worded) {
        self.show_worded(worded);
        self.2 = true;
    }

    /// Whether the cells stay lit while the sentence is shown (else they
    /// flash a few times).
    pub fn keeps_cells_lit(&self) -> bool {
        self.2
    }

    /// The cells the sentence shown is about (none for most messages).
    pub fn cells(&self) -> &[Hex] {
        &self.1
    }

    /// Shows nothing.
    pub fn clear(&mut self) {
        self.0 = None;
        self.1.clear();
        self.2 = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_get_a_capital_and_piece_names_keep_their_case() {
        let mut notice = Notice::default();
        notice.show("the game is over");
        assert_eq!(notice.0.as_deref(), Some("The game is over"));
        notice.show("wQ cannot be placed at bA1-");
        assert_eq!(notice.0.as_deref(), Some("wQ cannot be placed at bA1-"));
        notice.show("bS1 cannot move");
        assert_eq!(notice.0.as_deref(), Some("bS1 cannot move"));
        notice.show("black has no legal move");
        assert_eq!(notice.0.as_deref(), Some("Black has no legal move"));
        notice.show("");
        assert_eq!(notice.0.as_deref(), Some(""));
    }
}
