//! PGN game records, as Mzinga and hivegame.com write them.
//!
//! ```text
//! [GameType "Base+MLP"]
//! [Date "2018.10.28"]
//! [Event ""]
//! [Site ""]
//! [Round ""]
//! [White "Abbo69"]
//! [Black "WeakBot"]
//! [Result "WhiteWins"]
//!
//! 1. wS1
//! 2. bL /wS1
//!
//! WhiteWins
//! ```
//!
//! [`write_pgn`](crate::write_pgn) writes exactly this form (Mzinga's): the seven tags above,
//! `TimeControl` when known, every other header as a tag of its own, then one
//! numbered MoveString a line, and the result after the moves when the game
//! is over.
//!
//! [`read_pgn`] also takes what people and other programs write: tags
//! anywhere before the moves, several moves after one number (`1. wS1 bS1
//! wS1-`, `1... bS1 wS1-`), comments in `{...}` or after `;`, `(...)`
//! variations (skipped), `pass`, results in either spelling (`WhiteWins`,
//! `1-0`, `1/2-1/2`, ...) as the `Result` tag or after the moves, and the
//! old numbering of unique bugs (`wM1` for `wM`). Only the first game of a
//! file is read. A move that cannot be read or breaks a rule is refused with
//! its line and its number in the game.

use std::path::Path;

use hive_rules::{Game, GameType};

use super::RecordError;
use super::error::{LineFault, Located, RecordProblem};
use super::record::{GameRecord, GameResult, Headers, play_lenient};

/// Whether `text` looks like a PGN record: its first line is a tag, a
/// comment or a numbered move.
pub(crate) fn is_pgn_text(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    let digits = first.bytes().take_while(u8::is_ascii_digit).count();
    first.starts_with('[')
        || first.starts_with('{')
        || (digits > 0 && first[digits..].starts_with('.'))
}

/// One thing in a PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item<'a> {
    /// `[Name "value"]`.
    Tag(String, String),
    /// A move number, a move's piece or reference, `pass`, a result.
    Word(&'a str),
}

/// Reads a PGN record, naming `source` in errors.
pub fn read_pgn(text: &str, source: &Path) -> Result<GameRecord, RecordError> {
    let items = lex(text).map_err(|(line, near)| RecordError::BadRecord {
        path: source.to_path_buf(),
        line,
        text: near,
        problem: RecordProblem::BadTag,
    })?;
    if items.is_empty() {
        return Err(RecordError::Empty {
            path: source.to_path_buf(),
        });
    }
    let mut reader = Reader {
        headers: Headers::new(GameType::BASE),
        game: None,
        held: None,
        result_word: None,
    };
    for (line, item) in items {
        match item {
            Item::Tag(..) if reader.game.is_some() || reader.result_word.is_some() => break,
            Item::Tag(name, value) => reader
                .tag(name, value)
                .map_err(|(problem, text)| LineFault::from(problem).at(source, line, &text))?,
            Item::Word(word) => {
                if reader.result_word.is_some() {
                    break;
                }
                reader
                    .word(word, line)
                    .map_err(|(f, at, text)| f.at(source, at, &text))?;
            }
        }
    }
    reader
        .flush()
        .map_err(|(f, at, text)| f.at(source, at, &text))?;
    let game = reader
        .game
        .unwrap_or_else(|| Game::new(reader.headers.game_type));
    let mut headers = reader.headers;
    headers.result = headers
        .result
        .or(reader.result_word.flatten())
        .or_else(|| GameResult::from_status(game.status()));
    headers.source = Some(source.to_path_buf());
    Ok(GameRecord::from_game(&game, headers))
}

/// The state of reading the moves.
struct Reader {
    headers: Headers,
    /// Started at the first move, with the game type of the tags before it.
    game: Option<Game>,
    /// A piece whose destination may be the next word, and its line.
    held: Option<(String, usize)>,
    /// The result written after the moves (`Some(None)`: an unfinished
    /// game's `*`).
    result_word: Option<Option<GameResult>>,
}

impl Reader {
    fn tag(&mut self, name: String, value: String) -> Result<(), (RecordProblem, String)> {
        let text = (!value.is_empty()).then(|| value.clone());
        let headers = &mut self.headers;
        match name.as_str() {
            "GameType" => {
                headers.game_type = game_type(&value).ok_or_else(|| {
                    (
                        RecordProblem::UnknownGameType,
                        format!("[GameType \"{value}\"]"),
                    )
                })?;
            }
            "Date" => headers.date = text,
            "Event" => headers.event = text,
            "Site" => headers.site = text,
            "Round" => headers.round = text,
            "White" => headers.white = text,
            "Black" => headers.black = text,
            "Result" => headers.result = GameResult::parse(&value),
            "TimeControl" => headers.time_control = text,
            _ => {
                headers.extra.retain(|(key, _)| *key != name);
                headers.extra.push((name, value));
            }
        }
        Ok(())
    }

