//! Two real iroh endpoints on loopback (the local mode): a whole game, a
//! connection cut with a move lost in transit, and the local mode's guard.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use hive_ai::Engine;
use hive_net::{
    Event, HouseRules, Invitation, Link, LinkError, Network, PeerError, Role, Secret, Session,
    SessionEvent, Stage, check_local,
};
use hive_rules::Color;

use crate::util::{ai_move, settings};

pub struct Peer {
    pub link: Link,
    pub session: Session,
    /// Plies applied from the peer (moves and syncs).
    pub applied: Vec<u32>,
    pub connections: u32,
    /// Messages refused from the peer.
    pub refused: Vec<PeerError>,
    /// The peer said goodbye.
    pub left: bool,
}

impl Peer {
    /// Polls the link, feeds the session, sends its answers.
    pub fn step(&mut self) {
        for event in self.link.wait(Duration::from_millis(5)) {
            match event {
                Event::Connected { .. } => {
                    self.connections += 1;
                    self.session.connected();
                }
                Event::Disconnected { .. } => self.session.disconnected(),
                Event::Message(message) => match self.session.receive(message) {
                    Ok(events) => {
                        for event in events {
                            match event {
                                SessionEvent::Moved { ply, .. } => self.applied.push(ply),
                                SessionEvent::PeerLeft => self.left = true,
                                SessionEvent::SettingsProposed(_) => {
                                    self.session.accept_settings().expect("proposed");
                                }
                                _ => {}
                            }
                        }
                    }
                    Err(e) => {
                        let fatal = e.is_fatal();
                        self.refused.push(e);
                        if fatal {
                            for message in self.session.take_outgoing() {
                                self.link.send(message);
                            }
                            self.link.hang_up();
                        }
                    }
                },
                Event::Refused(e) => panic!("frame refused: {e}"),
                Event::Error(e) => panic!("link error: {e}"),
                Event::Reconnecting { .. } | Event::Online => {}
            }
        }
        for message in self.session.take_outgoing() {
            self.link.send(message);
        }
    }
}

pub fn peer(link: Link, session: Session) -> Peer {
    Peer {
        link,
        session,
        applied: vec![],
        connections: 0,
        refused: vec![],
        left: false,
    }
}

/// A host on loopback and its invitation.
pub fn host(turn_limit: u16) -> (Peer, Invitation) {
    let secret = Secret::random();
    let mut game = settings(Color::White);
    game.house_rules = HouseRules {
        turn_limit: Some(turn_limit),
        ..HouseRules::default()
    };
    let link = Link::host(Network::Local).expect("binds on loopback");
    let invitation = link.invitation(secret, Role::Player);
    let session = Session::host(secret, game).expect("settings");
    (peer(link, session), invitation)
}

/// A joiner dialling `invitation` (read back from its text), with `secret`.
pub fn joiner(invitation: &Invitation, secret: Secret) -> Peer {
    let text = invitation.to_text();
    let read = Invitation::parse(&text).expect("own invitation");
    let link = Link::join(Network::Local, &read).expect("dials loopback");
    peer(link, Session::join(secret, "Joiner"))
}

/// A host and its invited joiner on loopback.
fn pair(turn_limit: u16) -> (Peer, Peer) {
    let (host, invitation) = host(turn_limit);
    let joiner = joiner(&invitation, invitation.secret);
    (host, joiner)
}

/// Steps both peers until `done` or the deadline.
pub fn run_until(host: &mut Peer, joiner: &mut Peer, mut done: impl FnMut(&Peer, &Peer) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(host, joiner) {
        assert!(
            Instant::now() < deadline,
            "timed out: host at {:?}, joiner at {:?}",
            host.session.stage(),
            joiner.session.stage()
        );
        host.step();
        joiner.step();
    }
}

