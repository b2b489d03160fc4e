//! What the game says is kept, is kept: the analysis board and an
//! exhibition left for the main menu come back from their own entries with
//! their position (in the same run and in the next), the editor's position
//! handed to Analyse is the analysis board's, the engine's finished review
//! comes back with its game without a new search, and the question before
//! leaving says, for each kind of game, where it comes back from, and that
//! a review under way is lost.

use std::path::Path;
use std::time::Duration;

use crate::app::{
    LINE_OPENING, SCRIPT, app_keeping_files, assert_entities_match_game, at, edit, game, p, screen,
    set_screen, settle, turn, update_until, update_until_within,
};
use crate::engine_review::reviewed;
use bevy::prelude::*;
use hive::ai::{Difficulty, Limits};
use hive::game::editor::{Editor, EditorRequest, Goal};
use hive::game::{
    AnalysisSwitch, AutosaveStatus, CurrentGame, EngineReview, EngineReviewRequest,
    ExhibitionControl, KeptIn, Leaving, NewGameSettings, Opponent, PlayMove, Players,
    RecordsAction, Screen, SetAnalysis, Stake, Turn,
};
use hive::records::{PlayKind, ReviewStore, Seats};
use hive::rules::{Game, GameType};
use hive::text::Texts;
use tempfile::TempDir;

fn local() -> NewGameSettings {
    NewGameSettings::default()
}

fn english() -> Texts {
    Texts::english()
}

fn spanish() -> Texts {
    let locales = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales");
    Texts::load(&locales, "es").0
}

fn stake(app: &App) -> Stake {
    app.world().resource::<Stake>().clone()
}

fn status(app: &App) -> AutosaveStatus {
    app.world().resource::<AutosaveStatus>().clone()
}

fn act(app: &mut App, action: RecordsAction) {
    app.world_mut().write_message(action);
    update_until(app, "the game screen", |app| screen(app) == Screen::Playing);
    settle(app);
}

/// Plays a legal move from the middle of the list, `n` times.
fn play_some(app: &mut App, n: usize) {
    for _ in 0..n {
        let mut moves = Vec::new();
        game(app).legal_moves(&mut moves);
        let mv = moves[moves.len() / 2];
        app.world_mut().write_message(PlayMove(mv));
        app.update();
        assert_eq!(game(app).last_move(), Some(mv));
        settle(app);
    }
}

/// Main menu, as the top bar's button does once answered.
fn leave_for_the_menu(app: &mut App) {
    set_screen(app, Screen::MainMenu);
    settle(app);
    assert_eq!(screen(app), Screen::MainMenu);
}

/// The main menu's "Analysis board" on an empty board (none waiting).
fn open_an_empty_analysis_board(app: &mut App) {
    assert!(!status(app).waiting(PlayKind::Analysis));
    app.world_mut().write_message(SetAnalysis(true));
    set_screen(app, Screen::Playing);
    settle(app);
}

