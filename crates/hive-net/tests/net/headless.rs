//! Two headless processes (`hive-online host` and `join`, local mode) play
//! to the end with equal final GameStrings. Built with the `cli` feature:
//! `cargo test -p hive-net --features cli`.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hive-online");

#[test]
fn two_headless_processes_play_to_the_end_with_equal_game_strings() {
    let mut host = Command::new(BIN)
        .args([
            "host",
            "--local",
            "--ai",
            "beginner",
            "--white",
            "--turn-limit",
            "20",
            "--wait",
            "60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut host_out = BufReader::new(host.stdout.take().expect("piped"));
    let mut invitation = String::new();
    host_out
        .read_line(&mut invitation)
        .expect("the invitation line");
    let invitation = invitation.trim();
    assert!(
        invitation.len() > 50 && !invitation.contains(' '),
        "{invitation}"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let save = dir.path().join("online.txt");
    let joiner = Command::new(BIN)
        .args([
            "join", invitation, "--local", "--ai", "beginner", "--seed", "7", "--wait", "60",
        ])
        .arg("--save")
        .arg(&save)
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs");
    let mut rest = String::new();
    host_out
        .read_to_string(&mut rest)
        .expect("the host's output");
    let host_status = host.wait().expect("the host ends");
    assert!(host_status.success(), "host: {host_status}");
    assert!(joiner.status.success(), "joiner: {}", joiner.status);
    let joiner_out = String::from_utf8_lossy(&joiner.stdout);
    let host_lines: Vec<&str> = rest.lines().collect();
    let joiner_lines: Vec<&str> = joiner_out.lines().collect();
    let (host_last, joiner_last) = (host_lines.last(), joiner_lines.last());
    assert!(
        host_last.is_some_and(|l| l.starts_with("Base+MLP;Draw;White[21];")),
        "{host_last:?}"
    );
    assert_eq!(host_last, joiner_last);
    // Each move once, one line each: 40 plies before the GameString.
    assert_eq!(host_lines.len(), 41);
    assert_eq!(host_lines[..40], joiner_lines[..40]);
    assert!(host_lines[0].starts_with("1 w"));
    let saved = std::fs::read_to_string(&save).expect("the saved game");
    assert!(
        saved.contains(
            host_last
                .copied()
                .unwrap_or_default()
                .split(';')
                .nth(3)
                .unwrap_or("?")
        )
    );
}
