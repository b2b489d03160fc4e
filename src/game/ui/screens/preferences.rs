//! The player's preferences shown in the main menu: the language (the
//! system's, or one of `assets/locales/`) and the sounds (volume and mute).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::core::{LanguageChoice, assets_dir, system_language};
use crate::game::sound::SoundSettings;
use crate::text::{Args, FALLBACK, Texts, available_languages};

/// The languages of `assets/locales/`: code and own name.
pub(super) type Languages = Vec<(String, String)>;

/// The languages of `assets/locales/` (read once), the system's first.
pub(super) fn language_box(
    ui: &mut egui::Ui,
    words: &Texts,
    choice: &mut ResMut<LanguageChoice>,
    languages: &mut Languages,
) {
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
    let shown = match &choice.code {
        Some(code) => name_of(code),
        // Spoken by --lang, not the system's: say which.
        None if base(words.language()) != base(&system_language()) => name_of(words.language()),
        None => system.clone(),
    };
    let mut picked = choice.code.clone();
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut picked, None, system);
            for (code, name) in languages.iter() {
                ui.selectable_value(&mut picked, Some(code.clone()), name.clone());
            }
        });
    if picked != choice.code {
        choice.code = picked;
        choice.picked = true;
    }
}

/// Mute, and the volume from 0 to 100 %; the resource changes (and the
/// settings are saved) only when the player changes something.
pub(super) fn sound_row(ui: &mut egui::Ui, words: &Texts, sound: &mut ResMut<SoundSettings>) {
    let mut edited = **sound;
    ui.horizontal(|ui| {
        let mut on = !edited.muted;
        ui.checkbox(&mut on, words.get("menu-sound-on"))
            .on_hover_text(words.get("menu-sound-on-tip"));
        edited.muted = !on;
        let mut percent = (edited.volume * 100.0).round();
        ui.add_enabled(
            on,
            egui::Slider::new(&mut percent, 0.0..=100.0)
                .suffix(" %")
                .step_by(5.0)
                .text(words.get("menu-sound-volume")),
        )
        .on_hover_text(words.get("menu-sound-volume-tip"));
        edited.volume = (percent / 100.0).clamp(0.0, 1.0);
    });
    if edited != **sound {
        **sound = edited;
    }
}
