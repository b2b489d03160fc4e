//! The `# hive key: value` lines of our own game files: one model
//! ([`SaveHeaders`]), one reader ([`SaveHeaders::read`]) and one writer
//! ([`SaveHeaders::text`]), used by saved games, autosaves and variations
//! files alike.
//!
//! Those files are UHP GameStrings with comment lines before them, which
//! other Hive programs skip. The comment lines of the form
//! `# hive key: value` are this program's headers:
//!
//! ```text
//! # hive kind: game
//! # hive players: ai=black:medium
//! # hive clock: 10+5 white=512.300 black=498.000
//! # hive options: tournament_opening=on threefold_repetition=on turn_limit=none
//! # hive cursor: 5
//! Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
//! ```
//!
//! | key       | value                                                        | when absent                 |
//! |-----------|--------------------------------------------------------------|-----------------------------|
//! | `kind`    | the kind of play saved ([`PlayKind`]): `game`, `analysis`, `exhibition` | not said         |
//! | `players` | who plays each side ([`Seats`]): `human`, `ai=black:medium`, `exhibition=white:easy,black:medium` | not said (another program's game) |
//! | `clock`   | the time control and both times left in seconds ([`Clocks`]) | an untimed game             |
//! | `options` | the house rules as `name=value` words: `tournament_opening` and `threefold_repetition` (`on` or `off`), `turn_limit` (a number of turns, or `none`) | the default rules |
//! | `cursor`  | how many moves of the line are shown (the example: 5 of 8)    | the position at the end     |
//!
//! The writer puts them in the order of the table, each only when it says
//! something, then the headers of keys this program does not know, as they
//! were read. Files written before `kind` and `cursor` existed have only
//! `players`, `clock` and `options`, in that order, and read as they
//! always did.
//!
//! The reader takes the header lines before the first game line (the first
//! line that is neither blank nor a `#` comment); other `#` lines are
//! skipped. A header of a key it does not know (from a later version) is
//! kept in [`SaveHeaders::other`], so that saving the file again keeps it;
//! in `options`, a rule it does not know is skipped. A known header whose
//! value cannot be read, or that appears twice, is refused with the file
//! and the line (`game.txt line 2: ...`).

use std::path::Path;

use hive_formats::headers::{HeaderKey, options_words, other_header_line, read_header_block};

use hive_rules::Options;

use super::{Clocks, PlayKind, RecordError, Seats};

pub use hive_formats::{CURSOR_PREFIX, KIND_PREFIX, OPTIONS_PREFIX};

/// What the `# hive key: value` headers of one of our game files say.
///
/// ```text
/// # hive players: ai=black:medium
/// # hive clock: 10+5 white=512.300 black=498.000
/// # hive cursor: 5
/// Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
/// ```
///
/// The keys, in the order they are written: `kind` ([`PlayKind`]),
/// `players` ([`Seats::words`]), `clock` ([`Clocks::words`]), `options`
/// (`tournament_opening=on threefold_repetition=off turn_limit=none`) and
/// `cursor` (how many moves are shown), each only when it says something,
/// then those of keys this program does not know ([`SaveHeaders::other`]).
/// [`SaveHeaders::read`] reads the headers before the first game line and
/// refuses a known one that cannot be read, or appears twice, naming the
/// file and the line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveHeaders {
    /// The kind of play saved.
    pub kind: Option<PlayKind>,
    /// Who plays each side.
    pub seats: Option<Seats>,
    /// The clocks of a timed game.
    pub clocks: Option<Clocks>,
    /// The house rules; `None` for the defaults.
    pub options: Option<Options>,
    /// How many moves of the line are shown; `None` for all of them.
    pub cursor: Option<usize>,
    /// Headers of keys this program does not know, as `(key, value)` in the
    /// order read; written back after the others.
    pub other: Vec<(String, String)>,
}

/// A check for the formats' readers (see [`read_header_block`]): the
/// `kind`, `players` and `clock` headers as this program reads them, each
/// kept in `headers`.
pub(crate) fn keep_in(headers: &mut SaveHeaders) -> impl FnMut(HeaderKey, &str) -> bool + '_ {
    move |key, value| match key {
        HeaderKey::Kind => PlayKind::parse(value)
            .map(|kind| headers.kind = Some(kind))
            .is_some(),
        HeaderKey::Players => Seats::parse_words(value)
            .map(|seats| headers.seats = Some(seats))
            .is_some(),
        HeaderKey::Clock => Clocks::parse_words(value)
            .map(|clocks| headers.clocks = Some(clocks))
            .is_some(),
        HeaderKey::Options | HeaderKey::Cursor => true,
    }
}

impl SaveHeaders {
    /// Reads the headers before the first game line of `text`, naming
    /// `source` in errors (see the type's docs).
    pub fn read(text: &str, source: &Path) -> Result<SaveHeaders, RecordError> {
        let mut headers = SaveHeaders::default();
        let block = read_header_block(text, &mut keep_in(&mut headers))
            .map_err(|error| RecordError::format(source, error))?;
        headers.options = block.options;
        headers.cursor = block.cursor;
        headers.other = block.other;
        Ok(headers)
    }

    /// Whether there is nothing to say.
    pub fn is_empty(&self) -> bool {
        *self == SaveHeaders::default()
    }

    /// The header lines, each ending with a newline, in the order of the
    /// module's table (empty when there is nothing to say).
    pub fn text(&self) -> String {
        let mut text = String::new();
        for key in HeaderKey::ORDER {
            let value = match key {
                HeaderKey::Kind => self.kind.map(|kind| kind.word().to_string()),
                HeaderKey::Players => self.seats.map(Seats::words),
                HeaderKey::Clock => self.clocks.map(|clocks| clocks.words()),
                HeaderKey::Options => self.options.map(options_words),
                HeaderKey::Cursor => self.cursor.map(|cursor| cursor.to_string()),
            };
            if let Some(value) = value {
                text.push_str(&key.line(&value));
            }
        }
        for (key, value) in &self.other {
            // Only what the reader would read back as the same header.
            if let Some(line) = other_header_line(key, value) {
                text.push_str(&line);
            }
        }
        text
    }
}
