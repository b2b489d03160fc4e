//! Which kind of file a path or a pasted text is, and the file read as
//! that kind: the one dispatch every loader uses (the Load dialog, Import,
//! a file dropped on the window, `hive --load`).

use std::path::Path;

use super::{
    GameRecord, RecordError, SavedGame, Variations, is_foreign_record_file, is_foreign_record_text,
    is_variations_file, is_variations_text, load_game_file, load_record, load_variations,
    read_record, read_variations,
};

/// The kinds of file a game is loaded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// Another program's record: boardspace SGF or PGN.
    Foreign,
    /// A variations file: every line tried, with comments.
    Variations,
    /// One of our saved games (or any UHP GameString).
    Game,
}

impl FileKind {
    /// The kind of the file at `path`: a foreign record by its extension
    /// (`.sgf`, `.pgn`), a variations file by its first line, else a game.
    pub fn of_path(path: &Path) -> FileKind {
        if is_foreign_record_file(path) {
            FileKind::Foreign
        } else if is_variations_file(path) {
            FileKind::Variations
        } else {
            FileKind::Game
        }
    }

    /// The kind of `text` (pasted, or a file's contents), by its content.
    pub fn of_text(text: &str) -> FileKind {
        if is_foreign_record_text(text) {
            FileKind::Foreign
        } else if is_variations_text(text) {
            FileKind::Variations
        } else {
            FileKind::Game
        }
    }
}

/// A file read as its kind (see [`FileKind`]).
#[derive(Debug, Clone)]
pub enum RecordFile {
    /// Another program's record, with its headers (boxed, as the game).
    Foreign(Box<GameRecord>),
    /// A variations file's tree.
    Variations(Variations),
    /// A saved game, with who plays and its clocks when it says (boxed:
    /// its game is far larger than the others).
    Game(Box<SavedGame>),
}

impl RecordFile {
    /// The file at `path`, read as the kind [`FileKind::of_path`] says.
    pub fn load(path: &Path) -> Result<RecordFile, RecordError> {
        match FileKind::of_path(path) {
            FileKind::Foreign => {
                load_record(path).map(|record| RecordFile::Foreign(Box::new(record)))
            }
            FileKind::Variations => load_variations(path).map(RecordFile::Variations),
            FileKind::Game => load_game_file(path).map(|saved| RecordFile::Game(Box::new(saved))),
        }
    }

    /// `text` read as the kind [`FileKind::of_text`] says, naming `source`
    /// in errors.
    pub fn read(text: &str, source: &Path) -> Result<RecordFile, RecordError> {
        match FileKind::of_text(text) {
            FileKind::Foreign => {
                read_record(text, source).map(|record| RecordFile::Foreign(Box::new(record)))
            }
            FileKind::Variations => read_variations(text, source).map(RecordFile::Variations),
            FileKind::Game => {
                SavedGame::parse(text, source).map(|saved| RecordFile::Game(Box::new(saved)))
            }
        }
    }

    /// The kind of file this was read from.
    pub fn kind(&self) -> FileKind {
        match self {
            RecordFile::Foreign(_) => FileKind::Foreign,
            RecordFile::Variations(_) => FileKind::Variations,
            RecordFile::Game(_) => FileKind::Game,
        }
    }
}
