//! The watcher's side: the hello with the watcher role, then the game as
//! the host forwards it, every move checked by the rules engine.

use std::time::Instant;

use hive_rules::{Color, Game, GameType, Move};

use crate::error::PeerError;
use crate::invite::Secret;
use crate::protocol::{
    EndReason, GameResult, GameSettings, MAX_NAME_CHARS, Message, PROTOCOL_VERSION, Role,
};
use crate::session::{
    Bucket, PROGRAM, check_settings, clip, closes_handshake, play_peer_move, read_peer_game,
    read_welcome, result_of,
};

/// Where a watcher's conversation stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WatchStage {
    /// No connection (before dialling, or after a drop: the link dials
    /// again and the game comes again).
    Disconnected,
    /// The hello is sent; the host's welcome is awaited.
    AwaitWelcome,
    /// Welcomed: the game's settings are awaited (the host sends them once
    /// its game has started).
    AwaitGame,
    /// The game is followed (or over, see [`Watch::result`]).
    Watching,
    /// Refused or the host left: nothing more happens.
    Closed,
}

/// What a message from the host did, for the watcher to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WatchEvent {
    /// The host welcomed us.
    Welcomed {
        /// The host's name.
        name: String,
    },
    /// The game's settings: its type, who plays which side and their
    /// names. The game so far follows (as [`WatchEvent::Moved`] events for
    /// the moves we lack and a [`WatchEvent::Synced`]). Again after every
    /// reconnection (the same settings: our game is kept and brought up to
    /// date).
    Started(GameSettings),
    /// A move, checked and applied (also each move a sync brought).
    Moved {
        /// Its ply.
        ply: u32,
        /// Its UHP MoveString.
        mv: String,
    },
    /// A move for a ply already applied: ignored.
    Duplicate {
        /// Its ply.
        ply: u32,
    },
    /// The host's whole game replaced ours (the game so far on arrival or
    /// after a drop, or a game that changed otherwise than by a move).
    Synced {
        /// The game's ply now.
        ply: u32,
    },
    /// The last move was taken back; the game is at `ply`.
    TakenBack {
        /// The game's ply now.
        ply: u32,
    },
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
        /// Why.
        reason: EndReason,
    },
    /// The answer to our ping.
    Pong(u64),
    /// The host said goodbye.
    HostLeft,
}

/// A watcher's view of one game: it can follow, never move. Feed it what
/// the link received ([`Watch::receive`]), tell it when the connection
/// comes and goes ([`Watch::connected`], [`Watch::disconnected`]) and send
/// what [`Watch::take_outgoing`] returns.
#[derive(Clone, Debug)]
pub struct Watch {
    secret: Secret,
    name: String,
    stage: WatchStage,
    host_name: Option<String>,
    settings: Option<GameSettings>,
    game: Game,
    result: Option<(GameResult, EndReason)>,
    outbox: Vec<Message>,
    bucket: Bucket,
}

impl Watch {
    /// A watcher with the watch invitation's secret and the name the
    /// host sees.
    pub fn new(secret: Secret, name: &str) -> Watch {
        Watch {
            secret,
            name: clip(name, MAX_NAME_CHARS),
            stage: WatchStage::Disconnected,
            host_name: None,
            settings: None,
            game: Game::new(GameType::BASE),
            result: None,
            outbox: Vec::new(),
            bucket: Bucket::new(),
        }
    }

    /// Where the conversation stands.
    pub fn stage(&self) -> WatchStage {
        self.stage
    }

    /// The game as far as it is known.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game's settings, once the host sent them.
    pub fn settings(&self) -> Option<&GameSettings> {
        self.settings.as_ref()
    }

    /// The host's name, once welcomed.
    pub fn host_name(&self) -> Option<&str> {
        self.host_name.as_deref()
    }

    /// The name of the player of `side`, once the settings are known.
    pub fn name_of(&self, side: Color) -> Option<&str> {
        let settings = self.settings.as_ref()?;
        Some(if settings.host_side == side {
            &settings.host_name
        } else {
            &settings.joiner_name
        })
    }

