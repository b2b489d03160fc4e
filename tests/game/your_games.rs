//! Every game the player finishes is kept as theirs, at its last move: a
//! win and a resignation against the AI (rated, with the level), a flag, a
//! draw and a win between two people at one screen, a game left unfinished
//! when a new one takes its place; found in `my-games.sqlite` with exact
//! headers and moves, the autosave gone only after; a program stopped
//! between the two finds the game at the next start; the Games screen
//! lists them, opens one in review and forgets one.

use std::path::Path;

use crate::app::{
    a_move_and_the_ais_answer, app_keeping_files, app_playing, frames, game, legal_move,
    play_the_win, resign, set_screen, set_settings, settle, start_playing, turn, update_until,
    white_wins_in_one,
};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::db::{Database, KeptFilter, KeptSummary, Outcome};
use hive::game::{
    AutosaveStatus, ClockChoice, GameClock, KeptGames, NewGame, NewGameSettings, Opponent,
    PlayMove, Screen, Turn, YourGames, YourGamesRequest,
};
use hive::records::{Autosave, Clocks, Ending, GameResult, KeptGame, Seats};
use hive::rules::{Color, GameStatus};

/// Runs frames until `count` games were kept this run, and the writes are
/// done.
fn until_kept(app: &mut App, count: u64) {
    update_until(app, "the game kept", |app| {
        let kept = app.world().resource::<KeptGames>();
        kept.changes >= count && !kept.keeping
    });
    settle(app);
}

/// The player's games in `data`, newest first.
fn kept_games(data: &Path) -> Vec<KeptSummary> {
    Database::open_kept(data)
        .expect("the player's games open")
        .kept(&KeptFilter::default())
        .expect("listed")
}

/// The kept game of a row, whole.
fn kept_game(data: &Path, row: &KeptSummary) -> KeptGame {
    Database::open_kept(data)
        .expect("opens")
        .kept_game(row.id)
        .expect("read")
        .expect("there")
}

/// No game waits to be stored.
fn nothing_waiting(data: &Path) -> bool {
    KeptGame::pending(data).is_empty()
}

#[test]
fn a_game_won_against_the_ai_is_kept_rated_with_its_moves_and_its_autosave_goes() {
    let data = tempfile::tempdir().expect("temp dir");
    let (opening, _) = white_wins_in_one();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(opening));
    assert!(
        Autosave::new(data.path()).exists(),
        "autosaved while played"
    );
    let end = play_the_win(&mut app);
    until_kept(&mut app, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1, "{games:?}");
    let row = &games[0];
    let medium = Seats::Ai {
        side: Color::Black,
        difficulty: Difficulty::Medium,
    };
    assert_eq!(row.seats, medium);
    assert_eq!(row.side, Some(Color::White));
    assert_eq!(row.opponent.as_deref(), Some("AI Medium"));
    assert_eq!(row.level.as_deref(), Some("medium"));
    assert_eq!(row.outcome, Some(Outcome::Win));
    assert_eq!(row.ending, Ending::Rules);
    assert!(row.rated);
    assert_eq!(row.plies as usize, end.moves().len());
    let kept = kept_game(data.path(), row);
    assert_eq!(kept.game.game_string(), end.game_string());
    assert_eq!(kept.names, ["You".to_string(), "AI Medium".to_string()]);
    assert_eq!(kept.result, Some(GameResult::WhiteWins));
    let (before, after) = kept.rated.expect("the rating's change");
    assert!(after > before);
    // The day and time it ended.
    let today = KeptGame::now().0.replace('.', "-");
    assert_eq!(row.day, today);
    assert_eq!(row.time.len(), 8, "{}", row.time);
    // Gone from the autosave only now; nothing waits.
    assert!(!Autosave::new(data.path()).exists());
    assert!(!app.world().resource::<AutosaveStatus>().available);
    assert!(nothing_waiting(data.path()));
    // The end seen again (review, then back) keeps nothing twice.
    frames(&mut app, 5);
    assert_eq!(kept_games(data.path()).len(), 1);
    // The rating's history has its point; clicked (the menu's line), it
    // opens this game in review.
    let when = app
        .world()
        .resource::<hive::game::learn::Rating>()
        .player
        .history
        .last()
        .expect("rated")
        .when;
    let db = Database::open_kept(data.path()).expect("opens");
    assert_eq!(
        hive::game::your_games::list::rated_game_at(&db, when),
        Some(row.id)
    );
    assert_eq!(
        hive::game::your_games::list::rated_game_at(&db, when + 3600),
        None,
        "an hour off is another game's moment"
    );
    app.world_mut()
        .write_message(YourGamesRequest::ReviewRated(when));
    update_until(&mut app, "the rated game in review", |app| {
        turn(app) == Some(Turn::Review)
    });
    settle(&mut app);
    assert_eq!(game(&app).game_string(), end.game_string());
}

