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

use super::assets::assets_dir;
use super::settings::Settings;
use crate::ai::Difficulty;
use crate::records::{ErrorKind, FormatError, RecordError};
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

/// Loads the texts of the wanted language when it changes.
fn apply_language(
    settings: Res<Settings>,
    mut words: ResMut<Words>,
    mut loaded: Local<Option<String>>,
) {
    if !settings.is_changed() && loaded.is_some() {
        return;
    }
    let wanted = settings.wanted_language();
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
    texts.get(&format!("difficulty-{}", difficulty.id()))
}

/// What a level does, in the player's language (`difficulty-*-about`).
pub fn difficulty_about(texts: &Texts, difficulty: Difficulty) -> String {
    texts.get(&format!("difficulty-{}-about", difficulty.id()))
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
    let key = match err.kind() {
        ErrorKind::Read(source) => {
            args.set("error", source.to_string());
            "file-read"
        }
        ErrorKind::Write(source) => {
            args.set("error", source.to_string());
            "file-write"
        }
        ErrorKind::Remove(source) => {
            args.set("error", source.to_string());
            "file-remove"
        }
        ErrorKind::Settings(message) => {
            args.set("error", message);
            "file-settings"
        }
        ErrorKind::Encode(message) => {
            args.set("error", message);
            "file-encode"
        }
        ErrorKind::TooLarge { size, limit } => {
            args.set("size", size.to_string());
            args.set("limit", limit.to_string());
            "file-too-large"
        }
        ErrorKind::NotText => "file-not-text",
        ErrorKind::NotKept { what } => {
            args.set("what", what);
            "file-not-kept"
        }
        ErrorKind::NoDirectory { env } => {
            args.set("env", *env);
            "file-no-directory"
        }
        ErrorKind::Format(error) => format_error_key(texts, error, &mut args),
    };
    texts.format(key, &args)
}

/// The `file-*` message of a text that is not what was expected, its
/// arguments set in `args`.
fn format_error_key(texts: &Texts, error: &FormatError, args: &mut Args) -> &'static str {
    match error {
        FormatError::Empty => "file-empty",
        FormatError::NotAGame { message } => {
            args.set("error", message);
            "file-not-a-game"
        }
        FormatError::BadMove {
            index,
            text,
            reason,
            rule,
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
        FormatError::BadLine { line, message } => {
            args.set("line", *line);
            args.set("error", message);
            "file-bad-line"
        }
        FormatError::UnknownFormat => "file-unknown-format",
        FormatError::BadRecord {
            line,
            text,
            problem,
        } => {
            args.set("line", *line);
            args.set("text", text);
            args.set("error", problem.to_string());
            "file-bad-record"
        }
        FormatError::IllegalRecordMove {
            line,
            number,
            text,
            notation,
            rule,
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// One error of every kind (and of every kind of text problem).
    fn every_record_error() -> Vec<RecordError> {
        let path = PathBuf::from("games/won.txt");
        let at = |kind| RecordError::new(&path, kind);
        let format = |error| RecordError::format(&path, error);
        let rule = crate::rules::RuleError::GameOver;
        vec![
            at(ErrorKind::Read(std::io::Error::other("no such file"))),
            at(ErrorKind::Write(std::io::Error::other("read-only"))),
            at(ErrorKind::Remove(std::io::Error::other("busy"))),
            at(ErrorKind::TooLarge {
                size: 5_000_000,
                limit: 4_194_304,
            }),
            at(ErrorKind::NotText),
            at(ErrorKind::Settings("expected a map".to_string())),
            at(ErrorKind::Encode("no text".to_string())),
            RecordError::no_directory("HIVE_DATA_DIR"),
            format(FormatError::Empty),
            format(FormatError::NotAGame {
                message: "no game type".to_string(),
            }),
            format(FormatError::BadMove {
                index: 2,
                text: "wQ x".to_string(),
                reason: "cannot be read: x".to_string(),
                rule: None,
            }),
            format(FormatError::BadMove {
                index: 2,
                text: "wQ".to_string(),
                reason: format!("is illegal: {rule}"),
                rule: Some(rule.clone()),
            }),
            format(FormatError::BadLine {
                line: 3,
                message: "not a move".to_string(),
            }),
            format(FormatError::UnknownFormat),
            format(FormatError::BadRecord {
                line: 4,
                text: "N x".to_string(),
                problem: crate::records::RecordProblem::BadCell("N x".to_string()),
            }),
            format(FormatError::IllegalRecordMove {
                line: 5,
                number: 7,
                text: "Pickb N 13".to_string(),
                notation: Some("wQ".to_string()),
                rule: rule.clone(),
            }),
            format(FormatError::IllegalRecordMove {
                line: 5,
                number: 7,
                text: "wQ".to_string(),
                notation: None,
                rule,
            }),
        ]
    }

    #[test]
    fn record_errors_read_as_the_records_crate_writes_them_in_english() {
        let texts = Texts::english();
        for err in every_record_error() {
            let worded = record_error(&texts, &err);
            if let Some(path) = err.path() {
                assert!(worded.contains(&path.display().to_string()), "{worded}");
            }
            // A broken rule is worded by the game, in the same words.
            if !matches!(
                err.format_error(),
                Some(FormatError::BadMove { rule: Some(_), .. })
                    | Some(FormatError::IllegalRecordMove { .. })
            ) {
                assert_eq!(worded, err.to_string());
            }
        }
        assert!(texts.take_warnings().is_empty());
    }

    #[test]
    fn every_record_error_is_worded_in_spanish() {
        let locales = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales");
        let (spanish, warnings) = Texts::load(&locales, "es");
        assert!(warnings.is_empty(), "{warnings:?}");
        let english = Texts::english();
        for err in every_record_error() {
            let worded = record_error(&spanish, &err);
            assert_ne!(worded, record_error(&english, &err), "{worded}");
            if let Some(path) = err.path() {
                assert!(worded.contains(&path.display().to_string()), "{worded}");
            }
        }
        assert!(spanish.take_warnings().is_empty());
    }
}
