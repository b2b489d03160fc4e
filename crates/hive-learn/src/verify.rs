//! The proof that a puzzle is sound, as Mzinga proves its puzzles: the
//! solution does what the puzzle says, and no other first move does.
//!
//! For "win in N" ([`Kind::Win`]):
//! 1. the solution is legal and wins within N of the player's moves
//!    whatever the defence;
//! 2. the player has no win within N - 1 moves (N is the real depth);
//! 3. no other legal first move wins within N.
//!
//! For "stop a win in N" ([`Kind::Stop`]):
//! 1. the player cannot win at once (the puzzle is about defence);
//! 2. after the solution the opponent has no win within N of its moves;
//! 3. after every other legal move the opponent has one;
//! 4. for N > 1, some other move stops every win within N - 1 (the threat
//!    really is N moves deep, the obvious parry fails).
//!
//! A theme adds: a Pillbug puzzle's solution is a throw by the player's
//! Pillbug; a Mosquito puzzle's solution moves the player's Mosquito or is
//! a throw by it.
//!
//! Every step is decided by the exact [`Solver`], so a passing puzzle is
//! proved, not judged by a heuristic.

use std::fmt;

use hive_rules::{Bug, Game, Move, Piece};

use crate::blocks::Origin;
use crate::puzzle::{Kind, Puzzle, Theme};
use crate::solver::{Solver, legal_moves};

/// A puzzle that fails its proof (or cannot be read): which one, where it
/// is written, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: puzzle {id}: {reason}")]
pub struct PuzzleError {
    /// The puzzle's id.
    pub id: String,
    /// Where its block starts.
    pub origin: Origin,
    /// What failed.
    pub reason: Reason,
}

/// What a puzzle's own fields give, or the error naming it (here, beside
/// the error, so the puzzle's file does not depend on its proof).
impl Puzzle {
    /// The position, loaded.
    pub fn game(&self) -> Result<Game, PuzzleError> {
        Game::from_game_string(&self.position)
            .map_err(|err| self.error(Reason::BadPosition(err.to_string())))
    }

    /// The solution's first move, read in `game` (the puzzle's position).
    pub fn solution_move(&self, game: &Game) -> Result<Move, PuzzleError> {
        game.parse_move(&self.solution)
            .map_err(|err| self.error(Reason::BadSolution(err.to_string())))
    }

    /// An error about this puzzle.
    pub fn error(&self, reason: Reason) -> PuzzleError {
        PuzzleError {
            id: self.id.clone(),
            origin: self.origin.clone(),
            reason,
        }
    }
}

/// Why a puzzle fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The GameString cannot be loaded.
    BadPosition(String),
    /// The game in the position is already over.
    GameOver,
    /// The solution cannot be read.
    BadSolution(String),
    /// The solution breaks a rule.
    IllegalSolution(String),
    /// Only one legal move: nothing to find.
    OnlyOneMove,
    /// The solution does not win within the stated depth.
    SolutionDoesNotWin(u32),
    /// The player wins faster than stated.
    WinsFaster(u32),
    /// Another first move wins too.
    AnotherMoveWins(String),
    /// The player could win at once instead of defending.
    WinsInstead(String),
    /// After the solution the opponent still wins within the depth.
    SolutionDoesNotStop(u32),
    /// Another move stops the win too.
    AnotherMoveStops(String),
    /// Every move stops the wins within N - 1: the stated depth is too deep.
    ThreatNotThatDeep(u32),
    /// The solution is not the theme's trick.
    OffTheme(Theme),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::BadPosition(why) => write!(f, "the position cannot be loaded: {why}"),
            Reason::GameOver => write!(f, "the game in the position is already over"),
            Reason::BadSolution(why) => write!(f, "the solution cannot be read: {why}"),
            Reason::IllegalSolution(why) => write!(f, "the solution is illegal: {why}"),
            Reason::OnlyOneMove => write!(f, "the side to move has only one legal move"),
            Reason::SolutionDoesNotWin(n) => {
                write!(f, "the solution does not win within {n} moves")
            }
            Reason::WinsFaster(n) => write!(f, "the side to move already wins within {n} moves"),
            Reason::AnotherMoveWins(mv) => write!(f, "another first move wins too: {mv}"),
            Reason::WinsInstead(mv) => write!(f, "the side to move can win at once with {mv}"),
            Reason::SolutionDoesNotStop(n) => write!(
                f,
                "after the solution the opponent still wins within {n} moves"
            ),
            Reason::AnotherMoveStops(mv) => write!(f, "another move stops the win too: {mv}"),
            Reason::ThreatNotThatDeep(n) => write!(
                f,
                "no move allows a win within {} moves that the solution alone stops: state {} instead",
                n - 1,
                n - 1
            ),
            Reason::OffTheme(Theme::Pillbug) => {
                write!(f, "the solution is not a throw by the side's Pillbug")
            }
            Reason::OffTheme(Theme::Mosquito) => write!(
                f,
                "the solution neither moves the side's Mosquito nor is a throw by it"
            ),
        }
    }
}

