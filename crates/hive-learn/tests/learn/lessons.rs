//! Every lesson under `assets/lessons/` plays through headlessly, the
//! judge of a player's move answers as the Learn screen needs, a step
//! keeps the pieces the player chose where the files allow, and a broken
//! lesson is reported with its file, line and step.

use std::path::{Path, PathBuf};

use hive_learn::{
    Goal, LessonError, Renaming, Verdict, carry_on, check_all, check_lesson, expected_move,
    judge_move, load_lessons, parse_lesson, resolve_cell,
};
use hive_rules::{Direction, Game, RuleError};

fn lesson_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/lessons")
}

#[test]
fn every_shipped_lesson_checks() {
    let (ok, errors) = check_all(&lesson_dir());
    let errors: Vec<String> = errors.iter().map(LessonError::to_string).collect();
    assert!(errors.is_empty(), "broken lessons:\n{}", errors.join("\n"));
    assert!(ok >= 16, "only {ok} lessons");
}

#[test]
fn the_lessons_teach_every_rule_and_end_with_a_game() {
    let loaded = load_lessons(&lesson_dir());
    let titles: Vec<&str> = loaded.items.iter().map(|l| l.title.as_str()).collect();
    for title in [
        "Placing your pieces",
        "The Queen by the fourth turn",
        "One hive",
        "Freedom to move",
        "The Queen Bee",
        "The Beetle",
        "The Grasshopper",
        "The Spider",
        "The Soldier Ant",
        "The Mosquito",
        "The Ladybug",
        "The Pillbug",
        "Thrown pieces",
        "Surrounding the Queen",
        "Passing",
        "A first game",
    ] {
        assert!(titles.contains(&title), "no lesson '{title}' in {titles:?}");
    }
    let last = loaded.items.last().expect("lessons");
    assert!(last.steps.last().expect("steps").is_beginner_game());
    let wrong_moves = loaded
        .items
        .iter()
        .flat_map(|l| &l.steps)
        .filter(|s| s.wrong.is_some())
        .count();
    assert!(
        wrong_moves >= 15,
        "only {wrong_moves} steps show a wrong move"
    );
}

fn step(title: &str, index: usize) -> hive_learn::Step {
    let loaded = load_lessons(&lesson_dir());
    let lesson = loaded
        .items
        .into_iter()
        .find(|l| l.title == title)
        .expect("the lesson");
    lesson.steps[index].clone()
}

#[test]
fn the_judge_accepts_refuses_with_the_rule_or_gives_the_hint() {
    let grasshopper = step("The Grasshopper", 0);
    let game = grasshopper.start().expect("loads");
    let jump = game.parse_move("wG2 bQ-").expect("reads");
    assert_eq!(judge_move(&grasshopper, &game, jump), Verdict::Accepted);
    let slide = game.parse_move("wG2 \\wQ").expect("reads");
    assert!(matches!(
        judge_move(&grasshopper, &game, slide),
        Verdict::Refused(RuleError::CannotReach { .. })
    ));
    let placement = game.parse_move("wA1 -wG2").expect("reads");
    assert_eq!(
        judge_move(&grasshopper, &game, placement),
        Verdict::NotTheGoal {
            hint: grasshopper.hint.clone()
        }
    );

    let hive = step("One hive", 0);
    let game = hive.start().expect("loads");
    let split = game.parse_move("wG1 bQ-").expect("reads");
    assert!(matches!(
        judge_move(&hive, &game, split),
        Verdict::Refused(RuleError::WouldSplitHive { .. })
    ));

    let queen = step("The Queen by the fourth turn", 2);
    let game = queen.start().expect("loads");
    let other = game.parse_move("wA2 -wS1").expect("reads");
    assert!(matches!(
        judge_move(&queen, &game, other),
        Verdict::Refused(RuleError::QueenByFourthTurn { .. })
    ));

    let pass = step("Passing", 0);
    let game = pass.start().expect("loads");
    assert_eq!(
        judge_move(&pass, &game, hive_rules::Move::Pass),
        Verdict::Accepted
    );
}

