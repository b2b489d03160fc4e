//! A folder of game records as a list: what the window's game library shows.
//!
//! [`record_files`] finds the records in a folder (`.sgf`, `.pgn` and
//! `.txt`: boardspace.net records, PGN, this program's game and variations
//! files), [`read_entry`] reads one into a [`LibraryEntry`] holding only its
//! [`RecordSummary`] (players, date, game type, result, length, event) or the
//! reason it could not be read. Each file is read on its own, so a caller
//! can spread them over a task pool, and one bad file never stops the rest.
//!
//! The folder is not searched recursively: the library shows one folder,
//! as the file dialogs do, and a folder chosen by mistake (a home folder)
//! must not start a walk over the whole disk.
//!
//! [`sort_entries`] and [`matches_player`] are the table's sorting and
//! filtering, with no window involved.

use std::cmp::Ordering;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use hive_rules::GameType;

use super::autosave::is_autosave_file;
use super::{NodeId, RecordError, SaveHeaders, Seats, is_foreign_record_file, load_record};
use hive_formats::{GameRecord, GameResult, parse_date};

/// The extensions of other programs' records (boardspace's SGF, Mzinga's
/// PGN), compared without case.
pub const FOREIGN_EXTENSIONS: [&str; 2] = [SGF_EXTENSION, PGN_EXTENSION];

/// boardspace.net's records.
pub const SGF_EXTENSION: &str = "sgf";

/// PGN records (Mzinga's, and what we save for other programs).
pub const PGN_EXTENSION: &str = "pgn";

/// Our own game files' extension (a GameString, or a variations text).
pub const GAME_EXTENSION: &str = "txt";

/// The extensions of record files, compared without case: the foreign
/// ones and our own.
pub const RECORD_EXTENSIONS: [&str; 3] =
    [FOREIGN_EXTENSIONS[0], FOREIGN_EXTENSIONS[1], GAME_EXTENSION];

/// What the library's list shows of one record, without its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordSummary {
    /// The player of White.
    pub white: Option<String>,
    /// The player of Black.
    pub black: Option<String>,
    /// The date as the record gives it: `yyyy.mm.dd` where it could be read,
    /// else the record's own text (an SGF `DT` in another form, a PGN date
    /// like `2018.??.??`).
    pub date: Option<String>,
    /// The expansion pieces used.
    pub game_type: GameType,
    /// How the game ended; `None` while it goes on.
    pub result: Option<GameResult>,
    /// The number of moves of the main line (passes included).
    pub length: usize,
    /// The event.
    pub event: Option<String>,
    /// Who played, for this program's own game files (their `players`
    /// header), which name no players: the window words them ("You",
    /// "AI (Medium)").
    pub seats: Option<Seats>,
}

impl RecordSummary {
    /// The summary of `record`.
    pub fn of(record: &GameRecord) -> RecordSummary {
        let headers = &record.headers;
        RecordSummary {
            white: headers.white.clone(),
            black: headers.black.clone(),
            date: headers
                .date
                .clone()
                .or_else(|| headers.extra("SgfDate").map(str::to_string)),
            game_type: headers.game_type,
            // The readers fill it from the moves when the record says
            // nothing: no replay needed.
            result: headers.result,
            length: record.tree.continuation(NodeId::ROOT).len(),
            event: headers.event.clone(),
            seats: None,
        }
    }
}

/// One file of the library: its summary, or why it could not be read.
#[derive(Debug)]
pub struct LibraryEntry {
    /// The file.
    pub path: PathBuf,
    /// What it holds, or the error (naming the file and the reason).
    pub summary: Result<RecordSummary, RecordError>,
}

/// A column of the library's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// The player of White.
    White,
    /// The player of Black.
    Black,
    /// The date, in time order whatever its form.
    Date,
    /// The game type.
    GameType,
    /// The result: White's wins, Black's, draws, then unfinished games.
    Result,
    /// The number of moves.
    Length,
    /// The file's name.
    File,
}

impl Column {
    /// Every column, in the table's order.
    pub const ALL: [Column; 7] = [
        Column::White,
        Column::Black,
        Column::Date,
        Column::GameType,
        Column::Result,
        Column::Length,
        Column::File,
    ];
}

/// The record files in `dir`, sorted by path: files (or links to files)
/// whose extension is one of [`RECORD_EXTENSIONS`], in any case, except
/// hidden files (names starting with `.`, which include the temporary files
/// of an interrupted save) and autosaves (those of earlier versions,
/// [`crate::AUTOSAVE_FILE`] and [`crate::AUTOSAVE_VARIATIONS_FILE`], and
/// the files of the [`crate::AUTOSAVE_DIR`] folder, should it be the one
/// listed). Not recursive, so the autosave folder of a data directory is
/// not looked into. A link that leads nowhere
/// is listed, so that [`read_entry`] reports it. Fails only if the folder
/// cannot be listed.
pub fn record_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let hidden = name.as_encoded_bytes().starts_with(b".");
        let path = entry.path();
        if hidden || is_autosave_file(&path) {
            continue;
        }
        if has_record_extension(&path) && is_file_or_broken_link(&entry) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Whether `path` ends in one of [`RECORD_EXTENSIONS`].
fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| {
            RECORD_EXTENSIONS
                .iter()
                .any(|known| ext.eq_ignore_ascii_case(known))
        })
}

/// A file, a link to a file, or a link that cannot be followed; not a
/// folder.
fn is_file_or_broken_link(entry: &fs::DirEntry) -> bool {
    match entry.file_type() {
        Ok(kind) if kind.is_file() => true,
        Ok(kind) if kind.is_symlink() => fs::metadata(entry.path()).map_or(true, |m| m.is_file()),
        Ok(_) => false,
        // Unknown: let the reader say what is wrong.
        Err(_) => true,
    }
}

