//! Hive game records as text, with no file system and no search engine:
//! text in, [`GameRecord`] out, and back.
//!
//! - [`GameRecord`]: a game with its [`Headers`] (players, date, result,
//!   ...) and its moves as a [`Variations`] tree (every line tried, with
//!   comments on its moves).
//! - [`read_record`]: any record players have, its format recognised by
//!   content: boardspace.net SGF ([`read_sgf`], with boardspace's grid),
//!   PGN ([`read_pgn`]), a UHP GameString after the game's own `# hive`
//!   headers ([`read_game_text`], [`headers`]) and a variations text
//!   ([`Variations::parse`]).
//! - [`record_text`]: a record written as a GameString or as PGN
//!   ([`write_pgn`]; PGN keeps comments and variations both ways), and a
//!   record's main line as boardspace.net SGF ([`write_sgf`]).
//! - [`PgnSplitter`] and [`split_pgn`]: a file of many PGN games cut into
//!   one text per game, a line at a time.
//!
//! Errors ([`FormatError`]) name the line and what is wrong with it; the
//! reader of a file (`hive-records`) adds the file.

mod boardspace;
mod detect;
mod error;
mod game_text;
mod grid;
pub mod headers;
mod pgn;
mod pgn_lex;
mod pgn_split;
mod pgn_write;
mod record;
mod sgf;
mod sgf_write;
mod variations;
pub mod variations_text;

pub use detect::{Format, is_foreign_record_text, read_record, read_record_checked, record_text};
pub use error::{FormatError, RecordProblem};
pub use game_text::{GameText, read_game_text};
pub use headers::{
    CLOCK_PREFIX, CURSOR_PREFIX, HeaderKey, KIND_PREFIX, OPTIONS_PREFIX, PLAYERS_PREFIX,
};
pub use pgn::read_pgn;
pub use pgn_split::{PgnSplitter, split_pgn};
pub use pgn_write::write_pgn;
pub use record::{GameRecord, GameResult, Headers};
pub use sgf::{parse_date, read_sgf};
pub use sgf_write::{boardspace_date, write_sgf};
pub use variations::{NodeId, Variations};
pub use variations_text::{VARIATIONS_HEADER, is_variations_text};
