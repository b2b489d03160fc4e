//! The connection's link on the frame: started on a thread of its own
//! (binding may take a moment, and a resumed host waits for its port), then
//! polled every frame without blocking, its events given to the session,
//! the session's messages sent, a ping every two seconds for the round
//! trip. Closing waits for nothing: the link's own thread sends the last
//! messages, says goodbye and ends (no task of Bevy's pools blocks on it).

use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::{ChatLine, Connection, Offer, Online};
use crate::game::core::{Notices, Words};
use crate::net::{
    AudienceEvent, Event, Invitation, Link, LinkError, MAX_WATCHERS, Network, PeerError, Role,
    SessionEvent, Stage, Verdict, WatcherEvent,
};
use crate::text::Args;

/// How often the round trip is measured.
const PING_EVERY: Duration = Duration::from_secs(2);

/// A link being started on a thread of its own: polled every frame.
/// (The receiver behind a lock only to be `Sync`, as a resource must.)
pub(super) struct Starting(Mutex<mpsc::Receiver<Result<Link, LinkError>>>);

impl Starting {
    /// Starts `start` on a thread of its own.
    fn spawn(start: impl FnOnce() -> Result<Link, LinkError> + Send + 'static) -> Starting {
        let (tx, rx) = mpsc::channel();
        let failed = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("hive-net-start".into())
            .spawn(move || {
                let _ = tx.send(start());
            });
        if let Err(e) = spawned {
            let _ = failed.send(Err(LinkError::Bind(e.to_string())));
        }
        Starting(Mutex::new(rx))
    }

    /// The link, once started (or why it did not), without waiting.
    pub(super) fn poll(&mut self) -> Option<Result<Link, LinkError>> {
        let rx = self.0.get_mut().unwrap_or_else(PoisonError::into_inner);
        match rx.try_recv() {
            Ok(started) => Some(started),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(Err(LinkError::Bind(
                "the thread starting the network stopped".into(),
            ))),
        }
    }

    /// Closes the link once it has started, on the starting thread's
    /// behalf (nothing waits for it).
    fn close_when_started(self) {
        let _ = std::thread::Builder::new()
            .name("hive-net-close".into())
            .spawn(move || {
                let rx = self.0.into_inner().unwrap_or_else(PoisonError::into_inner);
                if let Ok(Ok(link)) = rx.recv() {
                    drop(link.close_later());
                }
            });
    }
}

/// The link: starting, up, or failed to start.
pub(super) enum Slot {
    Starting {
        task: Starting,
        /// The mode it starts in (a public host's invitation waits for
        /// the relay).
        mode: Network,
    },
    Up(Link),
    Failed,
}

impl Slot {
    /// A host's link with its key, bound to `port` in the local mode.
    pub(super) fn host(mode: Network, key: [u8; 32], port: u16) -> Slot {
        let starting = mode.clone();
        let task = Starting::spawn(move || {
            // A resumed host binds the port it had; the program's last run
            // (or the link just closed) may still hold it for a moment.
            let mut tries = 0;
            loop {
                match Link::host_with_key(mode.clone(), key, port) {
                    Err(LinkError::Bind(_)) if port != 0 && tries < 20 => {
                        tries += 1;
                        std::thread::sleep(Duration::from_millis(250));
                    }
                    started => return started,
                }
            }
        });
        Slot::Starting {
            task,
            mode: starting,
        }
    }

    /// A joiner's link dialling `invitation`.
    /// Dials `invitation`; with our endpoint's `key` when it is kept for a
    /// resume (the same peer to the host when dialling again).
    pub(super) fn join(mode: Network, invitation: Invitation, key: Option<[u8; 32]>) -> Slot {
        let starting = mode.clone();
        let task = Starting::spawn(move || match key {
            Some(key) => Link::join_with_key(mode, &invitation, key),
            None => Link::join(mode, &invitation),
        });
        Slot::Starting {
            task,
            mode: starting,
        }
    }
}

/// Closes the connection off the frame (after the last messages left).
pub(super) fn close(mut connection: Connection) {
    let outgoing = connection.session.take_outgoing();
    // The watchers are told the host is gone.
    let to_watchers = connection
        .audience
        .as_mut()
        .map_or_else(Vec::new, |audience| {
            audience.bye();
            audience.take_outgoing()
        });
    match std::mem::replace(&mut connection.slot, Slot::Failed) {
        Slot::Up(link) => {
            for message in outgoing {
                link.send(message);
            }
            for (to, message) in to_watchers {
                link.send_to_watcher(to, message);
            }
            drop(link.close_later());
        }
        Slot::Starting { task, .. } => task.close_when_started(),
        Slot::Failed => {}
    }
}

/// Why a link did not start, as the key of the player's words (for the
/// game's link and a watcher's alike).
pub(super) fn start_failure_key(error: &LinkError) -> &'static str {
    match error {
        LinkError::NotLoopback(_) => "online-not-loopback",
        LinkError::NoAddress | LinkError::BadInvitation(_) => "online-bad-invitation",
        LinkError::Bind(_) => "online-no-network",
    }
}

