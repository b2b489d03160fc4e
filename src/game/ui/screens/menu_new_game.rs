//! The main menu's "New game" grid, one row a choice, rows that never move
//! (a row that does not apply is greyed, not hidden): the opponent, the
//! AI's level and the side the human plays, each side's preset in an
//! exhibition, when the AI shows the cells it considered, the clock,
//! the expansions, how fast pieces move, the language, the sounds and
//! the draw rules. Each row edits the menu's copy of what it sets.

use bevy_egui::egui;

use super::preferences::{Languages, language_box, rules_box, sound_row, theme_box};
use crate::ai::{Difficulty, LevelRatings, PlayerRating};
use crate::game::board::AnimationSettings;
use crate::game::core::ClockChoice;
use crate::game::core::{ConsideredDestinations, HumanSide, Opponent, Settings};
use crate::game::learn::Rating;
use crate::game::theme::{ThemeChoice, ThemeEntry};
use crate::game::widgets::difficulty_name;
use crate::records::TimeControl;
use crate::rules::{Bug, GameType};
use crate::text::{Args, Texts};

/// The grid under its heading; the moment a rated game ended when its
/// point of the rating's history was clicked (to open it).
pub(super) fn new_game_grid(
    ui: &mut egui::Ui,
    words: &Texts,
    (prefs, rating): (&mut Settings, &Rating),
    clock: &mut ClockChoice,
    (languages, choice, themes): (&mut Languages, &ThemeChoice, &mut Vec<ThemeEntry>),
) -> Option<u64> {
    let mut opened = None;
    ui.label(egui::RichText::new(words.get("menu-new-game")).strong());
    ui.add_space(4.0);
    egui::Grid::new("menu_grid")
        .num_columns(2)
        .spacing([12.0, 7.0])
        .show(ui, |ui| {
            opponent_row(ui, words, &mut prefs.opponent, prefs.difficulty);
            let against_ai = prefs.opponent == Opponent::Ai;
            level_row(ui, words, against_ai, &mut prefs.difficulty);
            opened = rating_row(ui, words, against_ai, rating, &mut prefs.difficulty);
            side_row(ui, words, against_ai, &mut prefs.human_side);
            exhibition_row(ui, words, &mut prefs.opponent, prefs.difficulty);
            let any_ai = prefs.opponent != Opponent::Human;
            considered_row(ui, words, any_ai, &mut prefs.ai_shows_considered);
            clock_rows(ui, words, clock);
            expansions_row(ui, words, &mut prefs.game_type);
            animations_row(ui, words, &mut prefs.animation_speed);
            language_row(ui, words, prefs, languages);
            ui.label(words.get("menu-theme"))
                .on_hover_text(words.get("menu-theme-tip"));
            theme_box(ui, words, prefs, choice, themes);
            ui.end_row();
            sound_and_rules_rows(ui, words, prefs);
        });
    opened
}

/// Another person, the AI, or AI vs AI (both sides at `level` at first).
fn opponent_row(ui: &mut egui::Ui, words: &Texts, opponent: &mut Opponent, level: Difficulty) {
    ui.label(words.get("menu-opponent"))
        .on_hover_text(words.get("menu-opponent-tip"));
    ui.horizontal(|ui| {
        ui.radio_value(opponent, Opponent::Human, words.get("menu-human"))
            .on_hover_text(words.get("menu-human-tip"));
        ui.radio_value(opponent, Opponent::Ai, words.get("menu-ai"))
            .on_hover_text(words.get("menu-ai-tip"));
        let exhibition = matches!(opponent, Opponent::Exhibition { .. });
        if ui
            .radio(exhibition, words.get("menu-ai-vs-ai"))
            .on_hover_text(words.get("menu-ai-vs-ai-tip"))
            .clicked()
            && !exhibition
        {
            *opponent = Opponent::Exhibition {
                white: level,
                black: level,
            };
        }
    });
    ui.end_row();
}

/// The AI's preset (against the AI).
fn level_row(ui: &mut egui::Ui, words: &Texts, against_ai: bool, level: &mut Difficulty) {
    tip(
        ui.add_enabled(against_ai, egui::Label::new(words.get("menu-ai-level"))),
        words.get("menu-ai-level-tip"),
    );
    ui.add_enabled_ui(against_ai, |ui| {
        preset_box(ui, words, "ai_level", level);
    });
    ui.end_row();
}

