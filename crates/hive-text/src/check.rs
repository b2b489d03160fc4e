//! What languages there are, and whether each is complete: the
//! translator's view of `assets/locales`.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use hive_learn::{FormatError, load_lessons, load_puzzles};
use unic_langid::LanguageIdentifier;

use crate::files::{FileProblem, ParsedFile, keys, language_folders, message_ids, parse_folder};
use crate::learn::{lesson_texts, puzzle_texts};
use crate::texts::{FALLBACK, Texts};

/// The key each language folder may hold with its own name for itself
/// ("Español"), for a menu of languages.
pub const LANGUAGE_NAME_KEY: &str = "language-name";

/// The languages under `locales_dir` that can be used: `(code, name)` for
/// each folder whose files all parse, `code` being the folder name (`es`)
/// and `name` its [`LANGUAGE_NAME_KEY`] text (the code when it has none).
/// In code order; empty when the folder cannot be read.
pub fn available_languages(locales_dir: &Path) -> Vec<(String, String)> {
    let Ok(codes) = language_folders(locales_dir) else {
        return Vec::new();
    };
    codes
        .into_iter()
        .filter_map(|code| {
            // A broken or unreadable language falls back to English.
            let (texts, _) = Texts::load(locales_dir, &code);
            if texts.language() != code {
                return None;
            }
            let name = texts
                .optional(LANGUAGE_NAME_KEY)
                .filter(|name| !name.trim().is_empty())
                .unwrap_or_else(|| code.clone());
            Some((code, name))
        })
        .collect()
}

/// One language checked against English.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageCheck {
    /// The folder name (`es`).
    pub code: String,
    /// Its `.ftl` files.
    pub files: Vec<PathBuf>,
    /// Files that do not parse (each syntax error with its line), keys
    /// defined twice, a folder name that is no language code.
    pub errors: Vec<FileProblem>,
    /// Keys English has and this language lacks (messages, and the
    /// attributes of English messages, as `message.attribute`).
    pub missing: Vec<String>,
    /// Messages this language has and English does not: left over, or
    /// misspelt. (Its own attributes, such as a grammatical `.gender`, and
    /// its own terms are its business.)
    pub unused: Vec<String>,
}

impl LanguageCheck {
    /// Whether nothing is wrong with this language.
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty() && self.missing.is_empty() && self.unused.is_empty()
    }
}

/// Every language of a locales folder checked against English: see [`check`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The folder checked.
    pub locales_dir: PathBuf,
    /// Problems of the folder itself (unreadable, no English).
    pub problems: Vec<FileProblem>,
    /// Each language, English first.
    pub languages: Vec<LanguageCheck>,
}

impl CheckReport {
    /// Whether every language is complete and every file parses.
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty() && self.languages.iter().all(LanguageCheck::is_clean)
    }

    /// How many problems there are in all.
    pub fn problem_count(&self) -> usize {
        self.problems.len()
            + self
                .languages
                .iter()
                .map(|l| l.errors.len() + l.missing.len() + l.unused.len())
                .sum::<usize>()
    }
}

impl fmt::Display for CheckReport {
    /// One line per problem, then a summary: `2 languages ok` when clean.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for problem in &self.problems {
            writeln!(f, "{problem}")?;
        }
        for language in &self.languages {
            for error in &language.errors {
                writeln!(f, "{error}")?;
            }
            for key in &language.missing {
                writeln!(f, "{}: missing '{key}'", language.code)?;
            }
            for key in &language.unused {
                writeln!(
                    f,
                    "{}: unused '{key}' (English has no such key)",
                    language.code
                )?;
            }
        }
        let count = self.languages.len();
        let plural = if count == 1 { "" } else { "s" };
        if self.is_clean() {
            write!(f, "{count} language{plural} ok")
        } else {
            let bad = self.languages.iter().filter(|l| !l.is_clean()).count();
            let problems = self.problem_count();
            write!(
                f,
                "{problems} problem{} in {bad} of {count} language{plural}",
                if problems == 1 { "" } else { "s" }
            )
        }
    }
}

/// A language folder read for checking.
struct Folder {
    check: LanguageCheck,
    files: Vec<ParsedFile>,
}

fn read_language(locales_dir: &Path, code: &str) -> Folder {
    let dir = locales_dir.join(code);
    let mut check = LanguageCheck {
        code: code.to_string(),
        ..LanguageCheck::default()
    };
    if code.parse::<LanguageIdentifier>().is_err() {
        check.errors.push(FileProblem::new(
            &dir,
            None,
            format!("'{code}' is not a language code (like en, es or pt-BR)"),
        ));
    }
    let files = match parse_folder(&dir) {
        Ok(files) => files,
        Err(problem) => {
            check.errors.push(problem);
            Vec::new()
        }
    };
    let mut first: HashMap<String, (PathBuf, usize)> = HashMap::new();
    for file in &files {
        check.files.push(file.path.clone());
        check.errors.extend(file.problems.iter().cloned());
        for (id, line) in message_ids(file) {
            if let Some((path, at)) = first.get(&id) {
                check.errors.push(FileProblem::new(
                    &file.path,
                    Some(line),
                    format!(
                        "'{id}' is defined again (first at {} line {at})",
                        path.display()
                    ),
                ));
            } else {
                first.insert(id, (file.path.clone(), line));
            }
        }
    }
    Folder { check, files }
}

