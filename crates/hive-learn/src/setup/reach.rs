//! Finding a game that ends in a set-up position, by taking it apart.
//!
//! The search runs the game backwards from the edited position to the
//! empty board. Going back one move, the side that made it either takes a
//! piece off (the move was a placement: the piece stands alone on its cell,
//! touches only its own colour, does not hold the hive together, is the
//! highest-numbered of its bug on the board, and the Queen comes in on the
//! side's second to fourth turn) or moves a piece back to where it came
//! from. Moves are found with the rules' own move generator: a move of the
//! bugs that walk, jump and climb can always be walked back the same way,
//! and the few that cannot (a Mosquito copies its neighbours, which change)
//! are checked in the forward direction.
//!
//! The walk back is a best-first search (weighted A*) over positions, each
//! seen once: it goes on from the position whose steps so far plus twice
//! an estimate of the steps left is smallest. The estimate counts, per
//! side, the pieces to take off plus the moves they still need (a piece up
//! on the hive must climb down, a piece touching the other colour must get
//! away from it, except the two first pieces), and the sides take turns.
//! Positions no game passes through are dropped on sight: piece counts
//! that do not fit the turns (before its Queen a side only places), a side
//! without its Queen that has nothing to take off, a Mosquito up on the
//! hive with no Beetle left to have copied. A move right after another
//! of the same piece is never taken (a piece just moved cannot be thrown,
//! a piece just thrown cannot move). The moves found are replayed forwards
//! through [`Game::play`], so a game is only ever returned legal.
//!
//! Turns are matched afterwards where the game came out short: a move is
//! split in two, and pieces step out and back (see [`pad_turns`]).
//!
//! The first piece of every game stands on the origin, so the game's board
//! is the edited one moved by an offset ([`Reached::offset`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use hive_rules::{Bug, Color, Game, GameType, Hex, Move, Piece};
use thiserror::Error;

use super::{Problem, Setup, translate};

mod facts;
mod padding;
mod search;

use padding::pad_turns;
use search::{SHORTER_WEIGHT, Search, WEIGHT};

/// How much work [`Setup::reach`] may do before it gives up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may look at (each candidate step weighed counts one).
    pub nodes: u64,
    /// Wall-clock time.
    pub time: Duration,
}

impl Budget {
    /// Plenty for positions of real games (most take a few thousand
    /// positions, a few milliseconds), and a bound of about a second.
    pub const DEFAULT: Budget = Budget {
        nodes: 300_000,
        time: Duration::from_millis(1500),
    };

    /// A budget of `nodes` positions, with the default time bound.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            time: Budget::DEFAULT.time,
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// A game that ends in the set-up position.
#[derive(Clone, Debug)]
pub struct Reached {
    /// The game, with its moves from the empty board; `game.game_string()`
    /// writes it.
    pub game: Game,
    /// Where the set-up position stands in the game: the setup's cell
    /// `(q, r)` is the game's cell `(q + offset.0, r + offset.1)`.
    pub offset: (i32, i32),
    /// The game's turn number (the side to move is the setup's).
    pub turn: u32,
    /// The turn the setup asked for.
    pub requested_turn: u32,
    /// Positions the search looked at.
    pub tries: u64,
}

impl Reached {
    /// The game's cell for a cell of the setup.
    pub fn to_game(&self, hex: Hex) -> Hex {
        translate(hex, self.offset)
    }

    /// The setup's cell for a cell of the game.
    pub fn from_game(&self, hex: Hex) -> Hex {
        translate(hex, (-self.offset.0, -self.offset.1))
    }

    /// Whether the game reached the requested turn too.
    pub fn turn_matched(&self) -> bool {
        self.turn == self.requested_turn
    }

    /// What to tell the player when the turn differs: `None` when it matches.
    pub fn turn_note(&self) -> Option<String> {
        (!self.turn_matched()).then(|| {
            format!(
                "the position is reached at turn {} rather than {}: no game found here gets there {}",
                self.turn,
                self.requested_turn,
                if self.turn > self.requested_turn {
                    "sooner"
                } else {
                    "that late"
                }
            )
        })
    }
}

/// Why [`Setup::reach`] found no game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Unreachable {
    /// The position has problems (see [`Setup::problems`]); the first is shown.
    #[error("this position cannot arise in a game: {}", .0.first().map(ToString::to_string).unwrap_or_default())]
    Problems(Vec<Problem>),
    /// The search ran out of budget.
    #[error(
        "no game reaches this position within {tries} tries; it cannot be written as a GameString"
    )]
    NotFound {
        /// Positions the search looked at.
        tries: u64,
    },
}

