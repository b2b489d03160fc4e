//! Hive: the board game of bugs on hexagons.
//!
//! Layers, each depending only on those above it:
//! 1. [`rules`]: pure game logic (hex grid, board and stacks, move generation,
//!    game state with undo, notation).
//! 2. [`ai`]: search and evaluation over `rules`.
//! 3. [`uhp`]: the Universal Hive Protocol over any reader/writer;
//!    [`arena`]: matches between AI presets and external UHP engines;
//!    [`records`]: saved games, autosave, undo/redo and review, settings.
//! 4. `game` (feature `gui`): the Bevy desktop app.

pub mod ai;
pub mod arena;
pub mod records;
pub mod rules;
pub mod uhp;

#[cfg(feature = "gui")]
pub mod game;
