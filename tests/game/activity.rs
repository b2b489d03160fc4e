//! What the player is doing is one state, `Activity`: Bevy applies the
//! activity asked for with the playing screen as the screen is entered (so
//! a puzzle started from its list is never a game for a frame); Restart in
//! the top bar, clicked with egui running headless, retries only the
//! lesson or the puzzle that runs and restarts only a game; leaving a
//! lesson or a puzzle for the main menu and starting a game is a game
//! again, autosaved; the editor opened from a puzzle comes back to it.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_egui::EguiPostUpdateSet;
use hive::game::editor::EditorRequest;
use hive::game::learn::{LessonRequest, LessonRun, PuzzleRequest, PuzzleRun, PuzzleState};
use hive::game::{Activity, NewGame, NewGameSettings, PlayMove, Screen, Turn, Words};
use hive::rules::{Game, Move};

use crate::app::{
    app_keeping_files, edit, frames, game, no_animation, screen, set_screen, settle, update_until,
};
use crate::panels::{Laid, click, panels_app, read_laid};

/// The activity on the board (`None` off the playing screen).
fn activity(app: &App) -> Option<Activity> {
    app.world()
        .get_resource::<State<Activity>>()
        .map(|s| *s.get())
}

/// How many times the game activity was entered.
#[derive(Resource, Default)]
struct GamesEntered(usize);

#[test]
fn a_pending_activity_is_applied_as_the_playing_screen_is_entered() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.add_sub_state::<Activity>();
    app.init_resource::<GamesEntered>();
    app.add_systems(OnEnter(Activity::Game), |mut n: ResMut<GamesEntered>| {
        n.0 += 1;
    });
    app.update();
    assert_eq!(activity(&app), None, "no activity off the board");

    // Asked for in the same frame as the screen: entered directly.
    set_screen(&mut app, Screen::Playing);
    app.world_mut()
        .resource_mut::<NextState<Activity>>()
        .set(Activity::Puzzle);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    assert_eq!(app.world().resource::<GamesEntered>().0, 0, "never a game");

    // Leaving the board ends it; coming back without asking is a game.
    set_screen(&mut app, Screen::MainMenu);
    app.update();
    assert_eq!(activity(&app), None);
    set_screen(&mut app, Screen::Playing);
    app.update();
    assert_eq!(activity(&app), Some(Activity::Game));
    assert_eq!(app.world().resource::<GamesEntered>().0, 1);
}

#[test]
fn a_puzzle_started_from_its_list_is_a_puzzle_from_its_first_frame() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    assert_eq!(activity(&app), None);
    app.world_mut().write_message(PuzzleRequest::Start(0));
    update_until(&mut app, "the board", |app| screen(app) == Screen::Playing);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    settle(&mut app);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    assert_eq!(app.world().resource::<PuzzleRun>().index, Some(0));
    assert_eq!(
        app.world().resource::<PuzzleRun>().state,
        PuzzleState::Solving
    );
}

/// The first legal move of the position on the board.
fn a_legal_move(app: &App) -> Move {
    let mut moves = Vec::new();
    game(app).legal_moves(&mut moves);
    moves.into_iter().next().expect("a legal move")
}

/// From the main menu, a new game with one move played, then whether the
/// game's autosave is on disk.
fn a_game_after(app: &mut App, data: &std::path::Path) -> bool {
    assert_eq!(screen(app), Screen::MainMenu);
    set_screen(app, Screen::Playing);
    settle(app);
    assert_eq!(activity(app), Some(Activity::Game));
    let mv = a_legal_move(app);
    app.world_mut().write_message(PlayMove(mv));
    settle(app);
    assert_eq!(game(app).ply(), 1, "the move played");
    data.join("autosave").join("game.txt").exists()
}

#[test]
fn leaving_a_lesson_or_a_puzzle_for_the_menu_then_playing_is_a_game_autosaved() {
    let data = tempfile::TempDir::new().expect("a folder");
    let autosave = data.path().join("autosave").join("game.txt");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());

    // A lesson, then the main menu, then a game.
    set_screen(&mut app, Screen::Lessons);
    settle(&mut app);
    app.world_mut().write_message(LessonRequest::Start(0));
    settle(&mut app);
    assert_eq!(activity(&app), Some(Activity::Lesson));
    set_screen(&mut app, Screen::MainMenu);
    settle(&mut app);
    assert_eq!(activity(&app), None);
    assert_eq!(app.world().resource::<LessonRun>().lesson, None);
    assert!(!autosave.exists(), "the lesson was autosaved");
    assert!(
        a_game_after(&mut app, data.path()),
        "the game not autosaved"
    );

    // A puzzle, then the main menu, then a game.
    std::fs::remove_file(&autosave).expect("the autosave removed");
    set_screen(&mut app, Screen::MainMenu);
    settle(&mut app);
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    app.world_mut().write_message(PuzzleRequest::Start(0));
    settle(&mut app);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    let mv = a_legal_move(&app);
    app.world_mut().write_message(PlayMove(mv));
    settle(&mut app);
    set_screen(&mut app, Screen::MainMenu);
    settle(&mut app);
    assert_eq!(app.world().resource::<PuzzleRun>().index, None);
    assert!(!autosave.exists(), "the puzzle was autosaved");
    assert!(
        a_game_after(&mut app, data.path()),
        "the game not autosaved"
    );
}

