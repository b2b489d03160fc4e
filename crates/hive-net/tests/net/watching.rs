//! Watching in memory: a host's audience and watchers, whole games
//! followed, every message a watcher may not send refused, the two secrets
//! kept apart.

use std::time::{Duration, Instant};

use hive_ai::Engine;
use hive_net::{
    Audience, AudienceEvent, EndReason, GameResult, Message, PROTOCOL_VERSION, PeerError, Role,
    Secret, Session, Watch, WatchEvent, WatchStage, WatcherId,
};
use hive_rules::Color;

use crate::util::{ai_move, move_message, play_plies, pump, settings, started_pair};

/// Delivers what the audience has for each watcher to it and back, until
/// all are quiet; any refusal fails the test. Returns each one's events.
pub fn pump_watchers(
    audience: &mut Audience,
    host: &Session,
    watchers: &mut [(WatcherId, &mut Watch)],
) -> Vec<Vec<WatchEvent>> {
    let mut events = vec![Vec::new(); watchers.len()];
    loop {
        audience.update(host);
        let mut quiet = true;
        let outgoing = audience.take_outgoing();
        for (to, message) in outgoing {
            let (i, (_, watch)) = watchers
                .iter_mut()
                .enumerate()
                .find(|(_, (id, _))| *id == to)
                .expect("a message for a watcher pumped here");
            quiet = false;
            events[i].extend(
                watch
                    .receive(message)
                    .expect("the watcher takes the host's message"),
            );
        }
        for (id, watch) in watchers.iter_mut() {
            for message in watch.take_outgoing() {
                quiet = false;
                audience
                    .receive(*id, message, host)
                    .expect("the host takes the watcher's message");
            }
        }
        if quiet {
            return events;
        }
    }
}

/// [`pump_watchers`] for one watcher.
pub fn pump_watch(
    audience: &mut Audience,
    host: &Session,
    id: WatcherId,
    watch: &mut Watch,
) -> Vec<WatchEvent> {
    pump_watchers(audience, host, &mut [(id, watch)]).remove(0)
}

/// A watcher connected and welcomed.
fn joined(audience: &mut Audience, host: &Session, id: WatcherId) -> (Watch, Vec<WatchEvent>) {
    let mut watch = Watch::new(audience.secret(), "Wendy");
    audience.connected(id);
    watch.connected();
    let events = pump_watch(audience, host, id, &mut watch);
    (watch, events)
}

fn plies_moved(events: &[WatchEvent]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            WatchEvent::Moved { ply, .. } => Some(*ply),
            _ => None,
        })
        .collect()
}

#[test]
fn watchers_before_and_during_the_game_follow_it_to_the_end() {
    for seed in 0..3u64 {
        let secret = Secret::random();
        let mut host = Session::host(secret, settings(Color::Black)).expect("settings");
        let mut audience = Audience::new(Secret::random());
        // Early: welcomed, waiting for the game.
        let (mut early, events) = joined(&mut audience, &host, WatcherId(1));
        assert!(matches!(events[..], [WatchEvent::Welcomed { .. }]));
        assert_eq!(early.stage(), WatchStage::AwaitGame);
        let mut joiner = Session::join(secret, "Joe");
        host.connected();
        joiner.connected();
        pump(&mut host, &mut joiner);
        joiner.accept_settings().expect("proposed");
        pump(&mut host, &mut joiner);
        play_plies(&mut host, &mut joiner, 7, seed);
        let events = pump_watch(&mut audience, &host, WatcherId(1), &mut early);
        assert!(matches!(events[0], WatchEvent::Started(_)));
        assert_eq!(plies_moved(&events), (1..=7).collect::<Vec<_>>());
        // Late: the game so far at once.
        let (mut late, events) = joined(&mut audience, &host, WatcherId(2));
        assert_eq!(plies_moved(&events), (1..=7).collect::<Vec<_>>());
        assert_eq!(late.game().game_string(), host.game().game_string());
        assert_eq!(late.name_of(Color::Black), Some("Host"));
        assert_eq!(late.name_of(Color::White), Some("Joe"));
        assert_eq!(late.to_move(), Some(Color::Black));
        // A takeback reaches both.
        joiner.request_takeback().expect("a move to take back");
        pump(&mut host, &mut joiner);
        host.answer_takeback(true).expect("asked");
        pump(&mut host, &mut joiner);
        let both = &mut [(WatcherId(1), &mut early), (WatcherId(2), &mut late)];
        for events in pump_watchers(&mut audience, &host, both) {
            assert_eq!(events, [WatchEvent::TakenBack { ply: 6 }]);
        }
        // Then every move to the end, each once.
        let mut seen = (Vec::new(), Vec::new());
        for i in 0..400 {
            if host.result().is_some() {
                break;
            }
            play_plies(&mut host, &mut joiner, 1, seed * 1000 + i);
            let both = &mut [(WatcherId(1), &mut early), (WatcherId(2), &mut late)];
            let events = pump_watchers(&mut audience, &host, both);
            seen.0.extend(plies_moved(&events[0]));
            seen.1.extend(plies_moved(&events[1]));
        }
        let plies: Vec<u32> = (7..=host.game().ply()).collect();
        assert_eq!(seen.0, plies);
        assert_eq!(seen.1, plies);
        for watch in [&early, &late] {
            assert_eq!(watch.game().game_string(), host.game().game_string());
            assert_eq!(watch.game().game_string(), joiner.game().game_string());
            assert_eq!(watch.result(), host.result());
        }
        assert_eq!(audience.watchers().len(), 2);
    }
}

