//! One game's connection as a pure state machine: no I/O, no clock of its
//! own. Every incoming message is checked before it touches the game; a
//! refused one leaves the game as it was and gives a [`PeerError`].
//!
//! The caller feeds it what the transport received ([`Session::receive`]),
//! tells it when the connection comes and goes ([`Session::connected`],
//! [`Session::disconnected`]), takes the player's actions ([`Session::play`],
//! [`Session::offer_draw`], ...) and sends whatever
//! [`Session::take_outgoing`] returns, in order.

use std::time::Instant;

use hive_rules::{Game, GameStatus, GameType, Move};

use crate::error::{ActionError, PeerError};
use crate::invite::Secret;
use crate::protocol::{
    EndReason, GameResult, GameSettings, MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, PROTOCOL_VERSION,
    Role, Side,
};

/// The program named in hello and welcome.
pub const PROGRAM: &str = concat!("hive ", env!("CARGO_PKG_VERSION"));

/// Which end of the connection this session is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Seat {
    /// Made the invitation, proposes the settings, accepts connections.
    Host,
    /// Dials the host with the invitation.
    Joiner,
}

/// Where the conversation stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Stage {
    /// No connection (the joiner before dialling, either side after a drop).
    Disconnected,
    /// The host waits for the joiner's hello.
    AwaitHello,
    /// The joiner waits for the host's welcome.
    AwaitWelcome,
    /// The joiner waits for the settings (or has them and must answer).
    AwaitSettings,
    /// The host waits for the joiner's accept.
    AwaitAccept,
    /// The game is on (or over, see [`Session::result`]).
    Playing,
    /// Declined, refused or left: nothing more happens.
    Closed,
}

/// What a received message did, for the game to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SessionEvent {
    /// (Host) the joiner's hello was good.
    PeerJoined {
        /// The joiner's name.
        name: String,
    },
    /// (Joiner) the host welcomed us.
    Welcomed {
        /// The host's name.
        name: String,
    },
    /// (Joiner) the host proposes these settings: answer with
    /// [`Session::accept_settings`] or [`Session::decline_settings`].
    SettingsProposed(GameSettings),
    /// The game starts; we play `side`.
    Started {
        /// Our side.
        side: Side,
    },
    /// The peer declined the settings.
    Declined,
    /// The peer's move, applied (also each move a sync brought).
    Moved {
        /// Its ply.
        ply: u32,
        /// Its UHP MoveString.
        mv: String,
    },
    /// A move for a ply already played: ignored.
    Duplicate {
        /// Its ply.
        ply: u32,
    },
    /// A sync brought the game to this ply.
    Synced {
        /// The game's ply now.
        ply: u32,
    },
    /// The peer asks to take back the last move.
    TakebackRequested,
    /// The last move was taken back; the game is at `ply`.
    TakenBack {
        /// The game's ply now.
        ply: u32,
    },
    /// The peer declined our takeback request.
    TakebackDeclined,
    /// The peer offers a draw.
    DrawOffered,
    /// The peer declined our draw offer.
    DrawDeclined,
    /// A chat line.
    Chat(String),
    /// The answer to our ping.
    Pong(u64),
    /// The peer said goodbye.
    PeerLeft,
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
        /// Why.
        reason: EndReason,
    },
}

/// Messages allowed per second after the burst.
pub const FLOOD_RATE: f64 = 20.0;
/// Messages allowed at once.
pub const FLOOD_BURST: f64 = 60.0;

/// A token bucket: [`FLOOD_BURST`] messages at once, then [`FLOOD_RATE`] a
/// second; an applied move costs nothing.
#[derive(Clone, Debug)]
struct Bucket {
    tokens: f64,
    last: Option<Instant>,
}