#[test]
fn a_resigned_game_is_kept_as_lost_and_is_never_resumed() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Ai, None);
    a_move_and_the_ais_answer(&mut app);
    settle(&mut app);
    assert!(app.world().resource::<AutosaveStatus>().available);
    resign(&mut app);
    until_kept(&mut app, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ending, Ending::Resigned);
    assert_eq!(games[0].outcome, Some(Outcome::Loss));
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    assert_eq!(games[0].plies, 2);
    // Leaving it asks nothing: it is kept in the player's games.
    let stake = app.world().resource::<hive::game::Stake>().clone();
    assert_eq!(stake.kept, hive::game::KeptIn::YourGames);
    assert!(!stake.worth_asking, "{stake:?}");
    // Over everywhere: no "Resume last game", in this run or the next.
    assert!(!app.world().resource::<AutosaveStatus>().available);
    assert!(!Autosave::new(data.path()).exists());
    let next = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    assert!(!next.world().resource::<AutosaveStatus>().available);
}

/// A resigned game opened from the player's games and continued from its
/// last move goes on with no result (the record's was the resignation's),
/// against the same AI, and is kept as a game of its own: the resigned
/// one stays as it was.
#[test]
fn a_resigned_game_continued_from_its_end_has_no_result_and_is_kept_apart() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Ai, None);
    a_move_and_the_ais_answer(&mut app);
    resign(&mut app);
    until_kept(&mut app, 1);
    let resigned = kept_games(data.path())[0].clone();
    app.world_mut()
        .write_message(YourGamesRequest::Review(resigned.id));
    update_until(&mut app, "the game in review", |app| {
        crate::app::screen(app) == Screen::Playing && turn(app) == Some(Turn::Review)
    });
    settle(&mut app);
    let result = |app: &App| {
        app.world()
            .resource::<hive::game::CurrentGame>()
            .headers()
            .and_then(|headers| headers.result)
    };
    assert_eq!(result(&app), Some(GameResult::BlackWins), "the record's");
    app.world_mut()
        .write_message(hive::game::ReviewAction::ContinueFromHere);
    update_until(&mut app, "the game going on", |app| {
        turn(app) == Some(Turn::AwaitingInput)
    });
    assert_eq!(game(&app).ply(), 2);
    assert_eq!(result(&app), None, "a game going on has no result");
    a_move_and_the_ais_answer(&mut app);
    resign(&mut app);
    until_kept(&mut app, 2);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(
        games.iter().map(|g| g.plies).collect::<Vec<_>>(),
        [4, 2],
        "newest first"
    );
    assert_eq!(games[1].id, resigned.id);
    assert_eq!(games[1].ending, Ending::Resigned);
}

#[test]
fn a_flag_fall_is_kept_as_lost_on_time_with_the_clocks() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Human, None);
    let mv = legal_move(&app, 0);
    app.world_mut().write_message(PlayMove(mv));
    settle(&mut app);
    // Black, to move, has a millisecond left.
    let clocks = Clocks::parse_words("5+0 white=300.000 black=0.001").expect("clocks");
    let clocks = Clocks::parse_words(&clocks.words()).expect("clocks");
    app.world_mut().insert_resource(GameClock(Some(clocks)));
    update_until(&mut app, "the flag", |app| {
        turn(app) == Some(Turn::GameOver)
    });
    until_kept(&mut app, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1);
    let row = &games[0];
    assert_eq!(
        (row.ending, row.result),
        (Ending::Time, Some(GameResult::WhiteWins))
    );
    assert_eq!(row.seats, Seats::Human);
    assert_eq!(row.side, None, "both sides played here");
    assert_eq!(row.outcome, None);
    let kept = kept_game(data.path(), row);
    let clocks = kept.clocks.expect("the clocks kept");
    assert_eq!(clocks.flagged(), Some(Color::Black));
    assert_eq!(clocks.control().to_string(), "5+0");
    assert_eq!(
        kept.names,
        ["You (White)".to_string(), "You (Black)".to_string()]
    );
}