/// Reads the record at `path` (any format [`load_record`] reads) into a
/// library entry; a file that cannot be read is an entry with its error.
pub fn read_entry(path: &Path) -> LibraryEntry {
    LibraryEntry {
        path: path.to_path_buf(),
        summary: load_record(path).map(|record| {
            let mut summary = RecordSummary::of(&record);
            summary.seats = own_seats(path);
            summary
        }),
    }
}

/// Who plays the game of one of this program's game files (its `players`
/// header); `None` for another program's record or a file without one.
fn own_seats(path: &Path) -> Option<Seats> {
    if is_foreign_record_file(path) {
        return None;
    }
    let text = fs::read_to_string(path).ok()?;
    SaveHeaders::read(&text, path).ok()?.seats
}

/// Sorts `entries` by `column`, stably: entries that compare equal keep
/// their order. Entries whose record could not be read come last, by file
/// name, in either direction; so do the entries that lack the column's
/// value (no player, no date that can be read, an unfinished game).
pub fn sort_entries(entries: &mut [LibraryEntry], column: Column, ascending: bool) {
    entries.sort_by(|a, b| compare(a, b, column, ascending));
}

/// The order of [`sort_entries`].
fn compare(a: &LibraryEntry, b: &LibraryEntry, column: Column, ascending: bool) -> Ordering {
    let directed = |order: Ordering| if ascending { order } else { order.reverse() };
    match (&a.summary, &b.summary) {
        (Ok(x), Ok(y)) => match column {
            Column::White => by_value(x.white.as_deref(), y.white.as_deref(), directed, text_order),
            Column::Black => by_value(x.black.as_deref(), y.black.as_deref(), directed, text_order),
            Column::Date => {
                let key = |s: &RecordSummary| s.date.as_deref().and_then(date_key);
                by_value(key(x), key(y), directed, Ord::cmp)
            }
            Column::GameType => directed(x.game_type.to_string().cmp(&y.game_type.to_string())),
            Column::Result => {
                let rank = |s: &RecordSummary| s.result.map(result_rank);
                by_value(rank(x), rank(y), directed, Ord::cmp)
            }
            Column::Length => directed(x.length.cmp(&y.length)),
            Column::File => directed(file_order(&a.path, &b.path)),
        },
        (Ok(_), Err(_)) => Ordering::Less,
        (Err(_), Ok(_)) => Ordering::Greater,
        (Err(_), Err(_)) => file_order(&a.path, &b.path),
    }
}

/// Present values in `order`, turned by `directed`; missing ones after.
fn by_value<T>(
    a: Option<T>,
    b: Option<T>,
    directed: impl Fn(Ordering) -> Ordering,
    order: impl Fn(&T, &T) -> Ordering,
) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => directed(order(&a, &b)),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Text without regard to case (`abbo69` before `Dumbot`).
fn text_order(a: &&str, b: &&str) -> Ordering {
    a.chars()
        .flat_map(char::to_lowercase)
        .cmp(b.chars().flat_map(char::to_lowercase))
}

/// Files by name without regard to case, then by the whole path.
fn file_order(a: &Path, b: &Path) -> Ordering {
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    match (name(a), name(b)) {
        (Some(x), Some(y)) => text_order(&x.as_str(), &y.as_str()),
        (x, y) => x.cmp(&y),
    }
    .then_with(|| a.cmp(b))
}

/// White's wins, Black's, then draws.
fn result_rank(result: GameResult) -> u8 {
    match result {
        GameResult::WhiteWins => 0,
        GameResult::BlackWins => 1,
        GameResult::Draw => 2,
    }
}

/// A date as `(year, month, day)` for sorting, a part that is not known
/// (PGN's `??`) as 0: `2018.10.28`, `2018-10-28`, `2018.??.??`, and the forms
/// boardspace.net writes (`28 October 2018`, `Mon Jan 16 20:59:12 AST
/// 2023`). `None` for text that is no date.
pub fn date_key(text: &str) -> Option<(u32, u32, u32)> {
    let text = text.trim();
    // `yyyy.mm.dd` (with `?` for unknown digits), the usual form, without
    // allocating: sorting compares dates many times.
    let bytes = text.as_bytes();
    if bytes.len() == 10 && matches!(bytes[4], b'.' | b'-' | b'/') && bytes[7] == bytes[4] {
        let part = |range: std::ops::Range<usize>| -> Option<u32> {
            let digits = &text[range];
            if digits.bytes().all(|b| b == b'?') {
                Some(0)
            } else {
                digits.parse().ok()
            }
        };
        if let (Some(y), Some(m), Some(d)) = (part(0..4), part(5..7), part(8..10)) {
            if y > 0 && m <= 12 && d <= 31 {
                return Some((y, m, d));
            }
            return None;
        }
    }
    let normal = parse_date(text)?;
    let mut parts = normal.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??, parts.next()??))
}

/// Whether either player's name contains `filter` (trimmed), in any case.
/// An empty filter matches every entry; any other does not match an entry
/// that could not be read.
pub fn matches_player(entry: &LibraryEntry, filter: &str) -> bool {
    let filter = filter.trim();
    if filter.is_empty() {
        return true;
    }
    let Ok(summary) = &entry.summary else {
        return false;
    };
    let filter = filter.to_lowercase();
    [&summary.white, &summary.black]
        .into_iter()
        .flatten()
        .any(|name| name.to_lowercase().contains(&filter))
}
