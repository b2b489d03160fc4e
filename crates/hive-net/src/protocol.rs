//! The wire protocol, version [`PROTOCOL_VERSION`]: one frame is a `u32`
//! big-endian length followed by that many bytes of JSON, one [`Message`]
//! per frame. See `docs/online.md` for the full description.

use serde::{Deserialize, Serialize};

use crate::error::PeerError;

/// The protocol version this crate speaks, sent in [`Message::Hello`].
pub const PROTOCOL_VERSION: &str = "1";

/// The largest frame body accepted (64 KiB); a larger length in a frame's
/// header is refused before its body is read.
pub const MAX_FRAME: usize = 64 * 1024;

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 280;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A game's clock: each player's time at the start and the increment.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clock {
    /// Each player's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added after each move, in milliseconds.
    pub increment_ms: u64,
}

/// The optional rules both peers play by: the rules' own
/// [`Options`](hive_rules::Options), on the wire by their field names
/// (`tournament_opening`, `threefold_repetition`, `turn_limit`).
pub type HouseRules = hive_rules::Options;

/// The game the host proposes, sent once the joiner is welcomed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSettings {
    /// The UHP GameTypeString: `Base`, `Base+M`, ..., `Base+MLP`.
    pub game_type: String,
    /// The host's colour, `"white"` or `"black"` on the wire (a random
    /// choice is made by the host before sending).
    pub host_side: hive_rules::Color,
    /// The clock, if the game is timed.
    pub clock: Option<Clock>,
    /// The optional rules.
    pub house_rules: HouseRules,
    /// The host's name.
    pub host_name: String,
    /// The joiner's name (as the joiner gave it in its hello).
    pub joiner_name: String,
    /// Which game between these two this is: 1 for the invitation's, one
    /// more for each rematch (left out on the wire when 1).
    #[serde(default = "first_round", skip_serializing_if = "is_first_round")]
    pub round: u32,
}

fn first_round() -> u32 {
    1
}

fn is_first_round(round: &u32) -> bool {
    *round == 1
}

impl GameSettings {
    /// The next game's settings after a rematch is agreed: the same game
    /// with the colours swapped, one round on.
    pub fn rematch(&self) -> GameSettings {
        GameSettings {
            host_side: self.host_side.opponent(),
            round: self.round + 1,
            ..self.clone()
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// By the rules, from the moves (a queen surrounded, a house-rule draw).
    Rules,
    /// A player resigned.
    Resigned,
    /// A draw offer was accepted.
    DrawAgreed,
    /// A clock reached zero.
    Time,
}

/// Whether a peer plays or only watches.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Plays one side.
    Player,
    /// Watches: gets the game and every move, never moves (see
    /// [`crate::watch`]; a host taking no watchers refuses it).
    Watcher,
}

/// One protocol message. On the wire, a JSON object whose `"type"` field is
/// the variant's name in snake case (`{"type":"move","ply":1,...}`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// The joiner's first message.
    Hello {
        /// The sending program and its version, e.g. `hive 0.1.0`.
        program: String,
        /// The protocol version, [`PROTOCOL_VERSION`].
        version: String,
        /// The joiner's name.
        name: String,
        /// The invitation's secret: 32 lowercase hex digits.
        secret: String,
        /// Playing or watching.
        role: Role,
    },
    /// The host's answer to a good hello.
    Welcome {
        /// The host program and its version.
        program: String,
        /// The protocol version.
        version: String,
        /// The host's name.
        name: String,
    },
    /// The host's answer to a bad hello; the connection is closed after it.
    Refuse {
        /// A stable key: `wrong-secret`, `version`, `role`, `busy`, `protocol`.
        reason: String,
    },
    /// The host's proposed game.
    Settings(GameSettings),
    /// The joiner accepts the settings: the game starts.
    Accept,
    /// The joiner declines the settings.
    Decline,
    /// A move.
    Move {
        /// The ply this move makes: 1 for the first move of the game.
        ply: u32,
        /// The UHP MoveString (`wS1`, `bA1 -wS1`, `pass`).
        mv: String,
        /// The position's hash after the move, 16 lowercase hex digits.
        hash: String,
        /// The mover's clock after the move, in milliseconds (timed games).
        clock_ms: Option<u64>,
    },
    /// The sender's whole game, answering a sync request or after a reconnection.
    Sync {
        /// The UHP GameString.
        game: String,
        /// (Host, in its sync after a hello) the settings both accepted, so
        /// that a joiner that lost its game (its program restarted without
        /// it) takes the sync as the game. Left out otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settings: Option<GameSettings>,
    },
    /// Asks the peer for a [`Message::Sync`].
    SyncRequest,
    /// Asks to take back the last move; `ply` is the game's ply when asked.
    TakebackRequest {
        /// The game's ply when asked.
        ply: u32,
    },
    /// The answer to a takeback request.
    TakebackAnswer {
        /// The ply of the request.
        ply: u32,
        /// Whether the last move is taken back.
        accept: bool,
    },
    /// Offers a draw.
    DrawOffer,
    /// The answer to a draw offer.
    DrawAnswer {
        /// Whether the game ends in a draw.
        accept: bool,
    },
    /// The sender resigns.
    Resign,
    /// A chat line of at most [`MAX_CHAT_CHARS`] characters.
    Chat {
        /// The line.
        text: String,
    },
    /// Asks for a pong with the same number.
    Ping {
        /// Any number.
        n: u64,
    },
    /// The answer to a ping.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// The sender leaves; the connection closes after it.
    Bye,
    /// (After the game's end) asks for another game: the same settings,
    /// the colours swapped. The host then proposes it ([`Message::Settings`]
    /// with the next `round`).
    RematchOffer,
    /// The answer to a rematch offer.
    RematchAnswer {
        /// Whether another game is played.
        accept: bool,
    },
    /// (Host, once the game started) the secret of the next game between
    /// these two: kept by both as friends, so the next invitation needs no
    /// pasting (32 lowercase hex digits).
    Friend {
        /// The next game's secret.
        secret: String,
    },
    /// The game has ended, as the sender sees it.
    GameOver {
        /// The result.
        result: GameResult,
        /// Why.
        reason: EndReason,
    },
}

