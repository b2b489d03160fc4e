//! The words the game speaks: the localisation layer's texts (see
//! `hive-text` and `assets/locales/`) as a resource, so every feature
//! words rule reasons, pieces, cells, moves and its own panels the same way
//! ("the white Ant (wA1)", "next to the black Pillbug, on its lower left
//! (/bP)"). A broken or missing translation is logged once and shown in
//! English.
//!
//! The language is, first to last: `--lang` on the command line, the one
//! the player picked (kept in the settings), the system's
//! (`sys-locale`), English. Changing [`LanguageChoice`] reloads the texts
//! at once: every panel reads them each frame, so the window switches
//! language without a restart.

use bevy::prelude::*;

use super::LaunchSettings;
use super::assets::assets_dir;
use crate::text::{FALLBACK, Texts};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Words>() {
        app.insert_resource(Words::load(FALLBACK));
    }
    app.init_resource::<LanguageChoice>();
    app.add_systems(PreUpdate, apply_language);
    app.add_systems(Last, log_text_warnings);
}

/// The game's texts in the player's language.
#[derive(Resource, Debug, Default, Deref)]
pub struct Words(pub Texts);

impl Words {
    /// The texts of `lang` from the assets' `locales` folder (English
    /// behind them), logging what was wrong on the way.
    pub fn load(lang: &str) -> Words {
        let (texts, warnings) = Texts::load(&assets_dir().join("locales"), lang);
        for warning in warnings {
            warn!("texts: {warning}");
        }
        Words(texts)
    }
}

/// The language the player picked (`None`: the system's), as the settings
/// keep it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LanguageChoice {
    /// A folder name of `assets/locales/` (`es`, `en`), or `None` to follow
    /// the system.
    pub code: Option<String>,
    /// Whether the player picked it in this run (only then is it saved:
    /// `--lang` is not).
    pub picked: bool,
}

/// The system's language (`es-ES`, `en-US`, ...), English when it cannot
/// be told or the system names none (the `C` and `POSIX` locales).
pub fn system_language() -> String {
    sys_locale::get_locale()
        .filter(|locale| {
            let name = locale.split(['.', '@']).next().unwrap_or_default();
            !name.is_empty() && name != "C" && name != "POSIX"
        })
        .unwrap_or_else(|| FALLBACK.to_string())
}

/// The language to speak: `--lang`, else the player's choice, else the
/// system's.
pub fn wanted_language(launch: Option<&LaunchSettings>, choice: &LanguageChoice) -> String {
    let from_command_line = launch
        .and_then(|launch| launch.lang.clone())
        .filter(|_| !choice.picked);
    from_command_line
        .or_else(|| choice.code.clone())
        .unwrap_or_else(system_language)
}

/// Loads the texts of the wanted language when it changes.
fn apply_language(
    choice: Res<LanguageChoice>,
    launch: Option<Res<LaunchSettings>>,
    mut words: ResMut<Words>,
    mut loaded: Local<Option<String>>,
) {
    if !choice.is_changed() && loaded.is_some() {
        return;
    }
    let wanted = wanted_language(launch.as_deref(), &choice);
    if loaded.as_deref() == Some(wanted.as_str()) {
        return;
    }
    if loaded.is_some() || wanted != words.language() {
        *words = Words::load(&wanted);
        info!("speaking {} (asked for {wanted})", words.language());
    }
    *loaded = Some(wanted);
}

/// Each missing translation is logged once, when first shown.
fn log_text_warnings(words: Res<Words>) {
    for warning in words.take_warnings() {
        warn!("texts: {warning}");
    }
}
