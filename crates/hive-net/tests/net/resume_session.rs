//! Sessions rebuilt after a program stopped (killed, closed, restarted):
//! a joiner with no game takes the host's, a resumed side missing its own
//! last move gets it back and waits for it before moving, and a host that
//! never had the accept gets it again.

use hive_net::{Message, PROTOCOL_VERSION, Seat, Session, SessionEvent};
use hive_rules::Color;

use crate::util::{play_plies, pump, settings, started_pair};

/// The line drops and comes back between `host` and `joiner`.
fn reconnect(host: &mut Session, joiner: &mut Session) -> (Vec<SessionEvent>, Vec<SessionEvent>) {
    host.disconnected();
    joiner.disconnected();
    host.connected();
    joiner.connected();
    pump(host, joiner)
}

#[test]
fn a_joiner_restarted_with_no_game_takes_the_hosts_game() {
    let (mut host, joiner) = started_pair(Color::White);
    let mut joiner_before = joiner;
    play_plies(&mut host, &mut joiner_before, 10, 3);
    let mut fresh = Session::join(host.secret(), "Joiner");
    let (_, events) = reconnect(&mut host, &mut fresh);
    assert!(fresh.started());
    assert_eq!(fresh.my_side(), Some(Color::Black));
    assert_eq!(fresh.settings(), joiner_before.settings());
    assert_eq!(fresh.game().game_string(), host.game().game_string());
    let moved = events
        .iter()
        .filter(|e| matches!(e, SessionEvent::Moved { .. }))
        .count();
    assert_eq!(moved, 10, "{events:?}");
    assert!(events.contains(&SessionEvent::Started { side: Color::Black }));
    play_plies(&mut host, &mut fresh, 400, 11);
    assert_eq!(host.game().game_string(), fresh.game().game_string());
    assert!(host.game().ply() > 10);
    assert_eq!(host.result(), fresh.result());
}

#[test]
fn a_resumed_side_missing_its_own_last_move_waits_for_the_peers_sync() {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 7, 5);
    // The joiner (Black) moves, sends it, and dies before keeping it.
    assert!(joiner.is_my_turn());
    let kept = joiner.game().clone();
    play_plies(&mut host, &mut joiner, 1, 40);
    assert_eq!(host.game().ply(), kept.ply() + 1);
    let settings = joiner.settings().cloned().expect("settings");
    let mut resumed =
        Session::resumed(Seat::Joiner, host.secret(), "Joiner", settings, kept).expect("resumed");
    // Its turn by what it kept, but it waits: the host may know better.
    assert!(resumed.awaiting_peer_sync());
    assert!(!resumed.may_move());
    reconnect(&mut host, &mut resumed);
    assert!(!resumed.awaiting_peer_sync());
    assert_eq!(resumed.game().game_string(), host.game().game_string());
    assert!(!resumed.is_my_turn(), "the host's move now");
    play_plies(&mut host, &mut resumed, 400, 17);
    assert_eq!(host.game().game_string(), resumed.game().game_string());
}

#[test]
fn a_restarted_host_without_the_accept_gets_it_again() {
    let secret = hive_net::Secret::random();
    let proposal = settings(Color::Black);
    let mut host = Session::host(secret, proposal.clone()).expect("settings");
    let mut joiner = Session::join(secret, "Joiner");
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    joiner.accept_settings().expect("proposed");
    // The accept is lost with the host's program.
    let _ = joiner.take_outgoing();
    let mut host = Session::host(secret, proposal).expect("settings");
    reconnect(&mut host, &mut joiner);
    assert!(host.started() && joiner.started());
    play_plies(&mut host, &mut joiner, 6, 2);
    assert_eq!(host.game().ply(), 6);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
}

#[test]
fn a_peer_sync_never_brings_our_moves_outside_a_resume() {
    // After its first sync a resumed session takes no more of its own
    // moves by sync (a peer cannot move for us).
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 7, 5);
    let kept = joiner.game().clone();
    play_plies(&mut host, &mut joiner, 1, 40);
    let settings = joiner.settings().cloned().expect("settings");
    let mut old = Session::resumed(
        Seat::Joiner,
        host.secret(),
        "Joiner",
        settings,
        kept.clone(),
    )
    .expect("resumed");
    old.connected();
    old.receive(Message::Welcome {
        program: "hive".into(),
        version: PROTOCOL_VERSION.into(),
        name: "Host".into(),
    })
    .expect("welcome");
    old.receive(Message::Sync {
        game: kept.game_string(),
        settings: None,
    })
    .expect("a level sync");
    assert!(!old.awaiting_peer_sync());
    let e = old
        .receive(Message::Sync {
            game: host.game().game_string(),
            settings: None,
        })
        .expect_err("our own move by sync");
    assert_eq!(e.key(), "peer-sync-diverges");
    assert_eq!(old.game().game_string(), kept.game_string());
}