    fn word(&mut self, word: &str, line: usize) -> Result<(), Located> {
        if let Some(result) = result_word(word) {
            self.flush()?;
            self.result_word = Some(result);
            return Ok(());
        }
        let mut word = word;
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            // A move number: `12.`, `12...`, `12`, or `12.wS1` with its move.
            let after = &word[digits..];
            let rest = after.trim_start_matches('.');
            if after.is_empty() || rest.len() < after.len() {
                self.flush()?;
                if rest.is_empty() {
                    return Ok(());
                }
                word = rest;
            }
        }
        let word = old_notation(word);
        let game_type = self.headers.game_type;
        self.game.get_or_insert_with(|| Game::new(game_type));
        match self.held.take() {
            Some((piece, at)) if is_reference(&word) => self.play(&format!("{piece} {word}"), at),
            Some((piece, at)) => {
                // A bare piece name: a climb onto it, or the next move. A
                // piece alone is a move only as the first of the game, so
                // otherwise the climb it is, legal or not.
                let pass = word.eq_ignore_ascii_case("pass");
                let climb = format!("{piece} {word}");
                if !pass && self.try_play(&climb) {
                    return Ok(());
                }
                if !pass && self.game.as_ref().is_some_and(|game| game.ply() > 0) {
                    return self.play(&climb, at);
                }
                self.play(&piece, at)?;
                self.take(word, line)
            }
            None => self.take(word, line),
        }
    }

    /// A word that starts a move.
    fn take(&mut self, word: String, line: usize) -> Result<(), Located> {
        if word.eq_ignore_ascii_case("pass") {
            return self.play(&word, line);
        }
        self.held = Some((word, line));
        Ok(())
    }

    /// Plays the held piece, if any, as a move of its own.
    fn flush(&mut self) -> Result<(), Located> {
        match self.held.take() {
            Some((piece, line)) => self.play(&piece, line),
            None => Ok(()),
        }
    }

    /// Plays `text` if it is a legal move; whether it was.
    fn try_play(&mut self, text: &str) -> bool {
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        game.parse_move(text)
            .is_ok_and(|mv| play_lenient(game, mv).is_ok())
    }

    fn play(&mut self, text: &str, line: usize) -> Result<(), Located> {
        let game_type = self.headers.game_type;
        let game = self.game.get_or_insert_with(|| Game::new(game_type));
        let fault = |fault: LineFault| (fault, line, text.to_string());
        let mv = game
            .parse_move(text)
            .map_err(|error| fault(RecordProblem::Notation(error).into()))?;
        let number = game.ply() as usize + 1;
        play_lenient(game, mv).map_err(|rule| {
            fault(LineFault::Illegal {
                number,
                notation: None,
                rule,
            })
        })
    }
}

/// The result a word after the moves gives: `Some(None)` for an
/// unfinished game, `None` if the word is no result.
fn result_word(word: &str) -> Option<Option<GameResult>> {
    if let Some(result) = GameResult::parse(word) {
        return Some(Some(result));
    }
    ["*", "InProgress", "NotStarted"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(word))
        .then_some(None)
}

/// Whether a word is a destination with a direction mark (`wS1-`, `/bQ`).
fn is_reference(word: &str) -> bool {
    word.starts_with(['-', '/', '\\']) || word.ends_with(['-', '/', '\\'])
}

/// `wM1`, `bP1`, `wL1`, `wQ1` (older numbering of the unique bugs) as
/// `wM`, `bP`, `wL`, `wQ`, also inside a destination (`wM1-`).
fn old_notation(word: &str) -> String {
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
fn game_type(value: &str) -> Option<GameType> {
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

/// Splits a PGN text into tags and words, with their lines. A tag that is
/// not `[Name "value"]` is an error (its line and text).
fn lex(text: &str) -> Result<Vec<(usize, Item<'_>)>, (usize, String)> {
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
            b';' => at = skip_line(bytes, at),
            b'{' | b'(' => {
                let (close, open) = if b == b'{' {
                    (b'}', b'{')
                } else {
                    (b')', b'(')
                };
                let mut depth = 0usize;
                while let Some(&c) = bytes.get(at) {
                    at += 1;
                    match c {
                        b'\n' => line += 1,
                        c if c == open => depth += 1,
                        c if c == close => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
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
                    .find(|c: char| c.is_whitespace() || "[{(;".contains(c))
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn tags_comments_and_words() {
        let text = "[White \"a \\\"b\\\" c\"] [Black x]\n{a\ncomment} 1. wS1 ; rest\n% esc\n(2. x) 2.bS1 wS1-";
        let items = lex(text).unwrap();
        assert_eq!(
            items,
            [
                (1, Item::Tag("White".into(), "a \"b\" c".into())),
                (1, Item::Tag("Black".into(), "x".into())),
                (3, Item::Word("1.")),
                (3, Item::Word("wS1")),
                (5, Item::Word("2.bS1")),
                (5, Item::Word("wS1-")),
            ]
        );
        assert_eq!(lex("\n[White \"x\"\n").unwrap_err().0, 2);
        assert_eq!(lex("[ \"x\"]").unwrap_err().0, 1);
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
