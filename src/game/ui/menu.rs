//! The main menu: start a game against another person at the same screen or
//! against the AI (its preset, and which side the human plays), or watch the
//! AI play itself (each side's preset), with a choice of expansions
//! (Mosquito, Ladybug, Pillbug) and of when the AI shows the destinations it
//! considered, and how fast pieces move; resume the autosaved game, load or
//! import one, set the draw rules; or quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Difficulty;
use crate::game::ai::ConsideredDestinations;
use crate::game::board::AnimationSettings;
use crate::game::core::Screen;
use crate::game::core::{HumanSide, NewGameSettings, Opponent};

use super::records::MenuRecords;

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
    mut considered: ResMut<ConsideredDestinations>,
    mut animation: ResMut<AnimationSettings>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut records: MenuRecords,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy so the resource only reads as changed when a box is ticked.
    let mut chosen = settings.game_type;
    let (mut opponent, mut difficulty, mut human_side) =
        (settings.opponent, settings.difficulty, settings.human_side);
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
                    .add(egui::Button::new("New game").min_size(BUTTON_SIZE))
                    .clicked()
                {
                    next_screen.set(Screen::Playing);
                }
                records.game_buttons(ui, BUTTON_SIZE);
                ui.add_space(8.0);
                ui.label("Opponent");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut opponent, Opponent::Human, "Human");
                    ui.radio_value(&mut opponent, Opponent::Ai, "AI");
                    let exhibition = matches!(opponent, Opponent::Exhibition { .. });
                    if ui.radio(exhibition, "AI vs AI").clicked() && !exhibition {
                        opponent = Opponent::Exhibition {
                            white: difficulty,
                            black: difficulty,
                        };
                    }
                });
                if let Opponent::Exhibition { white, black } = &mut opponent {
                    for (label, preset) in [("White AI", white), ("Black AI", black)] {
                        egui::ComboBox::from_label(label)
                            .selected_text(preset.name())
                            .show_ui(ui, |ui| {
                                for choice in Difficulty::ALL {
                                    ui.selectable_value(preset, choice, choice.name());
                                }
                            });
                    }
                }
                if opponent != Opponent::Human {
                    let mut shown = *considered;
                    egui::ComboBox::from_label("AI shows the cells it considered")
                        .selected_text(shown.name())
                        .show_ui(ui, |ui| {
                            for choice in ConsideredDestinations::ALL {
                                ui.selectable_value(&mut shown, choice, choice.name());
                            }
                        });
                    considered.set_if_neq(shown);
                }
                if opponent == Opponent::Ai {
                    egui::ComboBox::from_label("AI level")
                        .selected_text(difficulty.name())
                        .show_ui(ui, |ui| {
                            for preset in Difficulty::ALL {
                                ui.selectable_value(&mut difficulty, preset, preset.name());
                            }
                        });
                    ui.label("You play");
                    ui.horizontal(|ui| {
                        for side in HumanSide::ALL {
                            ui.radio_value(&mut human_side, side, side.name());
                        }
                    });
                }
                ui.add_space(8.0);
                ui.label("Expansions");
                ui.checkbox(&mut chosen.mosquito, "Mosquito");
                ui.checkbox(&mut chosen.ladybug, "Ladybug");
                ui.checkbox(&mut chosen.pillbug, "Pillbug");
                ui.add_space(8.0);
                ui.label("Animations");
                ui.horizontal(|ui| {
                    let current = animation.speed();
                    for (name, speed) in AnimationSettings::SPEEDS {
                        let on = (current - speed).abs() < 0.01;
                        if ui.radio(on, name).clicked() && !on {
                            animation.set_if_neq(AnimationSettings::at_speed(speed));
                        }
                    }
                });
                ui.add_space(8.0);
                ui.label("Draw rules");
                records.settings(ui);
                ui.add_space(12.0);
                if ui
                    .add(egui::Button::new("Quit").min_size(BUTTON_SIZE))
                    .clicked()
                {
                    exit.write(AppExit::Success);
                }
            });
        });
    if (opponent, difficulty, human_side)
        != (settings.opponent, settings.difficulty, settings.human_side)
    {
        settings.opponent = opponent;
        settings.difficulty = difficulty;
        settings.human_side = human_side;
    }
    if chosen != settings.game_type {
        settings.game_type = chosen;
        // A position given at launch only applies to its own game type.
        settings.opening = None;
    }
    Ok(())
}
