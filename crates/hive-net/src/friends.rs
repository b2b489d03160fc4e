//! Friends: the people this program played online, kept so the next game
//! with one of them needs no invitation pasted. Each side keeps, per
//! friend, what its end needs to meet again: the host its endpoint's key
//! (the same endpoint id the friend dials) and port, the joiner the host's
//! invitation, and both the next game's secret, which the host chose and
//! told during the game ([`crate::Message::Friend`]): a secret never in any
//! invitation, so only the two of them can meet with it. When both
//! programs are open, the host's "Play again" waits for the friend and the
//! friend's "Play again" dials it, one click each.
//!
//! One file in the data directory ([`FILE`]), newest friend first, written
//! atomically and readable by its owner only (it holds secrets). A damaged
//! file is reported ([`ResumeError::Damaged`]) and never overwritten.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::invite::{Invitation, Secret, from_hex};
use crate::protocol::{GameResult, GameSettings, Role};
use crate::resume::{ResumeError, damaged, load_json, save_json};

/// The file's name, in the data directory.
pub const FILE: &str = "friends.json";

/// The most friends kept (the oldest forgotten first).
pub const MAX_FRIENDS: usize = 50;

/// How our last game with a friend went, for us.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastResult {
    /// We won.
    Won,
    /// A draw.
    Drew,
    /// We lost.
    Lost,
}

impl LastResult {
    /// The result of a game `result` for the player of `side`.
    pub fn of(result: GameResult, side: hive_rules::Color) -> LastResult {
        match (result, side) {
            (GameResult::Draw, _) => LastResult::Drew,
            (GameResult::WhiteWins, hive_rules::Color::White)
            | (GameResult::BlackWins, hive_rules::Color::Black) => LastResult::Won,
            _ => LastResult::Lost,
        }
    }
}

/// One friend, from our end.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Friend {
    /// Their name, as they gave it.
    pub name: String,
    /// Our name in their games.
    pub our_name: String,
    /// Whether we host their games (else we dial theirs).
    pub host: bool,
    /// Our endpoint's secret key (64 hex digits): the host's gives the
    /// endpoint id the friend dials.
    pub key: String,
    /// (Host, this machine only) the port the friend dials; `0`: any.
    #[serde(default)]
    pub port: u16,
    /// (Joiner) the host's invitation, with the next game's secret.
    #[serde(default)]
    pub invitation: Option<String>,
    /// The next game's secret (32 hex digits).
    pub secret: String,
    /// The settings of the last game played.
    pub settings: GameSettings,
    /// When the last game ended (`yyyy.mm.dd`).
    pub last_played: String,
    /// How it went for us.
    pub last_result: LastResult,
    /// Games played with them, from this program.
    #[serde(default)]
    pub games: u32,
}

impl Friend {
    /// Our endpoint's secret key.
    pub fn key_bytes(&self) -> Option<[u8; 32]> {
        from_hex(&self.key)
    }

    /// The next game's secret.
    pub fn next_secret(&self) -> Option<Secret> {
        Secret::from_hex(&self.secret)
    }

    /// (Joiner) the invitation to dial for the next game.
    pub fn next_invitation(&self) -> Option<Invitation> {
        let text = self.invitation.as_deref()?;
        Invitation::parse(text)
            .ok()
            .filter(|i| i.role == Role::Player)
    }

    /// (Host) the next game's settings: the last game's, colours swapped
    /// (who had White has Black), a first round again, our name as it is.
    pub fn next_settings(&self, our_name: &str) -> GameSettings {
        GameSettings {
            host_side: self.settings.host_side.opponent(),
            host_name: our_name.to_string(),
            joiner_name: String::new(),
            round: 1,
            ..self.settings.clone()
        }
    }

    /// (Joiner) whether `proposed` is the game we expect from this friend
    /// (the last one's settings, the colours swapped): accepted without
    /// asking again.
    pub fn expects(&self, proposed: &GameSettings) -> bool {
        proposed.game_type == self.settings.game_type
            && proposed.host_side == self.settings.host_side.opponent()
            && proposed.clock == self.settings.clock
            && proposed.house_rules == self.settings.house_rules
    }

    /// Whether this and `other` are the same friend on the same end: the
    /// same key (ours for them), or the same name with us on the same end.
    fn same(&self, other: &Friend) -> bool {
        self.key == other.key || (self.host == other.host && self.name == other.name)
    }

    /// What is wrong with the entry as read, if anything.
    fn problem(&self) -> Option<&'static str> {
        if self.key_bytes().is_none() {
            Some("a bad endpoint key")
        } else if self.next_secret().is_none() {
            Some("a bad secret")
        } else if !self.host && self.next_invitation().is_none() {
            Some("a bad invitation")
        } else {
            None
        }
    }
}

/// Everyone played online, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Friends {
    /// Newest first.
    pub friends: Vec<Friend>,
}

impl Friends {
    /// The file at `path`: empty if there is none, an error if it cannot
    /// be read or is damaged (then left as it is).
    pub fn load(path: &Path) -> Result<Friends, ResumeError> {
        let friends: Friends = load_json(path)?.unwrap_or_default();
        for friend in &friends.friends {
            if let Some(problem) = friend.problem() {
                return Err(damaged(path, format!("{}: {problem}", friend.name)));
            }
        }
        Ok(friends)
    }

    /// Writes them to `path` (its folder made if needed), atomically and
    /// readable by their owner only.
    pub fn save(&self, path: &Path) -> Result<(), ResumeError> {
        save_json(path, self)
    }

    /// A game with `friend` ended: they go first, their record replaced
    /// (the count of games carried on), the oldest past [`MAX_FRIENDS`]
    /// forgotten.
    pub fn played(&mut self, mut friend: Friend) {
        let before = self
            .friends
            .iter()
            .position(|f| f.same(&friend))
            .map(|k| self.friends.remove(k));
        friend.games = before.map_or(0, |f| f.games) + 1;
        self.friends.insert(0, friend);
        self.friends.truncate(MAX_FRIENDS);
    }

    /// Reads the file at `path`, adds the game with `friend` and writes it
    /// back; a damaged file is left as it is (its error returned).
    pub fn record(path: &Path, friend: Friend) -> Result<Friends, ResumeError> {
        let mut friends = Friends::load(path)?;
        friends.played(friend);
        friends.save(path)?;
        Ok(friends)
    }
}

impl Friend {
    /// The friend of a finished game from our end (`None` before its end,
    /// or before the host told the next game's secret): `key` is our
    /// endpoint's, `port` the host's (this machine only), `dialled` the
    /// joiner's invitation, `date` when it ended (`yyyy.mm.dd`).
    pub fn after(
        session: &crate::Session,
        key: [u8; 32],
        port: u16,
        dialled: Option<&Invitation>,
        date: String,
    ) -> Option<Friend> {
        let settings = session.settings()?.clone();
        let (result, _) = session.result()?;
        let side = session.my_side()?;
        let secret = session.friend_secret()?;
        let host = session.seat() == crate::Seat::Host;
        let invitation = match host {
            true => None,
            false => {
                let mut next = dialled?.clone();
                next.secret = secret;
                next.role = Role::Player;
                Some(next.to_text())
            }
        };
        let our_name = match host {
            true => settings.host_name.clone(),
            false => settings.joiner_name.clone(),
        };
        Some(Friend {
            name: session.peer_name()?.to_string(),
            our_name,
            host,
            key: crate::invite::hex(&key),
            port: if host { port } else { 0 },
            invitation,
            secret: secret.to_hex(),
            settings,
            last_played: date,
            last_result: LastResult::of(result, side),
            games: 0,
        })
    }
}
