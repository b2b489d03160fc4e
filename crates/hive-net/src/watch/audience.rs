//! The host's side of watching: who watches, what a newcomer receives, and
//! what to forward after each change of the host's game.

use std::collections::BTreeMap;
use std::time::Instant;

use hive_rules::{Game, Move};

use super::WatcherId;
use crate::error::PeerError;
use crate::invite::Secret;
use crate::limits::{Refusals, Verdict};
use crate::protocol::{EndReason, GameResult, MAX_NAME_CHARS, Message, PROTOCOL_VERSION, Role};
use crate::session::{Bucket, PROGRAM, Session, clip, hash_hex};

/// What a watcher's message did, for the host to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AudienceEvent {
    /// A watcher's hello was good: they now watch (or wait for the game to
    /// start).
    Joined {
        /// The watcher's connection.
        id: WatcherId,
        /// The name they gave.
        name: String,
    },
    /// A watcher said goodbye.
    Left {
        /// The watcher's connection.
        id: WatcherId,
    },
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    /// Connected, no hello yet.
    AwaitHello,
    /// Welcomed before the game started: the settings and the game come
    /// when it starts.
    Waiting,
    /// Has the game and is sent every change.
    Watching,
    /// Refused or left: nothing more is sent.
    Closed,
}

#[derive(Clone, Debug)]
struct Viewer {
    stage: Stage,
    name: String,
    bucket: Bucket,
    refusals: Refusals,
}

/// The host's watchers, next to its [`Session`]. Feed it the transport's
/// watcher events ([`Audience::connected`], [`Audience::receive`],
/// [`Audience::disconnected`]), call [`Audience::update`] after the
/// session changed (every frame is fine: it only compares), and send what
/// [`Audience::take_outgoing`] returns to each watcher, in order. After a
/// refusal that [`PeerError::is_fatal`], hang up on that watcher once its
/// messages are sent.
#[derive(Clone, Debug)]
pub struct Audience {
    secret: Secret,
    viewers: BTreeMap<WatcherId, Viewer>,
    outbox: Vec<(WatcherId, Message)>,
    /// The game as watchers were last told it, once it started.
    shown: Option<Game>,
    shown_result: Option<(GameResult, EndReason)>,
}

impl Audience {
    /// The watchers of a game whose watch invitation carries `secret` (a
    /// secret of its own: [`Secret::random`], never the player's).
    pub fn new(secret: Secret) -> Audience {
        Audience {
            secret,
            viewers: BTreeMap::new(),
            outbox: Vec::new(),
            shown: None,
            shown_result: None,
        }
    }

    /// The watch secret (for the watch invitation, and to keep with a
    /// saved game).
    pub fn secret(&self) -> Secret {
        self.secret
    }

    /// The watchers welcomed and still connected, with their names.
    pub fn watchers(&self) -> Vec<(WatcherId, &str)> {
        self.viewers
            .iter()
            .filter(|(_, v)| matches!(v.stage, Stage::Waiting | Stage::Watching))
            .map(|(id, v)| (*id, v.name.as_str()))
            .collect()
    }

    /// The messages to send, each with its watcher, in order (emptied).
    pub fn take_outgoing(&mut self) -> Vec<(WatcherId, Message)> {
        std::mem::take(&mut self.outbox)
    }

    /// A watcher's connection is up: its hello is awaited.
    pub fn connected(&mut self, id: WatcherId) {
        self.viewers.insert(
            id,
            Viewer {
                stage: Stage::AwaitHello,
                name: String::new(),
                bucket: Bucket::new(),
                refusals: Refusals::new(),
            },
        );
    }

    /// A watcher's connection dropped: it is forgotten (coming back, it is
    /// a new connection and gets the game again).
    pub fn disconnected(&mut self, id: WatcherId) {
        self.viewers.remove(&id);
        self.outbox.retain(|(to, _)| *to != id);
    }

