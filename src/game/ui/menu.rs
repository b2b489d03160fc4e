//! The main menu: start a local game with a choice of expansions (Mosquito,
//! Ladybug, Pillbug), or quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::new_game::NewGameSettings;
use crate::game::screens::Screen;

const BUTTON_SIZE: egui::Vec2 = egui::vec2(200.0, 32.0);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

fn draw_main_menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<NewGameSettings>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy so the resource only reads as changed when a box is ticked.
    let mut chosen = settings.game_type;
    egui::Window::new("Hive")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading("Hive");
                ui.add_space(12.0);
                if ui
                    .add(egui::Button::new("New local game").min_size(BUTTON_SIZE))
                    .clicked()
                {
                    next_screen.set(Screen::Playing);
                }
                ui.add_space(8.0);
                ui.label("Expansions");
                ui.checkbox(&mut chosen.mosquito, "Mosquito");
                ui.checkbox(&mut chosen.ladybug, "Ladybug");
                ui.checkbox(&mut chosen.pillbug, "Pillbug");
                ui.add_space(12.0);
                if ui
                    .add(egui::Button::new("Quit").min_size(BUTTON_SIZE))
                    .clicked()
                {
                    exit.write(AppExit::Success);
                }
            });
        });
    if chosen != settings.game_type {
        settings.game_type = chosen;
        // A position given at launch only applies to its own game type.
        settings.opening = None;
    }
    Ok(())
}