/// Every message type's name on the wire, in the order of [`Message`].
pub const MESSAGE_TYPES: [&str; 22] = [
    "hello",
    "welcome",
    "refuse",
    "settings",
    "accept",
    "decline",
    "move",
    "sync",
    "sync_request",
    "takeback_request",
    "takeback_answer",
    "draw_offer",
    "draw_answer",
    "resign",
    "chat",
    "ping",
    "pong",
    "bye",
    "rematch_offer",
    "rematch_answer",
    "friend",
    "game_over",
];

impl Message {
    /// The message's type name on the wire.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Welcome { .. } => "welcome",
            Message::Refuse { .. } => "refuse",
            Message::Settings(_) => "settings",
            Message::Accept => "accept",
            Message::Decline => "decline",
            Message::Move { .. } => "move",
            Message::Sync { .. } => "sync",
            Message::SyncRequest => "sync_request",
            Message::TakebackRequest { .. } => "takeback_request",
            Message::TakebackAnswer { .. } => "takeback_answer",
            Message::DrawOffer => "draw_offer",
            Message::DrawAnswer { .. } => "draw_answer",
            Message::Resign => "resign",
            Message::Chat { .. } => "chat",
            Message::Ping { .. } => "ping",
            Message::Pong { .. } => "pong",
            Message::Bye => "bye",
            Message::RematchOffer => "rematch_offer",
            Message::RematchAnswer { .. } => "rematch_answer",
            Message::Friend { .. } => "friend",
            Message::GameOver { .. } => "game_over",
        }
    }

    /// The message as JSON (a frame's body).
    pub fn to_json(&self) -> String {
        // Serialising these plain enums cannot fail (string keys only).
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a frame's body: malformed JSON, a missing or unknown `type`,
    /// and bodies over [`MAX_FRAME`] are refused.
    pub fn from_json(body: &[u8]) -> Result<Message, PeerError> {
        if body.len() > MAX_FRAME {
            return Err(PeerError::Oversized { len: body.len() });
        }
        let value: serde_json::Value =
            serde_json::from_slice(body).map_err(|e| PeerError::Malformed {
                detail: e.to_string(),
            })?;
        let kind =
            value
                .get("type")
                .and_then(|t| t.as_str())
                .ok_or_else(|| PeerError::Malformed {
                    detail: "no \"type\" field".into(),
                })?;
        if !MESSAGE_TYPES.contains(&kind) {
            return Err(PeerError::UnknownMessage {
                kind: kind.chars().take(40).collect(),
            });
        }
        serde_json::from_value(value).map_err(|e| PeerError::Malformed {
            detail: e.to_string(),
        })
    }
}

