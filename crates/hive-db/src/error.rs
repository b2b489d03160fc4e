//! The database's errors: each names the file and the reason.

use std::path::PathBuf;

/// What went wrong with the database or a file given to it.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database's folder or file cannot be written (read-only folder,
    /// read-only file or file system).
    #[error("{path}: the database cannot be written there (read-only): {reason}")]
    ReadOnly {
        /// The database file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The disk is full.
    #[error(
        "{path}: the disk is full; free some space and import again (every committed game is kept)"
    )]
    DiskFull {
        /// The database file.
        path: PathBuf,
    },
    /// The file is no database, or SQLite found it damaged. It is left as
    /// it is (never moved or overwritten): the player decides.
    #[error(
        "{path} is damaged ({reason}): run `hive db check` to see the problems; move the file away to start a new database"
    )]
    Damaged {
        /// The database file.
        path: PathBuf,
        /// What SQLite said.
        reason: String,
    },
    /// The file was written by a newer version of the game. It is left as
    /// it is.
    #[error(
        "{path}: its schema is version {version}, written by a newer version of the game (this one reads up to {known}); use that version, or move the file away to start a new database"
    )]
    Newer {
        /// The database file.
        path: PathBuf,
        /// The file's schema version.
        version: u32,
        /// The newest this version reads.
        known: u32,
    },
    /// A kept game's record cannot be read back (see [`crate::KeptSummary`]).
    #[error("{path}: the kept game {id} cannot be read: {reason}")]
    NotKept {
        /// The database file.
        path: PathBuf,
        /// The game's row.
        id: i64,
        /// Why.
        reason: String,
    },
    /// The held connection could not be opened (see [`crate::DbWorker`]).
    #[error("{reason}")]
    NotOpen {
        /// The database file.
        path: PathBuf,
        /// Why it could not be opened.
        reason: String,
    },
    /// Too many questions wait for the held connection.
    #[error("{path}: the database is busy; ask again in a moment")]
    Busy {
        /// The database file.
        path: PathBuf,
    },
    /// No stored game has this id.
    #[error("no game {0} in the database")]
    NoGame(i64),
    /// The held connection's thread has stopped.
    #[error("the database's thread has stopped")]
    WorkerGone,
    /// No data folder could be found for the default database.
    #[error("no data folder found for the game database: give one with --db FILE or {env}")]
    NoDataDir {
        /// The environment variable that names the data folder.
        env: &'static str,
    },
    /// SQLite refused something else.
    #[error("{path}: {source}")]
    Sql {
        /// The database file.
        path: PathBuf,
        /// SQLite's error.
        #[source]
        source: rusqlite::Error,
    },
    /// The schema could not be brought to this version.
    #[error("{path}: the database's schema could not be updated: {source}")]
    Migration {
        /// The database file.
        path: PathBuf,
        /// The migration's error.
        #[source]
        source: rusqlite_migration::Error,
    },
    /// A file or folder could not be read, or a file written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A zip archive could not be read or written.
    #[error("{path}: not a readable zip archive: {source}")]
    Zip {
        /// The archive.
        path: PathBuf,
        /// The zip reader's error.
        #[source]
        source: zip::result::ZipError,
    },
    /// A date in a filter that is not one.
    #[error("'{0}' is not a date: write yyyy, yyyy-mm or yyyy-mm-dd")]
    BadDate(String),
    /// A position given as a GameString could not be read.
    #[error("'{text}' is not a position: {reason}")]
    BadPosition {
        /// The text given.
        text: String,
        /// Why it is refused.
        reason: String,
    },
}

impl DbError {
    /// SQLite's error `source` on the database `path`, with read-only and
    /// full-disk conditions told apart.
    pub(crate) fn sql(path: &std::path::Path, source: rusqlite::Error) -> DbError {
        use rusqlite::ErrorCode;
        let path = path.to_path_buf();
        match source.sqlite_error_code() {
            Some(ErrorCode::ReadOnly)
            | Some(ErrorCode::CannotOpen)
            | Some(ErrorCode::PermissionDenied) => DbError::ReadOnly {
                path,
                reason: source.to_string(),
            },
            Some(ErrorCode::DiskFull) => DbError::DiskFull { path },
            Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => DbError::Damaged {
                path,
                reason: source.to_string(),
            },
            _ => DbError::Sql { path, source },
        }
    }

    /// The system's error `source` on `path`, a full disk told apart.
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> DbError {
        if source.kind() == std::io::ErrorKind::StorageFull {
            return DbError::DiskFull {
                path: path.to_path_buf(),
            };
        }
        DbError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
