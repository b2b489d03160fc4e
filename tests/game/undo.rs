//! Undo and redo in the headless app: in a local game, a pair against the
//! AI (its search cancelled when it was thinking), and the game a Restart
//! left brought back.

use crate::app::{app_keeping_files, game, settle, settle_searches, thinking, turn, update_until};
use crate::saves::{
    act, assert_entities_match, history, local, notice, play, play_some, prefix, start_playing,
    versus_ai,
};
use hive::ai::Difficulty;
use hive::game::{NewGame, Players, RecordsAction, Turn};
use hive::records::{Autosave, Seats};
use hive::rules::{Color as Side, Game, GameType};
use tempfile::TempDir;

/// Restart can be taken back: Undo in the new game, before its first move,
/// brings back the game left, with its players; after a move of the new
/// game, Undo is the new game's own.
#[test]
fn undo_brings_back_the_game_a_restart_left() {
    let mut app = versus_ai(None, Difficulty::Beginner);
    start_playing(&mut app);
    play_some(&mut app, 1);
    update_until(&mut app, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut app);
    let left = game(&app);
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(game(&app).ply(), 0, "a new game");
    assert!(notice(&app).contains("Undo"), "{}", notice(&app));
    act(&mut app, RecordsAction::Undo);
    assert_entities_match(&mut app, &left);
    assert_eq!(
        app.world().resource::<Players>().seats,
        Seats::Ai {
            side: Side::Black,
            difficulty: Difficulty::Beginner,
        }
    );

    // Restart again and move: the old game is gone for good.
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    play_some(&mut app, 1);
    update_until(&mut app, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut app);
    act(&mut app, RecordsAction::Undo);
    assert_eq!(game(&app).ply(), 0, "the new game's own moves undone");
    act(&mut app, RecordsAction::Undo);
    assert_eq!(game(&app).ply(), 0, "nothing older comes back");
}

#[test]
fn undo_and_redo_in_a_local_game() {
    let data = TempDir::new().unwrap();
    let mut app = app_keeping_files(Some(data.path()), None, local());
    start_playing(&mut app);
    let moves = play_some(&mut app, 3);
    let full = game(&app);

    act(&mut app, RecordsAction::Undo);
    assert_entities_match(&mut app, &prefix(&full, 2));
    act(&mut app, RecordsAction::Undo);
    assert_entities_match(&mut app, &prefix(&full, 1));
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(history(&app).can_redo());
    // The autosave holds the whole line and the position shown.
    let autosave = Autosave::new(data.path());
    let shown = autosave.load().unwrap().expect("an autosave");
    assert_eq!(shown.ply(), 1);
    let line = autosave.read().unwrap().expect("an autosave");
    assert_eq!((line.cursor, line.len()), (1, 3));

    act(&mut app, RecordsAction::Redo);
    assert_entities_match(&mut app, &prefix(&full, 2));
    assert_eq!(game(&app).last_move(), Some(moves[1]));

    // A different move drops the move that could be redone.
    let mut legal = Vec::new();
    game(&app).legal_moves(&mut legal);
    let other = *legal.iter().find(|&&mv| mv != moves[2]).unwrap();
    play(&mut app, other);
    assert!(!history(&app).can_redo());
    assert_eq!(history(&app).line().len(), 3);
    act(&mut app, RecordsAction::Redo);
    assert_eq!(game(&app).last_move(), Some(other), "nothing to redo");
}

#[test]
fn undo_against_the_ai_takes_back_its_reply_too() {
    let mut app = versus_ai(None, Difficulty::Beginner);
    start_playing(&mut app);
    assert_eq!(
        app.world().resource::<Players>().seats.ai_side(),
        Some(Side::Black)
    );
    play_some(&mut app, 1);
    update_until(&mut app, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut app);
    let before = game(&app);
    play_some(&mut app, 1);
    update_until(&mut app, "the AI's second reply", |app| {
        game(app).ply() == 4
    });
    settle(&mut app);

    act(&mut app, RecordsAction::Undo);
    assert_entities_match(&mut app, &before);
    assert_eq!(game(&app).to_move(), Side::White, "the human is to move");
    // The AI does not play for White; redo brings back the pair.
    for _ in 0..20 {
        app.update();
    }
    assert!(!thinking(&app), "no search for the human's side");
    assert_eq!(game(&app).ply(), 2);
    act(&mut app, RecordsAction::Redo);
    assert_eq!(game(&app).ply(), 4);
    assert_eq!(game(&app).to_move(), Side::White);
}

#[test]
fn undo_while_the_ai_thinks_cancels_its_search() {
    for round in 0..3 {
        let mut app = versus_ai(None, Difficulty::Hard);
        start_playing(&mut app);
        play_some(&mut app, 1);
        // (Or, should it be that quick, its reply.)
        update_until(&mut app, "the search to start", |app| {
            thinking(app) || game(app).ply() == 2
        });
        let id = app.world().resource::<Players>().game_id;
        app.world_mut().write_message(RecordsAction::Undo);
        app.update();
        assert!(!thinking(&app), "round {round}: the search was cancelled");
        assert!(app.world().resource::<Players>().game_id > id);
        assert_eq!(
            game(&app).ply(),
            0,
            "round {round}: the human's move undone"
        );
        // No stale move arrives later: the cancelled search has ended.
        settle_searches(&mut app, 5);
        assert_eq!(game(&app).ply(), 0, "round {round}");
        assert!(!thinking(&app));
        assert_entities_match(&mut app, &Game::new(GameType::BASE));
    }
}
