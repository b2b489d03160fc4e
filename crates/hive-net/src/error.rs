//! What a peer can do wrong, each with a stable key for the game's words.

use hive_rules::RuleError;

/// A message refused from the peer. The game is never changed by a refused
/// message. [`PeerError::key`] is a stable key per variant (`peer-…`), for
/// the game's translations; [`PeerError::is_fatal`] says whether the
/// connection cannot go on after it.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PeerError {
    /// The frame's body is not a message: bad JSON or bad fields.
    #[error("the peer sent a malformed message: {detail}")]
    Malformed {
        /// What the JSON reader said.
        detail: String,
    },
    /// A frame longer than [`crate::MAX_FRAME`], refused from its header.
    #[error("the peer sent a frame of {len} bytes (at most 65536)")]
    Oversized {
        /// The length in the header.
        len: usize,
    },
    /// A message type this version does not know.
    #[error("the peer sent an unknown message type '{kind}'")]
    UnknownMessage {
        /// The type's name (cut to 40 characters).
        kind: String,
    },
    /// The hello's secret is not the invitation's.
    #[error("the peer does not have this game's invitation (wrong secret)")]
    WrongSecret,
    /// Another protocol version.
    #[error("the peer speaks protocol version '{theirs}', this program speaks '1'")]
    Version {
        /// The peer's version.
        theirs: String,
    },
    /// A role this end does not take: a watcher's hello to a host that
    /// takes no watchers (or to the player's seat), a player's hello on the
    /// watchers' side.
    #[error("the peer asked to join in a role this game does not take")]
    Role,
    /// A watcher sent what only a player may send (a move, an offer, a
    /// resignation, a chat line, settings' answers, a sync): watchers
    /// cannot change the game. The watcher is hung up on.
    #[error("a watcher sent '{got}': watchers cannot play, offer, resign or chat")]
    WatcherActed {
        /// The message's type.
        got: &'static str,
    },
    /// The host refused us.
    #[error("the host refused the connection ({reason})")]
    Refused {
        /// The host's reason key.
        reason: String,
    },
    /// A message that has no place at this point of the conversation.
    #[error("the peer sent '{got}' while '{expected}' was expected")]
    OutOfOrder {
        /// What was expected.
        expected: &'static str,
        /// What came.
        got: &'static str,
    },
    /// Settings that cannot be played (unknown game type, bad name).
    #[error("the peer's game settings cannot be played: {detail}")]
    BadSettings {
        /// What is wrong.
        detail: String,
    },
    /// A move for a ply beyond the next one: a sync is asked for.
    #[error("the peer's move is for ply {got}, the next is {expected}")]
    PlyAhead {
        /// The next ply.
        expected: u32,
        /// The move's ply.
        got: u32,
    },
    /// A move by the side not on move.
    #[error("the peer moved out of turn")]
    OutOfTurn,
    /// A move string that cannot be read.
    #[error("the peer's move '{mv}' cannot be read: {detail}")]
    BadMove {
        /// The move string (cut to 40 characters).
        mv: String,
        /// Why.
        detail: String,
    },
    /// A move that breaks a rule.
    #[error("the peer's move '{mv}' is illegal: {rule}")]
    IllegalMove {
        /// The move string.
        mv: String,
        /// The rule it breaks.
        rule: RuleError,
    },
    /// The position after the peer's move is not the one the peer has: a
    /// sync is asked for.
    #[error("the position after ply {ply} differs from the peer's: a sync is asked for")]
    HashMismatch {
        /// The move's ply.
        ply: u32,
    },
    /// A sync whose game cannot be read.
    #[error("the peer's game cannot be read: {detail}")]
    BadSync {
        /// Why.
        detail: String,
    },
    /// A sync whose game is not a continuation of ours.
    #[error("the peer's game differs from ours from ply {ply} on")]
    SyncDiverges {
        /// The first ply that differs.
        ply: u32,
    },
    /// An answer to an offer or request that was not made, or a second one.
    #[error("the peer answered an offer that was not made, or repeated one")]
    NoSuchOffer,
    /// A chat line over [`crate::MAX_CHAT_CHARS`].
    #[error("the peer's chat line has {chars} characters (at most 280)")]
    ChatTooLong {
        /// Its length.
        chars: usize,
    },
    /// More messages than the flood limit allows (a burst of 60, then 20 a
    /// second): the connection is ended.
    #[error("the peer sends too many messages")]
    Flood,
    /// More refused messages on one connection than
    /// [`crate::limits::MAX_REFUSED`]: the connection is ended.
    #[error("the peer sent {count} messages that were refused: the connection was closed")]
    TooManyRefused {
        /// How many were refused.
        count: u32,
    },
    /// A game-changing message after the game's end.
    #[error("the game is over")]
    GameOver,
    /// The peer's result is not ours.
    #[error("the peer says the game ended otherwise")]
    ResultDiffers,
}

