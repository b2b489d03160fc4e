//! Lesson files (`*.lesson` under `assets/lessons/`, one lesson a file,
//! shown in file-name order): reading and loading a folder.
//!
//! Blocks of `key: value` lines (see [`crate::blocks`]). The first block
//! is the lesson's header, every later block one step:
//!
//! ```text
//! title: The Grasshopper
//! summary: It jumps over the hive in a straight line.
//!
//! text: The Grasshopper jumps in a straight line over pieces to the first gap.
//! position: Base;InProgress;White[4];wG1;bG1 wG1-;wQ -wG1;bQ bG1-;wA1 \wQ;bA1 bQ/
//! goal: play wG1 bQ-
//! highlight: wG1; bQ-
//! hint: Jump over the two pieces to your right.
//! wrong: wG1 wA1/
//! ```
//!
//! Header keys: `title` (required), `summary`. Step keys: `text`,
//! `position` (a GameString, or a bare game type such as `Base+MLP` for
//! an empty board), `goal` (see [`crate::lesson::Goal`]) and `hint` are
//! required; `highlight` (references separated by `;`) and `wrong` (one
//! MoveString) are optional.

use std::path::Path;

use crate::blocks::{
    Block, FormatError, Loaded, Origin, files_with_extension, read_blocks, read_text,
};
use crate::lesson::{Goal, GoalError, Lesson, Step};

/// The extension of lesson files.
pub const LESSON_EXTENSION: &str = "lesson";

const HEADER_KEYS: [&str; 2] = ["title", "summary"];
const STEP_KEYS: [&str; 6] = ["text", "position", "goal", "highlight", "hint", "wrong"];

/// Reads a lesson from `text`, a file named `file` (positions and moves
/// are read later, by [`crate::lesson_check`]).
pub fn parse_lesson(text: &str, file: &Path) -> Result<Lesson, FormatError> {
    let blocks = read_blocks(text, file)?;
    let Some((header, steps)) = blocks.split_first() else {
        return Err(FormatError::new(
            Origin::new(file, 1),
            "the file is empty: a lesson needs a 'title:' block and at least one step",
        ));
    };
    header.only(&HEADER_KEYS, "the lesson's header (its first block)")?;
    let title = header
        .required("title", "the lesson's header")?
        .value
        .clone();
    let summary = header.optional("summary")?.map(|f| f.value.clone());
    if steps.is_empty() {
        return Err(FormatError::new(
            header.origin.clone(),
            "the lesson has no steps (blocks after the header)",
        ));
    }
    Ok(Lesson {
        title,
        summary,
        steps: steps.iter().map(parse_step).collect::<Result<_, _>>()?,
        origin: header.origin.clone(),
    })
}

fn parse_step(block: &Block) -> Result<Step, FormatError> {
    block.only(&STEP_KEYS, "a step")?;
    let required = |key: &str| block.required(key, "a step").map(|f| f.value.clone());
    let goal_field = block.required("goal", "a step")?;
    let goal: Goal = goal_field
        .value
        .parse()
        .map_err(|e: GoalError| FormatError::new(goal_field.origin.clone(), e.to_string()))?;
    let highlight = block
        .optional("highlight")?
        .map(|f| {
            f.value
                .split(';')
                .map(|r| r.trim().to_string())
                .filter(|r| !r.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Ok(Step {
        text: required("text")?,
        position: required("position")?,
        goal,
        highlight,
        hint: required("hint")?,
        wrong: block.optional("wrong")?.map(|f| f.value.clone()),
        origin: block.origin.clone(),
    })
}

/// Reads one lesson file.
pub fn read_lesson_file(path: &Path) -> Result<Lesson, FormatError> {
    parse_lesson(&read_text(path)?, path)
}

/// Reads every `*.lesson` file of `dir` in name order; a file that cannot
/// be read is skipped with its error.
pub fn load_lessons(dir: &Path) -> Loaded<Lesson> {
    let mut loaded = Loaded::default();
    match files_with_extension(dir, LESSON_EXTENSION) {
        Ok(files) => {
            for path in files {
                match read_lesson_file(&path) {
                    Ok(lesson) => loaded.items.push(lesson),
                    Err(err) => loaded.errors.push(err),
                }
            }
        }
        Err(err) => loaded.errors.push(FormatError::new(
            Origin::new(dir, 0),
            format!("cannot list the folder: {err}"),
        )),
    }
    loaded
}