#[test]
fn a_draw_by_the_turn_limit_between_two_people_is_kept_with_its_house_rules() {
    let data = tempfile::tempdir().expect("temp dir");
    let settings = NewGameSettings::default();
    let mut app = app_keeping_files(Some(data.path()), None, settings);
    set_settings(&mut app, |s| {
        s.opponent = Opponent::Human;
        s.rules.turn_limit = Some(2);
        s.player_name = "Ann".to_string();
    });
    start_playing(&mut app);
    settle(&mut app);
    for _ in 0..8 {
        if turn(&app) == Some(Turn::GameOver) {
            break;
        }
        let mv = legal_move(&app, 0);
        app.world_mut().write_message(PlayMove(mv));
        settle(&mut app);
    }
    assert_eq!(game(&app).status(), GameStatus::Draw);
    until_kept(&mut app, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, Some(GameResult::Draw));
    assert_eq!(games[0].ending, Ending::Rules);
    let kept = kept_game(data.path(), &games[0]);
    assert_eq!(kept.game.options().turn_limit, Some(2));
    assert_eq!(kept.game.game_string(), game(&app).game_string());
    assert_eq!(
        kept.names,
        ["Ann (White)".to_string(), "Ann (Black)".to_string()]
    );
}

#[test]
fn a_game_left_for_a_new_one_is_kept_as_unfinished() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Human, None);
    for _ in 0..3 {
        let mv = legal_move(&app, 0);
        app.world_mut().write_message(PlayMove(mv));
        settle(&mut app);
    }
    let left = game(&app);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert!(
        kept_games_or_none(data.path()).is_empty(),
        "not before a move"
    );
    // The new game's first move takes the autosave: the old game is kept.
    let mv = legal_move(&app, 0);
    app.world_mut().write_message(PlayMove(mv));
    until_kept(&mut app, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].ending, Ending::Unfinished);
    assert_eq!(games[0].outcome, Some(Outcome::Unfinished));
    assert_eq!(games[0].result, None);
    let kept = kept_game(data.path(), &games[0]);
    assert_eq!(kept.game.game_string(), left.game_string());
    // And the new game is in the autosave.
    let saved = Autosave::new(data.path())
        .read()
        .expect("read")
        .expect("there");
    assert_eq!(saved.game.moves().len(), 1);
}

/// The player's games, or none when the file is not there yet.
fn kept_games_or_none(data: &Path) -> Vec<KeptSummary> {
    if Database::kept_path(data).exists() {
        kept_games(data)
    } else {
        Vec::new()
    }
}

/// The program stopped after the game's record was written beside the
/// autosave but before it was stored (here: the store cannot open its
/// file, which is a folder): the autosave is gone, the record waits, and
/// the next start stores it.
#[test]
fn a_game_whose_store_was_cut_short_is_kept_at_the_next_start() {
    let data = tempfile::tempdir().expect("temp dir");
    let in_the_way = Database::kept_path(data.path());
    std::fs::create_dir_all(&in_the_way).expect("a folder in the way");
    let (opening, _) = white_wins_in_one();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(opening));
    let end = play_the_win(&mut app);
    update_until(&mut app, "the store tried", |app| {
        !app.world().resource::<KeptGames>().keeping
            && app
                .world()
                .resource::<hive::game::Notice>()
                .0
                .as_deref()
                .is_some_and(|n| n.contains("could not be kept"))
    });
    settle(&mut app);
    assert!(!Autosave::new(data.path()).exists());
    assert_eq!(KeptGame::pending(data.path()).len(), 1, "the record waits");
    drop(app);

    std::fs::remove_dir(&in_the_way).expect("the folder moved away");
    let mut next = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    until_kept(&mut next, 1);
    let games = kept_games(data.path());
    assert_eq!(games.len(), 1);
    assert_eq!(
        kept_game(data.path(), &games[0]).game.game_string(),
        end.game_string()
    );
    assert!(nothing_waiting(data.path()));
}

/// Stopped between writing the record and removing the autosave: the next
/// start keeps the game and removes its autosave, so it is not offered to
/// resume.
#[test]
fn an_autosave_left_beside_a_waiting_record_is_removed_at_the_next_start() {
    let data = tempfile::tempdir().expect("temp dir");
    let (before_the_win, win) = white_wins_in_one();
    let seats = Seats::Ai {
        side: Color::Black,
        difficulty: Difficulty::Easy,
    };
    Autosave::new(data.path())
        .save_with_seats(&before_the_win, seats)
        .expect("an autosave");
    let mut end = before_the_win.clone();
    end.play_move_string(&win).expect("the win");
    let kept = KeptGame {
        id: KeptGame::new_id(),
        game: end.clone(),
        seats,
        names: KeptGame::names(seats, "You", None),
        result: Some(GameResult::WhiteWins),
        ending: Ending::Rules,
        ended_at: KeptGame::now(),
        clocks: None,
        move_clocks: Vec::new(),
        rated: None,
    };
    kept.write_pending(data.path()).expect("the waiting record");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    until_kept(&mut app, 1);
    assert_eq!(kept_games(data.path()).len(), 1);
    assert!(!Autosave::new(data.path()).exists());
    assert!(!app.world().resource::<AutosaveStatus>().available);
    assert!(nothing_waiting(data.path()));
}

