//! One game's connection as a pure state machine: no I/O, no clock of its
//! own. Every incoming message is checked before it touches the game; a
//! refused one leaves the game as it was and gives a [`PeerError`].
//!
//! The caller feeds it what the transport received ([`Session::receive`]),
//! tells it when the connection comes and goes ([`Session::connected`],
//! [`Session::disconnected`]), takes the player's actions ([`Session::play`],
//! [`Session::offer_draw`], ...) and sends whatever
//! [`Session::take_outgoing`] returns, in order.

mod actions;
mod bucket;
mod receive;

use std::time::Instant;

use hive_rules::{Color, Game, GameStatus, GameType, Move, NotationError};

pub(crate) use self::bucket::Bucket;
pub use self::bucket::{FLOOD_BURST, FLOOD_RATE};
use crate::error::{ActionError, PeerError};
use crate::invite::Secret;
use crate::protocol::{
    EndReason, GameResult, GameSettings, MAX_CHAT_CHARS, MAX_NAME_CHARS, Message, PROTOCOL_VERSION,
    Role,
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
        side: Color,
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
    /// The peer asks for another game (after the end): answer with
    /// [`Session::answer_rematch`].
    RematchOffered,
    /// The peer declined our rematch offer.
    RematchDeclined,
    /// A rematch was agreed: the host proposes the next game (a
    /// [`SessionEvent::Started`] follows once both have it).
    RematchAgreed,
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
        /// Why.
        reason: EndReason,
    },
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
    wait_peer_sync: bool,
    my_rematch: bool,
    their_rematch: bool,
    /// (Joiner) a rematch was agreed: the host's next settings are
    /// accepted when they come (kept across a drop, which may have lost
    /// the answer or the settings).
    rematch_agreed: bool,
    /// The secret of the next game between the two, once known (the
    /// host's own; the joiner's from the host's [`Message::Friend`]).
    friend_secret: Option<Secret>,
}

pub(crate) fn clip(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

/// The host's answer to a hello, as the joiner or a watcher reads it: the
/// host's name, clipped, or why not. A wrong version and a refusal end the
/// handshake ([`closes_handshake`]); another message first is only refused.
pub(crate) fn read_welcome(message: Message) -> Result<String, PeerError> {
    match message {
        Message::Welcome { version, name, .. } if version == PROTOCOL_VERSION => {
            Ok(clip(&name, MAX_NAME_CHARS))
        }
        Message::Welcome { version, .. } => Err(PeerError::Version {
            theirs: clip(&version, 20),
        }),
        Message::Refuse { reason } => Err(PeerError::Refused {
            reason: clip(&reason, 40),
        }),
        other => Err(PeerError::OutOfOrder {
            expected: "welcome",
            got: other.kind(),
        }),
    }
}

/// Whether [`read_welcome`]'s error ends the handshake.
pub(crate) fn closes_handshake(error: &PeerError) -> bool {
    !matches!(error, PeerError::OutOfOrder { .. })
}

pub(crate) fn hash_hex(game: &Game) -> String {
    format!("{:016x}", game.hash())
}

/// A peer's move `mv` at `ply` (the next) played on `game` by the rules:
/// the game after it and the move's canonical text, or why not. A hash
/// that is not the game's after the move is [`PeerError::HashMismatch`],
/// and the two games differ: a sync request goes to `outbox`.
pub(crate) fn play_peer_move(
    game: &Game,
    ply: u32,
    mv: &str,
    hash: &str,
    outbox: &mut Vec<Message>,
) -> Result<(Game, String), PeerError> {
    let illegal = |rule| PeerError::IllegalMove {
        mv: clip(mv, 40),
        rule,
    };
    let parsed = game.parse_move(mv).map_err(|e| PeerError::BadMove {
        mv: clip(mv, 40),
        detail: e.to_string(),
    })?;
    game.check_move(parsed).map_err(illegal)?;
    let canonical = game.move_string(parsed);
    let mut after = game.clone();
    after.play(parsed).map_err(illegal)?;
    if !hash.eq_ignore_ascii_case(&hash_hex(&after)) {
        outbox.push(Message::SyncRequest);
        return Err(PeerError::HashMismatch { ply });
    }
    Ok((after, canonical))
}

/// A peer's whole game `text` (a GameString) read with `ours`' options:
/// the game, or why not (one that does not read, or of another game type).
pub(crate) fn read_peer_game(ours: &Game, text: &str) -> Result<Game, PeerError> {
    let theirs =
        Game::from_game_string_with(text, ours.options()).map_err(|e| PeerError::BadSync {
            detail: clip(&e.to_string(), 200),
        })?;
    if theirs.game_type() != ours.game_type() {
        return Err(PeerError::BadSync {
            detail: format!("a game of {}", theirs.game_type()),
        });
    }
    Ok(theirs)
}

pub(crate) fn result_of(status: GameStatus) -> Option<GameResult> {
    match status {
        GameStatus::WhiteWins => Some(GameResult::WhiteWins),
        GameStatus::BlackWins => Some(GameResult::BlackWins),
        GameStatus::Draw => Some(GameResult::Draw),
        GameStatus::NotStarted | GameStatus::InProgress => None,
    }
}

fn win_for(side: Color) -> GameResult {
    match side {
        Color::White => GameResult::WhiteWins,
        Color::Black => GameResult::BlackWins,
    }
}

/// Why settings cannot be played ([`check_settings`]); the words are the
/// detail of [`PeerError::BadSettings`] and [`ActionError::BadSettings`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum SettingsError {
    /// The game type is not one this program knows.
    #[error(transparent)]
    GameType(#[from] NotationError),
    /// A player's name over [`MAX_NAME_CHARS`] characters.
    #[error("a name over {max} characters", max = MAX_NAME_CHARS)]
    NameTooLong,
    /// A turn limit of 0.
    #[error("a turn limit of 0")]
    ZeroTurnLimit,
}

/// Checks settings a peer sent or a host made: a known game type, names
/// within [`MAX_NAME_CHARS`].
pub(crate) fn check_settings(settings: &GameSettings) -> Result<Game, SettingsError> {
    let game_type: GameType = settings.game_type.parse()?;
    for name in [&settings.host_name, &settings.joiner_name] {
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(SettingsError::NameTooLong);
        }
    }
    if settings.house_rules.turn_limit == Some(0) {
        return Err(SettingsError::ZeroTurnLimit);
    }
    Ok(Game::with_options(game_type, settings.house_rules))
}

