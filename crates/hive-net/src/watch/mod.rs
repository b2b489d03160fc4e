//! Watching: a game followed live by people who cannot move, as pure state
//! machines like [`crate::Session`] (no I/O, no clock of their own).
//!
//! - The host keeps an [`Audience`] next to its session: it knows the
//!   *watch secret* (not the player's: a watch invitation can never be used
//!   to play, nor the player's invitation to watch), welcomes each watcher
//!   with the settings and the game so far, and forwards every move,
//!   takeback and end the host's session sees ([`Audience::update`]). It
//!   only reads the session: nothing a watcher sends can change the game.
//!   A watcher sending anything but `ping`, `pong`, `sync_request` or
//!   `bye` is refused with [`crate::PeerError::WatcherActed`] and hung up on.
//! - A watcher runs a [`Watch`]: it sends the hello with the watcher role,
//!   takes the game so far and follows it, checking every move with the
//!   rules engine as a player's session does.
//!
//! The transport tells watchers apart from the player by the hello's role
//! (see [`crate::Link::allow_watchers`]) and reports them with their own
//! events ([`crate::WatcherEvent`]), each tagged with a [`WatcherId`].
//! The chat stays between the two players: it is not forwarded.

mod audience;
mod watcher;

pub use audience::{Audience, AudienceEvent};
pub use watcher::{Watch, WatchEvent, WatchStage};

/// One watcher's connection on the host. A watcher who comes back after a
/// drop is a new connection with a new id; ids are never used twice by one
/// link.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct WatcherId(pub u64);