#[test]
fn highlights_name_cells_like_move_strings() {
    let game = Game::from_game_string("Base;InProgress;White[2];wG1;bG1 wG1-").expect("loads");
    let at = game
        .position("wG1".parse().expect("piece"))
        .expect("placed");
    assert_eq!(resolve_cell(&game, "wG1"), Ok(at));
    assert_eq!(
        resolve_cell(&game, "wG1-"),
        Ok(at.neighbor(Direction::East))
    );
    assert_eq!(
        resolve_cell(&game, "/wG1"),
        Ok(at.neighbor(Direction::SouthWest))
    );
    assert_eq!(
        resolve_cell(&game, "\\wG1"),
        Ok(at.neighbor(Direction::NorthWest))
    );
    assert!(resolve_cell(&game, "wQ-").is_err(), "wQ is not placed");
    assert!(resolve_cell(&game, "-wG1-").is_err());
}

const BROKEN: &str = "title: Broken\n\ntext: Fine.\nposition: Base\ngoal: place any\nhint: Any.\n\ntext: The wrong move is what the goal asks.\nposition: Base;InProgress;Black[1];wG1\ngoal: place any\nhint: Any.\nwrong: bA1 wG1-\n";

#[test]
fn a_broken_step_is_named_with_its_file_and_line() {
    let lesson = parse_lesson(BROKEN, Path::new("broken.lesson")).expect("readable");
    let error = check_lesson(&lesson).expect_err("step 2 is broken");
    assert_eq!(error.step, Some(2));
    assert_eq!(error.origin.line, 8);
    let text = error.to_string();
    assert!(
        text.starts_with(
            "broken.lesson:8: step 2: the wrong move 'bA1 wG1-' is legal and meets the goal"
        ),
        "{text}"
    );
}

#[test]
fn steps_that_cannot_be_played_are_refused() {
    for (step, expected) in [
        (
            "position: Base;InProgress;White[2];wQ\ngoal: place any",
            "the position cannot be loaded",
        ),
        ("position: Base\ngoal: play wA1; bA1", "is illegal"),
        (
            "position: Base\ngoal: move any",
            "no legal move meets the goal",
        ),
        (
            "position: Base\ngoal: place any\nhighlight: wQ",
            "highlight 'wQ': wQ is not on the board",
        ),
        (
            "position: Base\ngoal: place any\nwrong: nonsense",
            "cannot be read",
        ),
    ] {
        let text = format!("title: T\n\ntext: x\nhint: y\n{step}\n");
        let lesson = parse_lesson(&text, Path::new("t.lesson")).expect("readable");
        let error = check_lesson(&lesson).expect_err(step);
        assert!(error.to_string().contains(expected), "{step}: {error}");
    }
}

#[test]
fn a_file_that_is_not_a_lesson_is_named_by_line() {
    for (text, line, expected) in [
        ("", 1, "the file is empty"),
        ("summary: no title\n\ntext: x\n", 1, "no 'title:' line"),
        ("title: T\n", 1, "no steps"),
        (
            "title: T\n\ntext: x\nposition: Base\ngoal: fly\nhint: h\n",
            5,
            "not a goal",
        ),
        (
            "title: T\n\ntext: x\ncolour: red\n",
            4,
            "unknown key 'colour'",
        ),
        (
            "title: T\n\ntext: x\nno colon here\n",
            4,
            "expected 'key: value'",
        ),
        (
            "title: T\n\ntext: x\nposition: Base\ngoal: place any\n",
            3,
            "no 'hint:' line",
        ),
    ] {
        let error = parse_lesson(text, Path::new("x.lesson")).expect_err(text);
        assert_eq!(error.origin.line, line, "{text:?}: {error}");
        assert!(error.to_string().starts_with("x.lesson:"), "{error}");
        assert!(error.message.contains(expected), "{text:?}: {error}");
    }
}

#[test]
fn goals_read_and_write_the_same() {
    for text in [
        "play wA1 bQ-; wA1 -bQ",
        "place queen",
        "place any",
        "move any",
        "move wS1",
        "surround queen",
        "play against beginner",
    ] {
        let goal: Goal = text.parse().expect(text);
        assert_eq!(goal.to_string(), text);
    }
}

