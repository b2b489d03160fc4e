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
//! [`Mode::Local`] never leaves the machine: no relay, no address lookup,
//! no port mapping, sockets bound to 127.0.0.1 only, and a guard
//! ([`check_local`]) refusing to dial or accept any other address before a
//! socket is touched.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use iroh::endpoint::{Connection, IncomingAddr, PortmapperConfig, RecvStream, SendStream, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, RelayUrl, SecretKey, TransportAddr};
use tokio::sync::mpsc;
use url::Url;

use crate::error::PeerError;
use crate::invite::{Invitation, Secret};
use crate::protocol::{MAX_FRAME, Message, Role, encode_frame};

/// The ALPN of protocol version 1.
pub const ALPN: &[u8] = b"hive/online/1";

/// Where a link may go.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
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

enum Command {
    Send(u64, Message),
    Cut,
    HangUp,
    Close,
}

/// One game's connection, from one end: a thread with its own tokio
/// runtime, driven through this synchronous handle. It is `Send` and
/// `Sync` (it can be a Bevy resource); dropping it closes the connection
/// and ends the thread, like [`Link::close`], which may wait up to five
/// seconds for the peer to have the last messages: drop it off the frame
/// (or after the game) in a window.
pub struct Link {
    commands: mpsc::UnboundedSender<Command>,
    // In a mutex only so that a `Link` is `Sync` (a Bevy resource); the
    // methods that read it take `&mut self` and never wait for the lock.
    events: Mutex<std_mpsc::Receiver<Event>>,
    pending: VecDeque<Event>,
    epoch: u64,
    thread: Option<JoinHandle<()>>,
    id: [u8; 32],
    reach: Arc<Mutex<Reach>>,
}

/// How the endpoint can be reached: its addresses and relay.
#[derive(Clone, Default, Debug)]
struct Reach {
    addrs: Vec<SocketAddr>,
    relay: Option<String>,
}

enum Side {
    Host,
    Join(EndpointAddr),
}

async fn bind(mode: &Mode, key: Option<[u8; 32]>, port: u16) -> Result<Endpoint, LinkError> {
    let bind_error = |e: &dyn std::fmt::Display| LinkError::Bind(e.to_string());
    let builder = match mode {
        Mode::Local => Endpoint::builder(presets::Minimal)
            .relay_mode(RelayMode::Disabled)
            .clear_address_lookup()
            .portmapper_config(PortmapperConfig::Disabled)
            .clear_ip_transports()
            .bind_addr(SocketAddr::from(([127, 0, 0, 1], port)))
            .map_err(|e| bind_error(&e))?,
        Mode::Public { relay: None } => Endpoint::builder(presets::N0),
        Mode::Public { relay: Some(url) } => Endpoint::builder(presets::N0)
            .relay_mode(RelayMode::custom([RelayUrl::from(url.clone())])),
    };
    let builder = match key {
        Some(bytes) => builder.secret_key(SecretKey::from_bytes(&bytes)),
        None => builder,
    };
    let endpoint = builder
        .alpns(vec![ALPN.to_vec()])
        .bind()
        .await
        .map_err(|e| bind_error(&e))?;
    if *mode == Mode::Local {
        for addr in endpoint.bound_sockets() {
            if let Err(e) = check_local(&addr) {
                endpoint.close().await;
                return Err(e);
            }
        }
    }
    Ok(endpoint)
}

impl Link {
    /// Starts hosting: binds an endpoint (quickly: it does not wait for the
    /// network) and waits for joiners. Ask [`Link::invitation`] for what to
    /// give them.
    pub fn host(mode: Mode) -> Result<Link, LinkError> {
        Link::start(mode, Side::Host, None, 0)
    }

    /// [`Link::host`] with the endpoint's secret key: the same key gives
    /// the same endpoint id, so an invitation made before the program
    /// closed still reaches it (a game resumed later; over the internet
    /// the address lookup finds the id). In the local mode the socket is
    /// bound to `port` (`0`: any free one), so the invitation's address
    /// stays right too. Keep the key as secret as the game's.
    pub fn host_with_key(mode: Mode, key: [u8; 32], port: u16) -> Result<Link, LinkError> {
        Link::start(mode, Side::Host, Some(key), port)
    }

    /// A new secret key for [`Link::host_with_key`].
    pub fn new_key() -> [u8; 32] {
        rand::random()
    }

    /// Dials the host of `invitation` (again after every drop). In the
    /// local mode the invitation's addresses are checked before anything
    /// else: one that is not loopback is refused with no socket made.
    pub fn join(mode: Mode, invitation: &Invitation) -> Result<Link, LinkError> {
        if mode == Mode::Local {
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
            None,
            0,
        )
    }

