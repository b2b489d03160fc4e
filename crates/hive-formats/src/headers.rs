//! The `# hive key: value` lines of the game's own texts (saved games,
//! autosaves, variations texts): the keys ([`HeaderKey`]), one reader of
//! the block before the first game ([`read_header_block`]) and the writer
//! of a line ([`HeaderKey::line`], [`other_header_line`]). The values of
//! `kind`, `players` and `clock` are the game's (its play kinds, seats and
//! clocks, in `hive-records`, whose `SaveHeaders` is the model of the
//! whole block), so the reader hands them to a check the caller gives;
//! `options` and `cursor` it reads itself.
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
//! | `kind`    | the kind of play saved (`PlayKind`): `game`, `analysis`, `exhibition` | not said         |
//! | `players` | who plays each side (`Seats`): `human`, `ai=black:medium`, `exhibition=white:easy,black:medium` | not said (another program's game) |
//! | `clock`   | the time control and both times left in seconds (`Clocks`) | an untimed game             |
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
//! kept in [`HeaderBlock::other`], so that saving the file again keeps it;
//! in `options`, a rule it does not know is skipped. A known header whose
//! value cannot be read, or that appears twice, is refused with the file
//! and the line (`game.txt line 2: ...`, the file named by its reader).

use hive_rules::Options;

use super::FormatError;

/// What starts every header line.
pub const HEADER_START: &str = "# hive ";

/// The header line of the kind of play saved.
pub const KIND_PREFIX: &str = "# hive kind:";

/// The header line of who plays each side.
pub const PLAYERS_PREFIX: &str = "# hive players:";

/// The header line of a timed game's clocks.
pub const CLOCK_PREFIX: &str = "# hive clock:";

/// The header line of the house rules (optional rules that are not the
/// defaults, which a GameString cannot say).
pub const OPTIONS_PREFIX: &str = "# hive options:";

/// The header line of how many moves of the line are shown.
pub const CURSOR_PREFIX: &str = "# hive cursor:";

/// The headers this program knows, in the order they are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HeaderKey {
    /// `kind`: the kind of play saved.
    Kind,
    /// `players`: who plays each side.
    Players,
    /// `clock`: the time control and both times left.
    Clock,
    /// `options`: the house rules.
    Options,
    /// `cursor`: how many moves are shown.
    Cursor,
}

impl HeaderKey {
    /// Every key, in the order they are written.
    pub const ORDER: [HeaderKey; 5] = [
        HeaderKey::Kind,
        HeaderKey::Players,
        HeaderKey::Clock,
        HeaderKey::Options,
        HeaderKey::Cursor,
    ];

    /// The start of its line, `# hive clock:`.
    pub fn prefix(self) -> &'static str {
        match self {
            HeaderKey::Kind => KIND_PREFIX,
            HeaderKey::Players => PLAYERS_PREFIX,
            HeaderKey::Clock => CLOCK_PREFIX,
            HeaderKey::Options => OPTIONS_PREFIX,
            HeaderKey::Cursor => CURSOR_PREFIX,
        }
    }

    /// `clock` for `# hive clock:`.
    pub fn name(self) -> &'static str {
        let prefix = self.prefix();
        &prefix[HEADER_START.len()..prefix.len() - 1]
    }

    /// The key named `name`, if this program knows it.
    pub fn of(name: &str) -> Option<HeaderKey> {
        HeaderKey::ORDER.into_iter().find(|key| key.name() == name)
    }

    /// What a valid value looks like, for the message about one that is not.
    fn expected(self) -> &'static str {
        match self {
            HeaderKey::Kind => "`game`, `analysis` or `exhibition`",
            HeaderKey::Players => {
                "`human`, `ai=black:medium` or `exhibition=white:easy,black:medium`"
            }
            HeaderKey::Clock => {
                "a time control and both times left, like `10+5 white=512.300 black=498.000`"
            }
            HeaderKey::Options => {
                "rules like `tournament_opening=on threefold_repetition=off turn_limit=none`"
            }
            HeaderKey::Cursor => "the number of moves shown, like `5`",
        }
    }

    /// Its line with `value`, and a newline: `# hive cursor: 5`.
    pub fn line(self, value: &str) -> String {
        format!("{} {value}\n", self.prefix())
    }
}

