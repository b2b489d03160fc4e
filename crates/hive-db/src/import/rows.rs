//! The positions and explorer rows of a batch, gathered and written
//! sorted by key (the explorer's for the opening positions only).

use crate::db::Database;
use crate::error::DbError;
use crate::key::Keys;

/// One game of the batch, as its positions' rows need it.
pub(super) struct BatchGame {
    pub(super) id: i64,
    /// 1 White wins, 0 a draw, -1 Black wins.
    pub(super) result: Option<i64>,
    pub(super) white_rating: Option<i64>,
    pub(super) black_rating: Option<i64>,
    /// The date as `yyyymmdd`.
    pub(super) day: Option<i64>,
}

impl BatchGame {
    /// The ratings of the player who moves from `ply`'s position and of
    /// the opponent.
    fn ratings(&self, ply: &Ply) -> (Option<i64>, Option<i64>) {
        if ply.flags & Ply::BLACK != 0 {
            (self.black_rating, self.white_rating)
        } else {
            (self.white_rating, self.black_rating)
        }
    }
}

/// One position of a game of the batch (24 bytes: a batch of 10,000 games
/// holds about 800,000 of them).
#[derive(Clone, Copy)]
pub(super) struct Ply {
    pub(super) key: i64,
    /// The next move's code, if [`Ply::HAS_NEXT`].
    pub(super) next: u32,
    /// The game's index in [`Buffer::games`].
    pub(super) game: u32,
    pub(super) ply: u32,
    pub(super) flags: u8,
}

impl Ply {
    /// A move was played from this position (every ply but the last).
    pub(super) const HAS_NEXT: u8 = 1;
    /// Black is to move.
    pub(super) const BLACK: u8 = 2;
    /// An opening position, counted in the explorer's aggregate
    /// ([`crate::schema::EXPLORER_PIECES`]).
    pub(super) const OPENING: u8 = 4;

    fn next(&self) -> Option<i64> {
        (self.flags & Ply::HAS_NEXT != 0).then_some(i64::from(self.next))
    }

    /// The key as an unsigned number in the same order as the signed one
    /// (the sign bit flipped), the high half of the sort keys below.
    fn key_order(&self) -> u128 {
        u128::from((self.key as u64) ^ (1 << 63)) << 64
    }

    /// Sorts as (key, next move, game), the explorer's order, in one
    /// integer comparison (no move sorts first; a batch's game indexes fit
    /// in 31 bits).
    fn by_key_move_game(&self) -> u128 {
        let next = u64::from(self.flags & Ply::HAS_NEXT != 0) << 63 | u64::from(self.next) << 31;
        self.key_order() | u128::from(next | u64::from(self.game))
    }

    /// Sorts as (key, game, ply), the positions table's order.
    fn by_key_game_ply(&self) -> u128 {
        self.key_order() | u128::from(u64::from(self.game) << 32 | u64::from(self.ply))
    }
}

/// The games and positions of a batch, written to the positions and
/// explorer tables sorted by key (B-tree pages are then visited in order,
/// once each, not at random) at each commit, or every [`FLUSH_ROWS`]
/// positions in a very large batch.
#[derive(Default)]
pub(crate) struct Buffer {
    pub(super) games: Vec<BatchGame>,
    pub(super) plies: Vec<Ply>,
    /// The keys of the game being read, a ply after another.
    pub(super) keys: Keys,
}

/// What one (position, move) adds to the explorer's row.
#[derive(Default)]
struct Counts {
    key: i64,
    mv: i64,
    games: i64,
    white_wins: i64,
    draws: i64,
    black_wins: i64,
    rating_sum: i64,
    rating_count: i64,
    last_day: Option<i64>,
}

impl Counts {
    /// Counts one game's ply.
    fn add(&mut self, p: &Ply, game: &BatchGame) {
        let (rating, _) = game.ratings(p);
        self.games += 1;
        self.white_wins += i64::from(game.result == Some(1));
        self.draws += i64::from(game.result == Some(0));
        self.black_wins += i64::from(game.result == Some(-1));
        self.rating_sum += rating.unwrap_or(0);
        self.rating_count += i64::from(rating.is_some());
        self.last_day = self.last_day.max(game.day);
    }
}

/// Position rows held before they are written: a fixed bound (60 MiB), so
/// memory stays flat whatever the batch size. A batch of the default size
/// (25,000 games, about 2,000,000 positions) is written once, at its
/// commit: each write visits most pages of the two tables, so fewer, larger
/// writes cost less as the file grows.
pub(super) const FLUSH_ROWS: usize = 2_500_000;

impl Buffer {
    pub(super) fn len(&self) -> usize {
        self.plies.len()
    }

