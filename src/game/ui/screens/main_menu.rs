//! The title screen and main menu: the game's name over a row of the
//! theme's tiles; on the left what to play (new game, resume, load, import,
//! the other screens), on the right, on one grid whose rows never move (a row that does
//! not apply is greyed, not hidden), how: start a game against another person at the same screen or
//! against the AI (its preset, and which side the human plays), or watch the
//! AI play itself (each side's preset), with a choice of expansions
//! (Mosquito, Ladybug, Pillbug) and of when the AI shows the destinations it
//! considered, how fast pieces move, the language and the sounds; resume the autosaved game, load or
//! import one, set the draw rules; or quit, from the row under the part
//! that scrolls, always in sight.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Difficulty;
use crate::game::ai::SetAnalysis;
use crate::game::board::AnimationSettings;
use crate::game::core::{ConsideredDestinations, HumanSide, NewGameSettings, Opponent};
use crate::game::core::{LaunchSettings, Screen, Settings, Words};
use crate::game::learn::EditorRequest;

use super::menu_records::MenuRecords;
use super::preferences::{language_box, rules_box, sound_row};
use crate::game::theme::Theme;
use crate::game::ui::hud::hands::HandArt;
use crate::records::{PlayKind, TimeControl};
use crate::rules::{Bug, Color, Piece};
use crate::text::{Args, Texts};

const BUTTON_SIZE: egui::Vec2 = egui::vec2(220.0, 34.0);

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

/// The menu's size: fixed, so no control moves when another is switched,
/// unless the window is smaller (then it fills the window and scrolls).
const MENU_SIZE: egui::Vec2 = egui::vec2(820.0, 640.0);

/// The room of the menu's last row (Quit), under the part that scrolls.
const FOOTER_HEIGHT: f32 = 50.0;

/// The left column's width (the buttons and a margin).
const LEFT_COLUMN: f32 = 240.0;

pub(super) use super::waiting::{WaitingAnswer, ask_about_waiting_game};
use super::waiting::{ask_about_waiting_exhibition, waiting_to_ask_about};

