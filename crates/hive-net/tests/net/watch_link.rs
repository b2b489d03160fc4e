//! Watching over real iroh endpoints on loopback (the local mode): a host
//! with its player and watchers, a watcher joining mid-game, one who tries
//! to move, one whose connection drops, the cap, and the two invitations
//! kept apart.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use hive_ai::Engine;
use hive_net::{
    Audience, Event, Invitation, Link, LinkError, Message, Network, PeerError, Role, Secret, Watch,
    WatchEvent, WatchStage, WatcherEvent,
};

use crate::transport::{Peer, host, joiner};
use crate::util::{ai_move, move_message};

/// A watcher's program: its link and its watch.
struct Viewer {
    link: Link,
    watch: Watch,
    /// Plies applied (from moves and syncs), in order.
    moved: Vec<u32>,
    connections: u32,
    refused: Vec<PeerError>,
}

impl Viewer {
    fn new(invitation: &Invitation) -> Viewer {
        let read = Invitation::parse(&invitation.to_text()).expect("own invitation");
        Viewer {
            link: Link::join(Network::Local, &read).expect("dials loopback"),
            watch: Watch::new(read.secret, "Wendy"),
            moved: vec![],
            connections: 0,
            refused: vec![],
        }
    }

    fn step(&mut self) {
        for event in self.link.wait(Duration::from_millis(2)) {
            match event {
                Event::Connected { .. } => {
                    self.connections += 1;
                    self.watch.connected();
                }
                Event::Disconnected { .. } => self.watch.disconnected(),
                Event::Message(message) => match self.watch.receive(message) {
                    Ok(events) => {
                        for event in events {
                            if let WatchEvent::Moved { ply, .. } = event {
                                self.moved.push(ply);
                            }
                        }
                    }
                    Err(e) => {
                        let fatal = e.is_fatal() && self.watch.stage() != WatchStage::Closed;
                        self.refused.push(e);
                        if fatal {
                            self.link.hang_up();
                        }
                    }
                },
                Event::Refused(e) => self.refused.push(e),
                Event::Error(e) => panic!("link error: {e}"),
                Event::Reconnecting { .. } | Event::Online => {}
            }
        }
        for message in self.watch.take_outgoing() {
            self.link.send(message);
        }
    }
}

/// A host taking watchers, its player and its watchers.
struct World {
    host: Peer,
    audience: Audience,
    joiner: Option<Peer>,
    viewers: Vec<Viewer>,
    watch_invitation: Invitation,
    player_invitation: Invitation,
    /// What the host refused from watchers.
    refused: Vec<PeerError>,
}

impl World {
    fn new(cap: usize, with_joiner: bool) -> World {
        let (host, player_invitation) = host(20);
        host.link.allow_watchers(cap);
        let audience = Audience::new(Secret::random());
        let watch_invitation = host.link.invitation(audience.secret(), Role::Watcher);
        assert_eq!(watch_invitation.addrs, player_invitation.addrs);
        let joiner = with_joiner.then(|| joiner(&player_invitation, player_invitation.secret));
        World {
            host,
            audience,
            joiner,
            viewers: vec![],
            watch_invitation,
            player_invitation,
            refused: vec![],
        }
    }

    fn watch(&mut self) {
        self.viewers.push(Viewer::new(&self.watch_invitation));
    }

    /// One round: every program polls its link once.
    fn step(&mut self) {
        self.host.step();
        let link = &mut self.host.link;
        for event in link.poll_watchers() {
            match event {
                WatcherEvent::Connected { id } => self.audience.connected(id),
                WatcherEvent::Disconnected { id, .. } => self.audience.disconnected(id),
                WatcherEvent::Refused { error, .. } => self.refused.push(error),
                WatcherEvent::Message { id, message } => {
                    if let Err(e) = self.audience.receive(id, message, &self.host.session) {
                        let fatal = e.is_fatal();
                        self.refused.push(e);
                        if fatal {
                            for (to, message) in self.audience.take_outgoing() {
                                link.send_to_watcher(to, message);
                            }
                            link.hang_up_watcher(id);
                        }
                    }
                }
            }
        }
        self.audience.update(&self.host.session);
        for (id, message) in self.audience.take_outgoing() {
            link.send_to_watcher(id, message);
        }
        if let Some(joiner) = &mut self.joiner {
            joiner.step();
        }
        for viewer in &mut self.viewers {
            viewer.step();
        }
    }

