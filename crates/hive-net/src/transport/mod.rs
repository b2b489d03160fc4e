//! The iroh transport (QUIC dialled by public key, hole punching, relays as
//! fallback) on its own thread and tokio runtime, behind a synchronous
//! handle: [`Link::send`] queues a message, [`Link::poll`] returns what
//! happened without blocking, so a game's frame can call both every frame.
//!
//! The host accepts again after a drop; the joiner dials again with a
//! backoff (0.1 s doubling to 5 s). Every connection carries one
//! bi-directional stream of frames (`protocol`). A message is sent on the
//! connection the caller last saw come up: [`Link::poll`] stops after a
//! [`Event::Connected`], and messages sent before the caller saw the
//! current connection are dropped, so nothing meant for an old connection
//! reaches a new one (the session's hello and sync make up for them).
//!
//! Watchers ([`Link::allow_watchers`]): the host then reads each new
//! connection's hello before reporting it; one with the watcher role is a
//! watcher's, reported apart ([`WatcherEvent`], [`Link::poll_watchers`])
//! and served on its own, up to the cap; any other is the player's, as
//! before. The player's connection, its drops and reconnections are
//! unchanged by watchers coming and going.
//!
//! [`Network::Local`] never leaves the machine: no relay, no address lookup,
//! no port mapping, sockets bound to 127.0.0.1 only, and a guard
//! ([`check_local`]) refusing to dial or accept any other address before a
//! socket is touched.

mod frames;
mod queue;
mod run;
mod watchers;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use iroh::{EndpointAddr, PublicKey, RelayUrl, TransportAddr};
use tokio::sync::Notify;
use tokio::sync::mpsc::{self, error::TrySendError};
use url::Url;

use self::queue::EventReceiver;
use self::watchers::{WatcherCommand, Watching};
use crate::error::PeerError;
use crate::invite::{Invitation, Secret};
use crate::limits::{COMMAND_QUEUE, EVENT_QUEUE, WATCHER_EVENTS};
use crate::protocol::{Message, Role};
pub use crate::watch::WatcherId;

/// The ALPN of protocol version 1.
pub const ALPN: &[u8] = b"hive/online/1";

/// Where a link may go.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Network {
    /// This machine only: bound to 127.0.0.1, no relay, no address lookup,
    /// no port mapping; non-loopback addresses refused. For tests and
    /// trying it out.
    Local,
    /// Over the internet: iroh's n0 preset (address lookup, n0's relays,
    /// port mapping), or a relay of one's own.
    Public {
        /// A relay to use instead of n0's.
        relay: Option<Url>,
    },
}

/// How a connection's packets travel.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PathKind {
    /// Straight between the two machines.
    Direct,
    /// Through a relay server.
    Relayed,
}

/// What the link reports, in order.
#[derive(Clone, PartialEq, Debug)]
pub enum Event {
    /// A connection is up: call `Session::connected`.
    Connected {
        /// Direct or relayed.
        path: PathKind,
        /// The round trip measured by QUIC.
        rtt: Duration,
    },
    /// A message from the peer.
    Message(Message),
    /// A frame refused before it became a message (malformed, oversized,
    /// unknown); an oversized one also drops the connection.
    Refused(PeerError),
    /// The connection dropped: call `Session::disconnected`.
    Disconnected {
        /// Why, in words.
        reason: String,
    },
    /// (Joiner) the next dial, after `delay`.
    Reconnecting {
        /// Attempts so far.
        attempt: u32,
        /// The wait before it.
        delay: Duration,
    },
    /// (Public mode) the endpoint reached its relay or gave up waiting:
    /// [`Link::invitation`] now has its public addresses and relay.
    Online,
    /// Something failed that the link cannot mend (the link has stopped).
    Error(String),
}

/// What the host's link reports about watchers, in order for each watcher
/// (see [`Link::poll_watchers`]). Never mixed with the player's [`Event`]s.
#[derive(Clone, PartialEq, Debug)]
pub enum WatcherEvent {
    /// A watcher's connection is up: call `Audience::connected`. Its hello
    /// follows at once.
    Connected {
        /// The watcher's connection.
        id: WatcherId,
    },
    /// A message from the watcher: `Audience::receive`.
    Message {
        /// The watcher's connection.
        id: WatcherId,
        /// The message.
        message: Message,
    },
    /// A frame from the watcher refused before it became a message.
    Refused {
        /// The watcher's connection.
        id: WatcherId,
        /// Why.
        error: PeerError,
    },
    /// The watcher's connection closed: call `Audience::disconnected`.
    Disconnected {
        /// The watcher's connection.
        id: WatcherId,
        /// Why, in words.
        reason: String,
    },
}

