//! The puzzle file format: what it reads, how it writes, and a broken
//! file named by file and line.

use std::path::Path;

use hive_learn::{
    FileCheck, Kind, Level, Theme, load_puzzles, parse_puzzles, puzzle_text, verify_file,
};

const ONE: &str = "# a comment\n\nid: t-1\ndifficulty: easy\nkind: win in 1\nposition: Base;InProgress;White[10];wS1;bA1 wS1/;wA1 /wS1;bS1 bA1/;wQ wA1-;bB1 \\bS1;wA2 -wS1;bQ bA1-;wA1 bQ\\;bA2 bB1-;wA2 bA2/;bB1 -bS1;wB1 wA1-;bB1 -bA1;wB1 bQ-;bG1 -bS1;wQ wS1-;bG1 wQ\\\nsolution: wA2 bS1-\ntitle: Close it\nhint: One gap left.\n";

#[test]
fn a_puzzle_reads_and_writes_back_the_same() {
    let puzzles = parse_puzzles(ONE, Path::new("one.puzzles")).expect("readable");
    assert_eq!(puzzles.len(), 1);
    let puzzle = &puzzles[0];
    assert_eq!(puzzle.id, "t-1");
    assert_eq!(puzzle.level, Level::Easy);
    assert_eq!(puzzle.kind, Kind::Win(1));
    assert_eq!(puzzle.theme, None);
    assert_eq!(puzzle.origin.line, 3);
    let written = puzzle_text(puzzle);
    let again = parse_puzzles(&written, Path::new("one.puzzles")).expect("readable");
    assert_eq!(again[0].position, puzzle.position);
    assert_eq!(again[0].solution, puzzle.solution);
    assert_eq!(puzzle_text(&again[0]), written);
}

#[test]
fn kinds_levels_and_themes_are_spelled_as_documented() {
    assert_eq!("stop a win in 2".parse::<Kind>(), Ok(Kind::Stop(2)));
    assert_eq!("Win in 3".parse::<Kind>(), Ok(Kind::Win(3)));
    assert!("win in 4".parse::<Kind>().is_err());
    assert!("mate in 1".parse::<Kind>().is_err());
    assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
    assert_eq!("pillbug".parse::<Theme>(), Ok(Theme::Pillbug));
    assert!("ladybug".parse::<Theme>().is_err());
}

#[test]
fn a_broken_block_is_named_by_file_and_line() {
    let cases = [
        (
            "id: a\ndifficulty: easy\nkind: win in 1\nposition: Base\nsolution: wA1\ntitle: t\n",
            1,
            "no 'hint:' line",
        ),
        ("id: a\ndifficulty: tough\n", 2, "not a difficulty"),
        ("id: a\ndifficulty: easy\nkind: win in 9\n", 3, "not a kind"),
        ("id: a b\n", 1, "not an id"),
        (
            "id: a\ndifficulty: easy\nkind: win in 1\ntheme: ladybug\n",
            4,
            "not a theme",
        ),
        ("id: a\ncolour: red\n", 2, "unknown key 'colour'"),
    ];
    for (text, line, expected) in cases {
        let error = parse_puzzles(text, Path::new("bad.puzzles")).expect_err(text);
        assert_eq!(error.origin.line, line, "{text:?}: {error}");
        assert!(
            error
                .to_string()
                .starts_with(&format!("bad.puzzles:{line}: ")),
            "{error}"
        );
        assert!(error.message.contains(expected), "{text:?}: {error}");
    }
    let twice = format!("{ONE}\n{}", ONE.replace("# a comment\n\n", ""));
    let error = parse_puzzles(&twice, Path::new("twice.puzzles")).expect_err("same id");
    assert!(error.message.contains("already used on line 3"), "{error}");
}

#[test]
fn a_folder_loads_what_it_can_and_names_what_it_cannot() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("a.puzzles"), ONE).expect("write");
    std::fs::write(dir.path().join("b.puzzles"), "id: x\nnonsense\n").expect("write");
    std::fs::write(dir.path().join("c.puzzles"), ONE).expect("write");
    let loaded = load_puzzles(dir.path());
    assert_eq!(loaded.items.len(), 1);
    let errors: Vec<String> = loaded.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("b.puzzles:2"), "{errors:?}");
    assert!(
        errors[1].contains("c.puzzles:3") && errors[1].contains("already used"),
        "{errors:?}"
    );

    match verify_file(&dir.path().join("a.puzzles")) {
        FileCheck::Read { proved, failed } => assert_eq!((proved, failed.len()), (1, 0)),
        other => panic!("{other:?}"),
    }
    match verify_file(&dir.path().join("b.puzzles")) {
        FileCheck::Unreadable(error) => assert_eq!(error.origin.line, 2),
        other => panic!("{other:?}"),
    }
    match verify_file(&dir.path().join("missing.puzzles")) {
        FileCheck::Unreadable(error) => assert!(error.message.contains("cannot read")),
        other => panic!("{other:?}"),
    }
}