impl PeerError {
    /// A stable key per variant, for the game's translations.
    pub fn key(&self) -> &'static str {
        match self {
            PeerError::Malformed { .. } => "peer-malformed",
            PeerError::Oversized { .. } => "peer-oversized",
            PeerError::UnknownMessage { .. } => "peer-unknown-message",
            PeerError::WrongSecret => "peer-wrong-secret",
            PeerError::Version { .. } => "peer-version",
            PeerError::Role => "peer-role",
            PeerError::WatcherActed { .. } => "peer-watcher-acted",
            PeerError::Refused { .. } => "peer-refused",
            PeerError::OutOfOrder { .. } => "peer-out-of-order",
            PeerError::BadSettings { .. } => "peer-bad-settings",
            PeerError::PlyAhead { .. } => "peer-ply-ahead",
            PeerError::OutOfTurn => "peer-out-of-turn",
            PeerError::BadMove { .. } => "peer-bad-move",
            PeerError::IllegalMove { .. } => "peer-illegal-move",
            PeerError::HashMismatch { .. } => "peer-hash-mismatch",
            PeerError::BadSync { .. } => "peer-bad-sync",
            PeerError::SyncDiverges { .. } => "peer-sync-diverges",
            PeerError::NoSuchOffer => "peer-no-such-offer",
            PeerError::ChatTooLong { .. } => "peer-chat-too-long",
            PeerError::Flood => "peer-flood",
            PeerError::TooManyRefused { .. } => "peer-too-many-refused",
            PeerError::GameOver => "peer-game-over",
            PeerError::ResultDiffers => "peer-result-differs",
        }
    }

    /// Whether the connection must be closed after it: the handshake's
    /// failures, a broken frame stream, a diverging game, a flood and too
    /// many refusals.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            PeerError::Oversized { .. }
                | PeerError::WrongSecret
                | PeerError::Version { .. }
                | PeerError::Role
                | PeerError::WatcherActed { .. }
                | PeerError::Refused { .. }
                | PeerError::SyncDiverges { .. }
                | PeerError::BadSettings { .. }
                | PeerError::Flood
                | PeerError::TooManyRefused { .. }
        ) || matches!(self, PeerError::OutOfOrder { expected, .. } if *expected == "hello" || *expected == "welcome")
    }
}

/// A local action the session cannot take now (the player's mistake, not
/// the peer's).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ActionError {
    /// The game has not started (no settings accepted yet) or is over.
    #[error("no game is in progress")]
    NotPlaying,
    /// It is the peer's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The move string cannot be read.
    #[error("'{mv}' is not a move: {detail}")]
    BadMove {
        /// The move string.
        mv: String,
        /// Why.
        detail: String,
    },
    /// The move breaks a rule.
    #[error("{0}")]
    Illegal(RuleError),
    /// There is nothing to answer, or a request of ours is already pending.
    #[error("there is no such offer")]
    NoOffer,
    /// A chat line too long.
    #[error("a chat line has at most 280 characters")]
    ChatTooLong,
    /// The host's settings cannot be played.
    #[error("the game settings cannot be played: {0}")]
    BadSettings(String),
    /// Nothing to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
}
