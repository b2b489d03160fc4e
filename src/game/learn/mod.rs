//! Learning on the board: interactive lessons (the Learn to play screen,
//! then each lesson step by step on the board, checked by the rules) and
//! the puzzles the engine has proved (the Puzzles screen, then each puzzle
//! played on the board against the engine's defence). Both are read from
//! `assets/` at start; finished lessons and solved puzzles are remembered in
//! the data directory (`progress/`).
//!
//! A lesson or a puzzle on the board is an [`Activity`] of its own:
//! starting one sets it (with the screen, in the same frame), leaving the
//! board ends it, and a game started or loaded forgets the lesson or puzzle
//! that ran. [`LessonRun`] and [`PuzzleRun`] keep which one runs and how
//! far it got; the systems that play one run only in its activity. Both
//! are practice, not a game ([`Mode::practising`](crate::game::core::Mode::practising)): nothing of them is
//! autosaved, so "Resume last game" is left alone.
//!
//! The puzzles are listed by level, each level in the order the lessons
//! teach the bugs they use (`hive_learn::puzzle_order`): the base game's
//! first.
//!
//! Its screens: Learn to play with the lesson bar (`lessons_screen`) and
//! Puzzles with the puzzle bar (`puzzles_screen`).

pub mod lessons;
mod lessons_screen;
mod progress;
pub mod puzzles;
mod puzzles_screen;
pub mod rating;

use bevy::prelude::*;

use crate::game::ai::{AiMoves, AnalysisSystems, ExhibitionSystems, HintSystems};
use crate::game::core::{Activity, GameSystems};
use crate::game::editor::EditorSystems;
use crate::game::saves::PositionChanges;

pub use lessons::{LessonRequest, LessonRun, Lessons, StepState};
pub use puzzles::{PuzzleRequest, PuzzleRun, PuzzleState, Puzzles};
pub use rating::{RATING_FILE, RatedNow, Rating};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((puzzles::plugin, lessons::plugin, rating::plugin));
    // The puzzles in the order the lessons teach what they use.
    let taught = app
        .world()
        .get_resource::<Lessons>()
        .map(|l| l.list.clone());
    if let (Some(lessons), Some(mut puzzles)) =
        (taught, app.world_mut().get_resource_mut::<Puzzles>())
    {
        crate::learn::order_by_lessons(&mut puzzles.list, &lessons);
    }
    // A lesson's or a puzzle's position replaces the game after the
    // records' changes of the frame.
    app.add_systems(
        Update,
        (
            puzzles::handle_requests,
            // Once the board is up in its activity (the frame after a
            // start from the lists).
            puzzles::set_up_the_puzzle.run_if(in_state(Activity::Puzzle)),
            lessons::handle_requests,
            lessons::set_up_the_step.run_if(in_state(Activity::Lesson)),
        )
            .chain()
            .in_set(GameSystems::Jump)
            .after(PositionChanges)
            .after(EditorSystems),
    );
    // The engine's answers, after the AI's own work of the frame.
    app.add_systems(
        Update,
        (
            (
                puzzles::judge_the_players_move,
                puzzles::collect_the_answer,
                puzzles::play_the_answer,
            )
                .chain()
                .run_if(in_state(Activity::Puzzle)),
            (
                lessons::judge_moves,
                lessons::note_refusals,
                lessons::finish_the_beginner_game,
            )
                .chain()
                .run_if(in_state(Activity::Lesson)),
        )
            .chain()
            .in_set(GameSystems::Ai)
            .after(AiMoves)
            .after(ExhibitionSystems)
            .after(HintSystems)
            .after(AnalysisSystems),
    );
}

/// The learning screens: Learn to play and Puzzles, each with its bar over
/// the board.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((lessons_screen::plugin, puzzles_screen::plugin));
}
