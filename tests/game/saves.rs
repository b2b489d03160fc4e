//! Game records in the headless app: the autosave written after every move
//! and resumed by a new app after a "crash", review stepping with the piece
//! entities in step with the rules engine, continuing from an earlier move,
//! files and pasted GameStrings that are refused without harm (undo and the
//! settings have their own modules, which share these helpers). Every file
//! lives in a temporary directory named through `RecordPaths`, never the
//! player's own.

use crate::app::{
    app_keeping_files, assert_entities_match_game, game, screen, scripted_game, set_screen, settle,
    thinking, turn, update_until, wait_for_autosave,
};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::{
    AutosaveStatus, CurrentGame, ExhibitionControl, HumanSide, ImportResult, NewGameSettings,
    Notice, Opponent, PlayMove, Players, RecordsAction, ReviewAction, Screen, SetAnalysis, Turn,
};
use hive::records::{
    Autosave, PlayKind, RecordError, SavedGame, Seats, load_game_file, save_game_file,
};
use hive::rules::{Color as Side, Game, GameType, Move};
use tempfile::TempDir;

/// The game saved at `path`, the whole line.
pub(crate) fn load_game(path: impl AsRef<std::path::Path>) -> Result<Game, RecordError> {
    load_game_file(path).map(|saved| saved.game)
}

/// The first `n` moves of `game`, replayed.
pub(crate) fn prefix(game: &Game, n: usize) -> Game {
    let mut replay = Game::with_options(game.game_type(), game.options());
    for mv in game.moves().take(n) {
        replay.play(mv).unwrap();
    }
    replay
}

pub(crate) fn local() -> NewGameSettings {
    NewGameSettings::default()
}

/// [`app_keeping_files`] with the AI at `difficulty` as the opponent.
pub(crate) fn versus_ai(data: Option<&std::path::Path>, difficulty: Difficulty) -> App {
    let mut app = app_keeping_files(data, None, local());
    crate::app::set_settings(&mut app, |settings| {
        settings.opponent = Opponent::Ai;
        settings.difficulty = difficulty;
        settings.human_side = HumanSide::White;
    });
    app
}

/// Enters the playing screen and runs frames until the game settles.
pub(crate) fn start_playing(app: &mut App) {
    set_screen(app, Screen::Playing);
    settle(app);
}

pub(crate) fn history(app: &App) -> CurrentGame {
    app.world().resource::<CurrentGame>().clone()
}

pub(crate) fn reviewing(app: &App) -> bool {
    turn(app) == Some(Turn::Review)
}

pub(crate) fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

pub(crate) fn act(app: &mut App, action: RecordsAction) {
    app.world_mut().write_message(action);
    settle(app);
}

pub(crate) fn review(app: &mut App, action: ReviewAction) {
    app.world_mut().write_message(action);
    settle(app);
}

/// Plays `mv` as the side to move would (played in the frame it is sent,
/// before an AI could reply).
pub(crate) fn play(app: &mut App, mv: Move) {
    app.world_mut().write_message(PlayMove(mv));
    app.update();
    assert_eq!(game(app).last_move(), Some(mv), "{mv:?} was played");
    settle(app);
}

/// Plays the first legal move, `n` times; returns the moves.
pub(crate) fn play_some(app: &mut App, n: usize) -> Vec<Move> {
    (0..n)
        .map(|_| {
            let mut moves = Vec::new();
            game(app).legal_moves(&mut moves);
            // Skip the pass a legal-move list may end with.
            let mv = moves[moves.len() / 2];
            play(app, mv);
            mv
        })
        .collect()
}

/// The game in play is `expected`, and every piece on the board has one
/// entity on its cell and level (none for a piece off the board).
pub(crate) fn assert_entities_match(app: &mut App, expected: &Game) {
    assert_eq!(game(app).game_string(), expected.game_string());
    assert_entities_match_game(app);
}

#[test]
fn the_autosave_follows_every_move_and_resumes_after_a_crash() {
    let data = TempDir::new().unwrap();
    let mut first = app_keeping_files(Some(data.path()), None, local());
    assert!(!first.world().resource::<AutosaveStatus>().available);
    start_playing(&mut first);
    let autosave = Autosave::new(data.path());
    assert!(!autosave.exists(), "nothing to save before the first move");
    for _ in 0..4 {
        play_some(&mut first, 1);
        let saved = load_game(autosave.path()).unwrap();
        assert_eq!(saved.game_string(), game(&first).game_string());
    }
    let played = game(&first);
    // A crash: the app is gone without any shutdown.
    drop(first);

    let mut second = app_keeping_files(Some(data.path()), None, local());
    assert_eq!(screen(&second), Screen::MainMenu);
    assert!(
        second.world().resource::<AutosaveStatus>().available,
        "the menu offers to resume"
    );
    act(&mut second, RecordsAction::Resume);
    assert_eq!(screen(&second), Screen::Playing);
    assert_eq!(turn(&second), Some(Turn::AwaitingInput));
    assert_entities_match(&mut second, &played);
    assert_eq!(history(&second).ply(), 4);
    assert!(history(&second).can_undo());
    // Play on: the autosave keeps following.
    play_some(&mut second, 1);
    assert_eq!(load_game(autosave.path()).unwrap().ply(), 5);
}