impl Bucket {
    fn take(&mut self, now: Instant) -> bool {
        if let Some(last) = self.last {
            let secs = now.saturating_duration_since(last).as_secs_f64();
            self.tokens = (self.tokens + secs * FLOOD_RATE).min(FLOOD_BURST);
        }
        self.last = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One game's connection, from one end.
#[derive(Clone)]
pub struct Session {
    seat: Seat,
    secret: Secret,
    name: String,
    peer_name: Option<String>,
    stage: Stage,
    settings: Option<GameSettings>,
    started: bool,
    game: Game,
    outbox: Vec<Message>,
    bucket: Bucket,
    result: Option<(GameResult, EndReason)>,
    my_draw_offer: bool,
    their_draw_offer: bool,
    my_takeback: Option<u32>,
    their_takeback: Option<u32>,
    peer_clock_ms: Option<u64>,
    peer_result: Option<GameResult>,
}

fn clip(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

fn hash_hex(game: &Game) -> String {
    format!("{:016x}", game.hash())
}

fn result_of(status: GameStatus) -> Option<GameResult> {
    match status {
        GameStatus::WhiteWins => Some(GameResult::WhiteWins),
        GameStatus::BlackWins => Some(GameResult::BlackWins),
        GameStatus::Draw => Some(GameResult::Draw),
        GameStatus::NotStarted | GameStatus::InProgress => None,
    }
}

fn win_for(side: Side) -> GameResult {
    match side {
        Side::White => GameResult::WhiteWins,
        Side::Black => GameResult::BlackWins,
    }
}

/// Checks settings a peer sent or a host made: a known game type, names
/// within [`MAX_NAME_CHARS`].
fn check_settings(settings: &GameSettings) -> Result<Game, String> {
    let game_type: GameType = settings
        .game_type
        .parse()
        .map_err(|e: hive_rules::NotationError| e.to_string())?;
    for name in [&settings.host_name, &settings.joiner_name] {
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(format!("a name over {MAX_NAME_CHARS} characters"));
        }
    }
    if settings.house_rules.turn_limit == Some(0) {
        return Err("a turn limit of 0".into());
    }
    Ok(Game::with_options(game_type, settings.house_rules.into()))
}

impl Session {
    /// The host's session: `settings` is the game proposed to whoever
    /// comes with `secret` (its `joiner_name` is filled from their hello).
    pub fn host(secret: Secret, settings: GameSettings) -> Result<Session, ActionError> {
        let game = check_settings(&settings).map_err(ActionError::BadSettings)?;
        let name = settings.host_name.clone();
        let mut session = Session::new(Seat::Host, secret, name, game);
        session.settings = Some(settings);
        Ok(session)
    }

    /// A session brought back from a saved game (after the program was
    /// closed): the game goes on from `game` once the connection is up
    /// again (each side's sync makes up for moves the other missed).
    /// `settings` are the ones both accepted; `name` is ours.
    pub fn resumed(
        seat: Seat,
        secret: Secret,
        name: &str,
        settings: GameSettings,
        game: Game,
    ) -> Result<Session, ActionError> {
        let fresh = check_settings(&settings).map_err(ActionError::BadSettings)?;
        if fresh.game_type() != game.game_type() || fresh.options() != game.options() {
            return Err(ActionError::BadSettings(
                "the saved game is not of these settings".into(),
            ));
        }
        let mut session = Session::new(seat, secret, clip(name, MAX_NAME_CHARS), game);
        session.peer_name = Some(match seat {
            Seat::Host => settings.joiner_name.clone(),
            Seat::Joiner => settings.host_name.clone(),
        });
        session.settings = Some(settings);
        session.started = true;
        if let Some(result) = result_of(session.game.status()) {
            session.result = Some((result, EndReason::Rules));
        }
        Ok(session)
    }

    /// The joiner's session, with the invitation's secret.
    pub fn join(secret: Secret, name: &str) -> Session {
        let game = Game::new(GameType::BASE);
        Session::new(Seat::Joiner, secret, clip(name, MAX_NAME_CHARS), game)
    }

    fn new(seat: Seat, secret: Secret, name: String, game: Game) -> Session {
        Session {
            seat,
            secret,
            name,
            peer_name: None,
            stage: Stage::Disconnected,
            settings: None,
            started: false,
            game,
            outbox: Vec::new(),
            bucket: Bucket {
                tokens: FLOOD_BURST,
                last: None,
            },
            result: None,
            my_draw_offer: false,
            their_draw_offer: false,
            my_takeback: None,
            their_takeback: None,
            peer_clock_ms: None,
            peer_result: None,
        }
    }

    /// Which end this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Where the conversation stands.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The game as this end has it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings (the host's from the start, the joiner's once received).
    pub fn settings(&self) -> Option<&GameSettings> {
        self.settings.as_ref()
    }

    /// Whether the settings were accepted (the game exists).
    pub fn started(&self) -> bool {
        self.started
    }

    /// The peer's name, once known.
    pub fn peer_name(&self) -> Option<&str> {
        self.peer_name.as_deref()
    }

    /// The peer's clock after its last move, in milliseconds, if it sent one.
    pub fn peer_clock_ms(&self) -> Option<u64> {
        self.peer_clock_ms
    }

    /// Our side, once the settings are known.
    pub fn my_side(&self) -> Option<Side> {
        let host_side = self.settings.as_ref()?.host_side;
        Some(match self.seat {
            Seat::Host => host_side,
            Seat::Joiner => host_side.other(),
        })
    }

    /// Whether we may move now: the game started and not over, our side to
    /// move, connected or not (a move made while the line is down reaches
    /// the peer with the sync after the reconnection).
    pub fn may_move(&self) -> bool {
        self.started
            && self.result.is_none()
            && self.stage != Stage::Closed
            && self
                .my_side()
                .is_some_and(|side| side.color() == self.game.to_move())
    }

    /// Whether the game is on and it is our move.
    pub fn is_my_turn(&self) -> bool {
        self.playing()
            && self
                .my_side()
                .is_some_and(|side| side.color() == self.game.to_move())
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<(GameResult, EndReason)> {
        self.result
    }

    /// Whether the peer has said the game ended with our result (its
    /// game_over): a program can leave then, knowing the peer has every move.
    pub fn peer_saw_end(&self) -> bool {
        self.result
            .is_some_and(|(ours, _)| self.peer_result == Some(ours))
    }

    /// The messages to send, in order (the outbox is emptied).
    pub fn take_outgoing(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outbox)
    }

    /// A connection is up: the joiner sends its hello, the host waits for one.
    /// Called again after every reconnection: the game resumes where it was.
    pub fn connected(&mut self) {
        if self.stage == Stage::Closed {
            return;
        }
        match self.seat {
            Seat::Host => self.stage = Stage::AwaitHello,
            Seat::Joiner => {
                self.outbox.push(Message::Hello {
                    program: PROGRAM.into(),
                    version: PROTOCOL_VERSION.into(),
                    name: self.name.clone(),
                    secret: self.secret.to_hex(),
                    role: Role::Player,
                });
                self.stage = Stage::AwaitWelcome;
            }
        }
    }

    /// The connection dropped: unsent messages are forgotten (a sync after
    /// the next hello makes up for them) and pending offers lapse.
    pub fn disconnected(&mut self) {
        self.outbox.clear();
        self.my_draw_offer = false;
        self.their_draw_offer = false;
        self.my_takeback = None;
        self.their_takeback = None;
        if self.stage != Stage::Closed {
            self.stage = Stage::Disconnected;
        }
    }

    fn playing(&self) -> bool {
        self.stage == Stage::Playing && self.started && self.result.is_none()
    }

    fn peer_side(&self) -> Option<Side> {
        self.my_side().map(Side::other)
    }

    /// Takes one received message, now.
    pub fn receive(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        self.receive_at(message, Instant::now())
    }

    /// Takes one received message at `now` (for the flood limit).
    pub fn receive_at(
        &mut self,
        message: Message,
        now: Instant,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        if !self.bucket.take(now) {
            return Err(PeerError::Flood);
        }
        let result = self.dispatch(message);
        // A move applied is play, not flood: its token is given back, so a
        // fast game between two programs never reaches the limit.
        if let Ok(events) = &result
            && events
                .iter()
                .any(|e| matches!(e, SessionEvent::Moved { .. }))
        {
            self.bucket.tokens = (self.bucket.tokens + 1.0).min(FLOOD_BURST);
        }
        result
    }

    fn dispatch(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        match self.stage {
            Stage::Disconnected | Stage::Closed => Err(PeerError::OutOfOrder {
                expected: "nothing",
                got: message.kind(),
            }),
            Stage::AwaitHello => self.on_hello(message),
            Stage::AwaitWelcome => self.on_welcome(message),
            Stage::AwaitSettings => self.common(message, |s, m| match m {
                Message::Settings(settings) => s.on_settings(settings),
                other => Err(PeerError::OutOfOrder {
                    expected: "settings",
                    got: other.kind(),
                }),
            }),
            Stage::AwaitAccept => self.common(message, |s, m| match m {
                Message::Accept => {
                    s.started = true;
                    s.stage = Stage::Playing;
                    let side = s.my_side().unwrap_or(Side::White);
                    Ok(vec![SessionEvent::Started { side }])
                }
                Message::Decline => {
                    s.stage = Stage::Closed;
                    Ok(vec![SessionEvent::Declined])
                }
                other => Err(PeerError::OutOfOrder {
                    expected: "accept",
                    got: other.kind(),
                }),
            }),
            Stage::Playing => self.common(message, Session::on_game_message),
        }
    }

    /// Messages any stage after the handshake takes, then `rest`.
    fn common(
        &mut self,
        message: Message,
        rest: impl FnOnce(&mut Session, Message) -> Result<Vec<SessionEvent>, PeerError>,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        match message {
            Message::Ping { n } => {
                self.outbox.push(Message::Pong { n });
                Ok(vec![])
            }
            Message::Pong { n } => Ok(vec![SessionEvent::Pong(n)]),
            Message::Chat { text } => {
                let chars = text.chars().count();
                if chars > MAX_CHAT_CHARS {
                    return Err(PeerError::ChatTooLong { chars });
                }
                Ok(vec![SessionEvent::Chat(text)])
            }
            Message::Bye => {
                self.stage = Stage::Disconnected;
                Ok(vec![SessionEvent::PeerLeft])
            }
            other => rest(self, other),
        }
    }

    fn on_hello(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        let Message::Hello {
            version,
            name,
            secret,
            role,
            ..
        } = message
        else {
            return Err(PeerError::OutOfOrder {
                expected: "hello",
                got: message.kind(),
            });
        };
        let refuse = |s: &mut Session, reason: &str| {
            s.outbox.push(Message::Refuse {
                reason: reason.into(),
            });
        };
        if version != PROTOCOL_VERSION {
            refuse(self, "version");
            return Err(PeerError::Version {
                theirs: clip(&version, 20),
            });
        }
        if !Secret::from_hex(&secret).is_some_and(|s| s.matches(&self.secret)) {
            refuse(self, "wrong-secret");
            return Err(PeerError::WrongSecret);
        }
        if role != Role::Player {
            refuse(self, "role");
            return Err(PeerError::Role);
        }
        let name = clip(&name, MAX_NAME_CHARS);
        self.peer_name = Some(name.clone());
        self.outbox.push(Message::Welcome {
            program: PROGRAM.into(),
            version: PROTOCOL_VERSION.into(),
            name: self.name.clone(),
        });
        if self.started {
            self.stage = Stage::Playing;
            self.resume();
        } else if let Some(settings) = self.settings.as_mut() {
            settings.joiner_name = name.clone();
            self.outbox.push(Message::Settings(settings.clone()));
            self.stage = Stage::AwaitAccept;
        }
        Ok(vec![SessionEvent::PeerJoined { name }])
    }

    /// After a reconnection: our game, and our result again if the game
    /// is over (the first game_over may have been lost with the connection).
    fn resume(&mut self) {
        self.outbox.push(Message::Sync {
            game: self.game.game_string(),
        });
        if let Some((result, reason)) = self.result {
            self.outbox.push(Message::GameOver { result, reason });
        }
    }

    fn on_welcome(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        match message {
            Message::Welcome { version, name, .. } => {
                if version != PROTOCOL_VERSION {
                    self.stage = Stage::Closed;
                    return Err(PeerError::Version {
                        theirs: clip(&version, 20),
                    });
                }
                let name = clip(&name, MAX_NAME_CHARS);
                self.peer_name = Some(name.clone());
                if self.started {
                    self.stage = Stage::Playing;
                    self.resume();
                } else {
                    self.stage = Stage::AwaitSettings;
                }
                Ok(vec![SessionEvent::Welcomed { name }])
            }
            Message::Refuse { reason } => {
                self.stage = Stage::Closed;
                Err(PeerError::Refused {
                    reason: clip(&reason, 40),
                })
            }
            other => Err(PeerError::OutOfOrder {
                expected: "welcome",
                got: other.kind(),
            }),
        }
    }

    fn on_settings(&mut self, settings: GameSettings) -> Result<Vec<SessionEvent>, PeerError> {
        if self.settings.is_some() {
            return Err(PeerError::OutOfOrder {
                expected: "accept",
                got: "settings",
            });
        }
        let game = check_settings(&settings).map_err(|detail| PeerError::BadSettings { detail })?;
        self.game = game;
        self.settings = Some(settings.clone());
        Ok(vec![SessionEvent::SettingsProposed(settings)])
    }

    /// (Joiner) accepts the proposed settings: the game starts.
    pub fn accept_settings(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if self.seat != Seat::Joiner || self.stage != Stage::AwaitSettings || self.started {
            return Err(ActionError::NoOffer);
        }
        let side = self.my_side().ok_or(ActionError::NoOffer)?;
        self.started = true;
        self.stage = Stage::Playing;
        self.outbox.push(Message::Accept);
        Ok(vec![SessionEvent::Started { side }])
    }

    /// (Joiner) declines the proposed settings; the session closes.
    pub fn decline_settings(&mut self) -> Result<(), ActionError> {
        if self.seat != Seat::Joiner || self.stage != Stage::AwaitSettings || self.started {
            return Err(ActionError::NoOffer);
        }
        self.outbox.push(Message::Decline);
        self.stage = Stage::Closed;
        Ok(())
    }

    fn on_game_message(&mut self, message: Message) -> Result<Vec<SessionEvent>, PeerError> {
        match message {
            Message::Move {
                ply,
                mv,
                hash,
                clock_ms,
            } => self.on_move(ply, &mv, &hash, clock_ms),
            Message::Sync { game } => self.on_sync(&game),
            Message::SyncRequest => {
                self.outbox.push(Message::Sync {
                    game: self.game.game_string(),
                });
                Ok(vec![])
            }
            Message::TakebackRequest { ply } => {
                self.check_not_over()?;
                if ply != self.game.ply() || ply == 0 || self.their_takeback.is_some() {
                    return Err(PeerError::NoSuchOffer);
                }
                self.their_takeback = Some(ply);
                Ok(vec![SessionEvent::TakebackRequested])
            }
            Message::TakebackAnswer { ply, accept } => {
                if self.my_takeback != Some(ply) {
                    return Err(PeerError::NoSuchOffer);
                }
                self.my_takeback = None;
                if !accept {
                    return Ok(vec![SessionEvent::TakebackDeclined]);
                }
                if self.game.ply() != ply || self.result.is_some() {
                    return Err(PeerError::NoSuchOffer);
                }
                self.game.undo();
                Ok(vec![SessionEvent::TakenBack {
                    ply: self.game.ply(),
                }])
            }
            Message::DrawOffer => {
                self.check_not_over()?;
                if self.their_draw_offer {
                    return Err(PeerError::NoSuchOffer);
                }
                self.their_draw_offer = true;
                Ok(vec![SessionEvent::DrawOffered])
            }
            Message::DrawAnswer { accept } => {
                self.check_not_over()?;
                if !self.my_draw_offer {
                    return Err(PeerError::NoSuchOffer);
                }
                self.my_draw_offer = false;
                if accept {
                    Ok(self.end(GameResult::Draw, EndReason::DrawAgreed, true))
                } else {
                    Ok(vec![SessionEvent::DrawDeclined])
                }
            }
            Message::Resign => {
                self.check_not_over()?;
                let winner = self.my_side().unwrap_or(Side::White);
                Ok(self.end(win_for(winner), EndReason::Resigned, true))
            }
            Message::GameOver { result, reason } => match self.result {
                Some((ours, _)) if ours == result => {
                    self.peer_result = Some(result);
                    Ok(vec![])
                }
                Some(_) => Err(PeerError::ResultDiffers),
                None if reason == EndReason::Time => {
                    self.peer_result = Some(result);
                    Ok(self.end(result, reason, true))
                }
                None if reason == EndReason::Rules => {
                    // The peer has moves we lack.
                    self.peer_result = Some(result);
                    self.outbox.push(Message::SyncRequest);
                    Ok(vec![])
                }
                None => Err(PeerError::ResultDiffers),
            },
            other => Err(PeerError::OutOfOrder {
                expected: "a game message",
                got: other.kind(),
            }),
        }
    }

    fn check_not_over(&self) -> Result<(), PeerError> {
        if self.result.is_some() {
            Err(PeerError::GameOver)
        } else {
            Ok(())
        }
    }

    /// Ends the game; `announce` sends game_over to the peer (every end
    /// is announced, so each side knows when the other has it).
    fn end(&mut self, result: GameResult, reason: EndReason, announce: bool) -> Vec<SessionEvent> {
        self.result = Some((result, reason));
        self.my_draw_offer = false;
        self.their_draw_offer = false;
        self.my_takeback = None;
        self.their_takeback = None;
        if announce {
            self.outbox.push(Message::GameOver { result, reason });
        }
        vec![SessionEvent::GameOver { result, reason }]
    }

    /// After a move: the game over by the rules, if it is.
    fn after_move(&mut self) -> Vec<SessionEvent> {
        self.their_draw_offer = false;
        self.my_draw_offer = false;
        self.their_takeback = None;
        self.my_takeback = None;
        match result_of(self.game.status()) {
            Some(result) if self.result.is_none() => self.end(result, EndReason::Rules, true),
            _ => vec![],
        }
    }

    fn on_move(
        &mut self,
        ply: u32,
        mv: &str,
        hash: &str,
        clock_ms: Option<u64>,
    ) -> Result<Vec<SessionEvent>, PeerError> {
        let next = self.game.ply() + 1;
        if ply < next {
            return Ok(vec![SessionEvent::Duplicate { ply }]);
        }
        self.check_not_over()?;
        if ply > next {
            self.outbox.push(Message::SyncRequest);
            return Err(PeerError::PlyAhead {
                expected: next,
                got: ply,
            });
        }
        if self.peer_side().map(Side::color) != Some(self.game.to_move()) {
            return Err(PeerError::OutOfTurn);
        }
        let parsed = self.game.parse_move(mv).map_err(|e| PeerError::BadMove {
            mv: clip(mv, 40),
            detail: e.to_string(),
        })?;
        self.game
            .check_move(parsed)
            .map_err(|rule| PeerError::IllegalMove {
                mv: clip(mv, 40),
                rule,
            })?;
        let canonical = self.game.move_string(parsed);
        let mut after = self.game.clone();
        after.play(parsed).map_err(|rule| PeerError::IllegalMove {
            mv: clip(mv, 40),
            rule,
        })?;
        if !hash.eq_ignore_ascii_case(&hash_hex(&after)) {
            self.outbox.push(Message::SyncRequest);
            return Err(PeerError::HashMismatch { ply });
        }
        self.game = after;
        self.peer_clock_ms = clock_ms;
        let mut events = vec![SessionEvent::Moved { ply, mv: canonical }];
        events.extend(self.after_move());
        Ok(events)
    }

    fn on_sync(&mut self, text: &str) -> Result<Vec<SessionEvent>, PeerError> {
        let options = self.game.options();
        let theirs =
            Game::from_game_string_with(text, options).map_err(|e| PeerError::BadSync {
                detail: clip(&e.to_string(), 200),
            })?;
        if theirs.game_type() != self.game.game_type() {
            return Err(PeerError::BadSync {
                detail: format!("a game of {}", theirs.game_type()),
            });
        }
        let ours: Vec<Move> = self.game.moves().collect();
        let their_moves: Vec<Move> = theirs.moves().collect();
        for (i, (a, b)) in ours.iter().zip(&their_moves).enumerate() {
            if a != b {
                return Err(PeerError::SyncDiverges { ply: i as u32 + 1 });
            }
        }
        if their_moves.len() <= ours.len() {
            // Nothing we lack (the peer is behind or level: our own sync or
            // moves bring it up).
            return Ok(vec![]);
        }
        // Only the peer's own moves may come by sync.
        let peer = self.peer_side().map(Side::color);
        let mut replay = self.game.clone();
        let mut events = Vec::new();
        for &mv in &their_moves[ours.len()..] {
            if Some(replay.to_move()) != peer {
                return Err(PeerError::SyncDiverges {
                    ply: replay.ply() + 1,
                });
            }
            let text = replay.move_string(mv);
            replay.play(mv).map_err(|rule| PeerError::IllegalMove {
                mv: text.clone(),
                rule,
            })?;
            events.push(SessionEvent::Moved {
                ply: replay.ply(),
                mv: text,
            });
        }
        self.game = replay;
        events.push(SessionEvent::Synced {
            ply: self.game.ply(),
        });
        events.extend(self.after_move());
        Ok(events)
    }

    /// Plays our move (a UHP MoveString) and queues it for the peer.
    /// Returns the move's canonical MoveString.
    pub fn play(&mut self, mv: &str) -> Result<String, ActionError> {
        self.play_timed(mv, None)
    }

    /// [`Session::play`] with our clock after the move, in milliseconds.
    /// While the connection is down the move is only played here: the sync
    /// after the reconnection brings it to the peer.
    pub fn play_timed(&mut self, mv: &str, clock_ms: Option<u64>) -> Result<String, ActionError> {
        if !self.started || self.result.is_some() || self.stage == Stage::Closed {
            return Err(ActionError::NotPlaying);
        }
        if !self.may_move() {
            return Err(ActionError::NotYourTurn);
        }
        let parsed = self.game.parse_move(mv).map_err(|e| ActionError::BadMove {
            mv: clip(mv, 40),
            detail: e.to_string(),
        })?;
        let canonical = self.game.move_string(parsed);
        self.game.play(parsed).map_err(ActionError::Illegal)?;
        let sent = self.outbox.len();
        self.outbox.push(Message::Move {
            ply: self.game.ply(),
            mv: canonical.clone(),
            hash: hash_hex(&self.game),
            clock_ms,
        });
        self.after_move();
        if self.stage != Stage::Playing {
            // No conversation to say it in: the sync and the result said
            // again after the next hello carry it.
            self.outbox.truncate(sent);
        }
        Ok(canonical)
    }

    /// Offers a draw.
    pub fn offer_draw(&mut self) -> Result<(), ActionError> {
        if !self.playing() || self.my_draw_offer {
            return Err(ActionError::NoOffer);
        }
        self.my_draw_offer = true;
        self.outbox.push(Message::DrawOffer);
        Ok(())
    }

    /// Answers the peer's draw offer.
    pub fn answer_draw(&mut self, accept: bool) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.playing() || !self.their_draw_offer {
            return Err(ActionError::NoOffer);
        }
        self.their_draw_offer = false;
        self.outbox.push(Message::DrawAnswer { accept });
        Ok(if accept {
            self.end(GameResult::Draw, EndReason::DrawAgreed, true)
        } else {
            vec![]
        })
    }

    /// Asks to take back the last move.
    pub fn request_takeback(&mut self) -> Result<(), ActionError> {
        if !self.playing() || self.my_takeback.is_some() {
            return Err(ActionError::NoOffer);
        }
        if self.game.ply() == 0 {
            return Err(ActionError::NothingToTakeBack);
        }
        self.my_takeback = Some(self.game.ply());
        self.outbox.push(Message::TakebackRequest {
            ply: self.game.ply(),
        });
        Ok(())
    }

    /// Answers the peer's takeback request.
    pub fn answer_takeback(&mut self, accept: bool) -> Result<Vec<SessionEvent>, ActionError> {
        let Some(ply) = self.their_takeback.take() else {
            return Err(ActionError::NoOffer);
        };
        if !self.playing() || self.game.ply() != ply {
            return Err(ActionError::NoOffer);
        }
        self.outbox.push(Message::TakebackAnswer { ply, accept });
        if accept {
            self.game.undo();
            return Ok(vec![SessionEvent::TakenBack {
                ply: self.game.ply(),
            }]);
        }
        Ok(vec![])
    }

    /// Resigns: the peer wins.
    pub fn resign(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.playing() {
            return Err(ActionError::NotPlaying);
        }
        let winner = self.peer_side().unwrap_or(Side::White);
        self.outbox.push(Message::Resign);
        Ok(self.end(win_for(winner), EndReason::Resigned, true))
    }

    /// Our clock ran out: the peer wins on time (told at once, or after the
    /// reconnection with the result said again).
    pub fn out_of_time(&mut self) -> Result<Vec<SessionEvent>, ActionError> {
        if !self.started || self.result.is_some() {
            return Err(ActionError::NotPlaying);
        }
        let winner = self.peer_side().unwrap_or(Side::White);
        let playing = self.stage == Stage::Playing;
        Ok(self.end(win_for(winner), EndReason::Time, playing))
    }

    /// Sends a chat line.
    pub fn chat(&mut self, text: &str) -> Result<(), ActionError> {
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(ActionError::ChatTooLong);
        }
        self.outbox.push(Message::Chat { text: text.into() });
        Ok(())
    }

    /// Sends a ping; the peer's pong comes back as [`SessionEvent::Pong`].
    pub fn ping(&mut self, n: u64) {
        self.outbox.push(Message::Ping { n });
    }

    /// Says goodbye; the session closes.
    pub fn bye(&mut self) {
        self.outbox.push(Message::Bye);
        self.stage = Stage::Closed;
    }
}