    fn run_until(&mut self, what: &str, done: impl Fn(&World) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(90);
        while !done(self) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            self.step();
        }
    }

    /// AI moves until `done`; each side moves only when both have the
    /// same game.
    fn play_until(&mut self, what: &str, done: impl Fn(&World) -> bool) {
        let mut engine = Engine::new(1);
        let deadline = Instant::now() + Duration::from_secs(90);
        while !done(self) {
            assert!(Instant::now() < deadline, "timed out playing to {what}");
            let joiner = self.joiner.as_mut().expect("a player");
            let in_step = self.host.session.game().ply() == joiner.session.game().ply();
            let mover = if self.host.session.is_my_turn() && in_step {
                Some(&mut self.host)
            } else if joiner.session.is_my_turn() && in_step {
                Some(joiner)
            } else {
                None
            };
            if let Some(mover) = mover {
                let game = mover.session.game();
                let mv = ai_move(&mut engine, game, u64::from(game.ply()));
                mover.session.play(&mv).expect("legal");
            }
            self.step();
        }
    }

    fn ply(&self) -> u32 {
        self.host.session.game().ply()
    }

    /// The game over on both players and every viewer, all at its end.
    fn all_ended(&self) -> bool {
        let joiner = self.joiner.as_ref().expect("a player");
        let end = self.ply();
        self.host.session.result().is_some()
            && joiner.session.result().is_some()
            && joiner.session.game().ply() == end
            && self
                .viewers
                .iter()
                .all(|v| v.watch.result().is_some() && v.watch.game().ply() == end)
    }
}

fn each_ply_once(plies: &[u32], last: u32) {
    let set: BTreeSet<u32> = plies.iter().copied().collect();
    assert_eq!(set.len(), plies.len(), "a ply applied twice: {plies:?}");
    assert_eq!(set, (1..=last).collect(), "{plies:?}");
}

#[test]
fn a_watcher_joining_mid_game_gets_the_game_so_far_and_every_move_to_the_end() {
    let mut world = World::new(4, true);
    world.play_until("ply 10", |w| w.ply() >= 10);
    world.watch();
    world.run_until("the game so far", |w| w.viewers[0].moved.len() >= 10);
    world.play_until("the end", World::all_ended);
    let viewer = &world.viewers[0];
    let final_game = world.host.session.game().game_string();
    assert_eq!(viewer.watch.game().game_string(), final_game);
    let joiner = world.joiner.as_ref().expect("a player");
    assert_eq!(joiner.session.game().game_string(), final_game);
    assert_eq!(viewer.watch.result(), world.host.session.result());
    each_ply_once(&viewer.moved, world.ply());
    assert!(viewer.refused.is_empty(), "{:?}", viewer.refused);
    assert!(world.refused.is_empty(), "{:?}", world.refused);
    assert!(world.host.refused.is_empty() && joiner.refused.is_empty());
    assert_eq!(world.host.connections, 1, "the player's connection held");
    let settings = viewer.watch.settings().expect("settings");
    assert_eq!(settings.joiner_name, "Joiner");
    assert_eq!(viewer.watch.name_of(hive_rules::Color::White), Some("Host"));
}

#[test]
fn a_watcher_who_moves_is_refused_and_hung_up_on_and_the_game_is_unchanged() {
    let mut world = World::new(4, true);
    world.play_until("ply 6", |w| w.ply() >= 6);
    world.watch();
    world.run_until("watching", |w| {
        w.viewers[0].watch.stage() == WatchStage::Watching && w.viewers[0].moved.len() == 6
    });
    let before = world.host.session.game().game_string();
    // The watcher's program sends the move the host's side would play.
    let mut engine = Engine::new(1);
    let mv = ai_move(&mut engine, world.host.session.game(), 3);
    let forged = move_message(world.host.session.game(), &mv);
    world.viewers[0].link.send(forged);
    world.viewers[0].link.send(Message::Resign);
    world.run_until("the refusal", |w| !w.refused.is_empty());
    assert_eq!(world.refused[0], PeerError::WatcherActed { got: "move" });
    // Hung up on: its link sees the connection go (and dials again).
    world.run_until("the hang-up", |w| w.viewers[0].connections >= 2);
    assert_eq!(world.host.session.game().game_string(), before);
    let joiner = world.joiner.as_ref().expect("a player");
    assert_eq!(joiner.session.game().game_string(), before);
    assert_eq!(world.host.session.result(), None);
    assert!(world.host.refused.is_empty() && joiner.refused.is_empty());
    // The player's connection never noticed.
    assert_eq!(world.host.connections, 1);
    world.play_until("the end", World::all_ended);
    assert_eq!(
        world.viewers[0].watch.game().game_string(),
        world.host.session.game().game_string()
    );
}

