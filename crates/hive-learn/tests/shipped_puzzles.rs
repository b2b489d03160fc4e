//! Every puzzle under `assets/puzzles/` is proved (its solution is the only
//! first move that does what it says), and the set covers what the
//! Puzzles screen offers: three levels, every kind, both sides, the
//! Pillbug's and the Mosquito's tricks.

use std::path::{Path, PathBuf};
use std::time::Instant;

use hive_learn::{Kind, Level, Puzzle, Theme, load_puzzles, verify_all};
use hive_rules::{Color, Game};

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
