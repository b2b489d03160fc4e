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
