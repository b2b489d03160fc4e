//! The game in play, as the rules engine holds it: the single source of
//! truth of the app. [`CurrentGame`] is the Bevy resource around the
//! records crate's [`GameCursor`] (the game's record, every line tried as a
//! tree of moves, the line shown with a cursor in it, and the position at
//! the cursor; see its docs), whose methods it offers as its own; everything
//! on screen (piece entities, highlights, the move list) is derived from it.
//!
//! It only changes through those methods, and only when something really
//! changed: a refused move leaves it untouched (and unmarked, so nothing
//! downstream recomputes or rewrites the autosave).

use bevy::prelude::*;

use crate::records::{GameCursor, GameRecord, Variations};
use crate::rules::{Game, GameType};

pub use crate::records::LineRefused;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CurrentGame>();
}

/// The game in play (see the module's docs): a [`GameCursor`], whose
/// methods it offers through `Deref`.
#[derive(Resource, Clone, Deref, DerefMut)]
pub struct CurrentGame(GameCursor);

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame::new(Game::new(GameType::BASE))
    }
}

impl std::fmt::Debug for CurrentGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl CurrentGame {
    /// A game (possibly with moves already played), the cursor after its
    /// last move.
    pub fn new(game: Game) -> Self {
        CurrentGame(GameCursor::new(game))
    }

    /// A game with its variations, the cursor at the end of the main line.
    pub fn from_variations(tree: Variations) -> Self {
        CurrentGame(GameCursor::from_variations(tree))
    }

    /// The game of a record (its headers shown when `with_headers`), the
    /// cursor at the end of its main line.
    pub fn from_record(record: GameRecord, with_headers: bool) -> Self {
        CurrentGame(GameCursor::from_record(record, with_headers))
    }
}