#[test]
fn a_watcher_whose_connection_drops_dials_again_and_gets_the_game_again() {
    let mut world = World::new(4, true);
    // Watching from before the start.
    world.watch();
    // (The game may start before this watcher's first poll: welcomed and
    // watching at once.)
    world.run_until("welcomed", |w| w.viewers[0].watch.host_name().is_some());
    world.play_until("ply 8", |w| w.ply() >= 8 && w.viewers[0].moved.len() >= 8);
    world.viewers[0].link.cut();
    // Moves go on while it is away.
    world.play_until("ply 14", |w| w.ply() >= 14);
    world.play_until("the end", World::all_ended);
    let viewer = &world.viewers[0];
    assert!(viewer.connections >= 2, "dialled again");
    assert_eq!(
        viewer.watch.game().game_string(),
        world.host.session.game().game_string()
    );
    each_ply_once(&viewer.moved, world.ply());
    assert_eq!(world.host.connections, 1, "the player's connection held");
    assert!(world.refused.is_empty(), "{:?}", world.refused);
}

#[test]
fn watchers_over_the_cap_are_refused_as_full() {
    let mut world = World::new(2, false);
    for _ in 0..2 {
        world.watch();
    }
    world.run_until("two watchers in", |w| {
        w.viewers
            .iter()
            .all(|v| v.watch.stage() == WatchStage::AwaitGame)
    });
    world.watch();
    world.run_until("the third refused", |w| {
        w.viewers[2].watch.stage() == WatchStage::Closed
    });
    assert_eq!(
        world.viewers[2].refused,
        [PeerError::Refused {
            reason: "full".into()
        }]
    );
    assert_eq!(world.host.link.watcher_count(), 2);
    assert_eq!(world.audience.watchers().len(), 2);
    drop(world.viewers.remove(2));
    // One leaves: there is room again.
    let leaving = world.viewers.remove(0);
    leaving.link.close();
    world.run_until("a place free", |w| w.host.link.watcher_count() == 1);
    world.watch();
    world.run_until("a new watcher in", |w| {
        w.viewers[1].watch.stage() == WatchStage::AwaitGame
    });
    assert_eq!(world.host.link.watcher_count(), 2);
    // None of it reached the player's seat.
    assert_eq!(world.host.connections, 0);
}

#[test]
fn the_watch_invitation_cannot_play_and_the_player_invitation_cannot_watch() {
    let mut world = World::new(4, false);
    // The watch invitation's secret used to play.
    let mut impostor = joiner(&world.player_invitation, world.watch_invitation.secret);
    let deadline = Instant::now() + Duration::from_secs(60);
    while impostor.session.stage() != hive_net::Stage::Closed {
        assert!(Instant::now() < deadline, "the impostor was not refused");
        world.step();
        impostor.step();
    }
    assert_eq!(world.host.refused, [PeerError::WrongSecret]);
    assert_eq!(
        impostor.refused,
        [PeerError::Refused {
            reason: "wrong-secret".into()
        }]
    );
    drop(impostor);
    // The player's invitation made a watcher's.
    let mut watching_player = world.player_invitation.clone();
    watching_player.role = Role::Watcher;
    world.viewers.push(Viewer::new(&watching_player));
    world.run_until("the refusal", |w| {
        w.viewers[0].watch.stage() == WatchStage::Closed
    });
    assert_eq!(world.refused, [PeerError::WrongSecret]);
    assert_eq!(
        world.viewers[0].refused,
        [PeerError::Refused {
            reason: "wrong-secret".into()
        }]
    );
    assert!(!world.host.session.started());
    // The invited player still gets in.
    world.viewers.clear();
    let invitation = world.player_invitation.clone();
    world.joiner = Some(joiner(&invitation, invitation.secret));
    world.run_until("the start", |w| w.host.session.started());
}

#[test]
fn a_watcher_in_the_local_mode_refuses_other_addresses_before_any_socket() {
    let link = Link::host(Network::Local).expect("binds");
    let mut invitation = link.invitation(Secret::random(), Role::Watcher);
    drop(link);
    // A documentation address (RFC 5737): never dialled.
    invitation
        .addrs
        .push("192.0.2.7:4433".parse().expect("addr"));
    assert!(matches!(
        Link::join(Network::Local, &invitation),
        Err(LinkError::NotLoopback(_))
    ));
    invitation.addrs.pop();
    invitation.relay = Some("https://relay.example/".into());
    assert!(matches!(
        Link::join(Network::Local, &invitation),
        Err(LinkError::NotLoopback(_))
    ));
}

#[test]
fn watching_can_live_in_a_game_engine_resource() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Audience>();
    send_sync::<Watch>();
    send_sync::<WatcherEvent>();
}
