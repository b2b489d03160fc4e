//! Hive, the board game of bugs on hexagons: the Bevy desktop game.
//!
//! The engine is nine crates, each depending only on those before it and
//! none on Bevy, re-exported here under short names for the game's code:
//! 1. [`rules`] (`hive-rules`): pure game logic (hex grid, board and stacks,
//!    move generation, game state with undo, notation).
//! 2. [`ai`] (`hive-ai`): search and evaluation over `rules`, difficulty
//!    levels; [`formats`] (`hive-formats`): game records as text (SGF, PGN,
//!    GameStrings, variations), no files and no search.
//! 3. [`uhp`] (`hive-uhp`): the Universal Hive Protocol engine and client, and
//!    matches between engines, SPRT tests and opening books; [`records`]
//!    (`hive-records`): saved games, variations, autosave, clocks, the
//!    player's kept games as records, other programs' record files, the
//!    library (the player's settings are the game's: `game::core`); [`learn`] (`hive-learn`): lessons and proved puzzles;
//!    [`text`] (`hive-text`): the game's words in each language (Fluent),
//!    rule reasons, pieces, cells and moves in words; [`db`] (`hive-db`):
//!    the game database and opening explorer, and the player's own games
//!    (SQLite); [`net`] (`hive-net`): online play (protocol, sessions,
//!    invitations, friends, the iroh transport).
//! 4. [`game`]: the Bevy app, one folder per feature.

pub use hive_ai as ai;
pub use hive_db as db;
pub use hive_formats as formats;
pub use hive_learn as learn;
pub use hive_net as net;
pub use hive_records as records;
pub use hive_rules as rules;
pub use hive_text as text;
pub use hive_uhp as uhp;

pub mod game;
