//! The database file: opened (created or migrated; a damaged file is
//! refused, never moved or overwritten), checked on request, its place in
//! the data folder, and its numbers.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::error::DbError;
use crate::schema;

/// The database's file name in the data folder.
pub const DB_FILE: &str = "games.sqlite";

/// SQLite's page cache per connection, in KiB: a fixed size, so memory
/// stays flat however big the database grows.
const CACHE_KIB: i64 = 32 * 1024;

/// The page size of a new file, in bytes (files made before keep theirs).
const PAGE_SIZE: i64 = 16 * 1024;

/// How long an opener waits for another holding the file (SQLite's busy
/// handler, and the retries where SQLite answers busy without it).
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Whether SQLite answered that another connection holds the file.
fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// `step` again while another connection holds the file, until
/// [`BUSY_WAIT`] has passed. SQLite answers busy at once, without its busy
/// handler, where waiting could deadlock: a read turning into a write
/// while another opener writes (two openers of a new file both making its
/// tables), or the switch to WAL.
fn while_busy<T>(
    mut step: impl FnMut() -> Result<T, rusqlite::Error>,
) -> Result<T, rusqlite::Error> {
    let deadline = std::time::Instant::now() + BUSY_WAIT;
    loop {
        match step() {
            Err(error) if is_busy(&error) && std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            done => return done,
        }
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
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("path", &self.path)
            .finish()
    }
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

    /// Opens (or creates) the database at `path`, bringing an older schema
    /// up to date. Opening reads no more than the schema's version: the
    /// file's integrity is checked by [`Database::check`] (at import, and
    /// by `hive db check`), not at every open. A file that is no database
    /// or that SQLite finds damaged is [`DbError::Damaged`], and one written
    /// by a newer version [`DbError::Newer`]: either is left as it is, never
    /// moved or overwritten. A folder or file that cannot be written is
    /// [`DbError::ReadOnly`].
    pub fn open(path: impl AsRef<Path>) -> Result<Database, DbError> {
        let path = path.as_ref().to_path_buf();
        check_writable(&path)?;
        let conn = try_open(&path)?;
        Ok(Database { conn, path })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// SQLite's check of the whole file (`PRAGMA quick_check`: every page,
    /// index and row readable and in order): the problems found, at most
    /// `at_most` of them; none when the file is whole. It reads the whole
    /// file (seconds for a million games), so it runs at import and when
    /// asked, never at open. A file too damaged to be checked at all is
    /// [`DbError::Damaged`].
    pub fn check(&self, at_most: u32) -> Result<Vec<String>, DbError> {
        let mut statement = self
            .conn
            .prepare(&format!("PRAGMA quick_check({})", at_most.max(1)))
            .map_err(|e| DbError::sql(&self.path, e))?;
        let rows = statement
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(|e| DbError::sql(&self.path, e))?;
        let mut problems = Vec::new();
        for row in rows {
            let row = row.map_err(|e| DbError::sql(&self.path, e))?;
            if row != "ok" {
                problems.push(row);
            }
        }
        Ok(problems)
    }

    /// SQLite's check of the file at `path` as it is, without opening it as
    /// [`Database::open`] does (no migration, nothing written, read only),
    /// so a file that `open` refuses as damaged can still be checked: the
    /// problems found, at most `at_most`; none when the file is whole. A
    /// file SQLite cannot read at all is one problem, in SQLite's words.
    pub fn check_file(path: &Path, at_most: u32) -> Result<Vec<String>, DbError> {
        use rusqlite::OpenFlags;
        if !path.is_file() {
            return Err(DbError::io(
                path,
                std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
            ));
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| DbError::sql(path, e))?;
        let checked = (|| -> rusqlite::Result<Vec<String>> {
            let mut statement = conn.prepare(&format!("PRAGMA quick_check({})", at_most.max(1)))?;
            let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
            rows.filter(|row| !matches!(row.as_deref(), Ok("ok")))
                .collect()
        })();
        match checked {
            Ok(problems) => Ok(problems),
            // Not a database, or damaged where the check starts: that is
            // the problem found.
            Err(error) => Ok(vec![error.to_string()]),
        }
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

fn try_open(path: &Path) -> Result<Connection, DbError> {
    let fail = |e: rusqlite::Error| DbError::sql(path, e);
    let mut conn = Connection::open(path).map_err(fail)?;
    conn.busy_timeout(BUSY_WAIT).map_err(fail)?;
    let version: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(fail)?;
    if version > schema::VERSION {
        return Err(DbError::Newer {
            path: path.to_path_buf(),
            version,
            known: schema::VERSION,
        });
    }
    if version == 0 {
        // A new file: pages of 16 KiB (SQLite's default is 4): an import's
        // sorted rows change fewer, fuller pages (about 12% less CPU for
        // 100,000 games). It must be set before WAL and the first table.
        conn.pragma_update(None, "page_size", PAGE_SIZE)
            .map_err(fail)?;
    }
    while_busy(|| conn.pragma_update(None, "journal_mode", "WAL")).map_err(fail)?;
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(fail)?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)
        .map_err(fail)?;
    let deadline = std::time::Instant::now() + BUSY_WAIT;
    while let Err(source) = schema::migrations().to_latest(&mut conn) {
        // Two openers of a new file (two of the game's tasks, or the game
        // and a command) may both find it empty: the second's migration
        // then fails on a table the first has just made, or is told at once
        // that the file is busy while the first makes them. The schema is
        // there all the same, or will be: only a file still behind once
        // the other is done is an error.
        let now: u32 =
            while_busy(|| conn.pragma_query_value(None, "user_version", |row| row.get(0)))
                .map_err(fail)?;
        if now == schema::VERSION {
            break;
        }
        let busy =
            matches!(&source, rusqlite_migration::Error::RusqliteError { err, .. } if is_busy(err));
        if busy && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
            continue;
        }
        return Err(match source {
            rusqlite_migration::Error::RusqliteError { err, .. } => DbError::sql(path, err),
            source => DbError::Migration {
                path: path.to_path_buf(),
                source,
            },
        });
    }
    Ok(conn)
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
