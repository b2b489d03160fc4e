//! The files and pasted texts being read for the board, off the frame: each
//! read on the IO task pool (with the engine's review kept of its game),
//! queued, and put on the board in the order asked (`files::finish_reads`).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task};

use crate::ai::GameReview;
use crate::records::{
    NodeId, PlayKind, RecordError, RecordFile, ReviewStore, SavedGame, Variations, read_review,
};
use crate::rules::Game;

/// The files being read on the IO task pool (a Load, a Resume) and the
/// pasted records being read there, in the order they were asked: each is
/// put on the board when it and those before it are read.
#[derive(Resource, Default)]
pub(super) struct Reads(pub(super) std::collections::VecDeque<Reading>);

impl Reads {
    /// Starts reading with `read` on the IO task pool; the engine's review
    /// kept in `store` for the game read is looked up there too.
    pub(super) fn start(
        &mut self,
        store: Option<ReviewStore>,
        purpose: Purpose,
        read: impl FnOnce() -> (Result<Read, RecordError>, PathBuf) + Send + 'static,
    ) {
        let task = IoTaskPool::get().spawn(async move {
            let (read, path) = read();
            let kept = match (&read, store) {
                (Ok(read), Some(store)) => read.line().and_then(|game| store.find(&game)),
                _ => None,
            };
            Done {
                read,
                path,
                kept,
                thread: std::thread::current().id(),
            }
        });
        self.0.push_back(Reading { task, purpose });
    }
}

/// One file or text being read, and what it is read for.
pub(super) struct Reading {
    pub(super) task: Task<Done>,
    pub(super) purpose: Purpose,
}

/// A read finished.
pub(super) struct Done {
    pub(super) read: Result<Read, RecordError>,
    /// The file read (or the pasted text's name).
    pub(super) path: PathBuf,
    /// The engine's review kept of the game read, if any.
    pub(super) kept: Option<GameReview>,
    /// The thread that read it: never the frame's.
    pub(super) thread: std::thread::ThreadId,
}

/// Why a file or a text is read.
pub(super) enum Purpose {
    /// Load it for review (or to play on, our own save).
    Load {
        /// Have the engine review it once it is on the board.
        engine_review: bool,
    },
    /// Open pasted text for review.
    Import {
        /// The move to show (`None`: the end of its main line).
        at: Option<usize>,
        /// Pasted in the move list (one message for every kind of text).
        from_move_list: bool,
    },
    /// Resume the autosave of this kind of play.
    Resume(PlayKind),
}

/// What was read.
pub(super) enum Read {
    /// A record of any kind.
    File(RecordFile),
    /// The autosave's game and its variations (`None`: there is none).
    Autosave(Option<(Box<SavedGame>, Option<Variations>)>),
}

impl Read {
    /// The whole line the board will hold, whose kept review is shown
    /// (`None` when the record carries its own review, or there is none).
    fn line(&self) -> Option<Game> {
        match self {
            Read::File(RecordFile::Game(saved)) => Some(saved.game.clone()),
            Read::File(RecordFile::Foreign(record)) => read_review(record)
                .is_none()
                .then(|| main_line_end(&record.tree)),
            Read::File(RecordFile::Variations(tree)) => Some(main_line_end(tree)),
            Read::Autosave(saved) => saved.as_ref().map(|(saved, _)| saved.game.clone()),
        }
    }
}

/// The game at the end of a tree's main line (where a record opens).
pub(super) fn main_line_end(tree: &Variations) -> Game {
    tree.game_at(
        *tree
            .continuation(NodeId::ROOT)
            .last()
            .unwrap_or(&NodeId::ROOT),
    )
}