/// A link started: kept; the host's invitation made (over the internet
/// once its relay answered).
pub(super) fn collect_started_link(
    mut online: ResMut<Online>,
    (mut notice, words): (Notices, Res<Words>),
) {
    let Some(connection) = online.0.as_mut() else {
        return;
    };
    let Slot::Starting { task, mode } = &mut connection.slot else {
        return;
    };
    let Some(started) = task.poll() else {
        return;
    };
    let local = *mode == Network::Local;
    match started {
        Ok(link) => {
            if super::hosting(connection) {
                link.allow_watchers(MAX_WATCHERS);
                if local {
                    invite(connection, &link);
                }
            }
            connection.slot = Slot::Up(link);
        }
        Err(e) => {
            warn!("online: the link did not start: {e}");
            let text = words.get(start_failure_key(&e));
            notice.show(text.clone());
            connection.problem = Some(text);
            connection.slot = Slot::Failed;
        }
    }
}

/// The link's events to the session, the session's news to the panel and
/// the message line, its messages to the link.
pub(super) fn pump_link(
    mut online: ResMut<Online>,
    (mut notice, words): (Notices, Res<Words>),
    mut screen: ResMut<NextState<crate::game::core::Screen>>,
) {
    let Some(connection) = online.0.as_mut() else {
        return;
    };
    // Out of the connection while it is worked on, back at the end.
    let slot = std::mem::replace(&mut connection.slot, Slot::Failed);
    let Slot::Up(mut link) = slot else {
        connection.slot = slot;
        return;
    };
    for event in link.poll() {
        match event {
            Event::Connected { path, rtt } => {
                let state = &mut connection.link_state;
                state.connected = true;
                state.path = Some(path);
                state.rtt_ms = Some(rtt.as_millis() as u64);
                state.reconnecting = None;
                if std::mem::take(&mut state.lost) {
                    notice.show(words.get("online-reconnected"));
                }
                connection.session.connected();
                connection.refusals.connected();
            }
            Event::Disconnected { reason } => {
                info!("online: disconnected: {reason}");
                connection.link_state.connected = false;
                connection.incoming = None;
                connection.asked = None;
                connection.session.disconnected();
                if connection.session.started() && !connection.peer_left {
                    connection.link_state.lost = true;
                    notice.show(words.get("online-connection-lost"));
                }
            }
            Event::Reconnecting { attempt, .. } => {
                connection.link_state.reconnecting = Some(attempt);
            }
            Event::Online => {
                if super::hosting(connection) {
                    invite(connection, &link);
                }
            }
            Event::Refused(e) => refused(connection, &link, &mut notice, &words, &e),
            Event::Error(e) => {
                warn!("online: {e}");
                connection.problem = Some(words.get("online-no-network"));
            }
            Event::Message(message) => match connection.session.receive(message) {
                Ok(events) => {
                    for event in events {
                        heard(connection, event, &mut notice, &words, &mut screen);
                    }
                }
                Err(e) => refused(connection, &link, &mut notice, &words, &e),
            },
        }
    }
    let now = Instant::now();
    let playing = connection.session.stage() == Stage::Playing;
    if playing && connection.next_ping.is_none_or(|at| now >= at) {
        let n = now.duration_since(connection.since).as_millis() as u64;
        connection.session.ping(n);
        connection.pinged = Some((n, now));
        connection.next_ping = Some(now + PING_EVERY);
    }
    for message in connection.session.take_outgoing() {
        link.send(message);
    }
    serve_the_watchers(connection, &mut link, &mut notice, &words);
    connection.slot = Slot::Up(link);
}

/// The host's invitations: to play, and to watch.
fn invite(connection: &mut Connection, link: &Link) {
    connection.invitation = Some(link.invitation(connection.secret, Role::Player));
    if let Some(audience) = &connection.audience {
        connection.watch_invitation = Some(link.invitation(audience.secret(), Role::Watcher));
    }
}

/// (Host) the watchers' comings and goings and messages; each is sent the
/// game so far and then every move (the audience reads the session, never
/// changes it).
fn serve_the_watchers(
    connection: &mut Connection,
    link: &mut Link,
    notice: &mut Notices,
    words: &Words,
) {
    let Some(audience) = connection.audience.as_mut() else {
        return;
    };
    for event in link.poll_watchers() {
        match event {
            WatcherEvent::Connected { id } => audience.connected(id),
            WatcherEvent::Disconnected { id, reason } => {
                info!("online: watcher {id:?} left: {reason}");
                audience.disconnected(id);
            }
            WatcherEvent::Refused { id, error } => {
                info!("online: watcher {id:?} refused: {error}");
            }
            WatcherEvent::Message { id, message } => {
                match audience.receive(id, message, &connection.session) {
                    Ok(events) => {
                        for event in events {
                            if let AudienceEvent::Joined { name, .. } = event {
                                let args = Args::new().with("name", name.as_str());
                                notice
                                    .show_as_written(words.format("online-watcher-joined", &args));
                            }
                        }
                    }
                    Err(e) => {
                        warn!("online: watcher {id:?}: {e}");
                        if e.is_fatal() {
                            for (to, message) in audience.take_outgoing() {
                                link.send_to_watcher(to, message);
                            }
                            link.hang_up_watcher(id);
                        }
                    }
                }
            }
        }
    }
    audience.update(&connection.session);
    for (to, message) in audience.take_outgoing() {
        link.send_to_watcher(to, message);
    }
}

