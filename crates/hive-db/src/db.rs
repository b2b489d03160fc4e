//! The database file: opened (created, migrated, or set aside when it
//! cannot be read), its place in the data folder, and its numbers.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, ErrorCode, OptionalExtension};

use crate::error::DbError;
use crate::schema;

/// The database's file name in the data folder.
pub const DB_FILE: &str = "games.sqlite";

/// SQLite's page cache per connection, in KiB: a fixed size, so memory
/// stays flat however big the database grows.
const CACHE_KIB: i64 = 32 * 1024;

/// The page size of a new file, in bytes (files made before keep theirs).
const PAGE_SIZE: i64 = 16 * 1024;

/// A database file that could not be opened and was renamed, never deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    /// The file as it was named.
    pub path: PathBuf,
    /// Where it is now (`<name>.broken-<unix seconds>`).
    pub moved_to: PathBuf,
    /// Why it could not be opened.
    pub reason: String,
}

impl std::fmt::Display for SetAside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} could not be opened ({}); it was kept as {} and a new database was started",
            self.path.display(),
            self.reason,
            self.moved_to.display()
        )
    }
}

/// What the database holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Games stored (each once).
    pub games: u64,
    /// Positions stored (one per ply of every game, the last included).
    pub positions: u64,
    /// Rows of the explorer's aggregate (an opening position and its next
    /// move; see [`crate::schema::EXPLORER_PIECES`]).
    pub explorer_rows: u64,
    /// Files and zip entries whose games are committed.
    pub sources: u64,
    /// The file's size in bytes (pages in use times page size).
    pub bytes: u64,
    /// The schema's version.
    pub schema_version: u32,
}

/// The game database (see the crate's docs).
pub struct Database {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
    set_aside: Option<SetAside>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("path", &self.path)
            .finish()
    }
}

/// Why an existing file is not a database this version can use.
enum Unusable {
    Broken(String),
    Error(DbError),
}

impl Database {
    /// The default database: `games.sqlite` in the data folder
    /// (`HIVE_DATA_DIR` if set, else the platform's, as the game's
    /// autosaves).
    pub fn default_path() -> Result<PathBuf, DbError> {
        let dir = std::env::var_os(hive_records::DATA_DIR_ENV).map(PathBuf::from);
        let autosave =
            hive_records::Autosave::default_location(dir).map_err(|_| DbError::NoDataDir {
                env: hive_records::DATA_DIR_ENV,
            })?;
        Ok(autosave.dir().join(DB_FILE))
    }

    /// Opens the database at [`Database::default_path`].
    pub fn open_default() -> Result<Database, DbError> {
        Database::open(Database::default_path()?)
    }

    /// Opens (or creates) the database at `path`, bringing an older schema
    /// up to date. A file that is no database, is damaged, or was written by
    /// a newer version is renamed `<name>.broken-<unix seconds>` (its `-wal`
    /// and `-shm` files with it) and a new database started; see
    /// [`Database::set_aside`]. A folder or file that cannot be written is
    /// [`DbError::ReadOnly`].
    pub fn open(path: impl AsRef<Path>) -> Result<Database, DbError> {
        let path = path.as_ref().to_path_buf();
        check_writable(&path)?;
        let mut set_aside = None;
        let conn = match try_open(&path) {
            Ok(conn) => conn,
            Err(Unusable::Error(error)) => return Err(error),
            Err(Unusable::Broken(reason)) => {
                let moved_to = move_aside(&path)?;
                set_aside = Some(SetAside {
                    path: path.clone(),
                    moved_to,
                    reason,
                });
                match try_open(&path) {
                    Ok(conn) => conn,
                    Err(Unusable::Error(error)) => return Err(error),
                    Err(Unusable::Broken(reason)) => {
                        return Err(DbError::Unusable { path, reason });
                    }
                }
            }
        };
        Ok(Database {
            conn,
            path,
            set_aside,
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file set aside when this database was opened, if any.
    pub fn set_aside(&self) -> Option<&SetAside> {
        self.set_aside.as_ref()
    }

    /// What the database holds.
    pub fn stats(&self) -> Result<Stats, DbError> {
        let count = |sql: &str| -> Result<u64, DbError> {
            self.conn
                .query_row(sql, [], |row| row.get::<_, i64>(0))
                .map(|n| n.max(0) as u64)
                .map_err(|e| self.err(e))
        };
        let version: u32 = self
            .conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| self.err(e))?;
        Ok(Stats {
            games: count("SELECT count(*) FROM games")?,
            positions: count("SELECT count(*) FROM positions")?,
            explorer_rows: count("SELECT count(*) FROM explorer")?,
            sources: count("SELECT count(*) FROM sources")?,
            bytes: count(
                "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()",
            )?,
            schema_version: version,
        })
    }

    pub(crate) fn err(&self, error: rusqlite::Error) -> DbError {
        DbError::sql(&self.path, error)
    }
}

/// A folder or file without write permission is refused before SQLite
/// tries (whoever runs it: a folder marked read-only is meant to be).
fn check_writable(path: &Path) -> Result<(), DbError> {
    let read_only = |reason: &str| DbError::ReadOnly {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => return Err(read_only("it is a folder")),
        Ok(meta) if meta.permissions().readonly() => {
            return Err(read_only("the file is read-only"));
        }
        Ok(_) => return Ok(()),
        Err(_) => {}
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if let Err(error) = std::fs::create_dir_all(dir) {
        return Err(match error.kind() {
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                read_only(&error.to_string())
            }
            _ => DbError::io(dir, error),
        });
    }
    match std::fs::metadata(dir) {
        Ok(meta) if meta.permissions().readonly() => Err(read_only("the folder is read-only")),
        Ok(_) => Ok(()),
        Err(error) => Err(DbError::io(dir, error)),
    }
}

fn try_open(path: &Path) -> Result<Connection, Unusable> {
    let fail = |e: rusqlite::Error| classify(path, e);
    let mut conn = Connection::open(path).map_err(fail)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))
        .map_err(fail)?;
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(fail)?;
    if version > schema::VERSION {
        return Err(Unusable::Broken(format!(
            "its schema is version {version}, written by a newer version of the game (this one reads up to {})",
            schema::VERSION
        )));
    }
    if version == 0 {
        // A new file: pages of 16 KiB (SQLite's default is 4): an import's
        // sorted rows change fewer, fuller pages (about 12% less CPU for
        // 100,000 games). It must be set before WAL and the first table.
        conn.pragma_update(None, "page_size", PAGE_SIZE)
            .map_err(fail)?;
    }
    conn.pragma_update(None, "journal_mode", "WAL")
        .map_err(fail)?;
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(fail)?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)
        .map_err(fail)?;
    // A quick look at the file's structure: a damaged file is set aside.
    let check: Option<String> = conn
        .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
        .optional()
        .map_err(fail)?;
    if let Some(check) = check.filter(|c| c != "ok") {
        return Err(Unusable::Broken(format!("damaged: {check}")));
    }
    schema::migrations()
        .to_latest(&mut conn)
        .map_err(|source| match source {
            rusqlite_migration::Error::RusqliteError { err, .. } => classify(path, err),
            source => Unusable::Error(DbError::Migration {
                path: path.to_path_buf(),
                source,
            }),
        })?;
    Ok(conn)
}

