//! Files written by earlier versions of this program still load as they
//! did: `tests/data/old-saves` holds a saved game, a timed game with
//! house rules, an autosave of an exhibition, a variations file, and a
//! data directory with the autosave (and its variations) where it used to
//! be, as that code wrote them.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::load_game;
use hive_ai::Difficulty;
use hive_records::{
    Autosave, NodeId, SaveHeaders, Seats, load_game_file, load_record, load_variations,
};
use hive_rules::{Color, GameType, Options};

fn old_saves() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/old-saves")
}

/// The GameString line of an old file (its last line).
fn game_string(name: &str) -> String {
    let text = fs::read_to_string(old_saves().join(name)).unwrap();
    text.lines().last().unwrap().to_string()
}

#[test]
fn an_old_plain_game_loads() {
    let path = old_saves().join("plain-game.txt");
    let game = load_game(&path).unwrap();
    assert_eq!(game.game_string(), game_string("plain-game.txt"));
    assert_eq!(game.ply(), 8);
    assert_eq!(game.options(), Options::default());
    assert_eq!(load_game_file(&path).unwrap().clocks, None);
    let record = load_record(&path).unwrap();
    assert_eq!(record.game_string(), game.game_string());
}

#[test]
fn an_old_timed_game_keeps_its_rules_and_clocks() {
    let path = old_saves().join("timed-game.txt");
    let game = load_game(&path).unwrap();
    assert_eq!(game.game_string(), game_string("timed-game.txt"));
    assert_eq!(game.game_type(), GameType::ALL);
    assert_eq!(
        game.options(),
        Options {
            tournament_opening: false,
            threefold_repetition: true,
            turn_limit: Some(40),
        }
    );
    let clocks = load_game_file(&path)
        .unwrap()
        .clocks
        .expect("the clock line");
    assert_eq!(clocks.control().to_string(), "10+5");
    assert_eq!(
        clocks.remaining(Color::White),
        Duration::from_millis(517_300)
    );
    assert_eq!(clocks.remaining(Color::Black), Duration::from_secs(498));
    assert_eq!(clocks.flagged(), None);
}

#[test]
fn an_old_variations_file_loads_with_its_comments() {
    let tree = load_variations(old_saves().join("variations.txt")).unwrap();
    assert_eq!(tree.leaves().len(), 2);
    assert!(tree.options().threefold_repetition);
    assert_eq!(tree.comment(NodeId::ROOT), Some("Played at the club"));
    let main = tree.continuation(NodeId::ROOT);
    assert_eq!(main.len(), 5);
    assert_eq!(tree.comment(main[1]), Some("two lines:\nsecond"));
}

/// Copies the old data directory into a temporary one.
fn old_data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(old_saves().join("data-dir")).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

#[test]
fn an_old_autosave_resumes_with_its_players_and_variations() {
    let dir = old_data_dir();
    let autosave = Autosave::new(dir.path());
    assert!(autosave.exists());
    let game = autosave.load().unwrap().expect("the old autosave");
    assert_eq!(
        game.game_string(),
        game_string("data-dir/autosave.txt"),
        "the position the player left"
    );
    assert!(game.options().threefold_repetition);
    assert_eq!(
        autosave.seats(),
        Some(Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        })
    );
    assert_eq!(autosave.clocks(), None);
    let tree = autosave.variations_of(&game).expect("its variations");
    assert_eq!(tree.leaves().len(), 2);
}

#[test]
fn an_old_exhibition_autosave_keeps_its_presets_and_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = Autosave::new(dir.path());
    fs::create_dir_all(autosave.path().parent().unwrap()).unwrap();
    fs::copy(old_saves().join("exhibition-autosave.txt"), autosave.path()).unwrap();
    let game = autosave.load().unwrap().unwrap();
    assert_eq!(game.ply(), 4);
    assert_eq!(
        autosave.seats(),
        Some(Seats::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Expert,
        })
    );
    let clocks = autosave.clocks().unwrap();
    assert_eq!(clocks.remaining(Color::White), Duration::from_secs(300));
}

/// The game files (one GameString each) written by the old code.
const OLD_GAME_FILES: [&str; 4] = [
    "plain-game.txt",
    "timed-game.txt",
    "exhibition-autosave.txt",
    "data-dir/autosave.txt",
];

#[test]
fn old_files_load_as_saved_games_at_their_end() {
    let players = |name: &str| load_game_file(old_saves().join(name)).unwrap().seats;
    for name in OLD_GAME_FILES {
        let path = old_saves().join(name);
        let saved = load_game_file(&path).unwrap();
        assert!(saved.at_end(), "{name}");
        assert_eq!(saved.game.game_string(), game_string(name));
        assert_eq!(saved.kind, None);
        assert!(saved.other_headers.is_empty());
        // The headers read alone say the same.
        let headers = SaveHeaders::read(&fs::read_to_string(&path).unwrap(), &path).unwrap();
        assert_eq!(saved.clocks, headers.clocks, "{name}");
    }
    assert_eq!(players("plain-game.txt"), None);
    assert_eq!(players("timed-game.txt"), None);
    assert_eq!(
        players("data-dir/autosave.txt"),
        Some(Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        })
    );
}

#[test]
fn the_one_writer_writes_old_files_as_the_old_code_did() {
    for name in OLD_GAME_FILES {
        let path = old_saves().join(name);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(load_game_file(&path).unwrap().text(), text, "{name}");
    }
    for name in ["variations.txt", "data-dir/autosave-variations.txt"] {
        let path = old_saves().join(name);
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(load_variations(&path).unwrap().file_text(), text, "{name}");
    }
}
