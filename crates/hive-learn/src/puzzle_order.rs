//! Puzzles in the order the lessons teach what they use.
//!
//! A lesson teaches the bugs its steps ask the player to move or place
//! (`move wM`, `play wM bQ-`, `place queen`); a puzzle uses every bug of
//! its game type (a piece in hand may be the answer). A puzzle comes after
//! the lessons that teach all of its bugs: within a level, the puzzles
//! with only the base game's bugs first, then those with the Mosquito
//! (taught before the Ladybug and the Pillbug), then the rest, each group
//! in file order. A bug no lesson teaches puts its puzzles last.

use hive_rules::{Bug, GameType, Move};

use crate::lesson::{Goal, Lesson, Step};
use crate::puzzle::Puzzle;

/// The bugs `step` asks the player to move or place.
fn bugs_of_step(step: &Step) -> Vec<Bug> {
    match &step.goal {
        Goal::MovePiece(piece) => vec![piece.bug()],
        Goal::PlaceQueen => vec![Bug::Queen],
        Goal::Moves(moves) => {
            let Ok(game) = step.start() else {
                return Vec::new();
            };
            moves
                .iter()
                .filter_map(|text| game.parse_move(text).ok())
                .filter_map(Move::piece)
                .map(|piece| piece.bug())
                .collect()
        }
        Goal::PlaceAny | Goal::MoveAny | Goal::SurroundQueen | Goal::BeginnerGame => Vec::new(),
    }
}

/// The bugs `lesson` teaches: those its steps ask the player to move or
/// place.
pub fn bugs_taught(lesson: &Lesson) -> Vec<Bug> {
    let mut bugs: Vec<Bug> = lesson.steps.iter().flat_map(bugs_of_step).collect();
    bugs.sort();
    bugs.dedup();
    bugs
}

/// The bugs `puzzle` uses: every bug of its game type (`None` if the
/// position does not name one).
pub fn bugs_used(puzzle: &Puzzle) -> Option<Vec<Bug>> {
    let game_type: GameType = puzzle.position.split(';').next()?.trim().parse().ok()?;
    Some(
        Bug::ALL
            .into_iter()
            .filter(|&bug| game_type.includes(bug))
            .collect(),
    )
}

/// How many of `lessons` (in order) teach everything `puzzle` uses: the
/// puzzle belongs after that many lessons; `lessons.len() + 1` if some bug
/// it uses is taught by none.
pub fn lessons_before(puzzle: &Puzzle, lessons: &[Lesson]) -> usize {
    let taught: Vec<Vec<Bug>> = lessons.iter().map(bugs_taught).collect();
    lessons_before_with(puzzle, &taught)
}

fn lessons_before_with(puzzle: &Puzzle, taught: &[Vec<Bug>]) -> usize {
    let never = taught.len() + 1;
    let Some(bugs) = bugs_used(puzzle) else {
        return never;
    };
    bugs.into_iter()
        .map(|bug| {
            taught
                .iter()
                .position(|bugs| bugs.contains(&bug))
                .map_or(never, |index| index + 1)
        })
        .max()
        .unwrap_or(0)
}

/// Sorts `puzzles` by level, then by the lessons they need (see the
/// module's rule); puzzles that need the same stay in their order.
pub fn order_by_lessons(puzzles: &mut [Puzzle], lessons: &[Lesson]) {
    let taught: Vec<Vec<Bug>> = lessons.iter().map(bugs_taught).collect();
    puzzles.sort_by_cached_key(|puzzle| (puzzle.level, lessons_before_with(puzzle, &taught)));
}