    /// The side to move, while the game is on.
    pub fn to_move(&self) -> Option<Color> {
        if self.settings.is_none() || self.result.is_some() {
            return None;
        }
        Some(self.game.to_move())
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<(GameResult, EndReason)> {
        self.result
    }

    /// The messages to send, in order (emptied).
    pub fn take_outgoing(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outbox)
    }

    /// A connection is up: the hello goes out (again after every
    /// reconnection; the host then sends the game again).
    pub fn connected(&mut self) {
        if self.stage == WatchStage::Closed {
            return;
        }
        self.outbox.push(Message::Hello {
            program: PROGRAM.into(),
            version: PROTOCOL_VERSION.into(),
            name: self.name.clone(),
            secret: self.secret.to_hex(),
            role: Role::Watcher,
        });
        self.stage = WatchStage::AwaitWelcome;
    }

    /// The connection dropped.
    pub fn disconnected(&mut self) {
        self.outbox.clear();
        if self.stage != WatchStage::Closed {
            self.stage = WatchStage::Disconnected;
        }
    }

    /// Asks for a pong.
    pub fn ping(&mut self, n: u64) {
        self.outbox.push(Message::Ping { n });
    }

    /// Says goodbye; nothing more happens.
    pub fn bye(&mut self) {
        self.outbox.push(Message::Bye);
        self.stage = WatchStage::Closed;
    }

    /// Takes one message from the host, now.
    pub fn receive(&mut self, message: Message) -> Result<Vec<WatchEvent>, PeerError> {
        self.receive_at(message, Instant::now())
    }

    /// [`Watch::receive`] at `now` (for the flood limit).
    pub fn receive_at(
        &mut self,
        message: Message,
        now: Instant,
    ) -> Result<Vec<WatchEvent>, PeerError> {
        self.bucket.take(now)?;
        let result = self.dispatch(message);
        self.bucket
            .refund_moves(&result, |e| matches!(e, WatchEvent::Moved { .. }));
        result
    }

    fn dispatch(&mut self, message: Message) -> Result<Vec<WatchEvent>, PeerError> {
        match self.stage {
            WatchStage::Disconnected | WatchStage::Closed => Err(PeerError::OutOfOrder {
                expected: "nothing",
                got: message.kind(),
            }),
            WatchStage::AwaitWelcome => self.on_welcome(message),
            WatchStage::AwaitGame | WatchStage::Watching => match message {
                Message::Ping { n } => {
                    self.outbox.push(Message::Pong { n });
                    Ok(vec![])
                }
                Message::Pong { n } => Ok(vec![WatchEvent::Pong(n)]),
                Message::Bye => {
                    self.stage = WatchStage::Closed;
                    Ok(vec![WatchEvent::HostLeft])
                }
                Message::Settings(settings) if self.stage == WatchStage::AwaitGame => {
                    self.on_settings(settings)
                }
                other if self.stage == WatchStage::AwaitGame => Err(PeerError::OutOfOrder {
                    expected: "settings",
                    got: other.kind(),
                }),
                other => self.on_game_message(other),
            },
        }
    }

    fn on_welcome(&mut self, message: Message) -> Result<Vec<WatchEvent>, PeerError> {
        let name = read_welcome(message).inspect_err(|e| {
            if closes_handshake(e) {
                self.stage = WatchStage::Closed;
            }
        })?;
        self.host_name = Some(name.clone());
        self.stage = WatchStage::AwaitGame;
        Ok(vec![WatchEvent::Welcomed { name }])
    }

    fn on_settings(&mut self, settings: GameSettings) -> Result<Vec<WatchEvent>, PeerError> {
        let fresh = check_settings(&settings).map_err(|e| PeerError::BadSettings {
            detail: e.to_string(),
        })?;
        let same_game = self.settings.as_ref().is_some_and(|old| {
            old.game_type == settings.game_type && old.house_rules == settings.house_rules
        });
        if !same_game {
            // A first game, or another one: from its start (the sync that
            // follows brings its moves).
            self.game = fresh;
            self.result = None;
        }
        self.settings = Some(settings.clone());
        self.stage = WatchStage::Watching;
        Ok(vec![WatchEvent::Started(settings)])
    }

