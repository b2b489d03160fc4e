//! The opponent played is kept: Restart of a game against the AI (one not
//! started from the main menu's choice, here handed on by the editor)
//! starts another game against the AI and makes it the main menu's choice;
//! and the opponent chosen survives closing the program (the settings
//! file).

use crate::app::{app_keeping_files, at, edit, screen, settle, update_until};
use hive::ai::Difficulty;
use hive::game::editor::{Editor, EditorRequest, Goal};
use hive::game::{
    HumanSide, NewGame, NewGameSettings, Opponent, Players, Screen, Settings, SettingsFile,
};
use hive::records::Seats;
use hive::rules::{Color, GameType, Piece};

#[test]
fn restart_keeps_the_ai_opponent_of_the_game_restarted() {
    let data = tempfile::TempDir::new().expect("a folder");
    let mut app = app_keeping_files(Some(data.path()), None, NewGameSettings::default());
    assert_eq!(app.world().resource::<Settings>().opponent, Opponent::Human);
    // A game against the AI (Black, Beginner), from the editor.
    edit(&mut app, EditorRequest::OpenEmpty(GameType::BASE));
    for (piece, q) in [("wA1", 0), ("bA1", 1), ("wQ", -1), ("bQ", 2)] {
        let piece: Piece = piece.parse().expect("a piece");
        edit(&mut app, EditorRequest::Place(piece, at(q, 0)));
    }
    edit(&mut app, EditorRequest::SetTurn(3));
    let seats = Seats::Ai {
        side: Color::Black,
        difficulty: Difficulty::Beginner,
    };
    edit(&mut app, EditorRequest::Finish(Goal::Play(seats)));
    update_until(&mut app, "the game screen", |app| {
        !app.world().resource::<Editor>().searching() && screen(app) == Screen::Playing
    });
    settle(&mut app);
    assert_eq!(app.world().resource::<Players>().seats, seats);

    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Players>().seats,
        seats,
        "the restarted game is against the same AI"
    );
    let next = app.world().resource::<Settings>();
    assert_eq!(next.opponent, Opponent::Ai, "the menu keeps the AI");
    assert_eq!(next.difficulty, Difficulty::Beginner);
    assert_eq!(next.human_side, HumanSide::White);
}

#[test]
fn the_opponent_chosen_is_kept_in_the_settings() {
    let config = tempfile::TempDir::new().expect("a folder");
    let mut first = app_keeping_files(None, Some(config.path()), NewGameSettings::default());
    {
        let mut next = first.world_mut().resource_mut::<Settings>();
        next.opponent = Opponent::Ai;
        next.human_side = HumanSide::Black;
    }
    first.update();
    crate::app::wait_for_autosave(&mut first);
    let saved = SettingsFile::in_dir(config.path()).load().settings;
    assert_eq!(
        (saved.opponent, saved.human_side),
        (Opponent::Ai, HumanSide::Black)
    );
    let text = std::fs::read_to_string(SettingsFile::in_dir(config.path()).path()).expect("saved");
    assert!(text.contains("opponent: \"ai\""), "{text}");
    assert!(text.contains("human_side: \"black\""), "{text}");
    drop(first);

    let mut second = app_keeping_files(None, Some(config.path()), NewGameSettings::default());
    let next = second.world().resource::<Settings>().clone();
    assert_eq!(next.opponent, Opponent::Ai);
    assert_eq!(next.human_side, HumanSide::Black);
    // The next game is against the AI, which plays White.
    crate::app::start_playing(&mut second);
    settle(&mut second);
    let players = *second.world().resource::<Players>();
    assert_eq!(players.seats.ai_side(), Some(Color::White));
}
