//! The game in play, saved after every change so that a crash loses
//! nothing: one autosave per kind of play ([`PlayKind`]), in a folder of
//! its own in the data directory, apart from the player's saved games.
//!
//! ```text
//! ~/.local/share/hive/              the data directory: the player's games
//!     autosave/
//!         game.txt                  a game against a person or the AI
//!         game-variations.txt       its variations, when it has any
//!         analysis.txt              the analysis board
//!         analysis-variations.txt
//!         exhibition.txt            the AI against itself
//!         exhibition-variations.txt
//! ```
//!
//! Each autosave is a saved game file ([`SavedGame`]: the whole line, how
//! many moves are shown, who plays, the clocks, the house rules):
//!
//! ```text
//! # hive players: ai=black:medium
//! # hive cursor: 5
//! Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
//! ```
//!
//! and the variations beside it a variations file, written before the game
//! and removed with it; resuming restores them only if the autosaved game
//! is one of their lines. "Resume last game" is the game's autosave
//! ([`PlayKind::Game`]); an analysis board or an exhibition writes only its
//! own files.
//!
//! Earlier versions kept a single autosave, `autosave.txt` (and
//! `autosave-variations.txt`), in the data directory itself. While the
//! game's autosave is absent, that one is read in its place, whatever it
//! holds, so it can be resumed once; the next write of the game's autosave,
//! or clearing it, removes it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::disk::{remove_if_there, write_atomic};
use super::{Clocks, PlayKind, SavedGame, Variations, load_variations, save_variations};
use super::{ErrorKind, RecordError, Seats, load_game_file, project_dirs};
use hive_rules::Game;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "HIVE_DATA_DIR";

/// The folder of the autosaves, in the data directory.
pub const AUTOSAVE_DIR: &str = "autosave";

/// The file name of the single autosave of earlier versions, in the data
/// directory itself: still read while the game's autosave is absent.
pub const AUTOSAVE_FILE: &str = "autosave.txt";

/// The file name of that autosave's variations, beside it.
pub const AUTOSAVE_VARIATIONS_FILE: &str = "autosave-variations.txt";

/// The autosave of one kind of play in a data directory.
#[derive(Clone, Debug)]
pub struct Autosave {
    dir: PathBuf,
    kind: PlayKind,
}

impl Autosave {
    /// The game's autosave ([`PlayKind::Game`], what "Resume last game"
    /// loads) in the data directory `dir` (created on the first save).
    pub fn new(dir: impl Into<PathBuf>) -> Autosave {
        Autosave::of_kind(dir, PlayKind::Game)
    }

    /// The autosave of `kind` of play in the data directory `dir`.
    pub fn of_kind(dir: impl Into<PathBuf>, kind: PlayKind) -> Autosave {
        Autosave {
            dir: dir.into(),
            kind,
        }
    }

