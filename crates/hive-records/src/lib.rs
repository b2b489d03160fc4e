//! Game records on disk, with no dependency on the game window.
//!
//! - [`SavedGame`] ([`save_game_file`] / [`load_game_file`]): a game as the
//!   player left it, as a UHP GameString in a plain text file, which other
//!   Hive programs understand, after `# hive key: value` header lines
//!   ([`SaveHeaders`]: who plays, the clocks, the house rules, how many
//!   moves are shown) that they skip. [`save_game`] / [`load_game`] save
//!   and load the moves alone.
//! - [`Autosave`]: the game in play, written after every change to the
//!   `autosave` folder of the platform's data directory, one per kind of
//!   play ([`PlayKind`]: a game, an analysis board, an exhibition); the
//!   game's is offered for resuming at the next start.
//! - [`Variations`]: a game with every line tried from its positions, as a
//!   tree with comments on its moves, and its text file (one GameString per
//!   line).
//! - [`GameRecord`]: a game with its headers (players, date, result, ...),
//!   read from any record players have by [`read_record`] / [`load_record`]
//!   (boardspace.net SGF, PGN, a GameString, a variations file) and written
//!   by [`record_text`] as a GameString or PGN ([`write_pgn`]; PGN keeps
//!   comments and variations both ways).
//! - [`annotate`] / [`read_review`]: an engine review of a game kept in its
//!   record's comments (and the engine's lines as variations), and read
//!   back exactly; [`ReviewStore`]: every review the engine finished, kept
//!   as its game's record in the data directory, found again by the moves.
//! - [`record_files`] / [`read_entry`]: a folder of records as the game
//!   library's list ([`LibraryEntry`], [`RecordSummary`]), with its sorting
//!   ([`sort_entries`]) and player filter ([`matches_player`]).
//! - [`Seats`]: who plays a saved game (its `players` header).
//!
//! Every write is atomic (a temporary file in the same directory, flushed to
//! disk, then renamed over the target), so a failed write leaves the previous
//! good file as it was. Every error names the file it is about.

mod autosave;
mod boardspace;
mod disk;
mod error;
mod file;
mod formats;
mod grid;
mod library;
mod pgn;
mod pgn_lex;
mod pgn_write;
mod play_kind;
mod record;
mod review_notes;
mod review_store;
mod save_headers;
mod saved_game;
mod seats;
mod sgf;
mod time_control;
mod variations;
mod variations_file;

pub use autosave::{AUTOSAVE_DIR, AUTOSAVE_FILE, AUTOSAVE_VARIATIONS_FILE, Autosave, DATA_DIR_ENV};
pub use disk::write_atomic;
pub use error::{RecordError, RecordProblem};
pub use file::{
    game_file_text, load_game, load_game_noted, load_game_with, parse_game_text,
    parse_game_text_noted, save_game, save_game_with_clocks, saved_clocks,
};
pub use formats::{
    Format, MAX_RECORD_FILE, is_foreign_record_file, is_foreign_record_text, load_record,
    read_record, record_text, save_record,
};
pub use library::{
    Column, LibraryEntry, RECORD_EXTENSIONS, RecordSummary, date_key, matches_player, read_entry,
    record_files, sort_entries,
};
pub use pgn::read_pgn;
pub use pgn_write::write_pgn;
pub use play_kind::PlayKind;
pub use record::{GameRecord, GameResult, Headers};
pub use review_notes::{annotate, read_review, remove_review};
pub use review_store::{REVIEWS_DIR, ReviewStore};
pub use save_headers::{CURSOR_PREFIX, KIND_PREFIX, OPTIONS_PREFIX, SaveHeaders};
pub use saved_game::{SavedGame, load_game_file, save_game_file};
pub use seats::{PLAYERS_PREFIX, Seats};
pub use sgf::read_sgf;
pub use time_control::{CLOCK_PREFIX, ClockWarning, Clocks, TimeControl};
pub use variations::{NodeId, Variations};
pub use variations_file::{
    VARIATIONS_HEADER, is_variations_file, is_variations_text, load_variations, save_variations,
};

/// The project's directories on this platform (`~/.local/share/hive`,
/// `~/.config/hive`, `%APPDATA%\hive`, `~/Library/Application Support/hive`).
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "hive")
}
