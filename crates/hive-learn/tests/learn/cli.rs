//! The commands as a person runs them: `hive puzzles verify`, `hive
//! puzzles generate`, `hive lessons check`, their output and exit status.

use std::path::Path;

use clap::Parser;
use hive_learn::LearnCommand;

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: LearnCommand,
}

/// Runs `args` as the `hive` binary would: the report and the status.
fn run(args: &[&str]) -> (String, u8) {
    let cli = Cli::try_parse_from(std::iter::once("hive").chain(args.iter().copied()))
        .unwrap_or_else(|err| panic!("{args:?}: {err}"));
    let mut out = Vec::new();
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let status = cli.command.execute(&assets, &mut out);
    (String::from_utf8(out).expect("text"), status)
}

fn assets(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn the_shipped_puzzles_verify_by_default() {
    let (out, status) = run(&["puzzles", "verify"]);
    assert_eq!(status, 0, "{out}");
    let last = out.lines().last().expect("a report");
    let count: usize = last
        .strip_suffix(" puzzles verified")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(count >= 60, "{out}");
}

#[test]
fn the_shipped_lessons_check_by_default_and_by_name() {
    let (out, status) = run(&["lessons", "check"]);
    assert_eq!(status, 0, "{out}");
    assert_eq!(out.trim(), "16 lessons ok");
    let (out, status) = run(&["lessons", "check", &assets("lessons")]);
    assert_eq!(status, 0, "{out}");
    assert_eq!(out.trim(), "16 lessons ok");
}

#[test]
fn a_failing_puzzle_is_named_and_the_status_is_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("broken.puzzles");
    let shipped = std::fs::read_to_string(assets("puzzles") + "/easy.puzzles").expect("read");
    // The first puzzle with its solution swapped for the second's.
    let blocks: Vec<&str> = shipped
        .split("\n\n")
        .filter(|b| b.contains("id:"))
        .collect();
    let solution = |block: &str| {
        block
            .lines()
            .find(|l| l.starts_with("solution:"))
            .expect("solution")
            .to_string()
    };
    let broken = blocks[0].replace(&solution(blocks[0]), "solution: pass");
    std::fs::write(&file, format!("{broken}\n\n{}\n", blocks[1])).expect("write");
    let (out, status) = run(&["puzzles", "verify", &file.display().to_string()]);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("failed: "), "{out}");
    assert!(out.contains("broken.puzzles:"), "{out}");
    assert!(out.contains("1 puzzles verified"), "{out}");
    assert!(out.contains("1 failed"), "{out}");

    std::fs::write(&file, "id: a\nthis is not a field\n").expect("write");
    let (out, status) = run(&["puzzles", "verify", &file.display().to_string()]);
    assert_eq!(status, 1);
    assert!(
        out.contains("unreadable: ") && out.contains("broken.puzzles:2"),
        "{out}"
    );

    let empty = tempfile::tempdir().expect("temp dir");
    let (out, status) = run(&["puzzles", "verify", &empty.path().display().to_string()]);
    assert_eq!(status, 1);
    assert!(out.contains("no puzzles found"), "{out}");
}

#[test]
fn a_failing_lesson_is_named_and_the_status_is_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("01-bad.lesson"),
        "title: Bad\n\ntext: x\nposition: Base\ngoal: place any\nhint: h\nwrong: wA1\n",
    )
    .expect("write");
    let (out, status) = run(&["lessons", "check", &dir.path().display().to_string()]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("01-bad.lesson:3: step 1: the wrong move 'wA1' is legal and meets the goal"),
        "{out}"
    );
    assert!(out.contains("0 lessons ok"), "{out}");
}

#[test]
fn generate_writes_proved_puzzles_that_verify() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out_file = dir.path().join("new.puzzles");
    let args = [
        "puzzles",
        "generate",
        "--games",
        "1",
        "--seed",
        "3",
        "--win-depth",
        "2",
        "--stop-depth",
        "1",
        "--dir",
        &dir.path().display().to_string(),
        "--out",
        &out_file.display().to_string(),
    ];
    let (out, status) = run(&args);
    assert_eq!(status, 0, "{out}");
    let written: usize = out
        .lines()
        .last()
        .and_then(|l| l.strip_suffix(" new puzzles written"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(written > 0, "{out}");
    let (report, status) = run(&["puzzles", "verify", &out_file.display().to_string()]);
    assert_eq!(status, 0, "{report}");
    assert!(
        report.contains(&format!("{written} puzzles verified")),
        "{report}"
    );
    // The same seed finds the same puzzles, which are then known.
    std::fs::rename(&out_file, dir.path().join("known.puzzles")).expect("rename");
    let (again, status) = run(&args);
    assert_eq!(status, 0);
    assert!(again.ends_with("0 new puzzles written\n"), "{again}");
}
