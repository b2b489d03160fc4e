//! The wire's colours: the rules' own `Color`, written `"white"` and
//! `"black"` as the protocol has always written them.

use hive_net::{GameSettings, HouseRules, Message};
use hive_rules::Color;

fn proposal(host_side: Color) -> GameSettings {
    GameSettings {
        game_type: "Base+MLP".into(),
        host_side,
        clock: None,
        house_rules: HouseRules {
            tournament_opening: true,
            threefold_repetition: false,
            turn_limit: None,
        },
        host_name: "Host".into(),
        joiner_name: "Joe".into(),
        round: 1,
    }
}

#[test]
fn a_colour_on_the_wire_is_white_or_black_and_reads_back() {
    for (side, word) in [(Color::White, "white"), (Color::Black, "black")] {
        let settings = proposal(side);
        let message = Message::Settings(settings.clone());
        let json = format!(
            "{{\"type\":\"settings\",\"game_type\":\"Base+MLP\",\"host_side\":\"{word}\",\
             \"clock\":null,\"house_rules\":{{\"tournament_opening\":true,\
             \"threefold_repetition\":false,\"turn_limit\":null}},\
             \"host_name\":\"Host\",\"joiner_name\":\"Joe\"}}"
        );
        assert_eq!(message.to_json(), json);
        assert_eq!(Message::from_json(json.as_bytes()), Ok(message.clone()));
        let frame = hive_net::encode_frame(&message).expect("small");
        assert_eq!(&frame[4..], json.as_bytes());
        // The host's sync after a hello carries the same settings.
        let sync = Message::Sync {
            game: "Base+MLP;NotStarted;White[1]".into(),
            settings: Some(settings),
        };
        assert!(
            sync.to_json()
                .contains(&format!("\"host_side\":\"{word}\""))
        );
        assert_eq!(Message::from_json(sync.to_json().as_bytes()), Ok(sync));
    }
    // Only the protocol's spelling is read.
    let capital = proposal(Color::White);
    let json = Message::Settings(capital)
        .to_json()
        .replace("\"white\"", "\"White\"");
    assert!(Message::from_json(json.as_bytes()).is_err());
}

