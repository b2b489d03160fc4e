//! Animations in a headless Bevy app: pieces travel along the rules
//! engine's path and end exactly where the rules engine says, placed pieces
//! fly in from their hand's side, animations can be turned off or skipped
//! (Space, a click, the gamepad), and a restart in the middle of one leaves
//! a playable game.

use crate::app::{game, turn};
use crate::input::{
    OPENING, app_with, assert_pieces_at_rest, connect_gamepad, cursor_hex, piece, push, selection,
    settle, slides, slow_animation, tap,
};
use bevy::prelude::*;
use hive::game::{BoardLayout, GameIntent, NewGame, PieceId, Slide, Turn, resting_translation};
use hive::rules::{Bug, Color as Side, Game, Hex, Move};

#[test]
fn a_jump_and_a_climb_travel_up_and_end_where_the_rules_say() {
    let opening = Game::from_game_string(OPENING).unwrap();
    let mut app = app_with(
        Some(opening.clone()),
        // 0.1 seconds a cell.
        1.2,
    );
    let mut reference = opening.clone();
    for text in ["wG1 bQ-", "bB1 bA1"] {
        let mv = reference.parse_move(text).unwrap();
        let moved = mv.piece().unwrap();
        reference.play(mv).unwrap();
        app.world_mut().write_message(hive::game::PlayMove(mv));
        app.update();
        assert_eq!(game(&app).hash(), reference.hash(), "{text} played");
        // Halfway: in the air, above the stacks, larger; input waits.
        let mut highest = 0.0f32;
        let mut largest = 1.0f32;
        for frame in 0..10 {
            app.update();
            let mut query = app.world_mut().query::<(&PieceId, &Slide, &Transform)>();
            for (id, slide, transform) in query.iter(app.world()) {
                assert_eq!(id.0, moved, "only the moved piece travels");
                highest = highest.max(slide.lift());
                largest = largest.max(transform.scale.x);
            }
            // A bumper press while the piece travels (the shortest
            // travel here lasts five frames) is not taken.
            if frame < 3 {
                assert_eq!(turn(&app), Some(Turn::Animating));
                app.world_mut().write_message(GameIntent::NextHandPiece);
            }
        }
        assert!(highest > 0.3, "{text} went up: {highest}");
        assert!(largest > 1.0, "{text} was drawn larger in the air");
        assert_eq!(selection(&app).piece, None, "no selection while animating");
        settle(&mut app);
        assert_eq!(turn(&app), Some(Turn::AwaitingInput));
        assert_pieces_at_rest(&mut app);
    }
    let beetle = piece(Side::Black, Bug::Beetle, 1);
    assert_eq!(game(&app).stack_level(beetle), Some(1));
}

#[test]
fn placed_pieces_fly_in_from_their_hand_side() {
    let mut app = app_with(None, slow_animation());
    let white = piece(Side::White, Bug::Ant, 1);
    let black = piece(Side::Black, Bug::Ant, 1);
    let east = Hex::ORIGIN.neighbor(hive::rules::Direction::East);
    for (placed, to) in [(white, Hex::ORIGIN), (black, east)] {
        app.world_mut()
            .write_message(hive::game::PlayMove(Move::Place { piece: placed, to }));
        app.update();
        let plane = app.world().resource::<BoardLayout>().plane_of(to);
        let rest = resting_translation(plane, 0);
        let mut query = app.world_mut().query::<(&PieceId, &Transform, &Slide)>();
        let (id, transform, slide) = query.single(app.world()).expect("one piece flies in");
        assert_eq!(id.0, placed);
        assert!(slide.progress() < 0.1, "just started");
        let from_left = transform.translation.x < rest.x - 100.0;
        let from_right = transform.translation.x > rest.x + 100.0;
        match placed.color() {
            Side::White => assert!(from_left, "White's hand is on the left"),
            Side::Black => assert!(from_right, "Black's hand is on the right"),
        }
        tap(&mut app, KeyCode::Space);
        settle(&mut app);
        assert_pieces_at_rest(&mut app);
    }
}

#[test]
fn zero_duration_animations_put_pieces_in_place_at_once() {
    let mut app = app_with(None, 0.0);
    let ant = piece(Side::White, Bug::Ant, 1);
    app.world_mut()
        .write_message(hive::game::PlayMove(Move::Place {
            piece: ant,
            to: Hex::ORIGIN,
        }));
    app.update();
    assert_eq!(slides(&mut app), 0, "nothing travels");
    for _ in 0..2 {
        app.update();
    }
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_pieces_at_rest(&mut app);
}

#[test]
fn space_a_click_or_the_gamepad_skips_an_animation() {
    let opening = Game::from_game_string(OPENING).unwrap();
    let mut app = app_with(Some(opening.clone()), slow_animation());
    let gamepad = connect_gamepad(&mut app);
    let mut reference = opening;
    let skips: [&dyn Fn(&mut App); 3] = [
        &|app| tap(app, KeyCode::Space),
        &|app| {
            app.world_mut().write_message(GameIntent::Click(None));
            app.update();
        },
        &|app| push(app, gamepad, GamepadButton::South),
    ];
    for (text, skip) in ["wG1 bQ-", "bB1 bA1", "wQ -wA1"].into_iter().zip(skips) {
        let mv = reference.parse_move(text).unwrap();
        reference.play(mv).unwrap();
        app.world_mut().write_message(hive::game::PlayMove(mv));
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(turn(&app), Some(Turn::Animating), "{text}");
        assert_eq!(slides(&mut app), 1);
        skip(&mut app);
        assert_eq!(slides(&mut app), 0, "{text} skipped");
        app.update();
        assert_eq!(turn(&app), Some(Turn::AwaitingInput), "{text}");
        // The skip was not taken as a move or a selection.
        assert_eq!(game(&app).hash(), reference.hash());
        assert_eq!(selection(&app).piece, None);
        assert_pieces_at_rest(&mut app);
    }
}

#[test]
fn restarting_mid_animation_leaves_a_playable_game() {
    let opening = Game::from_game_string(OPENING).unwrap();
    let mut app = app_with(Some(opening.clone()), slow_animation());
    let mv = opening.parse_move("wG1 bQ-").unwrap();
    app.world_mut().write_message(hive::game::PlayMove(mv));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(turn(&app), Some(Turn::Animating));
    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert_eq!(game(&app).hash(), opening.hash(), "back to the opening");
    assert_pieces_at_rest(&mut app);

    // And the keyboard plays on (with animations off now).
    crate::app::set_settings(&mut app, |settings| settings.animation_speed = 0.0);
    tap(&mut app, KeyCode::Tab);
    let selected = selection(&app).piece.expect("a piece in hand is selected");
    assert_eq!(selected.color(), Side::White);
    let target = cursor_hex(&app);
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(game(&app).ply(), opening.ply() + 1);
    assert_eq!(game(&app).position(selected), Some(target));
    assert_pieces_at_rest(&mut app);
}
