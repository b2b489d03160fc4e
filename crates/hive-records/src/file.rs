//! The functions that save and load a saved game's moves alone, kept for
//! callers that have only a [`Game`]: they read and write the same files as
//! [`crate::SavedGame`] (its docs describe the format).
//!
//! A game saved by [`save_game`] is its GameString and a newline, after an
//! `options` header when its house rules are not the defaults:
//!
//! ```text
//! # hive options: tournament_opening=on threefold_repetition=on turn_limit=40
//! Base;InProgress;White[2];wA1;bA1 -wA1
//! ```

use std::path::Path;

use super::disk::{read_record_file, write_atomic};
use super::{Clocks, RecordError, SavedGame};
use hive_rules::{Game, Options};

/// Save `game` (shown at its end) to `path` atomically: on failure the
/// previous file, if any, is left as it was and the error names the file.
pub fn save_game(path: impl AsRef<Path>, game: &Game) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), game_file_text(game).as_bytes())
}

/// The clocks saved in the game file at `path`, if it has them (`None` too
/// when the file cannot be read).
pub fn saved_clocks(path: impl AsRef<Path>) -> Option<Clocks> {
    let path = path.as_ref();
    super::SaveHeaders::read(&read_record_file(path).ok()?, path)
        .ok()?
        .clocks
}

/// Load the game in `path` (the whole line, wherever its cursor stands),
/// with the house rules its header names (the defaults when it has none).
/// A file that is not a legal game is refused with a message naming the
/// file and its first bad move or line.
pub fn load_game(path: impl AsRef<Path>) -> Result<Game, RecordError> {
    let path = path.as_ref();
    parse_game_text(&read_record_file(path)?, path, None)
}

/// [`load_game`], with the note [`parse_game_text_noted`] gives when the
/// file's GameString states a state or turn its moves disagree with.
pub fn load_game_noted(path: impl AsRef<Path>) -> Result<(Game, Option<String>), RecordError> {
    let path = path.as_ref();
    parse_game_text_noted(&read_record_file(path)?, path, None)
}

/// The text of a game file of `game` shown at its end, with nothing but its
/// house rules said: an `options` header if they are not the defaults,
/// then the GameString and a newline.
pub fn game_file_text(game: &Game) -> String {
    SavedGame::new(game.clone()).text()
}

/// Read a game from `text` (a file's contents, or a GameString pasted from
/// the clipboard), naming `source` in errors: the whole line. With
/// `options`, those rules apply; without, those of the text's `options`
/// header, or the defaults.
///
/// A GameString whose stated state or turn disagrees with its moves (other
/// Hive programs write some) is loaded from its moves;
/// [`parse_game_text_noted`] also returns a note saying so.
pub fn parse_game_text(
    text: &str,
    source: &Path,
    options: Option<Options>,
) -> Result<Game, RecordError> {
    parse_game_text_noted(text, source, options).map(|(game, _note)| game)
}

/// [`parse_game_text`], returning the note about a GameString whose state
/// or turn disagreed with its moves (they were recomputed from the moves).
pub fn parse_game_text_noted(
    text: &str,
    source: &Path,
    options: Option<Options>,
) -> Result<(Game, Option<String>), RecordError> {
    SavedGame::parse_noted(text, source, options).map(|(saved, note)| (saved.game, note))
}
