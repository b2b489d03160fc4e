//! [`Texts`]: the strings of one language, with English behind it.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource};
use fluent_langneg::{NegotiationStrategy, negotiate_languages};
use fluent_syntax::ast::Pattern;
use thiserror::Error;
use unic_langid::LanguageIdentifier;

use crate::args::Args;
use crate::files::{FileProblem, ParsedFile, language_folders, parse_folder, parse_source};

/// The language every other falls back to, and the one the game is
/// written in: its folder must hold every key.
pub const FALLBACK: &str = "en";

/// English as built into the program: used when the English folder cannot
/// be read, so the game always has words.
const BUILTIN_ENGLISH: &[(&str, &str)] = &[
    (
        "words.ftl",
        include_str!("../../../assets/locales/en/words.ftl"),
    ),
    (
        "rules.ftl",
        include_str!("../../../assets/locales/en/rules.ftl"),
    ),
    (
        "editor.ftl",
        include_str!("../../../assets/locales/en/editor.ftl"),
    ),
    (
        "menu.ftl",
        include_str!("../../../assets/locales/en/menu.ftl"),
    ),
    (
        "game.ftl",
        include_str!("../../../assets/locales/en/game.ftl"),
    ),
    (
        "screens.ftl",
        include_str!("../../../assets/locales/en/screens.ftl"),
    ),
    (
        "setup.ftl",
        include_str!("../../../assets/locales/en/setup.ftl"),
    ),
    (
        "notices.ftl",
        include_str!("../../../assets/locales/en/notices.ftl"),
    ),
    (
        "puzzles.ftl",
        include_str!("../../../assets/locales/en/puzzles.ftl"),
    ),
    (
        "themes.ftl",
        include_str!("../../../assets/locales/en/themes.ftl"),
    ),
    (
        "database.ftl",
        include_str!("../../../assets/locales/en/database.ftl"),
    ),
    (
        "online.ftl",
        include_str!("../../../assets/locales/en/online.ftl"),
    ),
    (
        "why.ftl",
        include_str!("../../../assets/locales/en/why.ftl"),
    ),
];

/// The names of the built-in English files (they mirror
/// `assets/locales/en/`).
pub fn builtin_english_files() -> impl Iterator<Item = &'static str> {
    BUILTIN_ENGLISH.iter().map(|(name, _)| *name)
}

type Bundle = FluentBundle<FluentResource>;

/// Something about the texts that a person should fix, or at least know:
/// the game logs each one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TextWarning {
    /// A file of the asked language is broken: the language is not used.
    #[error("{problem}; {lang} is not used, English is")]
    BrokenLanguage {
        /// The language asked for.
        lang: String,
        /// What is wrong, and where.
        problem: FileProblem,
    },
    /// The English files are broken or missing: the built-in English is used.
    #[error("{problem}; the English built into the program is used")]
    BrokenEnglish {
        /// What is wrong, and where.
        problem: FileProblem,
    },
    /// No folder for the asked language.
    #[error("there is no language '{lang}' in {}: English is used", .dir.display())]
    UnknownLanguage {
        /// The language asked for.
        lang: String,
        /// Where its folder was looked for.
        dir: PathBuf,
    },
    /// A key defined twice in one language: the first definition is kept.
    #[error("{path}: '{key}' is defined more than once; the first is used", path = .path.display())]
    Duplicate {
        /// The file of the second definition.
        path: PathBuf,
        /// The key.
        key: String,
    },
    /// A key the asked language lacks: the English text is shown.
    #[error("'{key}' is missing in {lang}: it is shown in English")]
    Missing {
        /// The language.
        lang: String,
        /// The key.
        key: String,
    },
    /// A text that Fluent could not format completely (a variable or
    /// message it names does not exist).
    #[error("'{key}' in {lang} cannot be formatted: {error}")]
    Unformattable {
        /// The language.
        lang: String,
        /// The key.
        key: String,
        /// What Fluent said.
        error: String,
    },
    /// A key that no language has, not even English: the key is shown.
    #[error("'{key}' has no text, not even in English")]
    NoText {
        /// The key.
        key: String,
    },
}

