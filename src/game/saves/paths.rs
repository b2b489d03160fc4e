//! Where the game keeps its files and how their writes stand: the
//! directory of the autosave and the saved games ([`RecordPaths`]; the
//! settings' file is `core`'s), whether
//! an autosaved game waits and the autosave's writes ([`AutosaveStatus`]),
//! and the saves to files under way ([`SaveWrites`]). What writes them
//! (saving, the autosave, the engine's review) reads them here.

use std::path::Path;

use bevy::prelude::*;
use bevy::tasks::Task;

use crate::game::core::LaunchSettings;
use crate::records::{Autosave, PlayKind, RecordError, ReviewStore};

/// Where the autosave lives, and with it the games kept; `None` keeps no
/// file.
#[derive(Resource, Debug, Clone, Default)]
pub struct RecordPaths {
    /// The autosave (in the data directory).
    pub autosave: Option<Autosave>,
}

impl RecordPaths {
    /// The data directory the command line names, else this platform's; a
    /// missing directory is logged and nothing kept.
    pub fn default_locations(launch: &LaunchSettings) -> RecordPaths {
        let autosave = Autosave::default_location(launch.data_dir.clone())
            .inspect_err(|err| warn!("no autosave: {err}"))
            .ok();
        RecordPaths { autosave }
    }

    /// Where saved games go: the data directory, if known.
    pub fn data_dir(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::dir)
    }

    /// The engine's reviews kept with their games, in the data directory.
    pub fn reviews(&self) -> Option<ReviewStore> {
        self.data_dir().map(ReviewStore::in_dir)
    }
}

/// Whether there is an autosaved game to offer on the main menu, and how
/// the autosave's writes (on the IO task pool) stand.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct AutosaveStatus {
    /// The game's autosave ("Resume last game") exists (and did not fail
    /// to load this session).
    pub available: bool,
    /// The analysis board's autosave exists: "Analysis board" brings it
    /// back.
    pub analysis: bool,
    /// An exhibition's autosave exists: "New game" with AI vs AI offers it.
    pub exhibition: bool,
    /// An online game's autosave exists: "Play a friend online" offers to
    /// go on with it.
    pub online: bool,
    /// The kind of play and the GameString (the whole line) of the game
    /// last given to the autosave this session: the game it brings back.
    pub holds: Option<(PlayKind, String)>,
    /// A write (or removal) of the autosave is under way or waiting.
    pub writing: bool,
    /// The thread that made the latest write: never the app's own (the
    /// writes run on the IO task pool).
    pub last_writer: Option<std::thread::ThreadId>,
    /// The thread that read the latest file loaded or resumed: never the
    /// app's own (the reads run on the IO task pool).
    pub last_reader: Option<std::thread::ThreadId>,
    /// A Save to a file (run on the IO task pool) is under way.
    pub saving: bool,
    /// A file to load or resume is being read (on the IO task pool).
    pub reading: bool,
}

/// The saves to files under way, on the IO task pool: each says, when done,
/// what it saved where, or why it could not.
#[derive(Resource, Default)]
pub(super) struct SaveWrites(pub(super) Vec<Task<Result<String, RecordError>>>);
