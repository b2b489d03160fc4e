//! Keyboard and gamepad play, and animations, in a headless Bevy app: key
//! presses and gamepad buttons go in as Bevy input messages (as winit and
//! gilrs would send them), become the game's intents, move the board
//! cursor, select pieces and play moves; pieces travel along the rules
//! engine's path (the animations themselves are `animation`'s).

use std::collections::BTreeSet;
use std::time::Duration;

use crate::app::{destinations, game, headless_app_with, set_screen, turn};
use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::gamepad::{
    GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use hive::game::{
    BoardCursor, BoardLayout, GameIntent, InputDevice, NewGameSettings, Notice, PieceId, Position,
    Screen, Selection, Slide, StackLevel, Turn, resting_translation,
};
use hive::rules::{Bug, Color as Side, Game, Hex, Move, Piece};

/// Seconds each frame lasts in these tests (a fixed step: no wall clock).
const FRAME: Duration = Duration::from_millis(20);

/// A line wG1 wA1 bA1 bQ with wQ above wA1 and bB1 below bA1: White's
/// grasshopper can jump the line, Black's beetle can climb onto bA1.
pub(crate) const OPENING: &str =
    "Base;InProgress;White[4];wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;bB1 bA1\\";

/// A game from `opening` with pieces moving at `speed` (see
/// `Settings::animation_speed`; 0: at once).
pub(crate) fn app_with(opening: Option<Game>, speed: f32) -> App {
    let mut app = headless_app_with(InputPlugin);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.insert_resource(NewGameSettings {
        opening,
        ..default()
    });
    crate::app::set_settings(&mut app, |settings| settings.animation_speed = speed);
    set_screen(&mut app, Screen::Playing);
    for _ in 0..3 {
        app.update();
    }
    app
}

/// Slow enough that a move is still travelling after many frames (30
/// seconds a cell).
pub(crate) fn slow_animation() -> f32 {
    0.004
}

pub(crate) fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

pub(crate) fn cursor(app: &App) -> BoardCursor {
    *app.world().resource::<BoardCursor>()
}

/// The cell under the cursor.
pub(crate) fn cursor_hex(app: &App) -> Hex {
    let plane = cursor(app).plane().expect("the cursor is placed");
    app.world().resource::<BoardLayout>().hex_at(plane)
}

pub(crate) fn slides(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&Slide>();
    query.iter(app.world()).count()
}

/// Runs frames until no piece travels and input is awaited again.
pub(crate) fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        if turn(app) != Some(Turn::Animating) && slides(app) == 0 {
            app.update();
            return;
        }
    }
    panic!("still animating after 200 frames");
}

pub(crate) fn key_message(
    key_code: KeyCode,
    logical_key: Key,
    state: ButtonState,
) -> KeyboardInput {
    KeyboardInput {
        key_code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

pub(crate) fn logical(key: KeyCode) -> Key {
    match key {
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::Tab => Key::Tab,
        KeyCode::Space => Key::Space,
        KeyCode::ShiftLeft => Key::Shift,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        other => panic!("no logical key for {other:?} in this test"),
    }
}

pub(crate) fn key_down(app: &mut App, key: KeyCode) {
    app.world_mut()
        .write_message(key_message(key, logical(key), ButtonState::Pressed));
    app.update();
}

pub(crate) fn key_up(app: &mut App, key: KeyCode) {
    app.world_mut()
        .write_message(key_message(key, logical(key), ButtonState::Released));
    app.update();
}

/// Presses and releases a key (a frame each).
pub(crate) fn tap(app: &mut App, key: KeyCode) {
    key_down(app, key);
    key_up(app, key);
}

/// A gamepad, connected the way gilrs connects one.
pub(crate) fn connect_gamepad(app: &mut App) -> Entity {
    let gamepad = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(GamepadConnectionEvent::new(
        gamepad,
        GamepadConnection::Connected {
            name: "Test gamepad".to_string(),
            vendor_id: None,
            product_id: None,
        },
    ));
    app.update();
    assert!(app.world().get::<Gamepad>(gamepad).is_some());
    gamepad
}

pub(crate) fn button(app: &mut App, gamepad: Entity, button: GamepadButton, value: f32) {
    app.world_mut()
        .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            gamepad, button, value,
        )));
    app.update();
}

