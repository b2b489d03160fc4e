//! What can go wrong with a file, in words a player can read: one error
//! type in the shape of [`std::io::Error`], a kind ([`ErrorKind`]) and the
//! file it is about, named once.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use hive_formats::FormatError;

/// A file that could not be read, written or understood: what went wrong
/// ([`RecordError::kind`]) and the file ([`RecordError::path`]), which its
/// text names.
#[derive(Debug)]
pub struct RecordError {
    path: Option<PathBuf>,
    kind: ErrorKind,
}

/// What went wrong with a file (see [`RecordError`]).
#[derive(Debug)]
pub enum ErrorKind {
    /// The file could not be read (missing, no permission, ...).
    Read(io::Error),
    /// The file could not be written; any previous version is unchanged.
    Write(io::Error),
    /// The file could not be deleted.
    Remove(io::Error),
    /// The file is larger than any game record (checked before reading it).
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The largest size read.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    NotText,
    /// The text is not a game or a record this program reads, or one of
    /// its lines or moves cannot be read (see [`FormatError`]).
    Format(FormatError),
    /// A record read as a kept game lacks a tag it needs, or one of its
    /// tags or moves cannot be read (see [`crate::KeptGame`]).
    NotKept {
        /// The tag or the move.
        what: String,
    },
    /// The settings file cannot be understood; defaults are in use.
    Settings(String),
    /// The settings could not be turned into text (should not happen).
    Encode(String),
    /// The platform has no home, data or config directory (the error names
    /// no file).
    NoDirectory {
        /// The environment variable that names one.
        env: &'static str,
    },
}

impl RecordError {
    /// The error `kind` about the file at `path`.
    pub fn new(path: impl Into<PathBuf>, kind: ErrorKind) -> RecordError {
        RecordError {
            path: Some(path.into()),
            kind,
        }
    }

    /// The error that no directory to keep files in was found, which names
    /// the environment variable `env` that gives one.
    pub fn no_directory(env: &'static str) -> RecordError {
        RecordError {
            path: None,
            kind: ErrorKind::NoDirectory { env },
        }
    }

    /// The text read from `path` is not what was expected (see
    /// [`FormatError`]).
    pub fn format(path: &Path, error: FormatError) -> RecordError {
        RecordError::new(path, ErrorKind::Format(error))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// What went wrong, the error taken apart.
    pub fn into_kind(self) -> ErrorKind {
        self.kind
    }

    /// The file the error is about (none for [`ErrorKind::NoDirectory`]).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The text's problem, when the file was read but not understood.
    pub fn format_error(&self) -> Option<&FormatError> {
        match &self.kind {
            ErrorKind::Format(error) => Some(error),
            _ => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self
            .path
            .as_deref()
            .unwrap_or(Path::new("the file"))
            .display();
        match &self.kind {
            ErrorKind::Read(source) => write!(f, "could not read {path}: {source}"),
            ErrorKind::Write(source) => write!(
                f,
                "could not save {path}: {source} (the previous file, if any, is unchanged)"
            ),
            ErrorKind::Remove(source) => write!(f, "could not delete {path}: {source}"),
            ErrorKind::TooLarge { size, limit } => write!(
                f,
                "{path} is {size} bytes, too large to be a game record (the limit is {limit} bytes)"
            ),
            ErrorKind::NotText => {
                write!(f, "{path} is not a text file: a game record is UTF-8 text")
            }
            ErrorKind::Format(error) => write!(f, "{path}{}{error}", error.link()),
            ErrorKind::NotKept { what } => {
                write!(f, "{path} is not a kept game: its {what} cannot be read")
            }
            ErrorKind::Settings(message) => write!(
                f,
                "the settings file {path} is damaged ({message}); using the default settings"
            ),
            ErrorKind::Encode(message) => {
                write!(f, "could not write the settings for {path}: {message}")
            }
            ErrorKind::NoDirectory { env } => write!(
                f,
                "no directory to keep files in was found on this system; set {env} to one"
            ),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Read(source) | ErrorKind::Write(source) | ErrorKind::Remove(source) => {
                Some(source)
            }
            ErrorKind::Format(error) => Some(error),
            _ => None,
        }
    }
}