#[test]
fn the_analysis_board_comes_back_from_its_entry_after_the_main_menu_and_a_restart() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    open_an_empty_analysis_board(&mut app);
    play_some(&mut app, 3);
    let analysed = game(&app).game_string();
    assert!(app.world().resource::<AnalysisSwitch>().0);

    // The question says where it comes back from, in both languages.
    let before = stake(&app);
    assert_eq!(before.kept, KeptIn::Autosave(PlayKind::Analysis));
    assert!(before.worth_asking);
    let said = before.question(Leaving::MainMenu, &english());
    assert!(said.contains("\"Analysis board\""), "{said}");
    assert!(!said.contains("Resume last game"), "{said}");
    let dicho = before.question(Leaving::MainMenu, &spanish());
    assert!(dicho.contains("«Tablero de análisis»"), "{dicho}");
    let quit = before.question(Leaving::Quit, &english());
    assert!(quit.contains("\"Analysis board\""), "{quit}");

    leave_for_the_menu(&mut app);
    assert!(status(&app).waiting(PlayKind::Analysis), "offered again");
    assert!(!status(&app).waiting(PlayKind::Game), "not the game's");

    // "Analysis board" resumes it: the position, both sides here, the
    // engine's analysis on.
    act(&mut app, RecordsAction::ResumeKind(PlayKind::Analysis));
    assert_eq!(game(&app).game_string(), analysed);
    assert_entities_match_game(&mut app);
    assert_eq!(app.world().resource::<Players>().seats, Seats::Human);
    assert!(app.world().resource::<AnalysisSwitch>().0);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));

    // A move there goes on from it, in the analysis board's autosave.
    play_some(&mut app, 1);
    let on = game(&app).game_string();
    drop(app);

    // The next run offers it too.
    let mut next = app_keeping_files(Some(data.path()), None, local());
    assert!(status(&next).waiting(PlayKind::Analysis));
    act(&mut next, RecordsAction::ResumeKind(PlayKind::Analysis));
    assert_eq!(game(&next).game_string(), on);
    assert!(next.world().resource::<AnalysisSwitch>().0);
}

#[test]
fn an_exhibition_comes_back_from_its_entry_with_its_presets() {
    let data = TempDir::new().unwrap();
    let (white, black) = (Difficulty::Easy, Difficulty::Beginner);
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    crate::app::set_settings(&mut app, |settings| {
        settings.opponent = Opponent::Exhibition { white, black };
    });
    let mut control = ExhibitionControl::default();
    control.moves_per_minute = 1.0e6;
    control.stop_after = Some(3);
    app.insert_resource(control);
    set_screen(&mut app, Screen::Playing);
    update_until(&mut app, "three moves", |app| game(app).ply() == 3);
    settle(&mut app);
    let watched = game(&app).game_string();

    let before = stake(&app);
    assert_eq!(before.kept, KeptIn::Autosave(PlayKind::Exhibition));
    let said = before.question(Leaving::MainMenu, &english());
    assert!(said.contains("AI vs AI"), "{said}");
    assert!(!said.contains("Resume last game"), "{said}");
    let dicho = before.question(Leaving::MainMenu, &spanish());
    assert!(dicho.contains("IA contra IA"), "{dicho}");
    let restart = before.question(Leaving::Restart, &english());
    assert!(restart.contains("new exhibition"), "{restart}");

    leave_for_the_menu(&mut app);
    assert!(status(&app).waiting(PlayKind::Exhibition));
    assert!(!status(&app).waiting(PlayKind::Game));
    // Leaving lifted the move limit; held again to look at the position
    // (reaching it pauses), then let go.
    let limit = |app: &mut App, moves| {
        let mut control = app.world_mut().resource_mut::<ExhibitionControl>();
        control.stop_after = Some(moves);
        control.paused = false;
    };
    limit(&mut app, 3);
    act(&mut app, RecordsAction::ResumeKind(PlayKind::Exhibition));
    assert_eq!(game(&app).game_string(), watched);
    assert_entities_match_game(&mut app);
    assert_eq!(
        app.world().resource::<Players>().seats,
        Seats::Exhibition { white, black }
    );
    // And it plays on from there.
    limit(&mut app, 4);
    update_until(&mut app, "the fourth move", |app| game(app).ply() == 4);
    let moves = |text: &str| text.split(';').skip(3).collect::<Vec<_>>().join(";");
    assert!(
        moves(&game(&app).game_string()).starts_with(&moves(&watched)),
        "{}",
        game(&app).game_string()
    );
}

