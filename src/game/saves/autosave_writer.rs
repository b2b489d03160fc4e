//! The autosave: after every change of the game in play (a move, an undo,
//! a resumed game), the whole line is written with its cursor (the position
//! shown), who plays it and the clocks, and the game's variations beside it
//! when it has any. Review writes nothing.
//!
//! A finished game is kept as the player's before its autosave goes
//! ([`FinishGame`], sent as the game ends): its record is written to a
//! waiting file in the autosave folder, the autosave removed, the game
//! stored in the player's games (`my-games.sqlite`), and only then the
//! waiting file removed; a start finds any waiting file left by a program
//! stopped on the way and stores it ([`recover_kept_games`]). A new game
//! taking the place of an unfinished one in its autosave keeps that one as
//! unfinished first.
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

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use super::files::refuse;
use super::paths::{AutosaveStatus, RecordPaths};
use crate::db::Database;
use crate::game::core::{CurrentGame, CurrentMode, GameClock, Notices, Players, Settings, Words};
use crate::records::{Autosave, KeptGame, PlayKind, RecordError, SavedGame, Variations};

/// The autosave's writes: the one running and those waiting, in order.
#[derive(Resource, Default)]
pub(super) struct AutosaveWriter {
    running: Option<Task<Finished>>,
    waiting: VecDeque<Job>,
    /// The job running keeps a game.
    running_keeps: bool,
    /// The game last written to each kind's autosave (by
    /// [`Players::game_id`]): a write of another game first looks at what
    /// it replaces.
    written: [Option<u64>; PlayKind::ALL.len()],
}

/// A game has ended (by the rules, a resignation, a flag, an agreement):
/// keep it as the player's, then remove the autosave of its kind; with no
/// game to keep (one that was not played here, an analysis board), only
/// remove the autosave.
#[derive(Message, Debug, Clone)]
pub struct FinishGame {
    /// The autosave the game was written to.
    pub kind: PlayKind,
    /// The game to keep.
    pub kept: Option<Box<KeptGame>>,
}

/// The player's kept games as this run changed them: how many were kept,
/// the last one, and the last failure.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptGames {
    /// Counts the games kept (and forgotten) this run: the Games screen
    /// reads its list again when it changes.
    pub changes: u64,
    /// The id ([`KeptGame::id`]) of the last game kept, and its row.
    pub last: Option<(String, i64)>,
    /// A game is being kept.
    pub keeping: bool,
    /// The GameString of the last game handed over to be kept (it is
    /// kept, or will be: leaving it loses nothing).
    pub holds: Option<String>,
}

impl KeptGames {
    /// Notes a change made elsewhere (a game forgotten).
    pub fn changed(&mut self) {
        self.changes += 1;
    }
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

/// One change to the autosave file, or a game kept.
enum Job {
    Write {
        autosave: Autosave,
        saved: Box<SavedGame>,
        /// The game's variations, when it has more moves than those played.
        variations: Option<Box<Variations>>,
        /// The first write of this game to the game's autosave: an
        /// unfinished game in it that is none of this game's lines is kept
        /// first, with the player named so.
        replacing: Option<Box<Replacing>>,
    },
    Remove {
        autosave: Autosave,
    },
    /// A finished game kept, then its autosave removed.
    Keep {
        autosave: Autosave,
        kept: Box<KeptGame>,
    },
    /// The games left waiting by a program stopped before it stored them.
    Recover {
        autosave: Autosave,
    },
}

/// What a job did, and on which thread.
struct Finished {
    result: Result<(), RecordError>,
    /// The autosave's kind of play.
    kind: PlayKind,
    /// Whether an autosave is on disk after it; `None`: unchanged.
    exists: Option<bool>,
    /// Other autosaves it removed (those of games kept at the start).
    removed: Vec<PlayKind>,
    /// The games kept (their ids and rows), and a failure to keep one.
    kept: Vec<(String, i64)>,
    keep_failed: Option<String>,
    thread: std::thread::ThreadId,
}

impl Job {
    fn autosave(&self) -> &Autosave {
        match self {
            Job::Write { autosave, .. }
            | Job::Remove { autosave }
            | Job::Keep { autosave, .. }
            | Job::Recover { autosave } => autosave,
        }
    }

