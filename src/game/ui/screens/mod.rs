//! The screens that fill the window: the main menu (with its New game
//! grid, its preferences and the question about a game waiting), the Games
//! library, Learn to play, Puzzles, and the position editor with its board.

pub(super) mod editor;
pub(super) mod editor_board;
pub(super) mod games;
pub(super) mod games_database;
pub(super) mod lessons;
pub(super) mod main_menu;
pub(super) mod menu_new_game;
pub(super) mod menu_records;
pub(in crate::game::ui) mod online;
pub(super) mod preferences;
pub(super) mod puzzles;
pub(super) mod waiting;