/// Proves `puzzle` (see the module documentation), or says what failed.
pub fn verify(puzzle: &Puzzle) -> Result<(), PuzzleError> {
    let game = puzzle.game()?;
    if game.status().is_over() {
        return Err(puzzle.error(Reason::GameOver));
    }
    let solution = puzzle.solution_move(&game)?;
    game.check_move(solution)
        .map_err(|err| puzzle.error(Reason::IllegalSolution(err.to_string())))?;
    let moves = legal_moves(&game);
    if moves.len() < 2 {
        return Err(puzzle.error(Reason::OnlyOneMove));
    }
    if let Some(theme) = puzzle.theme
        && !fits_theme(&game, solution, theme)
    {
        return Err(puzzle.error(Reason::OffTheme(theme)));
    }
    let mut solver = Solver::new();
    let others = moves.into_iter().filter(|&mv| mv != solution);
    let reason = match puzzle.kind {
        Kind::Win(n) => check_win(&mut solver, &game, solution, others, n),
        Kind::Stop(n) => check_stop(&mut solver, &game, solution, others, n),
    };
    reason.map_or(Ok(()), |reason| Err(puzzle.error(reason)))
}

fn check_win(
    solver: &mut Solver,
    game: &Game,
    solution: Move,
    mut others: impl Iterator<Item = Move>,
    n: u32,
) -> Option<Reason> {
    if !solver.move_wins_within(game, solution, n) {
        return Some(Reason::SolutionDoesNotWin(n));
    }
    if n > 1 && solver.wins_within(game, n - 1) {
        return Some(Reason::WinsFaster(n - 1));
    }
    others
        .find(|&mv| solver.move_wins_within(game, mv, n))
        .map(|mv| Reason::AnotherMoveWins(game.move_string(mv)))
}

fn check_stop(
    solver: &mut Solver,
    game: &Game,
    solution: Move,
    others: impl Iterator<Item = Move>,
    n: u32,
) -> Option<Reason> {
    let mut work = game.clone();
    if let Some(win) = solver.immediate_win(&mut work) {
        return Some(Reason::WinsInstead(game.move_string(win)));
    }
    if !solver.move_stops_win(game, solution, n) {
        return Some(Reason::SolutionDoesNotStop(n));
    }
    let mut shallow_stop = false;
    for mv in others {
        if solver.move_stops_win(game, mv, n) {
            return Some(Reason::AnotherMoveStops(game.move_string(mv)));
        }
        if n > 1 && !shallow_stop {
            shallow_stop = solver.move_stops_win(game, mv, n - 1);
        }
    }
    (n > 1 && !shallow_stop).then_some(Reason::ThreatNotThatDeep(n))
}

/// Whether `mv` (legal in `game`) is the trick of `theme` for the side to
/// move: a Pillbug puzzle's move is a throw by its Pillbug that the piece
/// could not make by itself; a Mosquito puzzle's move is the Mosquito's own
/// movement, or such a throw by the Mosquito.
pub fn fits_theme(game: &Game, mv: Move, theme: Theme) -> bool {
    let me = game.to_move();
    let thrown_by = |bug: Bug| {
        Piece::new(me, bug, 1).is_some_and(|actor| {
            game.has_piece(actor)
                && game.pillbug_throws(actor).contains(&mv)
                && !moves_by_itself(game, mv)
        })
    };
    match theme {
        Theme::Pillbug => thrown_by(Bug::Pillbug),
        Theme::Mosquito => {
            let mosquito_itself = matches!(mv, Move::Move { piece, .. }
                if piece.bug() == Bug::Mosquito && piece.color() == me)
                && moves_by_itself(game, mv);
            mosquito_itself || thrown_by(Bug::Mosquito)
        }
    }
}

/// Whether the piece of `mv` (a legal movement) could make it by its own
/// movement. [`Game::path_of`] gives the piece's own way when it has one
/// and `[from, thrower, to]` for a throw only; the one own way of that
/// shape is a Grasshopper's jump over the thrower (or a Mosquito's copy of
/// one), told apart by the straight line.
fn moves_by_itself(game: &Game, mv: Move) -> bool {
    let Move::Move { piece, from, to } = mv else {
        return false;
    };
    if piece.color() != game.to_move() {
        return false;
    }
    let path = game.path_of(mv);
    if path.len() != 3 {
        return !path.is_empty();
    }
    let middle = path[1];
    let thrower_between = from.is_neighbor(middle)
        && to.is_neighbor(middle)
        && game.top(middle).is_some_and(|p| {
            p.color() == piece.color() && matches!(p.bug(), Bug::Pillbug | Bug::Mosquito)
        });
    if !thrower_between {
        return true;
    }
    let straight = from
        .direction_to(middle)
        .is_some_and(|d| middle.neighbor(d) == to);
    let jumps = match piece.bug() {
        Bug::Grasshopper => true,
        Bug::Mosquito => from
            .neighbors()
            .iter()
            .any(|&c| game.top(c).is_some_and(|p| p.bug() == Bug::Grasshopper)),
        _ => false,
    };
    straight && jumps
}
