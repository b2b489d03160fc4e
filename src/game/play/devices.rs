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
//! (Restart, through `FocusTopBar`), not whichever widget egui drew
//! first (the Hint button floats over the board). Tab is kept from egui while the board has the keys, so it
//! cycles pieces in hand instead of focusing a button.
//!
//! This half runs without a window (headless tests drive it with Bevy
//! input messages); the pointer (`pointer`: the cell under the mouse, for
//! clicks and the stack inspector) and the bridge to egui (`egui_focus`)
//! need the window.

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::game::board::BoardInput;
use crate::game::core::{GameSystems, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameIntent>();
    app.init_resource::<InputDevice>();
    app.add_systems(
        Update,
        read_keys_and_gamepads
            .in_set(GameSystems::Input)
            .in_set(ReadDevices)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The device the player used last: the help line and the messages name
/// its keys or buttons.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum InputDevice {
    /// The mouse (a click, a drag).
    #[default]
    Mouse,
    /// The keyboard's board keys.
    Keyboard,
    /// A gamepad.
    Gamepad,
}

impl InputDevice {
    /// The message saying how the player picks a cell with this device
    /// ("click", "choose (arrows, then Enter)", ...): a `notice-pick-*` key.
    pub fn pick_key(self) -> &'static str {
        match self {
            InputDevice::Mouse => "notice-pick-mouse",
            InputDevice::Keyboard => "notice-pick-keyboard",
            InputDevice::Gamepad => "notice-pick-gamepad",
        }
    }

    /// The device as messages select on it (`$device`): `mouse`,
    /// `keyboard` or `gamepad`.
    pub fn code(self) -> &'static str {
        match self {
            InputDevice::Mouse => "mouse",
            InputDevice::Keyboard => "keyboard",
            InputDevice::Gamepad => "gamepad",
        }
    }
}

/// Reading the devices into [`GameIntent`]s; what acts on them runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReadDevices;

/// What a player asks for, whatever the device.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum GameIntent {
    /// Move the board cursor toward this direction on screen (x right, y up).
    MoveCursor(Vec2),
    /// A left click (the button pressed), on this board cell (plane
    /// coordinates) or elsewhere.
    Click(Option<IVec2>),
    /// The left button released, over this board cell or elsewhere: ends a
    /// drag (see `drag`).
    Release(Option<IVec2>),
    /// A piece in hand picked up to drag onto the board.
    Grab(crate::rules::Piece),
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
pub(super) struct HeldDirection {
    pub(super) direction: Option<Vec2>,
    wait: f32,
}

impl HeldDirection {
    pub(super) fn step(&mut self, direction: Vec2, seconds: f32) -> Option<Vec2> {
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
pub(super) fn gamepad_direction(gamepads: &Query<&Gamepad>) -> Vec2 {
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
    input: BoardInput,
    time: Res<Time>,
    mut held: Local<HeldDirection>,
    (mut intents, mut device): (MessageWriter<GameIntent>, ResMut<InputDevice>),
) {
    if !input.keys() {
        // A text field, a menu or a focused button: keys and gamepad are
        // egui's.
        held.direction = None;
        return;
    }
    let mut direction = gamepad_direction(&gamepads);
    if direction != Vec2::ZERO
        || gamepads
            .iter()
            .any(|pad| BUTTON_INTENTS.iter().any(|&(b, _)| pad.just_pressed(b)))
    {
        device.set_if_neq(InputDevice::Gamepad);
    }
    if let Some(keys) = &keys {
        let board_keys = KEY_INTENTS
            .iter()
            .map(|&(key, _)| key)
            .chain(ARROWS.iter().map(|&(key, _)| key))
            .chain([KeyCode::Tab]);
        if keys.any_just_pressed(board_keys) {
            device.set_if_neq(InputDevice::Keyboard);
        }
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
