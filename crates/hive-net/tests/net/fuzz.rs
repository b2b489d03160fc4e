//! Random and mutated messages and frames against a session: no panic,
//! and the game never changes on a refused message.

use hive_net::{FrameReader, Message, Session, SessionEvent};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::util::{play_plies, started_pair};

const MOVES: [&str; 8] = [
    "wS1", "bS1 wS1-", "wQ -bS1", "pass", "bA1 /wS1", "", "wB1 \\bQ", "bG3",
];

fn random_message(rng: &mut StdRng, game: &hive_rules::Game) -> Message {
    let ply = match rng.random_range(0..4) {
        0 => game.ply() + 1,
        1 => game.ply(),
        2 => rng.random_range(0..400),
        _ => u32::MAX,
    };
    match rng.random_range(0..14) {
        0..=2 => {
            // A legal move or a near miss.
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let mv = if !legal.is_empty() && rng.random_bool(0.5) {
                game.move_string(legal[rng.random_range(0..legal.len())])
            } else {
                MOVES[rng.random_range(0..MOVES.len())].into()
            };
            let hash = if rng.random_bool(0.5) {
                let mut after = game.clone();
                let _ = after.play_move_string(&mv);
                format!("{:016x}", after.hash())
            } else {
                format!("{:x}", rng.random::<u64>())
            };
            Message::Move {
                ply,
                mv,
                hash,
                clock_ms: None,
            }
        }
        3 => Message::Sync {
            game: if rng.random_bool(0.5) {
                game.game_string()
            } else {
                let mut s = game.game_string();
                s.push_str(";wG1");
                s
            },
            settings: None,
        },
        4 => Message::SyncRequest,
        5 => Message::TakebackRequest { ply },
        6 => Message::TakebackAnswer {
            ply,
            accept: rng.random(),
        },
        7 => Message::DrawOffer,
        8 => Message::DrawAnswer {
            accept: rng.random(),
        },
        9 => Message::Chat {
            text: "a".repeat(rng.random_range(0..400)),
        },
        10 => Message::Ping { n: rng.random() },
        11 => Message::Accept,
        12 => Message::Resign,
        _ => Message::GameOver {
            result: hive_net::GameResult::Draw,
            reason: hive_net::EndReason::Rules,
        },
    }
}

/// Mutates a frame's bytes: flips, cuts, inserts.
fn mutate(rng: &mut StdRng, mut bytes: Vec<u8>) -> Vec<u8> {
    for _ in 0..rng.random_range(1..4) {
        if bytes.is_empty() {
            break;
        }
        let i = rng.random_range(0..bytes.len());
        match rng.random_range(0..3) {
            0 => bytes[i] ^= 1 << rng.random_range(0..8),
            1 => bytes.truncate(i),
            _ => bytes.insert(i, rng.random()),
        }
    }
    bytes
}

#[test]
fn ten_thousand_random_and_mutated_messages_never_change_the_game_when_refused() {
    let mut rng = StdRng::seed_from_u64(34);
    let (mut host, mut joiner) = started_pair(hive_rules::Color::White);
    play_plies(&mut host, &mut joiner, 8, 4);
    let base = joiner.clone();
    let mut session = base.clone();
    let (mut refused, mut taken) = (0, 0);
    let mut now = std::time::Instant::now();
    for i in 0..12_000 {
        if i % 500 == 0 || session.result().is_some() {
            session = base.clone();
        }
        // A step in time keeps the flood limit from refusing everything.
        now += std::time::Duration::from_millis(60);
        let message = random_message(&mut rng, session.game());
        let incoming = if rng.random_bool(0.3) {
            // Through the frame reader, mutated.
            let frame = hive_net::encode_frame(&message).expect("small");
            let mut reader = FrameReader::new();
            reader.push(&mutate(&mut rng, frame));
            match reader.next_message() {
                Some(Ok(m)) => m,
                Some(Err(e)) => {
                    assert!(!e.key().is_empty());
                    refused += 1;
                    continue;
                }
                None => continue,
            }
        } else {
            message
        };
        let before = session.game().game_string();
        match session.receive_at(incoming, now) {
            Ok(events) => {
                taken += 1;
                let changed = events.iter().any(|e| {
                    matches!(
                        e,
                        SessionEvent::Moved { .. }
                            | SessionEvent::Synced { .. }
                            | SessionEvent::TakenBack { .. }
                    )
                });
                if !changed {
                    assert_eq!(session.game().game_string(), before);
                }
            }
            Err(e) => {
                refused += 1;
                assert!(e.key().starts_with("peer-"));
                assert_eq!(session.game().game_string(), before, "{e}");
            }
        }
        session.take_outgoing();
    }
    assert!(
        refused > 1000 && taken > 1000,
        "{refused} refused, {taken} taken"
    );
    // Raw random bytes as frames.
    for _ in 0..2_000 {
        let len = rng.random_range(0..64);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let mut reader = FrameReader::new();
        reader.push(&bytes);
        while let Some(Ok(m)) = reader.next_message() {
            let before = session.game().game_string();
            if session.receive(m).is_err() {
                assert_eq!(session.game().game_string(), before);
            }
        }
    }
    let _: Session = session;
}