#[test]
fn the_autosave_is_written_off_the_frame() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    start_playing(&mut app);
    let mv = {
        let mut moves = Vec::new();
        game(&app).legal_moves(&mut moves);
        moves[0]
    };
    app.world_mut().write_message(PlayMove(mv));
    app.update();
    // The frame that played the move only queued the write.
    assert_eq!(game(&app).ply(), 1);
    assert!(app.world().resource::<AutosaveStatus>().writing);
    wait_for_autosave(&mut app);
    let status = app.world().resource::<AutosaveStatus>().clone();
    let writer = status.last_writer.expect("the autosave was written");
    assert_ne!(
        writer,
        std::thread::current().id(),
        "the autosave is written on the IO task pool, not on the thread running the frames"
    );
    assert!(status.available);
    assert_eq!(
        load_game(Autosave::new(data.path()).path()).unwrap().ply(),
        1
    );
}

#[test]
fn a_game_against_the_ai_resumes_against_the_ai() {
    let data = TempDir::new().unwrap();
    let mut first = versus_ai(Some(data.path()), Difficulty::Beginner);
    start_playing(&mut first);
    play_some(&mut first, 1);
    update_until(&mut first, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut first);
    let played = game(&first);
    drop(first);

    // The menu says "human" now; the autosave knows better.
    let mut second = app_keeping_files(Some(data.path()), None, local());
    act(&mut second, RecordsAction::Resume);
    assert_entities_match(&mut second, &played);
    assert_eq!(
        second.world().resource::<Players>().seats,
        Seats::Ai {
            side: Side::Black,
            difficulty: Difficulty::Beginner,
        }
    );
    // White (the human) is to move: the AI waits.
    for _ in 0..20 {
        second.update();
    }
    assert!(!thinking(&second), "no search for the human's side");
    assert_eq!(game(&second).ply(), 2);
}

/// Exhibition controls at the fastest pace, pausing after `moves` moves.
fn fast_exhibition(stop_after: Option<u32>) -> ExhibitionControl {
    let mut control = ExhibitionControl::default();
    control.moves_per_minute = 1.0e6;
    control.stop_after = stop_after;
    control
}

/// Another kind of play's autosave `own` holds `shown`, the game's
/// autosave is still `game_text`, and Resume (in a new app keeping its
/// files in `data`) brings back `game_before`; the resumed app.
fn resume_untouched(
    data: &std::path::Path,
    own: &Autosave,
    shown: &Game,
    game_text: &str,
    game_before: &Game,
) -> App {
    let kept = own.load().unwrap().expect("its own autosave");
    assert_eq!(kept.game_string(), shown.game_string());
    let game_file = Autosave::new(data);
    assert_eq!(
        std::fs::read_to_string(game_file.path()).unwrap(),
        game_text,
        "the game to resume is untouched"
    );
    let mut later = app_keeping_files(Some(data), None, local());
    act(&mut later, RecordsAction::Resume);
    assert_entities_match(&mut later, game_before);
    later
}

/// An exhibition writes its own autosave, with its presets, and never the
/// one "Resume last game" brings back: the game played before it.
#[test]
fn an_exhibition_keeps_its_own_autosave_and_resume_brings_back_the_game() {
    let data = TempDir::new().unwrap();
    let mut before = app_keeping_files(Some(data.path()), None, local());
    start_playing(&mut before);
    play_some(&mut before, 2);
    let game_before = game(&before);
    drop(before);
    let autosave = Autosave::new(data.path());
    let game_text = std::fs::read_to_string(autosave.path()).unwrap();

    let mut watched = app_keeping_files(Some(data.path()), None, local());
    crate::app::set_settings(&mut watched, |settings| {
        settings.opponent = Opponent::Exhibition {
            white: Difficulty::Easy,
            black: Difficulty::Beginner,
        };
    });
    watched.insert_resource(fast_exhibition(Some(3)));
    start_playing(&mut watched);
    update_until(&mut watched, "three moves", |app| game(app).ply() == 3);
    settle(&mut watched);
    let shown = game(&watched);
    drop(watched);
    let own = autosave.with_kind(PlayKind::Exhibition);
    let text = std::fs::read_to_string(own.path()).unwrap();
    assert!(
        text.lines()
            .any(|line| line == "# hive players: exhibition=white:easy,black:beginner"),
        "{text}"
    );
    let later = resume_untouched(data.path(), &own, &shown, &game_text, &game_before);
    let players = *later.world().resource::<Players>();
    assert!(!players.seats.is_exhibition());
}