/// Presses and releases a gamepad button (a frame each).
pub(crate) fn push(app: &mut App, gamepad: Entity, which: GamepadButton) {
    button(app, gamepad, which, 1.0);
    button(app, gamepad, which, 0.0);
}

/// Every piece rests exactly where the rules engine puts it, at its
/// normal size, and none is travelling.
pub(crate) fn assert_pieces_at_rest(app: &mut App) {
    let game = game(app);
    let layout = app.world().resource::<BoardLayout>().clone();
    let mut query = app
        .world_mut()
        .query::<(&PieceId, &Position, &StackLevel, &Transform, Has<Slide>)>();
    let mut seen = 0;
    for (id, position, level, transform, sliding) in query.iter(app.world()) {
        let hex = game.position(id.0).expect("only pieces on the board");
        assert_eq!(position.hex, hex, "{}", id.0);
        assert_eq!(Some(level.0), game.stack_level(id.0), "{}", id.0);
        let rest = resting_translation(layout.plane_of(hex), level.0);
        assert_eq!(transform.translation, rest, "{} rests on its cell", id.0);
        assert_eq!(transform.scale, Vec3::ONE, "{} at its normal size", id.0);
        assert!(!sliding, "{} still travelling", id.0);
        seen += 1;
    }
    assert_eq!(seen, game.pieces_on_board().count());
}

pub(crate) fn piece(side: Side, bug: Bug, number: u8) -> Piece {
    Piece::new(side, bug, number).unwrap()
}

#[test]
fn the_keyboard_alone_places_and_moves_pieces() {
    let mut app = app_with(None, 0.0);
    assert_eq!(turn(&app), Some(Turn::AwaitingInput));
    assert!(!cursor(&app).visible(), "no key used yet");

    // Tab: the first bug in hand that can be placed: the ant (the queen
    // may not open the game, so it is passed over), whose one cell the
    // cursor goes to.
    tap(&mut app, KeyCode::Tab);
    let ant = piece(Side::White, Bug::Ant, 1);
    assert_eq!(selection(&app).piece, Some(ant));
    assert_eq!(destinations(&mut app), BTreeSet::from([Hex::ORIGIN]));
    assert!(cursor(&app).visible());
    assert_eq!(cursor_hex(&app), Hex::ORIGIN);
    // Shift+Tab goes back round to the beetle, Tab forward to the ant again.
    key_down(&mut app, KeyCode::ShiftLeft);
    tap(&mut app, KeyCode::Tab);
    key_up(&mut app, KeyCode::ShiftLeft);
    assert_eq!(
        selection(&app).piece,
        Some(piece(Side::White, Bug::Beetle, 1))
    );
    tap(&mut app, KeyCode::Tab);
    assert_eq!(selection(&app).piece, Some(ant));
    // Enter plays it.
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        game(&app).last_move(),
        Some(Move::Place {
            piece: ant,
            to: Hex::ORIGIN
        })
    );

    // Black: the ant again (its queen passed over), moved along the ring
    // with the arrows; the move lands where the cursor is.
    tap(&mut app, KeyCode::Tab);
    let black_ant = piece(Side::Black, Bug::Ant, 1);
    assert_eq!(selection(&app).piece, Some(black_ant));
    let ring = destinations(&mut app);
    assert_eq!(ring.len(), 6);
    let first = cursor_hex(&app);
    assert!(ring.contains(&first));
    let mut visited = BTreeSet::from([first]);
    for arrow in [KeyCode::ArrowRight, KeyCode::ArrowDown, KeyCode::ArrowLeft] {
        tap(&mut app, arrow);
        visited.insert(cursor_hex(&app));
    }
    assert!(
        visited.len() > 1,
        "the arrows moved the cursor: {visited:?}"
    );
    // Escape cancels; Tab selects again; Enter plays on the cursor's cell.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(selection(&app).piece, None);
    assert!(destinations(&mut app).is_empty());
    tap(&mut app, KeyCode::Tab);
    assert_eq!(selection(&app).piece, Some(black_ant));
    let target = cursor_hex(&app);
    assert!(ring.contains(&target), "the cursor is on a destination");
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        game(&app).last_move(),
        Some(Move::Place {
            piece: black_ant,
            to: target
        })
    );
    assert_pieces_at_rest(&mut app);
}

