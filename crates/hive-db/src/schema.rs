//! The schema, one migration per version (SQLite's `user_version` holds
//! the version a file is at).
//!
//! - Version 1: `sources` (each file or zip entry whose games are
//!   committed), `games` (one row a game: headers, players, ratings, date,
//!   result, game type, the moves, the source, a hash of the game type and
//!   moves for duplicates) and `positions` (one row per ply: the position's
//!   key, the move played next in the key's frame, the game's result),
//!   keyed by position.
//! - Version 2: `explorer`, the aggregate of `positions` by position and
//!   next move (games, wins, draws, losses, ratings, last date), rebuilt
//!   from the rows already there, and the indexes that search uses.
//! - Version 3: each `positions` row also holds the mover's and the
//!   opponent's ratings and the game's day, so the explorer sums any
//!   position from its rows, filtered by dates and ratings, without reading
//!   the games; `explorer` keeps only the opening positions (at
//!   most [`EXPLORER_PIECES`] pieces on the board), which most games pass
//!   through. Beyond those, almost every position is one game's, and its
//!   aggregate row was half of what an import wrote.
//! - Version 4: `kept`, the player's own games (one row a game of
//!   `games`: its own id, when it ended, who played, the player's side and
//!   outcome, how it ended, whether it was rated, and its whole record), in
//!   the file of the player's games ([`crate::KEPT_FILE`]).

use rusqlite::Transaction;
use rusqlite_migration::{HookResult, M, Migrations};

/// Version 1: games, positions, sources.
pub const V1: &str = "
CREATE TABLE sources (
    path TEXT PRIMARY KEY NOT NULL,
    games INTEGER NOT NULL,
    imported TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    hash INTEGER NOT NULL UNIQUE,
    game_type TEXT NOT NULL,
    white TEXT,
    black TEXT,
    white_rating INTEGER,
    black_rating INTEGER,
    date TEXT,
    result INTEGER,
    plies INTEGER NOT NULL,
    moves TEXT NOT NULL,
    event TEXT,
    site TEXT,
    source TEXT
);
CREATE TABLE positions (
    key INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    next_move INTEGER,
    result INTEGER,
    PRIMARY KEY (key, game_id, ply)
) WITHOUT ROWID;
";

/// Version 2: the explorer's aggregate, rebuilt from `positions`, and the
/// search indexes.
pub const V2: &str = "
CREATE TABLE explorer (
    key INTEGER NOT NULL,
    move INTEGER NOT NULL,
    games INTEGER NOT NULL,
    white_wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black_wins INTEGER NOT NULL,
    rating_sum INTEGER NOT NULL,
    rating_count INTEGER NOT NULL,
    last_date TEXT,
    PRIMARY KEY (key, move)
) WITHOUT ROWID;
INSERT INTO explorer
SELECT p.key, p.next_move, count(*),
       coalesce(sum(p.result = 1), 0), coalesce(sum(p.result = 0), 0), coalesce(sum(p.result = -1), 0),
       coalesce(sum(CASE WHEN p.ply % 2 = 0 THEN g.white_rating ELSE g.black_rating END), 0),
       count(CASE WHEN p.ply % 2 = 0 THEN g.white_rating ELSE g.black_rating END),
       max(g.date)
FROM positions p JOIN games g ON g.id = p.game_id
WHERE p.next_move IS NOT NULL
GROUP BY p.key, p.next_move;
CREATE INDEX games_white ON games (white COLLATE NOCASE, date);
CREATE INDEX games_black ON games (black COLLATE NOCASE, date);
CREATE INDEX games_date ON games (date);
CREATE INDEX games_type_plies ON games (game_type, plies);
";

/// Version 3: the mover's and the opponent's ratings and the game's day
/// (`yyyymmdd`) on each position's row (the explorer's filters by date and
/// rating read no games), and the explorer's aggregate kept for the opening
/// positions only (filled by [`v3_explorer`]).
pub const V3: &str = "
CREATE TABLE positions_v3 (
    key INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    next_move INTEGER,
    result INTEGER,
    rating INTEGER,
    opponent_rating INTEGER,
    day INTEGER,
    PRIMARY KEY (key, game_id, ply)
) WITHOUT ROWID;
INSERT INTO positions_v3
SELECT p.key, p.game_id, p.ply, p.next_move, p.result,
       CASE WHEN p.ply % 2 = 0 THEN g.white_rating ELSE g.black_rating END,
       CASE WHEN p.ply % 2 = 0 THEN g.black_rating ELSE g.white_rating END,
       CAST(replace(g.date, '-', '') AS INTEGER)