/// A game against the AI saved after an undo: the file keeps the whole
/// line, the position shown and the players; loaded into an app whose menu
/// says "two people", it comes back at that position, against the AI, with
/// the undone moves there to redo.
#[test]
fn a_save_after_undo_loads_at_the_same_move_against_the_same_ai() {
    let data = TempDir::new().unwrap();
    let mut first = versus_ai(Some(data.path()), Difficulty::Beginner);
    start_playing(&mut first);
    for ply in [2, 4] {
        play_some(&mut first, 1);
        update_until(&mut first, "the AI's reply", |app| game(app).ply() == ply);
        settle(&mut first);
    }
    let whole = game(&first);
    act(&mut first, RecordsAction::Undo);
    assert_eq!(
        game(&first).ply(),
        2,
        "the AI's reply and the move it answered"
    );
    let shown = game(&first);
    let file = data.path().join("saved.txt");
    act(&mut first, RecordsAction::Save(file.clone()));
    drop(first);

    let mut second = app_keeping_files(Some(data.path()), None, local());
    act(&mut second, RecordsAction::Load(file));
    assert_eq!(screen(&second), Screen::Playing);
    assert_eq!(
        turn(&second),
        Some(Turn::AwaitingInput),
        "on, not in review"
    );
    assert_entities_match(&mut second, &shown);
    assert_eq!(
        second.world().resource::<Players>().seats,
        Seats::Ai {
            side: Side::Black,
            difficulty: Difficulty::Beginner,
        }
    );
    let current = history(&second);
    assert_eq!(current.full_game().game_string(), whole.game_string());
    assert!(current.can_redo(), "the undone moves are there to redo");
}

/// Loading a file and resuming the autosave read on the IO task pool; the
/// game opens when the read is done.
#[test]
fn loading_and_resuming_read_off_the_frame() {
    let data = TempDir::new().unwrap();
    let mut first = app_keeping_files(Some(data.path()), None, local());
    start_playing(&mut first);
    play_some(&mut first, 3);
    let played = game(&first);
    let file = data.path().join("saved.txt");
    act(&mut first, RecordsAction::Save(file.clone()));
    drop(first);

    for action in [RecordsAction::Load(file), RecordsAction::Resume] {
        let mut app = app_keeping_files(Some(data.path()), None, local());
        act(&mut app, action);
        assert_eq!(screen(&app), Screen::Playing);
        assert_entities_match(&mut app, &played);
        let status = app.world().resource::<AutosaveStatus>().clone();
        assert!(!status.reading);
        assert_ne!(
            status.last_reader.expect("a file was read"),
            std::thread::current().id(),
            "read on the IO task pool, not on the thread running the frames"
        );
    }
}

/// The analysis board writes its own autosave: "Resume last game" still
/// brings back the game played before it.
#[test]
fn the_analysis_board_leaves_the_game_to_resume_alone() {
    let data = TempDir::new().unwrap();
    let mut before = versus_ai(Some(data.path()), Difficulty::Beginner);
    start_playing(&mut before);
    play_some(&mut before, 1);
    update_until(&mut before, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut before);
    let game_before = game(&before);
    drop(before);
    let autosave = Autosave::new(data.path());
    let game_text = std::fs::read_to_string(autosave.path()).unwrap();

    let mut board = app_keeping_files(Some(data.path()), None, local());
    board.world_mut().write_message(SetAnalysis(true));
    start_playing(&mut board);
    play_some(&mut board, 3);
    let analysed = game(&board);
    drop(board);
    let own = autosave.with_kind(PlayKind::Analysis);
    let later = resume_untouched(data.path(), &own, &analysed, &game_text, &game_before);
    assert_eq!(
        later.world().resource::<Players>().seats,
        Seats::Ai {
            side: Side::Black,
            difficulty: Difficulty::Beginner,
        }
    );
}