#[test]
fn a_resignation_reaches_watchers_with_its_reason() {
    let (mut host, mut joiner) = started_pair(Color::White);
    let mut audience = Audience::new(Secret::random());
    let (mut watch, _) = joined(&mut audience, &host, WatcherId(5));
    play_plies(&mut host, &mut joiner, 3, 11);
    joiner.resign().expect("game on");
    pump(&mut host, &mut joiner);
    let events = pump_watch(&mut audience, &host, WatcherId(5), &mut watch);
    assert_eq!(
        events.last(),
        Some(&WatchEvent::GameOver {
            result: GameResult::WhiteWins,
            reason: EndReason::Resigned
        })
    );
    assert_eq!(watch.result(), host.result());
    assert_eq!(watch.to_move(), None);
    // Coming back after the end: the game and its result again.
    let (again, _) = joined(&mut audience, &host, WatcherId(6));
    assert_eq!(again.result(), host.result());
    assert_eq!(again.game().game_string(), host.game().game_string());
}

#[test]
fn anything_but_watching_from_a_watcher_is_refused_and_the_game_unchanged() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 4, 3);
    let before = host.game().game_string();
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, host.game(), 1);
    let acts = [
        move_message(host.game(), &mv),
        Message::DrawOffer,
        Message::DrawAnswer { accept: true },
        Message::TakebackRequest { ply: 4 },
        Message::TakebackAnswer {
            ply: 4,
            accept: true,
        },
        Message::Resign,
        Message::Chat { text: "hi".into() },
        Message::Accept,
        Message::Decline,
        Message::Settings(settings(Color::Black)),
        Message::Sync {
            game: host.game().game_string(),
            settings: None,
        },
        Message::GameOver {
            result: GameResult::Draw,
            reason: EndReason::DrawAgreed,
        },
        Message::Welcome {
            program: "x".into(),
            version: "1".into(),
            name: "x".into(),
        },
    ];
    let mut audience = Audience::new(Secret::random());
    for (n, act) in acts.into_iter().enumerate() {
        let id = WatcherId(n as u64);
        let (mut watch, _) = joined(&mut audience, &host, id);
        let kind = act.kind();
        let error = audience
            .receive(id, act, &host)
            .expect_err("a watcher cannot act");
        assert_eq!(error, PeerError::WatcherActed { got: kind });
        assert_eq!(error.key(), "peer-watcher-acted");
        assert!(error.is_fatal(), "the watcher is hung up on");
        assert_eq!(host.game().game_string(), before);
        // Nothing more is sent to it, even when the game goes on.
        assert!(audience.take_outgoing().is_empty());
        assert!(audience.watchers().iter().all(|(w, _)| *w != id));
        // The watcher has no way to move at all: its game is the host's.
        assert_eq!(watch.take_outgoing(), []);
        assert_eq!(watch.game().game_string(), before);
    }
    play_plies(&mut host, &mut joiner, 1, 5);
    audience.update(&host);
    assert!(audience.take_outgoing().is_empty());
    // What a watcher may send: ping, pong, sync_request, bye.
    let (_, _) = joined(&mut audience, &host, WatcherId(99));
    audience
        .receive(WatcherId(99), Message::Ping { n: 4 }, &host)
        .expect("ping");
    audience
        .receive(WatcherId(99), Message::SyncRequest, &host)
        .expect("sync_request");
    assert_eq!(
        audience.take_outgoing(),
        [
            (WatcherId(99), Message::Pong { n: 4 }),
            (
                WatcherId(99),
                Message::Sync {
                    game: host.game().game_string(),
                    settings: None,
                }
            )
        ]
    );
    assert_eq!(
        audience.receive(WatcherId(99), Message::Bye, &host),
        Ok(vec![AudienceEvent::Left { id: WatcherId(99) }])
    );
}

