//! The player's preferences shown in the main menu: the language (the
//! system's, or one of `assets/locales/`), the sounds (volume and mute),
//! the draw rules and automatic passes.

use bevy_egui::egui;

use crate::game::core::{Settings, assets_dir, system_language};
use crate::game::theme::{ThemeChoice, ThemeEntry};
use crate::text::{Args, FALLBACK, Texts, available_languages};

/// The languages of `assets/locales/`: code and own name.
pub(super) type Languages = Vec<(String, String)>;

/// The languages of `assets/locales/` (read once), the system's first;
/// shows the settings' (`""`: the system's), and a pick becomes the
/// player's (over `--lang`). Whether the player picked one.
pub(super) fn language_box(
    ui: &mut egui::Ui,
    words: &Texts,
    settings: &mut Settings,
    languages: &mut Languages,
) -> bool {
    if languages.is_empty() {
        *languages = available_languages(&assets_dir().join("locales"));
    }
    let name_of = |code: &str| {
        let base = code.split(['-', '_']).next().unwrap_or(code);
        languages
            .iter()
            .find(|(c, _)| c == code || c == base)
            .or_else(|| languages.iter().find(|(c, _)| c == FALLBACK))
            .map_or_else(|| code.to_string(), |(_, name)| name.clone())
    };
    let system = words.format(
        "menu-language-system",
        &Args::new().with("name", name_of(&system_language())),
    );
    let base = |code: &str| code.split(['-', '_']).next().unwrap_or(code).to_string();
    let code = Some(settings.language.clone()).filter(|code| !code.is_empty());
    let shown = match &code {
        Some(code) => name_of(code),
        // Spoken by --lang, not the system's: say which.
        None if base(words.language()) != base(&system_language()) => name_of(words.language()),
        None => system.clone(),
    };
    let mut picked = code.clone();
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut picked, None, system);
            for (code, name) in languages.iter() {
                ui.selectable_value(&mut picked, Some(code.clone()), name.clone());
            }
        });
    if picked == code {
        return false;
    }
    settings.pick_language(picked.unwrap_or_default());
    true
}

/// The theme: the built-in ones, then the player's own (read again each
/// time the list opens, so a theme just made with `hive theme new` is
/// there). Shows the theme in force (the command line's `--theme` until
/// the player picks one); a pick becomes the player's. Whether the player
/// picked one.
pub(super) fn theme_box(
    ui: &mut egui::Ui,
    words: &Texts,
    settings: &mut Settings,
    choice: &ThemeChoice,
    themes: &mut Vec<ThemeEntry>,
) -> bool {
    if themes.is_empty() {
        *themes = choice.available();
    }
    let label = |entry: &ThemeEntry| {
        if entry.players {
            words.format(
                "menu-theme-yours",
                &Args::new().with("name", entry.name.clone()),
            )
        } else {
            entry.name.clone()
        }
    };
    let current = settings.wanted_theme().to_string();
    let shown = themes
        .iter()
        .find(|entry| entry.id == current)
        .map_or_else(|| current.clone(), label);
    let mut picked = current.clone();
    let response = egui::ComboBox::from_id_salt("theme")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for entry in themes.iter() {
                ui.selectable_value(&mut picked, entry.id.clone(), label(entry))
                    .on_hover_text(entry.id.clone());
            }
        });
    if response.response.clicked() {
        *themes = choice.available();
    }
    if picked == current {
        return false;
    }
    settings.pick_theme(picked);
    true
}

/// Mute, and the volume from 0 to 100 %.
pub(super) fn sound_row(ui: &mut egui::Ui, words: &Texts, settings: &mut Settings) {
    ui.horizontal(|ui| {
        let mut on = !settings.sound_muted;
        ui.checkbox(&mut on, words.get("menu-sound-on"))
            .on_hover_text(words.get("menu-sound-on-tip"));
        settings.sound_muted = !on;
        let mut percent = (settings.sound_volume * 100.0).round();
        ui.add_enabled(
            on,
            egui::Slider::new(&mut percent, 0.0..=100.0)
                .suffix(" %")
                .step_by(5.0)
                .text(words.get("menu-sound-volume")),
        )
        .on_hover_text(words.get("menu-sound-volume-tip"));
        let volume = (percent / 100.0).clamp(0.0, 1.0);
        // Kept as it was unless the slider moved (its steps round).
        if (volume - settings.sound_volume).abs() > 0.001 {
            settings.sound_volume = volume;
        }
    });
}

/// Draw rules and automatic passes (saved as soon as changed, like the rest
/// of the menu).
pub(super) fn rules_box(ui: &mut egui::Ui, words: &Texts, settings: &mut Settings) {
    ui.checkbox(
        &mut settings.rules.tournament_opening,
        words.get("game-tournament"),
    )
    .on_hover_text(words.get("game-tournament-tip"));
    ui.checkbox(
        &mut settings.rules.threefold_repetition,
        words.get("game-threefold"),
    )
    .on_hover_text(words.get("game-threefold-tip"));
    let mut limited = settings.rules.turn_limit.is_some();
    let mut turn = settings
        .rules
        .turn_limit
        .unwrap_or(Settings::HOUSE_TURN_LIMIT);
    ui.horizontal(|ui| {
        let tip = words.get("game-turn-limit-tip");
        let tip = tip.as_str();
        ui.checkbox(&mut limited, words.get("game-turn-limit"))
            .on_hover_text(tip);
        ui.add_enabled(limited, egui::DragValue::new(&mut turn).range(1..=500))
            .on_hover_text(tip);
    });
    settings.rules.turn_limit = limited.then_some(turn);
    ui.checkbox(&mut settings.auto_pass, words.get("game-auto-pass"))
        .on_hover_text(words.get("game-auto-pass-tip"));
}
