//! The bridge between the board's keys and egui's focus. Needs a window.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiInput, PrimaryEguiContext, egui};

use super::devices::{GameIntent, HeldDirection, gamepad_direction};
use crate::game::core::{CurrentMode, Screen};

/// The top bar's first button should take the keyboard focus (the "menu"
/// intent in a game): the HUD, which draws the bar, focuses it.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FocusTopBar;

/// Hands keys and gamepad to egui when a menu has them: keeps Tab from egui
/// while the board uses it, turns "menu" into focusing the first button,
/// and the gamepad's d-pad, A and B into egui's focus keys (arrows, Enter,
/// Escape) on the main menu, the game-over dialog, in review and once a
/// button has the focus.
#[allow(clippy::too_many_arguments)]
pub(super) fn drive_egui_focus(
    (screen, mode): (Res<State<Screen>>, CurrentMode),
    wants: Option<Res<EguiWantsInput>>,
    gamepads: Query<&Gamepad>,
    time: Res<Time>,
    mut intents: MessageReader<GameIntent>,
    mut held: Local<HeldDirection>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    mut focus_top_bar: MessageWriter<FocusTopBar>,
) {
    let Ok(mut input) = inputs.single_mut() else {
        return;
    };
    let focused = wants.is_some_and(|wants| wants.wants_keyboard_input());
    let board_has_keys = mode.get().in_play() && !focused;
    // Focus the first button, or give the keys back to the board.
    let toggle = if focused {
        egui::Key::Escape
    } else {
        egui::Key::Tab
    };
    let mut keys = Vec::new();
    if intents.read().any(|intent| *intent == GameIntent::Menu) {
        if !focused && *screen.get() == Screen::Playing {
            focus_top_bar.write(FocusTopBar);
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
    use crate::game::core::{AnalysisSwitch, Players, Turn};

    /// An app with only the egui bridge, an egui context's input and a
    /// gamepad.
    fn bridge() -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
        app.init_state::<Screen>();
        app.add_sub_state::<Turn>();
        app.add_message::<GameIntent>();
        app.init_resource::<EguiWantsInput>();
        app.add_message::<FocusTopBar>();
        app.init_resource::<Players>();
        app.init_resource::<AnalysisSwitch>();
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
        assert!(app.world().resource::<Messages<FocusTopBar>>().is_empty());
        app.world_mut().write_message(GameIntent::Menu);
        app.update();
        assert_eq!(pressed(&mut app, context), Vec::new());
        assert_eq!(app.world().resource::<Messages<FocusTopBar>>().len(), 1);
    }
}
