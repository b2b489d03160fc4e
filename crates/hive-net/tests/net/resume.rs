//! Headless sides killed (`kill -9`) mid-game and started again with the
//! same command get back into the same game; a finished game's invitation
//! says it is over; the resume file is private and a damaged one is
//! reported, not overwritten. Built with the `cli` feature.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_hive-online");

/// The command in the data directory `data` (where its resume file goes).
fn online(data: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command.env("HIVE_DATA_DIR", data).args(args);
    command
}

const HOST: [&str; 9] = [
    "host",
    "--local",
    "--ai",
    "medium",
    "--white",
    "--turn-limit",
    "60",
    "--wait",
    "60",
];

fn join_args(invitation: &str) -> Vec<&str> {
    vec![invitation, "--local", "--ai", "medium", "--wait", "60"]
}

/// Starts the host; its output and the invitation, read from it.
fn start_host(data: &Path) -> (Child, BufReader<ChildStdout>, String) {
    start_host_with(data, &HOST)
}

/// [`start_host`] with these arguments.
fn start_host_with(data: &Path, args: &[&str]) -> (Child, BufReader<ChildStdout>, String) {
    let mut host = online(data, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the host starts");
    let mut out = BufReader::new(host.stdout.take().expect("piped"));
    let mut invitation = String::new();
    out.read_line(&mut invitation).expect("the invitation line");
    (host, out, invitation.trim().to_string())
}

/// Reads `n` move lines of a side's output, returned.
fn read_moves(out: &mut BufReader<ChildStdout>, n: usize) -> Vec<String> {
    let mut lines = Vec::new();
    while lines.len() < n {
        let mut line = String::new();
        let read = out.read_line(&mut line).expect("the side's output");
        assert!(read > 0, "the side stopped after {lines:?}");
        lines.push(line.trim().to_string());
    }
    lines
}

/// Kills the process as `kill -9` does, and reaps it.
fn kill(child: &mut Child) {
    child.kill().expect("killed");
    let status = child.wait().expect("reaped");
    assert!(!status.success());
}

/// The rest of a side's output after it ends, and whether it succeeded.
fn rest(mut child: Child, mut out: BufReader<ChildStdout>) -> (Vec<String>, bool) {
    let mut text = String::new();
    out.read_to_string(&mut text).expect("the output");
    let status = child.wait().expect("ends");
    (text.lines().map(str::to_string).collect(), status.success())
}

/// Checks that every move line (`<ply> <MoveString>`) is the game's move of
/// that ply, and that every ply of the game was shown by one of the runs.
fn assert_moves_of(game: &str, lines: &[String]) {
    let moves: Vec<&str> = game.split(';').skip(3).collect();
    let mut shown = vec![false; moves.len()];
    for line in lines {
        let (ply, mv) = line.split_once(' ').expect("a move line");
        let ply: usize = ply.parse().expect("a ply");
        assert_eq!(moves.get(ply - 1), Some(&mv), "ply {ply} in {game}");
        shown[ply - 1] = true;
    }
    assert!(shown.iter().all(|&s| s), "a ply never shown: {lines:?}");
}

/// A finished run's output as lines.
fn lines_of(output: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(output)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Both sides ended with the same finished GameString (returned); the
/// side never killed (`whole`) showed every move of it.
fn same_finished_game<'a>(whole: &'a [String], other: &[String]) -> &'a str {
    let (game, other_game) = (whole.last().unwrap(), other.last().unwrap());
    assert_finished(game);
    assert_eq!(game, other_game);
    assert_moves_of(game, &whole[..whole.len() - 1]);
    game
}

fn assert_finished(game: &str) {
    assert!(game.starts_with("Base+MLP;"), "{game}");
    assert!(!game.contains(";InProgress;"), "{game}");
}

