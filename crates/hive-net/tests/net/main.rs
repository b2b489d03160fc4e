//! hive-net's tests: sessions paired in memory, every bad peer, a fuzz
//! run, invitations, the iroh transport on loopback, the headless peers,
//! a hostile peer against the headless host, watching, and the wire's
//! spelling of a colour.

mod bad_peer;
mod friends;
mod fuzz;
#[cfg(feature = "cli")]
mod headless;
#[cfg(feature = "cli")]
mod hostile;
mod invite;
mod pairing;
mod rematch;
#[cfg(feature = "cli")]
mod resume;
mod resume_session;
mod transport;
mod util;
mod watch_link;
mod watching;
mod wire;