fn hello(secret: Secret, role: Role) -> Message {
    Message::Hello {
        program: "test".into(),
        version: PROTOCOL_VERSION.into(),
        name: "Eve".into(),
        secret: secret.to_hex(),
        role,
    }
}

#[test]
fn each_secret_opens_one_role_only() {
    let player_secret = Secret::random();
    let watch_secret = Secret::random();
    let mut host = Session::host(player_secret, settings(Color::White)).expect("settings");
    host.connected();
    // The watch invitation used to play: the player's seat does not know
    // that secret.
    let e = host
        .receive(hello(watch_secret, Role::Player))
        .expect_err("refused");
    assert_eq!(e, PeerError::WrongSecret);
    // A watcher's hello at the player's seat (a host taking no watchers).
    let e = host
        .receive(hello(player_secret, Role::Watcher))
        .expect_err("refused");
    assert_eq!(e, PeerError::Role);
    assert!(!host.started());
    // The player's invitation used to watch: refused too.
    let mut audience = Audience::new(watch_secret);
    audience.connected(WatcherId(1));
    let e = audience
        .receive(WatcherId(1), hello(player_secret, Role::Watcher), &host)
        .expect_err("refused");
    assert_eq!(e, PeerError::WrongSecret);
    assert!(e.is_fatal());
    let refusal = audience.take_outgoing();
    assert_eq!(
        refusal,
        [(
            WatcherId(1),
            Message::Refuse {
                reason: "wrong-secret".into()
            }
        )]
    );
    // The watcher is told, and stops.
    let mut watch = Watch::new(player_secret, "Eve");
    watch.connected();
    let e = watch
        .receive(refusal[0].1.clone())
        .expect_err("refused by the host");
    assert_eq!(
        e,
        PeerError::Refused {
            reason: "wrong-secret".into()
        }
    );
    assert_eq!(watch.stage(), WatchStage::Closed);
    // The watch secret with the player's role on the watchers' side.
    audience.connected(WatcherId(2));
    let e = audience
        .receive(WatcherId(2), hello(watch_secret, Role::Player), &host)
        .expect_err("refused");
    assert_eq!(e, PeerError::Role);
    // The right one gets in.
    audience.connected(WatcherId(3));
    audience
        .receive(WatcherId(3), hello(watch_secret, Role::Watcher), &host)
        .expect("welcomed");
}

