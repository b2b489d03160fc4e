//! Two headless processes (`hive-online host` and `join`, local mode) play
//! to the end with equal final GameStrings. Built with the `cli` feature:
//! `cargo test -p hive-net --features cli`.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hive-online");

/// The command in its own data directory (where its resume file goes).
fn online(data: &tempfile::TempDir) -> Command {
    let mut command = Command::new(BIN);
    command.env("HIVE_DATA_DIR", data.path());
    command
}

#[test]
fn two_headless_processes_play_to_the_end_with_equal_game_strings() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut host = online(&data)
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
            "--name",
            "Ann",
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
    // The joiner on its own machine: its own data directory.
    let joiner = online(&dir)
        .args([
            "join", invitation, "--local", "--ai", "beginner", "--seed", "7", "--wait", "60",
            "--name", "Ben",
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
    // Each side kept the game with its player's own games, the same moves
    // and result, the friend named, found by a search of the player's
    // games as `hive db search --mine` runs it.
    for (folder, side, friend) in [
        (data.path(), hive_rules::Color::White, "Ben"),
        (dir.path(), hive_rules::Color::Black, "Ann"),
    ] {
        let db = hive_db::Database::open_kept(folder).expect("the player's games");
        let games = db.kept(&hive_db::KeptFilter::default()).expect("listed");
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(games[0].side, Some(side));
        assert_eq!(games[0].result, Some(hive_records::GameResult::Draw));
        assert_eq!(games[0].outcome, Some(hive_db::Outcome::Draw));
        assert_eq!(games[0].ending, hive_records::Ending::Rules);
        assert_eq!(games[0].opponent.as_deref(), Some(friend));
        let kept = db.kept_game(games[0].id).expect("read").expect("there");
        assert_eq!(Some(kept.game.game_string().as_str()), host_last.copied());
        let found = db
            .search(&hive_db::SearchQuery::default())
            .expect("searched");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].result, Some(hive_records::GameResult::Draw));
    }
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

#[test]
fn a_headless_watcher_follows_the_game_to_the_same_game_string() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut host = online(&data)
        .args([
            "host",
            "--local",
            "--ai",
            "beginner",
            "--black",
            "--turn-limit",
            "12",
            "--wait",
            "60",
            "--watchers",
            "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut host_out = BufReader::new(host.stdout.take().expect("piped"));
    let (mut invitation, mut watch_line) = (String::new(), String::new());
    host_out
        .read_line(&mut invitation)
        .expect("the invitation line");
    host_out
        .read_line(&mut watch_line)
        .expect("the watch invitation line");
    let invitation = invitation.trim();
    assert!(!invitation.contains(' '), "{invitation}");
    let watch_invitation = watch_line
        .trim()
        .strip_prefix("watch ")
        .expect("marked 'watch '");
    assert_ne!(invitation, watch_invitation);
    // The player's invitation does not watch, the watch invitation does not play.
    for (command, text) in [("watch", invitation), ("join", watch_invitation)] {
        let wrong = online(&data)
            .args([command, text, "--local"])
            .output()
            .expect("runs");
        assert!(
            !wrong.status.success(),
            "{command} with the other invitation"
        );
    }
    let mut watcher = online(&data)
        .args(["watch", watch_invitation, "--local", "--wait", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the watcher starts");
    // The game starts once the watcher is in (a slow start under load
    // must not find the game over and the host gone).
    let mut watcher_err = BufReader::new(watcher.stderr.take().expect("piped"));
    let mut line = String::new();
    while !line.starts_with("Welcomed") {
        line.clear();
        let read = watcher_err.read_line(&mut line).expect("the watcher's log");
        assert!(read > 0, "the watcher stopped before it was welcomed");
    }
    let drain = std::thread::spawn(move || std::io::copy(&mut watcher_err, &mut std::io::sink()));
    let joiner = online(&data)
        .args([
            "join", invitation, "--local", "--ai", "beginner", "--seed", "5", "--wait", "60",
        ])
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs");
    let mut rest = String::new();
    host_out
        .read_to_string(&mut rest)
        .expect("the host's output");
    assert!(host.wait().expect("the host ends").success());
    assert!(joiner.status.success());
    let watched = watcher.wait_with_output().expect("the watcher ends");
    let _ = drain.join();
    assert!(watched.status.success(), "watcher: {}", watched.status);
    let watcher_out = String::from_utf8_lossy(&watched.stdout);
    let host_lines: Vec<&str> = rest.lines().collect();
    let watcher_lines: Vec<&str> = watcher_out.lines().collect();
    assert!(
        host_lines
            .last()
            .is_some_and(|l| l.starts_with("Base+MLP;Draw;White[13];")),
        "{host_lines:?}"
    );
    // Every move once, then the same GameString.
    assert_eq!(watcher_lines, host_lines);
}