#[test]
fn the_editors_position_handed_to_analyse_comes_back_from_analysis_board() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    // An analysis board left earlier, to be replaced by the editor's.
    open_an_empty_analysis_board(&mut app);
    play_some(&mut app, 2);
    leave_for_the_menu(&mut app);

    edit(&mut app, EditorRequest::OpenEmpty(GameType::BASE));
    for (piece, q) in [("wA1", 0), ("bA1", 1), ("wQ", -1), ("bQ", 2)] {
        edit(&mut app, EditorRequest::Place(p(piece), at(q, 0)));
    }
    edit(&mut app, EditorRequest::SetTurn(3));
    let setup = app.world().resource::<Editor>().setup();
    edit(&mut app, EditorRequest::Finish(Goal::Analyse));
    update_until(&mut app, "the analysis board", |app| {
        screen(app) == Screen::Playing
    });
    settle(&mut app);
    let analysed = game(&app).game_string();
    let same = |game: &Game| (-16..16).any(|dq| (-16..16).any(|dr| setup.matches(game, (dq, dr))));
    assert!(same(&game(&app)), "{analysed}");
    assert_eq!(stake(&app).kept, KeptIn::Autosave(PlayKind::Analysis));

    leave_for_the_menu(&mut app);
    assert!(status(&app).waiting(PlayKind::Analysis));
    act(&mut app, RecordsAction::ResumeKind(PlayKind::Analysis));
    assert_eq!(game(&app).game_string(), analysed, "the editor's position");
    assert!(app.world().resource::<AnalysisSwitch>().0);
}

/// The scripted game's first `n` moves, as a game two people play here.
fn script_app(data: &Path, n: usize) -> App {
    let mut opening = Game::new(GameType::from_expansions("P").unwrap());
    for text in SCRIPT.split(';').take(n) {
        opening.play_move_string(text).unwrap();
    }
    let settings = NewGameSettings {
        opening: Some(opening),
        ..default()
    };
    let mut app = app_keeping_files(Some(data), None, settings);
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(2);
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    app
}

fn searches(app: &App) -> u64 {
    app.world().resource::<EngineReview>().searches
}

#[test]
fn a_finished_review_comes_back_with_its_game_without_a_new_search() {
    let data = TempDir::new().unwrap();
    let mut app = script_app(data.path(), 12);
    let line = game(&app).game_string();
    app.world_mut().write_message(EngineReviewRequest::Start);
    app.update();
    update_until_within(&mut app, "the review", Duration::from_secs(60), reviewed);
    settle(&mut app);
    assert_eq!(searches(&app), 1);
    let verdicts = {
        let current = app.world().resource::<CurrentGame>();
        let review = app.world().resource::<EngineReview>();
        review
            .reviewed(current.variations())
            .unwrap()
            .review
            .clone()
    };
    // Kept with the game, as its record.
    let store = ReviewStore::in_dir(data.path());
    let whole = app.world().resource::<CurrentGame>().full_game();
    assert_eq!(store.find(&whole).as_ref(), Some(&verdicts));
    let said = stake(&app).question(Leaving::MainMenu, &english());
    assert!(said.contains("review is kept"), "{said}");

    // Resumed after the main menu: shown at once, nothing searched.
    leave_for_the_menu(&mut app);
    act(&mut app, RecordsAction::Resume);
    assert_eq!(game(&app).game_string(), line);
    assert!(reviewed(&app), "the review is shown again");
    assert_eq!(searches(&app), 1, "no new search");
    // Asking for it again shows it, without a search either.
    app.world_mut().write_message(EngineReviewRequest::Start);
    settle(&mut app);
    assert!(reviewed(&app));
    assert!(!app.world().resource::<EngineReview>().is_running());
    assert_eq!(searches(&app), 1, "no new search");
    assert_eq!(turn(&app), Some(Turn::Review));
    let file = data.path().join("kept.txt");
    app.world_mut()
        .write_message(RecordsAction::Save(file.clone()));
    settle(&mut app);
    drop(app);

    // The next run: resumed, and its saved file opened for a review.
    let mut next = app_keeping_files(Some(data.path()), None, local());
    act(&mut next, RecordsAction::Resume);
    assert!(reviewed(&next));
    assert_eq!(searches(&next), 0);
    act(&mut next, RecordsAction::LoadAndReview(file));
    assert!(reviewed(&next));
    assert_eq!(turn(&next), Some(Turn::Review));
    let shown = {
        let current = next.world().resource::<CurrentGame>();
        let review = next.world().resource::<EngineReview>();
        review
            .reviewed(current.variations())
            .unwrap()
            .review
            .clone()
    };
    assert_eq!(shown, verdicts);
    assert_eq!(searches(&next), 0, "no search in this run");
}