#[test]
fn the_games_screen_lists_them_opens_one_in_review_and_forgets_one() {
    let data = tempfile::tempdir().expect("temp dir");
    let (opening, _) = white_wins_in_one();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(opening.clone()));
    let end = play_the_win(&mut app);
    until_kept(&mut app, 1);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    play_the_win(&mut app);
    until_kept(&mut app, 2);
    set_screen(&mut app, Screen::Games);
    update_until(&mut app, "the list", |app| {
        let games = app.world().resource::<YourGames>();
        games.read && games.games.len() == 2 && !games.busy()
    });
    let (first, second) = {
        let games = app.world().resource::<YourGames>();
        assert_eq!(games.total, 2);
        // The player's results come with the list.
        assert_eq!((games.progress.all.won, games.progress.all.lost), (2, 0));
        assert_eq!(games.progress.streak, Some((Outcome::Win, 2)));
        assert_eq!(games.progress.by_level[0].0, "medium");
        (games.games[0].clone(), games.games[1].clone())
    };
    assert!(
        (first.day.as_str(), first.time.as_str(), first.id)
            > (second.day.as_str(), second.time.as_str(), second.id),
        "newest first"
    );
    // A filter that lets nothing through, then none.
    app.world_mut()
        .write_message(YourGamesRequest::Filter(KeptFilter {
            outcome: Some(Outcome::Loss),
            ..KeptFilter::default()
        }));
    update_until(&mut app, "the filtered list", |app| {
        let games = app.world().resource::<YourGames>();
        games.games.is_empty() && !games.busy()
    });
    app.world_mut()
        .write_message(YourGamesRequest::Filter(KeptFilter::default()));
    update_until(&mut app, "the whole list", |app| {
        app.world().resource::<YourGames>().games.len() == 2
    });
    // Forget one.
    app.world_mut()
        .write_message(YourGamesRequest::Forget(second.id));
    update_until(&mut app, "the list without it", |app| {
        let games = app.world().resource::<YourGames>();
        games.games.len() == 1 && games.total == 1 && !games.busy()
    });
    assert_eq!(kept_games(data.path()).len(), 1);
    // Review: the game on the board, in review, at its end.
    app.world_mut()
        .write_message(YourGamesRequest::Review(first.id));
    update_until(&mut app, "the game in review", |app| {
        crate::app::screen(app) == Screen::Playing && turn(app) == Some(Turn::Review)
    });
    settle(&mut app);
    assert_eq!(game(&app).game_string(), end.game_string());
    // Against the same AI level, should the player continue from a move.
    assert_eq!(
        app.world().resource::<hive::game::Players>().seats,
        Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        }
    );
    // Reviewing a kept game keeps nothing again.
    frames(&mut app, 5);
    assert_eq!(kept_games(data.path()).len(), 1);
}

/// An undo, then another move, is the same game going on: nothing is kept
/// as left unfinished.
#[test]
fn an_undo_then_another_move_keeps_nothing() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut app = app_playing(data.path(), Opponent::Human, None);
    for _ in 0..3 {
        let mv = legal_move(&app, 0);
        app.world_mut().write_message(PlayMove(mv));
        settle(&mut app);
    }
    app.world_mut()
        .write_message(hive::game::RecordsAction::Undo);
    settle(&mut app);
    assert_eq!(game(&app).ply(), 2);
    let other = legal_move(&app, 1);
    app.world_mut().write_message(PlayMove(other));
    settle(&mut app);
    frames(&mut app, 3);
    assert_eq!(game(&app).ply(), 3);
    assert!(kept_games_or_none(data.path()).is_empty());
    assert_eq!(app.world().resource::<KeptGames>().changes, 0);
}

