//! Input belongs to what is on top: with egui running headless and the
//! pointer and keys sent as the window sends them, a click on an open
//! dialog over a legal cell plays nothing (and the same click with the
//! dialog closed plays the move), keys typed into a text field move no
//! camera and no board cursor, and Ctrl+A selects the field's text.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use bevy_egui::{EguiContext, EguiPostUpdateSet, PrimaryEguiContext, egui};
use hive::game::board::camera::{CameraView, plugin as camera_plugin};
use hive::game::board::{BoardArea, MainCamera};
use hive::game::play::HandSlots;
use hive::game::{BoardCursor, BoardLayout, NewGameSettings, Screen, SelectPiece, hex_to_world};
use hive::rules::{Game, GameType, Hex, Piece};

use crate::app::{destinations, frames, game, no_animation, set_screen};
use crate::panels::{Laid, click, panels_app, read_laid, window};

/// The panels and the camera on a game of Base after `wA1;bA1 wA1-`, white
/// to move, with the white Grasshopper selected.
fn table() -> App {
    table_in("en")
}

/// [`table`], speaking `lang`.
fn table_in(lang: &str) -> App {
    let mut app = panels_app(lang);
    app.add_plugins(camera_plugin);
    app.init_resource::<Laid>();
    app.add_systems(
        PostUpdate,
        read_laid
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
    let mut opening = Game::new(GameType::BASE);
    for text in ["wA1", "bA1 wA1-"] {
        opening.play_move_string(text).unwrap();
    }
    app.insert_resource(NewGameSettings {
        opening: Some(opening),
        ..default()
    });
    no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    frames(&mut app, 4);
    app.world_mut()
        .write_message(SelectPiece("wG1".parse().unwrap()));
    frames(&mut app, 2);
    app
}

fn send(app: &mut App, event: WindowEvent) {
    app.world_mut().write_message(event);
}

/// Keys pressed and released, in this order, within one frame.
fn keys(app: &mut App, keys: &[(Key, KeyCode, ButtonState)]) {
    let window = window(app);
    for (key, code, state) in keys {
        app.world_mut().write_message(KeyboardInput {
            key_code: *code,
            logical_key: key.clone(),
            state: *state,
            text: None,
            repeat: false,
            window,
        });
    }
    frames(app, 3);
}

fn tap(key: Key, code: KeyCode) -> [(Key, KeyCode, ButtonState); 2] {
    [
        (key.clone(), code, ButtonState::Pressed),
        (key, code, ButtonState::Released),
    ]
}

/// Where the text `text` was laid out, if it was.
fn text_at(app: &App, text: &str) -> Option<egui::Rect> {
    app.world()
        .resource::<Laid>()
        .0
        .iter()
        .find(|(shown, _)| shown == text)
        .map(|&(_, rect)| rect)
}

fn laid(app: &App) -> Vec<String> {
    let laid = &app.world().resource::<Laid>().0;
    laid.iter().map(|(text, _)| text.clone()).collect()
}

fn ctx(app: &mut App) -> egui::Context {
    app.world_mut()
        .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>()
        .single_mut(app.world_mut())
        .expect("egui's context")
        .get_mut()
        .clone()
}

/// Opens Game -> Save… and returns the dialog's rectangle.
fn open_save_dialog(app: &mut App) -> egui::Rect {
    open_save_dialog_named(app, "Game", "Save…")
}

/// Opens the menu `menu`, then its item `save`; returns the dialog's
/// rectangle.
fn open_save_dialog_named(app: &mut App, menu: &str, save: &str) -> egui::Rect {
    let menu = text_at(app, menu).expect("the Game menu button");
    click(app, menu.center());
    let save = text_at(app, save).unwrap_or_else(|| panic!("{save} in {:?}", laid(app)));
    click(app, save.center());
    frames(app, 4);
    let ctx = ctx(app);
    let dialog = ctx.memory(|memory| {
        memory
            .areas()
            .top_layer_id(egui::Order::Middle)
            .and_then(|layer| memory.area_rect(layer.id))
    });
    dialog.expect("a window is open")
}

/// Moves the camera so the cell `hex` lies under the window point `at`.
fn put_cell_under(app: &mut App, hex: Hex, at: egui::Pos2) {
    let plane = app.world().resource::<BoardLayout>().plane_of(hex);
    let world = hex_to_world(plane.x, plane.y);
    let size = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .expect("one window")
        .size();
    let mut view = app.world_mut().resource_mut::<CameraView>();
    view.auto_fit = false;
    view.scale = 1.0;
    view.target = world - Vec2::new(at.x - size.x / 2.0, size.y / 2.0 - at.y);
    frames(app, 2);
    let mut cameras = app
        .world_mut()
        .query_filtered::<&Transform, With<MainCamera>>();
    let camera = cameras.single(app.world()).expect("the board's camera");
    assert_eq!(camera.translation.truncate(), view_target(app));
}

fn view_target(app: &App) -> Vec2 {
    app.world().resource::<CameraView>().target
}

#[test]
fn a_click_on_an_open_dialog_over_a_legal_cell_plays_nothing() {
    let mut app = table();
    let before = game(&app).ply();
    let to = *destinations(&mut app)
        .iter()
        .next()
        .expect("the Grasshopper can be placed");
    let dialog = open_save_dialog(&mut app);
    // A point of the dialog over the board, away from its buttons (its
    // side bar of places, or its list of files).
    let board = app
        .world()
        .resource::<BoardArea>()
        .0
        .expect("the panels left the board its part");
    let at = egui::pos2(
        dialog.left().max(board.min.x) + 30.0,
        dialog.center().y + 40.0,
    );
    assert!(board.contains(Vec2::new(at.x, at.y)) && dialog.contains(at));
    put_cell_under(&mut app, to, at);
    click(&mut app, at);
    assert_eq!(
        game(&app).ply(),
        before,
        "the click went through the dialog"
    );
    assert!(
        !destinations(&mut app).is_empty(),
        "the Grasshopper is still selected"
    );

    // Closed with Escape, the same click on the board plays the move.
    keys(&mut app, &tap(Key::Escape, KeyCode::Escape));
    let ctx = ctx(&mut app);
    assert_eq!(
        ctx.memory(|m| m
            .areas()
            .top_layer_id(egui::Order::Middle)
            .filter(|layer| m.areas().is_visible(layer))),
        None,
        "the dialog closed: {:?}",
        laid(&app)
    );
    click(&mut app, at);
    assert_eq!(
        game(&app).ply(),
        before + 1,
        "with the dialog closed the click plays"
    );
}

#[test]
fn keys_typed_into_a_text_field_move_nothing_and_ctrl_a_selects() {
    let mut app = table();
    let dialog = open_save_dialog(&mut app);
    let name = laid(&app)
        .into_iter()
        .find(|text| text.starts_with("game-") && text.ends_with(".txt"))
        .unwrap_or_else(|| panic!("the file name field in {:?}", laid(&app)));
    let field = text_at(&app, &name).expect("the field");
    assert!(dialog.contains(field.center()));
    click(&mut app, field.center());
    let view = *app.world().resource::<CameraView>();
    let cursor = app.world().resource::<BoardCursor>().plane();
    let mut typed = Vec::new();
    for (key, code) in [
        ("w", KeyCode::KeyW),
        ("a", KeyCode::KeyA),
        ("s", KeyCode::KeyS),
        ("d", KeyCode::KeyD),
        ("=", KeyCode::Equal),
        ("-", KeyCode::Minus),
        ("f", KeyCode::KeyF),
    ] {
        typed.extend(tap(Key::Character(key.into()), code));
    }
    typed.extend(tap(Key::ArrowUp, KeyCode::ArrowUp));
    keys(&mut app, &typed);
    let after = app.world().resource::<CameraView>();
    assert_eq!(
        (after.target, after.scale, after.auto_fit),
        (view.target, view.scale, view.auto_fit),
        "the keys moved the camera"
    );
    assert_eq!(app.world().resource::<BoardCursor>().plane(), cursor);

    // Ctrl+A within one frame selects the field's text: "x" replaces it.
    keys(
        &mut app,
        &[
            (Key::Control, KeyCode::ControlLeft, ButtonState::Pressed),
            (
                Key::Character("a".into()),
                KeyCode::KeyA,
                ButtonState::Pressed,
            ),
            (
                Key::Character("a".into()),
                KeyCode::KeyA,
                ButtonState::Released,
            ),
            (Key::Control, KeyCode::ControlLeft, ButtonState::Released),
        ],
    );
    keys(&mut app, &tap(Key::Character("x".into()), KeyCode::KeyX));
    let texts = laid(&app);
    assert!(
        texts.iter().any(|text| text == "x"),
        "the field holds only x: {texts:?}"
    );
}

/// At a few frames a second a quick drag is pressed, moved and released
/// within one frame: the piece pressed on (the hand's Spider, not the
/// Grasshopper selected) goes where the pointer was released.
#[test]
fn a_drag_within_one_frame_places_the_piece_it_started_on() {
    let mut app = table();
    let before = game(&app).ply();
    let spider: Piece = "wS1".parse().unwrap();
    let slot = app
        .world()
        .resource::<HandSlots>()
        .0
        .iter()
        .find(|(_, piece)| *piece == spider)
        .map(|&(rect, _)| rect)
        .expect("the Spider's stack can be picked up");
    let to = *destinations(&mut app)
        .iter()
        .next()
        .expect("a cell for a placement");
    let board = app
        .world()
        .resource::<BoardArea>()
        .0
        .expect("the panels left the board its part");
    let drop = egui::pos2(board.center().x, board.center().y);
    put_cell_under(&mut app, to, drop);
    let window = window(&mut app);
    let moved = |at: Vec2| {
        WindowEvent::CursorMoved(CursorMoved {
            window,
            position: at,
            delta: None,
        })
    };
    let button = |state| {
        WindowEvent::MouseButtonInput(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        })
    };
    // One frame: press on the stack, move across, release on the cell.
    for event in [
        moved(slot.center()),
        button(ButtonState::Pressed),
        moved((slot.center() + Vec2::new(drop.x, drop.y)) / 2.0),
        moved(Vec2::new(drop.x, drop.y)),
        button(ButtonState::Released),
    ] {
        send(&mut app, event);
    }
    frames(&mut app, 4);
    let after = game(&app);
    assert_eq!(after.ply(), before + 1, "the drag played a move");
    assert_eq!(
        after.position(spider),
        Some(to),
        "the Spider went to the cell"
    );
}

/// The file picker speaks the player's language: its side bar, its file
/// name field and its buttons.
#[test]
fn the_save_dialog_speaks_spanish() {
    let mut app = table_in("es");
    open_save_dialog_named(&mut app, "Partida", "Guardar…");
    frames(&mut app, 2);
    let texts = laid(&app);
    for spanish in ["Lugares", "Nombre del archivo:", "🚫 Cancelar"] {
        assert!(texts.iter().any(|t| t == spanish), "{spanish} in {texts:?}");
    }
    for english in ["Places", "File name:", "🚫 Cancel"] {
        assert!(
            !texts.iter().any(|t| t == english),
            "{english} in {texts:?}"
        );
    }
}