    /// One refused message from watcher `id` (a frame the link refused,
    /// or a message [`Audience::receive`] refused) counted on its
    /// connection: what to say and whether to hang up on it
    /// ([`Refusals::refused`]).
    pub fn refused(&mut self, id: WatcherId, error: &PeerError) -> Verdict {
        match self.viewers.get_mut(&id) {
            Some(viewer) => viewer.refusals.refused(error),
            // Gone already: nothing to say.
            None => Verdict::Quiet,
        }
    }

    /// Says goodbye to every watcher (before the host closes its link).
    pub fn bye(&mut self) {
        for (id, viewer) in &mut self.viewers {
            if viewer.stage != Stage::Closed {
                self.outbox.push((*id, Message::Bye));
                viewer.stage = Stage::Closed;
            }
        }
    }

    /// Takes one message from watcher `id`, now; `session` is the host's
    /// (only read: a watcher's message never changes the game).
    pub fn receive(
        &mut self,
        id: WatcherId,
        message: Message,
        session: &Session,
    ) -> Result<Vec<AudienceEvent>, PeerError> {
        self.receive_at(id, message, session, Instant::now())
    }

    /// [`Audience::receive`] at `now` (for the flood limit).
    pub fn receive_at(
        &mut self,
        id: WatcherId,
        message: Message,
        session: &Session,
        now: Instant,
    ) -> Result<Vec<AudienceEvent>, PeerError> {
        let Some(viewer) = self.viewers.get_mut(&id) else {
            return Err(PeerError::OutOfOrder {
                expected: "nothing",
                got: message.kind(),
            });
        };
        viewer.bucket.take(now)?;
        match viewer.stage {
            Stage::Closed => Err(PeerError::OutOfOrder {
                expected: "nothing",
                got: message.kind(),
            }),
            Stage::AwaitHello => self.on_hello(id, message, session),
            Stage::Waiting | Stage::Watching => self.on_message(id, message, session),
        }
    }

    fn refuse(&mut self, id: WatcherId, reason: &str, error: PeerError) -> PeerError {
        self.outbox.push((
            id,
            Message::Refuse {
                reason: reason.into(),
            },
        ));
        if let Some(viewer) = self.viewers.get_mut(&id) {
            viewer.stage = Stage::Closed;
        }
        error
    }

    fn on_hello(
        &mut self,
        id: WatcherId,
        message: Message,
        session: &Session,
    ) -> Result<Vec<AudienceEvent>, PeerError> {
        let Message::Hello {
            version,
            name,
            secret,
            role,
            ..
        } = message
        else {
            let got = message.kind();
            if let Some(viewer) = self.viewers.get_mut(&id) {
                viewer.stage = Stage::Closed;
            }
            return Err(PeerError::OutOfOrder {
                expected: "hello",
                got,
            });
        };
        if version != PROTOCOL_VERSION {
            let theirs = clip(&version, 20);
            return Err(self.refuse(id, "version", PeerError::Version { theirs }));
        }
        // Only the watch secret lets a watcher in: the player's is refused
        // here as any other.
        if !Secret::from_hex(&secret).is_some_and(|s| s.matches(&self.secret)) {
            return Err(self.refuse(id, "wrong-secret", PeerError::WrongSecret));
        }
        if role != Role::Watcher {
            return Err(self.refuse(id, "role", PeerError::Role));
        }
        let name = clip(&name, MAX_NAME_CHARS);
        let host_name = session
            .settings()
            .map(|s| s.host_name.clone())
            .unwrap_or_default();
        self.outbox.push((
            id,
            Message::Welcome {
                program: PROGRAM.into(),
                version: PROTOCOL_VERSION.into(),
                name: host_name,
            },
        ));
        if let Some(viewer) = self.viewers.get_mut(&id) {
            viewer.name = name.clone();
            viewer.stage = Stage::Waiting;
        }
        // Bring the others up to date first, so the newcomer's game and
        // what is forwarded next agree.
        self.update(session);
        let waiting = self
            .viewers
            .get(&id)
            .is_some_and(|v| v.stage == Stage::Waiting);
        if waiting && self.shown.is_some() {
            self.show_all(id, session);
        }
        Ok(vec![AudienceEvent::Joined { id, name }])
    }

