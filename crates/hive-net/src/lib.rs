//! Online play for Hive, with no window: the wire protocol
//! ([`protocol`], `docs/online.md`), one game's connection as a pure state
//! machine ([`Session`]), invitations ([`Invitation`]) and an iroh
//! transport behind a synchronous, pollable handle ([`Link`]) a game's
//! frame can call without blocking. Watchers, who follow a game and cannot
//! move, have their own state machines ([`watch`]: the host's
//! [`Audience`], the watcher's [`Watch`]) and their own events on the
//! host's link ([`WatcherEvent`]). The `cli` feature adds the headless
//! peers, `hive online host|join|watch` ([`cli::OnlineCommand`]).
//!
//! A game frame's loop, in short:
//!
//! ```no_run
//! use hive_net::{Event, Link, Network, Session};
//! # fn frame(link: &mut Link, session: &mut Session) {
//! for event in link.poll() {
//!     match event {
//!         Event::Connected { .. } => session.connected(),
//!         Event::Disconnected { .. } => session.disconnected(),
//!         Event::Message(message) => match session.receive(message) {
//!             Ok(events) => { /* show them */ }
//!             Err(refused) => { /* refused.key() names it for the words */ }
//!         },
//!         _ => {}
//!     }
//! }
//! for message in session.take_outgoing() {
//!     link.send(message);
//! }
//! # }
//! ```

pub mod error;
pub mod friends;
pub mod invite;
pub mod limits;
pub mod protocol;
pub mod resume;
pub mod session;
pub mod transport;
pub mod watch;

#[cfg(feature = "cli")]
pub mod cli;

pub use error::{ActionError, PeerError};
pub use friends::{Friend, Friends, LastResult};
pub use invite::{Invitation, InviteError, LINK_PREFIX, Secret};
pub use limits::{MAX_REFUSED, Refusals, Verdict};
pub use protocol::{
    Clock, EndReason, FrameReader, GameResult, GameSettings, HouseRules, MAX_CHAT_CHARS, MAX_FRAME,
    MESSAGE_TYPES, Message, PROTOCOL_VERSION, Role, encode_frame,
};
pub use session::{Seat, Session, SessionEvent, Stage};
pub use transport::{
    Event, Link, LinkError, MAX_WATCHERS, Network, PathKind, WatcherEvent, check_local,
    check_local_invitation,
};
pub use watch::{Audience, AudienceEvent, Watch, WatchEvent, WatchStage, WatcherId};
