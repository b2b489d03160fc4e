//! The positions and explorer rows of a batch, gathered and written
//! sorted by key.

use std::collections::HashMap;

use crate::db::Database;
use crate::error::DbError;

/// A row of `positions`: key, game id, ply, next move, result.
pub(super) type PositionRow = (i64, i64, i64, Option<i64>, Option<i64>);

/// Rows gathered for the positions and explorer tables, written sorted by
/// key (B-tree pages are then visited in order, not at random) at each
/// commit or every [`FLUSH_ROWS`] positions, whichever comes first.
#[derive(Default)]
pub(crate) struct Buffer {
    pub(super) positions: Vec<PositionRow>,
    /// (key, move) → the counts to add.
    pub(super) explorer: HashMap<(i64, i64), Counts>,
}

/// What one (position, move) adds to the explorer's row.
#[derive(Default)]
pub(super) struct Counts {
    pub(super) games: i64,
    pub(super) white_wins: i64,
    pub(super) draws: i64,
    pub(super) black_wins: i64,
    pub(super) rating_sum: i64,
    pub(super) rating_count: i64,
    pub(super) last_date: Option<String>,
}

/// Position rows held before they are written (a fixed bound, so memory
/// stays flat whatever the batch size).
pub(super) const FLUSH_ROWS: usize = 200_000;

impl Buffer {
    pub(super) fn len(&self) -> usize {
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