    fn on_message(
        &mut self,
        id: WatcherId,
        message: Message,
        session: &Session,
    ) -> Result<Vec<AudienceEvent>, PeerError> {
        match message {
            Message::Ping { n } => {
                self.outbox.push((id, Message::Pong { n }));
                Ok(vec![])
            }
            Message::Pong { .. } => Ok(vec![]),
            Message::SyncRequest => {
                self.update(session);
                if let Some(game) = &self.shown {
                    let game = game.game_string();
                    self.outbox.push((
                        id,
                        Message::Sync {
                            game,
                            settings: None,
                        },
                    ));
                }
                Ok(vec![])
            }
            Message::Bye => {
                if let Some(viewer) = self.viewers.get_mut(&id) {
                    viewer.stage = Stage::Closed;
                }
                Ok(vec![AudienceEvent::Left { id }])
            }
            other => {
                if let Some(viewer) = self.viewers.get_mut(&id) {
                    viewer.stage = Stage::Closed;
                }
                self.outbox.retain(|(to, _)| *to != id);
                Err(PeerError::WatcherActed { got: other.kind() })
            }
        }
    }

    /// What a watcher gets once the game is on: the settings (names and
    /// sides), the game so far, and its result if it is over.
    fn show_all(&mut self, id: WatcherId, session: &Session) {
        let (Some(settings), Some(game)) = (session.settings(), &self.shown) else {
            return;
        };
        self.outbox.push((id, Message::Settings(settings.clone())));
        self.outbox.push((
            id,
            Message::Sync {
                game: game.game_string(),
                settings: None,
            },
        ));
        if let Some((result, reason)) = self.shown_result {
            self.outbox.push((id, Message::GameOver { result, reason }));
        }
        if let Some(viewer) = self.viewers.get_mut(&id) {
            viewer.stage = Stage::Watching;
        }
    }

    fn broadcast(&mut self, message: Message) {
        for (id, viewer) in &self.viewers {
            if viewer.stage == Stage::Watching {
                self.outbox.push((*id, message.clone()));
            }
        }
    }

    /// Compares the host's game with what watchers were last told and
    /// queues the difference: the new moves (either side's), a takeback,
    /// a whole sync for anything else (a game resumed), the end.
    pub fn update(&mut self, session: &Session) {
        if !session.started() {
            return;
        }
        let game = session.game();
        let Some(shown) = &self.shown else {
            self.shown = Some(game.clone());
            self.shown_result = session.result();
            let waiting: Vec<WatcherId> = self
                .viewers
                .iter()
                .filter(|(_, v)| v.stage == Stage::Waiting)
                .map(|(id, _)| *id)
                .collect();
            for id in waiting {
                self.show_all(id, session);
            }
            return;
        };
        let old: Vec<Move> = shown.moves().collect();
        let new: Vec<Move> = game.moves().collect();
        if old != new {
            if new.starts_with(&old) {
                let mut replay = shown.clone();
                for &mv in &new[old.len()..] {
                    let text = replay.move_string(mv);
                    if replay.play(mv).is_err() {
                        break;
                    }
                    self.broadcast(Message::Move {
                        ply: replay.ply(),
                        mv: text,
                        hash: hash_hex(&replay),
                        clock_ms: None,
                    });
                }
            } else if old.len() == new.len() + 1 && old.starts_with(&new) {
                self.broadcast(Message::TakebackAnswer {
                    ply: old.len() as u32,
                    accept: true,
                });
            } else {
                self.broadcast(Message::Sync {
                    game: game.game_string(),
                    settings: None,
                });
            }
            self.shown = Some(game.clone());
        }
        if session.result() != self.shown_result {
            self.shown_result = session.result();
            if let Some((result, reason)) = self.shown_result {
                self.broadcast(Message::GameOver { result, reason });
            }
        }
    }
}
