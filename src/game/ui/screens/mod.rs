//! The screens of the frame that fill the window: the main menu (with its
//! New game grid and its preferences) and the Games library (its database
//! part is `database`'s). The position editor, Learn to play, Puzzles and
//! the online window are their features' own.

pub(super) mod games;
pub(super) mod main_menu;
pub(super) mod menu_new_game;
pub(super) mod menu_records;
pub(super) mod preferences;
