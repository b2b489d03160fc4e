//! The link's thread: the endpoint, the host's accepting and the
//! joiner's dialling, one connection's frames each way.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use iroh::endpoint::{
    Connection, ConnectionError, IdleTimeout, IncomingAddr, PortmapperConfig, QuicTransportConfig,
    SendStream, presets,
};
use iroh::{Endpoint, EndpointAddr, RelayMode, RelayUrl, SecretKey};
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::frames::{FrameStream, TransportError, read_frames, write_frames};
use super::queue::EventSender;
use super::watchers::{self, Watching};
use super::{
    ALPN, Command, Control, Event, LinkError, Network, PathKind, Side, WatcherEvent, check_local,
};
use crate::error::PeerError;
use crate::limits::{MAX_HANDSHAKES, WRITE_QUEUE};
use crate::protocol::{Message, Role, encode_frame};

pub(super) async fn bind(
    mode: &Network,
    key: Option<[u8; 32]>,
    port: u16,
) -> Result<Endpoint, LinkError> {
    let bind_error = |e: &dyn std::fmt::Display| LinkError::Bind(e.to_string());
    let builder = match mode {
        Network::Local => Endpoint::builder(presets::Minimal)
            .transport_config(local_transport()?)
            .relay_mode(RelayMode::Disabled)
            .clear_address_lookup()
            .portmapper_config(PortmapperConfig::Disabled)
            .clear_ip_transports()
            .bind_addr(SocketAddr::from(([127, 0, 0, 1], port)))
            .map_err(|e| bind_error(&e))?,
        Network::Public { relay: None } => Endpoint::builder(presets::N0),
        Network::Public { relay: Some(url) } => Endpoint::builder(presets::N0)
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
    if *mode == Network::Local {
        for addr in endpoint.bound_sockets() {
            if let Err(e) = check_local(&addr) {
                endpoint.close().await;
                return Err(e);
            }
        }
    }
    Ok(endpoint)
}

/// How long a silent connection lives in the local mode: a peer whose
/// program was killed is given up after this (iroh's 30 s over the
/// internet), so the host restarted on the same port is dialled again
/// sooner. Heartbeats go every 5 s, so a live connection is never silent
/// this long.
pub(super) const LOCAL_IDLE_TIMEOUT: Duration = Duration::from_secs(10);

fn local_transport() -> Result<QuicTransportConfig, LinkError> {
    let idle =
        IdleTimeout::try_from(LOCAL_IDLE_TIMEOUT).map_err(|e| LinkError::Bind(e.to_string()))?;
    Ok(QuicTransportConfig::builder()
        .max_idle_timeout(Some(idle))
        .build())
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
/// way holds up no other), at most [`MAX_HANDSHAKES`] at once (one more is
/// refused before its handshake); in the local mode a connection from any
/// other address is refused before the handshake. With watchers on, each
/// connection's first frame (its hello) is read here: a watcher's goes to
/// [`watchers::serve`], any other to the player's loop with that frame.
async fn accept_all(
    endpoint: Endpoint,
    mode: Network,
    accepted: mpsc::Sender<Accepted>,
    (watching, watcher_events): WatcherSide,
) {
    let handshakes = Arc::new(Semaphore::new(MAX_HANDSHAKES));
    while let Some(incoming) = endpoint.accept().await {
        if mode == Network::Local {
            let local = matches!(incoming.remote_addr(), IncomingAddr::Ip(addr) if check_local(&addr).is_ok());
            if !local {
                incoming.refuse();
                continue;
            }
        }
        let Ok(permit) = Arc::clone(&handshakes).try_acquire_owned() else {
            incoming.refuse();
            continue;
        };
        let accepted = accepted.clone();
        let watching = Arc::clone(&watching);
        let watcher_events = watcher_events.clone();
        tokio::spawn(async move {
            let Ok(accepting) = incoming.accept() else {
                return;
            };
            let Ok(Ok(conn)) = tokio::time::timeout(Duration::from_secs(10), accepting).await
            else {
                return;
            };
            // The joiner's stream shows when its hello is written.
            let (send, recv) =
                match tokio::time::timeout(Duration::from_secs(10), conn.accept_bi()).await {
                    Ok(Ok(stream)) => stream,
                    _ => return conn.close(0u32.into(), b"no stream"),
                };
            let mut stream = FrameStream::new(recv);
            if watching.cap() == 0 {
                let _ = accepted.send((conn, send, stream, None)).await;
                return;
            }
            let first = match tokio::time::timeout(Duration::from_secs(10), stream.next()).await {
                Ok(Ok(Ok(message))) => message,
                Ok(Ok(Err(e))) if !matches!(e, PeerError::Oversized { .. }) => {
                    let _ = accepted.send((conn, send, stream, Some(Err(e)))).await;
                    return;
                }
                _ => return conn.close(0u32.into(), b"no hello"),
            };
            if matches!(
                first,
                Message::Hello {
                    role: Role::Watcher,
                    ..
                }
            ) {
                // Watchers have a cap of their own.
                drop(permit);
                watchers::serve(conn, send, stream, first, watching, watcher_events).await;
            } else {
                let _ = accepted.send((conn, send, stream, Some(Ok(first)))).await;
            }
        });
    }
}

async fn dial(endpoint: &Endpoint, addr: &EndpointAddr) -> Result<Accepted, TransportError> {
    let conn = tokio::time::timeout(
        Duration::from_secs(10),
        endpoint.connect(addr.clone(), ALPN),
    )
    .await
    .map_err(|_| TransportError::DialTimedOut)??;
    let (send, recv) = conn.open_bi().await?;
    Ok((conn, send, FrameStream::new(recv), None))
}

/// Whether the peer closed the connection as busy (the host, holding
/// another endpoint's connection).
fn turned_away(conn: &Connection) -> bool {
    matches!(
        conn.close_reason(),
        Some(ConnectionError::ApplicationClosed(close)) if close.reason.as_ref() == b"busy"
    )
}

fn player_event(frame: Result<Message, PeerError>) -> Event {
    match frame {
        Ok(message) => Event::Message(message),
        Err(e) => Event::Refused(e),
    }
}

/// A connection accepted with its streams, and its first frame when it was
/// read before (watchers on).
type Accepted = (
    Connection,
    SendStream,
    FrameStream,
    Option<Result<Message, PeerError>>,
);

/// What serves watchers: their cap and connections, and their events.
pub(super) type WatcherSide = (Arc<Watching>, EventSender<WatcherEvent>);

/// The handle's side: its commands, its control, the events for it.
pub(super) type Handle = (mpsc::Receiver<Command>, Arc<Control>, EventSender<Event>);

/// How one connection's loop ended.
enum End {
    /// Dropped (cut, failed, replaced): why.
    Dropped(String),
    /// Hung up on politely (what is queued sent first).
    HangUp,
    /// The link closes.
    Close,
}

/// Closes the frame queue, waits until `deadline` for the writer to send
/// what it held and for the peer to have it.
/// Moves the sends still queued for this connection into its writer's
/// queue (those that fit), so that closing sends what was sent before it.
fn send_queued(
    commands: &mut mpsc::Receiver<Command>,
    frames: &mpsc::Sender<Vec<u8>>,
    number: u64,
) {
    while let Ok(command) = commands.try_recv() {
        if let Command::Send(epoch, message) = command {
            if epoch != number {
                continue;
            }
            if let Ok(frame) = encode_frame(&message)
                && frames.try_send(frame).is_err()
            {
                return;
            }
        }
    }
}

async fn say_goodbye(
    frames: mpsc::Sender<Vec<u8>>,
    writer: &mut JoinHandle<Result<SendStream, TransportError>>,
    deadline: Instant,
) {
    drop(frames);
    if let Ok(Ok(Ok(mut send))) = tokio::time::timeout_at(deadline, writer).await {
        let _ = send.finish();
        let _ = tokio::time::timeout_at(deadline, send.stopped()).await;
    }
}

pub(super) async fn run(
    endpoint: Endpoint,
    mode: Network,
    side: Side,
    (mut commands, control, events): Handle,
    watchers: WatcherSide,
) {
    let watching = Arc::clone(&watchers.0);
    let is_host = matches!(side, Side::Host);
    // The host accepts on a task of its own, so that no command cancels a
    // handshake half done, and a joiner coming back on a new connection is
    // seen while the old one still looks alive.
    let (accepted_tx, mut accepted_rx) = mpsc::channel::<Accepted>(4);
    if is_host {
        tokio::spawn(accept_all(
            endpoint.clone(),
            mode.clone(),
            accepted_tx,
            watchers,
        ));
    } else {
        drop(accepted_tx);
    }
    let mut accepting = is_host;
    let mut next: Option<Accepted> = None;
    let mut number = 0u64;
    let mut attempt = 0u32;
    'connections: loop {
        if control.closing() {
            break 'connections;
        }
        // Commands with no connection to go to are dropped.
        let got = match (&side, next.take()) {
            (_, Some(got)) => Ok(got),
            (Side::Host, None) => loop {
                tokio::select! {
                    got = accepted_rx.recv() => break got.ok_or(TransportError::EndpointClosed),
                    command = commands.recv() => if command.is_none() {
                        break 'connections;
                    },
                    _ = control.woken() => if control.closing() {
                        break 'connections;
                    },
                }
            },
            (Side::Join(addr), None) => {
                if attempt > 0 {
                    let delay = Duration::from_millis(100 << (attempt - 1).min(6))
                        .min(Duration::from_secs(5));
                    let _ = events.send(Event::Reconnecting { attempt, delay }).await;
                    let until = Instant::now() + delay;
                    loop {
                        tokio::select! {
                            _ = tokio::time::sleep_until(until) => break,
                            command = commands.recv() => if command.is_none() {
                                break 'connections;
                            },
                            _ = control.woken() => if control.closing() {
                                break 'connections;
                            },
                        }
                    }
                }
                attempt += 1;
                let dialling = dial(&endpoint, addr);
                tokio::pin!(dialling);
                loop {
                    tokio::select! {
                        got = &mut dialling => break got,
                        command = commands.recv() => if command.is_none() {
                            break 'connections;
                        },
                        _ = control.woken() => if control.closing() {
                            break 'connections;
                        },
                    }
                }
            }
        };
        let (conn, send, stream, first) = match got {
            Ok(got) => got,
            Err(e) if is_host => {
                let _ = events.send(Event::Error(e.to_string())).await;
                break 'connections;
            }
            Err(_) => continue 'connections,
        };
        let tries = attempt;
        attempt = 1;
        number += 1;
        control.take_overflow();
        let (path, rtt) = path_of(&conn);
        let _ = events.send(Event::Connected { path, rtt }).await;
        if let Some(first) = first {
            let _ = events.send(player_event(first)).await;
        }
        let (frames, queued) = mpsc::channel::<Vec<u8>>(WRITE_QUEUE);
        let mut writer = tokio::spawn(write_frames(send, queued));
        let mut reader = tokio::spawn(read_frames(stream, events.clone(), player_event));
        let end = loop {
            tokio::select! {
                command = commands.recv() => match command {
                    Some(Command::Send(epoch, message)) => {
                        if epoch != number {
                            continue;
                        }
                        let Ok(frame) = encode_frame(&message) else { continue };
                        if frames.try_send(frame).is_err() {
                            break End::Dropped("the peer reads nothing: its queue is full".into());
                        }
                    }
                    Some(Command::Cut) => break End::Dropped("cut".into()),
                    Some(Command::HangUp) => break End::HangUp,
                    None => break End::Close,
                },
                _ = control.woken() => {
                    if control.closing() {
                        break End::Close;
                    }
                    if control.take_overflow() {
                        break End::Dropped("too many messages to send".into());
                    }
                }
                ended = &mut reader => {
                    break End::Dropped(ended.unwrap_or_else(|e| e.to_string()));
                }
                written = &mut writer => break End::Dropped(match written {
                    Ok(Err(e)) => e.to_string(),
                    Ok(Ok(_)) => "the writer stopped".into(),
                    Err(e) => e.to_string(),
                }),
                newer = accepted_rx.recv(), if accepting => match newer {
                    // The same joiner on a new connection: the old one is dead.
                    Some(got) if got.0.remote_id() == conn.remote_id() => {
                        next = Some(got);
                        break End::Dropped("the peer came back on a new connection".into());
                    }
                    Some((other, ..)) => other.close(2u32.into(), b"busy"),
                    None => accepting = false,
                },
            }
        };
        let reason = match end {
            End::Dropped(reason) => reason,
            End::HangUp => {
                let deadline = Instant::now() + Duration::from_secs(1);
                say_goodbye(frames, &mut writer, deadline).await;
                conn.close(3u32.into(), b"hung up");
                "hung up".to_string()
            }
            End::Close => {
                // What was sent before closing goes out first: the close
                // may have been seen before the last sends were (a game
                // left says goodbye in its last message).
                send_queued(&mut commands, &frames, number);
                // Watchers are told at once: their goodbyes and the
                // player's go out together.
                watching.begin_close();
                let deadline = Instant::now() + Duration::from_secs(2);
                say_goodbye(frames, &mut writer, deadline).await;
                conn.close(0u32.into(), b"bye");
                reader.abort();
                writer.abort();
                break 'connections;
            }
        };
        reader.abort();
        writer.abort();
        let reason = if turned_away(&conn) {
            // Another endpoint holds the host: dialling again at once would
            // only be turned away again, so the wait keeps growing.
            attempt = tries;
            "the host is busy with another endpoint (the connection of this \
             player's earlier program, until it times out)"
                .to_string()
        } else {
            reason
        };
        conn.close(1u32.into(), b"dropped");
        let _ = events.send(Event::Disconnected { reason }).await;
    }
    watching.close_all().await;
    // Closing waits for the connections to say goodbye: not for ever.
    let _ = tokio::time::timeout(Duration::from_secs(3), endpoint.close()).await;
}
