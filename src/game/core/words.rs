//! The words the game speaks: the localisation layer's texts (see
//! `hive-text` and `assets/locales/`) as a resource, so every feature
//! words rule reasons, pieces, cells, moves and its own panels the same way
//! ("the white Ant (wA1)", "next to the black Pillbug, on its lower left
//! (/bP)"). A broken or missing translation is logged once and shown in
//! English.
//!
//! The language is, first to last: `--lang` on the command line, the one
//! the player picked ([`Settings::language`]), the system's
//! (`sys-locale`), English. Changing either reloads the texts
//! at once: every panel reads them each frame, so the window switches
//! language without a restart.

use bevy::prelude::*;

use super::LaunchSettings;
use super::assets::assets_dir;
use super::settings::Settings;
use crate::ai::Difficulty;
use crate::records::RecordError;
use crate::rules::Color;
use crate::text::{Args, FALLBACK, Texts};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Words>() {
        app.insert_resource(Words::load(FALLBACK));
    }
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

impl Words {
    /// The texts the game will speak at start-up, before the settings are
    /// applied: `--lang`, else `saved` (the settings' language, `""` for
    /// the system's), else the system's. For what must be said before the
    /// first frame (a damaged settings file).
    pub fn at_start(launch: Option<&LaunchSettings>, saved: &str) -> Words {
        Words::load(&wanted_language(launch, saved))
    }
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

/// The language to speak: `--lang` (until the player picks one), else the
/// player's choice (`saved`, `""` for none), else the system's.
pub fn wanted_language(launch: Option<&LaunchSettings>, saved: &str) -> String {
    launch
        .and_then(|launch| launch.lang.clone())
        .or_else(|| Some(saved.to_string()).filter(|code| !code.is_empty()))
        .unwrap_or_else(system_language)
}

/// Loads the texts of the wanted language when it changes.
fn apply_language(
    settings: Res<Settings>,
    launch: Option<Res<LaunchSettings>>,
    mut words: ResMut<Words>,
    mut loaded: Local<Option<String>>,
) {
    let launch_changed = launch.as_ref().is_some_and(|launch| launch.is_changed());
    if !settings.is_changed() && !launch_changed && loaded.is_some() {
        return;
    }
    let wanted = wanted_language(launch.as_deref(), &settings.language);
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

/// A preset's name in the player's language ("Medium", "Media").
pub fn difficulty_name(texts: &Texts, difficulty: Difficulty) -> String {
    texts.get(&format!("difficulty-{}", difficulty.name().to_lowercase()))
}

/// `args` with a side as `$color` (its `color-*` text) and `$color-code`.
pub fn with_color(texts: &Texts, mut args: Args, color: Color) -> Args {
    texts.set_color(&mut args, "color", color);
    args
}

/// Why a file could not be read or written, in the player's language
/// (`file-*` messages): what the system or a reader said (an I/O error, a
/// parse error) stays as it said it; a broken rule is worded.
pub fn record_error(texts: &Texts, err: &RecordError) -> String {
    let mut args = Args::new();
    if let Some(path) = err.path() {
        args.set("file", path.display().to_string());
    }
    let key = match err {
        RecordError::Read { source, .. } => {
            args.set("error", source.to_string());
            "file-read"
        }
        RecordError::Write { source, .. } => {
            args.set("error", source.to_string());
            "file-write"
        }
        RecordError::Remove { source, .. } => {
            args.set("error", source.to_string());
            "file-remove"
        }
        RecordError::Empty { .. } => "file-empty",
        RecordError::NotAGame { message, .. } => {
            args.set("error", message);
            "file-not-a-game"
        }
        RecordError::BadMove {
            index,
            text,
            reason,
            rule,
            ..
        } => {
            args.set("number", *index);
            args.set("move", text);
            match rule {
                Some(rule) => {
                    args.set("reason", texts.reason(rule, None).text);
                    "file-illegal-move"
                }
                None => {
                    args.set("error", reason);
                    "file-bad-move"
                }
            }
        }
        RecordError::BadLine { line, message, .. } => {
            args.set("line", *line);
            args.set("error", message);
            "file-bad-line"
        }
        RecordError::Settings { message, .. } => {
            args.set("error", message);
            "file-settings"
        }
        RecordError::Encode { message, .. } => {
            args.set("error", message);
            "file-encode"
        }
        RecordError::TooLarge { size, limit, .. } => {
            args.set("size", size.to_string());
            args.set("limit", limit.to_string());
            "file-too-large"
        }
        RecordError::NotText { .. } => "file-not-text",
        RecordError::UnknownFormat { .. } => "file-unknown-format",
        RecordError::BadRecord {
            line,
            text,
            problem,
            ..
        } => {
            args.set("line", *line);
            args.set("text", text);
            args.set("error", problem.to_string());
            "file-bad-record"
        }
        RecordError::IllegalRecordMove {
            line,
            number,
            text,
            notation,
            rule,
            ..
        } => {
            args.set("line", *line);
            args.set("number", *number);
            args.set("text", text);
            args.set("reason", texts.reason(rule, None).text);
            match notation {
                Some(notation) if notation != text => {
                    args.set("notation", notation);
                    "file-illegal-record-move-notation"
                }
                _ => "file-illegal-record-move",
            }
        }
        RecordError::NoDirectory { env } => {
            args.set("env", *env);
            "file-no-directory"
        }
    };
    texts.format(key, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn record_errors_read_as_the_records_crate_writes_them_in_english() {
        let texts = Texts::english();
        let path = PathBuf::from("games/won.txt");
        let errors = [
            RecordError::Read {
                path: path.clone(),
                source: std::io::Error::other("no such file"),
            },
            RecordError::Write {
                path: path.clone(),
                source: std::io::Error::other("read-only"),
            },
            RecordError::Empty { path: path.clone() },
            RecordError::BadLine {
                path: path.clone(),
                line: 3,
                message: "not a move".to_string(),
            },
            RecordError::Settings {
                path: path.clone(),
                message: "expected a map".to_string(),
            },
            RecordError::TooLarge {
                path: path.clone(),
                size: 2_000_000,
                limit: 1_048_576,
            },
            RecordError::UnknownFormat { path },
            RecordError::NoDirectory {
                env: "HIVE_DATA_DIR",
            },
        ];
        for err in errors {
            assert_eq!(record_error(&texts, &err), err.to_string());
        }
        assert!(texts.take_warnings().is_empty());
    }
}