#[test]
fn the_editor_opened_from_a_puzzle_comes_back_to_the_puzzle() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    app.world_mut().write_message(PuzzleRequest::Start(0));
    settle(&mut app);
    let position = game(&app).game_string();
    edit(&mut app, EditorRequest::OpenFromGame);
    assert_eq!(screen(&app), Screen::Editor);
    edit(&mut app, EditorRequest::Back);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    assert_eq!(app.world().resource::<PuzzleRun>().index, Some(0));
    assert_eq!(game(&app).game_string(), position);
    assert!(
        !data.path().join("autosave").join("game.txt").exists(),
        "the puzzle was autosaved"
    );
}

/// The requests the top bar sent, in order.
#[derive(Resource, Default)]
struct Sent(Vec<String>);

fn record_requests(
    mut lessons: MessageReader<LessonRequest>,
    mut puzzles: MessageReader<PuzzleRequest>,
    mut new_games: MessageReader<NewGame>,
    mut sent: ResMut<Sent>,
) {
    sent.0
        .extend(lessons.read().map(|r| format!("lesson {r:?}")));
    sent.0
        .extend(puzzles.read().map(|r| format!("puzzle {r:?}")));
    sent.0
        .extend(new_games.read().map(|_| "new game".to_string()));
}

/// The panels headless, in English, recording the requests sent.
fn panels() -> App {
    let mut app = panels_app("en");
    no_animation(&mut app);
    app.init_resource::<Laid>();
    app.init_resource::<Sent>();
    app.add_systems(
        PostUpdate,
        read_laid
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
    app.add_systems(Last, record_requests);
    app
}

/// A left click on the text `label`, as the window sends it.
fn click_on(app: &mut App, label: &str) {
    frames(app, 2);
    let at = app
        .world()
        .resource::<Laid>()
        .0
        .iter()
        .find(|(text, _)| text == label)
        .map(|(_, rect)| rect.center())
        .unwrap_or_else(|| panic!("no {label} shown"));
    click(app, at);
}

/// Clicks Restart in the top bar and returns what it sent.
fn restart(app: &mut App) -> Vec<String> {
    app.world_mut().resource_mut::<Sent>().0.clear();
    let label = app.world().resource::<Words>().0.get("game-restart");
    click_on(app, &label);
    app.world().resource::<Sent>().0.clone()
}

/// Waits for the player's turn on the board.
fn awaiting(app: &mut App) {
    update_until(app, "the player's turn", |app| {
        app.world()
            .get_resource::<State<Turn>>()
            .is_some_and(|t| *t.get() == Turn::AwaitingInput)
    });
    frames(app, 2);
}

#[test]
fn restart_retries_only_the_lesson_or_the_puzzle_that_runs() {
    let mut app = panels();
    frames(&mut app, 2);

    // A lesson: its step again, nothing else.
    set_screen(&mut app, Screen::Lessons);
    frames(&mut app, 2);
    app.world_mut().write_message(LessonRequest::Start(0));
    frames(&mut app, 3);
    assert_eq!(activity(&app), Some(Activity::Lesson));
    awaiting(&mut app);
    assert_eq!(restart(&mut app), ["lesson Retry"]);
    assert_eq!(activity(&app), Some(Activity::Lesson));
    assert_eq!(app.world().resource::<LessonRun>().lesson, Some(0));
    assert_eq!(app.world().resource::<PuzzleRun>().index, None);

    // A puzzle: a move played, then Restart puts its position back.
    set_screen(&mut app, Screen::MainMenu);
    frames(&mut app, 2);
    set_screen(&mut app, Screen::Puzzles);
    frames(&mut app, 2);
    app.world_mut().write_message(PuzzleRequest::Start(0));
    frames(&mut app, 3);
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    awaiting(&mut app);
    let start: Game = game(&app);
    let mv = a_legal_move(&app);
    app.world_mut().write_message(PlayMove(mv));
    update_until(&mut app, "the move played", |app| {
        game(app).ply() > start.ply()
    });
    frames(&mut app, 3);
    assert_eq!(restart(&mut app), ["puzzle Retry"]);
    update_until(&mut app, "the puzzle again", |app| {
        game(app).game_string() == start.game_string()
    });
    assert_eq!(activity(&app), Some(Activity::Puzzle));
    assert_eq!(app.world().resource::<LessonRun>().lesson, None);

    // A game: a new game, no retry.
    set_screen(&mut app, Screen::MainMenu);
    frames(&mut app, 2);
    set_screen(&mut app, Screen::Playing);
    frames(&mut app, 2);
    assert_eq!(activity(&app), Some(Activity::Game));
    crate::app::set_settings(&mut app, |settings| settings.ask_before_leaving = false);
    awaiting(&mut app);
    assert_eq!(restart(&mut app), ["new game"]);
}
