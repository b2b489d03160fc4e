//! The walk over folders, files, zip archives and PGN files, one record
//! at a time, with the batches' transactions and the sources done.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hive_formats::PgnSplitter;
use rusqlite::params;

use super::entry::EntryReader;
use super::record::insert_record;
use super::rows::{Buffer, FLUSH_ROWS};
use super::{
    ARCHIVE_EXTENSION, ImportFailure, ImportOptions, ImportProgress, ImportReport, MAX_RECORD_BYTES,
};
use crate::db::Database;
use crate::error::DbError;

/// What one record came to.
enum Outcome {
    Added,
    Duplicate,
}

pub(super) struct Importer<'a> {
    pub(super) buffer: Buffer,
    /// Zip entries read whole.
    pub(super) entries: EntryReader,
    pub(super) db: &'a mut Database,
    pub(super) options: ImportOptions,
    pub(super) cancel: &'a AtomicBool,
    pub(super) progress: &'a mut dyn FnMut(&ImportProgress),
    pub(super) report: ImportReport,
    pub(super) pending: usize,
    pub(super) started: Instant,
    pub(super) last_report: Instant,
}

impl Importer<'_> {
    pub(super) fn run(&mut self, paths: &[PathBuf]) -> Result<(), DbError> {
        for path in paths {
            if self.cancelled() {
                break;
            }
            let absolute = std::path::absolute(path).unwrap_or_else(|_| path.clone());
            if absolute.is_dir() {
                self.folder(&absolute)?;
            } else {
                self.file(&absolute)?;
            }
        }
        Ok(())
    }

    fn cancelled(&mut self) -> bool {
        if self.cancel.load(Ordering::Relaxed) {
            self.report.cancelled = true;
        }
        self.report.cancelled
    }

    fn fail(&mut self, source: String, reason: String) {
        self.report.progress.failed += 1;
        self.report.failures.push(ImportFailure { source, reason });
    }

    fn folder(&mut self, dir: &Path) -> Result<(), DbError> {
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(read) => read.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(error) => {
                self.fail(
                    dir.display().to_string(),
                    format!("cannot read the folder: {error}"),
                );
                return Ok(());
            }
        };
        entries.sort();
        for entry in entries {
            if self.cancelled() {
                break;
            }
            if entry.is_dir() {
                self.folder(&entry)?;
            } else if has_record_extension(&entry) {
                self.file(&entry)?;
            }
        }
        Ok(())
    }

    fn file(&mut self, path: &Path) -> Result<(), DbError> {
        let extension = extension(path);
        if extension == ARCHIVE_EXTENSION {
            return self.zip(path);
        }
        let source = path.display().to_string();
        if self.is_done(&source)? {
            return Ok(());
        }
        let file = match File::open(path) {
            Ok(file) => file,
            Err(error) => {
                self.fail(source, format!("cannot read the file: {error}"));
                return Ok(());
            }
        };
        let added = if extension == hive_records::PGN_EXTENSION {
            self.pgn(BufReader::new(file), &source)?
        } else {
            self.whole(file, &source)?
        };
        self.source_done(&source, added)
    }

    fn zip(&mut self, path: &Path) -> Result<(), DbError> {
        let name = path.display().to_string();
        let file = match File::open(path) {
            Ok(file) => file,
            Err(error) => {
                self.fail(name, format!("cannot read the file: {error}"));
                return Ok(());
            }
        };
        let mut archive = match zip::ZipArchive::new(BufReader::new(file)) {
            Ok(archive) => archive,
            Err(error) => {
                self.fail(name, format!("not a readable zip archive: {error}"));
                return Ok(());
            }
        };
        // The entries committed before, in one look (the archive's own
        // listing is in memory already).
        let done = self.done_in_archive(&name)?;
        for index in 0..archive.len() {
            if self.cancelled() {
                break;
            }
            let entry_name = match archive.name_for_index(index) {
                Some(entry) => entry.to_string(),
                None => continue,
            };
            if entry_name.ends_with('/') || !has_record_extension(Path::new(&entry_name)) {
                continue;
            }
            let source = format!("{name}!{entry_name}");
            if done.contains(&source) {
                self.report.progress.sources_skipped += 1;
                continue;
            }
            let added = match extension(Path::new(&entry_name)).as_str() {
                hive_records::PGN_EXTENSION => match archive.by_index(index) {
                    Ok(entry) => self.pgn(BufReader::new(entry), &source)?,
                    Err(error) => {
                        self.fail(source, format!("cannot read the archive's entry: {error}"));
                        continue;
                    }
                },
                // An archive inside an archive is not opened.
                ARCHIVE_EXTENSION => {
                    self.fail(source, "an archive inside an archive is not read".into());
                    continue;
                }
                _ => match self.entries.read(&mut archive, index) {
                    Ok(bytes) => {
                        let added = self.text(&String::from_utf8_lossy(&bytes), source.clone());
                        self.entries.give_back(bytes);
                        added?
                    }
                    Err(reason) => {
                        self.fail(source, reason.to_string());
                        continue;
                    }
                },
            };
            self.source_done(&source, added)?;
        }
        Ok(())
    }

    /// A file or entry read whole as one record.
    fn whole(&mut self, reader: impl Read, source: &str) -> Result<u64, DbError> {
        let mut bytes = Vec::new();
        if let Err(error) = reader.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes) {
            self.fail(source.to_string(), format!("cannot read: {error}"));
            return Ok(0);
        }
        if bytes.len() as u64 > MAX_RECORD_BYTES {
            self.fail(
                source.to_string(),
                format!(
                    "larger than {} MiB, not a game record",
                    MAX_RECORD_BYTES >> 20
                ),
            );
            return Ok(0);
        }
        let text = String::from_utf8_lossy(&bytes);
        self.text(&text, source.to_string())
    }

    /// A PGN file of one or many games, a game at a time.
    fn pgn(&mut self, reader: impl BufRead, source: &str) -> Result<u64, DbError> {
        let mut split = PgnSplitter::new();
        let mut number = 0;
        let mut added = 0;
        let mut line = Vec::new();
        let mut reader = reader;
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) => {
                    self.fail(source.to_string(), format!("cannot read: {error}"));
                    return Ok(added);
                }
            }
            let text = String::from_utf8_lossy(&line);
            let start = split.start_line();
            if let Some(game) = split.push_line(text.trim_end_matches(['\n', '\r'])) {
                number += 1;
                added += self.text(&game, format!("{source}, game {number} (line {start})"))?;
                if self.cancelled() {
                    return Ok(added);
                }
            }
        }
        let start = split.start_line();
        if let Some(game) = split.finish() {
            number += 1;
            let label = if number == 1 {
                source.to_string()
            } else {
                format!("{source}, game {number} (line {start})")
            };
            added += self.text(&game, label)?;
        }
        Ok(added)
    }

    /// One record's text: read, stored (or counted as a duplicate, or listed).
    fn text(&mut self, text: &str, label: String) -> Result<u64, DbError> {
        let record = match hive_formats::read_record(text) {
            Ok(record) => record,
            Err(error) => {
                self.fail(label, error.to_string());
                return Ok(0);
            }
        };
        let source = label.clone();
        let outcome = if insert_record(self.db, &record, &source, &mut self.buffer, None)? {
            Outcome::Added
        } else {
            Outcome::Duplicate
        };
        let added = match outcome {
            Outcome::Added => {
                self.report.progress.added += 1;
                self.pending += 1;
                1
            }
            Outcome::Duplicate => {
                self.report.progress.duplicates += 1;
                0
            }
        };
        if self.pending >= self.options.batch_size {
            self.commit()?;
            self.begin()?;
        } else if self.buffer.len() >= FLUSH_ROWS {
            self.buffer.flush(self.db)?;
        }
        if self.last_report.elapsed() >= Duration::from_millis(250) {
            self.tell(false);
        }
        Ok(added)
    }

    fn is_done(&mut self, source: &str) -> Result<bool, DbError> {
        let done = self
            .db
            .conn
            .prepare_cached("SELECT 1 FROM sources WHERE path = ?1")
            .and_then(|mut st| st.exists([source]))
            .map_err(|e| self.db.err(e))?;
        if done {
            self.report.progress.sources_skipped += 1;
        }
        Ok(done)
    }

    /// The entries of archive `name` recorded as done (`name!entry`).
    fn done_in_archive(
        &mut self,
        name: &str,
    ) -> Result<std::collections::HashSet<String>, DbError> {
        let mut statement = self
            .db
            .conn
            .prepare_cached("SELECT path FROM sources WHERE path >= ?1 AND path < ?2")
            .map_err(|e| self.db.err(e))?;
        // '!' then '"': every path that starts with `name!`.
        let rows = statement
            .query_map(params![format!("{name}!"), format!("{name}\"")], |row| {
                row.get(0)
            })
            .map_err(|e| self.db.err(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.db.err(e))
    }

    fn source_done(&mut self, source: &str, games: u64) -> Result<(), DbError> {
        if self.report.cancelled {
            // Not all of it was read: it is not done.
            return Ok(());
        }
        self.db
            .conn
            .prepare_cached(
                "INSERT OR REPLACE INTO sources (path, games, imported) VALUES (?1, ?2, datetime('now'))",
            )
            .and_then(|mut st| st.execute(params![source, games as i64]))
            .map_err(|e| self.db.err(e))?;
        self.report.progress.sources_done += 1;
        Ok(())
    }

    pub(super) fn begin(&mut self) -> Result<(), DbError> {
        self.db
            .conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| self.db.err(e))
    }

    pub(super) fn commit(&mut self) -> Result<(), DbError> {
        if self.db.conn.is_autocommit() {
            return Ok(());
        }
        self.buffer.flush(self.db)?;
        self.db
            .conn
            .execute_batch("COMMIT")
            .map_err(|e| self.db.err(e))?;
        self.pending = 0;
        self.tell(true);
        Ok(())
    }

    pub(super) fn rollback(&mut self) -> Result<(), DbError> {
        self.buffer = Buffer::default();
        if self.db.conn.is_autocommit() {
            return Ok(());
        }
        self.db
            .conn
            .execute_batch("ROLLBACK")
            .map_err(|e| self.db.err(e))
    }

    fn tell(&mut self, committed: bool) {
        self.last_report = Instant::now();
        let mut progress = self.report.progress;
        progress.elapsed = self.started.elapsed();
        progress.committed = committed;
        (self.progress)(&progress);
    }
}

fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

fn has_record_extension(path: &Path) -> bool {
    let extension = extension(path);
    extension == ARCHIVE_EXTENSION || hive_records::RECORD_EXTENSIONS.contains(&extension.as_str())
}