fn draw_main_menu(
    mut contexts: EguiContexts,
    (mut next, mut settings, mut launch): (
        ResMut<NewGameSettings>,
        ResMut<Settings>,
        ResMut<LaunchSettings>,
    ),
    mut next_screen: ResMut<NextState<Screen>>,
    (mut exit, mut analysis, theme): (
        MessageWriter<AppExit>,
        MessageWriter<SetAnalysis>,
        Option<Res<Theme>>,
    ),
    mut records: MenuRecords,
    (mut local, mut editor, words): (Local<MenuState>, MessageWriter<EditorRequest>, Res<Words>),
) -> Result {
    let art = theme.map(|theme| HandArt::new(&mut contexts, &theme));
    let ctx = contexts.ctx_mut()?;
    let MenuState { asking, languages } = &mut *local;
    // Edit copies so the resources only read as changed (and the settings
    // are only saved) when a box is ticked.
    let mut prefs = settings.clone();
    let mut chosen = prefs.game_type;
    let (mut opponent, mut difficulty, mut human_side) =
        (prefs.opponent, prefs.difficulty, prefs.human_side);
    let mut time_control = next.time_control;
    let mut analysis_board = false;
    let mut pause_unfocused = next.pause_clock_unfocused;
    let mut language_picked = false;
    if let Some(kind) = *asking {
        let answer = match kind {
            PlayKind::Exhibition => ask_about_waiting_exhibition(ctx, &words),
            _ => ask_about_waiting_game(ctx, &words, &mut prefs.ask_before_leaving),
        };
        match answer {
            Some(WaitingAnswer::NewGame) => {
                *asking = None;
                next_screen.set(Screen::Playing);
            }
            Some(WaitingAnswer::Resume) => {
                *asking = None;
                records.resume_kind(kind);
            }
            Some(WaitingAnswer::Cancel) => *asking = None,
            None => {}
        }
    }
    let analysis_waiting = records.waiting(PlayKind::Analysis);
    // At most the window's size, less a margin; a short window scrolls.
    let room = ctx.content_rect().size() - egui::vec2(16.0, 16.0);
    let size = MENU_SIZE.min(room).max(egui::vec2(300.0, 200.0));
    egui::Window::new("Hive")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .fixed_size(size)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            // Quit (and the last notice) below the part that scrolls, so
            // it is always in sight.
            let scroll = egui::ScrollArea::vertical().max_height(size.y - FOOTER_HEIGHT);
            scroll.show(ui, |ui| {
                title(ui, &words, art.as_ref());
                ui.add_space(10.0);
                ui.horizontal_top(|ui| {
                    let left_size = egui::vec2(LEFT_COLUMN.min(size.x * 0.4), 0.0);
                    let left_layout = egui::Layout::top_down(egui::Align::Center);
                    ui.allocate_ui_with_layout(left_size, left_layout, |ui| {
                        ui.set_width(left_size.x);
                        ui.label(egui::RichText::new(words.get("menu-play")).strong());
                        ui.add_space(4.0);
                        if ui
                            .add(
                                egui::Button::new(words.get("menu-new-game")).min_size(BUTTON_SIZE),
                            )
                            .on_hover_text(words.get("menu-new-game-tip"))
                            .clicked()
                        {
                            *asking = waiting_to_ask_about(
                                |k| records.waiting(k),
                                opponent,
                                prefs.ask_before_leaving,
                            );
                            if asking.is_none() {
                                next_screen.set(Screen::Playing);
                            }
                        }
                        records.game_buttons(ui, BUTTON_SIZE);
                        if ui
                            .add(egui::Button::new(words.get("menu-games")).min_size(BUTTON_SIZE))
                            .on_hover_text(words.get("menu-games-tip"))
                            .clicked()
                        {
                            next_screen.set(Screen::Games);
                        }
                        if ui
                            .add(egui::Button::new(words.get("menu-learn")).min_size(BUTTON_SIZE))
                            .on_hover_text(words.get("menu-learn-tip"))
                            .clicked()
                        {
                            next_screen.set(Screen::Lessons);
                        }
                        if ui
                            .add(egui::Button::new(words.get("menu-puzzles")).min_size(BUTTON_SIZE))
                            .on_hover_text(words.get("menu-puzzles-tip"))
                            .clicked()
                        {
                            next_screen.set(Screen::Puzzles);
                        }
                        if ui
                            .add(
                                egui::Button::new(words.get("menu-analysis-board"))
                                    .min_size(BUTTON_SIZE),
                            )
                            .on_hover_text(words.get(if analysis_waiting {
                                "menu-analysis-board-resume-tip"
                            } else {
                                "menu-analysis-board-tip"
                            }))
                            .clicked()
                        {
                            // The position left there, if any; else an
                            // empty board.
                            opponent = Opponent::Human;
                            analysis_board = true;
                            if analysis_waiting {
                                records.resume_kind(PlayKind::Analysis);
                            } else {
                                next_screen.set(Screen::Playing);
                            }
                        }
                        if ui
                            .add(
                                egui::Button::new(words.get("editor-menu-button"))
                                    .min_size(BUTTON_SIZE),
                            )
                            .on_hover_text(words.get("editor-menu-tip"))
                            .clicked()
                        {
                            editor.write(EditorRequest::OpenEmpty(chosen));
                        }
                    });
                    ui.vertical(|right| {
                        right.label(egui::RichText::new(words.get("menu-new-game")).strong());
                        right.add_space(4.0);
                        egui::Grid::new("menu_grid")
                            .num_columns(2)
                            .spacing([12.0, 7.0])
                            .show(right, |ui| {
                                ui.label(words.get("menu-opponent"))
                                    .on_hover_text(words.get("menu-opponent-tip"));
                                ui.horizontal(|ui| {
                                    ui.radio_value(
                                        &mut opponent,
                                        Opponent::Human,
                                        words.get("menu-human"),
                                    )
                                    .on_hover_text(words.get("menu-human-tip"));
                                    ui.radio_value(
                                        &mut opponent,
                                        Opponent::Ai,
                                        words.get("menu-ai"),
                                    )
                                    .on_hover_text(words.get("menu-ai-tip"));
                                    let exhibition =
                                        matches!(opponent, Opponent::Exhibition { .. });
                                    if ui
                                        .radio(exhibition, words.get("menu-ai-vs-ai"))
                                        .on_hover_text(words.get("menu-ai-vs-ai-tip"))
                                        .clicked()
                                        && !exhibition
                                    {
                                        opponent = Opponent::Exhibition {
                                            white: difficulty,
                                            black: difficulty,
                                        };
                                    }
                                });
                                ui.end_row();

                                let against_ai = opponent == Opponent::Ai;
                                tip(
                                    ui.add_enabled(
                                        against_ai,
                                        egui::Label::new(words.get("menu-ai-level")),
                                    ),
                                    words.get("menu-ai-level-tip"),
                                );
                                ui.add_enabled_ui(against_ai, |ui| {
                                    preset_box(ui, &words, "ai_level", &mut difficulty);
                                });
                                ui.end_row();

                                tip(
                                    ui.add_enabled(
                                        against_ai,
                                        egui::Label::new(words.get("menu-you-play")),
                                    ),
                                    words.get("menu-you-play-tip"),
                                );
                                ui.add_enabled_ui(against_ai, |ui| {
                                    ui.horizontal(|ui| {
                                        for side in HumanSide::ALL {
                                            ui.radio_value(
                                                &mut human_side,
                                                side,
                                                words.get(side_key(side)),
                                            )
                                            .on_hover_text(match side {
                                                HumanSide::Random => words.get("menu-random-tip"),
                                                _ => words.get("menu-white-first-tip"),
                                            });
                                        }
                                    });
                                });
                                ui.end_row();

                                let exhibition = matches!(opponent, Opponent::Exhibition { .. });
                                let (mut white, mut black) = match opponent {
                                    Opponent::Exhibition { white, black } => (white, black),
                                    _ => (difficulty, difficulty),
                                };
                                tip(
                                    ui.add_enabled(
                                        exhibition,
                                        egui::Label::new(words.get("menu-ai-vs-ai")),
                                    ),
                                    words.get("menu-exhibition-tip"),
                                );
                                ui.add_enabled_ui(exhibition, |ui| {
                                    ui.horizontal(|ui| {
                                        ui.label(words.get("menu-white"));
                                        preset_box(ui, &words, "white_ai", &mut white);
                                        ui.label(words.get("menu-black"));
                                        preset_box(ui, &words, "black_ai", &mut black);
                                    });
                                });
                                if exhibition {
                                    opponent = Opponent::Exhibition { white, black };
                                }
                                ui.end_row();

                                let any_ai = opponent != Opponent::Human;
                                tip(
                                    ui.add_enabled(
                                        any_ai,
                                        egui::Label::new(words.get("menu-ai-cells")),
                                    ),
                                    words.get("menu-ai-cells-tip"),
                                );
                                ui.add_enabled_ui(any_ai, |ui| {
                                    let mut shown = prefs.ai_shows_considered;
                                    egui::ComboBox::from_id_salt("considered")
                                        .selected_text(words.get(considered_key(shown)))
                                        .show_ui(ui, |ui| {
                                            for choice in ConsideredDestinations::ALL {
                                                ui.selectable_value(
                                                    &mut shown,
                                                    choice,
                                                    words.get(considered_key(choice)),
                                                );
                                            }
                                        });
                                    prefs.ai_shows_considered = shown;
                                });
                                ui.end_row();

                                ui.label(words.get("menu-clock"))
                                    .on_hover_text(words.get("menu-clock-tip"));
                                clock_row(ui, &words, &mut time_control);
                                ui.end_row();

                                ui.label("");
                                ui.add_enabled(
                                    time_control.is_some(),
                                    egui::Checkbox::new(
                                        &mut pause_unfocused,
                                        words.get("menu-clock-pause"),
                                    ),
                                )
                                .on_hover_text(words.get("menu-clock-pause-tip"));
                                ui.end_row();

                                ui.label(words.get("menu-expansions"))
                                    .on_hover_text(words.get("menu-expansions-tip"));
                                ui.horizontal(|ui| {
                                    ui.checkbox(&mut chosen.mosquito, words.bug(Bug::Mosquito, 1))
                                        .on_hover_text(words.get("menu-mosquito-tip"));
                                    ui.checkbox(&mut chosen.ladybug, words.bug(Bug::Ladybug, 1))
                                        .on_hover_text(words.get("menu-ladybug-tip"));
                                    ui.checkbox(&mut chosen.pillbug, words.bug(Bug::Pillbug, 1))
                                        .on_hover_text(words.get("menu-pillbug-tip"));
                                });
                                ui.end_row();

                                ui.label(words.get("menu-animations"))
                                    .on_hover_text(words.get("menu-animations-tip"));
                                ui.horizontal(|ui| {
                                    let current =
                                        AnimationSettings::at_speed(prefs.animation_speed).speed();
                                    for (name, speed) in AnimationSettings::SPEEDS {
                                        let on = (current - speed).abs() < 0.01;
                                        let name = format!("menu-speed-{}", name.to_lowercase());
                                        if ui.radio(on, words.get(&name)).clicked() && !on {
                                            prefs.animation_speed = speed;
                                        }
                                    }
                                });
                                ui.end_row();

                                ui.label(words.get("menu-language"))
                                    .on_hover_text(words.get("menu-language-tip"));
                                language_picked =
                                    language_box(ui, &words, &mut prefs.language, languages);
                                ui.end_row();

                                ui.label(words.get("menu-sound"))
                                    .on_hover_text(words.get("menu-sound-tip"));
                                sound_row(ui, &words, &mut prefs);
                                ui.end_row();

                                ui.label(words.get("menu-rules"))
                                    .on_hover_text(words.get("menu-rules-tip"));
                                ui.vertical(|ui| rules_box(ui, &words, &mut prefs));
                                ui.end_row();
                            });
                    });
                });
            });
            ui.separator();
            ui.horizontal(|ui| {
                let quit = egui::Button::new(words.get("menu-quit")).min_size(BUTTON_SIZE);
                if ui
                    .add(quit)
                    .on_hover_text(words.get("menu-quit-tip"))
                    .clicked()
                {
                    exit.write(AppExit::Success);
                }
                records.notice(ui);
            });
        });
    (prefs.opponent, prefs.difficulty, prefs.human_side) = (opponent, difficulty, human_side);
    if (time_control, pause_unfocused) != (next.time_control, next.pause_clock_unfocused) {
        next.time_control = time_control;
        next.pause_clock_unfocused = pause_unfocused;
    }
    if analysis_board {
        next.time_control = None;
        // A resumed board turns the analysis on as it opens.
        if !analysis_waiting {
            analysis.write(SetAnalysis(true));
        }
    }
    if chosen != prefs.game_type {
        prefs.game_type = chosen;
        // A position given at launch only applies to its own game type.
        next.opening = None;
    }
    if language_picked {
        // The player's pick wins over `--lang` from now on.
        launch.lang = None;
    }
    settings.set_if_neq(prefs);
    Ok(())
}

