//! Playing a puzzle: what the Puzzles screen needs below the window.
//!
//! - [`Attempt`] follows one try at a puzzle: it judges each of the
//!   player's moves, answers a good one with the engine's best defence and
//!   a wrong one with the reply that shows why it fails.
//! - [`defence`]: among the defender's moves, the one that delays the loss
//!   longest (decided by the exact solver), ties broken by the engine's
//!   evaluation, so the defence looks natural.
//! - [`refutation`]: after a wrong first move, the reply that shows it:
//!   a defence that holds (win puzzles) or the opponent's winning move
//!   (stop-a-win puzzles).
//! - [`hint`]: the puzzle's hint line and the piece to move.

use hive_ai::HiveEvaluator;
use hive_ai::search::Evaluator;
use hive_rules::{Game, Move, Piece, RuleError};

use crate::puzzle::{Kind, Puzzle};
use crate::solver::{Solver, legal_moves, won_by};
use crate::verify::PuzzleError;

/// The defender's move that puts off the attacker's win longest, the
/// attacker (the side not to move) having at most `horizon` moves to win:
/// a move after which it has no win within `horizon` if there is one,
/// otherwise the one after which its fastest win is slowest. Among equals,
/// the engine's favourite. `None` only when the game is over.
pub fn defence(game: &Game, horizon: u32) -> Option<Move> {
    let mut solver = Solver::new();
    let defender = game.to_move();
    let evaluator = HiveEvaluator::default();
    let mut best: Option<(Move, (u32, i32))> = None;
    for mv in legal_moves(game) {
        let mut after = game.clone();
        after.apply_unchecked(mv);
        let status = after.status();
        let delay = if status.is_over() {
            // Winning outright beats everything; losing at once is worst.
            match won_by(status, defender) {
                true => u32::MAX,
                false if won_by(status, defender.opponent()) => 0,
                false => horizon + 1,
            }
        } else {
            solver.fastest_win(&after, horizon).unwrap_or(horizon + 1)
        };
        // The evaluation is the attacker's (to move after the reply): lower is better.
        let value = if status.is_over() {
            0
        } else {
            -evaluator.evaluate(&after)
        };
        if best.is_none_or(|(_, key)| (delay, value) > key) {
            best = Some((mv, (delay, value)));
        }
    }
    best.map(|(mv, _)| mv)
}

/// A move of the side to move that wins within `n` of its moves, the
/// fastest first; `None` if there is none.
pub fn winning_reply(game: &Game, n: u32) -> Option<Move> {
    let mut solver = Solver::new();
    let mut work = game.clone();
    if let Some(mv) = solver.immediate_win(&mut work) {
        return Some(mv);
    }
    (2..=n).find_map(|depth| {
        legal_moves(game)
            .into_iter()
            .find(|&mv| solver.move_wins_within(game, mv, depth))
    })
}

/// After a wrong first move in `puzzle` (`after` is the position it gave),
/// the reply that shows why it fails: for a win puzzle, a defence after
/// which the player has no win within the moves left (the defender's own
/// win first, if it has one); for a stop-a-win puzzle, the opponent's
/// winning move. `None` when the wrong move ended the game, or when it was
/// not wrong after all.
pub fn refutation(puzzle: &Puzzle, after: &Game) -> Option<Move> {
    refutation_with(puzzle.kind, puzzle.kind.depth(), after)
}

/// [`refutation`] with the player's moves left before the wrong move.
fn refutation_with(kind: Kind, moves_left: u32, after: &Game) -> Option<Move> {
    if after.status().is_over() {
        return None;
    }
    match kind {
        Kind::Win(_) => {
            let left = moves_left.saturating_sub(1);
            if let Some(win) = winning_reply(after, 1) {
                return Some(win);
            }
            let reply = defence(after, left)?;
            let mut check = after.clone();
            check.apply_unchecked(reply);
            let holds = check.status().is_over() || !Solver::new().wins_within(&check, left);
            holds.then_some(reply)
        }
        Kind::Stop(n) => winning_reply(after, n),
    }
}

/// The puzzle's hint: its line of text, and the piece the solution moves
/// (for a second, stronger hint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The hint line of the puzzle file.
    pub text: String,
    /// The piece the first move places or moves (`None` for a pass).
    pub piece: Option<Piece>,
}

/// The hint of `puzzle`.
pub fn hint(puzzle: &Puzzle) -> Result<Hint, PuzzleError> {
    let game = puzzle.game()?;
    let solution = puzzle.solution_move(&game)?;
    Ok(Hint {
        text: puzzle.hint.clone(),
        piece: solution.piece(),
    })
}

/// What became of one move of the player in an [`Attempt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The move breaks a rule; nothing was played.
    Illegal(RuleError),
    /// The puzzle is solved.
    Solved,
    /// Right so far: the engine answered with `reply`; play on.
    Continue {
        /// The defender's move, already played.
        reply: Move,
    },
    /// The move does not solve the puzzle. `refutation`, already played,
    /// shows why (`None` when the move ended the game).
    Wrong {
        /// The reply that refutes it.
        refutation: Option<Move>,
    },
}

/// One try at a puzzle: the position so far and the player's moves left.
#[derive(Clone, Debug)]
pub struct Attempt {
    kind: Kind,
    game: Game,
    moves_left: u32,
    finished: bool,
}

impl Attempt {
    /// A try at `puzzle` from its position.
    pub fn new(puzzle: &Puzzle) -> Result<Attempt, PuzzleError> {
        Ok(Attempt {
            kind: puzzle.kind,
            game: puzzle.game()?,
            moves_left: puzzle.kind.depth(),
            finished: false,
        })
    }

    /// The position now (with the replies played).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's moves left to solve it.
    pub fn moves_left(&self) -> u32 {
        self.moves_left
    }

    /// Whether the try is over (solved or failed).
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Judges and plays the player's move, and the answer to it.
    pub fn play(&mut self, mv: Move) -> Outcome {
        if self.finished {
            return Outcome::Illegal(RuleError::GameOver);
        }
        if let Err(err) = self.game.check_move(mv) {
            return Outcome::Illegal(err);
        }
        let before = self.game.clone();
        let me = self.game.to_move();
        self.game.apply_unchecked(mv);
        let outcome = match self.kind {
            Kind::Win(_) => self.after_attack(me),
            Kind::Stop(n) => {
                let stops = Solver::new().move_stops_win(&before, mv, n);
                if stops { Outcome::Solved } else { self.wrong() }
            }
        };
        if !matches!(outcome, Outcome::Continue { .. }) {
            self.finished = true;
        }
        outcome
    }

    fn after_attack(&mut self, me: hive_rules::Color) -> Outcome {
        let status = self.game.status();
        if status.is_over() {
            return if won_by(status, me) {
                Outcome::Solved
            } else {
                Outcome::Wrong { refutation: None }
            };
        }
        let left = self.moves_left - 1;
        let mut work = self.game.clone();
        if left == 0 || !Solver::new().defender_loses(&mut work, left) {
            return self.wrong();
        }
        match defence(&self.game, left) {
            Some(reply) => {
                self.game.apply_unchecked(reply);
                self.moves_left = left;
                Outcome::Continue { reply }
            }
            None => Outcome::Solved,
        }
    }

    fn wrong(&mut self) -> Outcome {
        let refutation = refutation_with(self.kind, self.moves_left, &self.game);
        if let Some(reply) = refutation {
            self.game.apply_unchecked(reply);
        }
        Outcome::Wrong { refutation }
    }
}