/// The strings of the game in one language, with English behind it for
/// whatever that language lacks.
///
/// `Send + Sync`, so the game can keep it as a resource. Reading never
/// fails: a key missing in the language is taken from English (and reported
/// once, see [`Texts::take_warnings`]); a key missing everywhere reads as
/// itself.
pub struct Texts {
    /// The language in use (a folder name), [`FALLBACK`] when English.
    code: String,
    /// That language's bundle, when it is not English.
    asked: Option<Bundle>,
    english: Bundle,
    /// The `(language, key)` pairs already reported.
    reported: Mutex<HashSet<(String, String)>>,
    /// Warnings reported since the last [`Texts::take_warnings`].
    pending: Mutex<Vec<TextWarning>>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts")
            .field("language", &self.code)
            .finish()
    }
}

impl Default for Texts {
    /// The built-in English.
    fn default() -> Texts {
        Texts::english()
    }
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A bundle of `files` for `lang`, without Unicode isolation marks; a key
/// defined twice is a warning (the first is kept).
fn bundle(lang: LanguageIdentifier, files: Vec<ParsedFile>) -> (Bundle, Vec<TextWarning>) {
    let mut bundle = Bundle::new_concurrent(vec![lang]);
    bundle.set_use_isolating(false);
    let mut warnings = Vec::new();
    for file in files {
        if let Err(errors) = bundle.add_resource(file.resource) {
            for error in errors {
                if let FluentError::Overriding { id, .. } = error {
                    warnings.push(TextWarning::Duplicate {
                        path: file.path.clone(),
                        key: id,
                    });
                }
            }
        }
    }
    (bundle, warnings)
}

fn english_id() -> LanguageIdentifier {
    FALLBACK.parse().unwrap_or_default()
}

/// The built-in English bundle.
fn builtin_english() -> Bundle {
    let files = BUILTIN_ENGLISH
        .iter()
        .map(|(name, source)| parse_source(Path::new(name), (*source).to_string()))
        .collect();
    bundle(english_id(), files).0
}

/// Every file of the folder `dir` for language `lang`, or the problems
/// that keep the language from being used (a file that cannot be read or
/// parsed, a folder with no file, a folder name that is no language code).
fn load_folder(dir: &Path, lang: &str) -> Result<(Bundle, Vec<TextWarning>), Vec<FileProblem>> {
    let id: LanguageIdentifier = lang.parse().map_err(|_| {
        vec![FileProblem::new(
            dir,
            None,
            format!("'{lang}' is not a language code"),
        )]
    })?;
    let files = parse_folder(dir).map_err(|problem| vec![problem])?;
    let problems: Vec<FileProblem> = files
        .iter()
        .flat_map(|file| file.problems.iter().cloned())
        .collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(bundle(id, files))
}

/// The folder under `locales_dir` for `lang`, chosen among the folders
/// there by Fluent's language negotiation: its own, else the closest one
/// (`es` for `es-MX`); `None` when no folder fits (English is used).
fn folder_for(locales_dir: &Path, lang: &str) -> Option<String> {
    let requested: LanguageIdentifier = lang.parse().ok()?;
    let folders = language_folders(locales_dir).ok()?;
    let available: Vec<LanguageIdentifier> = folders
        .iter()
        .filter_map(|folder| folder.parse().ok())
        .collect();
    let chosen = negotiate_languages(&[requested], &available, None, NegotiationStrategy::Lookup);
    let chosen = *chosen.first()?;
    folders
        .into_iter()
        .find(|folder| folder.parse::<LanguageIdentifier>().ok().as_ref() == Some(chosen))
}

/// The pattern of `key` (`message` or `message.attribute`) in `bundle`.
fn pattern<'b>(bundle: &'b Bundle, key: &str) -> Option<&'b Pattern<&'b str>> {
    let (id, attribute) = match key.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (key, None),
    };
    let message = bundle.get_message(id)?;
    match attribute {
        Some(attribute) => Some(message.get_attribute(attribute)?.value()),
        None => message.value(),
    }
}