    /// The game's autosave in `dir` if given (the command line's
    /// `HIVE_DATA_DIR`), else in the platform's data directory
    /// (`~/.local/share/hive` on Linux).
    pub fn default_location(dir: Option<PathBuf>) -> Result<Autosave, RecordError> {
        let dir = dir
            .filter(|dir| !dir.as_os_str().is_empty())
            .or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))
            .ok_or_else(|| RecordError::no_directory(DATA_DIR_ENV))?;
        Ok(Autosave::new(dir))
    }

    /// The autosave of `kind` in the same data directory.
    pub fn with_kind(&self, kind: PlayKind) -> Autosave {
        Autosave::of_kind(self.dir.clone(), kind)
    }

    /// Its kind of play.
    pub fn kind(&self) -> PlayKind {
        self.kind
    }

    /// The data directory (where the player's saved games go too).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder of the autosaves, [`AUTOSAVE_DIR`] in the data directory.
    pub fn folder(&self) -> PathBuf {
        self.dir.join(AUTOSAVE_DIR)
    }

    /// The autosave file: `autosave/game.txt` for the game.
    pub fn path(&self) -> PathBuf {
        self.folder().join(format!("{}.txt", self.kind.word()))
    }

    /// The file of the autosaved game's variations:
    /// `autosave/game-variations.txt` for the game.
    pub fn variations_path(&self) -> PathBuf {
        self.folder()
            .join(format!("{}-variations.txt", self.kind.word()))
    }

    /// The autosave of earlier versions and its variations, which the
    /// game's autosave reads in its own absence; `None` for other kinds.
    pub fn old_paths(&self) -> Option<(PathBuf, PathBuf)> {
        (self.kind == PlayKind::Game).then(|| {
            (
                self.dir.join(AUTOSAVE_FILE),
                self.dir.join(AUTOSAVE_VARIATIONS_FILE),
            )
        })
    }

    /// The game file and the variations file to read: the autosave's own,
    /// or, while it is absent, those of earlier versions if there.
    fn sources(&self) -> (PathBuf, PathBuf) {
        match self.old_paths() {
            Some((old, old_variations)) if !self.path().is_file() && old.is_file() => {
                (old, old_variations)
            }
            _ => (self.path(), self.variations_path()),
        }
    }

    /// Makes the autosave folder, the error naming `file`.
    fn make_folder(&self, file: PathBuf) -> Result<(), RecordError> {
        fs::create_dir_all(self.folder())
            .map_err(|source| RecordError::new(file, ErrorKind::Write(source)))
    }

    /// Saves `saved` atomically (call after every change of the game); on
    /// failure the previous autosave is kept. The autosave of earlier
    /// versions, if any, is removed once this one is written.
    pub fn write(&self, saved: &SavedGame) -> Result<(), RecordError> {
        self.make_folder(self.path())?;
        write_atomic(&self.path(), saved.text().as_bytes())?;
        self.remove_old()
    }

    /// The autosaved game: `None` when there is none; an error (naming the
    /// file) when it cannot be read or is not a legal game, in which case
    /// the file is left as it is.
    pub fn read(&self) -> Result<Option<SavedGame>, RecordError> {
        match load_game_file(self.sources().0) {
            Ok(saved) => Ok(Some(saved)),
            Err(e) => match e.kind() {
                ErrorKind::Read(source) if source.kind() == io::ErrorKind::NotFound => Ok(None),
                _ => Err(e),
            },
        }
    }

    /// Saves `game`, shown at its end, with nothing else said (see
    /// [`Autosave::write`]).
    pub fn save(&self, game: &Game) -> Result<(), RecordError> {
        self.write(&SavedGame::new(game.clone()))
    }

    /// Saves `game`, shown at its end, with who plays it.
    pub fn save_with_seats(&self, game: &Game, seats: Seats) -> Result<(), RecordError> {
        self.save_with_clocks(game, seats, None)
    }

    /// [`Autosave::save_with_seats`], with the clocks of a timed game.
    pub fn save_with_clocks(
        &self,
        game: &Game,
        seats: Seats,
        clocks: Option<Clocks>,
    ) -> Result<(), RecordError> {
        let saved = SavedGame::new(game.clone())
            .with_seats(seats)
            .with_clocks(clocks);
        self.write(&saved)
    }

    /// Keeps the game's variations beside the autosave (`None`: it has
    /// none, and an earlier file of them is removed). Written before the
    /// game itself, atomically; on failure the previous file is kept.
    pub fn save_variations(&self, variations: Option<&Variations>) -> Result<(), RecordError> {
        match variations {
            Some(tree) => {
                self.make_folder(self.variations_path())?;
                save_variations(self.variations_path(), tree)
            }
            None => remove_if_there(&self.variations_path()),
        }
    }

    /// The autosaved game's variations, if they were kept and the game
    /// `game` is one of their lines (otherwise they belong to another game,
    /// or are damaged: `None`, and the game resumes without them).
    pub fn variations_of(&self, game: &Game) -> Option<Variations> {
        let tree = load_variations(self.sources().1).ok()?;
        tree.node_of(game).map(|_| tree)
    }

    /// The clocks of the autosaved game, if it was timed (`None` too when
    /// it cannot be read).
    pub fn clocks(&self) -> Option<Clocks> {
        self.read().ok()??.clocks
    }

    /// Who played the autosaved game, if its file says so.
    pub fn seats(&self) -> Option<Seats> {
        self.read().ok()??.seats
    }

    /// The position to resume (the moves shown when it was saved): `None`
    /// when there is no autosave; an error as for [`Autosave::read`].
    pub fn load(&self) -> Result<Option<Game>, RecordError> {
        Ok(self.read()?.map(|saved| saved.shown()))
    }

    /// Whether there is an autosave to read (without reading it), its own
    /// or one of earlier versions.
    pub fn exists(&self) -> bool {
        self.sources().0.is_file()
    }

    /// Delete the autosave and its variations (the game ended, or the
    /// player declined to resume), and that of earlier versions. Nothing to
    /// delete is not an error.
    pub fn clear(&self) -> Result<(), RecordError> {
        remove_if_there(&self.path())?;
        remove_if_there(&self.variations_path())?;
        self.remove_old()
    }

    /// Deletes the autosave of earlier versions, if this is the game's.
    fn remove_old(&self) -> Result<(), RecordError> {
        if let Some((old, old_variations)) = self.old_paths() {
            remove_if_there(&old)?;
            remove_if_there(&old_variations)?;
        }
        Ok(())
    }
}

/// Whether `path` is an autosave: one of earlier versions (by its name) or
/// a file of the autosave folder (by its name and its folder's).
pub(crate) fn is_autosave_file(path: &Path) -> bool {
    let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).map(str::to_string);
    let Some(file) = name(path) else {
        return false;
    };
    if file == AUTOSAVE_FILE || file == AUTOSAVE_VARIATIONS_FILE {
        return true;
    }
    let in_folder = path
        .parent()
        .and_then(name)
        .is_some_and(|folder| folder == AUTOSAVE_DIR);
    in_folder
        && PlayKind::ALL.into_iter().any(|kind| {
            file == format!("{}.txt", kind.word())
                || file == format!("{}-variations.txt", kind.word())
        })
}
