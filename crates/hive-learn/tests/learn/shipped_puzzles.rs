//! Every puzzle under `assets/puzzles/` is proved (its solution is the only
//! first move that does what it says), and the set covers what the
//! Puzzles screen offers: three levels, every kind, both sides, the
//! Pillbug's and the Mosquito's tricks; listed after the lessons that
//! teach their bugs.

use std::path::{Path, PathBuf};
use std::time::Instant;

use hive_learn::{
    Kind, Level, Puzzle, Theme, bugs_taught, bugs_used, lessons_before, load_lessons, load_puzzles,
    order_by_lessons, verify_all,
};
use hive_rules::{Bug, Color, Game};

fn puzzle_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")
}

fn shipped() -> Vec<Puzzle> {
    let loaded = load_puzzles(&puzzle_dir());
    let errors: Vec<String> = loaded.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "unreadable puzzle files:\n{}",
        errors.join("\n")
    );
    loaded.items
}

#[test]
fn every_shipped_puzzle_is_proved() {
    let puzzles = shipped();
    let start = Instant::now();
    let (proved, failed) = verify_all(&puzzles);
    let failures: Vec<String> = failed.iter().map(|e| e.to_string()).collect();
    assert!(
        failed.is_empty(),
        "{} of {} puzzles fail their proof:\n{}",
        failed.len(),
        puzzles.len(),
        failures.join("\n")
    );
    eprintln!(
        "{proved} puzzles proved in {:.2}s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn the_set_has_every_level_kind_theme_and_side() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 60, "only {} puzzles", puzzles.len());
    for level in Level::ALL {
        let n = puzzles.iter().filter(|p| p.level == level).count();
        assert!(n >= 20, "only {n} {level} puzzles");
    }
    for kind in [
        Kind::Win(1),
        Kind::Win(2),
        Kind::Win(3),
        Kind::Stop(1),
        Kind::Stop(2),
    ] {
        assert!(
            puzzles.iter().any(|p| p.kind == kind),
            "no puzzle of kind {kind}"
        );
    }
    for theme in [Theme::Pillbug, Theme::Mosquito] {
        let n = puzzles.iter().filter(|p| p.theme == Some(theme)).count();
        assert!(n >= 5, "only {n} {theme} puzzles");
    }
    for side in Color::ALL {
        let n = puzzles
            .iter()
            .filter(|p| Game::from_game_string(&p.position).is_ok_and(|g| g.to_move() == side))
            .count();
        assert!(n >= 20, "only {n} puzzles with {side} to move");
    }
}

#[test]
fn every_position_comes_from_a_game_played_from_the_opening() {
    for puzzle in shipped() {
        let game = Game::from_game_string(&puzzle.position).expect("loads");
        assert!(
            game.ply() >= 10,
            "{}: only {} moves played",
            puzzle.id,
            game.ply()
        );
        assert_eq!(
            game.game_string(),
            puzzle.position,
            "{}: not in canonical form",
            puzzle.id
        );
    }
}

/// The shipped titles and hints are the generator's standard ones, which
/// other languages word through keys (see `hive_learn::wording`): no
/// puzzle needs a translation of its own.
#[test]
fn every_shipped_title_and_hint_is_the_standard_one() {
    for puzzle in shipped() {
        let title = hive_learn::StandardTitle::of(&puzzle).expect("a turn");
        assert!(
            title.is_title_of(&puzzle),
            "{}: {:?} is not {:?}",
            puzzle.id,
            puzzle.title,
            title.english()
        );
        let hint = hive_learn::StandardHint::of(&puzzle).expect("a position");
        assert!(
            hint.is_hint_of(&puzzle),
            "{}: {:?} is not {:?}",
            puzzle.id,
            puzzle.hint,
            hint.english()
        );
    }
}

#[test]
fn easy_puzzles_come_after_the_lessons_that_teach_their_bugs() {
    let lessons = load_lessons(&puzzle_dir().join("../lessons")).items;
    let titles: Vec<&str> = lessons.iter().map(|l| l.title.as_str()).collect();
    let lesson = |title: &str| {
        titles
            .iter()
            .position(|&t| t == title)
            .unwrap_or_else(|| panic!("no lesson {title}"))
    };
    // Each expansion bug is first taught by its own lesson.
    for (bug, title) in [
        (Bug::Mosquito, "The Mosquito"),
        (Bug::Ladybug, "The Ladybug"),
        (Bug::Pillbug, "The Pillbug"),
    ] {
        let first = lessons.iter().position(|l| bugs_taught(l).contains(&bug));
        assert_eq!(first, Some(lesson(title)), "{bug:?}");
    }
    let mut puzzles = shipped();
    order_by_lessons(&mut puzzles, &lessons);
    let easy: Vec<&Puzzle> = puzzles.iter().filter(|p| p.level == Level::Easy).collect();
    // The base game's first: as many as there are, in a row.
    let base = easy
        .iter()
        .filter(|p| {
            bugs_used(p)
                .expect("a game type")
                .iter()
                .all(|b| !b.is_expansion())
        })
        .count();
    assert!(base >= 5, "only {base} easy puzzles with the base bugs");
    for (i, puzzle) in easy.iter().enumerate() {
        let expansions = bugs_used(puzzle)
            .expect("a game type")
            .into_iter()
            .any(|b| b.is_expansion());
        assert_eq!(
            expansions,
            i >= base,
            "easy puzzle {} ({})",
            i + 1,
            puzzle.id
        );
    }
    // Then none before the lessons on its bugs: never out of order.
    let needed: Vec<usize> = easy.iter().map(|p| lessons_before(p, &lessons)).collect();
    assert!(needed.windows(2).all(|w| w[0] <= w[1]), "{needed:?}");
    let first_expansion = lesson("The Mosquito");
    assert!(needed[..base].iter().all(|&n| n <= first_expansion));
    // Every level is kept together, easiest first.
    assert!(puzzles.windows(2).all(|w| w[0].level <= w[1].level));
}
