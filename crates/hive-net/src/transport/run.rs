//! The link's thread: the endpoint, the host's accepting and the
//! joiner's dialling, one connection's frames each way.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use iroh::endpoint::{
    Connection, ConnectionError, IdleTimeout, IncomingAddr, PortmapperConfig, QuicTransportConfig,
    RecvStream, SendStream, presets,
};
use iroh::{Endpoint, EndpointAddr, RelayMode, RelayUrl, SecretKey};
use tokio::sync::mpsc;

use super::frames::{read_frame, read_frames};
use super::watchers::{self, Watching};
use super::{ALPN, Command, Event, LinkError, Mode, PathKind, Side, WatcherEvent, check_local};
use crate::error::PeerError;
use crate::protocol::{Message, Role, encode_frame};

pub(super) async fn bind(
    mode: &Mode,
    key: Option<[u8; 32]>,
    port: u16,
) -> Result<Endpoint, LinkError> {
    let bind_error = |e: &dyn std::fmt::Display| LinkError::Bind(e.to_string());
    let builder = match mode {
        Mode::Local => Endpoint::builder(presets::Minimal)
            .transport_config(local_transport()?)
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
/// way holds up no other); in the local mode a connection from any other
/// address is refused before the handshake. With watchers on, each
/// connection's first frame (its hello) is read here: a watcher's goes to
/// [`watchers::serve`], any other to the player's loop with that frame.
async fn accept_all(
    endpoint: Endpoint,
    mode: Mode,
    accepted: mpsc::Sender<Accepted>,
    (watching, watcher_events): WatcherSide,
) {
    while let Some(incoming) = endpoint.accept().await {
        if mode == Mode::Local {
            let local = matches!(incoming.remote_addr(), IncomingAddr::Ip(addr) if check_local(&addr).is_ok());
            if !local {
                incoming.refuse();
                continue;
            }
        }
        let accepted = accepted.clone();
        let watching = Arc::clone(&watching);
        let watcher_events = watcher_events.clone();
        tokio::spawn(async move {
            let Ok(accepting) = incoming.accept() else {
                return;
            };
            let Ok(conn) = accepting.await else {
                return;
            };
            // The joiner's stream shows when its hello is written.
            let (send, mut recv) =
                match tokio::time::timeout(Duration::from_secs(10), conn.accept_bi()).await {
                    Ok(Ok(stream)) => stream,
                    _ => return conn.close(0u32.into(), b"no stream"),
                };
            if watching.cap() == 0 {
                let _ = accepted.send((conn, send, recv, None)).await;
                return;
            }
            let first =
                match tokio::time::timeout(Duration::from_secs(10), read_frame(&mut recv)).await {
                    Ok(Ok(Ok(message))) => message,
                    Ok(Ok(Err(e))) if !matches!(e, PeerError::Oversized { .. }) => {
                        let _ = accepted.send((conn, send, recv, Some(Err(e)))).await;
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
                watchers::serve(conn, send, recv, first, watching, watcher_events).await;
            } else {
                let _ = accepted.send((conn, send, recv, Some(Ok(first)))).await;
            }
        });
    }
}

async fn dial(endpoint: &Endpoint, addr: &EndpointAddr) -> Result<Accepted, String> {
    let conn = tokio::time::timeout(
        Duration::from_secs(10),
        endpoint.connect(addr.clone(), ALPN),
    )
    .await
    .map_err(|_| "timed out".to_string())?
    .map_err(|e| e.to_string())?;
    let (send, recv) = conn.open_bi().await.map_err(|e| e.to_string())?;
    Ok((conn, send, recv, None))
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

/// A connection accepted with its stream, and its first frame when it was
/// read before (watchers on).
type Accepted = (
    Connection,
    SendStream,
    RecvStream,
    Option<Result<Message, PeerError>>,
);

/// What serves watchers: their cap and connections, and their events.
pub(super) type WatcherSide = (Arc<Watching>, std_mpsc::Sender<WatcherEvent>);

pub(super) async fn run(
    endpoint: Endpoint,
    mode: Mode,
    side: Side,
    mut commands: mpsc::UnboundedReceiver<Command>,
    events: std_mpsc::Sender<Event>,
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
        let (conn, mut send, recv, first) = match got {
            Ok(got) => got,
            Err(e) if is_host => {
                let _ = events.send(Event::Error(e));
                break 'connections;
            }
            Err(_) => continue 'connections,
        };
        let tries = attempt;
        attempt = 1;
        number += 1;
        let (path, rtt) = path_of(&conn);
        let _ = events.send(Event::Connected { path, rtt });
        if let Some(first) = first {
            let _ = events.send(player_event(first));
        }
        let mut reader = tokio::spawn(read_frames(recv, events.clone(), player_event));
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
                        // Watchers are told at once: their goodbyes and the
                        // player's go out together.
                        watching.begin_close();
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
        let _ = events.send(Event::Disconnected { reason });
    }
    watching.close_all().await;
    // Closing waits for the connections to say goodbye: not for ever.
    let _ = tokio::time::timeout(Duration::from_secs(3), endpoint.close()).await;
}
