//! Lessons and puzzles in the language in use.
//!
//! The lesson and puzzle files (`assets/lessons/*.lesson`,
//! `assets/puzzles/*.puzzles`) hold their text in English. Another language
//! translates it in its own folder, through keys made from the files:
//!
//! - a lesson's texts: `lesson-<file>-title`, `lesson-<file>-summary`,
//!   `lesson-<file>-step-<n>-text` and `lesson-<file>-step-<n>-hint`,
//!   `<file>` being the lesson's file name without `.lesson` (`06-beetle`)
//!   and `n` the step's number from 1 ([`lesson_texts`]);
//! - a puzzle's title and hint, when they are the standard ones the
//!   generator writes (see [`hive_learn::wording`]): the `puzzle-title-*`,
//!   `puzzle-hint`, `puzzle-aim-*` and `puzzle-tip-*` messages, worded from
//!   the side to move, the kind, the theme and what the solution moves; a
//!   title or hint written by hand has a key of its own,
//!   `puzzle-<id>-title` or `puzzle-<id>-hint` ([`puzzle_texts`]).
//!
//! English needs no key of the first sort (its text is the file's), and
//! a key a language lacks shows the file's English (reported once).

use hive_learn::{Kind, Lesson, Puzzle, StandardHint, StandardTitle, Theme, Tip};
use hive_rules::Bug;

use crate::args::Args;
use crate::texts::Texts;

/// The prefix of every lesson key.
pub const LESSON_PREFIX: &str = "lesson-";
/// The prefix of a puzzle's own keys (and of the standard wording's).
pub const PUZZLE_PREFIX: &str = "puzzle-";

/// The name a lesson's keys use: its file name without the extension, in
/// lower case, anything but letters, digits and dashes made a dash
/// (`06-beetle`).
fn lesson_name(lesson: &Lesson) -> String {
    let stem = lesson
        .origin
        .file
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

fn lesson_key(lesson: &Lesson, part: &str) -> String {
    format!("{LESSON_PREFIX}{}-{part}", lesson_name(lesson))
}

fn step_key(lesson: &Lesson, step: usize, part: &str) -> String {
    lesson_key(lesson, &format!("step-{}-{part}", step + 1))
}

/// Every text of `lesson` a language translates: `(key, English)` pairs,
/// the title, the summary (if any), then each step's text and hint.
pub fn lesson_texts(lesson: &Lesson) -> Vec<(String, String)> {
    let mut texts = vec![(lesson_key(lesson, "title"), lesson.title.clone())];
    if let Some(summary) = &lesson.summary {
        texts.push((lesson_key(lesson, "summary"), summary.clone()));
    }
    for (index, step) in lesson.steps.iter().enumerate() {
        texts.push((step_key(lesson, index, "text"), step.text.clone()));
        texts.push((step_key(lesson, index, "hint"), step.hint.clone()));
    }
    texts
}

/// The texts of `puzzle` a language translates by keys of their own:
/// `(key, English)` for its title and its hint when they are not the
/// standard ones (which the `puzzle-title-*` and `puzzle-hint` messages
/// word). None for a puzzle as the generator wrote it.
pub fn puzzle_texts(puzzle: &Puzzle) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    if standard_title(puzzle).is_none() {
        texts.push((puzzle_key(puzzle, "title"), puzzle.title.clone()));
    }
    if standard_hint(puzzle).is_none() {
        texts.push((puzzle_key(puzzle, "hint"), puzzle.hint.clone()));
    }
    texts
}

fn puzzle_key(puzzle: &Puzzle, part: &str) -> String {
    format!("{PUZZLE_PREFIX}{}-{part}", puzzle.id)
}

fn standard_title(puzzle: &Puzzle) -> Option<StandardTitle> {
    StandardTitle::of(puzzle).filter(|title| title.is_title_of(puzzle))
}

fn standard_hint(puzzle: &Puzzle) -> Option<StandardHint> {
    StandardHint::of(puzzle)
        .ok()
        .filter(|hint| hint.is_hint_of(puzzle))
}

/// The key of a [`Tip`]: `puzzle-tip-` and what it is about.
fn tip_key(tip: Tip) -> String {
    let name = match tip {
        Tip::PillbugThrow => "throw",
        Tip::Pass => "pass",
        Tip::Place => "place",
        Tip::EitherColour => "either-colour",
        Tip::Bug(bug) => bug.key(),
    };
    format!("puzzle-tip-{name}")
}

impl Texts {
    /// A lesson's title.
    pub fn lesson_title(&self, lesson: &Lesson) -> String {
        self.translated(&lesson_key(lesson, "title"), &lesson.title)
    }

    /// A lesson's summary, if it has one.
    pub fn lesson_summary(&self, lesson: &Lesson) -> Option<String> {
        let summary = lesson.summary.as_ref()?;
        Some(self.translated(&lesson_key(lesson, "summary"), summary))
    }

    /// The text of a lesson's step `step` (from 0); empty when there is no
    /// such step.
    pub fn step_text(&self, lesson: &Lesson, step: usize) -> String {
        lesson.steps.get(step).map_or_else(String::new, |s| {
            self.translated(&step_key(lesson, step, "text"), &s.text)
        })
    }

    /// The hint of a lesson's step `step` (from 0); empty when there is no
    /// such step.
    pub fn step_hint(&self, lesson: &Lesson, step: usize) -> String {
        lesson.steps.get(step).map_or_else(String::new, |s| {
            self.translated(&step_key(lesson, step, "hint"), &s.hint)
        })
    }

