//! Friends kept after a game: what each side keeps, the file, and the next
//! game met from the two records alone (no invitation pasted), over two
//! real endpoints on loopback.

use hive_net::friends::{FILE, MAX_FRIENDS};
use hive_net::{Friend, Friends, LastResult, Link, Network, Role, Secret, Session};
use hive_rules::Color;

use crate::transport::{joiner, peer, run_until};
use crate::util::settings;

/// A game on loopback played to Black's resignation; each side's friend
/// record after it.
fn a_game_between_friends() -> (Friend, Friend) {
    let secret = Secret::random();
    let key = Link::new_key();
    let link = Link::host_with_key(Network::Local, key, 0).expect("binds on loopback");
    let invitation = link.invitation(secret, Role::Player);
    let port = invitation.addrs[0].port();
    let mut host = peer(
        link,
        Session::host(secret, settings(Color::White)).expect("settings"),
    );
    let mut joiner = joiner(&invitation, secret);
    run_until(&mut host, &mut joiner, |h, j| {
        h.session.started() && j.session.started() && j.session.friend_secret().is_some()
    });
    joiner.session.resign().expect("playing");
    run_until(&mut host, &mut joiner, |h, _| h.session.result().is_some());
    let date = "2026.12.06".to_string();
    let ours = Friend::after(&host.session, key, port, None, date.clone()).expect("ended");
    let joiner_key = Link::new_key();
    let theirs = Friend::after(&joiner.session, joiner_key, 0, Some(&invitation), date)
        .expect("ended, the secret told");
    host.link.close();
    joiner.link.close();
    (ours, theirs)
}

#[test]
fn each_side_keeps_the_other_and_the_next_game_meets_with_one_click_each() {
    let (host_side, joiner_side) = a_game_between_friends();
    assert!(host_side.host && !joiner_side.host);
    assert_eq!(host_side.name, "Joiner");
    assert_eq!(joiner_side.name, "Host");
    assert_eq!(host_side.last_result, LastResult::Won);
    assert_eq!(joiner_side.last_result, LastResult::Lost);
    // Both keep the same next secret, which was in no invitation.
    assert_eq!(host_side.secret, joiner_side.secret);
    let next = joiner_side
        .next_invitation()
        .expect("a player's invitation");
    assert_eq!(next.secret.to_hex(), host_side.secret);

    // The next day: the host plays again (its key and port), the friend
    // dials the kept invitation; nothing pasted.
    let key = host_side.key_bytes().expect("a key");
    let link = Link::host_with_key(Network::Local, key, host_side.port).expect("binds");
    let secret = host_side.next_secret().expect("a secret");
    let proposal = host_side.next_settings("Host");
    assert_eq!(proposal.host_side, Color::Black, "the colours swapped");
    let mut host = peer(link, Session::host(secret, proposal).expect("settings"));
    let mut friend = joiner(&next, next.secret);
    run_until(&mut host, &mut friend, |h, j| {
        h.session.started() && j.session.started()
    });
    let accepted = friend.session.settings().expect("accepted");
    assert!(joiner_side.expects(accepted));
    assert_eq!(friend.session.my_side(), Some(Color::White));
}

#[test]
fn the_file_keeps_the_newest_first_counts_games_and_refuses_damage() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join(FILE);
    assert_eq!(Friends::load(&path).expect("none yet"), Friends::default());
    let (ours, _) = a_game_between_friends();
    let mut other = ours.clone();
    other.key = hive_net::invite::hex(&Link::new_key());
    other.name = "Ana".into();
    Friends::record(&path, ours.clone()).expect("written");
    Friends::record(&path, other.clone()).expect("written");
    let again = Friends::record(&path, ours.clone()).expect("written");
    let names: Vec<&str> = again.friends.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Joiner", "Ana"]);
    assert_eq!(again.friends[0].games, 2);
    assert_eq!(Friends::load(&path).expect("reads"), again);

    // A damaged file is reported and left as it was.
    std::fs::write(&path, "{\"friends\": [oops").expect("write");
    let err = Friends::record(&path, other).expect_err("damaged");
    assert!(err.to_string().contains("damaged"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "{\"friends\": [oops"
    );

    // At most MAX_FRIENDS are kept, the oldest forgotten.
    let mut many = Friends::default();
    for k in 0..MAX_FRIENDS + 3 {
        let mut f = ours.clone();
        f.name = format!("F{k}");
        f.key = hive_net::invite::hex(&[k as u8; 32]);
        many.played(f);
    }
    assert_eq!(many.friends.len(), MAX_FRIENDS);
    assert_eq!(many.friends[0].name, format!("F{}", MAX_FRIENDS + 2));
}

#[test]
fn no_friend_before_the_end() {
    let (host, _) = crate::util::started_pair(Color::White);
    assert!(Friend::after(&host, Link::new_key(), 0, None, String::new()).is_none());
}
