//! Any game record, recognised by its content, and its text in another
//! format.
//!
//! [`read_record`] takes what Hive players actually have:
//! boardspace.net SGF files (they start with `(;`), PGN files from Mzinga
//! or hivegame.com (`[Tag "value"]` lines or `1.` moves), a UHP GameString
//! (a saved game, or one pasted from another program) and this program's
//! variations texts. [`record_text`] writes a record as a GameString (one
//! line) or as PGN, for the command line's conversion and for saving.

use hive_rules::{Game, RuleError};

use super::game_text::read_game_text;
use super::headers::{HeaderKey, any_value, read_header_block};
use super::pgn::{is_pgn_text, read_pgn};
use super::pgn_write::write_pgn;
use super::record::{GameRecord, GameResult, Headers};
use super::sgf::{is_sgf_text, read_sgf};
use super::variations_text::is_variations_text;
use super::{FormatError, Variations};

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
/// content (see the module's docs).
pub fn read_record(text: &str) -> Result<GameRecord, FormatError> {
    read_record_checked(text, &mut any_value)
}

/// [`read_record`], handing the values of the `kind`, `players` and
/// `clock` headers of the game's own texts to `check` (see
/// [`read_header_block`]).
pub fn read_record_checked(
    text: &str,
    check: &mut dyn FnMut(HeaderKey, &str) -> bool,
) -> Result<GameRecord, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if is_sgf_text(text) {
        read_sgf(text)
    } else if is_variations_text(text) {
        let tree = Variations::parse_checked(text, check)?;
        let mut record = GameRecord {
            headers: Headers::new(tree.game_type()),
            tree,
        };
        record.headers.result = GameResult::from_status(record.main_line_game().status());
        Ok(record)
    } else if first_line(text).is_some_and(|line| line.starts_with("Base")) {
        read_game_string(text, check)
    } else if is_pgn_text(text) {
        read_pgn(text)
    } else if text.trim().is_empty() {
        Err(FormatError::Empty)
    } else {
        Err(FormatError::UnknownFormat)
    }
}

/// The text of `record` in `format`, ending with a newline.
pub fn record_text(record: &GameRecord, format: Format) -> String {
    match format {
        Format::GameString => format!("{}\n", record.game_string()),
        Format::Pgn => write_pgn(record),
    }
}

/// Whether `text` is another program's record (boardspace SGF or PGN)
/// rather than a GameString or a variations file.
pub fn is_foreign_record_text(text: &str) -> bool {
    is_sgf_text(text) || is_pgn_text(text)
}

/// The first line that is neither blank nor a `#` comment.
fn first_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
}

/// A GameString (or a game file): like [`read_game_text`], but a Queen
/// placed on its side's first turn turns the tournament opening off, as in
/// the other readers (see [`crate::record`]).
fn read_game_string(
    text: &str,
    check: &mut dyn FnMut(HeaderKey, &str) -> bool,
) -> Result<GameRecord, FormatError> {
    let game = match read_game_text(text, None, check) {
        Err(FormatError::BadMove {
            rule: Some(RuleError::QueenOnFirstTurn { .. }),
            ..
        }) => {
            let mut options = read_header_block(text, check)?.options.unwrap_or_default();
            options.tournament_opening = false;
            read_game_text(text, Some(options), check)?.game
        }
        other => other?.game,
    };
    Ok(record_of(&game))
}

/// A record of `game` with no headers but its type and result.
fn record_of(game: &Game) -> GameRecord {
    let mut headers = Headers::new(game.game_type());
    headers.result = GameResult::from_status(game.status());
    GameRecord::from_game(game, headers)
}
