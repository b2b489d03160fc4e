//! Records of other programs in the headless app: a boardspace `.sgf` and
//! a PGN loaded from a file, dropped on the window or pasted open in review
//! with their players, date and result; the game saves as PGN that reads
//! back the same; a bad record is refused naming its line, and the game on
//! the board stays.

use std::path::{Path, PathBuf};

use crate::app::{
    app_keeping_files, assert_entities_match_game, game, screen, set_screen, settle, turn,
    update_until,
};
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use hive::game::{CurrentGame, NewGameSettings, Notice, RecordsAction, Screen, Turn};
use hive::records::{GameRecord, GameResult, load_record};
use tempfile::TempDir;

const GAME: &str = "HV-Abbo69-WeakBot-2018-10-28-2007";

/// A boardspace game in the records crate's test data.
fn recording(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/hive-records/tests/data/recordings")
        .join(name)
}

/// Mzinga's conversion of the game: the moves to expect.
fn expected() -> GameRecord {
    load_record(recording(&format!("{GAME}.pgn"))).expect("the PGN reads")
}

/// A headless app on the main menu keeping its files in `data`.
fn app(data: &Path) -> App {
    let settings = NewGameSettings::default();
    app_keeping_files(Some(data), None, settings)
}

fn act(app: &mut App, action: RecordsAction) {
    app.world_mut().write_message(action);
    settle(app);
}

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

/// The game is the record's, in review, with its headers and the pieces
/// where the rules engine has them.
fn assert_opened(app: &mut App) {
    assert_eq!(screen(app), Screen::Playing);
    assert_eq!(turn(app), Some(Turn::Review));
    let current = app.world().resource::<CurrentGame>().clone();
    assert_eq!(
        current.full_game().game_string(),
        expected().game_string(),
        "the moves of Mzinga's conversion"
    );
    let headers = current.headers().expect("the record's headers");
    assert_eq!(headers.white.as_deref(), Some("Abbo69"));
    assert_eq!(headers.black.as_deref(), Some("WeakBot"));
    assert_eq!(headers.result, Some(GameResult::WhiteWins));
    assert_entities_match_game(app);
}

#[test]
fn a_boardspace_sgf_loads_for_review_with_its_headers() {
    let dir = TempDir::new().unwrap();
    let mut app = app(dir.path());
    act(
        &mut app,
        RecordsAction::Load(recording(&format!("{GAME}.sgf"))),
    );
    assert_opened(&mut app);
    assert!(
        notice(&app).contains("Abbo69 against WeakBot"),
        "{}",
        notice(&app)
    );
    // A new game forgets the record's headers.
    act(
        &mut app,
        RecordsAction::Import("Base;NotStarted;White[1]".into()),
    );
    let current = app.world().resource::<CurrentGame>().clone();
    assert!(current.headers().is_none());
}

#[test]
fn a_pgn_loads_and_a_pasted_sgf_imports() {
    let dir = TempDir::new().unwrap();
    let mut app = app(dir.path());
    act(
        &mut app,
        RecordsAction::Load(recording(&format!("{GAME}.pgn"))),
    );
    assert_opened(&mut app);

    let mut app = self::app(dir.path());
    let text = std::fs::read_to_string(recording(&format!("{GAME}.sgf"))).unwrap();
    act(&mut app, RecordsAction::Import(text));
    assert_opened(&mut app);
}

#[test]
fn a_file_dropped_on_the_window_opens() {
    let dir = TempDir::new().unwrap();
    let mut app = app(dir.path());
    app.world_mut().write_message(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: recording(&format!("{GAME}.sgf")),
    });
    settle(&mut app);
    assert_opened(&mut app);
}

#[test]
fn a_game_saved_as_pgn_reads_back_with_its_moves_and_players() {
    let dir = TempDir::new().unwrap();
    let mut app = app(dir.path());
    act(
        &mut app,
        RecordsAction::Load(recording(&format!("{GAME}.sgf"))),
    );
    let file = dir.path().join("saved.pgn");
    act(&mut app, RecordsAction::SavePgn(file.clone()));
    update_until(&mut app, "the PGN is written", |app| {
        notice(app).contains("saved as PGN")
    });
    let saved = load_record(&file).expect("our PGN reads back");
    assert_eq!(saved.game_string(), expected().game_string());
    assert_eq!(saved.headers.white.as_deref(), Some("Abbo69"));
    assert_eq!(saved.headers.black.as_deref(), Some("WeakBot"));
    assert_eq!(saved.headers.result, Some(GameResult::WhiteWins));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("[GameType \"Base+MLP\"]"), "{text}");
    assert!(text.contains("\n1. wS1\n"), "{text}");
}

#[test]
fn a_bad_record_is_refused_naming_its_line_and_the_game_stays() {
    let dir = TempDir::new().unwrap();
    let mut app = app(dir.path());
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    let before = game(&app).game_string();
    let file = dir.path().join("broken.sgf");
    std::fs::write(
        &file,
        "(;GM[27]SU[hive]\n;P0[0 Start P0]\n;P0[1 dropb wA1 N 13 .]\n;P0[2 done]\n;P1[3 dropb bQ Z 99 .]\n;P1[4 done]\n)",
    )
    .unwrap();
    act(&mut app, RecordsAction::Load(file));
    let message = notice(&app);
    assert!(message.contains("broken.sgf line 5"), "{message}");
    assert!(
        message.contains("no cell Z99 next to the hive"),
        "{message}"
    );
    assert_eq!(game(&app).game_string(), before);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
}
