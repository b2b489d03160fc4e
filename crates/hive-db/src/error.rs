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
    /// A new database could not be started in place of one set aside.
    #[error("{path}: a new database could not be started there: {reason}")]
    Unusable {
        /// The database file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
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