/// The most watchers a host takes at once; [`Link::allow_watchers`] may
/// set fewer. One more is sent `refuse` (`"full"`) and closed.
pub const MAX_WATCHERS: usize = 16;

/// Why a link cannot start.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LinkError {
    /// The local mode's guard: an address outside this machine.
    #[error("the local mode refuses {0}: not a loopback address")]
    NotLoopback(String),
    /// The invitation names no address to dial.
    #[error("the invitation names no address to dial")]
    NoAddress,
    /// The invitation's key or relay cannot be read.
    #[error("the invitation is damaged: {0}")]
    BadInvitation(String),
    /// The endpoint could not bind.
    #[error("the network endpoint could not start: {0}")]
    Bind(String),
}

/// The local mode's guard: `Ok` only for a loopback address.
pub fn check_local(addr: &SocketAddr) -> Result<(), LinkError> {
    if addr.ip().is_loopback() {
        Ok(())
    } else {
        Err(LinkError::NotLoopback(addr.to_string()))
    }
}

/// Checks an invitation against the local mode before anything is dialled:
/// every address loopback, no relay, at least one address.
pub fn check_local_invitation(invitation: &Invitation) -> Result<(), LinkError> {
    if let Some(relay) = &invitation.relay {
        return Err(LinkError::NotLoopback(relay.clone()));
    }
    if invitation.addrs.is_empty() {
        return Err(LinkError::NoAddress);
    }
    invitation.addrs.iter().try_for_each(check_local)
}

pub(crate) enum Command {
    Send(u64, Message),
    Cut,
    HangUp,
}

/// What the handle tells the link's thread past the command queue (which
/// may be full): to close, or that a command did not fit.
#[derive(Default)]
pub(crate) struct Control {
    closing: AtomicBool,
    overflowed: AtomicBool,
    wake: Notify,
}

impl Control {
    fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    fn overflow(&self) {
        self.overflowed.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }

    pub(crate) fn closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }

    /// Whether a command did not fit since the last call.
    pub(crate) fn take_overflow(&self) -> bool {
        self.overflowed.swap(false, Ordering::SeqCst)
    }

    /// Wakes when [`Control::close`] or [`Control::overflow`] is called
    /// (or was, since the last wake).
    pub(crate) async fn woken(&self) {
        self.wake.notified().await;
    }
}

/// One game's connection, from one end: a thread with its own tokio
/// runtime, driven through this synchronous handle. It is `Send` and
/// `Sync` (it can be a Bevy resource); dropping it closes the connection
/// and ends the thread, like [`Link::close`], which may wait up to five
/// seconds for the peer to have the last messages. A window calls
/// [`Link::close_later`] instead, which waits for nothing.
///
/// Every queue between the handle and the network is bounded
/// ([`crate::limits`]): a peer cannot make it hold more than a few MiB.
pub struct Link {
    commands: mpsc::Sender<Command>,
    control: Arc<Control>,
    events: EventReceiver<Event>,
    pending: VecDeque<Event>,
    epoch: u64,
    thread: Option<JoinHandle<()>>,
    id: [u8; 32],
    reach: Arc<Mutex<Reach>>,
    watching: Arc<Watching>,
    watcher_events: EventReceiver<WatcherEvent>,
}

/// A link closing on its own thread ([`Link::close_later`]).
pub struct Closing(Option<JoinHandle<()>>);

impl Closing {
    /// Whether the link's thread has ended.
    pub fn is_done(&self) -> bool {
        self.0.as_ref().is_none_or(|thread| thread.is_finished())
    }

    /// Waits for the link's thread to end (at most about five seconds).
    pub fn wait(mut self) {
        if let Some(thread) = self.0.take() {
            let _ = thread.join();
        }
    }
}

/// How the endpoint can be reached: its addresses and relay.
#[derive(Clone, Default, Debug)]
struct Reach {
    addrs: Vec<SocketAddr>,
    relay: Option<String>,
}

pub(crate) enum Side {
    Host,
    Join(EndpointAddr),
}

impl Link {
    /// Starts hosting: binds an endpoint (quickly: it does not wait for the
    /// network) and waits for joiners. Ask [`Link::invitation`] for what to
    /// give them.
    pub fn host(mode: Network) -> Result<Link, LinkError> {
        Link::start(mode, Side::Host, None, 0)
    }

    /// [`Link::host`] with the endpoint's secret key: the same key gives
    /// the same endpoint id, so an invitation made before the program
    /// closed still reaches it (a game resumed later; over the internet
    /// the address lookup finds the id). In the local mode the socket is
    /// bound to `port` (`0`: any free one), so the invitation's address
    /// stays right too. Keep the key as secret as the game's.
    pub fn host_with_key(mode: Network, key: [u8; 32], port: u16) -> Result<Link, LinkError> {
        Link::start(mode, Side::Host, Some(key), port)
    }