#[test]
fn a_broken_file_is_skipped_and_the_rest_load() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("a.lesson"),
        "title: A\n\ntext: x\nposition: Base\ngoal: place any\nhint: h\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("b.lesson"),
        "title: B\n\ntext: x\nposition: Base\ngoal: hop\nhint: h\n",
    )
    .expect("write");
    std::fs::write(dir.path().join("notes.txt"), "not a lesson").expect("write");
    let loaded = load_lessons(dir.path());
    assert_eq!(loaded.items.len(), 1);
    assert_eq!(loaded.errors.len(), 1);
    assert!(
        loaded.errors[0].to_string().contains("b.lesson:5"),
        "{}",
        loaded.errors[0]
    );
    let (ok, errors) = check_all(dir.path());
    assert_eq!((ok, errors.len()), (1, 1));
}

/// Plays `text` in `game` and gives the game after it.
fn after(game: &Game, text: &str) -> Game {
    let mut game = game.clone();
    game.play_move_string(text).expect(text);
    game
}

#[test]
fn the_next_step_keeps_the_pieces_the_player_chose() {
    let steps = load_lessons(&lesson_dir())
        .items
        .into_iter()
        .find(|l| l.title == "Placing your pieces")
        .expect("the lesson")
        .steps;
    // Step 1 expects any first piece (the file goes on with wG1): the
    // player's Ant stays an Ant, and the step's highlight follows it.
    let board = after(&steps[0].start().expect("a position"), "wA1");
    let second = carry_on(&steps[0], &Renaming::none(), &board, &steps[1]).expect("carried");
    assert_eq!(second.game.game_string(), "Base;InProgress;Black[1];wA1");
    assert_eq!(second.step.highlight, ["wA1"]);
    // Black's Spider, placed up-right of it, stands in for the file's
    // Grasshopper on the cell the step is about (its right).
    let board = after(&second.game, "bS1 wA1/");
    let third = carry_on(&steps[1], &second.renaming, &board, &steps[2]).expect("carried");
    assert_eq!(
        third.game.game_string(),
        "Base;InProgress;White[2];wA1;bS1 wA1-"
    );
    assert_eq!(third.step.highlight, ["-wA1", "\\wA1", "/wA1"]);
    assert_eq!(third.step.wrong.as_deref(), Some("wG1 wA1/"));
    // The wrong move, renamed, is still refused there.
    let wrong = third.game.parse_move("wG1 wA1/").expect("reads");
    assert!(matches!(
        judge_move(&third.step, &third.game, wrong),
        Verdict::Refused(_)
    ));
    // A Beetle for the file's Ant: every piece so far is the player's.
    let board = after(&third.game, "wB1 -wA1");
    let fourth = carry_on(&steps[2], &third.renaming, &board, &steps[3]).expect("carried");
    assert_eq!(
        fourth.game.game_string(),
        "Base;InProgress;Black[2];wA1;bS1 wA1-;wB1 -wA1"
    );
    // The move the file expects: nothing to carry, the step as written.
    let board = after(&steps[0].start().expect("a position"), "wG1");
    assert!(carry_on(&steps[0], &Renaming::none(), &board, &steps[1]).is_none());
    let start = steps[0].start().expect("a position");
    assert_eq!(
        expected_move(&steps[0], &Renaming::none(), &start, &steps[1])
            .map(|mv| start.move_string(mv)),
        Some("wG1".to_string())
    );
}

#[test]
fn a_step_that_does_not_go_on_from_the_last_starts_as_written() {
    // "One hive": step 2 is step 1's position again, not after a move.
    let hive = step("One hive", 0);
    let again = step("One hive", 1);
    let board = after(&hive.start().expect("a position"), "wA1 wG1\\");
    assert!(carry_on(&hive, &Renaming::none(), &board, &again).is_none());
    // "The Queen by the fourth turn": step 3 goes on from a Spider, not
    // the Queen step 2 asks for; the names chosen in step 1 stay.
    let queen = step("The Queen by the fourth turn", 1);
    let fourth = step("The Queen by the fourth turn", 2);
    let board = after(&queen.start().expect("a position"), "wQ \\wA1");
    assert!(carry_on(&queen, &Renaming::none(), &board, &fourth).is_none());
}