    fn on_game_message(&mut self, message: Message) -> Result<Vec<WatchEvent>, PeerError> {
        match message {
            Message::Move { ply, mv, hash, .. } => self.on_move(ply, &mv, &hash),
            Message::Sync { game, .. } => self.on_sync(&game),
            Message::TakebackAnswer { ply, accept: true } => {
                if self.result.is_some() {
                    return Err(PeerError::GameOver);
                }
                if ply != self.game.ply() || ply == 0 {
                    self.outbox.push(Message::SyncRequest);
                    return Err(PeerError::NoSuchOffer);
                }
                self.game.undo();
                Ok(vec![WatchEvent::TakenBack {
                    ply: self.game.ply(),
                }])
            }
            Message::GameOver { result, reason } => self.on_game_over(result, reason),
            other => Err(PeerError::OutOfOrder {
                expected: "a watched game's message",
                got: other.kind(),
            }),
        }
    }

    fn on_game_over(
        &mut self,
        result: GameResult,
        reason: EndReason,
    ) -> Result<Vec<WatchEvent>, PeerError> {
        match self.result {
            Some((ours, _)) if ours == result => return Ok(vec![]),
            Some(_) => return Err(PeerError::ResultDiffers),
            None => {}
        }
        let by_rules = result_of(self.game.status());
        match (reason, by_rules) {
            (_, Some(ours)) if ours != result => Err(PeerError::ResultDiffers),
            (EndReason::Rules, None) => {
                // The host has moves we lack: its sync brings them, and
                // the rules end the game here too.
                self.outbox.push(Message::SyncRequest);
                Ok(vec![])
            }
            _ => {
                self.result = Some((result, reason));
                Ok(vec![WatchEvent::GameOver { result, reason }])
            }
        }
    }

    /// After the game changed: its end by the rules, if it is over.
    fn after_change(&mut self) -> Vec<WatchEvent> {
        if self.result.is_some() {
            return vec![];
        }
        match result_of(self.game.status()) {
            Some(result) => {
                let reason = EndReason::Rules;
                self.result = Some((result, reason));
                vec![WatchEvent::GameOver { result, reason }]
            }
            None => vec![],
        }
    }

    fn on_move(&mut self, ply: u32, mv: &str, hash: &str) -> Result<Vec<WatchEvent>, PeerError> {
        let next = self.game.ply() + 1;
        if ply < next {
            return Ok(vec![WatchEvent::Duplicate { ply }]);
        }
        if self.result.is_some() {
            return Err(PeerError::GameOver);
        }
        if ply > next {
            self.outbox.push(Message::SyncRequest);
            return Err(PeerError::PlyAhead {
                expected: next,
                got: ply,
            });
        }
        let (after, canonical) = play_peer_move(&self.game, ply, mv, hash, &mut self.outbox)?;
        self.game = after;
        let mut events = vec![WatchEvent::Moved { ply, mv: canonical }];
        events.extend(self.after_change());
        Ok(events)
    }

    /// The host's whole game: every move replayed by the rules engine
    /// (one that breaks a rule refuses the whole sync); it replaces ours.
    fn on_sync(&mut self, text: &str) -> Result<Vec<WatchEvent>, PeerError> {
        let theirs = read_peer_game(&self.game, text)?;
        if self.result.is_some() && theirs.moves().len() != self.game.moves().len() {
            // Over is over: a later sync only repeats the game.
            return Err(PeerError::GameOver);
        }
        let ours: Vec<Move> = self.game.moves().collect();
        let their_moves: Vec<Move> = theirs.moves().collect();
        let mut events = Vec::new();
        if their_moves.starts_with(&ours) {
            // Our game, and more: each new move reported once.
            let mut replay = self.game.clone();
            for &mv in &their_moves[ours.len()..] {
                let text = replay.move_string(mv);
                if replay.play(mv).is_err() {
                    break;
                }
                events.push(WatchEvent::Moved {
                    ply: replay.ply(),
                    mv: text,
                });
            }
        }
        self.game = theirs;
        events.push(WatchEvent::Synced {
            ply: self.game.ply(),
        });
        events.extend(self.after_change());
        Ok(events)
    }
}
