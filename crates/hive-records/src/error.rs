//! What can go wrong with a file, in words a player can read.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use hive_rules::RuleError;

/// A file that could not be read, written or understood. Each names the file.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The file could not be read (missing, no permission, ...).
    #[error("could not read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file could not be written; any previous version is unchanged.
    #[error("could not save {}: {source} (the previous file, if any, is unchanged)", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file could not be deleted.
    #[error("could not delete {}: {source}", .path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file holds no game at all.
    #[error("{} is empty: it holds no game", .path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The file is not a valid GameString outside its moves (the game type,
    /// state or turn), or its moves do not lead to the stated state or turn
    /// (for instance when the file was cut short).
    #[error("{} is not a valid Hive game: {message}", .path.display())]
    NotAGame {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A move in the file cannot be read, or breaks a rule. Moves are counted
    /// from 1; `text` is the move as written in the file.
    #[error("{} has a bad move: move {index} ({text}) {reason}", .path.display())]
    BadMove {
        /// The file.
        path: PathBuf,
        /// The first bad move's number, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it is bad ("is illegal: ...", "cannot be read: ...").
        reason: String,
        /// The rule it breaks, when it could be read but is illegal.
        rule: Option<RuleError>,
    },
    /// A line of a variations file is not a game of the file's type, or
    /// holds a move that cannot be read or is illegal. Lines count from 1.
    #[error("{} line {line}: {message}", .path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The first bad line's number, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The settings file cannot be understood; defaults are in use.
    #[error("the settings file {} is damaged ({message}); using the default settings", .path.display())]
    Settings {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The settings could not be turned into text (should not happen).
    #[error("could not write the settings for {}: {message}", .path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The platform has no home, data or config directory.
    #[error("no directory to keep files in was found on this system; set {env} to one")]
    NoDirectory {
        /// The environment variable that names one.
        env: &'static str,
    },
}

impl RecordError {
    /// The file the error is about, if any.
    pub fn path(&self) -> Option<&std::path::Path> {
        match self {
            RecordError::Read { path, .. }
            | RecordError::Write { path, .. }
            | RecordError::Remove { path, .. }
            | RecordError::Empty { path }
            | RecordError::NotAGame { path, .. }
            | RecordError::BadMove { path, .. }
            | RecordError::BadLine { path, .. }
            | RecordError::Settings { path, .. }
            | RecordError::Encode { path, .. } => Some(path),
            RecordError::NoDirectory { .. } => None,
        }
    }
}