/// The player's rating against the levels: the number and its range, the
/// games, a line of its history, and the level to try next (a click picks
/// it).
fn rating_row(
    ui: &mut egui::Ui,
    words: &Texts,
    against_ai: bool,
    rating: &Rating,
    level: &mut Difficulty,
) -> Option<u64> {
    let mut opened = None;
    tip(
        ui.add_enabled(against_ai, egui::Label::new(words.get("menu-rating"))),
        words.get("menu-rating-tip"),
    );
    ui.add_enabled_ui(against_ai, |ui| {
        ui.horizontal(|ui| {
            if let Some(err) = &rating.unreadable {
                let text = crate::game::learn::rating::unreadable_in_words(words, err);
                ui.label(egui::RichText::new(text).color(ui.visuals().warn_fg_color));
                return;
            }
            let player = &rating.player;
            let games = player.history.len();
            if games == 0 {
                ui.label(egui::RichText::new(words.get("menu-rating-none")).weak());
            } else {
                let args = Args::new()
                    .with("rating", player.to_string())
                    .with("games", games);
                ui.label(words.format("menu-rating-now", &args))
                    .on_hover_text(words.get("menu-rating-range-tip"));
                opened = history_line(ui, words, player);
            }
            let levels = LevelRatings::measured();
            let (next, expected) = player.suggestion(levels);
            let args = Args::new()
                .with("level", difficulty_name(words, next))
                .with("percent", (expected * 100.0).round() as i64);
            let button = ui
                .add_enabled(
                    *level != next,
                    egui::Button::new(words.format("menu-rating-try", &args)),
                )
                .on_hover_text(words.format("menu-rating-try-tip", &args))
                .on_disabled_hover_text(words.format("menu-rating-try-tip", &args));
            if button.clicked() {
                *level = next;
            }
        });
    });
    ui.end_row();
    opened
}

/// The rating after each game, as a small line (a new player's rating
/// first); a click on a point gives when its game ended, to open it.
fn history_line(ui: &mut egui::Ui, words: &Texts, player: &PlayerRating) -> Option<u64> {
    let mut values = vec![PlayerRating::default().current().rating];
    values.extend(player.history.iter().map(|game| game.rating));
    let (rect, response) = ui.allocate_exact_size(egui::vec2(90.0, 20.0), egui::Sense::click());
    let response = response.on_hover_text(words.get("menu-rating-graph-tip"));
    let last_point = (values.len() - 1).max(1) as f32;
    let clicked = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten()
        .and_then(|pos| {
            // The nearest point after the start (a game's).
            let k = ((pos.x - rect.left()) / rect.width() * last_point).round() as usize;
            player.history.get(k.clamp(1, player.history.len()) - 1)
        })
        .map(|game| game.when);
    let (low, high) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let span = (high - low).max(50.0);
    let last = (values.len() - 1).max(1) as f32;
    let points: Vec<egui::Pos2> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let x = rect.left() + rect.width() * i as f32 / last;
            let y = rect.bottom() - rect.height() * ((v - low) / span) as f32;
            egui::pos2(x, y)
        })
        .collect();
    let stroke = egui::Stroke::new(1.5, ui.visuals().hyperlink_color);
    let dots: Vec<egui::Pos2> = points.iter().skip(1).copied().collect();
    ui.painter().add(egui::Shape::line(points, stroke));
    for dot in dots {
        ui.painter()
            .circle_filled(dot, 2.0, ui.visuals().hyperlink_color);
    }
    clicked
}

/// The side the human plays (against the AI).
fn side_row(ui: &mut egui::Ui, words: &Texts, against_ai: bool, human_side: &mut HumanSide) {
    tip(
        ui.add_enabled(against_ai, egui::Label::new(words.get("menu-you-play"))),
        words.get("menu-you-play-tip"),
    );
    ui.add_enabled_ui(against_ai, |ui| {
        ui.horizontal(|ui| {
            for side in HumanSide::ALL {
                ui.radio_value(human_side, side, words.get(side_key(side)))
                    .on_hover_text(match side {
                        HumanSide::Random => words.get("menu-random-tip"),
                        _ => words.get("menu-white-first-tip"),
                    });
            }
        });
    });
    ui.end_row();
}

/// Each side's preset in an exhibition (shown at `level` otherwise).
fn exhibition_row(ui: &mut egui::Ui, words: &Texts, opponent: &mut Opponent, level: Difficulty) {
    let exhibition = matches!(opponent, Opponent::Exhibition { .. });
    let (mut white, mut black) = match *opponent {
        Opponent::Exhibition { white, black } => (white, black),
        _ => (level, level),
    };
    tip(
        ui.add_enabled(exhibition, egui::Label::new(words.get("menu-ai-vs-ai"))),
        words.get("menu-exhibition-tip"),
    );
    ui.add_enabled_ui(exhibition, |ui| {
        ui.horizontal(|ui| {
            ui.label(words.get("menu-white"));
            preset_box(ui, words, "white_ai", &mut white);
            ui.label(words.get("menu-black"));
            preset_box(ui, words, "black_ai", &mut black);
        });
    });
    if exhibition {
        *opponent = Opponent::Exhibition { white, black };
    }
    ui.end_row();
}

