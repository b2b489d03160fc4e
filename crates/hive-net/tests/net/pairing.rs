//! Two sessions paired in memory play whole games.

use hive_net::{EndReason, GameResult, Seat, Secret, Session, Stage};
use hive_rules::Color;

use crate::util::{play_plies, pump, started_pair};

#[test]
fn paired_sessions_play_whole_games_to_equal_game_strings() {
    let mut decided = 0;
    for seed in 0..6u64 {
        let side = if seed % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let (mut host, mut joiner) = started_pair(side);
        assert_eq!(host.my_side(), Some(side));
        assert_eq!(joiner.my_side(), Some(side.opponent()));
        play_plies(&mut host, &mut joiner, 400, seed * 1000);
        assert_eq!(host.game().game_string(), joiner.game().game_string());
        assert_eq!(host.result(), joiner.result());
        if host.result().is_some() {
            decided += 1;
        }
    }
    assert!(decided > 0, "at least one game reached its end");
}

#[test]
fn draw_offer_takeback_and_resignation_agree_on_both_ends() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 4, 7);
    // Takeback: the joiner (Black) asks, the host accepts.
    joiner.request_takeback().expect("a move to take back");
    pump(&mut host, &mut joiner);
    host.answer_takeback(true).expect("request pending");
    pump(&mut host, &mut joiner);
    assert_eq!(host.game().ply(), 3);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    // A declined draw, then an accepted one.
    host.offer_draw().expect("game on");
    pump(&mut host, &mut joiner);
    joiner.answer_draw(false).expect("offer pending");
    pump(&mut host, &mut joiner);
    assert_eq!(host.result(), None);
    host.offer_draw().expect("game on");
    pump(&mut host, &mut joiner);
    joiner.answer_draw(true).expect("offer pending");
    pump(&mut host, &mut joiner);
    let drawn = Some((GameResult::Draw, EndReason::DrawAgreed));
    assert_eq!(host.result(), drawn);
    assert_eq!(joiner.result(), drawn);

    let (mut host, mut joiner) = started_pair(Color::Black);
    play_plies(&mut host, &mut joiner, 3, 9);
    joiner.resign().expect("game on");
    pump(&mut host, &mut joiner);
    let black_wins = Some((GameResult::BlackWins, EndReason::Resigned));
    assert_eq!(host.result(), black_wins);
    assert_eq!(joiner.result(), black_wins);
}

#[test]
fn a_reconnection_resumes_at_the_same_move_with_a_lost_move_made_up() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 6, 3);
    let mut engine = hive_ai::Engine::new(1);
    // The host plays; the message is lost with the connection.
    let mv = crate::util::ai_move(&mut engine, host.game(), 1);
    host.play(&mv).expect("legal");
    host.disconnected();
    joiner.disconnected();
    assert_eq!(host.stage(), Stage::Disconnected);
    assert_eq!(host.game().ply(), 7);
    assert_eq!(joiner.game().ply(), 6);
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    assert_eq!(joiner.game().ply(), 7);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    assert!(joiner.is_my_turn());
    play_plies(&mut host, &mut joiner, 6, 11);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
}

#[test]
fn a_game_over_lost_with_the_connection_is_said_again_after_reconnecting() {
    let mut game = crate::util::settings(Color::White);
    // Drawn by the rules after two turns each.
    game.house_rules.turn_limit = Some(3);
    let (mut host, mut joiner) = crate::util::started_pair_with(game);
    play_plies(&mut host, &mut joiner, 3, 5);
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, joiner.game(), 2);
    joiner.play(&mv).expect("legal");
    assert_eq!(joiner.result(), Some((GameResult::Draw, EndReason::Rules)));
    // The last move and the game_over are lost with the connection.
    joiner.disconnected();
    host.disconnected();
    assert_eq!(host.result(), None);
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    assert_eq!(host.result(), joiner.result());
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    assert!(host.peer_saw_end() && joiner.peer_saw_end());
}

#[test]
fn a_move_made_while_the_line_is_down_reaches_the_peer_after_reconnecting() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 4, 7);
    host.disconnected();
    joiner.disconnected();
    // White (the host) is to move and may, with no connection.
    assert!(host.may_move() && !host.is_my_turn());
    assert!(!joiner.may_move());
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, host.game(), 4);
    host.play(&mv).expect("a move while the line is down");
    assert!(host.take_outgoing().is_empty(), "nothing said off the line");
    assert_eq!(
        joiner.play("wQ -wS1").map_err(|e| e.to_string()),
        Err(hive_net::ActionError::NotYourTurn.to_string())
    );
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    assert_eq!(joiner.game().ply(), 5);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    assert!(joiner.is_my_turn());
}

#[test]
fn sessions_resumed_from_saved_games_go_on_where_they_were() {
    let (mut host, mut joiner) = started_pair(Color::Black);
    play_plies(&mut host, &mut joiner, 5, 9);
    let settings = host.settings().expect("settings").clone();
    // Both programs closed: the host had one more move the joiner missed.
    let mut engine = hive_ai::Engine::new(1);
    let mv = crate::util::ai_move(&mut engine, host.game(), 5);
    host.play(&mv).expect("legal");
    let (host_game, joiner_game) = (host.game().clone(), joiner.game().clone());
    let secret = Secret::random();
    let wrong = hive_net::Session::resumed(
        Seat::Joiner,
        secret,
        "Joiner",
        settings.clone(),
        hive_rules::Game::new(hive_rules::GameType::BASE),
    );
    assert!(wrong.is_err(), "a saved game of other settings is refused");
    let mut host =
        hive_net::Session::resumed(Seat::Host, secret, "Host", settings.clone(), host_game)
            .expect("resumed");
    let mut joiner =
        hive_net::Session::resumed(Seat::Joiner, secret, "Joiner", settings, joiner_game)
            .expect("resumed");
    assert_eq!(joiner.peer_name(), Some("Host"));
    assert_eq!(joiner.my_side(), Some(Color::White));
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    assert_eq!(host.stage(), Stage::Playing);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    assert_eq!(joiner.game().ply(), 6);
    play_plies(&mut host, &mut joiner, 4, 13);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
}

#[test]
fn settings_that_cannot_be_played_are_refused_in_words() {
    let refused = |change: fn(&mut hive_net::GameSettings)| {
        let mut settings = crate::util::settings(Color::White);
        change(&mut settings);
        match Session::host(Secret::random(), settings) {
            Err(error) => error.to_string(),
            Ok(_) => panic!("the settings were taken"),
        }
    };
    let unknown = "Chess"
        .parse::<hive_rules::GameType>()
        .expect_err("no such game type")
        .to_string();
    assert_eq!(
        refused(|s| s.game_type = "Chess".into()),
        format!("the game settings cannot be played: {unknown}")
    );
    assert_eq!(
        refused(|s| s.host_name = "x".repeat(41)),
        "the game settings cannot be played: a name over 40 characters"
    );
    assert_eq!(
        refused(|s| s.house_rules.turn_limit = Some(0)),
        "the game settings cannot be played: a turn limit of 0"
    );
}