/// The time control: none, a preset, or custom minutes plus increment.
fn clock_row(ui: &mut egui::Ui, words: &Texts, control: &mut Option<TimeControl>) {
    let custom = control.is_some_and(|c| !TimeControl::PRESETS.contains(&c));
    let shown = match control {
        None => words.get("menu-clock-none"),
        Some(c) if custom => words.format(
            "menu-clock-custom-value",
            &Args::new().with("control", c.to_string()),
        ),
        Some(c) => c.to_string(),
    };
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("clock")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(control, None, words.get("menu-clock-none"));
                for preset in TimeControl::PRESETS {
                    ui.selectable_value(control, Some(preset), preset.to_string());
                }
                if ui
                    .selectable_label(custom, words.get("menu-clock-custom"))
                    .clicked()
                    && !custom
                {
                    *control = Some(TimeControl::minutes(3, 2));
                }
            });
        if let Some(c) = control.as_mut().filter(|_| custom) {
            let mut minutes = c.base.as_secs() / 60;
            let mut increment = c.increment.as_secs();
            let minutes_field = egui::DragValue::new(&mut minutes)
                .range(1..=180)
                .clamp_existing_to_range(false)
                .suffix(words.get("menu-minutes-suffix"));
            let mut changed = ui.add(minutes_field).changed();
            ui.label("+");
            let increment_field = egui::DragValue::new(&mut increment)
                .range(0..=60)
                .suffix(words.get("menu-seconds-suffix"));
            changed |= ui.add(increment_field).changed();
            // Only an edit rewrites it (a control from the command line may
            // have seconds the fields do not show).
            if changed {
                *c = TimeControl::minutes(minutes, increment);
            }
        }
    });
}