#[test]
fn a_finished_game_clears_the_autosave() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    crate::app::set_settings(&mut app, |settings| {
        settings.game_type = GameType::from_expansions("P").unwrap();
    });
    start_playing(&mut app);
    let script = scripted_game();
    let moves: Vec<Move> = script.moves().collect();
    for &mv in &moves[..moves.len() - 1] {
        play(&mut app, mv);
    }
    let autosave = Autosave::new(data.path());
    assert!(autosave.exists());
    play(&mut app, moves[moves.len() - 1]);
    assert_eq!(turn(&app), Some(Turn::GameOver));
    assert!(!autosave.exists(), "a finished game is not offered again");
    assert!(!app.world().resource::<AutosaveStatus>().available);
}

#[test]
fn review_steps_and_jumps_with_the_board_in_step() {
    let mut app = app_keeping_files(None, None, local());
    start_playing(&mut app);
    let script = scripted_game();
    let len = script.ply() as usize;
    act(&mut app, RecordsAction::Import(script.game_string()));
    assert_eq!(turn(&app), Some(Turn::Review));
    assert!(reviewing(&app));
    assert_eq!(history(&app).ply(), len, "opens at the last move");
    assert_entities_match(&mut app, &script);

    for back in 1..=3 {
        review(&mut app, ReviewAction::StepBack);
        assert_entities_match(&mut app, &prefix(&script, len - back));
    }
    for ply in [5, 0, 11, 1, len] {
        review(&mut app, ReviewAction::Goto(ply));
        assert_entities_match(&mut app, &prefix(&script, ply));
        assert_eq!(history(&app).line().len(), len, "the line stays whole");
    }
    review(&mut app, ReviewAction::ToStart);
    assert_entities_match(&mut app, &prefix(&script, 0));
    review(&mut app, ReviewAction::StepForward);
    assert_entities_match(&mut app, &prefix(&script, 1));

    // The keyboard steps too.
    app.init_resource::<ButtonInput<KeyCode>>();
    for (key, ply) in [(KeyCode::ArrowRight, 2), (KeyCode::ArrowLeft, 1)] {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        settle(&mut app);
        assert_entities_match(&mut app, &prefix(&script, ply));
    }

    // Nothing is played while reviewing.
    let mut legal = Vec::new();
    game(&app).legal_moves(&mut legal);
    app.world_mut().write_message(PlayMove(legal[0]));
    settle(&mut app);
    assert_entities_match(&mut app, &prefix(&script, 1));
    assert_eq!(turn(&app), Some(Turn::Review));
}

#[test]
fn a_game_in_play_can_be_reviewed_and_resumed_unchanged() {
    let mut app = app_keeping_files(None, None, local());
    start_playing(&mut app);
    play_some(&mut app, 5);
    let full = game(&app);
    review(&mut app, ReviewAction::Goto(2));
    assert_eq!(turn(&app), Some(Turn::Review));
    assert_entities_match(&mut app, &prefix(&full, 2));
    review(&mut app, ReviewAction::BackToGame);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_entities_match(&mut app, &full);
    assert!(!history(&app).can_redo());
}

#[test]
fn continuing_from_an_earlier_move_ends_the_line_there() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    start_playing(&mut app);
    let script = scripted_game();
    act(&mut app, RecordsAction::Import(script.game_string()));
    review(&mut app, ReviewAction::Goto(4));
    assert!(!Autosave::new(data.path()).exists(), "review saves nothing");

    review(&mut app, ReviewAction::ContinueFromHere);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(!reviewing(&app));
    assert_eq!(
        history(&app).line().len(),
        4,
        "the later moves left the line"
    );
    assert!(!history(&app).can_redo());
    assert_entities_match(&mut app, &prefix(&script, 4));
    // Play goes on from there, and is autosaved.
    play_some(&mut app, 1);
    assert_eq!(game(&app).ply(), 5);
    assert_eq!(
        load_game(Autosave::new(data.path()).path()).unwrap().ply(),
        5
    );
}

/// The import answers the Import dialog would have read.
#[derive(Resource, Default)]
struct ImportsHeard(Vec<ImportResult>);