    /// What a puzzle asks: "win in 2", "stop a win in 1".
    pub fn puzzle_kind(&self, kind: Kind) -> String {
        let key = match kind {
            Kind::Win(_) => "puzzles-kind-win",
            Kind::Stop(_) => "puzzles-kind-stop",
        };
        self.format(key, &Args::new().with("count", kind.depth()))
    }

    /// A puzzle's title: the standard one worded by the language, or the
    /// puzzle's own translation (its file's English when there is none).
    pub fn puzzle_title(&self, puzzle: &Puzzle) -> String {
        match standard_title(puzzle) {
            Some(title) => self.standard_title(title),
            None => self.translated(&puzzle_key(puzzle, "title"), &puzzle.title),
        }
    }

    /// A standard title: "White to move wins in 2 with the Pillbug".
    pub fn standard_title(&self, title: StandardTitle) -> String {
        let mut args = Args::new().with("moves", title.kind.depth());
        self.set_color(&mut args, "color", title.side);
        let trick = title.theme.map(|theme| match theme {
            Theme::Pillbug => Bug::Pillbug,
            Theme::Mosquito => Bug::Mosquito,
        });
        if let Some(bug) = trick {
            self.set_bug(&mut args, "bug", bug);
        }
        let key = match (title.kind, trick.is_some()) {
            (Kind::Win(_), false) => "puzzle-title-win",
            (Kind::Win(_), true) => "puzzle-title-win-with",
            (Kind::Stop(_), false) => "puzzle-title-stop",
            (Kind::Stop(_), true) => "puzzle-title-stop-with",
        };
        self.format(key, &args)
    }

    /// A puzzle's hint: the standard one worded by the language, or the
    /// puzzle's own translation (its file's English when there is none).
    /// Its position is loaded to tell what the solution moves.
    pub fn puzzle_hint(&self, puzzle: &Puzzle) -> String {
        match standard_hint(puzzle) {
            Some(hint) => self.standard_hint(hint),
            None => self.translated(&puzzle_key(puzzle, "hint"), &puzzle.hint),
        }
    }

    /// A standard hint: what to aim for, then how.
    pub fn standard_hint(&self, hint: StandardHint) -> String {
        let aim = match hint.kind {
            Kind::Win(_) => "puzzle-aim-win",
            Kind::Stop(_) => "puzzle-aim-stop",
        };
        self.format(
            "puzzle-hint",
            &Args::new()
                .with("aim", self.get(aim))
                .with("tip", self.get(&tip_key(hint.tip))),
        )
    }

    /// A theme's name for a menu: the language's `theme-name-<id>` message
    /// (`id` being the theme's folder name), else `fallback` (the name its
    /// manifest gives).
    pub fn theme_name(&self, id: &str, fallback: &str) -> String {
        let key = format!("theme-name-{id}");
        if self.has(&key) {
            self.get(&key)
        } else {
            fallback.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hive_learn::parse_lesson;
    use hive_rules::Color;
    use std::path::Path;

    #[test]
    fn lesson_keys_come_from_the_file_name_and_the_step_number() {
        let lesson = parse_lesson(
            "title: T\nsummary: S\n\ntext: A\nposition: Base\ngoal: place any\nhint: H\n",
            Path::new("dir/06-The Beetle.lesson"),
        )
        .expect("a lesson");
        let keys: Vec<String> = lesson_texts(&lesson).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "lesson-06-the-beetle-title",
                "lesson-06-the-beetle-summary",
                "lesson-06-the-beetle-step-1-text",
                "lesson-06-the-beetle-step-1-hint"
            ]
        );
        // English shows the file's own text.
        let english = Texts::english();
        assert_eq!(english.step_text(&lesson, 0), "A");
        assert_eq!(english.lesson_summary(&lesson).as_deref(), Some("S"));
        assert_eq!(english.step_hint(&lesson, 3), "");
        assert!(english.take_warnings().is_empty());
    }

    #[test]
    fn the_english_messages_word_the_standard_puzzles_as_the_generator_does() {
        let texts = Texts::english();
        let kinds = [
            Kind::Win(1),
            Kind::Win(2),
            Kind::Win(3),
            Kind::Stop(1),
            Kind::Stop(2),
        ];
        for side in [Color::White, Color::Black] {
            for kind in kinds {
                for theme in [None, Some(Theme::Pillbug), Some(Theme::Mosquito)] {
                    let title = StandardTitle { side, kind, theme };
                    assert_eq!(texts.standard_title(title), title.english());
                }
            }
        }
        let mut tips = vec![Tip::PillbugThrow, Tip::Pass, Tip::Place, Tip::EitherColour];
        tips.extend(Bug::ALL.into_iter().map(Tip::Bug));
        for kind in kinds {
            for tip in tips.iter().copied() {
                let hint = StandardHint { kind, tip };
                assert_eq!(texts.standard_hint(hint), hint.english());
            }
        }
        assert!(texts.take_warnings().is_empty());
    }

    #[test]
    fn a_theme_is_named_by_its_key_or_its_manifest() {
        let texts = Texts::english();
        assert_eq!(texts.theme_name("high-contrast", "x"), "High contrast");
        assert_eq!(texts.theme_name("my-theme", "Mine"), "Mine");
        assert!(texts.take_warnings().is_empty());
    }
}
