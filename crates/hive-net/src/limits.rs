//! What a peer can make us hold, and for how long: every queue and buffer
//! between the network and the game has a bound, and a peer that floods or
//! keeps sending what is refused loses its connection (see `docs/online.md`,
//! "Limits").
//!
//! - Reading: one connection's frame reader holds at most one frame
//!   ([`crate::MAX_FRAME`]) and one read ([`READ_CHUNK`]); events wait for
//!   the game in a queue of [`EVENT_QUEUE`] (watchers': [`WATCHER_EVENTS`]).
//!   When it is full the reader waits (backpressure): it reads no more, and
//!   QUIC's flow control stops the peer's sending.
//! - Writing: the game's commands wait in a queue of [`COMMAND_QUEUE`],
//!   frames for one connection in one of [`WRITE_QUEUE`]; a frame not taken
//!   by the peer within [`WRITE_TIMEOUT`] (a peer that does not read) or a
//!   full queue ends that connection instead of growing.
//! - Connections: at most [`MAX_HANDSHAKES`] are being set up at once; more
//!   are refused before their handshake.
//! - Messages: more than `FLOOD_BURST` at once, then `FLOOD_RATE` a second
//!   ([`crate::session::FLOOD_BURST`]), end the connection
//!   ([`crate::PeerError::Flood`] is fatal), and so do more than
//!   [`MAX_REFUSED`] refused messages on one connection ([`Refusals`]),
//!   with one message said for all of them.

use std::time::Duration;

use crate::error::PeerError;

/// The most events (messages, refusals, comings and goings) waiting for
/// [`crate::Link::poll`]. A game polls every frame and takes them all, so
/// 64 is more than a frame ever holds in play (a handful), while 64 frames
/// of at most 64 KiB keep a peer that outruns the game to 4 MiB.
pub const EVENT_QUEUE: usize = 64;

/// The most watcher events waiting for [`crate::Link::poll_watchers`],
/// for all watchers together: [`EVENT_QUEUE`] for each of four at once
/// (watchers say little: a hello, a ping, a goodbye).
pub const WATCHER_EVENTS: usize = 4 * EVENT_QUEUE;

/// The most commands (messages to send, hang-ups) waiting for the link's
/// thread. The thread takes them at once (a frame goes to the connection's
/// own queue, never waits for the network), so this is only slack for a
/// burst from the game; a message that finds it full drops the connection,
/// as a network failure would (the session's sync after the reconnection
/// makes up for it).
pub const COMMAND_QUEUE: usize = 256;

/// The most frames waiting to be written to one connection (the player's
/// or one watcher's). A game sends a few a move; a peer that reads nothing
/// fills QUIC's window, then this queue, and is then dropped.
pub const WRITE_QUEUE: usize = 64;

/// How long one frame may wait to be written. QUIC holds our writes while
/// the peer does not read; a peer that reads nothing for this long is not
/// playing (a move is a few hundred bytes) and its connection is ended.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The most bytes taken from a connection in one read, fed to the frame
/// reader: with one frame's worth ([`crate::MAX_FRAME`]) the most it holds.
pub const READ_CHUNK: usize = 16 * 1024;

/// The most incoming connections a host sets up at once (handshake, first
/// stream, hello), each on a task of its own; one more is refused before
/// its handshake. A player and the watchers' cap fit well within it; a
/// peer opening connections by the thousand does not.
pub const MAX_HANDSHAKES: usize = 32;

/// The most refused messages one connection may send before it is ended.
/// A peer that plays by the rules is refused at most a few times a
/// connection (a move crossing a takeback, a position brought together by
/// a sync); twenty is far past that, and a peer sending only junk is gone
/// after twenty frames.
pub const MAX_REFUSED: u32 = 20;

/// What to do with one refused message ([`Refusals::refused`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Say it: the first refusal of this connection.
    Show,
    /// Count it and say nothing: one was said already, or the connection
    /// is being ended.
    Quiet,
    /// End the connection (send what is queued, then hang up) and say
    /// this, once: the refusal itself when it is fatal, else
    /// [`PeerError::TooManyRefused`].
    HangUp(PeerError),
}

/// One connection's refused messages (frames that are no message, and
/// messages the session or audience refused): the first is said, the rest
/// counted; a fatal one or one past [`MAX_REFUSED`] ends the connection,
/// said once, and what the peer sends until it is gone is not said at all.
/// Call [`Refusals::connected`] for every new connection.
#[derive(Clone, Default, Debug)]
pub struct Refusals {
    count: u32,
    ending: bool,
}

impl Refusals {
    /// No refusal yet.
    pub fn new() -> Refusals {
        Refusals::default()
    }

    /// A new connection: counted afresh.
    pub fn connected(&mut self) {
        *self = Refusals::default();
    }

    /// Refused messages on this connection so far.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Whether the connection is being ended.
    pub fn ending(&self) -> bool {
        self.ending
    }

    /// One more refused message: what to do.
    pub fn refused(&mut self, error: &PeerError) -> Verdict {
        self.count = self.count.saturating_add(1);
        if self.ending {
            return Verdict::Quiet;
        }
        if error.is_fatal() {
            self.ending = true;
            return Verdict::HangUp(error.clone());
        }
        if self.count > MAX_REFUSED {
            self.ending = true;
            return Verdict::HangUp(PeerError::TooManyRefused { count: self.count });
        }
        if self.count == 1 {
            Verdict::Show
        } else {
            Verdict::Quiet
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_is_said_the_rest_counted_and_past_the_limit_it_ends_once() {
        let mut refusals = Refusals::new();
        let junk = PeerError::Malformed { detail: "x".into() };
        assert_eq!(refusals.refused(&junk), Verdict::Show);
        for _ in 1..MAX_REFUSED {
            assert_eq!(refusals.refused(&junk), Verdict::Quiet);
        }
        assert_eq!(
            refusals.refused(&junk),
            Verdict::HangUp(PeerError::TooManyRefused {
                count: MAX_REFUSED + 1
            })
        );
        for _ in 0..1000 {
            assert_eq!(refusals.refused(&PeerError::Flood), Verdict::Quiet);
        }
        assert_eq!(refusals.count(), MAX_REFUSED + 1001);
        refusals.connected();
        assert_eq!(
            refusals.refused(&PeerError::Flood),
            Verdict::HangUp(PeerError::Flood)
        );
        assert_eq!(refusals.refused(&PeerError::Flood), Verdict::Quiet);
    }
}