FROM positions p LEFT JOIN games g ON g.id = p.game_id
ORDER BY p.key, p.game_id, p.ply;
DROP TABLE positions;
ALTER TABLE positions_v3 RENAME TO positions;
DROP TABLE explorer;
CREATE TABLE explorer (
    key INTEGER NOT NULL,
    move INTEGER NOT NULL,
    games INTEGER NOT NULL,
    white_wins INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    black_wins INTEGER NOT NULL,
    rating_sum INTEGER NOT NULL,
    rating_count INTEGER NOT NULL,
    last_day INTEGER,
    PRIMARY KEY (key, move)
) WITHOUT ROWID;
";

/// The explorer's aggregate holds the positions with at most this many
/// pieces on the board: the openings, where one position is many games'.
/// A position with more is summed from its rows in `positions` (one row a
/// visit, read in key order, no games read).
pub const EXPLORER_PIECES: u32 = 6;

/// How many of a game's positions, from the start, have at most
/// [`EXPLORER_PIECES`] pieces on the board, read from its moves (UHP
/// MoveStrings joined by `;`): a move places a piece the first time that
/// piece moves. (Placed pieces never leave the board, so these positions
/// are the first ones.)
pub fn opening_positions(moves: &str) -> usize {
    let mut placed: Vec<&str> = Vec::new();
    let mut positions = 1;
    for mv in moves.split(';').filter(|m| !m.trim().is_empty()) {
        let piece = mv.split_whitespace().next().unwrap_or("");
        if piece != "pass" && !placed.contains(&piece) {
            if placed.len() as u32 == EXPLORER_PIECES {
                break;
            }
            placed.push(piece);
        }
        positions += 1;
    }
    positions
}

/// Fills version 3's explorer from the positions rows of each game's
/// opening positions.
fn v3_explorer(tx: &Transaction) -> HookResult {
    tx.execute_batch(
        "CREATE TEMP TABLE opening (game_id INTEGER PRIMARY KEY, positions INTEGER NOT NULL)",
    )?;
    {
        let mut games = tx.prepare("SELECT id, moves FROM games")?;
        let mut opening = tx.prepare("INSERT INTO temp.opening VALUES (?1, ?2)")?;
        let mut rows = games.query([])?;
        while let Some(row) = rows.next()? {
            let id: i64 = row.get(0)?;
            let moves: String = row.get(1)?;
            opening.execute((id, opening_positions(&moves) as i64))?;
        }
    }
    tx.execute_batch(
        "INSERT INTO explorer
         SELECT p.key, p.next_move, count(*),
                coalesce(sum(p.result = 1), 0), coalesce(sum(p.result = 0), 0),
                coalesce(sum(p.result = -1), 0),
                coalesce(sum(p.rating), 0), count(p.rating), max(p.day)
         FROM positions p JOIN temp.opening o ON o.game_id = p.game_id
         WHERE p.ply < o.positions AND p.next_move IS NOT NULL
         GROUP BY p.key, p.next_move;
         DROP TABLE temp.opening;",
    )?;
    Ok(())
}

/// Version 4: the player's own games, each a row of `games` (with its
/// positions) and one here.
pub const V4: &str = "
CREATE TABLE kept (
    game_id INTEGER PRIMARY KEY NOT NULL,
    uid TEXT NOT NULL UNIQUE,
    day TEXT NOT NULL,
    time TEXT NOT NULL,
    seats TEXT NOT NULL,
    side INTEGER,
    opponent TEXT,
    level TEXT,
    ending TEXT NOT NULL,
    outcome INTEGER,
    rated INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX kept_when ON kept (day, time);
";

/// The schema's versions, in order.
pub fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(V1),
        M::up(V2),
        M::up_with_hook(V3, v3_explorer),
        M::up(V4),
    ])
}

/// The version this crate writes (the number of migrations).
pub const VERSION: u32 = 4;
