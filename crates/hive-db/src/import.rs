//! Records imported: files, folders (recursively), zip archives (nested
//! folders inside), and PGN files of many games, one record in memory at a
//! time, committed in batches, resumable, each game stored once.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hive_formats::{GameRecord, GameResult, PgnSplitter};
use hive_rules::{Color, Game};
use rusqlite::params;

use crate::db::Database;
use crate::error::DbError;
use crate::key::Canonical;

/// The largest record file (or zip entry) read whole; PGN files are read a
/// line at a time and may be larger.
pub const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

/// The extensions of the files a folder's walk imports (any case).
pub const RECORD_EXTENSIONS: [&str; 4] = ["sgf", "pgn", "txt", "zip"];

/// How an import runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportOptions {
    /// Games per committed transaction (at least 1).
    pub batch_size: usize,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions { batch_size: 10_000 }
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

/// What one record came to.
enum Outcome {
    Added,
    Duplicate,
}

/// A 64-bit FNV-1a hash (stable across versions and platforms).
pub(crate) fn fnv64(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The key of a game for duplicates: its game type and moves.
pub(crate) fn game_hash(game_type: &str, moves: &str) -> i64 {
    fnv64(format!("{game_type};{moves}").as_bytes()) as i64
}

/// A result as stored: 1 White wins, 0 a draw, -1 Black wins.
pub(crate) fn result_code(result: Option<GameResult>) -> Option<i64> {
    result.map(|r| match r {
        GameResult::WhiteWins => 1,
        GameResult::Draw => 0,
        GameResult::BlackWins => -1,
    })
}

/// A date as stored (`yyyy-mm-dd`), from any form the readers give.
pub(crate) fn normal_date(date: &str) -> Option<String> {
    hive_formats::parse_date(date).map(|d| d.replace('.', "-"))
}

/// A row of `positions`: key, game id, ply, next move, result.
type PositionRow = (i64, i64, i64, Option<i64>, Option<i64>);

/// Rows gathered for the positions and explorer tables, written sorted by
/// key (B-tree pages are then visited in order, not at random) at each
/// commit or every [`FLUSH_ROWS`] positions, whichever comes first.
#[derive(Default)]
pub(crate) struct Buffer {
    positions: Vec<PositionRow>,
    /// (key, move) → the counts to add.
    explorer: HashMap<(i64, i64), Counts>,
}

/// What one (position, move) adds to the explorer's row.
#[derive(Default)]
struct Counts {
    games: i64,
    white_wins: i64,
    draws: i64,
    black_wins: i64,
    rating_sum: i64,
    rating_count: i64,
    last_date: Option<String>,
}

/// Position rows held before they are written (a fixed bound, so memory
/// stays flat whatever the batch size).
const FLUSH_ROWS: usize = 200_000;

impl Buffer {
    fn len(&self) -> usize {
        self.positions.len()
    }

    /// Writes the rows gathered, sorted, in the open transaction: [`ROWS_PER_INSERT`]
    /// rows a statement (one statement a row costs more in SQLite's
    /// per-statement work than in the B-tree).
    pub(crate) fn flush(&mut self, db: &Database) -> Result<(), DbError> {
        let mut positions = std::mem::take(&mut self.positions);
        positions.sort_unstable_by_key(|row| (row.0, row.1, row.2));
        insert_rows(
            db,
            "INSERT OR IGNORE INTO positions (key, game_id, ply, next_move, result) VALUES ",
            "(?,?,?,?,?)",
            "",
            &positions,
            |st, at, &(key, game, ply, next, result)| {
                st.raw_bind_parameter(at, key)?;
                st.raw_bind_parameter(at + 1, game)?;
                st.raw_bind_parameter(at + 2, ply)?;
                st.raw_bind_parameter(at + 3, next)?;
                st.raw_bind_parameter(at + 4, result)
            },
        )?;
        let mut explorer: Vec<((i64, i64), Counts)> =
            std::mem::take(&mut self.explorer).into_iter().collect();
        explorer.sort_unstable_by_key(|(key, _)| *key);
        insert_rows(
            db,
            "INSERT INTO explorer (key, move, games, white_wins, draws, black_wins, rating_sum, rating_count, last_date) VALUES ",
            "(?,?,?,?,?,?,?,?,?)",
            " ON CONFLICT (key, move) DO UPDATE SET games = games + excluded.games, \
             white_wins = white_wins + excluded.white_wins, draws = draws + excluded.draws, \
             black_wins = black_wins + excluded.black_wins, rating_sum = rating_sum + excluded.rating_sum, \
             rating_count = rating_count + excluded.rating_count, \
             last_date = CASE WHEN excluded.last_date IS NULL THEN last_date \
             WHEN last_date IS NULL OR excluded.last_date > last_date THEN excluded.last_date ELSE last_date END",
            &explorer,
            |st, at, ((key, mv), c)| {
                st.raw_bind_parameter(at, key)?;
                st.raw_bind_parameter(at + 1, mv)?;
                st.raw_bind_parameter(at + 2, c.games)?;
                st.raw_bind_parameter(at + 3, c.white_wins)?;
                st.raw_bind_parameter(at + 4, c.draws)?;
                st.raw_bind_parameter(at + 5, c.black_wins)?;
                st.raw_bind_parameter(at + 6, c.rating_sum)?;
                st.raw_bind_parameter(at + 7, c.rating_count)?;
                st.raw_bind_parameter(at + 8, &c.last_date)
            },
        )
    }
}

/// Rows written by one statement (each key is in a batch once, so the rows
/// of one statement never conflict with each other).
const ROWS_PER_INSERT: usize = 64;

/// Writes `rows` with `head` + `ROWS_PER_INSERT` times `values` + `tail`,
/// and the last few with one `values` a statement; `bind` binds one row's
/// parameters from the given (1-based) index.
fn insert_rows<T>(
    db: &Database,
    head: &str,
    values: &str,
    tail: &str,
    rows: &[T],
    bind: impl Fn(&mut rusqlite::Statement<'_>, usize, &T) -> rusqlite::Result<()>,
) -> Result<(), DbError> {
    let per_row = values.bytes().filter(|&b| b == b'?').count();
    let sql = |n: usize| {
        let mut sql = String::from(head);
        for i in 0..n {
            if i > 0 {
                sql.push(',');
            }
            sql.push_str(values);
        }
        sql.push_str(tail);
        sql
    };
    let mut chunks = rows.chunks_exact(ROWS_PER_INSERT);
    if chunks.len() > 0 {
        let mut many = db
            .conn
            .prepare_cached(&sql(ROWS_PER_INSERT))
            .map_err(|e| db.err(e))?;
        for chunk in &mut chunks {
            for (i, row) in chunk.iter().enumerate() {
                bind(&mut many, 1 + i * per_row, row).map_err(|e| db.err(e))?;
            }
            many.raw_execute().map_err(|e| db.err(e))?;
        }
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut one = db.conn.prepare_cached(&sql(1)).map_err(|e| db.err(e))?;
        for row in rest {
            bind(&mut one, 1, row).map_err(|e| db.err(e))?;
            one.raw_execute().map_err(|e| db.err(e))?;
        }
    }
    Ok(())
}

struct Importer<'a> {
    buffer: Buffer,
    db: &'a mut Database,
    options: ImportOptions,
    cancel: &'a AtomicBool,
    progress: &'a mut dyn FnMut(&ImportProgress),
    report: ImportReport,
    pending: usize,
    started: Instant,
    last_report: Instant,
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
    /// Errors are the database's own (read-only, full disk): games
    /// committed before stay.
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        options: ImportOptions,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(&ImportProgress),
    ) -> Result<ImportReport, DbError> {
        let now = Instant::now();
        let mut importer = Importer {
            buffer: Buffer::default(),
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
        result?;
        end?;
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
        let added = insert_record(self, record, source, &mut buffer)?;
        buffer.flush(self)?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(added)
    }
}

impl Importer<'_> {
    fn run(&mut self, paths: &[PathBuf]) -> Result<(), DbError> {
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
        if extension == "zip" {
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
        let added = if extension == "pgn" {
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
            let entry = match archive.by_index(index) {
                Ok(entry) => entry,
                Err(error) => {
                    self.fail(source, format!("cannot read the archive's entry: {error}"));
                    continue;
                }
            };
            let added = match extension(Path::new(&entry_name)).as_str() {
                "pgn" => self.pgn(BufReader::new(entry), &source)?,
                // An archive inside an archive is not opened.
                "zip" => {
                    drop(entry);
                    self.fail(source, "an archive inside an archive is not read".into());
                    continue;
                }
                _ => self.whole(entry, &source)?,
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
        let outcome = if insert_record(self.db, &record, &source, &mut self.buffer)? {
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

    fn begin(&mut self) -> Result<(), DbError> {
        self.db
            .conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| self.db.err(e))
    }

    fn commit(&mut self) -> Result<(), DbError> {
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

    fn rollback(&mut self) -> Result<(), DbError> {
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
    RECORD_EXTENSIONS.contains(&extension(path).as_str())
}

fn rating(record: &GameRecord, name: &str) -> Option<i64> {
    record
        .headers
        .extra(name)
        .and_then(|r| r.trim().parse::<i64>().ok())
        .filter(|r| *r > 0)
}

/// Stores `record`'s main line with its positions; false if the same game
/// (game type and moves) is already stored.
fn insert_record(
    db: &Database,
    record: &GameRecord,
    source: &str,
    buffer: &mut Buffer,
) -> Result<bool, DbError> {
    let h = &record.headers;
    let game_type = h.game_type;
    // One replay gives the moves' text (for the game's row and its hash)
    // and each position's key with the next move in the key's frame.
    let mut game = Game::with_options(game_type, record.tree.options());
    let mut moves_text = String::new();
    let mut plies: Vec<(i64, Option<i64>, Color)> = Vec::new();
    for node in record.tree.continuation(hive_formats::NodeId::ROOT) {
        let Some(mv) = record.tree.mv(node) else {
            break;
        };
        if !plies.is_empty() {
            moves_text.push(';');
        }
        moves_text.push_str(&game.move_string(mv));
        let canonical = Canonical::of(&game);
        let next = canonical.canonical_move(mv).map(|m| i64::from(m.code()));
        plies.push((canonical.key.as_sql(), next, game.to_move()));
        game.apply_unchecked(mv);
    }
    let moves = plies.len();
    plies.push((Canonical::of(&game).key.as_sql(), None, game.to_move()));
    let result = h.result.or_else(|| GameResult::from_status(game.status()));
    let type_text = game_type.to_string();
    let hash = game_hash(&type_text, &moves_text);
    let date = h.date.as_deref().and_then(normal_date);
    let (white_rating, black_rating) = (rating(record, "WhiteElo"), rating(record, "BlackElo"));
    let result = result_code(result);
    let conn = &db.conn;
    let inserted = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO games (hash, game_type, white, black, white_rating, black_rating, \
             date, result, plies, moves, event, site, source) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        )
        .and_then(|mut st| {
            st.execute(params![
                hash,
                type_text,
                h.white,
                h.black,
                white_rating,
                black_rating,
                date,
                result,
                moves as i64,
                moves_text,
                h.event,
                h.site,
                source
            ])
        })
        .map_err(|e| db.err(e))?;
    if inserted == 0 {
        return Ok(false);
    }
    let id = conn.last_insert_rowid();
    for (ply, (key, next_code, mover)) in plies.into_iter().enumerate() {
        buffer
            .positions
            .push((key, id, ply as i64, next_code, result));
        if let Some(code) = next_code {
            let mover_rating = match mover {
                Color::White => white_rating,
                Color::Black => black_rating,
            };
            let counts = buffer.explorer.entry((key, code)).or_default();
            counts.games += 1;
            counts.white_wins += i64::from(result == Some(1));
            counts.draws += i64::from(result == Some(0));
            counts.black_wins += i64::from(result == Some(-1));
            counts.rating_sum += mover_rating.unwrap_or(0);
            counts.rating_count += i64::from(mover_rating.is_some());
            if let Some(date) = &date
                && counts.last_date.as_ref().is_none_or(|last| date > last)
            {
                counts.last_date = Some(date.clone());
            }
        }
    }
    Ok(true)
}