    /// Whether it keeps games.
    fn keeps(&self) -> bool {
        matches!(self, Job::Keep { .. } | Job::Recover { .. })
    }

    /// Whether `newer` makes this job needless: a newer state of the same
    /// autosave replaces one not written yet (a game kept never is).
    fn replaced_by(&self, newer: &Job) -> bool {
        matches!(self, Job::Write { .. } | Job::Remove { .. })
            && matches!(newer, Job::Write { .. } | Job::Remove { .. })
            && self.autosave().kind() == newer.autosave().kind()
    }

    fn run(self) -> Finished {
        let mut finished = Finished {
            kind: self.autosave().kind(),
            exists: None,
            removed: Vec::new(),
            kept: Vec::new(),
            keep_failed: None,
            result: Ok(()),
            thread: std::thread::current().id(),
        };
        finished.result = match self {
            Job::Write {
                autosave,
                saved,
                variations,
                replacing,
            } => {
                if let Some(replacing) = replacing {
                    keep_the_abandoned(&autosave, &replacing, &mut finished);
                }
                finished.exists = Some(true);
                autosave
                    .save_variations(variations.as_deref())
                    .and_then(|()| autosave.write(&saved))
            }
            Job::Remove { autosave } => {
                finished.exists = Some(false);
                autosave.clear()
            }
            Job::Keep { autosave, kept } => {
                // The record first: from here on a stop loses nothing.
                let dir = autosave.dir().to_path_buf();
                match kept.write_pending(&dir) {
                    Ok(_) => {
                        finished.exists = Some(false);
                        let cleared = autosave.clear();
                        store(&dir, &kept, &mut finished);
                        cleared
                    }
                    Err(err) => Err(err),
                }
            }
            Job::Recover { autosave } => {
                recover(&autosave, &mut finished);
                Ok(())
            }
        };
        finished
    }
}

/// Stores `kept` in the player's games in `dir`, then removes its waiting
/// file; a failure leaves the waiting file for the next start.
fn store(dir: &std::path::Path, kept: &KeptGame, finished: &mut Finished) {
    let stored = Database::open_kept(dir).and_then(|mut db| db.keep(kept));
    match stored {
        Ok(row) => {
            if let Err(err) = kept.remove_pending(dir) {
                warn!("{err}");
            }
            finished.kept.push((kept.id.clone(), row));
        }
        Err(err) => finished.keep_failed = Some(err.to_string()),
    }
}

/// Stores every game left waiting in the autosave folder, and removes the
/// autosave of the same game if it is still there (the program stopped
/// between writing the waiting file and removing it).
fn recover(autosave: &Autosave, finished: &mut Finished) {
    let dir = autosave.dir().to_path_buf();
    for waiting in KeptGame::pending(&dir) {
        let kept = match waiting {
            Ok(kept) => kept,
            Err(err) => {
                finished.keep_failed = Some(err.to_string());
                continue;
            }
        };
        for kind in PlayKind::ALL {
            let same = autosave.with_kind(kind);
            if let Ok(Some(saved)) = same.read()
                && saved.seats == Some(kept.seats)
                && is_prefix(&saved.game, &kept.game)
                && same.clear().is_ok()
            {
                info!("the autosave of a kept game removed ({kind})");
                finished.removed.push(kind);
            }
        }
        store(&dir, &kept, finished);
    }
}

/// What a first write of a game to an autosave brings to look at the game
/// it replaces: the player's name, the board's lines and the line shown.
pub(super) struct Replacing {
    player: String,
    lines: Variations,
    /// An online game's own id ([`RemoteGame`](crate::game::core::RemoteGame)).
    online_game: Option<String>,
}

/// The autosave's headers naming an online game's friend, and the game by
/// its own id.
const FRIEND_HEADER: &str = "friend";
const GAME_HEADER: &str = "online_game";

/// Whether `start`'s moves begin `game`'s (the same game, perhaps
/// further on).
fn is_prefix(start: &crate::rules::Game, game: &crate::rules::Game) -> bool {
    start.game_type() == game.game_type()
        && start.moves().len() <= game.moves().len()
        && start.moves().zip(game.moves()).all(|(a, b)| a == b)
}

/// Before the first write of a game to the game's autosave: an unfinished
/// game (a move of each side at least) in it is kept as unfinished, as the
/// player left it, unless it is one of `lines`, the game on the board's
/// (the same game resumed, an undo, a move tried again).
fn keep_the_abandoned(autosave: &Autosave, replacing: &Replacing, finished: &mut Finished) {
    let Ok(Some(before)) = autosave.read() else {
        return;
    };
    let Replacing {
        player,
        lines,
        online_game,
    } = replacing;
    // The same game: one of the board's lines, or, online, the same game
    // by its id (a takeback or a sync puts the session's line alone on the
    // board, a new game id each time).
    let header = |key: &str| {
        before
            .other_headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value.clone())
    };
    let same_online_game = online_game.is_some() && header(GAME_HEADER) == *online_game;
    let same_game = lines.node_of(&before.game).is_some() || same_online_game;
    let moves = before.game.moves().len();
    if same_game || before.game.status().is_over() || moves < 2 {
        return;
    }
    let Some(seats) = before.seats else {
        return;
    };
    let friend = header(FRIEND_HEADER).map(|name| [name.clone(), name]);
    let kept = KeptGame {
        id: KeptGame::new_id(),
        names: KeptGame::names(seats, player, friend),
        seats,
        result: None,
        ending: crate::records::Ending::Unfinished,
        ended_at: KeptGame::now(),
        clocks: before.clocks,
        move_clocks: Vec::new(),
        rated: None,
        game: before.game,
    };
    info!("the unfinished game in the autosave is kept ({moves} moves)");
    store(autosave.dir(), &kept, finished);
}