impl Setup {
    /// A game of legal moves from the empty board that ends with exactly
    /// these stacks (moved by [`Reached::offset`], since every game starts
    /// on the origin) and the same side to move, at the requested turn when
    /// the search can get there (padding with moves that leave the board as
    /// it was; [`Reached::turn`] says which turn was reached).
    ///
    /// Refuses a position with [`problems`](Setup::problems), and gives up
    /// when `budget` runs out.
    pub fn reach(&self, budget: Budget) -> Result<Reached, Unreachable> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(Unreachable::Problems(problems));
        }
        let mut search = Search {
            game_type: self.game_type,
            weight: WEIGHT,
            nodes: 0,
            budget,
            start: Instant::now(),
        };
        let Some((mut game, mut offset)) = self.search_game(&mut search, u32::MAX) else {
            return Err(Unreachable::NotFound {
                tries: search.nodes,
            });
        };
        // Too long a game: look again for a shorter one, weighing the
        // estimate less, with a few times the work the first one took.
        if game.ply() > self.plies() {
            let first = search.nodes;
            search.weight = SHORTER_WEIGHT;
            search.budget.nodes = search.budget.nodes.min(5 * first + 20_000);
            if let Some(shorter) = self.search_game(&mut search, game.ply()) {
                (game, offset) = shorter;
            }
        }
        let game = pad_turns(game, self.turn);
        Ok(Reached {
            turn: game.turn_number(),
            requested_turn: self.turn,
            game,
            offset,
            tries: search.nodes,
        })
    }

    /// Moves played before this position: `White[3]` follows four, `Black[3]` five.
    fn plies(&self) -> u32 {
        2 * (self.turn - 1) + u32::from(self.to_move == Color::Black)
    }

    /// The first game `search` finds that ends in this position in fewer
    /// than `shorter_than` moves, with its offset.
    fn search_game(&self, search: &mut Search, shorter_than: u32) -> Option<(Game, (i32, i32))> {
        let mut board: Vec<(Piece, Hex, u8)> = self.pieces().collect();
        board.sort_by_key(|&(_, _, level)| level);
        let board = board.into_iter().map(|(p, h, _)| (p, h)).collect();
        search.run(board, self.to_move.opponent(), |moves| {
            if moves.len() >= shorter_than as usize {
                return None;
            }
            let offset = offset_for(&moves);
            let moves: Vec<Move> = moves.iter().map(|&mv| moved(mv, offset)).collect();
            let game = replay(self.game_type, &moves)?;
            self.matches(&game, offset).then_some((game, offset))
        })
    }
}

/// The offset that puts the first placement on the origin.
fn offset_for(moves: &[Move]) -> (i32, i32) {
    let Some(Move::Place { to, .. }) = moves.first() else {
        return (0, 0);
    };
    let (oq, or) = Hex::ORIGIN.axial();
    let (q, r) = to.axial();
    (oq - q, or - r)
}

/// A move with its cells moved by `offset`.
fn moved(mv: Move, offset: (i32, i32)) -> Move {
    match mv {
        Move::Place { piece, to } => Move::Place {
            piece,
            to: translate(to, offset),
        },
        Move::Move { piece, from, to } => Move::Move {
            piece,
            from: translate(from, offset),
            to: translate(to, offset),
        },
        Move::Pass => Move::Pass,
    }
}

/// The move that takes a movement back (`None` for a placement or a pass).
fn reverse(mv: Move) -> Option<Move> {
    match mv {
        Move::Move { piece, from, to } => Some(Move::Move {
            piece,
            from: to,
            to: from,
        }),
        _ => None,
    }
}

/// The game of these moves from the empty board, each checked; `None` if
/// one is illegal.
fn replay(game_type: GameType, moves: &[Move]) -> Option<Game> {
    play_on(Game::new(game_type), moves)
}

/// `game` with `rest` played after it, if every move is legal.
fn play_on(mut game: Game, rest: &[Move]) -> Option<Game> {
    for &mv in rest {
        game.play(mv).ok()?;
    }
    Some(game)
}

/// The board of a game, pieces bottom up.
fn board_of(game: &Game) -> Vec<(Piece, Hex)> {
    let mut pieces: Vec<(Piece, Hex, u8)> = game.pieces_on_board().collect();
    pieces.sort_by_key(|&(_, _, level)| level);
    pieces.into_iter().map(|(p, h, _)| (p, h)).collect()
}

/// A game with this board (pieces put down bottom up with no regard for
/// the rules) and `mover` to move, with no piece just moved: a position to
/// ask the move generator about.
fn game_of(game_type: GameType, board: &[(Piece, Hex)], mover: Color) -> Game {
    let mut game = Game::new(game_type);
    for &(piece, to) in board {
        game.apply_unchecked(Move::Place { piece, to });
    }
    game.apply_unchecked(Move::Pass);
    if game.to_move() != mover {
        game.apply_unchecked(Move::Pass);
    }
    game
}
