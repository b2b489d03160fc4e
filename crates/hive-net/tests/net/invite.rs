//! Invitations: text and link forms read back, damage refused.

use hive_net::{Invitation, InviteError, Role, Secret};

fn sample() -> Invitation {
    Invitation {
        endpoint: [7; 32],
        addrs: vec![
            "127.0.0.1:4433".parse().expect("addr"),
            "[::1]:9".parse().expect("addr"),
        ],
        relay: Some("https://relay.example/".into()),
        secret: Secret([9; 16]),
        role: Role::Player,
    }
}

#[test]
fn invitations_read_back_from_text_and_link() {
    let invitation = sample();
    let text = invitation.to_text();
    assert!(!text.contains(char::is_whitespace));
    assert_eq!(Invitation::parse(&text), Ok(invitation.clone()));
    assert_eq!(
        Invitation::parse(&text.to_lowercase()),
        Ok(invitation.clone())
    );
    let link = invitation.to_link();
    assert!(link.starts_with("hive://join/"));
    assert_eq!(Invitation::parse(&format!("  {link}\n")), Ok(invitation));
}

#[test]
fn damaged_invitations_are_refused() {
    let text = sample().to_text();
    assert_eq!(Invitation::parse("not base32!"), Err(InviteError::Encoding));
    assert!(matches!(
        Invitation::parse(&text[..text.len() / 2]),
        Err(InviteError::Damaged(_) | InviteError::Encoding)
    ));
    let mut newer = data_encoding::BASE32_NOPAD
        .decode(text.as_bytes())
        .expect("own text");
    newer[0] = 2;
    let newer = data_encoding::BASE32_NOPAD.encode(&newer);
    assert_eq!(Invitation::parse(&newer), Err(InviteError::Version(2)));
    assert_eq!(
        Secret::from_hex(&Secret([0xab; 16]).to_hex()),
        Some(Secret([0xab; 16]))
    );
    assert_eq!(Secret::from_hex("zz"), None);
}