#[test]
fn leaving_a_review_under_way_asks_and_says_it_is_lost() {
    let data = TempDir::new().unwrap();
    let mut app = script_app(data.path(), 12);
    // Deep enough to be still running when looked at.
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(30);
    app.world_mut().write_message(EngineReviewRequest::Start);
    app.update();
    app.update();
    assert!(app.world().resource::<EngineReview>().is_running());
    let running = stake(&app);
    assert!(running.review_running && running.worth_asking);
    for leaving in [Leaving::MainMenu, Leaving::Quit, Leaving::Load] {
        let said = running.question(leaving, &english());
        assert!(said.contains("review under way"), "{said}");
        assert!(said.contains("is lost"), "{said}");
    }
    let dicho = running.question(Leaving::MainMenu, &spanish());
    assert!(dicho.contains("se pierde"), "{dicho}");
    app.world_mut().write_message(EngineReviewRequest::Cancel);
    settle(&mut app);
    assert!(!stake(&app).review_running);
}

#[test]
fn each_kind_of_game_is_said_to_come_back_from_where_it_does() {
    let data = TempDir::new().unwrap();
    // A game between two people: "Resume last game".
    let mut app = app_keeping_files(Some(data.path()), None, local());
    set_screen(&mut app, Screen::Playing);
    settle(&mut app);
    assert!(!stake(&app).worth_asking, "nothing played, nothing to lose");
    play_some(&mut app, 2);
    let game_stake = stake(&app);
    assert_eq!(game_stake.kept, KeptIn::Autosave(PlayKind::Game));
    let said = game_stake.question(Leaving::MainMenu, &english());
    assert!(said.contains("\"Resume last game\""), "{said}");
    let dicho = game_stake.question(Leaving::MainMenu, &spanish());
    assert!(dicho.contains("«Reanudar la última partida»"), "{dicho}");

    // Another game pasted as a GameString, opened for review: in no
    // autosave.
    act(&mut app, RecordsAction::Import(LINE_OPENING.to_string()));
    let imported = stake(&app);
    assert_eq!(imported.kept, KeptIn::Nowhere);
    let said = imported.question(Leaving::MainMenu, &english());
    assert!(said.contains("not kept"), "{said}");

    // A record from a file: in its file, and nothing to ask.
    let record = "[GameType \"Base\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. wA1 2. bA1 wA1-\n";
    act(&mut app, RecordsAction::Import(record.to_string()));
    let from_file = stake(&app);
    assert_eq!(from_file.kept, KeptIn::File);
    assert!(!from_file.worth_asking);
    let said = from_file.question(Leaving::Quit, &english());
    assert!(said.contains("its file"), "{said}");

    // Every question differs by kind, in both languages.
    for words in [english(), spanish()] {
        for leaving in [
            Leaving::Restart,
            Leaving::MainMenu,
            Leaving::Quit,
            Leaving::Load,
        ] {
            let texts: Vec<String> = PlayKind::ALL
                .into_iter()
                .map(|kind| {
                    Stake {
                        kept: KeptIn::Autosave(kind),
                        ..Stake::default()
                    }
                    .question(leaving, &words)
                })
                .collect();
            assert_ne!(texts[0], texts[1], "{leaving:?}");
            assert_ne!(texts[0], texts[2], "{leaving:?}");
            assert_ne!(texts[1], texts[2], "{leaving:?}");
        }
    }
}