impl AutosaveWriter {
    fn push(&mut self, job: Job) {
        if self
            .waiting
            .back()
            .is_some_and(|last| last.replaced_by(&job))
        {
            self.waiting.pop_back();
        }
        self.waiting.push_back(job);
    }

    fn is_busy(&self) -> bool {
        self.running.is_some() || !self.waiting.is_empty()
    }

    /// Whether this is the first write of game `game_id` to `kind`'s
    /// autosave (noting that it is written now).
    fn first_write(&mut self, kind: PlayKind, game_id: u64) -> bool {
        let slot = PlayKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
        self.written[slot].replace(game_id) != Some(game_id)
    }
}

/// At start-up: the games a stopped program left waiting are stored.
pub(super) fn recover_kept_games(paths: Res<RecordPaths>, mut writer: ResMut<AutosaveWriter>) {
    if let Some(autosave) = paths.autosave.clone() {
        writer.push(Job::Recover { autosave });
    }
}

/// A game ended: kept (then its autosave removed), or its autosave removed.
pub(super) fn finish_games(
    mut finishing: MessageReader<FinishGame>,
    paths: Res<RecordPaths>,
    mut writer: ResMut<AutosaveWriter>,
    mut status: ResMut<AutosaveStatus>,
    mut kept_games: ResMut<KeptGames>,
) {
    let Some(autosave) = paths.autosave.as_ref() else {
        finishing.clear();
        return;
    };
    for FinishGame { kind, kept } in finishing.read() {
        let autosave = autosave.with_kind(*kind);
        status.holds = None;
        match kept {
            Some(kept) => {
                kept_games.keeping = true;
                kept_games.holds = Some(kept.game.game_string());
                writer.push(Job::Keep {
                    autosave,
                    kept: kept.clone(),
                });
            }
            None => writer.push(Job::Remove { autosave }),
        }
        status.writing = true;
    }
}