/// What the menu keeps between frames.
#[derive(Default)]
struct MenuState {
    /// "New game" waits for the answer about the game of this kind waiting
    /// in its autosave.
    asking: Option<PlayKind>,
    /// The languages to choose from (read once).
    languages: super::preferences::Languages,
}

/// The key of a side's choice.
fn side_key(side: HumanSide) -> &'static str {
    match side {
        HumanSide::White => "menu-white",
        HumanSide::Black => "menu-black",
        HumanSide::Random => "menu-random",
    }
}

/// The key of a choice of when the AI shows its cells.
fn considered_key(choice: ConsideredDestinations) -> &'static str {
    match choice {
        ConsideredDestinations::EasyPresets => "menu-considered-easy",
        ConsideredDestinations::Always => "menu-considered-always",
        ConsideredDestinations::Never => "menu-considered-never",
    }
}

/// A tooltip shown whether the control is enabled or greyed.
fn tip(response: egui::Response, text: String) -> egui::Response {
    response
        .on_hover_text(text.clone())
        .on_disabled_hover_text(text)
}

/// A choice of AI preset.
fn preset_box(ui: &mut egui::Ui, words: &Texts, id: &str, preset: &mut Difficulty) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(crate::game::ui::difficulty_name(words, *preset))
        .show_ui(ui, |ui| {
            for choice in Difficulty::ALL {
                ui.selectable_value(
                    preset,
                    choice,
                    crate::game::ui::difficulty_name(words, choice),
                );
            }
        });
}

