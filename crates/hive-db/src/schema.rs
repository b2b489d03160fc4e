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

use rusqlite_migration::{M, Migrations};

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

/// The schema's versions, in order.
pub fn migrations() -> Migrations<'static> {
    Migrations::new(vec![M::up(V1), M::up(V2)])
}

/// The version this crate writes (the number of migrations).
pub const VERSION: u32 = 2;
