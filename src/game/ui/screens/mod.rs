//! The screens of the frame that fill the window: the main menu (with its
//! New game grid, its preferences and the question about a game waiting),
//! the Games library (its database part is `database`'s), and the position
//! editor with its board. Learn to play, Puzzles and the online window are
//! their features' own.

pub(super) mod editor;
pub(super) mod editor_board;
pub(super) mod games;
pub(super) mod main_menu;
pub(super) mod menu_new_game;
pub(super) mod menu_records;
pub(super) mod preferences;
pub(super) mod waiting;
