//! A PGN text split into what it is made of, for the reader in
//! [`crate::read_pgn`]: tags, words (move numbers, pieces, destinations,
//! results), comments, and the brackets around variations.
//!
//! ```text
//! [White "Abbo69"]        a tag
//! {The club final}        a comment
//! 1. wS1                  two words: `1.`, `wS1`
//! 2. bS1 wS1- ; safe      three words, then a comment to the end of the line
//! (2. bA1 wS1-)           a variation: `(`, three words, `)`
//! % an escaped line       skipped
//! ```
//!
//! A `{...}` comment ends at the first `}` (PGN's comments do not nest); one
//! that is never closed runs to the end of the text. Comments are given
//! without the space around them, and an empty one not at all.
//!
//! The helpers below say what a word means: a result, a destination, an old
//! name of a piece, a game type.

use hive_rules::GameType;

use super::record::GameResult;

/// One thing in a PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item<'a> {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A move number, a move's piece or reference, `pass`, a result.
    Word(&'a str),
    /// The text of a `{...}` comment, or of a `;` one to the end of its line.
    Comment(&'a str),
    /// `(`: a variation starts.
    Open,
    /// `)`: the innermost variation ends.
    Close,
}

/// Splits a PGN text into tags, words, comments and brackets, with the
/// line each starts on. A tag that is not `[Name "value"]` is an error (its
/// line and text).
pub(crate) fn lex(text: &str) -> Result<Vec<(usize, Item<'_>)>, (usize, String)> {
    let text = text.trim_start_matches('\u{feff}');
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut line = 1;
    let mut at = 0;
    let mut line_start = true;
    while let Some(&b) = bytes.get(at) {
        match b {
            b'\n' => {
                line += 1;
                at += 1;
                line_start = true;
                continue;
            }
            b if b.is_ascii_whitespace() => at += 1,
            b'%' if line_start => at = skip_line(bytes, at),
            b';' => {
                let end = skip_line(bytes, at);
                push_comment(&mut items, line, &text[at + 1..end]);
                at = end;
            }
            b'{' => {
                let end = bytes[at..]
                    .iter()
                    .position(|&c| c == b'}')
                    .map_or(bytes.len(), |n| at + n);
                push_comment(&mut items, line, &text[at + 1..end]);
                line += text[at..end].matches('\n').count();
                at = (end + 1).min(bytes.len());
            }
            b'(' => {
                items.push((line, Item::Open));
                at += 1;
            }
            b')' => {
                items.push((line, Item::Close));
                at += 1;
            }
            b'[' => {
                let start = at;
                let (tag, end) = read_tag(text, at).ok_or_else(|| {
                    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
                    (line, text[start..end].trim().to_string())
                })?;
                items.push((line, tag));
                line += text[start..end].matches('\n').count();
                at = end;
            }
            _ => {
                // A word runs to the next space or bracket; its first
                // character is taken whatever it is, so the text always
                // advances (a space outside ASCII is skipped).
                let first = text[at..].chars().next().map_or(1, char::len_utf8);
                let end = text[at + first..]
                    .find(|c: char| c.is_whitespace() || "[{();".contains(c))
                    .map_or(text.len(), |n| at + first + n);
                if !text[at..end].trim().is_empty() {
                    items.push((line, Item::Word(&text[at..end])));
                }
                at = end;
            }
        }
        line_start = false;
    }
    Ok(items)
}

/// Adds a comment's text, trimmed, unless it is empty.
fn push_comment<'a>(items: &mut Vec<(usize, Item<'a>)>, line: usize, inner: &'a str) {
    let inner = inner.trim();
    if !inner.is_empty() {
        items.push((line, Item::Comment(inner)));
    }
}

/// The index just past the end of the line that `at` is on (before its
/// newline, which the caller counts).
fn skip_line(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |n| at + n)
}

/// Reads `[Name "value"]` at `at` (a `[`); the tag and the index after it.
fn read_tag(text: &str, at: usize) -> Option<(Item<'_>, usize)> {
    let inner = &text[at + 1..];
    let name_len = inner.find(|c: char| c.is_whitespace() || c == '"' || c == ']')?;
    let name = &inner[..name_len];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let rest = inner[name_len..].trim_start();
    let mut value = String::new();
    let mut chars = rest.char_indices();
    let after = if rest.starts_with('"') {
        chars.next();
        loop {
            match chars.next()? {
                (_, '\\') => value.push(chars.next()?.1),
                (i, '"') => break &rest[i + 1..],
                (_, c) => value.push(c),
            }
        }
    } else {
        // Unquoted: up to the bracket.
        let close = rest.find(']')?;
        value.push_str(rest[..close].trim());
        &rest[close..]
    };
    let after = after.trim_start();
    let after = after.strip_prefix(']')?;
    let end = text.len() - after.len();
    Some((Item::Tag(name.to_string(), value), end))
}