#[test]
fn the_rematch_and_friend_messages_are_pinned() {
    let pinned = [
        (
            Message::RematchOffer,
            r#"{"type":"rematch_offer"}"#.to_string(),
        ),
        (
            Message::RematchAnswer { accept: false },
            r#"{"type":"rematch_answer","accept":false}"#.to_string(),
        ),
        (
            Message::Friend {
                secret: "ab".repeat(16),
            },
            format!(r#"{{"type":"friend","secret":"{}"}}"#, "ab".repeat(16)),
        ),
    ];
    for (message, json) in pinned {
        assert_eq!(message.to_json(), json);
        assert_eq!(Message::from_json(json.as_bytes()), Ok(message));
    }
    // A rematch's settings: the colours swapped, the round said (and only
    // then: the first game's settings read as they always did).
    let next = proposal(Color::White).rematch();
    assert_eq!(next.host_side, Color::Black);
    assert_eq!(next.round, 2);
    let json = Message::Settings(next.clone()).to_json();
    assert!(
        json.ends_with(r#""joiner_name":"Joe","round":2}"#),
        "{json}"
    );
    assert_eq!(
        Message::from_json(json.as_bytes()),
        Ok(Message::Settings(next))
    );
}

/// Every message, each field spelt out, pinned to its text on the wire: a
/// renamed field or variant, or a field added or dropped, fails here
/// (the list must hold every type of `MESSAGE_TYPES`).
#[test]
fn every_message_is_pinned_to_its_wire_text() {
    use hive_net::{EndReason, GameResult, MESSAGE_TYPES, Role};
    let secret = "0123456789abcdef".repeat(2);
    let settings_json = "\"game_type\":\"Base+MLP\",\"host_side\":\"white\",\"clock\":null,\
        \"house_rules\":{\"tournament_opening\":true,\"threefold_repetition\":false,\
        \"turn_limit\":null},\"host_name\":\"Host\",\"joiner_name\":\"Joe\"";
    let pinned: Vec<(Message, String)> = vec![
        (
            Message::Hello {
                program: "hive 0.1.0".into(),
                version: "1".into(),
                name: "Joe".into(),
                secret: secret.clone(),
                role: Role::Watcher,
            },
            format!(
                r#"{{"type":"hello","program":"hive 0.1.0","version":"1","name":"Joe","secret":"{secret}","role":"watcher"}}"#
            ),
        ),
        (
            Message::Welcome {
                program: "hive 0.1.0".into(),
                version: "1".into(),
                name: "Host".into(),
            },
            r#"{"type":"welcome","program":"hive 0.1.0","version":"1","name":"Host"}"#.into(),
        ),
        (
            Message::Refuse {
                reason: "wrong-secret".into(),
            },
            r#"{"type":"refuse","reason":"wrong-secret"}"#.into(),
        ),
        (
            Message::Settings(proposal(Color::White)),
            format!("{{\"type\":\"settings\",{settings_json}}}"),
        ),
        (Message::Accept, r#"{"type":"accept"}"#.into()),
        (Message::Decline, r#"{"type":"decline"}"#.into()),
        (
            Message::Move {
                ply: 3,
                mv: "bA1 -wS1".into(),
                hash: "00ff00ff00ff00ff".into(),
                clock_ms: Some(59_000),
            },
            r#"{"type":"move","ply":3,"mv":"bA1 -wS1","hash":"00ff00ff00ff00ff","clock_ms":59000}"#
                .into(),
        ),
        (
            Message::Sync {
                game: "Base;NotStarted;White[1]".into(),
                settings: None,
            },
            r#"{"type":"sync","game":"Base;NotStarted;White[1]"}"#.into(),
        ),
        (
            Message::Sync {
                game: "Base;NotStarted;White[1]".into(),
                settings: Some(proposal(Color::White)),
            },
            format!(
                "{{\"type\":\"sync\",\"game\":\"Base;NotStarted;White[1]\",\"settings\":{{{settings_json}}}}}"
            ),
        ),
        (Message::SyncRequest, r#"{"type":"sync_request"}"#.into()),
        (
            Message::TakebackRequest { ply: 7 },
            r#"{"type":"takeback_request","ply":7}"#.into(),
        ),
        (
            Message::TakebackAnswer {
                ply: 7,
                accept: true,
            },
            r#"{"type":"takeback_answer","ply":7,"accept":true}"#.into(),
        ),
        (Message::DrawOffer, r#"{"type":"draw_offer"}"#.into()),
        (
            Message::DrawAnswer { accept: false },
            r#"{"type":"draw_answer","accept":false}"#.into(),
        ),
        (Message::Resign, r#"{"type":"resign"}"#.into()),
        (
            Message::Chat { text: "gg".into() },
            r#"{"type":"chat","text":"gg"}"#.into(),
        ),
        (Message::Ping { n: 42 }, r#"{"type":"ping","n":42}"#.into()),
        (Message::Pong { n: 42 }, r#"{"type":"pong","n":42}"#.into()),
        (Message::Bye, r#"{"type":"bye"}"#.into()),
        (Message::RematchOffer, r#"{"type":"rematch_offer"}"#.into()),
        (
            Message::RematchAnswer { accept: true },
            r#"{"type":"rematch_answer","accept":true}"#.into(),
        ),
        (
            Message::Friend {
                secret: secret.clone(),
            },
            format!(r#"{{"type":"friend","secret":"{secret}"}}"#),
        ),
        (
            Message::GameOver {
                result: GameResult::BlackWins,
                reason: EndReason::DrawAgreed,
            },
            r#"{"type":"game_over","result":"black_wins","reason":"draw_agreed"}"#.into(),
        ),
    ];
    for (message, json) in &pinned {
        assert_eq!(&message.to_json(), json);
        assert_eq!(Message::from_json(json.as_bytes()).as_ref(), Ok(message));
    }
    for name in MESSAGE_TYPES {
        let tag = format!("{{\"type\":\"{name}\"");
        assert!(
            pinned.iter().any(|(_, json)| json.starts_with(&tag)),
            "{name} is not pinned"
        );
    }
    // The other results and reasons, spelt as the protocol spells them.
    for (result, word) in [
        (GameResult::WhiteWins, "white_wins"),
        (GameResult::Draw, "draw"),
    ] {
        for (reason, why) in [
            (EndReason::Rules, "rules"),
            (EndReason::Resigned, "resigned"),
            (EndReason::Time, "time"),
        ] {
            let json = format!(r#"{{"type":"game_over","result":"{word}","reason":"{why}"}}"#);
            let message = Message::GameOver { result, reason };
            assert_eq!(message.to_json(), json);
        }
    }
    let player = Message::Hello {
        program: "p".into(),
        version: "1".into(),
        name: "n".into(),
        secret,
        role: Role::Player,
    };
    assert!(player.to_json().ends_with(r#""role":"player"}"#));
}
