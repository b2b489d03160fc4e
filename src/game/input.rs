//! Mouse, keyboard and gamepad, turned into the game's intents in one
//! place: every device writes the same [`GameIntent`] messages, and `cursor`
//! carries them out (selecting, playing, cancelling, skipping animations).
//!
//! | Intent            | Keyboard        | Gamepad                  | Mouse          |
//! |-------------------|-----------------|--------------------------|----------------|
//! | move the cursor   | arrows          | d-pad, left stick        |                |
//! | confirm           | Enter           | A (South)                | left click     |
//! | cancel            | Escape          | B (East)                 |                |
//! | next / previous   | Tab / Shift+Tab | right / left bumper      |                |
//! |   piece in hand   |                 |                          |                |
//! | skip an animation | Space (or any   | A or B                   | any click      |
//! |                   | confirm/cancel) |                          |                |
//! | menu              | F10             | Start                    |                |
//!
//! While egui has the keyboard focus (a menu button is focused), keys and
//! gamepad go to egui instead: on the main menu, the game-over dialog,
//! during review, and after "menu", the gamepad's d-pad moves egui's focus,
//! A presses the focused button and B (or Start in a game) gives the
//! board back. In a game, "menu" focuses the top bar's first button
//! (Restart, through [`FocusTopBar`]), not whichever widget egui drew
//! first (the Hint button floats over the board). Tab is kept from egui while the board has the keys, so it
//! cycles pieces in hand instead of focusing a button.
//!
//! The keyboard and gamepad half runs without a window (headless tests
//! drive it with Bevy input messages); the pointer (the cell under the
//! mouse, for clicks and the stack inspector) and the bridge to egui need
//! the window and are in [`view_plugin`].

use std::f32::consts::PI;

use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiInput, EguiPreUpdateSet, PrimaryEguiContext, egui};