/// The result a word after the moves gives: `Some(None)` for an
/// unfinished game, `None` if the word is no result.
pub(crate) fn result_word(word: &str) -> Option<Option<GameResult>> {
    if let Some(result) = GameResult::parse(word) {
        return Some(Some(result));
    }
    ["*", "InProgress", "NotStarted"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(word))
        .then_some(None)
}

/// Whether a word is a destination with a direction mark (`wS1-`, `/bQ`).
pub(crate) fn is_reference(word: &str) -> bool {
    word.starts_with(['-', '/', '\\']) || word.ends_with(['-', '/', '\\'])
}

/// `wM1`, `bP1`, `wL1`, `wQ1` (older numbering of the unique bugs) as
/// `wM`, `bP`, `wL`, `wQ`, also inside a destination (`wM1-`).
pub(crate) fn old_notation(word: &str) -> String {
    let bytes = word.as_bytes();
    let mut out = String::with_capacity(word.len());
    for (i, c) in word.char_indices() {
        let old_one = c == '1'
            && i >= 2
            && b"MLPQmlpq".contains(&bytes[i - 1])
            && b"wbWB".contains(&bytes[i - 2])
            && (i == 2 || !bytes[i - 3].is_ascii_alphanumeric())
            && !bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric);
        if !old_one {
            out.push(c);
        }
    }
    out
}

/// A `GameType` tag: `Base`, `Base+MLP`, the letters in any order or case.
pub(crate) fn game_type(value: &str) -> Option<GameType> {
    let value = value.trim();
    let base = value.get(..4).filter(|b| b.eq_ignore_ascii_case("base"))?;
    let rest = &value[base.len()..];
    let letters = if rest.is_empty() {
        rest
    } else {
        rest.strip_prefix('+')?
    };
    GameType::from_expansions(letters).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_comments_brackets_and_words() {
        let text = "[White \"a \\\"b\\\" c\"] [Black x]\n{a\ncomment} 1. wS1 ; rest\n% esc\n(2. x) 2.bS1 wS1-{ {not nested}";
        let items = lex(text).unwrap();
        assert_eq!(
            items,
            [
                (1, Item::Tag("White".into(), "a \"b\" c".into())),
                (1, Item::Tag("Black".into(), "x".into())),
                (2, Item::Comment("a\ncomment")),
                (3, Item::Word("1.")),
                (3, Item::Word("wS1")),
                (3, Item::Comment("rest")),
                (5, Item::Open),
                (5, Item::Word("2.")),
                (5, Item::Word("x")),
                (5, Item::Close),
                (5, Item::Word("2.bS1")),
                (5, Item::Word("wS1-")),
                (5, Item::Comment("{not nested")),
            ]
        );
        assert_eq!(lex("\n[White \"x\"\n").unwrap_err().0, 2);
        assert_eq!(lex("[ \"x\"]").unwrap_err().0, 1);
    }

    #[test]
    fn empty_and_unclosed_comments() {
        assert_eq!(lex("{ } ;\n1.").unwrap(), [(2, Item::Word("1."))]);
        assert_eq!(
            lex("1. wS1 {cut\nshort").unwrap(),
            [
                (1, Item::Word("1.")),
                (1, Item::Word("wS1")),
                (1, Item::Comment("cut\nshort")),
            ]
        );
        // The line count goes on after a comment of several lines.
        assert_eq!(lex("{a\nb\n}\nwS1").unwrap()[1], (4, Item::Word("wS1")));
    }

    #[test]
    fn old_numbering_of_unique_bugs_is_dropped() {
        for (old, new) in [
            ("wM1", "wM"),
            ("bP1", "bP"),
            ("-wL1", "-wL"),
            ("bQ1\\", "bQ\\"),
            ("wA1", "wA1"),
            ("wM12", "wM12"),
            ("xwM1", "xwM1"),
            ("wM", "wM"),
        ] {
            assert_eq!(old_notation(old), new, "{old}");
        }
    }

    #[test]
    fn game_type_tags() {
        assert_eq!(game_type("Base"), Some(GameType::BASE));
        assert_eq!(game_type("base+plm"), Some(GameType::ALL));
        assert_eq!(game_type("Base+X"), None);
        assert_eq!(game_type("Chess"), None);
        assert_eq!(game_type("Bäse"), None);
    }
}
