//! The bar along the top of the window during a game: back to the main menu,
//! quit, and which game this is.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::new_game::NewGameSettings;
use crate::game::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_top_bar.run_if(in_state(Screen::Playing)),
    );
}

fn draw_top_bar(
    mut contexts: EguiContexts,
    settings: Res<NewGameSettings>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut window = super::window_ui(ctx, "top_bar_window");
    egui::Panel::top("top_bar").show(&mut window, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Main menu").clicked() {
                next_screen.set(Screen::MainMenu);
            }
            if ui.button("Quit").clicked() {
                exit.write(AppExit::Success);
            }
            ui.separator();
            ui.label(format!("Local game: {}", settings.expansions));
        });
    });
    Ok(())
}
