//! The game's words in every language, through Project Fluent.
//!
//! Each language is a folder of `.ftl` files, `assets/locales/<code>/`
//! (`en`, `es`, ...): a translator adds a language by adding a folder, no
//! code (see `docs/languages.md`). English is always loaded behind the
//! language asked for, and whatever that language lacks is taken from it.
//!
//! - [`Texts`] reads the files ([`Texts::load`]) and gives strings:
//!   [`Texts::get`], [`Texts::format`] with [`Args`].
//! - [`words`] names pieces, cells and moves for a newcomer, the notation
//!   kept in brackets: "the white Ant (wA1)", "next to the black Pillbug,
//!   on its lower left (/bP)".
//! - [`Texts::reason`] words every [`hive_rules::RuleError`], returning a
//!   [`Worded`] sentence with the cells it means.
//! - [`Texts::problem`] words every [`hive_learn::Problem`] of a position
//!   set up by hand (`setup-*` messages).
//! - [`Texts::fact`] words every [`hive_rules::Fact`] of a move the
//!   review explains (why it is worse, or why the engine's move is
//!   better), with the cells it lights (`why-*` messages).
//! - [`available_languages`] lists the languages for a menu; [`check`]
//!   compares each with English (behind `hive lang check`, [`cli`]).
//!
//! # Keys
//!
//! Message ids are kebab case, prefixed by what they are about:
//! `language-name`; `color-*` (sides), `bug-*` (bug names, plural by
//! `$count`, gender by `.gender`), `piece` and `piece-name`, `side-*`
//! (directions as seen on screen), `cell-*` (places), `with-notation`,
//! `list-*`, `move-*` (moves), `how-*` (how each bug moves), `rule-*`
//! (one per [`hive_rules::RuleError`] variant, see [`rule_key`]) and `why-*`
//! (what a move changed, see [`fact_key`]).
//!
//! No dependency on the game window: the game keeps a [`Texts`] as a
//! resource (it is `Send + Sync`).

mod args;
mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod files;
mod learn;
mod reasons;
mod setup;
mod texts;
mod why;
pub mod words;

pub use args::{Arg, Args};
pub use check::{
    CheckReport, LANGUAGE_NAME_KEY, LanguageCheck, Sources, available_languages, check, check_with,
};
pub use files::{FTL_EXTENSION, FileProblem};
pub use learn::{LESSON_PREFIX, PUZZLE_PREFIX, lesson_texts, puzzle_texts};
pub use reasons::rule_key;
pub use setup::{capitalized, problem_key};
pub use texts::{FALLBACK, TextWarning, Texts, builtin_english_files};
pub use why::fact_key;
pub use words::{Landmark, Worded};