    /// A new secret key for [`Link::host_with_key`].
    pub fn new_key() -> [u8; 32] {
        rand::random()
    }

    /// Dials the host of `invitation` (again after every drop). In the
    /// local mode the invitation's addresses are checked before anything
    /// else: one that is not loopback is refused with no socket made.
    pub fn join(mode: Network, invitation: &Invitation) -> Result<Link, LinkError> {
        Link::dial(mode, invitation, None)
    }

    /// [`Link::join`] with the endpoint's secret key: a joiner restarted
    /// with the key it had is the same peer to the host, whose connection
    /// to the old program (dead, but not yet timed out) then gives way to
    /// the new one at once; a new key would be another endpoint, turned
    /// away as "busy" until the old connection times out.
    pub fn join_with_key(
        mode: Network,
        invitation: &Invitation,
        key: [u8; 32],
    ) -> Result<Link, LinkError> {
        Link::dial(mode, invitation, Some(key))
    }

    fn dial(
        mode: Network,
        invitation: &Invitation,
        key: Option<[u8; 32]>,
    ) -> Result<Link, LinkError> {
        if mode == Network::Local {
            check_local_invitation(invitation)?;
        }
        let id = PublicKey::from_bytes(&invitation.endpoint)
            .map_err(|e| LinkError::BadInvitation(e.to_string()))?;
        let mut addrs: Vec<TransportAddr> = invitation
            .addrs
            .iter()
            .copied()
            .map(TransportAddr::Ip)
            .collect();
        if let Some(relay) = &invitation.relay {
            let url: RelayUrl = relay
                .parse()
                .map_err(|e: iroh::RelayUrlParseError| LinkError::BadInvitation(e.to_string()))?;
            addrs.push(TransportAddr::Relay(url));
        }
        Link::start(
            mode,
            Side::Join(EndpointAddr::from_parts(id, addrs)),
            key,
            0,
        )
    }

