//! The keyboard handed to egui one key at a time, each with the modifiers
//! held when it was pressed. bevy_egui reads the modifiers of a whole frame
//! first and then every key with the modifiers held at the frame's end, so
//! at a few frames a second Ctrl+A (Ctrl down, A down, A up, Ctrl up within
//! one frame) reached a text field as a plain "a". Its own keyboard reader
//! is turned off for this one; pointer, wheel and IME input stay its own.

use bevy::input::keyboard::{Key, KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::input::{EguiInputEvent, ModifierKeysState};
use bevy_egui::{
    EguiClipboard, EguiGlobalSettings, EguiInputSet, PrimaryEguiContext, egui, helpers,
};

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(Startup, take_over_the_keyboard);
    app.add_systems(
        PreUpdate,
        write_keys_in_order.in_set(EguiInputSet::ReadBevyMessages),
    );
}

fn take_over_the_keyboard(settings: Option<ResMut<EguiGlobalSettings>>) {
    if let Some(mut settings) = settings {
        settings
            .input_system_settings
            .run_write_keyboard_input_messages_system = false;
    }
}

/// Updates `held` with a modifier key's press or release.
fn hold(held: &mut ModifierKeysState, key: &Key, pressed: bool) {
    match key {
        Key::Shift => held.shift = pressed,
        Key::Control => held.ctrl = pressed,
        Key::Alt => held.alt = pressed,
        Key::Super | Key::Meta => held.win = pressed,
        _ => {}
    }
}

/// egui's events for one key message, with the modifiers `held` then.
pub(super) fn key_events(
    held: &ModifierKeysState,
    message: &KeyboardInput,
    clipboard: impl FnOnce() -> Option<String>,
) -> Vec<egui::Event> {
    let mut events = Vec::new();
    let pressed = message.state.is_pressed();
    if held.text_input_is_allowed() && pressed {
        match &message.logical_key {
            Key::Character(text) if !text.chars().any(char::is_control) => {
                events.push(egui::Event::Text(text.to_string()));
            }
            Key::Space => events.push(egui::Event::Text(" ".to_string())),
            _ => {}
        }
    }
    let physical_key = helpers::bevy_to_egui_physical_key(&message.key_code);
    let Some(key) = helpers::bevy_to_egui_key(&message.logical_key).or(physical_key) else {
        return events;
    };
    let modifiers = held.to_egui_modifiers();
    events.push(egui::Event::Key {
        key,
        physical_key,
        pressed,
        repeat: false,
        modifiers,
    });
    if modifiers.command && pressed {
        match key {
            egui::Key::C => events.push(egui::Event::Copy),
            egui::Key::X => events.push(egui::Event::Cut),
            egui::Key::V => events.extend(clipboard().map(egui::Event::Text)),
            _ => {}
        }
    }
    events
}

fn write_keys_in_order(
    mut keys: MessageReader<KeyboardInput>,
    mut focus_lost: MessageReader<KeyboardFocusLost>,
    context: Query<Entity, With<PrimaryEguiContext>>,
    mut clipboard: Option<ResMut<EguiClipboard>>,
    mut held: Local<ModifierKeysState>,
    mut out: MessageWriter<EguiInputEvent>,
) {
    if focus_lost.read().count() > 0 {
        *held = ModifierKeysState::default();
    }
    let Ok(context) = context.single() else {
        keys.clear();
        return;
    };
    for message in keys.read() {
        hold(&mut held, &message.logical_key, message.state.is_pressed());
        let paste = || {
            clipboard
                .as_mut()
                .and_then(|clipboard| clipboard.get_text())
        };
        for event in key_events(&held, message, paste) {
            out.write(EguiInputEvent { context, event });
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::KeyCode;

    use super::*;

    fn message(key: Key, code: KeyCode, state: ButtonState) -> KeyboardInput {
        KeyboardInput {
            key_code: code,
            logical_key: key,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn ctrl_a_within_one_frame_selects_and_types_nothing() {
        let mut held = ModifierKeysState::default();
        let frame = [
            message(Key::Control, KeyCode::ControlLeft, ButtonState::Pressed),
            message(
                Key::Character("a".into()),
                KeyCode::KeyA,
                ButtonState::Pressed,
            ),
            message(
                Key::Character("a".into()),
                KeyCode::KeyA,
                ButtonState::Released,
            ),
            message(Key::Control, KeyCode::ControlLeft, ButtonState::Released),
        ];
        let mut events = Vec::new();
        for key in &frame {
            hold(&mut held, &key.logical_key, key.state.is_pressed());
            events.extend(key_events(&held, key, || None));
        }
        assert!(
            !events.iter().any(|e| matches!(e, egui::Event::Text(_))),
            "{events:?}"
        );
        assert!(
            events.iter().any(|e| matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::A,
                    pressed: true,
                    modifiers,
                    ..
                } if modifiers.command
            )),
            "{events:?}"
        );
        // And a plain "a" afterwards types.
        let a = message(
            Key::Character("a".into()),
            KeyCode::KeyA,
            ButtonState::Pressed,
        );
        hold(&mut held, &a.logical_key, true);
        assert!(key_events(&held, &a, || None).contains(&egui::Event::Text("a".into())));
    }
}