/// The line of a header of a key this program does not know, and a
/// newline; `None` when the reader would not read it back as the same
/// header (a key it knows, or not a key).
pub fn other_header_line(key: &str, value: &str) -> Option<String> {
    let line = format!("{HEADER_START}{key}: {}", one_line(value));
    split_header(&line)
        .is_some_and(|(k, _)| k == key && HeaderKey::of(k).is_none())
        .then(|| line + "\n")
}

/// The key and value of a header line, if it is one (`# hive key: value`,
/// the key in lowercase letters, digits, `_` and `-`).
pub fn split_header(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.trim().strip_prefix(HEADER_START)?.split_once(':')?;
    let valid = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    valid.then(|| (key, value.trim()))
}

/// Whether `line` is a header of a key this program knows.
pub fn is_known_header(line: &str) -> bool {
    split_header(line).is_some_and(|(key, _)| HeaderKey::of(key).is_some())
}

/// The headers read before the first game line, and the lines from there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeaderBlock<'a> {
    /// The house rules; `None` for the defaults.
    pub options: Option<Options>,
    /// How many moves of the line are shown; `None` for all of them.
    pub cursor: Option<usize>,
    /// The `cursor` header's line, for the error when it is past the end.
    pub cursor_line: Option<usize>,
    /// Headers of keys this program does not know, as `(key, value)` in the
    /// order read.
    pub other: Vec<(String, String)>,
    /// The lines from the first game line on, numbered from 1 and trimmed.
    pub body: Vec<(usize, &'a str)>,
}

/// Reads the header block of `text` (see the module's docs), handing the
/// values of `kind`, `players` and `clock` to `check`, in line order, which
/// says whether each can be read (and may keep it). A known header that
/// cannot be read, or that appears twice, is refused with its line.
pub fn read_header_block<'a>(
    text: &'a str,
    check: &mut dyn FnMut(HeaderKey, &str) -> bool,
) -> Result<HeaderBlock<'a>, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut block = HeaderBlock::default();
    let mut seen: Vec<(HeaderKey, usize)> = Vec::new();
    let mut lines = text
        .lines()
        .map(str::trim)
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    for (number, line) in lines.by_ref() {
        if !line.is_empty() && !line.starts_with('#') {
            block.body.push((number, line));
            break;
        }
        let Some((name, value)) = split_header(line) else {
            continue;
        };
        let Some(key) = HeaderKey::of(name) else {
            block.other.push((name.to_string(), value.to_string()));
            continue;
        };
        let bad = |message: String| FormatError::BadLine {
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
            HeaderKey::Kind | HeaderKey::Players | HeaderKey::Clock => check(key, value),
            HeaderKey::Options => parse_options(value)
                .map(|options| block.options = Some(options))
                .is_some(),
            HeaderKey::Cursor => value
                .parse()
                .ok()
                .map(|cursor| {
                    block.cursor = Some(cursor);
                    block.cursor_line = Some(number);
                })
                .is_some(),
        };
        if !read {
            return Err(bad(format!(
                "`{} {value}` cannot be read: expected {}",
                key.prefix(),
                key.expected()
            )));
        }
    }
    block.body.extend(lines);
    Ok(block)
}

/// A check for [`read_header_block`] that takes any value of `kind`,
/// `players` and `clock` (a reader that does not keep them).
pub fn any_value(_key: HeaderKey, _value: &str) -> bool {
    true
}

/// A header's value on one line.
fn one_line(value: &str) -> String {
    value.trim().replace(['\n', '\r'], " ")
}

/// The words of the `options` header: every rule, so the file says exactly
/// which rules were played.
pub fn options_words(options: Options) -> String {
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

/// Reads the words of an `options` header: `name=value` pairs separated by
/// spaces, rules not named keeping their defaults and rules this program
/// does not know skipped. `None` when a known rule has a value it cannot
/// read, or a word is not `name=value`.
pub fn parse_options(words: &str) -> Option<Options> {
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
