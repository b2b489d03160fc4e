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
