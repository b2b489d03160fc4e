//! The dialogs: the save, load and import file dialogs, the question before
//! leaving a game, and the game records' controls that open them.

pub(super) mod confirm;
pub(super) mod files;
pub(super) mod game_menu;