#[test]
fn the_keyboard_selects_a_piece_on_the_board_and_moves_it() {
    let opening = Game::from_game_string(OPENING).unwrap();
    let mut app = app_with(Some(opening.clone()), 0.0);
    assert_eq!(game(&app).hash(), opening.hash());
    // The cursor visits White's pieces; stop on the grasshopper.
    let grasshopper = piece(Side::White, Bug::Grasshopper, 1);
    let at = opening.position(grasshopper).unwrap();
    let mut found = false;
    for _ in 0..8 {
        tap(&mut app, KeyCode::ArrowLeft);
        if cursor_hex(&app) == at {
            found = true;
            break;
        }
    }
    assert!(found, "the grasshopper is the leftmost white piece");
    // Cursor cells are White's pieces only (nothing is selected).
    let top = game(&app).top(cursor_hex(&app)).unwrap();
    assert_eq!(top.color(), Side::White);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(selection(&app).piece, Some(grasshopper));
    let expected: BTreeSet<Hex> = opening
        .legal_moves_for(grasshopper)
        .iter()
        .filter_map(|m| m.to())
        .collect();
    assert_eq!(destinations(&mut app), expected);
    let target = cursor_hex(&app);
    assert!(expected.contains(&target));
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    let mut reference = opening.clone();
    reference
        .play(Move::Move {
            piece: grasshopper,
            from: at,
            to: target,
        })
        .unwrap();
    assert_eq!(game(&app).hash(), reference.hash());
    assert_pieces_at_rest(&mut app);
}

#[test]
fn a_gamepad_alone_places_pieces_and_cancels() {
    let mut app = app_with(None, 0.0);
    let gamepad = connect_gamepad(&mut app);
    // Right bumper: ant (the queen cannot open the game), then
    // grasshopper; left bumper back to the ant.
    push(&mut app, gamepad, GamepadButton::RightTrigger);
    push(&mut app, gamepad, GamepadButton::RightTrigger);
    assert_eq!(
        selection(&app).piece,
        Some(piece(Side::White, Bug::Grasshopper, 1))
    );
    push(&mut app, gamepad, GamepadButton::LeftTrigger);
    let ant = piece(Side::White, Bug::Ant, 1);
    assert_eq!(selection(&app).piece, Some(ant));
    // B cancels.
    push(&mut app, gamepad, GamepadButton::East);
    assert_eq!(selection(&app).piece, None);
    // Bumper to the ant, A places it.
    push(&mut app, gamepad, GamepadButton::RightTrigger);
    assert!(cursor(&app).visible());
    push(&mut app, gamepad, GamepadButton::South);
    settle(&mut app);
    assert_eq!(
        game(&app).last_move(),
        Some(Move::Place {
            piece: ant,
            to: Hex::ORIGIN
        })
    );
    // Black's spider (ant, grasshopper, spider: no queen yet), moved round
    // with the d-pad, then A.
    for _ in 0..3 {
        push(&mut app, gamepad, GamepadButton::RightTrigger);
    }
    let spider = piece(Side::Black, Bug::Spider, 1);
    assert_eq!(selection(&app).piece, Some(spider));
    let ring = destinations(&mut app);
    let before = cursor_hex(&app);
    let mut moved = false;
    for pad in [
        GamepadButton::DPadRight,
        GamepadButton::DPadLeft,
        GamepadButton::DPadDown,
        GamepadButton::DPadUp,
    ] {
        push(&mut app, gamepad, pad);
        assert!(ring.contains(&cursor_hex(&app)), "stays on destinations");
        moved |= cursor_hex(&app) != before;
    }
    assert!(moved, "the d-pad moved the cursor");
    let target = cursor_hex(&app);
    push(&mut app, gamepad, GamepadButton::South);
    settle(&mut app);
    assert_eq!(
        game(&app).last_move(),
        Some(Move::Place {
            piece: spider,
            to: target
        })
    );
    assert_pieces_at_rest(&mut app);
}

