//! Records and variations files on disk: read through the one bounded
//! reader, written atomically, their errors naming the file. The texts are
//! `hive-formats`'; this adds the files and the check of the game's own
//! `kind`, `players` and `clock` headers (see [`crate::SaveHeaders`]).

use std::fs;
use std::io::Read;
use std::path::Path;

use hive_formats::{Format, GameRecord, Variations, is_variations_text, record_text};

use super::disk::{read_record_file, write_atomic};
use super::save_headers::keep_in;
use super::{RecordError, SaveHeaders};

/// Reads a game record of any format `hive-formats` knows, chosen by its
/// content (see [`hive_formats::read_record`]), naming `source` in errors.
/// The headers of the game's own texts are checked as a saved game's are.
pub fn read_record(text: &str, source: &Path) -> Result<GameRecord, RecordError> {
    let mut headers = SaveHeaders::default();
    hive_formats::read_record_checked(text, &mut keep_in(&mut headers))
        .map_err(|error| RecordError::format(source, error))
}

/// Reads the game record in the file at `path` (see [`read_record`]). A
/// file larger than [`crate::MAX_RECORD_FILE`] is refused before it is
/// read, and one that is not UTF-8 text is refused as such.
pub fn load_record(path: impl AsRef<Path>) -> Result<GameRecord, RecordError> {
    let path = path.as_ref();
    read_record(&read_record_file(path)?, path)
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

/// Whether `path` names another program's record by its extension
/// (`.sgf` or `.pgn`, in any case).
pub fn is_foreign_record_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        crate::FOREIGN_EXTENSIONS
            .iter()
            .any(|foreign| e.eq_ignore_ascii_case(foreign))
    })
}

/// Reads a variations text (or a game file's: one line), naming `source`
/// and the first bad line in errors; the headers the tree does not keep
/// are checked as a saved game's are.
pub fn read_variations(text: &str, source: &Path) -> Result<Variations, RecordError> {
    let mut headers = SaveHeaders::default();
    Variations::parse_checked(text, &mut keep_in(&mut headers))
        .map_err(|error| RecordError::format(source, error))
}

/// Saves `tree` to `path` atomically (see [`hive_formats::variations_text`]
/// for the text).
pub fn save_variations(path: impl AsRef<Path>, tree: &Variations) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), tree.file_text().as_bytes())
}

/// Loads the variations file (or game file) at `path`; a bad file is
/// refused naming its first bad line, and nothing is loaded.
pub fn load_variations(path: impl AsRef<Path>) -> Result<Variations, RecordError> {
    let path = path.as_ref();
    read_variations(&read_record_file(path)?, path)
}

/// Whether the file at `path` is a variations file (its first line says
/// so); `false` when it cannot be read (loading it then says why).
pub fn is_variations_file(path: impl AsRef<Path>) -> bool {
    let mut start = [0u8; 256];
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    let read = file.read(&mut start).unwrap_or(0);
    is_variations_text(&String::from_utf8_lossy(&start[..read]))
}
