//! A puzzle played through the app as a player would: from the Puzzles
//! screen onto the board, the hints, a wrong move refuted by the engine on
//! the board and explained, a retry, the right move, the puzzle remembered
//! as solved in the data directory, and nothing autosaved; the easy
//! puzzles listed after the lessons that teach their bugs.

use crate::app::{app_keeping_files, game, screen, set_screen, settle, update_until};
use bevy::prelude::*;
use hive::game::{
    CurrentGame, NewGameSettings, Notice, PlayMove, Screen, Selection,
    learn::{Lessons, PuzzleRequest, PuzzleRun, PuzzleState, Puzzles},
};
use hive::learn::{Kind, Level};
use hive::rules::{Game, GameType, Move};

fn notice(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default()
}

fn state(app: &App) -> PuzzleState {
    app.world().resource::<PuzzleRun>().state.clone()
}

fn request(app: &mut App, request: PuzzleRequest) {
    app.world_mut().write_message(request);
    settle(app);
}

#[test]
fn a_puzzle_is_hinted_refuted_retried_solved_and_remembered() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    let puzzles = &app.world().resource::<Puzzles>().list;
    assert!(puzzles.len() >= 60, "{} puzzles", puzzles.len());
    // The first win in 2: a wrong first move has a refutation to show.
    let (index, puzzle) = puzzles
        .iter()
        .enumerate()
        .find(|(_, p)| p.kind == Kind::Win(2))
        .map(|(i, p)| (i, p.clone()))
        .expect("a win in 2");
    let start = puzzle.game().expect("its position");

    request(&mut app, PuzzleRequest::Start(index));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).game_string(), start.game_string());
    assert!(notice(&app).contains(&puzzle.title), "{}", notice(&app));

    // Hints: the clue, then the piece to play selected.
    request(&mut app, PuzzleRequest::Hint);
    assert!(notice(&app).contains(&puzzle.hint), "{}", notice(&app));
    request(&mut app, PuzzleRequest::Hint);
    let solution = start.parse_move(&puzzle.solution).expect("its solution");
    assert_eq!(
        app.world().resource::<Selection>().piece,
        solution.piece(),
        "the second hint selects the piece to play"
    );

    // A wrong move: refuted on the board and explained.
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let wrong = moves
        .iter()
        .copied()
        .find(|&mv| mv != solution && mv != Move::Pass)
        .expect("another move");
    app.world_mut().write_message(PlayMove(wrong));
    update_until(&mut app, "the wrong move judged", |app| {
        matches!(state(app), PuzzleState::Failed(_))
    });
    update_until(&mut app, "the refutation played", |app| {
        game(app).ply() == start.ply() + 2 || game(app).status().is_over()
    });
    settle(&mut app);
    assert!(notice(&app).contains("does not win"), "{}", notice(&app));
    assert!(
        notice(&app).contains("the engine answers"),
        "{}",
        notice(&app)
    );

    // Retry: the position again.
    request(&mut app, PuzzleRequest::Retry);
    assert_eq!(game(&app).game_string(), start.game_string());
    assert_eq!(state(&app), PuzzleState::Solving);

    // The solution: the engine defends, then the second move wins.
    app.world_mut().write_message(PlayMove(solution));
    update_until(&mut app, "the engine's defence", |app| {
        game(app).ply() == start.ply() + 2
    });
    settle(&mut app);
    assert!(
        notice(&app).contains("The engine defends"),
        "{}",
        notice(&app)
    );
    let now: Game = app.world().resource::<CurrentGame>().game().clone();
    let winning = hive::learn::winning_reply(&now, 1).expect("a win in one now");
    app.world_mut().write_message(PlayMove(winning));
    update_until(&mut app, "solved", |app| state(app) == PuzzleState::Solved);
    assert!(app.world().resource::<Puzzles>().is_done_name(&puzzle.id));
    let progress = data.path().join("progress").join("puzzles.txt");
    update_until(&mut app, "the progress written", |_| {
        std::fs::read_to_string(&progress).is_ok_and(|text| text.contains(&puzzle.id))
    });
    // Practice is not a game to resume.
    assert!(
        !data.path().join("autosave").join("game.txt").exists(),
        "a puzzle was autosaved"
    );

    // A new app remembers it.
    let app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    assert!(app.world().resource::<Puzzles>().is_done_name(&puzzle.id));
}

#[test]
fn the_first_easy_puzzles_use_only_the_bugs_the_first_lessons_teach() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Puzzles);
    settle(&mut app);
    let lessons = app.world().resource::<Lessons>().list.clone();
    let puzzles = app.world().resource::<Puzzles>().list.clone();
    let easy: Vec<_> = puzzles.iter().filter(|p| p.level == Level::Easy).collect();
    // The base game's bugs first: the list the screen shows.
    let base_only = |p: &&hive::learn::Puzzle| {
        p.game()
            .map(|game| game.game_type() == GameType::BASE)
            .unwrap_or(false)
    };
    let base = easy.iter().take_while(|p| base_only(p)).count();
    assert!(base >= 5, "the first easy puzzles: {base} base-only");
    assert!(
        easy[base..].iter().all(|p| !base_only(p)),
        "all base ones first"
    );
    // Each later one after the lessons on its bugs, in that order.
    let needed: Vec<usize> = easy
        .iter()
        .map(|p| hive::learn::lessons_before(p, &lessons))
        .collect();
    assert!(needed.windows(2).all(|w| w[0] <= w[1]), "{needed:?}");
    // "Next unsolved" from the list starts with a base-only puzzle.
    request(&mut app, PuzzleRequest::Next);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).game_type(), GameType::BASE);
}
