//! Checking lessons headlessly, and judging a player's move in a step.
//!
//! [`check_lesson`] walks every step as the game would: the position
//! loads and the game in it goes on, every highlight names a cell, every
//! accepted move of a `play` goal is legal (and is played), a predicate
//! goal is met by at least one legal move (which is played), and the
//! step's wrong move is refused by the rules or misses the goal. The first
//! step that fails is named with its file and line.
//!
//! [`judge_move`] is what the Learn screen calls for a player's move:
//! accepted, refused with the rules' own reason ([`RuleError`]), or legal
//! but not what the step asks (with the step's hint).

use std::path::Path;
use std::sync::atomic::AtomicBool;

use hive_ai::{Difficulty, Engine};
use hive_rules::{Game, LoadError, Move, NotationError, RuleError};

use crate::blocks::Origin;
use crate::lesson::{CellError, Goal, Lesson, Step};
use crate::lesson_file::load_lessons;
use crate::solver::legal_moves;

/// A lesson that fails its check, or a file that cannot be read: where,
/// which step (from 1) if any, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {}{reason}", step.map(|n| format!("step {n}: ")).unwrap_or_default())]
pub struct LessonError {
    /// The file and line (of the step's block, or of the format error).
    pub origin: Origin,
    /// The step, from 1; `None` for an error in the file as a whole.
    pub step: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

/// What becomes of a player's move in a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move meets the step's goal.
    Accepted,
    /// The rules refuse the move, for this reason.
    Refused(RuleError),
    /// The move is legal but not what the step asks; show the hint.
    NotTheGoal {
        /// The step's hint.
        hint: String,
    },
}

/// Judges `mv`, a move of the player in `game` (the step's position).
pub fn judge_move(step: &Step, game: &Game, mv: Move) -> Verdict {
    if let Err(err) = game.check_move(mv) {
        return Verdict::Refused(err);
    }
    if step.goal.met_by(game, mv) {
        Verdict::Accepted
    } else {
        Verdict::NotTheGoal {
            hint: step.hint.clone(),
        }
    }
}

/// Plays every step of `lesson` headlessly (see the module documentation).
pub fn check_lesson(lesson: &Lesson) -> Result<(), LessonError> {
    for (index, step) in lesson.steps.iter().enumerate() {
        check_step(step).map_err(|reason| LessonError {
            origin: step.origin.clone(),
            step: Some(index + 1),
            reason: reason.to_string(),
        })?;
    }
    Ok(())
}

/// Why a step fails its check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The step's position cannot be loaded.
    #[error("the position cannot be loaded: {0}")]
    Position(LoadError),
    /// The game in the position is over.
    #[error("the game in the position is already over")]
    GameOver,
    /// A highlight names no cell.
    #[error("highlight {0}")]
    Highlight(#[from] CellError),
    /// A game against the Beginner with a wrong move.
    #[error("a game against the Beginner has no wrong move")]
    BeginnerWrongMove,
    /// The Beginner has no move to start the game with.
    #[error("the Beginner finds no move in the position")]
    BeginnerNoMove,
    /// An accepted move of a `play` goal cannot be read.
    #[error("the accepted move '{text}' cannot be read: {error}")]
    AcceptedUnreadable {
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
    /// An accepted move breaks a rule.
    #[error("the accepted move {text} is illegal: {error}")]
    AcceptedIllegal {
        /// The move, as the engine writes it.
        text: String,
        /// The rule it breaks.
        error: RuleError,
    },
    /// No legal move meets a predicate goal.
    #[error("no legal move meets the goal '{0}'")]
    GoalUnreachable(Goal),
    /// The wrong move cannot be read.
    #[error("the wrong move '{text}' cannot be read: {error}")]
    WrongUnreadable {
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
    /// The wrong move is accepted.
    #[error("the wrong move '{0}' is legal and meets the goal")]
    WrongAccepted(String),
}

fn check_step(step: &Step) -> Result<(), StepError> {
    let game = step.start().map_err(StepError::Position)?;
    check_step_in(step, &game)
}

/// The checks of [`check_lesson`] for `step` played from `game` rather
/// than from its own position (a step carried on from the player's board,
/// see [`crate::lesson_carry`]).
pub fn check_step_in(step: &Step, game: &Game) -> Result<(), StepError> {
    let game = game.clone();
    if game.status().is_over() {
        return Err(StepError::GameOver);
    }
    step.highlight_cells(&game)?;
    if step.is_beginner_game() {
        if step.wrong.is_some() {
            return Err(StepError::BeginnerWrongMove);
        }
        let mut engine = Engine::new(1);
        let reply = engine.choose(&game, Difficulty::Beginner, 1, &AtomicBool::new(false));
        return reply.best.map(|_| ()).ok_or(StepError::BeginnerNoMove);
    }
    for mv in accepted_moves(step, &game)? {
        let mut played = game.clone();
        played
            .play(mv)
            .map_err(|error| StepError::AcceptedIllegal {
                text: game.move_string(mv),
                error,
            })?;
    }
    if let Some(text) = &step.wrong {
        let mv = game
            .parse_move(text)
            .map_err(|error| StepError::WrongUnreadable {
                text: text.clone(),
                error,
            })?;
        if game.check_move(mv).is_ok() && step.goal.met_by(&game, mv) {
            return Err(StepError::WrongAccepted(text.clone()));
        }
    }
    Ok(())
}

/// The moves the checker plays for a step: every move of a `play` goal,
/// or one legal move meeting a predicate goal.
fn accepted_moves(step: &Step, game: &Game) -> Result<Vec<Move>, StepError> {
    match &step.goal {
        Goal::Moves(texts) => texts
            .iter()
            .map(|text| {
                game.parse_move(text)
                    .map_err(|error| StepError::AcceptedUnreadable {
                        text: text.clone(),
                        error,
                    })
            })
            .collect(),
        goal => legal_moves(game)
            .into_iter()
            .find(|&mv| goal.met_by(game, mv))
            .map(|mv| vec![mv])
            .ok_or_else(|| StepError::GoalUnreachable(goal.clone())),
    }
}

/// Checks every lesson of `dir`: how many passed, and an error for each
/// file that could not be read or lesson that failed.
pub fn check_all(dir: &Path) -> (usize, Vec<LessonError>) {
    let loaded = load_lessons(dir);
    let mut errors: Vec<LessonError> = loaded
        .errors
        .into_iter()
        .map(|err| LessonError {
            origin: err.origin,
            step: None,
            reason: err.message,
        })
        .collect();
    let mut ok = 0;
    for lesson in &loaded.items {
        match check_lesson(lesson) {
            Ok(()) => ok += 1,
            Err(err) => errors.push(err),
        }
    }
    (ok, errors)
}