#[test]
fn bad_files_and_pastes_are_refused_and_the_game_stays() {
    let dir = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(dir.path()), None, local());
    // What the Import dialog would hear of each import.
    app.init_resource::<ImportsHeard>();
    app.add_systems(
        Update,
        |mut answers: MessageReader<ImportResult>, mut heard: ResMut<ImportsHeard>| {
            heard.0.extend(answers.read().cloned());
        },
    );
    start_playing(&mut app);
    play_some(&mut app, 2);
    let kept = game(&app);

    // Black's turn, but the second move is White's.
    let illegal = dir.path().join("illegal.txt");
    std::fs::write(&illegal, "Base;InProgress;White[2];wS1;wS2 wS1-\n").unwrap();
    let garbage = dir.path().join("garbage.txt");
    std::fs::write(&garbage, "this is not a game\n").unwrap();
    let truncated = dir.path().join("truncated.txt");
    std::fs::write(&truncated, "Base;InProgress;Black[3];wS1;bG1 -w").unwrap();
    for (path, words) in [
        (&illegal, vec!["illegal.txt", "move 2", "wS2 wS1-"]),
        (&garbage, vec!["garbage.txt"]),
        (&truncated, vec!["truncated.txt", "move 2"]),
    ] {
        act(&mut app, RecordsAction::Load(path.clone()));
        let message = notice(&app);
        for word in words {
            assert!(message.contains(word), "{message:?} names {word:?}");
        }
        assert_entities_match(&mut app, &kept);
        assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    }
    act(
        &mut app,
        RecordsAction::Import("Base;InProgress;White[1];wQ wQ".into()),
    );
    assert!(notice(&app).contains("pasted"), "{}", notice(&app));
    assert_entities_match(&mut app, &kept);
    // The Import dialog learns why, to keep the text and show the reason.
    let imported = app.world().resource::<ImportsHeard>().0.last().cloned();
    match imported {
        Some(ImportResult::Refused(reason)) => assert!(reason.contains("pasted"), "{reason}"),
        other => panic!("the refused import's reason, not {other:?}"),
    }

    // Saving: a good file, then a write that cannot succeed.
    let good = dir.path().join("saved.txt");
    act(&mut app, RecordsAction::Save(good.clone()));
    assert_eq!(load_game(&good).unwrap().game_string(), kept.game_string());
    let blocked = good.join("inside-a-file.txt");
    act(&mut app, RecordsAction::Save(blocked));
    assert!(notice(&app).contains("ould not save"), "{}", notice(&app));
    assert_eq!(load_game(&good).unwrap().game_string(), kept.game_string());
    assert_entities_match(&mut app, &kept);
}

#[test]
fn a_loaded_game_opens_in_review_from_the_menu() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("won.txt");
    save_game_file(&file, &SavedGame::new(scripted_game())).unwrap();
    let mut app = app_keeping_files(None, None, local());
    act(&mut app, RecordsAction::Load(file));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(turn(&app), Some(Turn::Review));
    assert!(notice(&app).contains("won.txt"), "{}", notice(&app));
    assert_entities_match(&mut app, &scripted_game());
    assert_eq!(app.world().resource::<Players>().seats.ai_side(), None);
}

#[test]
fn hive_load_refuses_a_bad_file_before_opening_a_window() {
    let dir = TempDir::new().unwrap();
    // `hive --load` on a file holding `text` fails at once, naming `words`.
    let refused = |name: &str, text: &str, words: &[&str]| {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_hive"))
            .arg("--load")
            .arg(&file)
            .env("HIVE_DATA_DIR", dir.path())
            .env("HIVE_CONFIG_DIR", dir.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        for word in words {
            assert!(stderr.contains(word), "{stderr:?} names {word:?}");
        }
    };
    refused(
        "bad.txt",
        "Base;InProgress;White[2];wS1;wS2 wS1-\n",
        &["bad.txt", "move 2", "wS2 wS1-"],
    );
    // A variations file: its first bad line is named.
    refused(
        "tree.txt",
        "# hive variations\nBase;InProgress;White[2];wS1;bS1 wS1-\nBase;InProgress;White[2];wS1;wS2 wS1-\n",
        &["tree.txt", "line 3", "wS2 wS1-"],
    );
}

/// A record's result is its old ending's: continued from an earlier move,
/// the game has none (its players stay named).
#[test]
fn continuing_a_finished_record_from_an_earlier_move_drops_its_result() {
    let mut app = app_keeping_files(None, None, local());
    start_playing(&mut app);
    let pgn = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n\
               1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ bS1-\n";
    act(&mut app, RecordsAction::ImportAt(pgn.to_string(), None));
    let headers = |app: &App| {
        app.world()
            .resource::<hive::game::CurrentGame>()
            .headers()
            .cloned()
    };
    let before = headers(&app).expect("the record's headers");
    assert!(before.result.is_some(), "{before:?}");
    review(&mut app, ReviewAction::Goto(2));
    review(&mut app, ReviewAction::ContinueFromHere);
    let after = headers(&app).expect("still the record's players");
    assert_eq!(after.result, None);
    assert_eq!(after.white.as_deref(), Some("Ann"));
}