    fn start(mode: Mode, side: Side, key: Option<[u8; 32]>, port: u16) -> Result<Link, LinkError> {
        let (command_tx, command_rx) = mpsc::unbounded_channel();
        let (event_tx, event_rx) = std_mpsc::channel();
        let (ready_tx, ready_rx) = std_mpsc::channel();
        let reach = Arc::new(Mutex::new(Reach::default()));
        let shared = Arc::clone(&reach);
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
                    let endpoint = match bind(&mode, key, port).await {
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
                    if mode != Mode::Local {
                        // Wait (a while) for a relay and the public addresses.
                        let _ =
                            tokio::time::timeout(Duration::from_secs(10), endpoint.online()).await;
                        let addr = endpoint.addr();
                        if let Ok(mut reach) = shared.lock() {
                            reach.addrs = addr.ip_addrs().copied().collect();
                            reach.relay = addr.relay_urls().next().map(|u| u.to_string());
                        }
                        let _ = event_tx.send(Event::Online);
                    }
                    run(endpoint, mode, side, command_rx, event_tx).await;
                });
            })
            .map_err(|e| LinkError::Bind(e.to_string()))?;
        let id = ready_rx
            .recv()
            .map_err(|_| LinkError::Bind("the network thread stopped".into()))??;
        Ok(Link {
            commands: command_tx,
            events: Mutex::new(event_rx),
            pending: VecDeque::new(),
            epoch: 0,
            thread: Some(thread),
            id,
            reach,
        })
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
    /// dropped if that connection is gone.
    pub fn send(&self, message: Message) {
        let _ = self.commands.send(Command::Send(self.epoch, message));
    }

    /// What happened since the last call, without blocking. Stops after a
    /// [`Event::Connected`]: handle it (the session's hello) before the rest.
    pub fn poll(&mut self) -> Vec<Event> {
        if let Ok(events) = self.events.get_mut() {
            while let Ok(event) = events.try_recv() {
                self.pending.push_back(event);
            }
        }
        self.drain()
    }

    /// Like [`Link::poll`], but waits up to `timeout` for a first event.
    pub fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        if self.pending.is_empty()
            && let Ok(events) = self.events.get_mut()
            && let Ok(event) = events.recv_timeout(timeout)
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
        let _ = self.commands.send(Command::Cut);
    }

    /// Ends the current connection politely: what is queued is sent and
    /// the peer given up to a second to read it (a refusal reaches it),
    /// then the connection closes. The host waits for a joiner again; a
    /// joiner dials again (call [`Link::close`] to stop).
    pub fn hang_up(&self) {
        let _ = self.commands.send(Command::HangUp);
    }

    /// Sends what is queued, waits (up to two seconds) for the peer to have
    /// it, then closes the connection and the endpoint.
    pub fn close(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.commands.send(Command::Close);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn path_of(conn: &Connection) -> (PathKind, Duration) {
    let paths = conn.paths();
    let chosen = paths
        .iter()
        .find(|p| p.is_selected())
        .or_else(|| paths.iter().next());
    match chosen {
        Some(p) if p.is_relay() => (PathKind::Relayed, p.rtt()),
        Some(p) => (PathKind::Direct, p.rtt()),
        None => (PathKind::Direct, Duration::ZERO),
    }
}

/// Accepts joiners for as long as the endpoint is open, each connection's
/// handshake and stream on a task of its own (a connection that dies half
/// way holds up no other); in the local mode a connection from any other
/// address is refused before the handshake.
async fn accept_all(endpoint: Endpoint, mode: Mode, accepted: mpsc::Sender<Accepted>) {
    while let Some(incoming) = endpoint.accept().await {
        if mode == Mode::Local {
            let local = matches!(incoming.remote_addr(), IncomingAddr::Ip(addr) if check_local(&addr).is_ok());
            if !local {
                incoming.refuse();
                continue;
            }
        }
        let accepted = accepted.clone();
        tokio::spawn(async move {
            let Ok(accepting) = incoming.accept() else {
                return;
            };
            let Ok(conn) = accepting.await else {
                return;
            };
            // The joiner's stream shows when its hello is written.
            match tokio::time::timeout(Duration::from_secs(10), conn.accept_bi()).await {
                Ok(Ok((send, recv))) => {
                    let _ = accepted.send((conn, send, recv)).await;
                }
                _ => conn.close(0u32.into(), b"no stream"),
            }
        });
    }
}

async fn dial(
    endpoint: &Endpoint,
    addr: &EndpointAddr,
) -> Result<(Connection, SendStream, RecvStream), String> {
    let conn = tokio::time::timeout(
        Duration::from_secs(10),
        endpoint.connect(addr.clone(), ALPN),
    )
    .await
    .map_err(|_| "timed out".to_string())?
    .map_err(|e| e.to_string())?;
    let (send, recv) = conn.open_bi().await.map_err(|e| e.to_string())?;
    Ok((conn, send, recv))
}

/// Reads frames until the stream ends; an oversized header is refused
/// before its body is read and ends the connection.
async fn read_frames(mut recv: RecvStream, events: std_mpsc::Sender<Event>) -> String {
    loop {
        let mut header = [0u8; 4];
        if let Err(e) = recv.read_exact(&mut header).await {
            return e.to_string();
        }
        let len = u32::from_be_bytes(header) as usize;
        if len > MAX_FRAME {
            let _ = events.send(Event::Refused(PeerError::Oversized { len }));
            return "an oversized frame".into();
        }
        let mut body = vec![0u8; len];
        if let Err(e) = recv.read_exact(&mut body).await {
            return e.to_string();
        }
        let event = match Message::from_json(&body) {
            Ok(message) => Event::Message(message),
            Err(e) => Event::Refused(e),
        };
        if events.send(event).is_err() {
            return "closed".into();
        }
    }
}

/// A connection accepted with its stream.
type Accepted = (Connection, SendStream, RecvStream);

async fn run(
    endpoint: Endpoint,
    mode: Mode,
    side: Side,
    mut commands: mpsc::UnboundedReceiver<Command>,
    events: std_mpsc::Sender<Event>,
) {
    let is_host = matches!(side, Side::Host);
    // The host accepts on a task of its own, so that no command cancels a
    // handshake half done, and a joiner coming back on a new connection is
    // seen while the old one still looks alive.
    let (accepted_tx, mut accepted_rx) = mpsc::channel::<Accepted>(4);
    if is_host {
        tokio::spawn(accept_all(endpoint.clone(), mode.clone(), accepted_tx));
    } else {
        drop(accepted_tx);
    }
    let mut accepting = is_host;
    let mut next: Option<Accepted> = None;
    let mut number = 0u64;
    let mut attempt = 0u32;
    'connections: loop {
        let got = match (&side, next.take()) {
            (_, Some(got)) => Ok(got),
            (Side::Host, None) => {
                tokio::select! {
                    got = accepted_rx.recv() => got.ok_or_else(|| "the endpoint closed".to_string()),
                    command = commands.recv() => match command {
                        Some(Command::Close) | None => break 'connections,
                        // Nothing to send to nor cut before a joiner comes.
                        Some(_) => continue 'connections,
                    },
                }
            }
            (Side::Join(addr), None) => {
                if attempt > 0 {
                    let delay = Duration::from_millis(100 << (attempt - 1).min(6))
                        .min(Duration::from_secs(5));
                    let _ = events.send(Event::Reconnecting { attempt, delay });
                    tokio::select! {
                        _ = tokio::time::sleep(delay) => {}
                        command = commands.recv() => if matches!(command, Some(Command::Close) | None) {
                            break 'connections;
                        },
                    }
                }
                attempt += 1;
                tokio::select! {
                    got = dial(&endpoint, addr) => got,
                    command = commands.recv() => match command {
                        Some(Command::Close) | None => break 'connections,
                        Some(_) => continue 'connections,
                    },
                }
            }
        };
        let (conn, mut send, recv) = match got {
            Ok(got) => got,
            Err(e) if is_host => {
                let _ = events.send(Event::Error(e));
                break 'connections;
            }
            Err(_) => continue 'connections,
        };
        attempt = 1;
        number += 1;
        let (path, rtt) = path_of(&conn);
        let _ = events.send(Event::Connected { path, rtt });
        let mut reader = tokio::spawn(read_frames(recv, events.clone()));
        let reason = loop {
            tokio::select! {
                command = commands.recv() => match command {
                    Some(Command::Send(epoch, message)) => {
                        if epoch != number {
                            continue;
                        }
                        let Ok(frame) = encode_frame(&message) else { continue };
                        if let Err(e) = send.write_all(&frame).await {
                            break e.to_string();
                        }
                    }
                    Some(Command::Cut) => {
                        conn.close(1u32.into(), b"cut");
                        break "cut".to_string();
                    }
                    Some(Command::HangUp) => {
                        let _ = send.finish();
                        let _ = tokio::time::timeout(Duration::from_secs(1), send.stopped()).await;
                        conn.close(3u32.into(), b"hung up");
                        break "hung up".to_string();
                    }
                    Some(Command::Close) | None => {
                        let _ = send.finish();
                        let _ = tokio::time::timeout(Duration::from_secs(2), send.stopped()).await;
                        conn.close(0u32.into(), b"bye");
                        break 'connections;
                    }
                },
                ended = &mut reader => {
                    break ended.unwrap_or_else(|e| e.to_string());
                }
                newer = accepted_rx.recv(), if accepting => match newer {
                    // The same joiner on a new connection: the old one is dead.
                    Some(got) if got.0.remote_id() == conn.remote_id() => {
                        next = Some(got);
                        break "the peer came back on a new connection".to_string();
                    }
                    Some((other, ..)) => other.close(2u32.into(), b"busy"),
                    None => accepting = false,
                },
            }
        };
        reader.abort();
        conn.close(1u32.into(), b"dropped");
        let _ = events.send(Event::Disconnected { reason });
    }
    // Closing waits for the connections to say goodbye: not for ever.
    let _ = tokio::time::timeout(Duration::from_secs(3), endpoint.close()).await;
}