/// With a piece selected, the arrows go from one of its cells to another
/// and never onto another piece (the complaint: Right went onto one's own
/// Queen and Enter then selected her); with Shift held they reach the
/// side's other pieces too. Enter then plays on the cell the cursor shows.
#[test]
fn with_a_piece_selected_the_arrows_stay_on_its_cells() {
    let opening = Game::from_game_string("Base;InProgress;White[3];wA1;bA1 wA1-;wQ -wA1;bQ bA1-")
        .expect("a legal opening");
    let mut app = app_with(Some(opening), 0.0);
    tap(&mut app, KeyCode::Tab);
    let picked = selection(&app).piece.expect("a bug in hand");
    let cells = destinations(&mut app);
    assert!(cells.len() > 1, "{cells:?}");
    let arrows = [
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowLeft,
        KeyCode::ArrowLeft,
        KeyCode::ArrowUp,
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
    ];
    for arrow in arrows {
        tap(&mut app, arrow);
        let at = cursor_hex(&app);
        assert!(
            cells.contains(&at),
            "{arrow:?} left the green cells for {at:?}"
        );
    }
    // Shift: the side's own pieces are within reach again.
    let own: BTreeSet<Hex> = [Bug::Queen, Bug::Ant]
        .into_iter()
        .filter_map(|bug| game(&app).position(piece(Side::White, bug, 1)))
        .collect();
    key_down(&mut app, KeyCode::ShiftLeft);
    let mut reached = false;
    for arrow in arrows {
        tap(&mut app, arrow);
        reached |= own.contains(&cursor_hex(&app));
    }
    key_up(&mut app, KeyCode::ShiftLeft);
    assert!(reached, "Shift+arrows reach the side's own pieces");
    // Back to a green cell, and Enter places the piece there.
    tap(&mut app, KeyCode::Escape);
    tap(&mut app, KeyCode::Tab);
    assert_eq!(selection(&app).piece, Some(picked));
    tap(&mut app, KeyCode::ArrowLeft);
    let target = cursor_hex(&app);
    assert!(cells.contains(&target));
    tap(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        game(&app).last_move(),
        Some(Move::Place {
            piece: picked,
            to: target
        })
    );
}

/// The messages name the keys of the device in use: Tab selects a bug in
/// hand and the message says to choose with the arrows and Enter; a click
/// then says "click".
#[test]
fn messages_speak_of_the_device_in_use() {
    let mut app = app_with(None, 0.0);
    assert_eq!(*app.world().resource::<InputDevice>(), InputDevice::Mouse);
    tap(&mut app, KeyCode::Tab);
    tap(&mut app, KeyCode::Tab);
    assert_eq!(
        *app.world().resource::<InputDevice>(),
        InputDevice::Keyboard
    );
    let said = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(said.contains("arrows, then Enter"), "{said}");
    assert!(!said.contains("click"), "{said}");

    let plane = app.world().resource::<BoardLayout>().plane_of(Hex::ORIGIN);
    app.world_mut()
        .write_message(GameIntent::Click(Some(plane)));
    settle(&mut app);
    assert_eq!(*app.world().resource::<InputDevice>(), InputDevice::Mouse);
}
