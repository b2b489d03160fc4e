//! What an online game needs to be resumed after the program closed: the
//! autosave keeps its moves (as the online kind of play); this file beside
//! it keeps how to reach the friend again: our end, our name, the game's
//! secret and settings, and the host's key and port (the same endpoint id
//! and address, so the invitation the friend has still reaches it) or the
//! invitation the joiner dialled. Written once a game starts, off the
//! frame; a damaged file is reported and never overwritten by a resume.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::tasks::IoTaskPool;
use serde::{Deserialize, Serialize};

use super::link::Slot;
use super::{Connection, Online, hosting, mode};
use crate::game::core::{LaunchSettings, Settings};
use crate::game::saves::{AutosaveStatus, RecordPaths};
use crate::net::{GameSettings, Invitation, Mode, Seat, Secret, Session};
use crate::records::PlayKind;

/// The file's name, in the data directory.
pub const FILE: &str = "online-game.ron";

/// How to reach the friend of the online game in the autosave again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// `true` when we host it.
    pub host: bool,
    /// Our name.
    pub name: String,
    /// The game's secret (32 hex digits).
    pub secret: String,
    /// The settings both accepted.
    pub settings: GameSettings,
    /// (Host) the endpoint's secret key (64 hex digits).
    pub key: Option<String>,
    /// (Host) the port bound in the local mode (`0`: any).
    pub port: u16,
    /// (Joiner) the invitation dialled.
    pub invitation: Option<String>,
}

/// The online game waiting in the autosave, with how to reach the friend:
/// what "Go on with the game against …" offers (read again when the
/// autosave changes).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Resumable(pub Option<Kept>);

impl Resumable {
    /// The friend's name in the game waiting, if one is.
    pub fn friend(&self) -> Option<&str> {
        let kept = self.0.as_ref()?;
        Some(if kept.host {
            &kept.settings.joiner_name
        } else {
            &kept.settings.host_name
        })
    }
}

pub(super) fn note_the_resumable(
    status: Res<AutosaveStatus>,
    paths: Res<RecordPaths>,
    mut resumable: ResMut<Resumable>,
) {
    let kept = status.online.then(|| read_kept(&paths)).flatten();
    resumable.set_if_neq(Resumable(kept));
}

fn file_in(paths: &RecordPaths) -> Option<PathBuf> {
    paths.data_dir().map(|dir| dir.join(FILE))
}

/// Reads the kept connection (`None`: none, or damaged: logged).
fn read_kept(paths: &RecordPaths) -> Option<Kept> {
    let path = file_in(paths)?;
    let text = std::fs::read_to_string(&path).ok()?;
    ron::from_str(&text)
        .inspect_err(|e| warn!("{} cannot be read: {e}", path.display()))
        .ok()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn key_from_hex(text: &str) -> Option<[u8; 32]> {
    let mut key = [0u8; 32];
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    for (k, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * k..2 * k + 2], 16).ok()?;
    }
    Some(key)
}

fn write(path: &Path, kept: &Kept) -> std::io::Result<()> {
    let pretty = ron::ser::PrettyConfig::new().struct_names(true);
    let text = ron::ser::to_string_pretty(kept, pretty).map_err(std::io::Error::other)?;
    let partial = path.with_extension("ron.partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, path)
}

/// Keeps a started game's connection once, off the frame.
pub(super) fn keep_the_connection(mut online: ResMut<Online>, paths: Res<RecordPaths>) {
    let Some(connection) = online.0.as_mut() else {
        return;
    };
    if connection.kept || !connection.on_board {
        return;
    }
    connection.kept = true;
    let Some(path) = file_in(&paths) else {
        return;
    };
    let Some(settings) = connection.session.settings().cloned() else {
        return;
    };
    let host = hosting(connection);
    let kept = Kept {
        host,
        name: match host {
            true => settings.host_name.clone(),
            false => settings.joiner_name.clone(),
        },
        secret: connection.secret.to_hex(),
        settings,
        key: connection.key.map(|key| hex(&key)),
        port: match (&connection.invitation, host) {
            (Some(invitation), true) => invitation.addrs.first().map_or(0, |a| a.port()),
            _ => 0,
        },
        invitation: (!host)
            .then(|| connection.invitation.as_ref().map(Invitation::to_text))
            .flatten(),
    };
    IoTaskPool::get()
        .spawn(async move {
            if let Err(e) = write(&path, &kept) {
                warn!("the online game's connection was not kept: {e}");
            }
        })
        .detach();
}

/// The online game in the autosave, dialled again. `Err` is the words'
/// key for why not.
pub(super) fn resume(
    paths: &RecordPaths,
    waiting: bool,
    settings: &Settings,
    launch: &LaunchSettings,
) -> Result<Connection, &'static str> {
    let autosave = paths
        .autosave
        .as_ref()
        .filter(|_| waiting)
        .ok_or("online-nothing-to-resume")?
        .with_kind(PlayKind::Online);
    let kept = read_kept(paths).ok_or("online-resume-damaged")?;
    let saved = autosave
        .read()
        .map_err(|e| {
            warn!("{e}");
            "online-resume-damaged"
        })?
        .ok_or("online-nothing-to-resume")?;
    let secret = Secret::from_hex(&kept.secret).ok_or("online-resume-damaged")?;
    let seat = if kept.host { Seat::Host } else { Seat::Joiner };
    let session = Session::resumed(seat, secret, &kept.name, kept.settings.clone(), saved.game)
        .map_err(|_| "online-resume-damaged")?;
    let link_mode: Mode = mode(settings, launch);
    if kept.host {
        let key = kept
            .key
            .as_deref()
            .and_then(key_from_hex)
            .ok_or("online-resume-damaged")?;
        let port = if link_mode == Mode::Local {
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
        let slot = Slot::join(link_mode, invitation.clone());
        let mut connection = Connection::new(session, secret, None, slot);
        connection.invitation = Some(invitation);
        connection.kept = true;
        Ok(connection)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_from_hex() {
        let key: [u8; 32] = std::array::from_fn(|k| (k * 37) as u8);
        assert_eq!(key_from_hex(&hex(&key)), Some(key));
        assert_eq!(key_from_hex("00"), None);
        assert_eq!(key_from_hex(&"zz".repeat(32)), None);
        assert_eq!(key_from_hex(&"é".repeat(32)), None);
    }
}
