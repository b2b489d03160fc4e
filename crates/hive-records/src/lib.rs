//! The game's own files on disk, with no dependency on the game window.
//!
//! - [`SavedGame`] ([`save_game_file`] / [`load_game_file`]): a game as the
//!   player left it, as a UHP GameString in a plain text file, which other
//!   Hive programs understand, after `# hive key: value` header lines
//!   ([`SaveHeaders`]: who plays, the clocks, the house rules, how many
//!   moves are shown) that they skip. It is the one save API: a game
//!   alone is saved as `SavedGame::new(game)`.
//! - [`Autosave`]: the game in play, written after every change to the
//!   `autosave` folder of the platform's data directory, one per kind of
//!   play ([`PlayKind`]: a game, an analysis board, an exhibition); the
//!   game's is offered for resuming at the next start.
//! - [`GameCursor`]: the game in play, a record with a cursor in it: the
//!   line shown, undo, redo and review along it, branching into variations
//!   (the game window's `CurrentGame` is one).
//! - [`Variations`]: a game with every line tried from its positions, as a
//!   tree with comments on its moves, and its text file (one GameString per
//!   line).
//! - [`GameRecord`] (the model and its texts are `hive-formats`'): a game
//!   with its headers, read from any record file players have by
//!   [`load_record`] (boardspace.net SGF, PGN, a GameString, a variations
//!   file) and saved by [`save_record`]. [`RecordFile`] reads a file (or a
//!   pasted text) as the kind it is ([`FileKind`]): the one dispatch every
//!   loader uses.
//! - [`annotate`] / [`read_review`]: an engine review of a game kept in its
//!   record's comments (and the engine's lines as variations), and read
//!   back exactly; [`ReviewStore`]: every review the engine finished, kept
//!   as its game's record in the data directory, found again by the moves.
//! - [`record_files`] / [`read_entry`]: a folder of records as the game
//!   library's list ([`LibraryEntry`], [`RecordSummary`]), with its sorting
//!   ([`sort_entries`]) and player filter ([`matches_player`]).
//! - [`Seats`]: who plays a saved game (its `players` header).
//! - [`KeptGame`]: a game the player played, kept as theirs once it ends
//!   (a PGN record with who played, how it ended, the house rules and the
//!   clocks), and its file while it waits to be stored.
//!
//! Every read goes through one bounded reader ([`MAX_RECORD_FILE`]); every
//! write is atomic (a temporary file in the same directory, flushed to
//! disk, then renamed over the target), so a failed write leaves the
//! previous good file as it was. Every error ([`RecordError`]) names the
//! file it is about.

mod autosave;
mod disk;
mod error;
mod game_cursor;
mod kept_game;
mod library;
mod play_kind;
mod record_file;
mod record_io;
mod review_notes;
mod review_store;
mod save_headers;
mod saved_game;
mod seats;
mod time_control;

pub use autosave::{AUTOSAVE_DIR, AUTOSAVE_FILE, AUTOSAVE_VARIATIONS_FILE, Autosave, DATA_DIR_ENV};
pub use disk::{MAX_RECORD_FILE, write_atomic, write_private};
pub use error::{ErrorKind, RecordError};
pub use game_cursor::{GameCursor, LineRefused};
pub use kept_game::{Ending, KeptGame};
pub use library::{
    Column, FOREIGN_EXTENSIONS, GAME_EXTENSION, LibraryEntry, PGN_EXTENSION, RECORD_EXTENSIONS,
    RecordSummary, SGF_EXTENSION, date_key, matches_player, read_entry, record_files, sort_entries,
};
pub use play_kind::PlayKind;
pub use record_file::{FileKind, RecordFile};
pub use record_io::{
    is_foreign_record_file, is_variations_file, load_record, load_variations, read_record,
    read_variations, save_record, save_variations,
};
pub use review_notes::{annotate, read_review, remove_review};
pub use review_store::{REVIEWS_DIR, ReviewStore};
pub use save_headers::{CURSOR_PREFIX, KIND_PREFIX, OPTIONS_PREFIX, SaveHeaders};
pub use saved_game::{SavedGame, load_game_file, save_game_file};
pub use seats::{PLAYERS_PREFIX, Seats};
pub use time_control::{CLOCK_PREFIX, ClockWarning, Clocks, TimeControl};

// The record model and its texts, from `hive-formats`, for the game's
// callers that know them as the records'.
pub use hive_formats::{
    Format, FormatError, GameRecord, GameResult, Headers, NodeId, RecordProblem, VARIATIONS_HEADER,
    Variations, is_foreign_record_text, is_variations_text, record_text, write_pgn,
};

/// The project's directories on this platform (`~/.local/share/hive`,
/// `~/.config/hive`, `~/.cache/hive`, `%APPDATA%\hive`,
/// `~/Library/Application Support/hive`): the one place the app's name for
/// them is written.
pub fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "hive")
}
