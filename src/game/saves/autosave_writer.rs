//! The autosave: after every change of the game in play (a move, an undo,
//! a resumed game), the whole line is written with its cursor (the position
//! shown), who plays it and the clocks, and the game's variations beside it
//! when it has any; a finished game removes them. Review writes nothing.
//!
//! Each kind of play has its own autosave ([`PlayKind`]): a game against a
//! person or the AI is the one "Resume last game" brings back; the analysis
//! board (both sides played at the screen with the engine's analysis on)
//! and exhibitions write theirs, and never overwrite it.
//!
//! The write (a temporary file, fsync, rename, fsync of the folder) runs on
//! Bevy's IO task pool, never on the frame that starts the piece's slide.
//! One write runs at a time, in order: a change made while one runs waits
//! for it, and only the newest waiting change is written, so the file on
//! disk is at most one move behind, as a crash between moves allows.

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use super::files::refuse;
use super::paths::{AutosaveStatus, RecordPaths};
use crate::game::core::{CurrentGame, CurrentMode, GameClock, Notice, Players, Turn, Words};
use crate::records::{Autosave, PlayKind, RecordError, SavedGame, Variations};

/// The autosave's writes: the one running and the one waiting.
#[derive(Resource, Default)]
pub(super) struct AutosaveWriter {
    running: Option<Task<Finished>>,
    waiting: Option<Job>,
}

impl AutosaveStatus {
    /// Whether the autosave of `kind` exists.
    pub fn waiting(&self, kind: PlayKind) -> bool {
        match kind {
            PlayKind::Game => self.available,
            PlayKind::Analysis => self.analysis,
            PlayKind::Exhibition => self.exhibition,
            PlayKind::Online => self.online,
        }
    }

    /// Notes whether the autosave of `kind` exists.
    pub(super) fn set_waiting(&mut self, kind: PlayKind, exists: bool) {
        match kind {
            PlayKind::Game => self.available = exists,
            PlayKind::Analysis => self.analysis = exists,
            PlayKind::Exhibition => self.exhibition = exists,
            PlayKind::Online => self.online = exists,
        }
    }
}

/// One change to the autosave file.
enum Job {
    Write {
        autosave: Autosave,
        saved: Box<SavedGame>,
        /// The game's variations, when it has more moves than those played.
        variations: Option<Box<Variations>>,
    },
    Remove {
        autosave: Autosave,
    },
}

/// What a job did, and on which thread.
struct Finished {
    result: Result<(), RecordError>,
    /// The autosave's kind of play.
    kind: PlayKind,
    /// Whether an autosave is on disk after it.
    exists: bool,
    thread: std::thread::ThreadId,
}

impl Job {
    fn run(self) -> Finished {
        let kind = match &self {
            Job::Write { autosave, .. } | Job::Remove { autosave } => autosave.kind(),
        };
        let (result, wrote) = match self {
            Job::Write {
                autosave,
                saved,
                variations,
            } => (
                autosave
                    .save_variations(variations.as_deref())
                    .and_then(|()| autosave.write(&saved)),
                true,
            ),
            Job::Remove { autosave } => (autosave.clear(), false),
        };
        Finished {
            kind,
            exists: wrote,
            result,
            thread: std::thread::current().id(),
        }
    }
}

impl AutosaveWriter {
    fn push(&mut self, job: Job) {
        // A newer state of the game replaces one not written yet.
        self.waiting = Some(job);
    }

    fn is_busy(&self) -> bool {
        self.running.is_some() || self.waiting.is_some()
    }
}

/// Queues the autosave after the game changed (not in review; never in a
/// lesson or a puzzle, which are not games to resume: see the plugin).
pub(super) fn autosave_after_change(
    current: Res<CurrentGame>,
    paths: Res<RecordPaths>,
    (players, clock, mode): (Res<Players>, Res<GameClock>, CurrentMode),
    turn: Option<Res<State<Turn>>>,
    next_turn: Res<NextState<Turn>>,
    mut writer: ResMut<AutosaveWriter>,
    mut status: ResMut<AutosaveStatus>,
) {
    let reviewing = crate::game::core::reviewing(turn.as_deref(), &next_turn);
    let Some(autosave) = paths.autosave.as_ref().filter(|_| !reviewing) else {
        return;
    };
    let Some(kind) = mode.get().autosave_kind() else {
        return;
    };
    let autosave = autosave.with_kind(kind);
    let game = current.game();
    if game.status().is_over() {
        status.holds = None;
        writer.push(Job::Remove { autosave });
    } else if !current.is_empty() {
        let tree = current.variations();
        let variations = (tree.move_count() > current.len()).then(|| Box::new(tree.clone()));
        let line = current.full_game();
        status.holds = Some((autosave.kind(), line.game_string()));
        let saved = SavedGame::new(line)
            .with_cursor(current.ply())
            .with_seats(players.seats)
            .with_clocks(clock.0);
        writer.push(Job::Write {
            autosave,
            saved: Box::new(saved),
            variations,
        });
    } else {
        return;
    }
    status.writing = true;
}

/// Collects the write that finished (reporting a failure on the message
/// line) and starts the one waiting.
pub(super) fn run_autosave_writes(
    mut writer: ResMut<AutosaveWriter>,
    mut status: ResMut<AutosaveStatus>,
    (mut notice, words): (ResMut<Notice>, Res<Words>),
) {
    if let Some(task) = writer.running.as_mut() {
        let Some(finished) = check_ready(task) else {
            return;
        };
        writer.running = None;
        match finished.result {
            Ok(()) => status.set_waiting(finished.kind, finished.exists),
            Err(err) => refuse(&mut notice, &words, &err),
        }
        status.last_writer = Some(finished.thread);
    }
    if let Some(job) = writer.waiting.take() {
        writer.running = Some(IoTaskPool::get().spawn(async move { job.run() }));
    }
    let busy = writer.is_busy();
    if status.writing != busy {
        status.writing = busy;
    }
}
