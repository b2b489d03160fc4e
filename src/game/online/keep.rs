//! What an online game needs to be resumed after the program closed (or
//! was killed): the autosave keeps its moves (as the online kind of play);
//! a resume file beside it ([`crate::net::Resume`], the one the headless
//! commands keep) holds how to reach the friend again: our end, our name,
//! the game's secret and settings, our endpoint's secret key (the host's
//! gives the same endpoint id, so the friend's invitation still reaches
//! it; the joiner's makes it the same peer to the host, which drops its
//! dead connection for the new one at once), the host's port and the
//! invitation the joiner dialled. Written once a game starts, off the
//! frame, atomically and readable by its owner only; a damaged file is
//! reported and never overwritten by a resume.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use super::link::Slot;
use super::{Connection, Online, hosting, network};
use crate::game::core::{CurrentMode, Settings};
use crate::game::saves::{AutosaveStatus, RecordPaths};
use crate::net::resume::{self, Resume};
use crate::net::{Invitation, Network, Seat, Session};
use crate::records::PlayKind;

/// The file's name, in the data directory.
pub const FILE: &str = "online-game.json";

/// The online game waiting in the autosave, with how to reach the friend:
/// what "Go on with the game against …" offers (read again, off the
/// frame, when the autosave changes).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Resumable(pub Option<Resume>);

impl Resumable {
    /// The friend's name in the game waiting, if one is.
    pub fn friend(&self) -> Option<&str> {
        let kept = self.0.as_ref()?;
        let settings = kept.settings.as_ref()?;
        Some(if kept.host {
            &settings.joiner_name
        } else {
            &settings.host_name
        })
    }
}

/// The kept connection being read on the IO pool, after the autosave
/// changed.
#[derive(Resource, Default)]
pub(super) struct ReadingKept(Option<Task<Option<Resume>>>);

/// Reads the kept connection again, off the frame, when the autosave
/// changed: offered only while an online game waits in it.
pub(super) fn read_the_resumable(
    status: Res<AutosaveStatus>,
    paths: Res<RecordPaths>,
    mut reading: ResMut<ReadingKept>,
    mut resumable: ResMut<Resumable>,
) {
    match file_in(&paths).filter(|_| status.online) {
        Some(path) => {
            reading.0 = Some(IoTaskPool::get().spawn(async move { read_kept(&path) }));
        }
        None => {
            reading.0 = None;
            resumable.set_if_neq(Resumable(None));
        }
    }
}

/// Offers the kept connection once it has been read.
pub(super) fn note_the_resumable(
    mut reading: ResMut<ReadingKept>,
    mut resumable: ResMut<Resumable>,
) {
    let Some(task) = reading.0.as_mut() else {
        return;
    };
    if let Some(kept) = check_ready(task) {
        reading.0 = None;
        resumable.set_if_neq(Resumable(kept));
    }
}

fn file_in(paths: &RecordPaths) -> Option<PathBuf> {
    paths.data_dir().map(|dir| dir.join(FILE))
}

/// Reads the kept connection at `path` (`None`: none, or damaged: logged,
/// and left as it is).
fn read_kept(path: &Path) -> Option<Resume> {
    Resume::load(path).inspect_err(|e| warn!("{e}")).ok()?
}

/// Keeps a started game's connection once, off the frame.
pub(super) fn keep_the_connection(
    mut online: ResMut<Online>,
    paths: Res<RecordPaths>,
    mode: CurrentMode,
) {
    let Some(connection) = online.shown_mut(mode.get()) else {
        return;
    };
    if connection.kept {
        return;
    }
    connection.kept = true;
    let (Some(path), Some(key)) = (file_in(&paths), connection.key) else {
        return;
    };
    let Some(settings) = connection.session.settings().cloned() else {
        return;
    };
    let host = hosting(connection);
    let kept = Resume {
        host,
        name: match host {
            true => settings.host_name.clone(),
            false => settings.joiner_name.clone(),
        },
        secret: connection.secret.to_hex(),
        key: resume::hex(&key),
        port: match (&connection.invitation, host) {
            (Some(invitation), true) => invitation.addrs.first().map_or(0, |a| a.port()),
            _ => 0,
        },
        invitation: (!host)
            .then(|| connection.invitation.as_ref().map(Invitation::to_text))
            .flatten(),
        settings: Some(settings),
        started: true,
        // The moves are the autosave's.
        game: None,
        result: None,
        confirmed: false,
        closed: false,
    };
    IoTaskPool::get()
        .spawn(async move {
            if let Err(e) = kept.save(&path) {
                warn!("the online game's connection was not kept: {e}");
            }
        })
        .detach();
}

