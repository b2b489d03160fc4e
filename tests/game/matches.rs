//! `hive match`: the players' threads, time and depth as the report
//! tells them.

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

/// `--uhp-depth` has UHP engines search to a depth (`bestmove depth N`,
/// as hivegame.com's bots are run) instead of for a time.
#[test]
fn a_match_can_give_a_uhp_engine_a_fixed_depth() {
    // Our own engine behind a script that keeps every command it is sent.
    let dir = std::env::temp_dir().join(format!("hive-uhp-depth-{}", std::process::id()));
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