/// When the AI shows the cells it considered (with any AI playing).
fn considered_row(
    ui: &mut egui::Ui,
    words: &Texts,
    any_ai: bool,
    shown: &mut ConsideredDestinations,
) {
    tip(
        ui.add_enabled(any_ai, egui::Label::new(words.get("menu-ai-cells"))),
        words.get("menu-ai-cells-tip"),
    );
    ui.add_enabled_ui(any_ai, |ui| {
        egui::ComboBox::from_id_salt("considered")
            .selected_text(words.get(considered_key(*shown)))
            .show_ui(ui, |ui| {
                for choice in ConsideredDestinations::ALL {
                    ui.selectable_value(shown, choice, words.get(considered_key(choice)));
                }
            });
    });
    ui.end_row();
}

/// The time control, and under it whether the clocks stand still while the
/// window is not focused (with a clock).
fn clock_rows(ui: &mut egui::Ui, words: &Texts, clock: &mut ClockChoice) {
    ui.label(words.get("menu-clock"))
        .on_hover_text(words.get("menu-clock-tip"));
    clock_row(ui, words, &mut clock.control);
    ui.end_row();

    ui.label("");
    ui.add_enabled(
        clock.control.is_some(),
        egui::Checkbox::new(&mut clock.pause_unfocused, words.get("menu-clock-pause")),
    )
    .on_hover_text(words.get("menu-clock-pause-tip"));
    ui.end_row();
}

/// Mosquito, Ladybug, Pillbug.
fn expansions_row(ui: &mut egui::Ui, words: &Texts, game_type: &mut GameType) {
    ui.label(words.get("menu-expansions"))
        .on_hover_text(words.get("menu-expansions-tip"));
    ui.horizontal(|ui| {
        ui.checkbox(&mut game_type.mosquito, words.bug(Bug::Mosquito, 1))
            .on_hover_text(words.get("menu-mosquito-tip"));
        ui.checkbox(&mut game_type.ladybug, words.bug(Bug::Ladybug, 1))
            .on_hover_text(words.get("menu-ladybug-tip"));
        ui.checkbox(&mut game_type.pillbug, words.bug(Bug::Pillbug, 1))
            .on_hover_text(words.get("menu-pillbug-tip"));
    });
    ui.end_row();
}

/// How fast pieces move: one of the named speeds.
fn animations_row(ui: &mut egui::Ui, words: &Texts, animation_speed: &mut f32) {
    ui.label(words.get("menu-animations"))
        .on_hover_text(words.get("menu-animations-tip"));
    ui.horizontal(|ui| {
        let current = AnimationSettings::at_speed(*animation_speed).speed();
        for (name, speed) in AnimationSettings::SPEEDS {
            let on = (current - speed).abs() < 0.01;
            let name = format!("menu-speed-{}", name.to_lowercase());
            if ui.radio(on, words.get(&name)).clicked() && !on {
                *animation_speed = speed;
            }
        }
    });
    ui.end_row();
}

/// The language.
fn language_row(
    ui: &mut egui::Ui,
    words: &Texts,
    settings: &mut Settings,
    languages: &mut Languages,
) {
    ui.label(words.get("menu-language"))
        .on_hover_text(words.get("menu-language-tip"));
    language_box(ui, words, settings, languages);
    ui.end_row();
}

/// The sounds, then the draw rules.
fn sound_and_rules_rows(ui: &mut egui::Ui, words: &Texts, prefs: &mut Settings) {
    ui.label(words.get("menu-sound"))
        .on_hover_text(words.get("menu-sound-tip"));
    sound_row(ui, words, prefs);
    ui.end_row();

    ui.label(words.get("menu-rules"))
        .on_hover_text(words.get("menu-rules-tip"));
    ui.vertical(|ui| rules_box(ui, words, prefs));
    ui.end_row();
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
        .selected_text(difficulty_name(words, *preset))
        .show_ui(ui, |ui| {
            let levels = LevelRatings::measured();
            for choice in Difficulty::ALL {
                let args = Args::new()
                    .with("level", difficulty_name(words, choice))
                    .with("rating", format!("{:.0}", levels.of(choice)));
                let text = words.format("menu-level-rated", &args);
                let item = ui.selectable_value(preset, choice, text);
                // What the level is like, beside the list (not over the
                // levels below the one pointed at).
                // Narrow enough to fit on one side or the other at 800x600.
                let mut about = egui::containers::Tooltip::for_enabled(&item).width(220.0);
                about.popup = about
                    .popup
                    .align(egui::RectAlign::RIGHT_START)
                    .align_alternatives(&[egui::RectAlign::LEFT_START]);
                about.show(|ui| ui.label(crate::game::core::difficulty_about(words, choice)));
            }
        });
}
