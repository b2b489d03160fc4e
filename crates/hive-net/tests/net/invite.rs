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
        Err(InviteError::Damaged(_) | InviteError::Encoding | InviteError::TooShort(_))
    ));
    // A word pasted by mistake is no invitation at all, not one "from a
    // newer program" ("hello" reads as base32 whose first byte is 57).
    assert_eq!(Invitation::parse("hello"), Err(InviteError::TooShort(3)));
    assert!(
        InviteError::TooShort(3)
            .to_string()
            .contains("not an invitation")
    );
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

#[test]
fn random_and_mutated_invitations_never_panic() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(34);
    let good = data_encoding::BASE32_NOPAD
        .decode(sample().to_text().as_bytes())
        .expect("own text");
    let mut read = 0;
    for _ in 0..5_000 {
        let mut bytes = good.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[i] = rng.random(),
                1 => bytes.truncate(i),
                _ => bytes.insert(i, rng.random()),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let text = data_encoding::BASE32_NOPAD.encode(&bytes);
        if let Ok(invitation) = Invitation::parse(&text) {
            // Whatever reads back writes the same record again.
            assert_eq!(Invitation::parse(&invitation.to_text()), Ok(invitation));
            read += 1;
        }
        let noise: String = (0..rng.random_range(0..120))
            .map(|_| char::from(rng.random_range(32u8..127)))
            .collect();
        let _ = Invitation::parse(&noise);
    }
    assert!(read > 0 && read < 5_000, "{read}");
}