/// The explorer beside the board shows the player's own moves from the
/// position, from their kept games, with how each went for them, and
/// counts a game again once it is kept.
#[test]
fn the_explorer_shows_your_moves_from_the_position_with_your_results() {
    let data = tempfile::tempdir().expect("temp dir");
    let (opening, win) = white_wins_in_one();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(opening.clone()));
    play_the_win(&mut app);
    until_kept(&mut app, 1);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(game(&app).game_string(), opening.game_string());
    app.world_mut()
        .resource_mut::<hive::game::GameDatabase>()
        .explorer
        .open = true;
    let yours = |app: &App| {
        let db = app.world().resource::<hive::game::GameDatabase>();
        db.explorer
            .yours_for(&game(app))
            .and_then(|answer| answer.moves.clone().ok())
    };
    update_until(&mut app, "your moves", |app| yours(app).is_some());
    let moves = yours(&app).expect("answered");
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0].mv, opening.parse_move(&win).expect("legal"));
    assert_eq!(
        (moves[0].games, moves[0].won, moves[0].drawn, moves[0].lost),
        (1, 1, 0, 0)
    );
    // Won again: two games now.
    play_the_win(&mut app);
    until_kept(&mut app, 2);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    update_until(&mut app, "your moves again", |app| {
        yours(app).is_some_and(|moves| moves.first().is_some_and(|m| m.games == 2))
    });
}

/// A timed game keeps each move's clock: the mover's time left after it,
/// its increment added, in the order of the moves.
#[test]
fn a_timed_game_keeps_each_moves_clock() {
    let data = tempfile::tempdir().expect("temp dir");
    let control = hive::records::TimeControl::parse("5+3").expect("a control");
    let settings = NewGameSettings {
        clock: ClockChoice {
            control: Some(control),
            ..default()
        },
        ..NewGameSettings::default()
    };
    let mut app = app_keeping_files(Some(data.path()), None, settings);
    set_settings(&mut app, |s| s.opponent = Opponent::Human);
    start_playing(&mut app);
    settle(&mut app);
    for index in [0, 0] {
        let mv = legal_move(&app, index);
        app.world_mut().write_message(PlayMove(mv));
        settle(&mut app);
    }
    // White, to move, has a millisecond left: the third move never comes.
    let left = app.world().resource::<GameClock>().0.expect("timed");
    let words = format!(
        "5+3 white=0.001 black={:.3}",
        left.remaining(Color::Black).as_secs_f64()
    );
    let flagging = Clocks::parse_words(&words).expect("clocks");
    app.world_mut().insert_resource(GameClock(Some(flagging)));
    update_until(&mut app, "the flag", |app| {
        turn(app) == Some(Turn::GameOver)
    });
    until_kept(&mut app, 1);
    let kept = kept_game(data.path(), &kept_games(data.path())[0]);
    assert_eq!(kept.game.moves().len(), 2);
    assert_eq!(kept.move_clocks.len(), 2, "one a move");
    for left in &kept.move_clocks {
        // Five minutes and the increment, less the moment each move took.
        assert!(left.as_secs_f64() <= 303.0, "{left:?}");
        assert!(left.as_secs_f64() > 290.0, "{left:?}");
    }
    assert!(kept.pgn().contains("[MoveClocks \""), "{}", kept.pgn());
}

/// A damaged file of the player's games is said in words with what to do,
/// and left as it is; a game finished meanwhile waits to be kept, and is
/// kept once the file is moved away.
#[test]
fn a_damaged_games_file_is_explained_left_as_it_is_and_loses_no_game() {
    let data = tempfile::tempdir().expect("temp dir");
    let file = Database::kept_path(data.path());
    let junk = "this is no database, and it stays so".repeat(200);
    std::fs::write(&file, &junk).expect("written");
    let (opening, _) = white_wins_in_one();
    let mut app = app_playing(data.path(), Opponent::Ai, Some(opening));
    let end = play_the_win(&mut app);
    update_until(&mut app, "the keep tried", |app| {
        let kept = app.world().resource::<KeptGames>();
        !kept.keeping
    });
    settle(&mut app);
    set_screen(&mut app, Screen::Games);
    update_until(&mut app, "the list's error", |app| {
        app.world().resource::<YourGames>().error.is_some()
    });
    let error = app
        .world()
        .resource::<YourGames>()
        .error
        .clone()
        .unwrap_or_default();
    assert!(error.contains("hive db check --mine"), "{error}");
    assert!(error.contains("move this one out"), "{error}");
    assert_eq!(
        std::fs::read_to_string(&file).expect("still there"),
        junk,
        "left as it is"
    );
    assert!(!nothing_waiting(data.path()), "the game waits to be kept");
    // The file moved away, the next start keeps the waiting game.
    std::fs::rename(&file, data.path().join("damaged.sqlite")).expect("moved");
    drop(app);
    let mut again = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    update_until(&mut again, "the waiting game kept", |_| {
        kept_games_or_none(data.path()).len() == 1
    });
    let row = &kept_games(data.path())[0];
    assert_eq!(
        kept_game(data.path(), row).game.game_string(),
        end.game_string()
    );
}