/// The text of `key` in `bundle`, with the errors met while formatting it;
/// `None` when the bundle lacks it.
fn format_in(
    bundle: &Bundle,
    key: &str,
    args: Option<&FluentArgs>,
) -> Option<(String, Vec<FluentError>)> {
    let pattern = pattern(bundle, key)?;
    let mut errors = Vec::new();
    let text = bundle
        .format_pattern(pattern, args, &mut errors)
        .into_owned();
    Some((text, errors))
}

fn describe(errors: &[FluentError]) -> String {
    errors
        .iter()
        .map(|error| match error {
            FluentError::ResolverError(e) => e.to_string(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl Texts {
    /// The texts of language `lang` (a folder name under `locales_dir`, such
    /// as `es`; `es-MX` uses `es` when there is no `es-MX` folder), with
    /// English (`locales_dir/en`) behind it.
    ///
    /// Never fails; the warnings say what went wrong:
    /// - no folder for `lang`: English is used;
    /// - a broken file of `lang` (each syntax error named by file and
    ///   line): the language is not used, English is;
    /// - the English folder missing or broken: the English built into the
    ///   program is used.
    pub fn load(locales_dir: &Path, lang: &str) -> (Texts, Vec<TextWarning>) {
        let mut warnings = Vec::new();
        let english = match load_folder(&locales_dir.join(FALLBACK), FALLBACK) {
            Ok((bundle, duplicates)) => {
                warnings.extend(duplicates);
                bundle
            }
            Err(problems) => {
                warnings.extend(
                    problems
                        .into_iter()
                        .map(|problem| TextWarning::BrokenEnglish { problem }),
                );
                builtin_english()
            }
        };
        let mut code = FALLBACK.to_string();
        let mut asked = None;
        match folder_for(locales_dir, lang) {
            Some(folder) if folder == FALLBACK => {}
            Some(folder) => match load_folder(&locales_dir.join(&folder), &folder) {
                Ok((bundle, duplicates)) => {
                    warnings.extend(duplicates);
                    asked = Some(bundle);
                    code = folder;
                }
                Err(problems) => warnings.extend(problems.into_iter().map(|problem| {
                    TextWarning::BrokenLanguage {
                        lang: folder.clone(),
                        problem,
                    }
                })),
            },
            None => warnings.push(TextWarning::UnknownLanguage {
                lang: lang.to_string(),
                dir: locales_dir.to_path_buf(),
            }),
        }
        let texts = Texts {
            code,
            asked,
            english,
            reported: Mutex::default(),
            pending: Mutex::default(),
        };
        (texts, warnings)
    }

    /// English, as built into the program (no files read).
    pub fn english() -> Texts {
        Texts {
            code: FALLBACK.to_string(),
            asked: None,
            english: builtin_english(),
            reported: Mutex::default(),
            pending: Mutex::default(),
        }
    }

    /// The language in use: its folder name (`en` when English is used,
    /// also after a fallback).
    pub fn language(&self) -> &str {
        &self.code
    }

    /// The text of `key`, a message with no variables (`message` or
    /// `message.attribute`).
    pub fn get(&self, key: &str) -> String {
        self.text(key, None)
    }

    /// The text of `key` with these values for its variables:
    ///
    /// ```
    /// use hive_text::{Args, Texts};
    /// let texts = Texts::english();
    /// let text = texts.format("destinations", &Args::new().with("count", 1));
    /// assert_eq!(text, "1 destination");
    /// ```
    pub fn format(&self, key: &str, args: &Args) -> String {
        self.text(key, Some(args))
    }

    /// Whether the language in use, or English, has `key`.
    pub fn has(&self, key: &str) -> bool {
        [self.asked.as_ref(), Some(&self.english)]
            .into_iter()
            .flatten()
            .any(|bundle| pattern(bundle, key).is_some())
    }

    /// The warnings met while reading texts since the last call (each
    /// missing or broken key is reported once in the life of these texts).
    pub fn take_warnings(&self) -> Vec<TextWarning> {
        std::mem::take(&mut *locked(&self.pending))
    }

    /// Reports `warning` about `key` in `lang`, unless it was already.
    fn warn_once(&self, lang: &str, key: &str, warning: TextWarning) {
        if locked(&self.reported).insert((lang.to_string(), key.to_string())) {
            locked(&self.pending).push(warning);
        }
    }

    fn text(&self, key: &str, args: Option<&Args>) -> String {
        let args = args.map(Args::to_fluent);
        if let Some(bundle) = &self.asked {
            match format_in(bundle, key, args.as_ref()) {
                Some((text, errors)) if errors.is_empty() => return text,
                Some((_, errors)) => self.warn_once(
                    &self.code,
                    key,
                    TextWarning::Unformattable {
                        lang: self.code.clone(),
                        key: key.to_string(),
                        error: describe(&errors),
                    },
                ),
                None => self.warn_once(
                    &self.code,
                    key,
                    TextWarning::Missing {
                        lang: self.code.clone(),
                        key: key.to_string(),
                    },
                ),
            }
        }
        match format_in(&self.english, key, args.as_ref()) {
            Some((text, errors)) => {
                if !errors.is_empty() {
                    self.warn_once(
                        FALLBACK,
                        key,
                        TextWarning::Unformattable {
                            lang: FALLBACK.to_string(),
                            key: key.to_string(),
                            error: describe(&errors),
                        },
                    );
                }
                text
            }
            None => {
                self.warn_once(
                    FALLBACK,
                    key,
                    TextWarning::NoText {
                        key: key.to_string(),
                    },
                );
                key.to_string()
            }
        }
    }

    /// The text of `key`, a message with no variables that only languages
    /// other than English define, translating `english` (text kept outside
    /// the `.ftl` files, such as a lesson's): `english` itself when English
    /// is in use, and when the language lacks the key (reported once, as a
    /// missing key).
    pub(crate) fn translated(&self, key: &str, english: &str) -> String {
        let Some(bundle) = &self.asked else {
            return english.to_string();
        };
        let warning = match format_in(bundle, key, None) {
            Some((text, errors)) if errors.is_empty() => return text,
            Some((_, errors)) => TextWarning::Unformattable {
                lang: self.code.clone(),
                key: key.to_string(),
                error: describe(&errors),
            },
            None => TextWarning::Missing {
                lang: self.code.clone(),
                key: key.to_string(),
            },
        };
        self.warn_once(&self.code, key, warning);
        english.to_string()
    }

    /// The text of an optional `key` (such as a grammatical attribute):
    /// from the language in use if it has the message, else from English;
    /// `None`, and no warning, when neither has it.
    pub(crate) fn optional(&self, key: &str) -> Option<String> {
        let id = key.split_once('.').map_or(key, |(id, _)| id);
        let bundle = match &self.asked {
            Some(asked) if asked.has_message(id) => asked,
            _ => &self.english,
        };
        format_in(bundle, key, None)
            .filter(|(_, errors)| errors.is_empty())
            .map(|(text, _)| text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_can_be_shared_between_threads() {
        fn shared<T: Send + Sync + 'static>() {}
        shared::<Texts>();
    }

    #[test]
    fn the_builtin_english_parses_cleanly() {
        for (name, source) in BUILTIN_ENGLISH {
            let file = parse_source(Path::new(name), (*source).to_string());
            assert!(file.problems.is_empty(), "{:?}", file.problems);
        }
        let (_, duplicates) = bundle(
            english_id(),
            BUILTIN_ENGLISH
                .iter()
                .map(|(name, source)| parse_source(Path::new(name), (*source).to_string()))
                .collect(),
        );
        assert!(duplicates.is_empty(), "{duplicates:?}");
    }
}
