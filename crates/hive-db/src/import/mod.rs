//! Records imported: files, folders (recursively), zip archives (nested
//! folders inside), and PGN files of many games, one record in memory at a
//! time, committed in batches, resumable, each game stored once.
//!
//! - this module: the options, progress and report, and the entry points
//!   ([`Database::import`], [`Database::add_record`]);
//! - `walk`: folders, files, zip entries and PGN games read one record at
//!   a time, batches committed, sources recorded as done;
//! - `entry`: a zip entry read whole with one inflater for all;
//! - `record`: one record replayed into a game's row and its positions;
//! - `rows`: the positions and explorer rows of a batch, written sorted.

mod entry;
pub(crate) mod record;
pub(crate) mod rows;
mod walk;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use hive_formats::GameRecord;

use crate::db::Database;
use crate::error::DbError;

use record::insert_record;
pub(crate) use record::{day_text, opening, result_code, result_of_code};
use rows::Buffer;
use walk::Importer;

/// The largest record file (or zip entry) read whole; PGN files are read a
/// line at a time and may be larger.
pub const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

/// The extension of the archives an import opens (boardspace's yearly
/// zips); the records in them and beside them are `hive-records`'
/// [`hive_records::RECORD_EXTENSIONS`].
pub const ARCHIVE_EXTENSION: &str = "zip";

/// How an import runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportOptions {
    /// Games per committed transaction (at least 1).
    pub batch_size: usize,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions { batch_size: 25_000 }
    }
}

/// Where an import stands, as its progress callback sees it.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ImportProgress {
    /// Games stored so far.
    pub added: u64,
    /// Games already in the database, not stored again.
    pub duplicates: u64,
    /// Records that could not be read.
    pub failed: u64,
    /// Files and zip entries finished.
    pub sources_done: u64,
    /// Files and zip entries skipped as committed by an earlier import.
    pub sources_skipped: u64,
    /// Time since the import started.
    pub elapsed: Duration,
    /// Whether this call follows a commit (every game counted is on disk).
    pub committed: bool,
}

impl ImportProgress {
    /// Records handled per second (stored, duplicates and failures).
    pub fn games_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs <= 0.0 {
            return 0.0;
        }
        (self.added + self.duplicates + self.failed) as f64 / secs
    }
}

/// A record that could not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportFailure {
    /// The file, zip entry (`archive.zip!folder/game.sgf`) or game in a
    /// PGN file (`file.pgn, game 3 (line 40)`).
    pub source: String,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for ImportFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.source, self.reason)
    }
}

/// What an import did.
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    /// The counts at the end.
    pub progress: ImportProgress,
    /// Every record not imported, with its reason.
    pub failures: Vec<ImportFailure>,
    /// The import stopped early on the cancel flag (what was read is committed).
    pub cancelled: bool,
}

impl Database {
    /// Imports every record under `paths` (files, folders walked
    /// recursively for `.sgf`, `.pgn`, `.txt` and `.zip`, zip archives,
    /// PGN files of many games). Games are committed `batch_size` at a
    /// time, and each file or zip entry is recorded once its games are
    /// committed, so an import run again skips what is done. A game already
    /// stored (same game type and moves) is counted as a duplicate; a record
    /// that cannot be read is listed in the report's failures and the
    /// import goes on. `progress` is called after each commit and about
    /// every quarter second; setting `cancel` stops the import after the
    /// record in hand, committing what was read.
    ///
    /// The file is checked first ([`Database::check`]): games are never
    /// added to a damaged file ([`DbError::Damaged`]).
    ///
    /// Errors are the database's own (read-only, full disk): games
    /// committed before stay.
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        options: ImportOptions,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(&ImportProgress),
    ) -> Result<ImportReport, DbError> {
        if let Some(problem) = self.check(1)?.into_iter().next() {
            return Err(DbError::Damaged {
                path: self.path.clone(),
                reason: problem,
            });
        }
        // The statement journals of the many-row statements (a few hundred
        // KiB each) kept in memory, not spilled to temporary files.
        self.conn
            .pragma_update(None, "temp_store", "MEMORY")
            .map_err(|e| self.err(e))?;
        let now = Instant::now();
        let mut importer = Importer {
            buffer: Buffer::default(),
            entries: Default::default(),
            db: self,
            options: ImportOptions {
                batch_size: options.batch_size.max(1),
            },
            cancel,
            progress,
            report: ImportReport::default(),
            pending: 0,
            started: now,
            last_report: now,
        };
        importer.begin()?;
        let result = importer.run(paths);
        // A failure (a full disk) may have left a batch half written: it
        // is rolled back, so the file keeps whole batches only.
        let end = match &result {
            Ok(()) => importer.commit(),
            Err(_) => importer.rollback(),
        };
        let restored = importer
            .db
            .conn
            .pragma_update(None, "temp_store", "DEFAULT")
            .map_err(|e| importer.db.err(e));
        result?;
        end?;
        restored?;
        importer.report.progress.elapsed = importer.started.elapsed();
        let progress = importer.report.progress;
        (importer.progress)(&progress);
        Ok(importer.report)
    }

    /// Stores one record (as the import does, in its own transaction).
    /// Returns whether it was new (false: already stored).
    pub fn add_record(&mut self, record: &GameRecord, source: &str) -> Result<bool, DbError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        let mut buffer = Buffer::default();
        let added = insert_record(self, record, source, &mut buffer, None)?;
        buffer.flush(self)?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(added)
    }
}
