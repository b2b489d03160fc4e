//! Lessons and puzzles for learning Hive, below the game window.
//!
//! - Puzzles: [`puzzle`] (what one is), [`puzzle_file`] (the `*.puzzles`
//!   format), [`solver`] (an exact AND/OR search for short forced wins),
//!   [`mod@verify`] (the proof every puzzle passes), [`play`] (what the Puzzles
//!   screen asks: judging moves, the defence, the refutation, a hint) and
//!   [`mod@generate`] (new puzzles from engine self-play); [`wording`]
//!   (the parts the standard titles and hints are written from, so other
//!   languages can word them).
//! - Lessons: [`lesson`] (steps and goals), [`lesson_file`] (the `*.lesson`
//!   format), [`lesson_check`] (playing every step headlessly, and judging a
//!   player's move in a step), [`lesson_carry`] (the next step with the
//!   pieces the player chose, when the files allow it); [`puzzle_order`]
//!   (puzzles after the lessons that teach their bugs).
//! - Setting up a position: [`mod@setup`] (a board edited by hand, every
//!   reason it could not arise in a game in a sentence, and
//!   [`Setup::reach`], a game of legal moves that ends in it, so it can be
//!   written as a GameString).
//! - [`catalogue`]: the lessons or puzzles listed and which the player has
//!   done, one type for both.
//! - [`blocks`]: the `key: value` layout both formats share.
//! - [`cli`]: `hive puzzles ...` and `hive lessons ...`.
//!
//! The formats are described for modders and translators in `docs/learn.md`,
//! with a section on setting up a position.

pub mod blocks;
pub mod catalogue;
#[cfg(feature = "cli")]
pub mod cli;
pub mod generate;
pub mod lesson;
pub mod lesson_carry;
pub mod lesson_check;
pub mod lesson_file;
pub mod play;
pub mod puzzle;
pub mod puzzle_file;
pub mod puzzle_order;
pub mod setup;
pub mod solver;
pub mod verify;
pub mod wording;

pub use blocks::{FormatError, Loaded, Origin};
pub use catalogue::{Catalogue, Named};
#[cfg(feature = "cli")]
pub use cli::{LearnCommand, LessonsCommand, PuzzlesCommand};
pub use generate::{GenerateConfig, find_in_game, generate, self_play};
pub use lesson::{CellError, Goal, GoalError, Lesson, Step, resolve_cell};
pub use lesson_carry::{Carried, Renaming, carry_on, expected_move};
pub use lesson_check::{
    LessonError, StepError, Verdict, check_all, check_lesson, check_step_in, judge_move,
};
pub use lesson_file::{load_lessons, parse_lesson, read_lesson_file};
pub use play::{Attempt, Hint, Outcome, defence, hint, refutation, winning_reply};
pub use puzzle::{Kind, Level, Puzzle, PuzzleWordError, Theme};
pub use puzzle_file::{
    FileCheck, load_puzzles, parse_puzzles, puzzle_text, read_puzzle_file, verify_all, verify_file,
};
pub use puzzle_order::{bugs_taught, bugs_used, lessons_before, order_by_lessons};
pub use setup::{Budget, PlaceError, Problem, Reached, Setup, Unreachable};
pub use solver::Solver;
pub use verify::{PuzzleError, Reason, verify};
pub use wording::{StandardHint, StandardTitle, Tip};
