//! The AI as a player in the headless app: it replies to the human's move
//! and opens when the human plays Black, searching on the task pool; a
//! restart or the menu during its search never lets the old move land.

use crate::app::{
    destinations, game, headless_app, no_animation, set_settings, settle, settle_searches,
    start_playing, thinking, turn, update_until, wait_for,
};
use crate::headless::{assert_entities_match_game, play_like_a_player};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::{
    AiThinking, CurrentGame, HumanSide, NewGame, NewGameSettings, Opponent, Players, Screen,
    SelectPiece, Selection, Turn,
};
use hive::records::Seats;
use hive::rules::{Bug, Color as Side, Game, Hex, Move, Piece};

/// A headless app on the main menu with the AI as the opponent.
pub(crate) fn app_vs_ai(human_side: HumanSide, opening: Option<Game>) -> App {
    let mut app = headless_app();
    app.insert_resource(NewGameSettings {
        opening,
        ..default()
    });
    set_settings(&mut app, |settings| {
        settings.opponent = Opponent::Ai;
        settings.difficulty = Difficulty::Beginner;
        settings.human_side = human_side;
    });
    no_animation(&mut app);
    app
}

#[test]
fn the_ai_replies_to_the_human_move() {
    let mut app = app_vs_ai(HumanSide::White, None);
    start_playing(&mut app);
    settle(&mut app);
    let players = *app.world().resource::<Players>();
    assert_eq!(
        players.seats,
        Seats::Ai {
            side: Side::Black,
            difficulty: Difficulty::Beginner,
        }
    );
    assert!(!thinking(&app), "White (the human) is to move");

    // The human's move, played as a player would.
    let ant = Piece::new(Side::White, Bug::Ant, 1).unwrap();
    play_like_a_player(
        &mut app,
        Move::Place {
            piece: ant,
            to: Hex::ORIGIN,
        },
    );
    // Black (the AI) replies by itself, within a few frames (Beginner is
    // fast: the reply may already have come while the ant settled).
    update_until(&mut app, "the AI's move", |app| game(app).ply() == 2);
    let reply = game(&app).last_move().unwrap();
    assert_eq!(reply.piece().map(|p| p.color()), Some(Side::Black));
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(!thinking(&app), "White is to move again");
    assert_entities_match_game(&mut app);
    let notation = app.world().resource::<CurrentGame>().notation().to_vec();
    assert_eq!(notation.len(), 2);

    // Frames go by; the AI does not move (nor search) for White.
    for _ in 0..20 {
        app.update();
    }
    assert!(!thinking(&app), "no search for the human's side");
    assert_eq!(game(&app).ply(), 2);
}

#[test]
fn the_ai_opens_when_the_human_plays_black() {
    let mut app = app_vs_ai(HumanSide::Black, None);
    // The human tries to move White's ant in the first frame: ignored, it
    // is the AI's side and turn (its move can come one frame later at the
    // earliest, so this is no race).
    let ant = Piece::new(Side::White, Bug::Ant, 1).unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    start_playing(&mut app);
    assert!(
        destinations(&mut app).is_empty(),
        "the AI's hand is not ours"
    );
    assert_eq!(app.world().resource::<Selection>().piece, None);
    assert!(thinking(&app), "the AI started thinking in the first frame");
    assert_eq!(
        app.world().resource::<Players>().seats.ai_side(),
        Some(Side::White)
    );
    update_until(&mut app, "the AI's opening", |app| game(app).ply() == 1);
    settle(&mut app);
    assert_eq!(game(&app).to_move(), Side::Black);
    assert_entities_match_game(&mut app);
}

#[test]
fn restarting_while_the_ai_thinks_never_applies_the_old_move() {
    for round in 0..5 {
        let mut app = app_vs_ai(HumanSide::Black, None);
        start_playing(&mut app);
        // The AI (White) starts thinking about the empty board.
        update_until(&mut app, "the search to start", thinking);
        if round % 2 == 1 {
            // Wait for the search to finish (no frame runs meanwhile), so
            // its move is collected in the very frame the restart is handled.
            wait_for(&app, "the search to end", |app| {
                app.world().resource::<AiThinking>().search_finished()
            });
        }
        let first_id = app.world().resource::<Players>().game_id;

        // Restart into a game where Black (the human) is to move: the old
        // search's White move must never land in it.
        let opening = Game::from_game_string("Base;InProgress;Black[1];wA1").unwrap();
        app.insert_resource(NewGameSettings {
            opening: Some(opening.clone()),
            ..default()
        });
        set_settings(&mut app, |settings| {
            settings.opponent = Opponent::Ai;
            settings.difficulty = Difficulty::Beginner;
            settings.human_side = HumanSide::Black;
        });
        app.world_mut().write_message(NewGame);
        for _ in 0..3 {
            app.update();
        }
        assert!(app.world().resource::<Players>().game_id > first_id);
        assert!(
            !thinking(&app),
            "round {round}: the old search was cancelled"
        );
        // The old search has ended, and its move never landed.
        settle_searches(&mut app, 5);
        assert_eq!(game(&app).hash(), opening.hash(), "round {round}");
        assert_eq!(game(&app).ply(), 1, "round {round}");
        assert_entities_match_game(&mut app);
    }
}

#[test]
fn leaving_for_the_menu_cancels_the_search() {
    let mut app = app_vs_ai(HumanSide::Black, None);
    start_playing(&mut app);
    update_until(&mut app, "the search to start", thinking);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::MainMenu);
    app.update();
    assert!(!thinking(&app));
    settle_searches(&mut app, 5);
    assert_eq!(game(&app).ply(), 0, "no move was played after leaving");
}
