//! boardspace.net's Hive game records (`.sgf`), read leniently.
//!
//! The file is SGF: `(;` then nodes of properties `ID[value]`, with `\`
//! escaping `]` and `\` inside values (so a UHP `\bQ` is written `\\bQ`).
//! Only the first game and its main line are read. The properties used:
//!
//! - `SU`: the game type, `hive` plus the expansion letters in any case and
//!   order (`hive-p`, `Hive-PLM`, `hive-plm 2 0 101`); Hive Ultimate and
//!   other variants are refused. `GM`, when present, must be Hive's (27).
//! - `P0[id "name"]`, `P1[id "name"]`: the players; P0 plays White unless
//!   the record says otherwise (`PlayBlack`).
//! - `DT`: the date, in the forms the site has used (`28 October 2018`,
//!   `Mon Jan 16 20:59:12 AST 2023`), kept as `yyyy.mm.dd`; `GN` the game's
//!   name; `RE` the result (`Game won by X`, by player name; draws); `EV`,
//!   `PC`, `RO`, `TC`: event, site, round and time control. The original
//!   `DT`, `GN` and `RE` texts are kept as the extra headers `SgfDate`,
//!   `SgfGameName` and `SgfResult`, as Mzinga does.
//! - `P0[12 dropb wQ O 13 wS1-]`, `P1[...]`: the move events, replayed by
//!   [`crate::boardspace`]. Other player properties (`time`, `ranking`) and
//!   other properties (`TM`, `CM`, ...) are skipped, except `ranking`
//!   (`P0[ranking 1325]`), kept as the extra headers `WhiteElo` and
//!   `BlackElo`, PGN's names for the players' ratings.
//!
//! Anything that cannot be read is refused naming its line: a file cut
//! short, an unknown event, an unknown piece, a move that breaks a rule.

use std::borrow::Cow;

use hive_rules::{Color, GameType};

use super::FormatError;
use super::boardspace::Boardspace;
use super::error::RecordProblem;
use super::record::{GameRecord, GameResult, Headers};

/// One property value, and the line it starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Property<'a> {
    ident: &'a str,
    /// Borrowed from the text unless it had escapes.
    value: Cow<'a, str>,
    line: usize,
}

/// A syntax error: the line, the text near it, and what is wrong.
type SyntaxError = (usize, String, RecordProblem);

/// Whether `text` looks like an SGF record (it starts with `(;`).
pub(crate) fn is_sgf_text(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}').trim_start();
    text.strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'))
}

/// Reads a boardspace.net SGF record, naming `source` in errors.
pub fn read_sgf(text: &str) -> Result<GameRecord, FormatError> {
    let bad = |line: usize, text: &str, problem: RecordProblem| FormatError::BadRecord {
        line,
        text: text.to_string(),
        problem,
    };
    let text = text.trim_start_matches('\u{feff}');
    let properties = main_line(text).map_err(|(line, near, problem)| bad(line, &near, problem))?;
    let mut about = About::default();
    for property in &properties {
        about
            .take(property)
            .map_err(|problem| bad(property.line, &property.value, problem))?;
    }
    let mut replay = Boardspace::new(about.game_type);
    for property in &properties {
        let seat = match property.ident {
            "P0" => 0,
            "P1" => 1,
            _ => continue,
        };
        let Some(event) = event_text(&property.value) else {
            continue;
        };
        replay
            .event(seat, event, property.line)
            .map_err(|(fault, line, text)| fault.at(line, &text))?;
    }
    let sides = [replay.side(0), replay.side(1)];
    let (game, from_events) = replay
        .finish()
        .map_err(|(fault, line, text)| fault.at(line, &text))?;
    let name_of = |color: Color| {
        let seat = usize::from(sides[1] == color);
        about.players[seat].clone()
    };
    let (white, black) = (name_of(Color::White), name_of(Color::Black));
    let ranking_of = |color: Color| {
        let seat = usize::from(sides[1] == color);
        about.rankings[seat].clone()
    };
    let rankings = [
        ("WhiteElo", ranking_of(Color::White)),
        ("BlackElo", ranking_of(Color::Black)),
    ];
    let result = about
        .result(white.as_deref(), black.as_deref())
        .or(from_events)
        .or_else(|| GameResult::from_status(game.status()));
    let mut headers = Headers::new(about.game_type);
    headers.white = white;
    headers.black = black;
    headers.date = about.date.as_deref().and_then(parse_date);
    headers.event = about.event;
    headers.site = about.site;
    headers.round = about.round;
    headers.result = result;
    headers.time_control = about.time_control;
    for (name, value) in [
        ("SgfDate", about.date),
        ("SgfGameName", about.name),
        ("SgfResult", about.result_text),
    ] {
        if let Some(value) = value {
            headers.extra.insert(name.to_string(), value);
        }
    }
    for (name, value) in rankings {
        if let Some(value) = value {
            headers.extra.insert(name.to_string(), value);
        }
    }
    Ok(GameRecord::from_game(&game, headers))
}