/// Plays AI moves until the game ends; `cut_at` drops the connection just
/// after that ply is played, before its message is sent.
fn play_out(host: &mut Peer, joiner: &mut Peer, cut_at: Option<u32>) {
    let mut engine = Engine::new(1);
    run_until(host, joiner, |h, j| {
        h.session.started() && j.session.started()
    });
    loop {
        let in_step = host.session.game().ply() == joiner.session.game().ply();
        if host.session.result().is_some() && joiner.session.result().is_some() && in_step {
            break;
        }
        let mover = if host.session.is_my_turn() && in_step {
            Some(&mut *host)
        } else if joiner.session.is_my_turn() && in_step {
            Some(&mut *joiner)
        } else {
            None
        };
        if let Some(mover) = mover {
            let mv = ai_move(
                &mut engine,
                mover.session.game(),
                u64::from(mover.session.game().ply()),
            );
            mover.session.play(&mv).expect("legal");
            if Some(mover.session.game().ply()) == cut_at {
                // The connection drops with the move still to be sent: it
                // is lost in transit.
                mover.link.cut();
            }
        }
        host.step();
        joiner.step();
    }
}

fn each_once(plies: &[u32]) {
    let set: BTreeSet<u32> = plies.iter().copied().collect();
    assert_eq!(set.len(), plies.len(), "a ply applied twice: {plies:?}");
}

#[test]
fn two_endpoints_on_loopback_play_a_whole_game() {
    let (mut host, mut joiner) = pair(40);
    play_out(&mut host, &mut joiner, None);
    assert_eq!(
        host.session.game().game_string(),
        joiner.session.game().game_string()
    );
    assert!(host.session.result().is_some());
    each_once(&host.applied);
    each_once(&joiner.applied);
    assert_eq!(host.connections, 1);
    assert!(host.refused.is_empty() && joiner.refused.is_empty());
}

#[test]
fn a_cut_connection_resumes_at_the_same_move_each_ply_applied_once() {
    let (mut host, mut joiner) = pair(40);
    // The host (White) plays ply 9 and the connection drops before it is sent.
    play_out(&mut host, &mut joiner, Some(9));
    assert_eq!(
        host.session.game().game_string(),
        joiner.session.game().game_string()
    );
    assert!(
        host.connections >= 2 && joiner.connections >= 2,
        "reconnected"
    );
    assert!(
        joiner.applied.contains(&9),
        "the lost move came by the sync"
    );
    each_once(&host.applied);
    each_once(&joiner.applied);
    assert!(host.refused.is_empty() && joiner.refused.is_empty());
    // Every ply was applied on exactly one side from the peer.
    let total = host.session.game().ply() as usize;
    assert_eq!(host.applied.len() + joiner.applied.len(), total);
}

#[test]
fn the_local_mode_binds_only_loopback_and_refuses_other_addresses_before_any_socket() {
    let link = Link::host(Network::Local).expect("binds");
    assert!(!link.addrs().is_empty());
    for addr in &link.addrs() {
        assert!(addr.ip().is_loopback(), "{addr}");
    }
    let invitation = link.invitation(Secret::random(), Role::Player);
    assert!(invitation.relay.is_none());
    drop(link);
    // A documentation address (RFC 5737): refused by the guard before a
    // socket is made, so nothing is ever sent to it.
    let outside = "192.0.2.1:4433".parse().expect("addr");
    assert!(matches!(
        check_local(&outside),
        Err(LinkError::NotLoopback(_))
    ));
    let mut bad = invitation.clone();
    bad.addrs = vec!["127.0.0.1:9".parse().expect("addr"), outside];
    assert!(matches!(
        Link::join(Network::Local, &bad),
        Err(LinkError::NotLoopback(_))
    ));
    let mut relayed = invitation.clone();
    relayed.relay = Some("https://relay.example/".into());
    assert!(matches!(
        Link::join(Network::Local, &relayed),
        Err(LinkError::NotLoopback(_))
    ));
    let mut none = invitation;
    none.addrs.clear();
    assert_eq!(
        Link::join(Network::Local, &none).err(),
        Some(LinkError::NoAddress)
    );
}