/// What the friend's message (or our answer) did.
pub(super) fn heard(
    connection: &mut Connection,
    event: SessionEvent,
    notice: &mut Notices,
    words: &Words,
    screen: &mut NextState<crate::game::core::Screen>,
) {
    let named = connection
        .peer_name()
        .filter(|name| !name.trim().is_empty())
        .map(str::to_string);
    let name = named
        .clone()
        .unwrap_or_else(|| words.get("online-your-friend"));
    let say = |notice: &mut Notices, key: &str| {
        let text = words.format(key, &Args::new().with("name", name.as_str()));
        // A friend's name at the start stays as they wrote it.
        match &named {
            Some(named) if text.starts_with(named.as_str()) => notice.show_as_written(text),
            _ => notice.show(text),
        }
    };
    match event {
        // The friend back (after a drop, or from a game resumed).
        SessionEvent::PeerJoined { .. } | SessionEvent::Welcomed { .. }
            if connection.session.started() =>
        {
            connection.peer_left = false;
            say(notice, "online-reconnected");
        }
        SessionEvent::PeerJoined { .. } => say(notice, "online-peer-joined"),
        SessionEvent::Welcomed { .. } | SessionEvent::Moved { .. } => {}
        SessionEvent::Duplicate { .. } | SessionEvent::Synced { .. } => {}
        SessionEvent::SettingsProposed(settings) => {
            // A friend's next game, as expected when we clicked Play again:
            // taken without asking again.
            if connection
                .expected
                .as_ref()
                .is_some_and(|friend| friend.expects(&settings))
                && let Ok(events) = connection.session.accept_settings()
            {
                for event in events {
                    heard(connection, event, notice, words, screen);
                }
                return;
            }
            connection.proposed = Some(settings);
        }
        SessionEvent::Started { .. } => {
            connection.proposed = None;
            // A rematch's game is seated on the board it is already on.
            if connection.seated.is_none() {
                screen.set(crate::game::core::Screen::Playing);
            }
            say(notice, "online-started");
        }
        SessionEvent::RematchOffered => connection.incoming = Some(Offer::Rematch),
        SessionEvent::RematchDeclined => {
            connection.asked = None;
            say(notice, "online-rematch-declined");
        }
        SessionEvent::RematchAgreed => {
            connection.asked = None;
            connection.incoming = None;
            say(notice, "online-rematch-agreed");
        }
        SessionEvent::Declined => {
            connection.problem =
                Some(words.format("online-declined", &Args::new().with("name", name.as_str())));
        }
        SessionEvent::TakebackRequested => connection.incoming = Some(Offer::Takeback),
        SessionEvent::DrawOffered => connection.incoming = Some(Offer::Draw),
        SessionEvent::TakenBack { .. } => {
            connection.asked = None;
            say(notice, "online-taken-back");
        }
        SessionEvent::TakebackDeclined => {
            connection.asked = None;
            say(notice, "online-takeback-declined");
        }
        SessionEvent::DrawDeclined => {
            connection.asked = None;
            say(notice, "online-draw-declined");
        }
        SessionEvent::Chat(text) => connection.said(ChatLine { mine: false, text }),
        SessionEvent::Pong(n) => {
            if let Some((sent, at)) = connection.pinged
                && sent == n
            {
                connection.link_state.rtt_ms = Some(at.elapsed().as_millis() as u64);
                connection.pinged = None;
            }
        }
        SessionEvent::PeerLeft => {
            connection.peer_left = true;
            say(notice, "online-peer-left");
        }
        SessionEvent::GameOver { .. } => {
            connection.asked = None;
            connection.incoming = None;
        }
    }
}

/// The friend's message refused: the first of a connection said in the
/// player's words, the rest only counted; a fatal one, or one too many,
/// ends the connection (what is queued is sent first), said once.
fn refused(
    connection: &mut Connection,
    link: &Link,
    notice: &mut Notices,
    words: &Words,
    error: &PeerError,
) {
    warn!("online: refused from the peer: {error}");
    match connection.refusals.refused(error) {
        Verdict::Show => notice.show(peer_words(words, error)),
        Verdict::Quiet => {}
        Verdict::HangUp(why) => {
            notice.show(peer_words(words, &why));
            for message in connection.session.take_outgoing() {
                link.send(message);
            }
            link.hang_up();
            if connection.session.stage() == Stage::Closed {
                connection.problem = Some(peer_words(words, &why));
            }
        }
    }
}

/// A refusal in the player's words (the rule named for an illegal move).
fn peer_words(words: &Words, error: &PeerError) -> String {
    match error {
        PeerError::IllegalMove { mv, rule } => words.format(
            "peer-illegal-move",
            &Args::new()
                .with("move", mv.as_str())
                .with("rule", words.reason(rule, None).text),
        ),
        _ => words.get(error.key()),
    }
}
