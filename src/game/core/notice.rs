//! The message line under the top bar: why a piece cannot move, what a
//! pillbug can do, that a player must pass, or that a move was refused.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
}

/// The sentence shown to the players, if any.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

impl Notice {
    /// Shows `text`, starting with a capital letter.
    pub fn show(&mut self, text: impl Into<String>) {
        let text: String = text.into();
        let mut chars = text.chars();
        let capitalised = match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => text,
        };
        self.0 = Some(capitalised);
    }

    /// Shows nothing.
    pub fn clear(&mut self) {
        self.0 = None;
    }
}