/// The record's headers, as found.
#[derive(Default)]
struct About {
    game_type: GameType,
    players: [Option<String>; 2],
    date: Option<String>,
    name: Option<String>,
    result_text: Option<String>,
    event: Option<String>,
    site: Option<String>,
    round: Option<String>,
    time_control: Option<String>,
    /// The seats' `ranking` (boardspace's rating), as written.
    rankings: [Option<String>; 2],
}

impl About {
    fn take(&mut self, property: &Property) -> Result<(), RecordProblem> {
        let value = property.value.trim();
        let text = (!value.is_empty()).then(|| value.to_string());
        match property.ident {
            "GM" if !value.is_empty() && value != "27" => return Err(RecordProblem::NotHive),
            "SU" => self.game_type = game_type(value).ok_or(RecordProblem::UnknownGameType)?,
            "DT" => self.date = text,
            "GN" => self.name = text,
            "RE" => self.result_text = text,
            "EV" => self.event = text,
            "PC" => self.site = text,
            "RO" => self.round = text,
            "TC" => self.time_control = text.filter(|t| !t.eq_ignore_ascii_case("none")),
            "P0" | "P1" => {
                if let Some(name) = value.strip_prefix("id").filter(|r| r.starts_with(' ')) {
                    let name = name.trim().trim_matches('"').trim();
                    let seat = usize::from(property.ident == "P1");
                    self.players[seat] = (!name.is_empty()).then(|| name.to_string());
                }
                if let Some(rank) = value.strip_prefix("ranking").filter(|r| r.starts_with(' ')) {
                    let rank = rank.trim();
                    let seat = usize::from(property.ident == "P1");
                    if !rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit()) {
                        self.rankings[seat] = Some(rank.to_string());
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The result that `RE` gives: `Game won by X` (X one of the players),
    /// a draw, or a result in a notation [`GameResult::parse`] knows.
    fn result(&self, white: Option<&str>, black: Option<&str>) -> Option<GameResult> {
        let text = self.result_text.as_deref()?.trim();
        let lower = text.to_ascii_lowercase();
        if lower.contains("draw") {
            return Some(GameResult::Draw);
        }
        let is = |name: Option<&str>, winner: &str| {
            name.is_some_and(|name| !name.is_empty() && name.eq_ignore_ascii_case(winner))
        };
        if let Some(at) = lower.find("won by ") {
            let winner = text[at + "won by ".len()..].trim();
            if is(white, winner) {
                return Some(GameResult::WhiteWins);
            }
            if is(black, winner) {
                return Some(GameResult::BlackWins);
            }
        }
        // Another language (`Dumbot vann spelet`): the player named, the
        // longer name when one holds the other.
        let named = |name: Option<&str>| {
            name.filter(|n| !n.is_empty() && lower.contains(&n.to_ascii_lowercase()))
                .map_or(0, str::len)
        };
        match (named(white), named(black)) {
            (0, 0) => {}
            (w, b) if w > b => return Some(GameResult::WhiteWins),
            (w, b) if b > w => return Some(GameResult::BlackWins),
            _ => {}
        }
        let upper = text.to_ascii_uppercase();
        if upper.starts_with("W+") {
            return Some(GameResult::WhiteWins);
        }
        if upper.starts_with("B+") {
            return Some(GameResult::BlackWins);
        }
        GameResult::parse(text)
    }
}

/// The game type of an `SU` value (`hive`, `hive-plm 2 0 101`, ...).
fn game_type(su: &str) -> Option<GameType> {
    let word = su.split_whitespace().next()?.to_ascii_lowercase();
    let rest = word.strip_prefix("hive")?;
    let letters = if rest.is_empty() {
        rest
    } else {
        rest.strip_prefix('-')?
    };
    GameType::from_expansions(letters).ok()
}

/// The event of a player property (`12 dropb wQ O 13 wS1-` gives `dropb wQ
/// O 13 wS1-`), or `None` for player information (`id "name"`, `time
/// 0:04:41`, `ranking 1500`).
fn event_text(value: &str) -> Option<&str> {
    let value = value.trim();
    let first = value.split_whitespace().next()?;
    if first.bytes().all(|b| b.is_ascii_digit()) {
        return Some(value[first.len()..].trim_start());
    }
    Boardspace::is_event(first).then_some(value)
}

/// A date in the forms boardspace has written (`28 October 2018`, `Mon Jan
/// 16 20:59:12 AST 2023`, `October 28, 2018`, `2018-10-28`) as
/// `yyyy.mm.dd`; month names in English and a few other languages.
pub fn parse_date(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty() && !w.contains(':'))
        .collect();
    let number = |w: &str| w.trim_end_matches('.').parse::<u32>().ok();
    let (year, month, day) = match words.iter().find_map(|w| month_number(w)) {
        Some(month) => {
            let year = words
                .iter()
                .filter(|w| w.len() == 4)
                .find_map(|w| number(w))?;
            let day = words
                .iter()
                .filter(|w| w.trim_end_matches('.').len() <= 2)
                .find_map(|w| number(w))?;
            (year, month, day)
        }
        None => {
            let parts: Vec<u32> = text
                .trim()
                .split(['-', '/', '.'])
                .map(|p| p.parse::<u32>().ok())
                .collect::<Option<_>>()?;
            match parts.as_slice() {
                &[year, month, day] if year >= 1000 => (year, month, day),
                _ => return None,
            }
        }
    };
    ((1..=12).contains(&month) && (1..=31).contains(&day) && year < 10000)
        .then(|| format!("{year:04}.{month:02}.{day:02}"))
}

/// The month a name or abbreviation stands for (English, German, French,
/// Spanish, Italian, Dutch).
fn month_number(word: &str) -> Option<u32> {
    let word = word.to_lowercase();
    let start: String = word.chars().take(3).collect();
    if start.chars().count() < 3 || !word.chars().all(char::is_alphabetic) {
        return None;
    }
    Some(match start.as_str() {
        "jan" | "jän" | "ene" | "gen" => 1,
        "feb" | "fév" | "fev" => 2,
        "mar" | "mär" | "mrz" | "maa" => 3,
        "apr" | "avr" | "abr" => 4,
        "may" | "mai" | "mag" | "mei" => 5,
        "jun" | "giu" => 6,
        "jul" | "lug" => 7,
        "jui" if word.starts_with("juin") => 6,
        "jui" => 7,
        "aug" | "aoû" | "aou" | "ago" => 8,
        "sep" | "set" => 9,
        "oct" | "okt" | "ott" => 10,
        "nov" => 11,
        "dec" | "déc" | "dez" | "dic" => 12,
        _ => return None,
    })
}

/// The properties of the first game's main line, in order (see the
/// module's docs). The text is read a byte at a time: everything SGF
/// itself uses is ASCII, and a byte of a longer UTF-8 character is never
/// one of them.
fn main_line(text: &str) -> Result<Vec<Property<'_>>, SyntaxError> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut line = 1;
    // Subtrees opened so far inside each open level; a second one at a level
    // is a variation, skipped with everything in it.
    let mut children: Vec<u32> = Vec::new();
    let mut skip_below: Option<usize> = None;
    let mut ident: Option<&str> = None;
    let mut properties = Vec::with_capacity(bytes.len() / 24);
    while at < bytes.len() {
        let start = at;
        let c = match bytes[at] {
            b if b.is_ascii() => char::from(b),
            _ => text[at..]
                .chars()
                .next()
                .unwrap_or(char::REPLACEMENT_CHARACTER),
        };
        at += c.len_utf8();
        let depth = children.len();
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '(' => {
                if let Some(siblings) = children.last_mut()
                    && skip_below.is_none()
                {
                    *siblings += 1;
                    if *siblings > 1 {
                        skip_below = Some(depth);
                    }
                }
                children.push(0);
                ident = None;
            }
            ')' if depth > 0 => {
                children.pop();
                if skip_below == Some(depth - 1) {
                    skip_below = None;
                }
                if children.is_empty() {
                    return Ok(properties);
                }
                ident = None;
            }
            ';' if depth > 0 => ident = None,
            c if c.is_ascii_alphanumeric() && depth > 0 => {
                while bytes.get(at).is_some_and(u8::is_ascii_alphanumeric) {
                    at += 1;
                }
                ident = Some(&text[start..at]);
            }
            '[' if depth > 0 => {
                let Some(name) = ident else {
                    return Err((line, "[".to_string(), RecordProblem::NotSgf));
                };
                let first = line;
                let (value, end) = read_value(text, at, &mut line)
                    .ok_or_else(|| (first, format!("{name}["), RecordProblem::UnclosedValue))?;
                at = end;
                if skip_below.is_none() {
                    properties.push(Property {
                        ident: name,
                        value,
                        line: first,
                    });
                }
            }
            _ if depth == 0 && properties.is_empty() => {
                return Err((line, c.to_string(), RecordProblem::NotSgf));
            }
            _ => {
                let near: String = text[start..].chars().take(21).collect();
                return Err((line, near, RecordProblem::NotSgf));
            }
        }
    }
    let near = properties
        .last()
        .map(|p: &Property| format!("{}[{}]", p.ident, p.value))
        .unwrap_or_default();
    Err((line, near, RecordProblem::UnclosedGame))
}

/// The rest of a `[...]` value from byte `at`, unescaped, and the byte
/// after its `]`; `None` if the text ends first. A value without escapes
/// is borrowed from the text.
fn read_value<'a>(text: &'a str, mut at: usize, line: &mut usize) -> Option<(Cow<'a, str>, usize)> {
    let bytes = text.as_bytes();
    let mut value: Option<String> = None;
    let mut from = at;
    loop {
        match *bytes.get(at)? {
            b']' => {
                let rest = &text[from..at];
                let value = match value {
                    None => Cow::Borrowed(rest),
                    Some(mut owned) => {
                        owned.push_str(rest);
                        Cow::Owned(owned)
                    }
                };
                return Some((value, at + 1));
            }
            b'\\' => {
                let owned = value.get_or_insert_with(String::new);
                owned.push_str(&text[from..at]);
                let escaped = text[at + 1..].chars().next()?;
                match escaped {
                    // A soft line break.
                    '\n' => *line += 1,
                    '\r' => {}
                    escaped => owned.push(escaped),
                }
                at += 1 + escaped.len_utf8();
                from = at;
            }
            b'\n' => {
                *line += 1;
                at += 1;
            }
            _ => at += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_line_skips_variations_and_unescapes() {
        let text = "(;GM[27]SU[hive]\n;P0[1 move W wS1 N 13 \\\\wQ](;P1[a])(;P1[b];P1[c]))";
        let props = main_line(text).unwrap();
        let got: Vec<(&str, &str, usize)> = props
            .iter()
            .map(|p| (p.ident, p.value.as_ref(), p.line))
            .collect();
        assert_eq!(
            got,
            [
                ("GM", "27", 1),
                ("SU", "hive", 1),
                ("P0", "1 move W wS1 N 13 \\wQ", 2),
                ("P1", "a", 2)
            ]
        );
    }

    #[test]
    fn broken_syntax_names_its_line() {
        let (line, _, problem) = main_line("(;SU[hive]\n;P0[1 pick W").unwrap_err();
        assert_eq!((line, problem), (2, RecordProblem::UnclosedValue));
        let (line, _, problem) = main_line("(;SU[hive]\n;P0[1 done]\n").unwrap_err();
        assert_eq!((line, problem), (3, RecordProblem::UnclosedGame));
        let (_, _, problem) = main_line("(;SU[hive]\u{1}").unwrap_err();
        assert_eq!(problem, RecordProblem::NotSgf);
        assert_eq!(main_line("(;[x])").unwrap_err().2, RecordProblem::NotSgf);
    }

    #[test]
    fn game_types_and_dates() {
        let all = GameType::ALL;
        for (su, want) in [
            ("hive", Some(GameType::BASE)),
            ("hive-p", GameType::from_expansions("P").ok()),
            ("Hive-PLM", Some(all)),
            ("hive-plm 2 0 101", Some(all)),
            ("hive-u", None),
            ("chess", None),
        ] {
            assert_eq!(game_type(su), want, "{su}");
        }
        for (dt, want) in [
            ("28 October 2018", Some("2018.10.28")),
            ("Mon Jan 16 20:59:12 AST 2023", Some("2023.01.16")),
            ("Fri Apr 19 19:54:39 CDT 2013", Some("2013.04.19")),
            ("October 28, 2018", Some("2018.10.28")),
            ("28. Oktober 2018", Some("2018.10.28")),
            ("3 juillet 2019", Some("2019.07.03")),
            ("2019-07-03", Some("2019.07.03")),
            ("yesterday", None),
            ("31 Foo 2020", None),
        ] {
            assert_eq!(parse_date(dt).as_deref(), want, "{dt}");
        }
    }
}