/// A message from `rng` that a watcher or a host might send: the random
/// game messages above, hellos, settings and welcomes.
fn any_message(rng: &mut StdRng, game: &hive_rules::Game, secret: hive_net::Secret) -> Message {
    match rng.random_range(0..10) {
        0 => Message::Hello {
            program: "fuzz".into(),
            version: if rng.random_bool(0.8) { "1" } else { "2" }.into(),
            name: "n".repeat(rng.random_range(0..60)),
            secret: if rng.random_bool(0.5) {
                secret.to_hex()
            } else {
                hive_net::Secret::random().to_hex()
            },
            role: if rng.random_bool(0.7) {
                hive_net::Role::Watcher
            } else {
                hive_net::Role::Player
            },
        },
        1 => Message::Settings(crate::util::settings(hive_rules::Color::Black)),
        2 => Message::Bye,
        _ => random_message(rng, game),
    }
}

/// Through the frame reader, mutated, or as it is.
fn maybe_mutated(rng: &mut StdRng, message: Message) -> Option<Message> {
    if !rng.random_bool(0.3) {
        return Some(message);
    }
    let frame = hive_net::encode_frame(&message).expect("small");
    let mut reader = FrameReader::new();
    reader.push(&mutate(rng, frame));
    match reader.next_message() {
        Some(Ok(m)) => Some(m),
        Some(Err(e)) => {
            assert!(e.key().starts_with("peer-"));
            None
        }
        None => None,
    }
}

#[test]
fn random_and_mutated_watcher_messages_never_panic_nor_change_any_game() {
    use hive_net::{Audience, Secret, Watch, WatchEvent, WatchStage, WatcherId};
    let mut rng = StdRng::seed_from_u64(7);
    let (mut host, mut joiner) = started_pair(hive_rules::Color::White);
    play_plies(&mut host, &mut joiner, 8, 4);
    let watch_secret = Secret::random();
    let mut audience = Audience::new(watch_secret);
    let host_game = host.game().game_string();
    let mut now = std::time::Instant::now();
    // The host's side: whatever a watcher sends, the game stays.
    let mut id = 0u64;
    let (mut refused, mut taken) = (0, 0);
    for i in 0..6_000 {
        if i % 10 == 0 {
            // A new watcher, welcomed, every ten messages.
            id += 1;
            audience.connected(WatcherId(id));
            let mut watch = Watch::new(watch_secret, "W");
            watch.connected();
            for hello in watch.take_outgoing() {
                audience
                    .receive_at(WatcherId(id), hello, &host, now)
                    .expect("welcomed");
            }
        }
        now += std::time::Duration::from_millis(60);
        let message = any_message(&mut rng, host.game(), watch_secret);
        let Some(message) = maybe_mutated(&mut rng, message) else {
            continue;
        };
        match audience.receive_at(WatcherId(id), message, &host, now) {
            Ok(_) => taken += 1,
            Err(e) => {
                refused += 1;
                assert!(e.key().starts_with("peer-"));
            }
        }
        assert_eq!(host.game().game_string(), host_game);
        audience.take_outgoing();
    }
    assert!(
        refused > 500 && taken > 100,
        "{refused} refused, {taken} taken"
    );
    // The watcher's side: a watcher following the game takes random and
    // mutated messages from the host; a refused one leaves its game as it was.
    let mut base = Watch::new(watch_secret, "W");
    audience.connected(WatcherId(10_000));
    base.connected();
    crate::watching::pump_watch(&mut audience, &host, WatcherId(10_000), &mut base);
    assert_eq!(base.game().game_string(), host_game);
    let mut watch = base.clone();
    let (mut refused, mut taken) = (0, 0);
    for i in 0..8_000 {
        if i % 300 == 0 || watch.result().is_some() || watch.stage() == WatchStage::Closed {
            watch = base.clone();
        }
        now += std::time::Duration::from_millis(60);
        let message = any_message(&mut rng, watch.game(), watch_secret);
        let Some(message) = maybe_mutated(&mut rng, message) else {
            continue;
        };
        let before = watch.game().game_string();
        match watch.receive_at(message, now) {
            Ok(events) => {
                taken += 1;
                let changed = events.iter().any(|e| {
                    matches!(
                        e,
                        WatchEvent::Moved { .. }
                            | WatchEvent::Synced { .. }
                            | WatchEvent::TakenBack { .. }
                            | WatchEvent::Started(_)
                    )
                });
                if !changed {
                    assert_eq!(watch.game().game_string(), before);
                }
            }
            Err(e) => {
                refused += 1;
                assert!(e.key().starts_with("peer-"));
                assert_eq!(watch.game().game_string(), before, "{e}");
            }
        }
        watch.take_outgoing();
    }
    assert!(
        refused > 1000 && taken > 1000,
        "{refused} refused, {taken} taken"
    );
}