#[test]
fn a_stranger_without_the_secret_is_refused_and_the_invited_joiner_still_gets_in() {
    let (mut host, invitation) = host(40);
    // The stranger has the host's address but not the secret.
    let mut stranger = joiner(&invitation, Secret::random());
    let deadline = Instant::now() + Duration::from_secs(30);
    while stranger.session.stage() != Stage::Closed {
        assert!(Instant::now() < deadline, "the stranger was not refused");
        host.step();
        stranger.step();
    }
    assert_eq!(host.refused, [PeerError::WrongSecret]);
    assert_eq!(
        stranger.refused,
        [PeerError::Refused {
            reason: "wrong-secret".into()
        }]
    );
    assert!(!host.session.started());
    drop(stranger);
    // The invited joiner then plays the whole game.
    let mut joiner = joiner(&invitation, invitation.secret);
    play_out(&mut host, &mut joiner, None);
    assert_eq!(
        host.session.game().game_string(),
        joiner.session.game().game_string()
    );
    assert!(joiner.refused.is_empty());
}

#[test]
fn link_and_session_can_live_in_a_game_engine_resource() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Link>();
    send_sync::<Session>();
    send_sync::<Event>();
}

#[test]
fn a_host_started_again_with_its_key_and_port_is_reached_by_the_old_invitation() {
    let secret = Secret::random();
    let key = Link::new_key();
    let first = Link::host_with_key(Network::Local, key, 0).expect("binds on loopback");
    let invitation = first.invitation(secret, Role::Player);
    let port = invitation.addrs[0].port();
    let game = settings(Color::White);
    let mut host = peer(
        first,
        Session::host(secret, game.clone()).expect("settings"),
    );
    let mut joiner = joiner(&invitation, secret);
    run_until(&mut host, &mut joiner, |h, j| {
        h.session.started() && j.session.started()
    });
    let mut engine = Engine::new(1);
    while host.session.game().ply() < 4 {
        for peer in [&mut host, &mut joiner] {
            if peer.session.is_my_turn() {
                let mv = ai_move(&mut engine, peer.session.game(), 3);
                peer.session.play(&mv).expect("legal");
            }
        }
        host.step();
        joiner.step();
    }
    // The host's program closes; it starts again from its saved game.
    let Peer { link, session, .. } = host;
    let saved = session.game().clone();
    let accepted = session.settings().expect("settings").clone();
    link.close();
    let again = Link::host_with_key(Network::Local, key, port).expect("the same port again");
    assert_eq!(again.invitation(secret, Role::Player), invitation);
    let resumed =
        Session::resumed(hive_net::Seat::Host, secret, "Host", accepted, saved).expect("resumed");
    let mut host = peer(again, resumed);
    run_until(&mut host, &mut joiner, |h, j| {
        h.session.stage() == Stage::Playing
            && j.session.stage() == Stage::Playing
            && h.session.game().ply() == j.session.game().ply()
    });
    assert_eq!(
        host.session.game().game_string(),
        joiner.session.game().game_string()
    );
    assert!(joiner.connections >= 2, "the joiner dialled again");
}

/// A player who leaves sends goodbye and closes at once (as the window's
/// Leave does): the goodbye reaches the friend before the connection
/// closes, every time (the close was once seen before the last send).
#[test]
fn the_goodbye_sent_just_before_closing_reaches_the_friend() {
    for round in 0..8 {
        let (mut host, mut joiner) = pair(60);
        run_until(&mut host, &mut joiner, |h, j| {
            h.session.started() && j.session.started()
        });
        let Peer {
            link, mut session, ..
        } = host;
        session.bye();
        for message in session.take_outgoing() {
            link.send(message);
        }
        link.close();
        let deadline = Instant::now() + Duration::from_secs(30);
        while !joiner.left {
            assert!(
                Instant::now() < deadline,
                "round {round}: no goodbye, the joiner at {:?}",
                joiner.session.stage()
            );
            joiner.step();
        }
    }
}