impl Session {
    /// The host's session: `settings` is the game proposed to whoever
    /// comes with `secret` (its `joiner_name` is filled from their hello).
    pub fn host(secret: Secret, settings: GameSettings) -> Result<Session, ActionError> {
        let game =
            check_settings(&settings).map_err(|e| ActionError::BadSettings(e.to_string()))?;
        let name = settings.host_name.clone();
        let mut session = Session::new(Seat::Host, secret, name, game);
        session.settings = Some(settings);
        Ok(session)
    }

    /// A session brought back from a saved game (after the program was
    /// closed, killed, or its machine restarted): the game goes on from
    /// `game` once the connection is up again (each side's sync makes up
    /// for moves the other missed). `settings` are the ones both accepted;
    /// `name` is ours. Until the peer's first sync it does not move (see
    /// [`Session::awaiting_peer_sync`]), and that sync may bring moves of
    /// both sides: the saved game may lack our own last move, sent before
    /// the program stopped but not saved.
    pub fn resumed(
        seat: Seat,
        secret: Secret,
        name: &str,
        settings: GameSettings,
        game: Game,
    ) -> Result<Session, ActionError> {
        let fresh =
            check_settings(&settings).map_err(|e| ActionError::BadSettings(e.to_string()))?;
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
        session.wait_peer_sync = true;
        if let Some(result) = result_of(session.game.status()) {
            session.result = Some((result, EndReason::Rules));
        }
        Ok(session)
    }

    /// A resumed session's result as it was saved (a resignation, an
    /// agreed draw or a time loss, which the moves do not show); `None`
    /// keeps the one the moves give.
    pub fn with_result(mut self, result: Option<(GameResult, EndReason)>) -> Session {
        if result.is_some() {
            self.result = result;
        }
        self
    }

    /// Whether this resumed session still waits for the peer's sync before
    /// it moves (the peer may have moves it lacks, its own included).
    pub fn awaiting_peer_sync(&self) -> bool {
        self.wait_peer_sync
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
            bucket: Bucket::new(),
            result: None,
            my_draw_offer: false,
            their_draw_offer: false,
            my_takeback: None,
            their_takeback: None,
            peer_clock_ms: None,
            peer_result: None,
            wait_peer_sync: false,
            my_rematch: false,
            their_rematch: false,
            rematch_agreed: false,
            friend_secret: (seat == Seat::Host).then(Secret::random),
        }
    }

    /// The game's secret (the invitation's).
    pub fn secret(&self) -> Secret {
        self.secret
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
    pub fn my_side(&self) -> Option<Color> {
        let host_side = self.settings.as_ref()?.host_side;
        Some(match self.seat {
            Seat::Host => host_side,
            Seat::Joiner => host_side.opponent(),
        })
    }

    /// Whether we may move now: the game started and not over, our side to
    /// move, connected or not (a move made while the line is down reaches
    /// the peer with the sync after the reconnection).
    pub fn may_move(&self) -> bool {
        self.started
            && self.result.is_none()
            && self.stage != Stage::Closed
            && !self.wait_peer_sync
            && self
                .my_side()
                .is_some_and(|side| side == self.game.to_move())
    }

    /// Whether the game is on and it is our move.
    pub fn is_my_turn(&self) -> bool {
        self.playing()
            && !self.wait_peer_sync
            && self
                .my_side()
                .is_some_and(|side| side == self.game.to_move())
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

    /// Which game between the two this is: 1 for the invitation's, one
    /// more for each rematch.
    pub fn round(&self) -> u32 {
        self.settings.as_ref().map_or(1, |s| s.round)
    }

    /// The secret of the next game between these two, once known: kept
    /// with the friend, so the next invitation needs no pasting.
    pub fn friend_secret(&self) -> Option<Secret> {
        self.friend_secret
    }

    /// Whether the peer's rematch offer waits for our answer.
    pub fn rematch_offered(&self) -> bool {
        self.their_rematch
    }

    /// Whether our rematch offer waits for the peer's answer (or, agreed,
    /// for the host's next settings).
    pub fn rematch_asked(&self) -> bool {
        self.my_rematch || self.rematch_agreed
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
        self.my_rematch = false;
        self.their_rematch = false;
        if self.stage != Stage::Closed {
            self.stage = Stage::Disconnected;
        }
    }

    fn playing(&self) -> bool {
        self.stage == Stage::Playing && self.started && self.result.is_none()
    }

    fn peer_side(&self) -> Option<Color> {
        self.my_side().map(Color::opponent)
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
        self.bucket.take(now)?;
        let result = self.dispatch(message);
        self.bucket
            .refund_moves(&result, |e| matches!(e, SessionEvent::Moved { .. }));
        result
    }
}
