//! The game in another language: a game played in Spanish through the
//! headless app gives its rule reasons in Spanish; switching the language
//! (as the menu does) changes the words at once and is saved in the
//! settings; `--lang` is not saved; and every key the code asks for exists
//! in English.

use std::collections::BTreeSet;
use std::path::Path;

use crate::app::{
    app_keeping_files, game, headless_app, local_app_from, set_screen, settle, update_until,
};
use bevy::prelude::*;
use hive::game::{
    BoardLayout, CellClicked, CurrentGame, LaunchSettings, NewGameSettings, Notice, PlayMove,
    Screen, SelectPiece, Settings, SettingsFile, Words,
    learn::{LessonRequest, LessonRun, Lessons, PuzzleRequest, Puzzles},
};
use hive::learn::{Verdict, judge_move};
use hive::rules::{Direction, Piece};

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

/// Refuses a white Ant next to the black one, as a player's click would.
fn refused_reason(app: &mut App) -> String {
    let game = app.world().resource::<CurrentGame>().game().clone();
    let black = game.position("bA1".parse().unwrap()).unwrap();
    let to = black.neighbor(Direction::East);
    let ant: Piece = "wA2".parse().unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    let plane = app.world().resource::<BoardLayout>().plane_of(to);
    app.world_mut().write_message(CellClicked(plane));
    app.update();
    notice(app)
}

#[test]
fn a_game_in_spanish_gives_spanish_reasons_and_switches_live() {
    let mut app = local_app_from("Base;InProgress;White[2];wA1;bA1 wA1-");
    app.world_mut().resource_mut::<Settings>().language = "es".to_string();
    settle(&mut app);
    assert_eq!(app.world().resource::<Words>().language(), "es");
    let said = refused_reason(&mut app);
    assert!(
        said.contains("Hormiga blanca (wA2)") && said.contains("(bA1-)"),
        "{said}"
    );
    assert!(!said.contains("cannot"), "{said}");

    // Back to English, live.
    app.world_mut().resource_mut::<Settings>().language = "en".to_string();
    app.world_mut().resource_mut::<Notice>().clear();
    settle(&mut app);
    assert_eq!(app.world().resource::<Words>().language(), "en");
    let said = refused_reason(&mut app);
    assert!(said.contains("white Ant (wA2) cannot"), "{said}");
}

/// A lesson and a puzzle in a Spanish game: the step's words and its hint
/// come from `es/lessons.ftl`, the puzzle's title and hint are worded by
/// `es/puzzles.ftl`, and the messages around them by `es/notices.ftl`.
#[test]
fn lessons_and_puzzles_in_spanish() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    app.world_mut().resource_mut::<Settings>().language = "es".to_string();
    set_screen(&mut app, Screen::Lessons);
    settle(&mut app);
    assert_eq!(app.world().resource::<Words>().language(), "es");

    // The Beetle's lesson: its first step, then a legal move that misses
    // the goal, taken back with the step's hint.
    let index = app
        .world()
        .resource::<Lessons>()
        .list
        .iter()
        .position(|l| l.origin.file.ends_with("06-beetle.lesson"))
        .expect("the Beetle's lesson");
    app.world_mut().write_message(LessonRequest::Start(index));
    settle(&mut app);
    let said = notice(&app);
    assert!(
        said.starts_with("El Escarabajo avanza un paso, como la Reina"),
        "{said}"
    );
    let hint = "Pon el Escarabajo encima de tu Saltamontes o de tu Reina.";
    let start = game(&app);
    let step = app.world().resource::<Lessons>().list[index].steps[0].clone();
    // The step's wrong move breaks a rule: the rule's reason, and the hint
    // in the lesson bar.
    let wrong = start.parse_move("wB1 bQ").expect("a move");
    assert!(matches!(
        judge_move(&step, &start, wrong),
        Verdict::Refused(_)
    ));
    app.world_mut().write_message(PlayMove(wrong));
    settle(&mut app);
    assert!(notice(&app).contains("no puede"), "{}", notice(&app));
    let run_hint = |app: &App| app.world().resource::<LessonRun>().hint.clone();
    assert_eq!(run_hint(&app).as_deref(), Some(hint));
    // A legal move that misses the goal: taken back, with the hint.
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let missing = moves
        .into_iter()
        .find(|&mv| matches!(judge_move(&step, &start, mv), Verdict::NotTheGoal { .. }))
        .expect("a move that misses the goal");
    app.world_mut().write_message(PlayMove(missing));
    update_until(&mut app, "the move taken back", |app| {
        notice(app).contains("no es lo que pide este paso")
    });
    assert!(notice(&app).ends_with(hint), "{}", notice(&app));
    assert_eq!(run_hint(&app).as_deref(), Some(hint));
    app.world_mut().write_message(LessonRequest::Leave);
    settle(&mut app);

    // The first puzzle of the file: Black to move wins at once.
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    let list = &app.world().resource::<Puzzles>().list;
    let index = list
        .iter()
        .position(|p| p.id == "w1-0001-051")
        .expect("the puzzle");
    let puzzle = list[index].clone();
    assert_eq!(puzzle.title, "Black to move wins at once");
    app.world_mut().write_message(PuzzleRequest::Start(index));
    settle(&mut app);
    assert_eq!(
        notice(&app),
        "Juegan las negras y ganan de inmediato: juegan las negras, ganar en 1"
    );
    app.world_mut().write_message(PuzzleRequest::Hint);
    settle(&mut app);
    assert_eq!(
        notice(&app),
        "Pista: Cierra el cerco alrededor de la Abeja Reina enemiga. \
         Mira las líneas rectas: el Saltamontes salta."
    );
}

