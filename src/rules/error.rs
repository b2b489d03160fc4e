//! Why a move is illegal, and why a string could not be read.
//!
//! Every message is written for a player to read as it is.

use thiserror::Error;

use super::piece::{Bug, Color, Piece};

/// A rule that a move breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The piece belongs to the side not on move.
    #[error("{piece} belongs to {owner}, and it is {to_move}'s turn")]
    NotYourPiece {
        /// The piece.
        piece: Piece,
        /// Its owner.
        owner: Color,
        /// The side to move.
        to_move: Color,
    },
    /// The game type does not use this bug.
    #[error("there is no {bug} in this game")]
    BugNotInGame {
        /// The bug.
        bug: Bug,
    },
    /// Pieces of one bug are placed in number order.
    #[error("place {expected} before {piece}")]
    WrongPieceNumber {
        /// The piece asked for.
        piece: Piece,
        /// The one that must come first.
        expected: Piece,
    },
    /// Tournament opening rule.
    #[error("the Queen may not be placed on a player's first turn (tournament rule)")]
    QueenOnFirstTurn,
    /// The Queen was not placed in the first three turns.
    #[error("the Queen must be placed by the fourth turn")]
    QueenByFourthTurn,
    /// Nothing moves before its side's Queen is in play.
    #[error("the Queen must be placed before any piece can move")]
    QueenNotPlaced,
    /// The first piece of the game goes at the origin.
    #[error("the first piece goes in the middle of the table")]
    FirstPieceAtOrigin,
    /// A movement whose starting cell is not where the piece stands.
    #[error("{piece} is not on that cell")]
    NotThere {
        /// The piece.
        piece: Piece,
    },
    /// Placement onto an occupied cell.
    #[error("pieces cannot be placed on top of others")]
    PlaceOnOccupied,
    /// The first move goes at the origin; the second next to the first piece.
    #[error("the second piece must be placed next to the first")]
    PlaceNotNextToFirst,
    /// A placed piece touches the other side.
    #[error("cannot place next to an opponent's piece")]
    PlaceNextToOpponent,
    /// A placed piece touches none of its own side.
    #[error("a placed piece must touch a piece of its own colour")]
    PlaceNotTouchingOwn,
    /// The piece is not on the board.
    #[error("{piece} is not on the board yet")]
    NotOnBoard {
        /// The piece.
        piece: Piece,
    },
    /// The piece has already been placed.
    #[error("{piece} is already on the board")]
    AlreadyPlaced {
        /// The piece.
        piece: Piece,
    },
    /// The piece is under another.
    #[error("{piece} is covered by another piece and cannot move")]
    Covered {
        /// The piece.
        piece: Piece,
    },
    /// One Hive rule.
    #[error("moving {piece} would split the hive")]
    WouldSplitHive {
        /// The piece.
        piece: Piece,
    },
    /// The piece was moved on the previous turn, by a pillbug or its owner.
    #[error("{piece} was just moved, so it cannot move or be moved by a pillbug this turn")]
    JustMoved {
        /// The piece.
        piece: Piece,
    },
    /// Freedom to move.
    #[error("the gap is too narrow for {piece} to slide through")]
    GateTooNarrow {
        /// The piece.
        piece: Piece,
    },
    /// A piece must end somewhere else.
    #[error("a move must end on a different cell")]
    SameCell,
    /// A mosquito touching only mosquitoes.
    #[error("a Mosquito touching only Mosquitoes cannot move")]
    MosquitoTouchesNothing,
    /// The piece cannot reach that cell by its way of moving.
    #[error("{piece} cannot reach that cell: {how}")]
    CannotReach {
        /// The piece.
        piece: Piece,
        /// How this bug moves.
        how: &'static str,
    },
    /// The piece has no legal move at all.
    #[error("{piece} has no legal move")]
    NoMoves {
        /// The piece.
        piece: Piece,
    },
    /// A pass while a move exists.
    #[error("you may only pass when you have no legal move")]
    PassNotAllowed,
    /// Another move while passing is the only option.
    #[error("there is no legal move: you must pass")]
    MustPass,
}

/// How each bug moves, in a sentence (used in [`RuleError::CannotReach`]).
pub const fn how_it_moves(bug: Bug) -> &'static str {
    match bug {
        Bug::Queen => "the Queen moves one step, sliding",
        Bug::Ant => "an Ant slides around the outside of the hive",
        Bug::Grasshopper => "a Grasshopper jumps in a straight line over one or more pieces",
        Bug::Spider => "a Spider slides exactly three steps around the hive",
        Bug::Beetle => "a Beetle moves one step, and may climb",
        Bug::Mosquito => "a Mosquito moves like a bug it touches",
        Bug::Ladybug => "a Ladybug moves two steps on top of the hive, then one down",
        Bug::Pillbug => "a Pillbug moves one step, sliding",
    }
}

/// A string that is not valid notation, with what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct NotationError {
    message: String,
}

impl NotationError {
    /// An error with this explanation.
    pub fn new(message: impl Into<String>) -> NotationError {
        NotationError {
            message: message.into(),
        }
    }

    /// The explanation.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A GameString or MoveString that could not be loaded: bad syntax, or an illegal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The text is malformed.
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// Move number `index` (from 1) of a GameString, written `text`, cannot be read.
    #[error("move {index} ({text}) cannot be read: {error}")]
    UnreadableMove {
        /// Position of the move in the game, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        error: NotationError,
    },
    /// Move number `index` (from 1), written `text`, is illegal.
    #[error("move {index} ({text}) is illegal: {error}")]
    IllegalMove {
        /// Position of the move in the game, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// The rule it breaks.
        error: RuleError,
    },
}