/// Queues the autosave after the game changed (not in review; never in a
/// lesson or a puzzle, which are not games to resume: see the plugin).
pub(super) fn autosave_after_change(
    current: Res<CurrentGame>,
    paths: Res<RecordPaths>,
    (players, clock, mode, settings): (Res<Players>, Res<GameClock>, CurrentMode, Res<Settings>),
    (mut writer, remote): (ResMut<AutosaveWriter>, Res<crate::game::core::RemoteGame>),
    mut status: ResMut<AutosaveStatus>,
) {
    let mode = mode.get();
    let Some(autosave) = paths.autosave.as_ref().filter(|_| !mode.reviewing()) else {
        return;
    };
    let Some(kind) = mode.autosave_kind() else {
        return;
    };
    let autosave = autosave.with_kind(kind);
    let game = current.game();
    if game.status().is_over() {
        // The game's end keeps it, then removes the autosave (FinishGame).
        return;
    } else if !current.is_empty() {
        let tree = current.variations();
        let variations = (tree.move_count() > current.len()).then(|| Box::new(tree.clone()));
        let line = current.full_game();
        status.holds = Some((autosave.kind(), line.game_string()));
        let mut saved = SavedGame::new(line)
            .with_cursor(current.ply())
            .with_seats(players.seats)
            .with_clocks(clock.0);
        // The friend's name, for the game kept unfinished should another
        // online game take its place.
        let online = mode.online().is_some();
        for (header, value) in [(FRIEND_HEADER, &remote.name), (GAME_HEADER, &remote.id)] {
            if let Some(value) = value.as_ref().filter(|_| online) {
                saved
                    .other_headers
                    .push((header.to_string(), value.clone()));
            }
        }
        let replacing = (writer.first_write(autosave.kind(), players.game_id)
            && autosave.kind().is_contest())
        .then(|| {
            Box::new(Replacing {
                player: settings.player_or_you(),
                lines: tree.clone(),
                online_game: remote.id.clone().filter(|_| online),
            })
        });
        writer.push(Job::Write {
            autosave,
            saved: Box::new(saved),
            variations,
            replacing,
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
    (mut notice, words): (Notices, Res<Words>),
    mut kept_games: ResMut<KeptGames>,
) {
    if let Some(task) = writer.running.as_mut() {
        let Some(finished) = check_ready(task) else {
            return;
        };
        writer.running = None;
        match finished.result {
            Ok(()) => {
                if let Some(exists) = finished.exists {
                    status.set_waiting(finished.kind, exists);
                }
            }
            Err(err) => refuse(&mut notice, &words, &err),
        }
        for kind in finished.removed {
            status.set_waiting(kind, false);
        }
        if let Some(reason) = finished.keep_failed {
            warn!("a game could not be kept: {reason}");
            notice.show(words.format(
                "kept-failed",
                &crate::text::Args::new().with("reason", reason),
            ));
        }
        for (id, row) in finished.kept {
            info!("kept the game {id} (row {row})");
            kept_games.changes += 1;
            kept_games.last = Some((id, row));
        }
        status.last_writer = Some(finished.thread);
    }
    if let Some(job) = writer.waiting.pop_front() {
        writer.running_keeps = job.keeps();
        writer.running = Some(IoTaskPool::get().spawn(async move { job.run() }));
    }
    let busy = writer.is_busy();
    if status.writing != busy {
        status.writing = busy;
    }
    let keeping =
        (writer.running_keeps && writer.running.is_some()) || writer.waiting.iter().any(Job::keeps);
    if kept_games.keeping != keeping {
        kept_games.keeping = keeping;
    }
}
