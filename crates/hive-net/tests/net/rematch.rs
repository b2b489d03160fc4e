//! A rematch after the end (the same settings, the colours swapped, one
//! round on) and the friend's secret the two keep for their next game.

use hive_net::{ActionError, EndReason, GameResult, PeerError, Session, SessionEvent, Stage};
use hive_rules::Color;

use crate::util::{play_plies, pump, started_pair};

/// A pair whose game ended: the joiner (Black) resigned.
fn ended_pair() -> (Session, Session) {
    let (mut host, mut joiner) = started_pair(Color::White);
    play_plies(&mut host, &mut joiner, 6, 3);
    joiner.resign().expect("playing");
    pump(&mut host, &mut joiner);
    assert_eq!(
        host.result(),
        Some((GameResult::WhiteWins, EndReason::Resigned))
    );
    (host, joiner)
}

#[test]
fn a_rematch_agreed_starts_the_next_game_with_the_colours_swapped() {
    let (mut host, mut joiner) = ended_pair();
    // Offered by the joiner, answered by the host.
    assert_eq!(joiner.offer_rematch(), Ok(vec![]));
    let (to_host, _) = pump(&mut host, &mut joiner);
    assert_eq!(to_host, vec![SessionEvent::RematchOffered]);
    assert!(host.rematch_offered() && joiner.rematch_asked());
    let agreed = host.answer_rematch(true).expect("offered");
    assert_eq!(agreed, vec![SessionEvent::RematchAgreed]);
    let (to_host, to_joiner) = pump(&mut host, &mut joiner);
    assert_eq!(
        to_joiner,
        vec![
            SessionEvent::RematchAgreed,
            SessionEvent::Started { side: Color::White }
        ]
    );
    assert_eq!(to_host, vec![SessionEvent::Started { side: Color::Black }]);
    for session in [&host, &joiner] {
        assert_eq!(session.round(), 2);
        assert_eq!(session.result(), None);
        assert_eq!(session.game().ply(), 0);
        assert_eq!(session.stage(), Stage::Playing);
        assert_eq!(session.settings().map(|s| s.host_side), Some(Color::Black));
    }
    assert_eq!(host.my_side(), Some(Color::Black));
    assert_eq!(joiner.my_side(), Some(Color::White));
    // The second game plays to its end, and a third can follow.
    assert!(joiner.is_my_turn() && !host.is_my_turn());
    play_plies(&mut host, &mut joiner, 8, 11);
    assert_eq!(host.game().game_string(), joiner.game().game_string());
    host.resign().expect("playing");
    pump(&mut host, &mut joiner);
    assert_eq!(
        joiner.result(),
        Some((GameResult::WhiteWins, EndReason::Resigned))
    );
    host.offer_rematch().expect("over");
    pump(&mut host, &mut joiner);
    joiner.answer_rematch(true).expect("offered");
    pump(&mut host, &mut joiner);
    assert_eq!((host.round(), joiner.round()), (3, 3));
    assert_eq!(host.my_side(), Some(Color::White));
}

#[test]
fn a_rematch_is_asked_only_after_the_end_and_may_be_declined() {
    let (mut host, mut joiner) = started_pair(Color::White);
    assert_eq!(host.offer_rematch(), Err(ActionError::NotPlaying));
    // A peer's offer during the game is refused.
    assert_eq!(
        joiner.receive(hive_net::Message::RematchOffer),
        Err(PeerError::NoSuchOffer)
    );
    host.resign().expect("playing");
    pump(&mut host, &mut joiner);
    host.offer_rematch().expect("over");
    assert_eq!(host.offer_rematch(), Err(ActionError::NoOffer));
    pump(&mut host, &mut joiner);
    assert_eq!(joiner.answer_rematch(false), Ok(vec![]));
    let (to_host, _) = pump(&mut host, &mut joiner);
    assert_eq!(to_host, vec![SessionEvent::RematchDeclined]);
    assert_eq!((host.round(), joiner.round()), (1, 1));
    assert!(host.result().is_some() && !host.rematch_asked());
}

#[test]
fn both_asking_at_once_is_agreement() {
    let (mut host, mut joiner) = ended_pair();
    host.offer_rematch().expect("over");
    joiner.offer_rematch().expect("over");
    pump(&mut host, &mut joiner);
    assert_eq!((host.round(), joiner.round()), (2, 2));
    assert!(host.started() && joiner.started());
    assert_eq!(host.my_side(), Some(Color::Black));
}

#[test]
fn an_agreed_rematch_survives_a_drop_that_lost_the_next_settings() {
    let (mut host, mut joiner) = ended_pair();
    host.offer_rematch().expect("over");
    pump(&mut host, &mut joiner);
    joiner.answer_rematch(true).expect("offered");
    // The answer reaches the host; the host's settings are lost.
    for m in joiner.take_outgoing() {
        host.receive(m).expect("the answer");
    }
    host.take_outgoing();
    host.disconnected();
    joiner.disconnected();
    host.connected();
    joiner.connected();
    pump(&mut host, &mut joiner);
    assert_eq!((host.round(), joiner.round()), (2, 2));
    assert!(host.started() && joiner.started());
    assert_eq!(host.game().ply(), 0);
    assert_eq!(joiner.my_side(), Some(Color::White));
}

#[test]
fn the_next_settings_without_our_agreement_are_a_proposal() {
    let (mut host, mut joiner) = ended_pair();
    joiner.offer_rematch().expect("over");
    pump(&mut host, &mut joiner);
    host.answer_rematch(true).expect("offered");
    // The joiner's line drops before the answer: it never knew.
    host.take_outgoing();
    host.disconnected();
    joiner.disconnected();
    host.connected();
    joiner.connected();
    let (_, to_joiner) = pump(&mut host, &mut joiner);
    let proposed = to_joiner
        .iter()
        .find_map(|e| match e {
            SessionEvent::SettingsProposed(s) => Some(s.clone()),
            _ => None,
        })
        .expect("the next game proposed");
    assert_eq!(proposed.round, 2);
    assert!(!joiner.started());
    joiner.accept_settings().expect("proposed");
    pump(&mut host, &mut joiner);
    assert!(host.started() && joiner.started());
    assert_eq!(joiner.my_side(), Some(Color::White));
}

#[test]
fn the_joiner_learns_the_next_games_secret_and_never_the_watchers() {
    let (host, joiner) = started_pair(Color::Black);
    let secret = host.friend_secret().expect("the host's own");
    assert_eq!(joiner.friend_secret(), Some(secret));
    assert!(!secret.matches(&host.secret()));
    // A joiner's secret is not the host's to tell: a host refuses it.
    let mut host = host;
    assert!(matches!(
        host.receive(hive_net::Message::Friend {
            secret: "00".repeat(16)
        }),
        Err(PeerError::OutOfOrder { .. })
    ));
    // A damaged one is refused and changes nothing.
    let mut joiner = joiner;
    assert!(
        joiner
            .receive(hive_net::Message::Friend {
                secret: "zz".into()
            })
            .is_err()
    );
    assert_eq!(joiner.friend_secret(), Some(secret));
}
