//! The current game, saved after every move so that a crash loses nothing.
//!
//! `autosave.txt` is a game file (the moves up to the position on the
//! board, who plays them, the clocks). When the game has variations, they
//! go beside it in `autosave-variations.txt` (a variations file), written
//! before the game and removed with it; resuming restores them only if the
//! autosaved game is one of their lines.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::disk::{read_game_file, remove_if_there, write_atomic};
use super::{Clocks, SaveHeaders, SavedGame, Variations, load_variations, save_variations};
use super::{RecordError, Seats, load_game, project_dirs, save_game};
use hive_rules::Game;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "HIVE_DATA_DIR";

/// The autosave's file name inside the data directory.
pub const AUTOSAVE_FILE: &str = "autosave.txt";

/// The autosaved game's variations, beside it.
pub const AUTOSAVE_VARIATIONS_FILE: &str = "autosave-variations.txt";

/// The autosaved game: one game file in a data directory.
#[derive(Clone, Debug)]
pub struct Autosave {
    dir: PathBuf,
}

impl Autosave {
    /// The autosave in `dir` (created on the first save).
    pub fn new(dir: impl Into<PathBuf>) -> Autosave {
        Autosave { dir: dir.into() }
    }

    /// The autosave in `dir` if given (the command line's `HIVE_DATA_DIR`),
    /// else in the platform's data directory (`~/.local/share/hive` on
    /// Linux).
    pub fn default_location(dir: Option<PathBuf>) -> Result<Autosave, RecordError> {
        let dir = dir
            .filter(|dir| !dir.as_os_str().is_empty())
            .or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))
            .ok_or(RecordError::NoDirectory { env: DATA_DIR_ENV })?;
        Ok(Autosave::new(dir))
    }

    /// The directory it lives in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The autosave file.
    pub fn path(&self) -> PathBuf {
        self.dir.join(AUTOSAVE_FILE)
    }

    /// Save `game` atomically (call after every move); on failure the
    /// previous autosave is kept.
    pub fn save(&self, game: &Game) -> Result<(), RecordError> {
        fs::create_dir_all(&self.dir).map_err(|source| RecordError::Write {
            path: self.path(),
            source,
        })?;
        save_game(self.path(), game)
    }

    /// Save `game` atomically with who plays it (a comment line other
    /// programs skip); on failure the previous autosave is kept.
    pub fn save_with_seats(&self, game: &Game, seats: Seats) -> Result<(), RecordError> {
        self.save_with_clocks(game, seats, None)
    }

    /// [`Autosave::save_with_seats`], with the clocks of a timed game (a
    /// `clock` header, see [`Clocks::words`]).
    pub fn save_with_clocks(
        &self,
        game: &Game,
        seats: Seats,
        clocks: Option<Clocks>,
    ) -> Result<(), RecordError> {
        fs::create_dir_all(&self.dir).map_err(|source| RecordError::Write {
            path: self.path(),
            source,
        })?;
        let saved = SavedGame::new(game.clone())
            .with_seats(seats)
            .with_clocks(clocks);
        write_atomic(&self.path(), saved.text().as_bytes())
    }

    /// The file of the autosaved game's variations.
    pub fn variations_path(&self) -> PathBuf {
        self.dir.join(AUTOSAVE_VARIATIONS_FILE)
    }

    /// Keeps the game's variations beside the autosave (`None`: it has
    /// none, and an earlier file of them is removed). Written before the
    /// game itself, atomically; on failure the previous file is kept.
    pub fn save_variations(&self, variations: Option<&Variations>) -> Result<(), RecordError> {
        match variations {
            Some(tree) => {
                fs::create_dir_all(&self.dir).map_err(|source| RecordError::Write {
                    path: self.variations_path(),
                    source,
                })?;
                save_variations(self.variations_path(), tree)
            }
            None => remove_if_there(&self.variations_path()),
        }
    }

    /// The autosaved game's variations, if they were kept and the game
    /// `game` is one of their lines (otherwise they belong to another game,
    /// or are damaged: `None`, and the game resumes without them).
    pub fn variations_of(&self, game: &Game) -> Option<Variations> {
        let tree = load_variations(self.variations_path()).ok()?;
        tree.node_of(game).map(|_| tree)
    }

    /// The clocks of the autosaved game, if it was timed.
    pub fn clocks(&self) -> Option<Clocks> {
        self.headers()?.clocks
    }

    /// Who played the autosaved game, if its file says so.
    pub fn seats(&self) -> Option<Seats> {
        self.headers()?.seats
    }

    /// The autosave's headers, if it can be read.
    fn headers(&self) -> Option<SaveHeaders> {
        SaveHeaders::read(&read_game_file(&self.path()).ok()?, &self.path()).ok()
    }

    /// The autosaved game to offer for resuming: `None` when there is none;
    /// an error (naming the file) when it cannot be read or is not a legal
    /// game, in which case the file is left as it is.
    pub fn load(&self) -> Result<Option<Game>, RecordError> {
        match load_game(self.path()) {
            Ok(game) => Ok(Some(game)),
            Err(RecordError::Read { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// Whether an autosave file exists (without reading it).
    pub fn exists(&self) -> bool {
        self.path().is_file()
    }

    /// Delete the autosave (the game ended, or the player declined to
    /// resume). Nothing to delete is not an error.
    pub fn clear(&self) -> Result<(), RecordError> {
        remove_if_there(&self.path())?;
        remove_if_there(&self.variations_path())
    }
}