#[test]
fn a_killed_joiner_started_again_gets_back_into_the_game() {
    let (host_data, join_data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (host, host_out, invitation) = start_host(host_data.path());
    let mut args = vec!["join"];
    args.extend(join_args(&invitation));
    let mut joiner = online(join_data.path(), &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the joiner starts");
    let mut joiner_out = BufReader::new(joiner.stdout.take().expect("piped"));
    let before = read_moves(&mut joiner_out, 12);
    kill(&mut joiner);
    drop(joiner_out);
    // The same command again.
    let again: Output = online(join_data.path(), &args)
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs again");
    let (host_lines, host_ok) = rest(host, host_out);
    assert!(host_ok, "the host failed");
    assert!(again.status.success(), "joiner: {}", again.status);
    let joiner_lines = lines_of(&again.stdout);
    // The host showed each move once; the joiner's two runs showed them all.
    let game = same_finished_game(&host_lines, &joiner_lines);
    assert_eq!(host_lines.len() - 1, game.split(';').count() - 3);
    let mut shown = before;
    shown.extend_from_slice(&joiner_lines[..joiner_lines.len() - 1]);
    assert_moves_of(game, &shown);
}

#[test]
fn a_killed_host_started_again_gets_back_into_the_game_with_the_same_invitation() {
    let (host_data, join_data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut host, mut host_out, invitation) = start_host(host_data.path());
    let mut args = vec!["join"];
    args.extend(join_args(&invitation));
    let joiner = online(join_data.path(), &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the joiner starts");
    let before = read_moves(&mut host_out, 13);
    kill(&mut host);
    drop(host_out);
    let (host, host_out, again) = start_host(host_data.path());
    assert_eq!(again, invitation, "the same invitation reaches the host");
    let (host_lines, host_ok) = rest(host, host_out);
    let joined = joiner.wait_with_output().expect("the joiner ends");
    assert!(host_ok, "the restarted host failed");
    assert!(joined.status.success(), "joiner: {}", joined.status);
    let joiner_lines = lines_of(&joined.stdout);
    let game = same_finished_game(&joiner_lines, &host_lines);
    let mut shown = before;
    shown.extend_from_slice(&host_lines[..host_lines.len() - 1]);
    assert_moves_of(game, &shown);
}

#[test]
fn joining_a_finished_games_invitation_again_says_it_is_over() {
    let (host_data, join_data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let short = [
        "host",
        "--local",
        "--ai",
        "beginner",
        "--turn-limit",
        "4",
        "--wait",
        "60",
    ];
    let (mut host, _out, invitation) = start_host_with(host_data.path(), &short);
    let args = ["join", invitation.as_str(), "--local", "--ai", "beginner"];
    let first = online(join_data.path(), &args)
        .stderr(Stdio::null())
        .output()
        .expect("the joiner runs");
    assert!(first.status.success());
    assert!(host.wait().expect("the host ends").success());
    let first_out = String::from_utf8_lossy(&first.stdout);
    let game = first_out.lines().last().expect("the GameString");
    assert!(game.contains(";Draw;"), "{game}");
    // The same invitation again: over at once, with the same GameString.
    let again = online(join_data.path(), &args)
        .output()
        .expect("the joiner runs again");
    assert_eq!(again.status.code(), Some(3), "the documented status");
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("is over (Draw, Rules)"), "{said}");
    assert_eq!(String::from_utf8_lossy(&again.stdout).trim(), game);
    // Without the file, nobody answers: it gives up after --wait, not never.
    let elsewhere = tempfile::tempdir().unwrap();
    let mut lost = args.to_vec();
    lost.extend(["--wait", "2"]);
    let gone = online(elsewhere.path(), &lost)
        .output()
        .expect("a fresh joiner runs");
    assert!(!gone.status.success());
    let said = String::from_utf8_lossy(&gone.stderr);
    assert!(said.contains("nothing from the peer for 2 s"), "{said}");
}

#[cfg(unix)]
#[test]
fn the_resume_file_is_private_and_a_damaged_one_is_reported_not_overwritten() {
    use std::os::unix::fs::PermissionsExt;

    let data = tempfile::tempdir().unwrap();
    let (mut host, _out, _invitation) = start_host(data.path());
    let path = data.path().join("online").join("host.json");
    let mode = std::fs::metadata(&path).expect("kept").permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    let kept = std::fs::read_to_string(&path).expect("kept");
    assert!(kept.contains("\"key\""), "{kept}");
    kill(&mut host);
    std::fs::write(&path, "{\"host\": true, \"na").expect("damaged");
    let again = online(data.path(), &HOST).output().expect("runs");
    assert!(!again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("is damaged"), "{said}");
    assert!(again.stdout.is_empty(), "no invitation for a damaged game");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"host\": true, \"na"
    );
}
