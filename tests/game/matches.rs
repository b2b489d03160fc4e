//! `hive match`: the players' threads, time and depth as the report
//! tells them.

use std::path::PathBuf;
use std::process::Command;

const HIVE: &str = env!("CARGO_BIN_EXE_hive");

/// `hive match` can give player B its own thread count (to measure what a
/// second thread is worth) and says which counts it used.
#[test]
fn a_match_gives_each_player_its_threads() {
    let output = Command::new(HIVE)
        .args(["match", "beginner", "beginner", "--games", "2"])
        .args(["--threads", "2", "--threads-b", "1", "--seed", "3"])
        .output()
        .expect("hive runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("threads: A 2, B 1"), "{stdout}");
    assert!(stdout.contains("game 2 (A is Black)"), "{stdout}");
}

/// `--time-b` gives player B its own time a move (time odds), which the
/// report names and the UHP engine is told; a bad one is refused.
#[test]
fn a_match_can_give_player_b_more_time() {
    let (dir, engine, sent) = logging_engine("hive-time-b");
    let output = Command::new(HIVE)
        .args([
            "match", "beginner", &engine, "--games", "2", "--time", "0.1",
        ])
        .args(["--time-b", "2", "--max-moves", "4", "--threads", "1"])
        .output()
        .expect("hive runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("# a move: A 0.1 s, B 2 s"), "{stdout}");
    let sent = std::fs::read_to_string(&sent).expect("the engine's input");
    assert!(sent.contains("bestmove time 00:00:02"), "{sent}");
    let refused = Command::new(HIVE)
        .args(["match", "beginner", "beginner", "--time-b", "0"])
        .output()
        .expect("hive runs");
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("--time-b must be a positive number"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// A UHP engine is told whole seconds, and the report says so when the
/// asked-for time a move had to be rounded up.
#[test]
fn a_match_reports_the_time_each_player_gets() {
    let engine = format!("uhp:{HIVE} uhp");
    let output = Command::new(HIVE)
        .args([
            "match", "beginner", &engine, "--games", "2", "--time", "0.3",
        ])
        .args(["--max-moves", "4", "--threads", "1"])
        .output()
        .expect("hive runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("# a move: A 0.3 s, B 1 s (asked for 0.3 s; UHP times are whole seconds)"),
        "{stdout}"
    );
    assert!(stdout.contains("game 2 (A is Black)"), "{stdout}");
}

/// Our own engine behind a script that keeps every command it is sent, in
/// a new temporary folder: the folder, the player (`uhp:...`) and the file
/// of commands.
fn logging_engine(name: &str) -> (PathBuf, String, PathBuf) {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let (script, sent) = (dir.join("engine.sh"), dir.join("sent.txt"));
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntee -a '{}' | exec '{HIVE}' uhp\n",
            sent.display()
        ),
    )
    .expect("script written");
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, mode).expect("script made runnable");
    let engine = format!("uhp:{}", script.display());
    (dir, engine, sent)
}

/// `--uhp-depth` has UHP engines search to a depth (`bestmove depth N`,
/// as hivegame.com's bots are run) instead of for a time.
#[test]
fn a_match_can_give_a_uhp_engine_a_fixed_depth() {
    let (dir, engine, sent) = logging_engine("hive-uhp-depth");
    let output = Command::new(HIVE)
        .args(["match", "beginner", &engine, "--games", "2"])
        .args(["--uhp-depth", "1", "--max-moves", "6", "--threads", "1"])
        .output()
        .expect("hive runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("# a move: A Beginner's own limit, B depth 1"),
        "{stdout}"
    );
    assert!(stdout.contains("game 2 (A is Black)"), "{stdout}");
    assert!(!stdout.contains("forfeits"), "{stdout}");
    let sent = std::fs::read_to_string(&sent).expect("the engine's commands");
    assert!(sent.contains("bestmove depth 1"), "{sent}");
    assert!(!sent.contains("bestmove time"), "{sent}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games and thinking lines of a match's report, without its header; the
/// thinking lines say only how many moves each player was asked (a record
/// keeps the time to the millisecond, the report prints it finer).
fn games_of(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|line| line.starts_with("game ") || line.starts_with("  "))
        .map(|line| match line.strip_prefix("  thinking: ") {
            Some(times) => times
                .split(", ")
                .map(|player| player.split(" in ").next().unwrap_or(player))
                .collect::<Vec<_>>()
                .join(", "),
            None => line.to_string(),
        })
        .collect()
}

/// `--record` keeps a match's progress in a file; run again with more
/// games, the match goes on from it: the recorded games are played again
/// without asking the UHP engine anew, and the new ones follow. A record of
/// another match, or a damaged one, is refused and left as it was.
#[test]
fn a_recorded_match_goes_on_from_its_record() {
    let (dir, engine, sent) = logging_engine("hive-match-record");
    let record = dir.join("match.record");
    let record_arg = record.display().to_string();
    let play = |games: &str, seed: &str| {
        let output = Command::new(HIVE)
            .args([
                "match", "beginner", &engine, "--games", games, "--seed", seed,
            ])
            .args(["--uhp-depth", "1", "--max-moves", "16", "--threads", "1"])
            .args(["--record", &record_arg])
            .output()
            .expect("hive runs");
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        (output.status.success(), stdout, stderr)
    };
    let asked = || {
        std::fs::read_to_string(&sent)
            .unwrap_or_default()
            .matches("bestmove")
            .count()
    };
    let finished = |text: &str| text.lines().filter(|l| l.contains("\tBase+MLP;")).count();

    let (ok, two, _) = play("2", "7");
    assert!(ok, "{two}");
    let saved = std::fs::read_to_string(&record).expect("the record");
    assert!(saved.starts_with("hive match record 1\n"), "{saved}");
    assert_eq!(finished(&saved), 2, "{saved}");
    let asked_for_two = asked();

    let (ok, four, _) = play("4", "7");
    assert!(ok, "{four}");
    assert!(four.contains("resumed from"), "{four}");
    let (games_two, games_four) = (games_of(&two), games_of(&four));
    assert_eq!(games_two.len(), 8, "{two}");
    // The recorded games as they were.
    assert_eq!(games_four[..8], games_two[..], "{four}");
    assert!(four.contains("game 4 (A is Black)"), "{four}");
    assert_eq!(
        finished(&std::fs::read_to_string(&record).expect("the record")),
        4
    );
    // The engine was asked only for games 3 and 4: B's moves there.
    let b_moves: usize = games_four[8..]
        .iter()
        .filter_map(|line| line.split(", B ").nth(1))
        .filter_map(|b| b.split(' ').next()?.parse::<usize>().ok())
        .sum();
    assert!(b_moves > 0, "{four}");
    assert_eq!(asked() - asked_for_two, b_moves, "{four}");

    // Another seed is another match: refused, the record kept.
    let kept = std::fs::read_to_string(&record).expect("the record");
    let (ok, _, stderr) = play("4", "8");
    assert!(!ok);
    assert!(stderr.contains("another match"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&record).expect("the record"), kept);
    std::fs::write(&record, "my notes\n").expect("a damaged record");
    let (ok, _, stderr) = play("4", "7");
    assert!(!ok);
    assert!(stderr.contains("not a match record"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&record).expect("the record"),
        "my notes\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