/// The cases of the frame reader's fuzz run.
const FRAME_CASES: usize = 10_000;

/// A frame's bytes made by hand: a message, a body that is no message, or
/// a header longer than any frame may be.
fn random_frame(rng: &mut StdRng, game: &hive_rules::Game) -> Vec<u8> {
    let body: Vec<u8> = match rng.random_range(0..8) {
        0..=3 => random_message(rng, game).to_json().into_bytes(),
        4 => br#"{"type":"teleport","to":"wQ"}"#.to_vec(),
        5 => (0..rng.random_range(0..40)).map(|_| rng.random()).collect(),
        6 => format!(
            r#"{{"type":"chat","text":"{}"}}"#,
            "é".repeat(rng.random_range(0..30_000))
        )
        .into_bytes(),
        _ => {
            // A header past the limit, and some of its "body".
            let len = rng.random_range(hive_net::MAX_FRAME as u32 + 1..=u32::MAX);
            let mut bytes = len.to_be_bytes().to_vec();
            bytes.extend((0..rng.random_range(0..100)).map(|_| rng.random::<u8>()));
            return bytes;
        }
    };
    let mut bytes = (body.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(&body);
    bytes
}

/// What a stream's bytes say, read the plain way with all of them at hand:
/// frame after frame until one is cut short or too long (refused, and the
/// stream not followed after it).
fn frames_of(mut bytes: &[u8]) -> Vec<Result<Message, hive_net::PeerError>> {
    let mut out = Vec::new();
    while let Some(header) = bytes.get(..4) {
        let len = u32::from_be_bytes(header.try_into().expect("four bytes")) as usize;
        if len > hive_net::MAX_FRAME {
            out.push(Err(hive_net::PeerError::Oversized { len }));
            return out;
        }
        let Some(body) = bytes.get(4..4 + len) else {
            return out;
        };
        out.push(Message::from_json(body));
        bytes = &bytes[4 + len..];
    }
    out
}

/// The one frame reader (the transport's, `FrameStream` feeds it each
/// read) on ten thousand streams of frames, good, bad and mutated, cut into
/// random reads: it gives what the stream says however the bytes arrive,
/// and never holds more than one frame and one read.
#[test]
fn the_frame_reader_gives_the_same_frames_however_a_stream_is_cut() {
    let mut rng = StdRng::seed_from_u64(82);
    let (mut host, mut joiner) = started_pair(hive_rules::Color::White);
    play_plies(&mut host, &mut joiner, 6, 9);
    let game = host.game().clone();
    let (mut cases, mut messages, mut refused, mut oversized) = (0, 0, 0, 0);
    for _ in 0..FRAME_CASES {
        let mut stream = Vec::new();
        for _ in 0..rng.random_range(0..6) {
            stream.extend(random_frame(&mut rng, &game));
        }
        if rng.random_bool(0.3) {
            stream = mutate(&mut rng, stream);
        }
        let expected = frames_of(&stream);
        let largest_read =
            [1, 3, 7, 64, 4096, hive_net::limits::READ_CHUNK][rng.random_range(0..6)];
        let mut reader = FrameReader::new();
        let mut got = Vec::new();
        let mut rest = &stream[..];
        while !rest.is_empty() {
            let n = rng.random_range(1..=largest_read).min(rest.len());
            reader.push(&rest[..n]);
            rest = &rest[n..];
            while let Some(frame) = reader.next_message() {
                let broken = matches!(frame, Err(hive_net::PeerError::Oversized { .. }));
                got.push(frame);
                if broken {
                    break;
                }
            }
            assert!(reader.buffered() <= 4 + hive_net::MAX_FRAME + largest_read);
            if matches!(got.last(), Some(Err(hive_net::PeerError::Oversized { .. }))) {
                // Broken for good: the rest is never looked at.
                reader.push(rest);
                assert_eq!(reader.buffered(), 0);
                break;
            }
        }
        assert_eq!(got, expected, "a stream of {} bytes", stream.len());
        for frame in &got {
            match frame {
                Ok(_) => messages += 1,
                Err(hive_net::PeerError::Oversized { .. }) => oversized += 1,
                Err(e) => {
                    assert!(e.key().starts_with("peer-"));
                    refused += 1;
                }
            }
        }
        cases += 1;
    }
    assert_eq!(cases, FRAME_CASES);
    assert!(
        messages > 5_000 && refused > 2_000 && oversized > 1_000,
        "{messages} messages, {refused} refused, {oversized} oversized"
    );
}