/// The frame of one message: its length (`u32` big-endian) then its JSON.
/// A message whose JSON exceeds [`MAX_FRAME`] gives [`PeerError::Oversized`]
/// (only a chat or sync could, and both are checked before sending).
pub fn encode_frame(message: &Message) -> Result<Vec<u8>, PeerError> {
    let body = message.to_json();
    if body.len() > MAX_FRAME {
        return Err(PeerError::Oversized { len: body.len() });
    }
    let mut frame = Vec::with_capacity(4 + body.len());
    frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
    frame.extend_from_slice(body.as_bytes());
    Ok(frame)
}

/// A frame's body length from its header, refused past [`MAX_FRAME`]
/// (before the body is read).
fn frame_len(header: [u8; 4]) -> Result<usize, PeerError> {
    let len = u32::from_be_bytes(header) as usize;
    if len > MAX_FRAME {
        return Err(PeerError::Oversized { len });
    }
    Ok(len)
}

/// Cuts a byte stream into frames: the one frame reader, sans I/O. The
/// transport feeds it what it reads from a connection
/// (`transport::frames`), the fuzz tests feed it random and cut bytes.
/// Push bytes, then take messages until `None`: a reader drained so holds
/// less than one whole frame (at most 4 + [`MAX_FRAME`] bytes) plus what
/// the next push brings. After an oversized header the stream cannot be
/// followed any more: its bytes are dropped, and every later call gives
/// the same error.
#[derive(Default, Debug)]
pub struct FrameReader {
    buffer: Vec<u8>,
    broken: Option<PeerError>,
}

impl FrameReader {
    /// An empty reader.
    pub fn new() -> FrameReader {
        FrameReader::default()
    }

    /// Adds bytes read from the stream (dropped once it is broken).
    pub fn push(&mut self, bytes: &[u8]) {
        if self.broken.is_none() {
            self.buffer.extend_from_slice(bytes);
        }
    }

    /// The bytes held: the start of a frame not yet whole.
    pub fn buffered(&self) -> usize {
        self.buffer.len()
    }

    /// The next whole frame's message (or why it is refused), `None` when
    /// no whole frame is buffered yet. An oversized header is refused as
    /// soon as its four bytes are in, before any of its body.
    pub fn next_message(&mut self) -> Option<Result<Message, PeerError>> {
        if let Some(error) = &self.broken {
            return Some(Err(error.clone()));
        }
        let header: [u8; 4] = self.buffer.get(..4)?.try_into().ok()?;
        let len = match frame_len(header) {
            Ok(len) => len,
            Err(error) => {
                self.broken = Some(error.clone());
                self.buffer = Vec::new();
                return Some(Err(error));
            }
        };
        if self.buffer.len() < 4 + len {
            return None;
        }
        let message = Message::from_json(&self.buffer[4..4 + len]);
        self.buffer.drain(..4 + len);
        if self.buffer.is_empty() && self.buffer.capacity() > 2 * (4 + MAX_FRAME) {
            // A burst of frames is gone: its room too.
            self.buffer = Vec::new();
        }
        Some(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_name_is_listed() {
        let samples = [
            Message::Accept,
            Message::Decline,
            Message::SyncRequest,
            Message::DrawOffer,
            Message::Resign,
            Message::Bye,
            Message::Ping { n: 1 },
            Message::RematchOffer,
            Message::RematchAnswer { accept: true },
            Message::Friend {
                secret: "00".repeat(16),
            },
        ];
        for m in samples {
            assert!(MESSAGE_TYPES.contains(&m.kind()));
            assert_eq!(Message::from_json(m.to_json().as_bytes()), Ok(m));
        }
    }
}
