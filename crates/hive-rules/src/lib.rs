//! The rules of Hive, with no dependency on the game window.
//!
//! [`Game`] holds a position and its history; [`Game::legal_moves`] lists what
//! the side to move may do, [`Game::play`] checks and plays a move (or says
//! which rule it breaks), [`Game::undo`] takes it back. Notation follows the
//! Universal Hive Protocol. [`Game::move_facts`] says what a move changed
//! (a Queen's free cells, pins, gates, climbers, throws), for a review to
//! put into words.
//!
//! Feature `serde` (off by default): [`Color`] serialised as `"white"`/`"black"`,
//! and [`Options`] by its fields' names.

mod check;
mod display;
mod ending;
mod error;
mod facts;
mod game;
mod game_type;
mod hex;
mod make_move;
mod movegen;
mod notation;
mod path;
mod piece;
mod piece_ref;
mod why;
mod zobrist;

pub use ending::Ending;
pub use error::{CellName, LoadError, NotationError, PieceRefError, RuleError, how_it_moves};
pub use facts::{PieceFacts, PieceSet};
pub use game::{Game, GameStatus, Move};
pub use game_type::{GameType, Options};
pub use hex::{CELLS, Direction, Hex};
pub use notation::{parse_state, parse_turn};
pub use piece::{Bug, Color, PIECE_COUNT, PIECES_PER_SIDE, Piece};
pub use piece_ref::PieceRef;
pub use why::{Cells, Fact, MoveFacts, Stance};
