//! The player's rating: a game against the AI won, drawn or lost here moves
//! it, once; it is kept in the data directory and read again by the next
//! run; an unreadable file rates nothing and is never written over.

use std::path::Path;

use crate::app::{
    app_keeping_files, app_playing, game, play_the_win, set_settings, settle, start_playing, turn,
    update_until, white_wins_in_one,
};
use bevy::prelude::*;
use hive::ai::{Difficulty, Score};
use hive::game::learn::{RATING_FILE, Rating};
use hive::game::{HumanSide, NewGame, NewGameSettings, Opponent, Turn};
use hive::rules::GameStatus;

fn rating_file(data: &Path) -> std::path::PathBuf {
    data.join("progress").join(RATING_FILE)
}

/// Runs frames until the rating file has `games` lines of games.
fn wait_for_the_file(app: &mut App, data: &Path, games: usize) {
    let path = rating_file(data);
    update_until(app, "the rating file", |_| {
        std::fs::read_to_string(&path)
            .is_ok_and(|text| text.lines().filter(|l| !l.starts_with('#')).count() == games)
    });
}

#[test]
fn a_game_won_against_a_level_raises_the_rating_once_and_the_next_run_reads_it() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Ai, Some(white_wins_in_one().0));
    assert!(app.world().resource::<Rating>().player.history.is_empty());
    play_the_win(&mut app);
    let (rating, last) = {
        let rating = app.world().resource::<Rating>();
        let last = rating.last.expect("the game is rated");
        (rating.player.current().rating, last)
    };
    assert_eq!(last.level, Difficulty::Medium);
    assert_eq!(last.score, Score::Win);
    assert!(last.after > last.before, "{last:?}");
    assert_eq!(last.after, rating);
    wait_for_the_file(&mut app, data.path(), 1);
    // More frames over the finished game rate nothing again.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<Rating>().player.history.len(), 1);

    // The next run reads the rating and its history.
    let again = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    let kept = again.world().resource::<Rating>();
    assert_eq!(kept.player.history.len(), 1);
    assert!((kept.player.current().rating - rating).abs() < 0.05);
    assert!(kept.unreadable.is_none());

    // A second game won in the same run: two games in the file.
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    play_the_win(&mut app);
    wait_for_the_file(&mut app, data.path(), 2);
    assert_eq!(app.world().resource::<Rating>().player.history.len(), 2);
}

#[test]
fn a_game_between_two_people_is_not_rated() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Human, Some(white_wins_in_one().0));
    play_the_win(&mut app);
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().resource::<Rating>().last.is_none());
    assert!(!rating_file(data.path()).exists());
}

#[test]
fn an_unreadable_rating_file_is_reported_rates_nothing_and_stays_as_it_was() {
    let data = tempfile::tempdir().expect("temp dir");
    let path = rating_file(data.path());
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let broken = "1700000000\tmedium\twon\t1500.0\t300.0\t0.06\n";
    std::fs::write(&path, broken).unwrap();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(white_wins_in_one().0));
    let err = app.world().resource::<Rating>().unreadable.clone();
    assert!(err.is_some_and(|e| e.contains("line 1") && e.contains("won")));
    play_the_win(&mut app);
    for _ in 0..10 {
        app.update();
    }
    assert!(app.world().resource::<Rating>().last.is_none());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}

/// Resign against the AI: the game ends at once as the person's loss, off
/// the board, and is rated as one; the next game starts with no
/// resignation.
#[test]
fn resigning_against_the_ai_ends_the_game_and_rates_it_as_a_loss() {
    use hive::game::Players;
    use hive::game::core::{Resign, Resignation};
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    set_settings(&mut app, |s| {
        s.opponent = Opponent::Ai;
        s.difficulty = Difficulty::Beginner;
        s.human_side = HumanSide::White;
    });
    start_playing(&mut app);
    settle(&mut app);
    // Resigning before a move of one's own here is allowed, but a game
    // with no move of the person's is not rated: play one first.
    crate::app::a_move_and_the_ais_answer(&mut app);
    crate::app::resign(&mut app);
    assert_eq!(
        game(&app).status(),
        GameStatus::InProgress,
        "ended off the board"
    );
    let players = *app.world().resource::<Players>();
    assert_eq!(
        app.world().resource::<Resignation>().of(&players),
        Some(hive::rules::Color::White)
    );
    let last = app.world().resource::<Rating>().last.expect("rated");
    assert_eq!(
        (last.level, last.score),
        (Difficulty::Beginner, Score::Loss)
    );
    assert!(last.after < last.before, "{last:?}");
    wait_for_the_file(&mut app, data.path(), 1);
    // Asking again once it is over changes nothing.
    app.world_mut().write_message(Resign);
    frames_then_count(&mut app, 1);

    app.world_mut().write_message(NewGame);
    settle(&mut app);
    let players = *app.world().resource::<Players>();
    assert_eq!(app.world().resource::<Resignation>().of(&players), None);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
}

/// Runs a few frames and checks the rating holds `games` games still.
fn frames_then_count(app: &mut App, games: usize) {
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app.world().resource::<Rating>().player.history.len(), games);
}