    fn start(
        mode: Network,
        side: Side,
        key: Option<[u8; 32]>,
        port: u16,
    ) -> Result<Link, LinkError> {
        let (command_tx, command_rx) = mpsc::channel(COMMAND_QUEUE);
        let control = Arc::new(Control::default());
        let controlled = Arc::clone(&control);
        let (event_tx, event_rx) = queue::events(EVENT_QUEUE);
        let (ready_tx, ready_rx) = std_mpsc::channel();
        let (watcher_tx, watcher_rx) = queue::events(WATCHER_EVENTS);
        let reach = Arc::new(Mutex::new(Reach::default()));
        let shared = Arc::clone(&reach);
        let watching = Arc::new(Watching::default());
        let served = Arc::clone(&watching);
        let thread = std::thread::Builder::new()
            .name("hive-net".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(e) => {
                        let _ = ready_tx.send(Err(LinkError::Bind(e.to_string())));
                        return;
                    }
                };
                runtime.block_on(async move {
                    let endpoint = match run::bind(&mode, key, port).await {
                        Ok(endpoint) => endpoint,
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                            return;
                        }
                    };
                    if let Ok(mut reach) = shared.lock() {
                        reach.addrs = endpoint.bound_sockets();
                    }
                    let _ = ready_tx.send(Ok(*endpoint.id().as_bytes()));
                    if mode != Network::Local {
                        // Wait (a while) for a relay and the public addresses.
                        let _ =
                            tokio::time::timeout(Duration::from_secs(10), endpoint.online()).await;
                        let addr = endpoint.addr();
                        if let Ok(mut reach) = shared.lock() {
                            reach.addrs = addr.ip_addrs().copied().collect();
                            reach.relay = addr.relay_urls().next().map(|u| u.to_string());
                        }
                        let _ = event_tx.send(Event::Online).await;
                    }
                    let watchers = (served, watcher_tx);
                    let handle = (command_rx, controlled, event_tx);
                    run::run(endpoint, mode, side, handle, watchers).await;
                });
            })
            .map_err(|e| LinkError::Bind(e.to_string()))?;
        let id = ready_rx
            .recv()
            .map_err(|_| LinkError::Bind("the network thread stopped".into()))??;
        Ok(Link {
            commands: command_tx,
            control,
            events: event_rx,
            pending: VecDeque::new(),
            epoch: 0,
            thread: Some(thread),
            id,
            reach,
            watching,
            watcher_events: watcher_rx,
        })
    }

    /// (Host) takes up to `max` watchers at once (at most [`MAX_WATCHERS`];
    /// `0`, the default, takes none: a watcher's hello then reaches the
    /// player's session, which refuses it). With watchers on, a new
    /// connection is reported only once its hello is read (within ten
    /// seconds), so that a watcher's never reaches the player's events.
    /// Give watchers `invitation(watch_secret, Role::Watcher)`.
    pub fn allow_watchers(&self, max: usize) {
        self.watching.set_cap(max.min(MAX_WATCHERS));
    }

    /// (Host) what happened to watchers since the last call, without
    /// blocking.
    pub fn poll_watchers(&mut self) -> Vec<WatcherEvent> {
        let mut out = Vec::new();
        while out.len() < WATCHER_EVENTS
            && let Some(event) = self.watcher_events.try_recv()
        {
            out.push(event);
        }
        out
    }

    /// (Host) queues a message for watcher `id`; dropped if its connection
    /// is gone.
    pub fn send_to_watcher(&self, id: WatcherId, message: Message) {
        self.watching.command(id, WatcherCommand::Send(message));
    }

    /// (Host) ends watcher `id`'s connection politely: what is queued is
    /// sent (a refusal reaches it), then it closes.
    pub fn hang_up_watcher(&self, id: WatcherId) {
        self.watching.command(id, WatcherCommand::HangUp);
    }

    /// (Host) the watchers connected now.
    pub fn watcher_count(&self) -> usize {
        self.watching.count()
    }

    /// The invitation to this host. In the public mode, wait for
    /// [`Event::Online`] first: until then it has only the bound sockets.
    pub fn invitation(&self, secret: Secret, role: Role) -> Invitation {
        let reach = self.reach();
        Invitation {
            endpoint: self.id,
            addrs: reach.addrs,
            relay: reach.relay,
            secret,
            role,
        }
    }

    /// The addresses this end can be reached at (the local mode's are its
    /// bound sockets, all loopback).
    pub fn addrs(&self) -> Vec<SocketAddr> {
        self.reach().addrs
    }

    fn reach(&self) -> Reach {
        self.reach.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// Queues a message for the connection last reported by [`Link::poll`];
    /// dropped if that connection is gone. Never waits: when the command
    /// queue is full ([`crate::limits::COMMAND_QUEUE`]) the connection is
    /// dropped instead, as a network failure would.
    pub fn send(&self, message: Message) {
        self.command(Command::Send(self.epoch, message));
    }

    fn command(&self, command: Command) {
        if let Err(TrySendError::Full(_)) = self.commands.try_send(command) {
            self.control.overflow();
        }
    }

    /// What happened since the last call, without blocking. Stops after a
    /// [`Event::Connected`]: handle it (the session's hello) before the rest.
    pub fn poll(&mut self) -> Vec<Event> {
        while self.pending.len() < EVENT_QUEUE
            && let Some(event) = self.events.try_recv()
        {
            self.pending.push_back(event);
        }
        self.drain()
    }

    /// Like [`Link::poll`], but waits up to `timeout` for a first event.
    pub fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        if self.pending.is_empty()
            && let Some(event) = self.events.recv_timeout(timeout)
        {
            self.pending.push_back(event);
        }
        self.poll()
    }

    fn drain(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        while let Some(event) = self.pending.pop_front() {
            let connected = matches!(event, Event::Connected { .. });
            out.push(event);
            if connected {
                self.epoch += 1;
                break;
            }
        }
        out
    }

    /// Drops the current connection (as a network failure would): the host
    /// waits for the joiner again, the joiner dials again.
    pub fn cut(&self) {
        self.command(Command::Cut);
    }

    /// Ends the current connection politely: what is queued is sent and
    /// the peer given up to a second to read it (a refusal reaches it),
    /// then the connection closes. The host waits for a joiner again; a
    /// joiner dials again (call [`Link::close`] to stop).
    pub fn hang_up(&self) {
        self.command(Command::HangUp);
    }

    /// Sends what is queued, waits (up to two seconds) for the peer to have
    /// it, then closes the connection and the endpoint, and waits for the
    /// link's thread to end (up to about five seconds in all).
    pub fn close(self) {
        self.close_later().wait();
    }

    /// Closes like [`Link::close`], but waits for nothing: the link's
    /// thread sends what is queued, says goodbye and ends on its own. For
    /// a window's frame (and its task pools, which must not block).
    pub fn close_later(mut self) -> Closing {
        self.begin_close();
        Closing(self.thread.take())
    }

    fn begin_close(&mut self) {
        self.control.close();
        // Events nobody will read: the thread never waits for their room.
        self.events.close();
        self.watcher_events.close();
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.begin_close();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
