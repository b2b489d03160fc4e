//! Every way a peer can misbehave gives its `PeerError`, and the game is
//! left as it was.

use std::time::{Duration, Instant};

use hive_net::{
    FrameReader, Message, PROTOCOL_VERSION, PeerError, Role, Secret, Session, Stage, encode_frame,
};
use hive_rules::{Color, RuleError};

use crate::util::{move_message, play_plies, settings, started_pair};

/// Feeds `message` to `session` and checks it is refused with `key`, the
/// game unchanged.
fn refused(session: &mut Session, message: Message, key: &str) -> PeerError {
    let before = session.game().game_string();
    let error = session.receive(message).expect_err("refused");
    assert_eq!(error.key(), key, "{error}");
    assert_eq!(session.game().game_string(), before);
    error
}

fn hello(secret: &str, version: &str) -> Message {
    Message::Hello {
        program: "test".into(),
        version: version.into(),
        name: "Mallory".into(),
        secret: secret.into(),
        role: Role::Player,
    }
}

#[test]
fn frames_malformed_oversized_or_unknown_are_refused() {
    let mut reader = FrameReader::new();
    let mut bytes = encode_frame(&Message::Ping { n: 3 }).expect("small");
    bytes.extend_from_slice(&5u32.to_be_bytes());
    bytes.extend_from_slice(b"{oops");
    let unknown = br#"{"type":"teleport","to":"wQ"}"#;
    bytes.extend_from_slice(&(unknown.len() as u32).to_be_bytes());
    bytes.extend_from_slice(unknown);
    let bad_field = br#"{"type":"ping","n":"three"}"#;
    bytes.extend_from_slice(&(bad_field.len() as u32).to_be_bytes());
    bytes.extend_from_slice(bad_field);
    bytes.extend_from_slice(&(70_000u32).to_be_bytes());
    reader.push(&bytes);
    assert_eq!(reader.next_message(), Some(Ok(Message::Ping { n: 3 })));
    let keys: Vec<&str> = (0..4)
        .map(|_| match reader.next_message() {
            Some(Err(e)) => e.key(),
            other => panic!("expected a refusal, got {other:?}"),
        })
        .collect();
    assert_eq!(
        keys,
        [
            "peer-malformed",
            "peer-unknown-message",
            "peer-malformed",
            "peer-oversized"
        ]
    );
    // The oversized header is refused before any body arrives, and for good.
    reader.push(&[0; 100]);
    assert!(matches!(
        reader.next_message(),
        Some(Err(PeerError::Oversized { len: 70_000 }))
    ));
    let huge = Message::Chat {
        text: "x".repeat(70_000),
    };
    assert!(matches!(
        encode_frame(&huge),
        Err(PeerError::Oversized { .. })
    ));
}

#[test]
fn the_handshake_refuses_wrong_secret_other_version_and_wrong_order() {
    let secret = Secret::random();
    let mut host = Session::host(secret, settings(Color::White)).expect("settings");
    host.connected();
    let early = move_message(host.game(), "wS1");
    let e = refused(&mut host, early, "peer-out-of-order");
    assert!(e.is_fatal());
    let e = refused(
        &mut host,
        hello(&Secret::random().to_hex(), "1"),
        "peer-wrong-secret",
    );
    assert!(e.is_fatal());
    assert_eq!(
        host.take_outgoing(),
        [Message::Refuse {
            reason: "wrong-secret".into()
        }]
    );
    refused(&mut host, hello("not hex", "1"), "peer-wrong-secret");
    refused(&mut host, hello(&secret.to_hex(), "2"), "peer-version");
    assert_eq!(host.stage(), Stage::AwaitHello);
    // The right hello still gets in after all that.
    host.take_outgoing();
    host.receive(hello(&secret.to_hex(), PROTOCOL_VERSION))
        .expect("good hello");
    assert_eq!(host.stage(), Stage::AwaitAccept);
    // The joiner refuses anything but welcome first.
    let mut joiner = Session::join(secret, "J");
    joiner.connected();
    refused(&mut joiner, Message::Accept, "peer-out-of-order");
    let e = refused(
        &mut joiner,
        Message::Refuse {
            reason: "wrong-secret".into(),
        },
        "peer-refused",
    );
    assert!(e.is_fatal());
}

