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

use hive_rules::Options;

use super::{CLOCK_PREFIX, Clocks, PLAYERS_PREFIX, PlayKind, RecordError, Seats};

/// What starts every header line.
pub const HEADER_START: &str = "# hive ";

/// The header line of the kind of play saved.
pub const KIND_PREFIX: &str = "# hive kind:";

/// The header line of the house rules (optional rules that are not the
/// defaults, which a GameString cannot say).
pub const OPTIONS_PREFIX: &str = "# hive options:";

/// The header line of how many moves of the line are shown.
pub const CURSOR_PREFIX: &str = "# hive cursor:";

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

/// The headers this program knows, in the order they are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Kind,
    Players,
    Clock,
    Options,
    Cursor,
}

impl Key {
    const ORDER: [Key; 5] = [
        Key::Kind,
        Key::Players,
        Key::Clock,
        Key::Options,
        Key::Cursor,
    ];

    fn prefix(self) -> &'static str {
        match self {
            Key::Kind => KIND_PREFIX,
            Key::Players => PLAYERS_PREFIX,
            Key::Clock => CLOCK_PREFIX,
            Key::Options => OPTIONS_PREFIX,
            Key::Cursor => CURSOR_PREFIX,
        }
    }

    /// `clock` for `# hive clock:`.
    fn name(self) -> &'static str {
        let prefix = self.prefix();
        &prefix[HEADER_START.len()..prefix.len() - 1]
    }

    fn of(name: &str) -> Option<Key> {
        Key::ORDER.into_iter().find(|key| key.name() == name)
    }

    /// What a valid value looks like, for the message about a bad one.
    fn expected(self) -> &'static str {
        match self {
            Key::Kind => "`game`, `analysis` or `exhibition`",
            Key::Players => "`human`, `ai=black:medium` or `exhibition=white:easy,black:medium`",
            Key::Clock => {
                "a time control and both times left, like `10+5 white=512.300 black=498.000`"
            }
            Key::Options => {
                "rules like `tournament_opening=on threefold_repetition=off turn_limit=none`"
            }
            Key::Cursor => "the number of moves shown, like `5`",
        }
    }
}

/// `(key, value)` of a line of the form `# hive key: value`, the key made
/// of lowercase letters, digits, `_` and `-`.
pub(crate) fn split_header(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.trim().strip_prefix(HEADER_START)?.split_once(':')?;
    let valid = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    valid.then(|| (key, value.trim()))
}

/// Whether `line` is a header this program knows (a variations file
/// refuses one after its first game).
pub(crate) fn is_known_header(line: &str) -> bool {
    split_header(line).is_some_and(|(key, _)| Key::of(key).is_some())
}

/// A file read up to its first game line.
pub(crate) struct HeaderBlock<'a> {
    /// Its headers.
    pub headers: SaveHeaders,
    /// The line of the `cursor` header, for an error found once the game is
    /// read (a cursor past its end).
    pub cursor_line: Option<usize>,
    /// The lines from the first game line on, trimmed, with their numbers
    /// (from 1).
    pub body: Vec<(usize, &'a str)>,
}

/// Reads the headers of `text`, naming `source` in errors.
pub(crate) fn read_block<'a>(text: &'a str, source: &Path) -> Result<HeaderBlock<'a>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut headers = SaveHeaders::default();
    let mut seen: Vec<(Key, usize)> = Vec::new();
    let mut lines = text
        .lines()
        .map(str::trim)
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let mut body = Vec::new();
    for (number, line) in lines.by_ref() {
        if !line.is_empty() && !line.starts_with('#') {
            body.push((number, line));
            break;
        }
        let Some((name, value)) = split_header(line) else {
            continue;
        };
        let Some(key) = Key::of(name) else {
            headers.other.push((name.to_string(), value.to_string()));
            continue;
        };
        let bad = |message: String| RecordError::BadLine {
            path: source.to_path_buf(),
            line: number,
            message,
        };
        if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(bad(format!(
                "a second `{}` line (the first is line {first})",
                key.prefix()
            )));
        }
        seen.push((key, number));
        let read = match key {
            Key::Kind => PlayKind::parse(value).map(|kind| headers.kind = Some(kind)),
            Key::Players => Seats::parse_words(value).map(|seats| headers.seats = Some(seats)),
            Key::Clock => Clocks::parse_words(value).map(|clocks| headers.clocks = Some(clocks)),
            Key::Options => parse_options(value).map(|options| headers.options = Some(options)),
            Key::Cursor => value
                .parse()
                .ok()
                .map(|cursor| headers.cursor = Some(cursor)),
        };
        if read.is_none() {
            return Err(bad(format!(
                "`{} {value}` cannot be read: expected {}",
                key.prefix(),
                key.expected()
            )));
        }
    }
    body.extend(lines);
    let cursor_line = seen
        .iter()
        .find(|(key, _)| *key == Key::Cursor)
        .map(|&(_, line)| line);
    Ok(HeaderBlock {
        headers,
        cursor_line,
        body,
    })
}

