//! Any game record, recognised by its content, and its text in another
//! format.
//!
//! [`read_record`] and [`load_record`] take what Hive players actually have:
//! boardspace.net SGF files (they start with `(;`), PGN files from Mzinga
//! or hivegame.com (`[Tag "value"]` lines or `1.` moves), a UHP GameString
//! (a saved game, or one pasted from another program) and this program's
//! variations files. [`record_text`] writes a record as a GameString (one
//! line) or as PGN, for the command line's conversion and for saving.

use std::fs;
use std::io::Read;
use std::path::Path;

use hive_rules::{Game, RuleError};

use super::disk::write_atomic;
use super::file::parse_game_text;
use super::pgn::{is_pgn_text, read_pgn};
use super::pgn_write::write_pgn;
use super::record::{GameRecord, GameResult, Headers};
use super::sgf::{is_sgf_text, read_sgf};
use super::{RecordError, SaveHeaders, Variations, is_variations_text};

/// The largest file [`load_record`] reads: a long game is a few kilobytes,
/// and a boardspace record with every click of a long game well under a
/// hundred.
pub const MAX_RECORD_FILE: u64 = 4 * 1024 * 1024;

/// A format [`record_text`] writes (on the command line: `gamestring`, `pgn`,
/// listed in [`Format::NAMES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumString, strum::VariantNames)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Format {
    /// The main line as a UHP GameString, on one line.
    GameString,
    /// PGN in Mzinga's form (see [`write_pgn`]).
    Pgn,
}

impl Format {
    /// The names the command line takes.
    pub const NAMES: &'static [&'static str] = <Format as strum::VariantNames>::VARIANTS;
}

/// Reads a game record of any format this crate knows, chosen by its
/// content (see the module's docs); `source` is named in errors and kept
/// in the headers.
pub fn read_record(text: &str, source: &Path) -> Result<GameRecord, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut record = if is_sgf_text(text) {
        read_sgf(text, source)?
    } else if is_variations_text(text) {
        let tree = Variations::parse(text, source)?;
        let mut record = GameRecord {
            headers: Headers::new(tree.game_type()),
            tree,
        };
        record.headers.result = GameResult::from_status(record.main_line_game().status());
        record
    } else if first_line(text).is_some_and(|line| line.starts_with("Base")) {
        read_game_string(text, source)?
    } else if is_pgn_text(text) {
        read_pgn(text, source)?
    } else if text.trim().is_empty() {
        return Err(RecordError::Empty {
            path: source.to_path_buf(),
        });
    } else {
        return Err(RecordError::UnknownFormat {
            path: source.to_path_buf(),
        });
    };
    record.headers.source = Some(source.to_path_buf());
    Ok(record)
}

/// Reads the game record in the file at `path` (see [`read_record`]). A
/// file larger than [`MAX_RECORD_FILE`] is refused before it is read, and
/// one that is not UTF-8 text is refused as such.
pub fn load_record(path: impl AsRef<Path>) -> Result<GameRecord, RecordError> {
    let path = path.as_ref();
    let read_error = |source| RecordError::Read {
        path: path.to_path_buf(),
        source,
    };
    let too_large = |size| RecordError::TooLarge {
        path: path.to_path_buf(),
        size,
        limit: MAX_RECORD_FILE,
    };
    let size = fs::metadata(path).map_err(read_error)?.len();
    if size > MAX_RECORD_FILE {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .map_err(read_error)?
        .take(MAX_RECORD_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_RECORD_FILE {
        // It grew while being read.
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|_| RecordError::NotText {
        path: path.to_path_buf(),
    })?;
    read_record(&text, path)
}

/// The text of `record` in `format`, ending with a newline.
pub fn record_text(record: &GameRecord, format: Format) -> String {
    match format {
        Format::GameString => format!("{}\n", record.game_string()),
        Format::Pgn => write_pgn(record),
    }
}

/// Saves `record` to `path` in `format`, atomically (see
/// [`crate::write_atomic`]).
pub fn save_record(
    path: impl AsRef<Path>,
    record: &GameRecord,
    format: Format,
) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), record_text(record, format).as_bytes())
}

/// Whether `text` is another program's record (boardspace SGF or PGN)
/// rather than a GameString or a variations file.
pub fn is_foreign_record_text(text: &str) -> bool {
    is_sgf_text(text) || is_pgn_text(text)
}

/// Whether `path` names another program's record by its extension
/// (`.sgf` or `.pgn`, in any case).
pub fn is_foreign_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("pgn"))
}

/// The first line that is neither blank nor a `#` comment.
fn first_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
}

/// A GameString (or a game file): like [`parse_game_text`], but a Queen
/// placed on its side's first turn turns the tournament opening off, as in
/// the other readers (see [`crate::record`]).
fn read_game_string(text: &str, source: &Path) -> Result<GameRecord, RecordError> {
    let game = match parse_game_text(text, source, None) {
        Err(RecordError::BadMove {
            rule: Some(RuleError::QueenOnFirstTurn { .. }),
            ..
        }) => {
            let mut options = SaveHeaders::read(text, source)?.options.unwrap_or_default();
            options.tournament_opening = false;
            parse_game_text(text, source, Some(options))?
        }
        other => other?,
    };
    Ok(record_of(&game))
}

/// A record of `game` with no headers but its type and result.
fn record_of(game: &Game) -> GameRecord {
    let mut headers = Headers::new(game.game_type());
    headers.result = GameResult::from_status(game.status());
    GameRecord::from_game(game, headers)
}