/// An online game asked to go on: its two files (the autosave's moves and
/// the kept connection) being read on the IO pool, then dialled again on
/// the frame ([`take_the_resume`]).
#[derive(Resource, Default)]
pub struct ResumingOnline {
    task: Option<Task<(std::thread::ThreadId, Result<ReadForResume, &'static str>)>>,
    /// The thread that read the latest resume's files: never the app's
    /// own.
    pub last_reader: Option<std::thread::ThreadId>,
}

impl ResumingOnline {
    /// Whether a resume's files are being read.
    pub fn reading(&self) -> bool {
        self.task.is_some()
    }
}

/// What a resume read: the connection kept and the game's moves.
pub(super) struct ReadForResume {
    kept: Resume,
    game: crate::rules::Game,
}

/// Starts reading the online game in the autosave, off the frame. `Err`
/// is the words' key for why there is nothing to read.
pub(super) fn start_resume(
    reading: &mut ResumingOnline,
    paths: &RecordPaths,
    waiting: bool,
) -> Result<(), &'static str> {
    let autosave = paths
        .autosave
        .as_ref()
        .filter(|_| waiting)
        .ok_or("online-nothing-to-resume")?
        .with_kind(PlayKind::Online);
    let file = file_in(paths).ok_or("online-nothing-to-resume")?;
    reading.task = Some(IoTaskPool::get().spawn(async move {
        let read = || {
            let kept = read_kept(&file).ok_or("online-resume-damaged")?;
            let saved = autosave
                .read()
                .map_err(|e| {
                    warn!("{e}");
                    "online-resume-damaged"
                })?
                .ok_or("online-nothing-to-resume")?;
            Ok(ReadForResume {
                kept,
                game: saved.game,
            })
        };
        (std::thread::current().id(), read())
    }));
    Ok(())
}

/// The resume's files once read: the game dialled again, or the words'
/// key for why not.
pub(super) fn take_the_resume(
    reading: &mut ResumingOnline,
    settings: &Settings,
) -> Option<Result<Connection, &'static str>> {
    let (thread, read) = check_ready(reading.task.as_mut()?)?;
    reading.task = None;
    reading.last_reader = Some(thread);
    Some(read.and_then(|read| dial_again(read.kept, read.game, settings)))
}

/// The connection kept, dialled again with the autosave's moves. `Err` is
/// the words' key for why not.
fn dial_again(
    kept: Resume,
    game: crate::rules::Game,
    settings: &Settings,
) -> Result<Connection, &'static str> {
    let secret = kept.game_secret().ok_or("online-resume-damaged")?;
    let key = kept.key_bytes().ok_or("online-resume-damaged")?;
    let accepted = kept.settings.clone().ok_or("online-resume-damaged")?;
    let seat = if kept.host { Seat::Host } else { Seat::Joiner };
    let session = Session::resumed(seat, secret, &kept.name, accepted, game)
        .map_err(|_| "online-resume-damaged")?;
    let link_mode: Network = network(settings);
    if kept.host {
        let port = if link_mode == Network::Local {
            kept.port
        } else {
            0
        };
        let slot = Slot::host(link_mode, key, port);
        let mut connection = Connection::new(session, secret, Some(key), slot);
        connection.kept = true;
        Ok(connection)
    } else {
        let invitation = kept
            .invitation
            .as_deref()
            .and_then(|text| Invitation::parse(text).ok())
            .ok_or("online-resume-damaged")?;
        let slot = Slot::join(link_mode, invitation.clone(), Some(key));
        let mut connection = Connection::new(session, secret, Some(key), slot);
        connection.invitation = Some(invitation);
        connection.kept = true;
        Ok(connection)
    }
}