impl SaveHeaders {
    /// Reads the headers of a file's `text` (see the module's docs),
    /// naming `source` in errors.
    pub fn read(text: &str, source: &Path) -> Result<SaveHeaders, RecordError> {
        read_block(text, source).map(|block| block.headers)
    }

    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        *self == SaveHeaders::default()
    }

    /// The header lines, each ending with a newline, in the order of the
    /// module's docs; empty when there is nothing to say.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for key in Key::ORDER {
            let value = match key {
                Key::Kind => self.kind.map(|kind| kind.word().to_string()),
                Key::Players => self.seats.map(Seats::words),
                Key::Clock => self.clocks.map(|clocks| clocks.words()),
                Key::Options => self.options.map(options_words),
                Key::Cursor => self.cursor.map(|cursor| cursor.to_string()),
            };
            if let Some(value) = value {
                text.push_str(&format!("{} {value}\n", key.prefix()));
            }
        }
        for (key, value) in &self.other {
            // Only what the reader would read back as the same header.
            let line = format!("{HEADER_START}{key}: {}", one_line(value));
            if split_header(&line).is_some_and(|(k, _)| k == key && Key::of(k).is_none()) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    }
}

/// `value` on one line.
fn one_line(value: &str) -> String {
    value.trim().replace(['\n', '\r'], " ")
}

/// `tournament_opening=on threefold_repetition=off turn_limit=none`.
pub(crate) fn options_words(options: Options) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let limit = options
        .turn_limit
        .map_or_else(|| "none".to_string(), |n| n.to_string());
    format!(
        "tournament_opening={} threefold_repetition={} turn_limit={limit}",
        on(options.tournament_opening),
        on(options.threefold_repetition),
    )
}

/// Reads the words of [`options_words`]: rules not named keep their
/// defaults, a rule this program does not know is skipped, and a word that
/// is not `name=value` or a known rule's value that cannot be read make it
/// `None`.
pub(crate) fn parse_options(words: &str) -> Option<Options> {
    let mut options = Options::default();
    let flag = |value: &str| match value {
        "on" | "true" | "yes" => Some(true),
        "off" | "false" | "no" => Some(false),
        _ => None,
    };
    for word in words.split_whitespace() {
        let (name, value) = word.split_once('=').filter(|(name, _)| !name.is_empty())?;
        match name {
            "tournament_opening" => options.tournament_opening = flag(value)?,
            "threefold_repetition" => options.threefold_repetition = flag(value)?,
            "turn_limit" => {
                options.turn_limit = match value {
                    "none" | "off" => None,
                    n => Some(n.parse().ok().filter(|&n| n > 0)?),
                };
            }
            _ => {}
        }
    }
    Some(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_words_round_trip() {
        let options = Options {
            tournament_opening: false,
            threefold_repetition: true,
            turn_limit: Some(40),
        };
        assert_eq!(parse_options(&options_words(options)), Some(options));
        assert_eq!(parse_options(""), Some(Options::default()));
        assert_eq!(
            parse_options("future_rule=on turn_limit=none"),
            Some(Options::default())
        );
        for bad in [
            "junk",
            "turn_limit=x",
            "turn_limit=0",
            "threefold_repetition=maybe",
            "=on",
        ] {
            assert_eq!(parse_options(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn header_lines_are_told_from_other_comments() {
        assert_eq!(split_header(" # hive clock: 5+0 "), Some(("clock", "5+0")));
        assert_eq!(
            split_header("# hive future-key_2: x: y"),
            Some(("future-key_2", "x: y"))
        );
        for not in [
            "# hive variations",
            "# hive comment 3 The Queen: risky",
            "# hive : empty key",
            "# hive Clock: 5+0",
            "#hive clock: 5+0",
            "Base;NotStarted;White[1]",
        ] {
            assert_eq!(split_header(not), None, "{not:?}");
        }
        assert!(is_known_header("# hive options: turn_limit=none"));
        assert!(!is_known_header("# hive future: x"));
    }
}