fn classify(path: &Path, error: rusqlite::Error) -> Unusable {
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) | Some(ErrorCode::DatabaseCorrupt) => {
            Unusable::Broken(error.to_string())
        }
        _ => Unusable::Error(DbError::sql(path, error)),
    }
}

/// Renames `path` (and its `-wal`, `-shm` files) to `<name>.broken-<secs>`.
fn move_aside(path: &Path) -> Result<PathBuf, DbError> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let name = path
        .file_name()
        .map_or_else(|| DB_FILE.into(), |n| n.to_string_lossy().into_owned());
    let mut target = path.with_file_name(format!("{name}.broken-{secs}"));
    let mut n = 1;
    while target.exists() {
        target = path.with_file_name(format!("{name}.broken-{secs}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target).map_err(|e| DbError::io(path, e))?;
    for suffix in ["-wal", "-shm"] {
        let side = path.with_file_name(format!("{name}{suffix}"));
        if side.exists() {
            let to = target.with_file_name(format!(
                "{}{suffix}",
                target
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ));
            std::fs::rename(&side, &to).map_err(|e| DbError::io(&side, e))?;
        }
    }
    Ok(target)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::ImportOptions;

    /// A full disk, as SQLite sees one (its file may not grow past
    /// `max_page_count`): the import stops with [`DbError::DiskFull`]
    /// naming the file, and the file reopens with whole games only.
    #[test]
    fn a_full_disk_is_a_clear_error_and_the_file_stays_whole() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("games.sqlite");
        let mut db = Database::open(&path).expect("created");
        let pages: i64 = db
            .conn
            .pragma_query_value(None, "page_count", |row| row.get(0))
            .expect("pages");
        db.conn
            .pragma_update(None, "max_page_count", pages + 10)
            .expect("a limit");
        let corpus = dir.path().join("corpus");
        let config = crate::generate::GenerateConfig {
            games: 60,
            ..Default::default()
        };
        crate::generate::generate(&config, &corpus, &mut |_| {}).expect("generated");
        let error = db
            .import(
                &[corpus],
                ImportOptions { batch_size: 5 },
                &AtomicBool::new(false),
                &mut |_| {},
            )
            .expect_err("the disk fills up");
        assert!(matches!(error, DbError::DiskFull { .. }), "{error:?}");
        let message = error.to_string();
        assert!(
            message.contains("disk is full") && message.contains("games.sqlite"),
            "{message}"
        );
        drop(db);
        let db = Database::open(&path).expect("reopens");
        let stats = db.stats().expect("stats");
        assert!(stats.games > 0 && stats.games < 60, "{stats:?}");
        assert_eq!(stats.games % 5, 0, "whole batches: {stats:?}");
        // Every stored game has all its positions.
        let plies: i64 = db
            .conn
            .query_row("SELECT coalesce(sum(plies + 1), 0) FROM games", [], |row| {
                row.get(0)
            })
            .expect("a sum");
        assert_eq!(stats.positions, plies as u64);
    }
}