/// The game's name over a row of the theme's tiles (White and Black in
/// turn, the five bugs of the base game).
fn title(ui: &mut egui::Ui, words: &Texts, art: Option<&HandArt>) {
    let width = ui.max_rect().width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 78.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.text(
        rect.center_top(),
        egui::Align2::CENTER_TOP,
        "HIVE",
        egui::FontId::proportional(46.0),
        crate::game::ui::widgets::style::notice_color(ui.ctx()),
    );
    painter.text(
        rect.center_bottom(),
        egui::Align2::CENTER_BOTTOM,
        words.get("menu-subtitle"),
        egui::FontId::proportional(14.0),
        ui.visuals().weak_text_color(),
    );
    let Some(art) = art else {
        return;
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 70.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let bugs = [
        Bug::Queen,
        Bug::Ant,
        Bug::Grasshopper,
        Bug::Spider,
        Bug::Beetle,
    ];
    let step = 62.0;
    let first = rect.center().x - step * (bugs.len() as f32 - 1.0) / 2.0;
    for (k, bug) in bugs.into_iter().enumerate() {
        let side = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(piece) = Piece::new(side, bug, 1) else {
            continue;
        };
        // A honeycomb row: every other tile a little lower.
        let y = rect.center().y + if k % 2 == 0 { -6.0 } else { 6.0 };
        art.paint_piece(&painter, piece, egui::pos2(first + step * k as f32, y));
    }
}