#[test]
fn a_picked_language_is_saved_and_the_command_line_one_is_not() {
    let config = tempfile::TempDir::new().expect("a folder");
    {
        // `hive --lang es`: the command line is there before the first frame.
        let mut app = headless_app();
        app.insert_resource(LaunchSettings {
            this_run: hive::game::core::ThisRun {
                language: Some("es".to_string()),
                ..default()
            },
            ..default()
        });
        app.insert_resource(SettingsFile::in_dir(config.path()));
        // --lang at start: spoken, not saved.
        settle(&mut app);
        assert_eq!(app.world().resource::<Words>().language(), "es");
        let saved = SettingsFile::in_dir(config.path()).load().settings;
        assert_eq!(saved.language, "");
        // Picked in the menu: spoken and saved, and the command line's
        // no longer wins.
        app.world_mut()
            .resource_mut::<Settings>()
            .pick_language("en".to_string());
        settle(&mut app);
        assert_eq!(app.world().resource::<Words>().language(), "en");
    }
    let saved = SettingsFile::in_dir(config.path()).load().settings;
    assert_eq!(saved.language, "en");
    // The next start speaks it.
    let app = app_keeping_files(None, Some(config.path()), NewGameSettings::default());
    assert_eq!(app.world().resource::<Settings>().language, "en");
}

/// The message ids of English (`key = ...` lines and `.attribute` lines).
fn english_keys(root: &Path) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for entry in std::fs::read_dir(root.join("assets/locales/en")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            if let Some((key, _)) = line.split_once(" =")
                && !key.starts_with(['#', ' '])
                && !key.is_empty()
            {
                keys.insert(key.trim().to_string());
            }
        }
    }
    keys
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every literal key the code passes to `get(`, `format(` or names as a
/// `"...-tip"`/`"menu-..."`-like message id is an English message.
#[test]
fn every_key_the_code_asks_for_is_in_english() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let keys = english_keys(root);
    let prefixes: BTreeSet<&str> = keys
        .iter()
        .filter_map(|k| k.split('-').next())
        .filter(|p| p.len() > 2)
        .collect();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for krate in ["hive-text", "hive-learn"] {
        rust_files(&root.join("crates").join(krate).join("src"), &mut files);
    }
    let mut missing = Vec::new();
    let mut asked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let quotes: Vec<usize> = text.match_indices('"').map(|(at, _)| at).collect();
        for pair in quotes.chunks(2) {
            let [open, close] = pair else { continue };
            let piece = &text[open + 1..*close];
            // A Fluent variable's name (`.with("game-type", ..)`) is not a key.
            let before = text[..*open].trim_end();
            let variable = [
                "with(", "set(", "text(", "color(", "number(", "piece(", "bug(",
            ]
            .iter()
            .any(|call| before.ends_with(call));
            // The sounds' names in a theme's manifest are no messages.
            let sound = hive::game::theme::manifest::SOUND_NAMES.contains(&piece);
            let key_like = !variable
                && !sound
                && piece.contains('-')
                && piece
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !piece.starts_with('-')
                && !piece.ends_with('-')
                && prefixes.contains(piece.split('-').next().unwrap_or(""));
            if key_like {
                asked += 1;
                if !keys.contains(piece) {
                    missing.push(format!("{}: {piece}", file.display()));
                }
            }
        }
    }
    assert!(asked > 200, "only {asked} keys found: the scan is broken");
    assert!(missing.is_empty(), "keys not in English: {missing:#?}");
}