use super::GameSystems;
use super::board::BoardLayout;
use super::camera::{BoardArea, MainCamera};
use super::cursor::BoardCursor;
use super::hex_grid::world_to_plane;
use super::screens::Screen;
use super::turn::Turn;
use crate::rules::Hex;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameIntent>();
    app.add_systems(
        Update,
        read_keys_and_gamepads
            .in_set(GameSystems::Input)
            .in_set(ReadDevices)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The pointer and the bridge to egui: they need a window.
pub(super) fn view_plugin(app: &mut App) {
    app.init_resource::<HoveredCell>();
    app.init_resource::<FocusTopBar>();
    app.add_systems(
        Update,
        (hide_cursor_for_the_mouse, track_pointer, read_clicks)
            .chain()
            .in_set(GameSystems::Input)
            .in_set(ReadDevices)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        PreUpdate,
        drive_egui_focus
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Set when the top bar's first button should take the keyboard focus (the
/// "menu" intent in a game); the HUD focuses it and clears this.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct FocusTopBar(pub bool);

/// Reading the devices into [`GameIntent`]s; what acts on them runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct ReadDevices;

/// What a player asks for, whatever the device.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum GameIntent {
    /// Move the board cursor toward this direction on screen (x right, y up).
    MoveCursor(Vec2),
    /// A left click, on this board cell (plane coordinates) or elsewhere.
    Click(Option<IVec2>),
    /// Select the piece under the cursor, or play the move to its cell.
    Confirm,
    /// Drop the selection.
    Cancel,
    /// Select the next kind of bug in the hand of the side to move.
    NextHandPiece,
    /// Select the previous kind of bug in hand.
    PrevHandPiece,
    /// Open the menu: the keyboard focus goes to the panels' buttons.
    Menu,
    /// Finish the running animation now.
    Skip,
}

/// The board cell under the mouse pointer (or the keyboard cursor, when a
/// key or the gamepad was used last), if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct HoveredCell(pub Option<(IVec2, Hex)>);

/// Keys that ask for one intent each when pressed.
const KEY_INTENTS: [(KeyCode, GameIntent); 5] = [
    (KeyCode::Enter, GameIntent::Confirm),
    (KeyCode::NumpadEnter, GameIntent::Confirm),
    (KeyCode::Escape, GameIntent::Cancel),
    (KeyCode::Space, GameIntent::Skip),
    (KeyCode::F10, GameIntent::Menu),
];

/// Gamepad buttons that ask for one intent each when pressed.
const BUTTON_INTENTS: [(GamepadButton, GameIntent); 5] = [
    (GamepadButton::South, GameIntent::Confirm),
    (GamepadButton::East, GameIntent::Cancel),
    (GamepadButton::RightTrigger, GameIntent::NextHandPiece),
    (GamepadButton::LeftTrigger, GameIntent::PrevHandPiece),
    (GamepadButton::Start, GameIntent::Menu),
];

/// The arrow keys, as directions on screen.
const ARROWS: [(KeyCode, Vec2); 4] = [
    (KeyCode::ArrowLeft, Vec2::NEG_X),
    (KeyCode::ArrowRight, Vec2::X),
    (KeyCode::ArrowUp, Vec2::Y),
    (KeyCode::ArrowDown, Vec2::NEG_Y),
];

/// A stick counts as pushed past this much.
const STICK_THRESHOLD: f32 = 0.5;
/// A held direction repeats after this long...
const FIRST_REPEAT_SECONDS: f32 = 0.4;
/// ...then this often.
const REPEAT_SECONDS: f32 = 0.15;

/// Turns a held direction into steps: one at once when pushed (or turned
/// by more than about 40°), then after a pause, steadily while held.
#[derive(Debug, Default)]
struct HeldDirection {
    direction: Option<Vec2>,
    wait: f32,
}

impl HeldDirection {
    fn step(&mut self, direction: Vec2, seconds: f32) -> Option<Vec2> {
        if direction.length() < STICK_THRESHOLD {
            self.direction = None;
            return None;
        }
        let direction = direction.normalize();
        let turned = self
            .direction
            .is_none_or(|held| held.dot(direction) < (40.0 * PI / 180.0).cos());
        if turned {
            self.direction = Some(direction);
            self.wait = FIRST_REPEAT_SECONDS;
            return Some(direction);
        }
        self.wait -= seconds;
        if self.wait <= 0.0 {
            self.wait += REPEAT_SECONDS;
            Some(direction)
        } else {
            None
        }
    }
}

/// The d-pad's buttons, as directions on screen.
const DPAD: [(GamepadButton, Vec2); 4] = [
    (GamepadButton::DPadLeft, Vec2::NEG_X),
    (GamepadButton::DPadRight, Vec2::X),
    (GamepadButton::DPadUp, Vec2::Y),
    (GamepadButton::DPadDown, Vec2::NEG_Y),
];

/// The direction pushed on every gamepad: d-pad, else the left stick. A
/// button pressed and released within one frame still counts.
fn gamepad_direction(gamepads: &Query<&Gamepad>) -> Vec2 {
    let mut direction = Vec2::ZERO;
    for gamepad in gamepads {
        let dpad: Vec2 = DPAD
            .into_iter()
            .filter(|&(button, _)| gamepad.pressed(button) || gamepad.just_pressed(button))
            .map(|(_, toward)| toward)
            .sum();
        let stick = gamepad.left_stick();
        direction += if dpad != Vec2::ZERO {
            dpad
        } else if stick.length() >= STICK_THRESHOLD {
            stick
        } else {
            Vec2::ZERO
        };
    }
    direction
}

fn read_keys_and_gamepads(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    gamepads: Query<&Gamepad>,
    egui: Option<Res<EguiWantsInput>>,
    time: Res<Time>,
    mut held: Local<HeldDirection>,
    mut intents: MessageWriter<GameIntent>,
) {
    if egui.is_some_and(|egui| egui.wants_any_keyboard_input()) {
        // A menu button has the focus: keys and gamepad are egui's.
        held.direction = None;
        return;
    }
    let mut direction = gamepad_direction(&gamepads);
    if let Some(keys) = &keys {
        for (key, intent) in KEY_INTENTS {
            if keys.just_pressed(key) {
                intents.write(intent);
            }
        }
        if keys.just_pressed(KeyCode::Tab) {
            let back = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
            intents.write(if back {
                GameIntent::PrevHandPiece
            } else {
                GameIntent::NextHandPiece
            });
        }
        for (key, toward) in ARROWS {
            // A tap shorter than a frame is just pressed, no longer pressed.
            if keys.pressed(key) || keys.just_pressed(key) {
                direction += toward;
            }
        }
    }
    for gamepad in &gamepads {
        for (button, intent) in BUTTON_INTENTS {
            if gamepad.just_pressed(button) {
                intents.write(intent);
            }
        }
    }
    if let Some(step) = held.step(direction, time.delta_secs()) {
        intents.write(GameIntent::MoveCursor(step));
    }
}

/// The mouse is in use: the keyboard cursor hides.
fn hide_cursor_for_the_mouse(
    motion: Res<AccumulatedMouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut cursor: ResMut<BoardCursor>,
) {
    if motion.delta != Vec2::ZERO || buttons.get_just_pressed().next().is_some() {
        cursor.set_visible(false);
    }
}

fn track_pointer(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    area: Res<BoardArea>,
    layout: Res<BoardLayout>,
    cursor: Res<BoardCursor>,
    mut hovered: ResMut<HoveredCell>,
) {
    if cursor.visible() {
        let cell = cursor.plane().map(|plane| (plane, layout.hex_at(plane)));
        hovered.set_if_neq(HoveredCell(cell));
        return;
    }
    let (camera, camera_transform) = *camera;
    let cell = window
        .cursor_position()
        .filter(|&at| area.0.is_none_or(|rect| rect.contains(at)))
        .and_then(|at| camera.viewport_to_world_2d(camera_transform, at).ok())
        .map(world_to_plane)
        .map(|plane| (plane, layout.hex_at(plane)));
    hovered.set_if_neq(HoveredCell(cell));
}

fn read_clicks(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window>,
    area: Res<BoardArea>,
    hovered: Res<HoveredCell>,
    mut intents: MessageWriter<GameIntent>,
) {
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let over_board = window
        .cursor_position()
        .is_some_and(|at| area.0.is_none_or(|rect| rect.contains(at)));
    let cell = hovered.0.filter(|_| over_board).map(|(plane, _)| plane);
    intents.write(GameIntent::Click(cell));
}

/// Hands keys and gamepad to egui when a menu has them: keeps Tab from egui
/// while the board uses it, turns "menu" into focusing the first button,
/// and the gamepad's d-pad, A and B into egui's focus keys (arrows, Enter,
/// Escape) on the main menu, the game-over dialog, in review and once a
/// button has the focus.
#[allow(clippy::too_many_arguments)]
fn drive_egui_focus(
    screen: Res<State<Screen>>,
    turn: Option<Res<State<Turn>>>,
    wants: Option<Res<EguiWantsInput>>,
    gamepads: Query<&Gamepad>,
    time: Res<Time>,
    mut intents: MessageReader<GameIntent>,
    mut held: Local<HeldDirection>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    mut focus_top_bar: ResMut<FocusTopBar>,
) {
    let Ok(mut input) = inputs.single_mut() else {
        return;
    };
    let focused = wants.is_some_and(|wants| wants.wants_keyboard_input());
    let board_has_keys = *screen.get() == Screen::Playing
        && turn.is_some_and(|turn| matches!(turn.get(), Turn::AwaitingInput | Turn::Animating))
        && !focused;
    // Focus the first button, or give the keys back to the board.
    let toggle = if focused {
        egui::Key::Escape
    } else {
        egui::Key::Tab
    };
    let mut keys = Vec::new();
    if intents.read().any(|intent| *intent == GameIntent::Menu) {
        if !focused && *screen.get() == Screen::Playing {
            focus_top_bar.0 = true;
        } else {
            keys.push(toggle);
        }
    }
    if board_has_keys {
        input.events.retain(|event| {
            !matches!(
                event,
                egui::Event::Key {
                    key: egui::Key::Tab,
                    ..
                }
            )
        });
        held.direction = None;
    } else {
        let activate = if focused {
            egui::Key::Enter
        } else {
            egui::Key::Tab
        };
        for gamepad in &gamepads {
            if gamepad.just_pressed(GamepadButton::South) {
                keys.push(activate);
            }
            if gamepad.just_pressed(GamepadButton::East) && focused {
                keys.push(egui::Key::Escape);
            }
            // In a game without focus, Start is read as the "menu" intent.
            if gamepad.just_pressed(GamepadButton::Start)
                && (focused || *screen.get() != Screen::Playing)
            {
                keys.push(toggle);
            }
        }
        if let Some(step) = held.step(gamepad_direction(&gamepads), time.delta_secs()) {
            keys.push(if !focused {
                egui::Key::Tab
            } else if step.x.abs() > step.y.abs() {
                if step.x > 0.0 {
                    egui::Key::ArrowRight
                } else {
                    egui::Key::ArrowLeft
                }
            } else if step.y > 0.0 {
                egui::Key::ArrowUp
            } else {
                egui::Key::ArrowDown
            });
        }
    }
    for key in keys {
        for pressed in [true, false] {
            input.events.push(egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::input::InputPlugin;
    use bevy::input::gamepad::{
        GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
    };
    use bevy::state::app::StatesPlugin;

    use super::*;

    /// An app with only the egui bridge, an egui context's input and a
    /// gamepad.
    fn bridge() -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
        app.init_state::<Screen>();
        app.add_sub_state::<Turn>();
        app.add_message::<GameIntent>();
        app.init_resource::<EguiWantsInput>();
        app.init_resource::<FocusTopBar>();
        app.add_systems(Update, drive_egui_focus);
        let context = app
            .world_mut()
            .spawn((EguiInput::default(), PrimaryEguiContext))
            .id();
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
        (app, context, gamepad)
    }

    fn button(app: &mut App, gamepad: Entity, button: GamepadButton, value: f32) {
        app.world_mut()
            .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                gamepad, button, value,
            )));
        app.update();
    }

    /// The keys pressed into egui since the last call.
    fn pressed(app: &mut App, context: Entity) -> Vec<egui::Key> {
        let mut input = app
            .world_mut()
            .get_mut::<EguiInput>(context)
            .expect("the context has input");
        let keys = input
            .events
            .iter()
            .filter_map(|event| match event {
                egui::Event::Key {
                    key, pressed: true, ..
                } => Some(*key),
                _ => None,
            })
            .collect();
        input.events.clear();
        keys
    }

    #[test]
    fn on_the_main_menu_the_gamepad_moves_egui_focus() {
        let (mut app, context, gamepad) = bridge();
        for which in [
            GamepadButton::South,
            GamepadButton::DPadDown,
            GamepadButton::Start,
        ] {
            button(&mut app, gamepad, which, 1.0);
            // Nothing has the focus yet: any of them focuses the first button.
            assert_eq!(
                pressed(&mut app, context),
                vec![egui::Key::Tab],
                "{which:?}"
            );
            button(&mut app, gamepad, which, 0.0);
            assert_eq!(pressed(&mut app, context), Vec::new());
        }
    }

    #[test]
    fn in_a_game_tab_is_the_boards_and_menu_focuses_the_panels() {
        let (mut app, context, gamepad) = bridge();
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
        app.update();
        assert_eq!(
            app.world().get_resource::<State<Turn>>().map(|t| *t.get()),
            Some(Turn::AwaitingInput)
        );
        pressed(&mut app, context);
        // A Tab from the keyboard does not reach egui.
        let tab = egui::Event::Key {
            key: egui::Key::Tab,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        app.world_mut()
            .get_mut::<EguiInput>(context)
            .expect("the context has input")
            .events
            .push(tab);
        app.update();
        assert_eq!(pressed(&mut app, context), Vec::new());
        // The gamepad drives the board, not egui.
        button(&mut app, gamepad, GamepadButton::South, 1.0);
        assert_eq!(pressed(&mut app, context), Vec::new());
        // "Menu" asks the top bar to focus its first button (no Tab, which
        // would focus whatever egui drew first).
        assert_eq!(*app.world().resource::<FocusTopBar>(), FocusTopBar(false));
        app.world_mut().write_message(GameIntent::Menu);
        app.update();
        assert_eq!(pressed(&mut app, context), Vec::new());
        assert_eq!(*app.world().resource::<FocusTopBar>(), FocusTopBar(true));
    }
}