    /// Writes the rows gathered, sorted, in the open transaction: [`ROWS_PER_INSERT`]
    /// rows a statement (one statement a row costs more in SQLite's
    /// per-statement work than in the B-tree).
    pub(crate) fn flush(&mut self, db: &Database) -> Result<(), DbError> {
        let games = std::mem::take(&mut self.games);
        let mut plies = std::mem::take(&mut self.plies);
        // The explorer: the opening plies with a next move, by (key, move),
        // each run of equal pairs summed into one row.
        plies.sort_unstable_by_key(Ply::by_key_move_game);
        // Summed a run at a time as the rows are written (never all held).
        let mut rest = plies
            .iter()
            .filter(|p| p.flags & Ply::OPENING != 0 && p.next().is_some())
            .peekable();
        let explorer = std::iter::from_fn(|| {
            let first = rest.next()?;
            let mv = first.next().unwrap_or(0);
            let mut counts = Counts {
                key: first.key,
                mv,
                ..Counts::default()
            };
            counts.add(first, &games[first.game as usize]);
            while let Some(p) = rest.next_if(|p| (p.key, p.next()) == (first.key, Some(mv))) {
                counts.add(p, &games[p.game as usize]);
            }
            Some(counts)
        });
        insert_rows(
            db,
            "INSERT INTO explorer (key, move, games, white_wins, draws, black_wins, rating_sum, rating_count, last_day) VALUES ",
            "(?,?,?,?,?,?,?,?,?)",
            " ON CONFLICT (key, move) DO UPDATE SET games = games + excluded.games, \
             white_wins = white_wins + excluded.white_wins, draws = draws + excluded.draws, \
             black_wins = black_wins + excluded.black_wins, rating_sum = rating_sum + excluded.rating_sum, \
             rating_count = rating_count + excluded.rating_count, \
             last_day = max(coalesce(last_day, excluded.last_day), coalesce(excluded.last_day, last_day))",
            explorer,
            |st, at, c| {
                st.raw_bind_parameter(at, c.key)?;
                st.raw_bind_parameter(at + 1, c.mv)?;
                st.raw_bind_parameter(at + 2, c.games)?;
                st.raw_bind_parameter(at + 3, c.white_wins)?;
                st.raw_bind_parameter(at + 4, c.draws)?;
                st.raw_bind_parameter(at + 5, c.black_wins)?;
                st.raw_bind_parameter(at + 6, c.rating_sum)?;
                st.raw_bind_parameter(at + 7, c.rating_count)?;
                st.raw_bind_parameter(at + 8, c.last_day)
            },
        )?;
        // The positions, by (key, game, ply): a batch's games are numbered
        // in the order they were added.
        plies.sort_unstable_by_key(Ply::by_key_game_ply);
        insert_rows(
            db,
            "INSERT OR IGNORE INTO positions (key, game_id, ply, next_move, result, rating, opponent_rating, day) VALUES ",
            "(?,?,?,?,?,?,?,?)",
            "",
            plies.iter(),
            |st, at, p| {
                let game = &games[p.game as usize];
                st.raw_bind_parameter(at, p.key)?;
                st.raw_bind_parameter(at + 1, game.id)?;
                st.raw_bind_parameter(at + 2, i64::from(p.ply))?;
                st.raw_bind_parameter(at + 3, p.next())?;
                st.raw_bind_parameter(at + 4, game.result)?;
                let (rating, opponent) = game.ratings(p);
                st.raw_bind_parameter(at + 5, rating)?;
                st.raw_bind_parameter(at + 6, opponent)?;
                st.raw_bind_parameter(at + 7, game.day)
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
    rows: impl IntoIterator<Item = T>,
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
    let mut chunk: Vec<T> = Vec::with_capacity(ROWS_PER_INSERT);
    let mut rows = rows.into_iter();
    let mut many = db
        .conn
        .prepare_cached(&sql(ROWS_PER_INSERT))
        .map_err(|e| db.err(e))?;
    loop {
        chunk.clear();
        chunk.extend(rows.by_ref().take(ROWS_PER_INSERT));
        if chunk.len() < ROWS_PER_INSERT {
            break;
        }
        for (i, row) in chunk.iter().enumerate() {
            bind(&mut many, 1 + i * per_row, row).map_err(|e| db.err(e))?;
        }
        many.raw_execute().map_err(|e| db.err(e))?;
    }
    if !chunk.is_empty() {
        let mut one = db.conn.prepare_cached(&sql(1)).map_err(|e| db.err(e))?;
        for row in &chunk {
            bind(&mut one, 1, row).map_err(|e| db.err(e))?;
            one.raw_execute().map_err(|e| db.err(e))?;
        }
    }
    Ok(())
}