#[test]
fn illegal_out_of_turn_and_unreadable_moves_are_refused_naming_the_rule() {
    let (mut host, mut joiner) = started_pair(Color::White);
    // Black moving first.
    let mut black_first = move_message(host.game(), "wS1");
    if let Message::Move { mv, .. } = &mut black_first {
        *mv = "bS1".into();
    }
    refused(&mut host, black_first, "peer-out-of-turn");
    host.play("wS1").expect("legal");
    crate::util::pump(&mut host, &mut joiner);
    // Black's queen on Black's first turn breaks the tournament rule.
    let queen = Message::Move {
        ply: 2,
        mv: "bQ -wS1".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    match refused(&mut host, queen, "peer-illegal-move") {
        PeerError::IllegalMove { rule, .. } => {
            assert!(
                matches!(rule, RuleError::QueenOnFirstTurn { .. }),
                "{rule:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    let nonsense = Message::Move {
        ply: 2,
        mv: "xyzzy".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    refused(&mut host, nonsense, "peer-bad-move");
    // Nothing the host refused reached its game.
    assert_eq!(host.game().ply(), 1);
}

#[test]
fn ply_checks_ignore_old_moves_and_ask_a_sync_for_gaps() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 4, 1);
    let before = joiner.game().game_string();
    // A move for a ply already played is ignored.
    let old = Message::Move {
        ply: 3,
        mv: "wS1".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    let events = joiner.receive(old).expect("ignored, not refused");
    assert_eq!(events, [hive_net::SessionEvent::Duplicate { ply: 3 }]);
    assert_eq!(joiner.game().game_string(), before);
    // A move beyond the next ply: refused, and a sync asked for.
    let ahead = Message::Move {
        ply: 9,
        mv: "wS2".into(),
        hash: "0".into(),
        clock_ms: None,
    };
    refused(&mut joiner, ahead, "peer-ply-ahead");
    assert_eq!(joiner.take_outgoing(), [Message::SyncRequest]);
}

#[test]
fn a_hash_mismatch_asks_a_sync_and_a_diverging_sync_is_refused() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 4, 2);
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, host.game(), 5);
    let mut wrong_hash = move_message(host.game(), &mv);
    if let Message::Move { hash, .. } = &mut wrong_hash {
        *hash = "0123456789abcdef".into();
    }
    refused(&mut joiner, wrong_hash, "peer-hash-mismatch");
    assert_eq!(joiner.take_outgoing(), [Message::SyncRequest]);
    // A sync of another game (same length, other moves) is refused.
    let (mut other_host, mut other_joiner) = started_pair(Color::White);
    play_plies(&mut other_host, &mut other_joiner, 6, 99);
    let game = other_host.game().game_string();
    let e = refused(
        &mut joiner,
        Message::Sync {
            game,
            settings: None,
        },
        "peer-sync-diverges",
    );
    assert!(e.is_fatal());
    refused(
        &mut joiner,
        Message::Sync {
            game: "Base+MLP;InProgress;White[2];wS1;bZ9 -wS1".into(),
            settings: None,
        },
        "peer-bad-sync",
    );
    // A sync that also moves for us is refused.
    let mut forged = joiner.game().clone();
    for seed in 0..2 {
        let mv = crate::util::ai_move(&mut engine, &forged, seed);
        forged.play_move_string(&mv).expect("legal");
    }
    refused(
        &mut joiner,
        Message::Sync {
            game: forged.game_string(),
            settings: None,
        },
        "peer-sync-diverges",
    );
}

#[test]
fn flood_chat_and_offers_are_limited() {
    let (mut host, _joiner) = started_pair(Color::White);
    let now = Instant::now();
    let mut accepted = 0;
    let mut flood = None;
    for n in 0..100 {
        match host.receive_at(Message::Ping { n }, now) {
            Ok(_) => accepted += 1,
            Err(e) => {
                flood = Some(e);
                break;
            }
        }
    }
    // The handshake took two of the burst.
    assert!((55..=60).contains(&accepted), "{accepted}");
    assert_eq!(flood.map(|e| e.key()), Some("peer-flood"));
    // A second later, twenty more are let through.
    let later = now + Duration::from_secs(1);
    for n in 0..20 {
        host.receive_at(Message::Ping { n }, later)
            .expect("refilled");
    }
    assert!(host.receive_at(Message::Ping { n: 0 }, later).is_err());
    let (mut host, _joiner) = started_pair(Color::White);
    refused(
        &mut host,
        Message::Chat {
            text: "é".repeat(281),
        },
        "peer-chat-too-long",
    );
    host.receive(Message::Chat {
        text: "é".repeat(280),
    })
    .expect("280 characters are fine");
    refused(
        &mut host,
        Message::DrawAnswer { accept: true },
        "peer-no-such-offer",
    );
    refused(
        &mut host,
        Message::TakebackAnswer {
            ply: 0,
            accept: true,
        },
        "peer-no-such-offer",
    );
    assert_eq!(host.result(), None);
}
