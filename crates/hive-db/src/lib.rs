//! Hive's game database and opening explorer, below the window: game
//! records imported into an embedded SQLite file, one key per position
//! whatever the board's orientation and the pieces' numbering, the moves
//! played from a position with their results, and a search of the games.
//!
//! - [`Database`]: the file (`games.sqlite` in the data folder by default,
//!   [`Database::default_path`]), opened with its schema brought up to date
//!   ([`schema`]: version 1 the games, positions and sources, version 2
//!   the explorer's aggregate and the search indexes, version 3 the
//!   mover's rating and the day on each position's row and the aggregate
//!   kept for the openings); a damaged file is refused
//!   ([`DbError::Damaged`]) and left as it is; [`Database::check`],
//!   [`Database::stats`].
//! - [`Database::import`]: files, folders, zip archives and PGN files of
//!   many games, in batches ([`ImportOptions`]), with progress
//!   ([`ImportProgress`]), a cancel flag, resumable (the `sources` table),
//!   each game once, unreadable records listed ([`ImportFailure`]).
//! - [`PositionKey`] and [`CanonicalMove`]: a position's key, invariant
//!   under the 12 symmetries of the grid, translation and piece numbering;
//!   moves stored in the key's frame and mapped back onto any board showing
//!   the position.
//! - [`Database::explore`] ([`ExplorerFilter`], [`ExplorerMove`]),
//!   [`Database::games_reaching`], [`Database::search`] ([`SearchQuery`],
//!   [`GameSummary`]), [`Database::game`] ([`StoredGame`]).
//! - The player's own games ([`KEPT_FILE`], apart from the imported ones):
//!   [`Database::keep`] a game they finished or left, [`Database::kept`]
//!   ([`KeptFilter`], [`KeptSummary`], [`Outcome`]) newest first,
//!   [`Database::kept_game`], [`Database::forget`], and all of them as one
//!   PGN file ([`Database::export_kept`], read back by
//!   [`Database::keep_pgn`]).
//! - [`generate`]: seeded engine self-play written as boardspace-style SGF
//!   in yearly zip archives, for tests and benchmarks.
//! - `cli` (feature `cli`): the `hive db` commands ([`cli::DbCommand`]).
//!
//! ```
//! use hive_db::{Database, ExplorerFilter, ImportOptions};
//! use hive_rules::{Game, GameType};
//! use std::sync::atomic::AtomicBool;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let folder = dir.path().join("games");
//! std::fs::create_dir(&folder).unwrap();
//! std::fs::write(folder.join("a.pgn"), "[GameType \"Base\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n").unwrap();
//! let mut db = Database::open(dir.path().join("games.sqlite")).unwrap();
//! let report = db
//!     .import(&[folder], ImportOptions::default(), &AtomicBool::new(false), &mut |_| {})
//!     .unwrap();
//! assert_eq!(report.progress.added, 1);
//! let moves = db.explore(&Game::new(GameType::BASE), &ExplorerFilter::default()).unwrap();
//! assert_eq!(moves[0].uhp, "wS1");
//! assert_eq!(moves[0].white_wins, 1);
//! ```

mod db;
mod error;
mod explore;
pub mod generate;
mod import;
mod kept;
mod key;
pub mod schema;
mod worker;

#[cfg(feature = "cli")]
pub mod cli;

pub use db::{DB_FILE, Database, Stats};
pub use error::DbError;
pub use explore::{
    ExplorerFilter, ExplorerMove, GameSummary, SearchQuery, SortBy, StoredGame, parse_position,
};
pub use import::{
    ARCHIVE_EXTENSION, ImportFailure, ImportOptions, ImportProgress, ImportReport, MAX_RECORD_BYTES,
};
pub use kept::{KEPT_FILE, KeptFilter, KeptSummary, Outcome, Progress, Score, YourMove};
pub use key::{CanonicalMove, PositionKey};
pub use worker::{DbWorker, ExplorerPage, GameTypes, Pending, QUEUE};