fn all_keys(files: &[ParsedFile]) -> BTreeSet<String> {
    files.iter().flat_map(keys).collect()
}

/// The lesson and puzzle files whose English text the languages translate
/// by keys made from them (see [`crate::lesson_texts`] and
/// [`crate::puzzle_texts`]): their keys are English keys for the check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    /// The folder of `*.lesson` files.
    pub lessons: Option<PathBuf>,
    /// The folder of `*.puzzles` files.
    pub puzzles: Option<PathBuf>,
}

impl Sources {
    /// The `lessons` and `puzzles` folders beside `locales_dir`, as the
    /// game's `assets` folder holds them, each only if it exists.
    pub fn beside(locales_dir: &Path) -> Sources {
        let sibling = |name: &str| {
            locales_dir
                .parent()
                .map(|assets| assets.join(name))
                .filter(|dir| dir.is_dir())
        };
        Sources {
            lessons: sibling("lessons"),
            puzzles: sibling("puzzles"),
        }
    }

    /// The keys the files make, and the files that could not be read.
    fn keys(&self) -> (BTreeSet<String>, Vec<FileProblem>) {
        let mut keys = BTreeSet::new();
        let mut problems = Vec::new();
        let problem = |err: &FormatError| {
            FileProblem::new(
                &err.origin.file,
                Some(err.origin.line).filter(|&line| line > 0),
                format!("{}; its texts are not checked", err.message),
            )
        };
        if let Some(dir) = &self.lessons {
            let loaded = load_lessons(dir);
            problems.extend(loaded.errors.iter().map(problem));
            for lesson in &loaded.items {
                keys.extend(lesson_texts(lesson).into_iter().map(|(key, _)| key));
            }
        }
        if let Some(dir) = &self.puzzles {
            let loaded = load_puzzles(dir);
            problems.extend(loaded.errors.iter().map(problem));
            for puzzle in &loaded.items {
                keys.extend(puzzle_texts(puzzle).into_iter().map(|(key, _)| key));
            }
        }
        (keys, problems)
    }
}

/// Checks every language folder under `locales_dir` against English, the
/// lessons and puzzles beside it included ([`Sources::beside`]): see
/// [`check_with`].
pub fn check(locales_dir: &Path) -> CheckReport {
    check_with(locales_dir, &Sources::beside(locales_dir))
}

/// Checks every language folder under `locales_dir` against English: the
/// keys each lacks, the messages it has that English does not, and every
/// file that does not parse (by line). English itself is checked for
/// syntax and duplicates. The keys of the lesson and puzzle texts of
/// `sources` count as English keys (English itself needs no message for
/// them: its text is the files').
pub fn check_with(locales_dir: &Path, sources: &Sources) -> CheckReport {
    let mut report = CheckReport {
        locales_dir: locales_dir.to_path_buf(),
        ..CheckReport::default()
    };
    let codes = match language_folders(locales_dir) {
        Ok(codes) => codes,
        Err(err) => {
            report.problems.push(FileProblem::new(
                locales_dir,
                None,
                format!("cannot be read: {err}"),
            ));
            return report;
        }
    };
    if !codes.iter().any(|c| c == FALLBACK) {
        report.problems.push(FileProblem::new(
            locales_dir,
            None,
            format!(
                "has no '{FALLBACK}' folder: English is the language every other falls back to"
            ),
        ));
    }
    let english = read_language(locales_dir, FALLBACK);
    let (derived, problems) = sources.keys();
    report.problems.extend(problems);
    let mut english_keys = all_keys(&english.files);
    english_keys.extend(derived);
    let english_messages: BTreeSet<String> = english_keys
        .iter()
        .filter(|k| !k.contains('.'))
        .cloned()
        .collect();
    if codes.iter().any(|c| c == FALLBACK) {
        report.languages.push(english.check);
    }
    for code in codes.iter().filter(|c| *c != FALLBACK) {
        let mut folder = read_language(locales_dir, code);
        let keys = all_keys(&folder.files);
        folder.check.missing = english_keys.difference(&keys).cloned().collect();
        folder.check.unused = keys
            .iter()
            .filter(|k| !k.contains('.') && !english_messages.contains(*k))
            .cloned()
            .collect();
        report.languages.push(folder.check);
    }
    report
}