#[test]
fn a_watcher_checks_every_move_and_asks_a_sync_when_behind() {
    let (mut host, mut joiner) = started_pair(Color::White);
    let mut audience = Audience::new(Secret::random());
    let (mut watch, _) = joined(&mut audience, &host, WatcherId(1));
    play_plies(&mut host, &mut joiner, 4, 8);
    pump_watch(&mut audience, &host, WatcherId(1), &mut watch);
    let before = watch.game().game_string();
    let illegal = Message::Move {
        ply: 5,
        mv: "wQ -bQ".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    let e = watch.receive(illegal).expect_err("refused");
    assert!(
        matches!(e.key(), "peer-illegal-move" | "peer-bad-move"),
        "{e}"
    );
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, host.game(), 2);
    let mut wrong = move_message(host.game(), &mv);
    if let Message::Move { hash, .. } = &mut wrong {
        *hash = "0123456789abcdef".into();
    }
    assert_eq!(
        watch.receive(wrong).expect_err("refused").key(),
        "peer-hash-mismatch"
    );
    assert_eq!(watch.take_outgoing(), [Message::SyncRequest]);
    let ahead = Message::Move {
        ply: 9,
        mv: "wS2".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    assert_eq!(
        watch.receive(ahead).expect_err("refused").key(),
        "peer-ply-ahead"
    );
    assert_eq!(watch.game().game_string(), before);
    // A game_over by the rules the watcher's game does not show: a sync
    // is asked for, the result not taken on trust.
    watch
        .receive(Message::GameOver {
            result: GameResult::WhiteWins,
            reason: EndReason::Rules,
        })
        .expect("a sync is asked");
    assert_eq!(watch.result(), None);
    assert_eq!(watch.take_outgoing().last(), Some(&Message::SyncRequest));
    // A sync with a move that breaks a rule is refused whole.
    let e = watch
        .receive(Message::Sync {
            game: "Base+MLP;InProgress;White[2];wS1;bZ9 -wS1".into(),
            settings: None,
        })
        .expect_err("refused");
    assert_eq!(e.key(), "peer-bad-sync");
    assert_eq!(watch.game().game_string(), before);
}

fn welcome(version: &str) -> Message {
    Message::Welcome {
        program: "test".into(),
        version: version.into(),
        name: "H".repeat(100),
    }
}

#[test]
fn a_joiner_and_a_watcher_read_the_hosts_welcome_alike() {
    let secret = Secret::random();
    // Another message first is refused and the welcome still gets in; the
    // host's name is clipped.
    let mut joiner = Session::join(secret, "J");
    joiner.connected();
    let e = joiner.receive(Message::Accept).expect_err("not a welcome");
    assert_eq!(e.key(), "peer-out-of-order");
    let events = joiner.receive(welcome(PROTOCOL_VERSION)).expect("welcome");
    let name = match events.as_slice() {
        [hive_net::SessionEvent::Welcomed { name }] => name.clone(),
        other => panic!("expected a welcome, got {other:?}"),
    };
    assert!(name.chars().count() < 100 && name.chars().all(|c| c == 'H'));
    let mut watch = Watch::new(secret, "W");
    watch.connected();
    let e = watch.receive(Message::Accept).expect_err("not a welcome");
    assert_eq!(e.key(), "peer-out-of-order");
    assert_eq!(watch.stage(), WatchStage::AwaitWelcome);
    assert_eq!(
        watch.receive(welcome(PROTOCOL_VERSION)).expect("welcome"),
        [WatchEvent::Welcomed { name }]
    );
    assert_eq!(watch.stage(), WatchStage::AwaitGame);
    // Another version, or a refusal, ends the handshake for both.
    for (answer, key) in [
        (welcome("2"), "peer-version"),
        (
            Message::Refuse {
                reason: "busy".into(),
            },
            "peer-refused",
        ),
    ] {
        let mut joiner = Session::join(secret, "J");
        joiner.connected();
        let e = joiner.receive(answer.clone()).expect_err("refused");
        assert_eq!(e.key(), key);
        assert!(e.is_fatal());
        assert_eq!(joiner.stage(), hive_net::Stage::Closed);
        let mut watch = Watch::new(secret, "W");
        watch.connected();
        let e = watch.receive(answer).expect_err("refused");
        assert_eq!(e.key(), key);
        assert_eq!(watch.stage(), WatchStage::Closed);
    }
}

/// Pings at `now` until one is refused (the bucket then holds less than a
/// token); the refusal must be the flood's.
fn drain(mut receive: impl FnMut(Message) -> Result<(), PeerError>) {
    for n in 0..100 {
        if let Err(e) = receive(Message::Ping { n }) {
            assert_eq!(e.key(), "peer-flood");
            return;
        }
    }
    panic!("a hundred pings at once were all let through");
}

#[test]
fn moves_are_play_not_flood_for_a_player_and_a_watcher() {
    // A player: with one token left, ten of the peer's moves in the same
    // instant all get in, and the token is still there after them.
    let (mut host, mut joiner) = started_pair(Color::White);
    let now = Instant::now();
    drain(|m| host.receive_at(m, now).map(drop));
    host.take_outgoing();
    let later = now + Duration::from_millis(50);
    let mut engine = Engine::new(1);
    for i in 0..10 {
        let mv = ai_move(&mut engine, host.game(), i);
        host.play(&mv).expect("the AI's move is legal");
        for m in host.take_outgoing() {
            joiner.receive(m).expect("the joiner takes the host's move");
        }
        let mv = ai_move(&mut engine, joiner.game(), 100 + i);
        joiner.play(&mv).expect("the AI's move is legal");
        for m in joiner.take_outgoing() {
            host.receive_at(m, later).expect("a move costs no token");
        }
    }
    assert_eq!(host.game().ply(), 20);
    host.receive_at(Message::Ping { n: 0 }, later)
        .expect("the token left");
    let e = host.receive_at(Message::Ping { n: 1 }, later);
    assert_eq!(e.map_err(|e| e.key()).map(drop), Err("peer-flood"));

    // A watcher: the same with the host's moves.
    let (mut host, mut joiner) = started_pair(Color::White);
    let mut audience = Audience::new(Secret::random());
    let (mut watch, _) = joined(&mut audience, &host, WatcherId(1));
    assert_eq!(watch.stage(), WatchStage::Watching);
    let now = Instant::now();
    drain(|m| watch.receive_at(m, now).map(drop));
    watch.take_outgoing();
    let later = now + Duration::from_millis(50);
    play_plies(&mut host, &mut joiner, 10, 7);
    audience.update(&host);
    let mut moved = Vec::new();
    for (_, m) in audience.take_outgoing() {
        let events = watch.receive_at(m, later).expect("a move costs no token");
        moved.extend(plies_moved(&events));
    }
    assert_eq!(moved, (1..=10).collect::<Vec<_>>());
    watch
        .receive_at(Message::Ping { n: 0 }, later)
        .expect("the token left");
    let e = watch.receive_at(Message::Ping { n: 1 }, later);
    assert_eq!(e.map_err(|e| e.key()).map(drop), Err("peer-flood"));
}
