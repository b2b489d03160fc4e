//! What one side of an online game keeps on disk to get back into it after
//! its program was closed, killed, or its machine restarted: our end and
//! name, the game's secret, our endpoint's secret key (the host's gives
//! the same endpoint id, so the friend's invitation still reaches it; the
//! joiner's makes it the same peer to the host, which then drops its dead
//! connection for the new one at once), the settings and the game so far,
//! and how it ended.
//!
//! The headless commands keep one file per game in the `online` folder of
//! the data directory ([`host_path`], [`join_path`]). It holds secrets: it
//! is written atomically (a temporary file renamed over it) and readable by
//! its owner only ([`hive_records::write_private`]). A damaged file is
//! reported ([`ResumeError::Damaged`]) and left as it is.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::invite::{Invitation, Secret, from_hex};
use crate::protocol::{EndReason, GameResult, GameSettings};

/// The folder of the headless games' resume files, in the data directory.
pub const FOLDER: &str = "online";

/// The largest resume file read (a long game is a few kilobytes).
pub const MAX_FILE: u64 = 256 * 1024;

/// One side's resume file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resume {
    /// `true` on the host's side.
    pub host: bool,
    /// Our name.
    pub name: String,
    /// The game's secret (32 hex digits).
    pub secret: String,
    /// Our endpoint's secret key (64 hex digits).
    pub key: String,
    /// (Host, local mode) the port bound, so the invitation's address
    /// stays right; `0`: any.
    #[serde(default)]
    pub port: u16,
    /// (Joiner) the invitation dialled.
    #[serde(default)]
    pub invitation: Option<String>,
    /// The settings: the host's proposal, then the ones both accepted.
    #[serde(default)]
    pub settings: Option<GameSettings>,
    /// Whether the settings were accepted (the game exists).
    #[serde(default)]
    pub started: bool,
    /// The game so far, as a UHP GameString, once started.
    #[serde(default)]
    pub game: Option<String>,
    /// How the game ended, once it has.
    #[serde(default)]
    pub result: Option<(GameResult, EndReason)>,
    /// Whether the peer said the same result (it has every move).
    #[serde(default)]
    pub confirmed: bool,
    /// Whether the program finished the game (printed its GameString).
    #[serde(default)]
    pub closed: bool,
}

/// Why a resume file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// It is there but cannot be read.
    #[error("the resume file {} cannot be read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// It is not what it should be, a resume file or the friends (left as
    /// it is).
    #[error(
        "{} is damaged ({detail}); it is left as it is: move it away to start afresh",
        path.display()
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// It could not be written.
    #[error(transparent)]
    Write(#[from] hive_records::RecordError),
}

/// The host's resume file in the data directory `dir`: one hosted game at
/// a time per data directory.
pub fn host_path(dir: &Path) -> PathBuf {
    dir.join(FOLDER).join("host.json")
}

/// The joiner's resume file for `invitation` in the data directory `dir`,
/// named after the host's endpoint id (public, unlike the secret).
pub fn join_path(dir: &Path, invitation: &Invitation) -> PathBuf {
    let id = hex(&invitation.endpoint[..8]);
    dir.join(FOLDER).join(format!("join-{id}.json"))
}

pub use crate::invite::hex;

/// A JSON file of ours at `path` (a resume file, the friends): `None` if
/// there is none, an error if it cannot be read or is damaged (over
/// [`MAX_FILE`], or not the JSON of a `T`).
pub(crate) fn load_json<T: serde::de::DeserializeOwned>(
    path: &Path,
) -> Result<Option<T>, ResumeError> {
    let read_error = |source| ResumeError::Read {
        path: path.to_path_buf(),
        source,
    };
    let size = match std::fs::metadata(path) {
        Ok(meta) => meta.len(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(read_error(e)),
    };
    if size > MAX_FILE {
        return Err(damaged(path, format!("{size} bytes")));
    }
    let text = std::fs::read_to_string(path).map_err(read_error)?;
    let value = serde_json::from_str(&text).map_err(|e| damaged(path, e.to_string()))?;
    Ok(Some(value))
}

/// Writes `value` to `path` as JSON (its folder made if needed),
/// atomically and readable by its owner only (it holds secrets).
pub(crate) fn save_json<T: Serialize>(path: &Path, value: &T) -> Result<(), ResumeError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| ResumeError::Read {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let text = serde_json::to_string_pretty(value).map_err(|e| damaged(path, e.to_string()))?;
    hive_records::write_private(path, text.as_bytes())?;
    Ok(())
}

/// The file at `path` is damaged: `detail` says how.
pub(crate) fn damaged(path: &Path, detail: String) -> ResumeError {
    ResumeError::Damaged {
        path: path.to_path_buf(),
        detail,
    }
}

impl Resume {
    /// The file at `path`: `None` if there is none, an error if it cannot
    /// be read or is damaged (too large, not JSON, a bad key or secret).
    pub fn load(path: &Path) -> Result<Option<Resume>, ResumeError> {
        let damaged = |detail: String| damaged(path, detail);
        let Some(resume) = load_json::<Resume>(path)? else {
            return Ok(None);
        };
        if resume.key_bytes().is_none() {
            return Err(damaged("a bad endpoint key".into()));
        }
        if resume.game_secret().is_none() {
            return Err(damaged("a bad game secret".into()));
        }
        // (The window keeps the moves in its autosave: no game here.)
        if resume.started && resume.settings.is_none() {
            return Err(damaged("a started game without its settings".into()));
        }
        Ok(Some(resume))
    }

    /// Writes it to `path` (its folder made if needed), atomically and
    /// readable by its owner only.
    pub fn save(&self, path: &Path) -> Result<(), ResumeError> {
        save_json(path, self)
    }

    /// Our endpoint's secret key.
    pub fn key_bytes(&self) -> Option<[u8; 32]> {
        from_hex(&self.key)
    }

    /// The game's secret.
    pub fn game_secret(&self) -> Option<Secret> {
        Secret::from_hex(&self.secret)
    }

    /// Whether the game is over and the peer said so too: nothing is left
    /// to do in it.
    pub fn done(&self) -> bool {
        self.result.is_some() && self.confirmed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_from_hex() {
        let key: [u8; 32] = std::array::from_fn(|k| (k * 37) as u8);
        assert_eq!(from_hex::<32>(&hex(&key)), Some(key));
        assert_eq!(from_hex::<32>(&hex(&key).to_uppercase()), Some(key));
        assert_eq!(from_hex::<32>("00"), None);
        assert_eq!(from_hex::<32>(&"zz".repeat(32)), None);
        assert_eq!(from_hex::<32>(&"é".repeat(32)), None);
    }
}
