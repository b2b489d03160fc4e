//! The dialogs: the save, load and import file dialogs, the question before
//! leaving a game, and what a button needs to open one.

pub(super) mod confirm;
pub(super) mod files;
