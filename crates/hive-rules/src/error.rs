//! Why a move is illegal, and why a string could not be read.
//!
//! Every message is written for a player to read as it is.

use std::fmt;

use thiserror::Error;

use super::hex::Hex;
use super::piece::{Bug, Color, Piece};

/// A cell as messages name it: the reference part of a MoveString, as the
/// engine would write it for the move being explained (`wS1-` east of wS1,
/// `/bQ` south-west of bQ, `wQ` on top of wQ), or "that cell" when no piece
/// stands next to it to name it by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellName(Box<(Hex, Option<String>)>);

impl CellName {
    /// The cell `hex`, written `name` (`None`: "that cell").
    pub fn new(hex: Hex, name: Option<String>) -> CellName {
        CellName(Box::new((hex, name)))
    }

    /// The cell itself.
    pub fn hex(&self) -> Hex {
        self.0.0
    }

    /// Its name in notation, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.0.1.as_deref()
    }
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name().unwrap_or("that cell"))
    }
}

/// A rule that a move breaks: one variant per rule, each message naming the
/// piece and, where it matters, the cell (see [`CellName`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The piece belongs to the side not on move (and no pillbug of the side
    /// to move could throw it).
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
    /// Every piece of this bug is already on the board.
    #[error("{color} has no {bug} left in hand")]
    NoneLeftInHand {
        /// The side.
        color: Color,
        /// The bug.
        bug: Bug,
    },
    /// Pieces of one bug are placed in number order.
    #[error("place {expected} before {piece}: pieces of one kind are placed in number order")]
    WrongPieceNumber {
        /// The piece asked for.
        piece: Piece,
        /// The one that must come first.
        expected: Piece,
    },
    /// Tournament opening rule.
    #[error("{piece} may not be placed on {}'s first turn (tournament rule)", .piece.color())]
    QueenOnFirstTurn {
        /// The Queen.
        piece: Piece,
    },
    /// The Queen was not placed in the first three turns.
    #[error(
        "it is {}'s fourth turn and the Queen is still in hand: it must be placed now, before {piece}",
        .piece.color()
    )]
    QueenByFourthTurn {
        /// The piece that was to be placed or moved instead.
        piece: Piece,
    },
    /// Nothing moves before its side's Queen is in play.
    #[error("{piece} cannot move yet: {}'s Queen must be placed first", .piece.color())]
    QueenNotPlaced {
        /// The piece (or pillbug) that was to act.
        piece: Piece,
    },
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
    #[error("{piece} cannot be placed on {cell}: pieces are never placed on top of others")]
    PlaceOnOccupied {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// The second piece of the game goes next to the first.
    #[error("{piece} must be placed next to the first piece, and {cell} is not")]
    PlaceNotNextToFirst {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// A placed piece touches the other side.
    #[error("{piece} cannot be placed at {cell}: it would touch {touching}, an opponent's piece")]
    PlaceNextToOpponent {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
        /// An opponent's piece next to that cell.
        touching: Piece,
    },
    /// A placed piece touches none of its own side.
    #[error(
        "{piece} cannot be placed at {cell}: a placed piece must touch a {} piece",
        .piece.color()
    )]
    PlaceNotTouchingOwn {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// No empty cell touches the side's pieces without touching the other side's.
    #[error("there is nowhere to place {piece}: every free cell next to a {} piece touches an opponent's", .piece.color())]
    NowhereToPlace {
        /// The piece.
        piece: Piece,
    },
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
    #[error("{piece} is covered by {by} and cannot move")]
    Covered {
        /// The piece.
        piece: Piece,
        /// The piece on top of its stack.
        by: Piece,
    },
    /// One Hive rule.
    #[error("moving {piece} would split the hive")]
    WouldSplitHive {
        /// The piece.
        piece: Piece,
    },
    /// The opponent moved (or placed) this piece on the previous turn, so a
    /// pillbug may not throw it now.
    #[error("{piece} was moved on the last turn, so a Pillbug cannot throw it now")]
    JustMoved {
        /// The piece.
        piece: Piece,
    },
    /// The opponent's pillbug threw this piece on the previous turn: it is
    /// stunned for a turn.
    #[error("{piece} was just thrown by a Pillbug: it cannot move, throw or be thrown this turn")]
    JustThrown {
        /// The piece.
        piece: Piece,
    },
    /// Freedom to move: both cells beside the step are taken (or, climbing,
    /// both are higher stacks).
    #[error("the gap is too narrow for {piece} to slide to {cell}")]
    GateTooNarrow {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// Freedom to move: neither cell beside the step is taken, so the piece
    /// would lose touch with the hive on the way.
    #[error("{piece} cannot slide to {cell}: it would lose touch with the hive on the way")]
    LosesContact {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// A piece must end somewhere else.
    #[error("a move must end on a different cell")]
    SameCell,
    /// A mosquito touching only mosquitoes.
    #[error("{piece} touches no bug but Mosquitoes, so it has no move to copy")]
    MosquitoTouchesNothing {
        /// The mosquito.
        piece: Piece,
    },
    /// No bug the mosquito touches could make this move.
    #[error(
        "{piece} cannot reach {cell}: it moves like the bugs it touches ({}), and none of them could make that move",
        bug_list(.touching)
    )]
    MosquitoCannotCopy {
        /// The mosquito.
        piece: Piece,
        /// The cell.
        cell: CellName,
        /// The bugs it touches (each once, Mosquito left out).
        touching: Box<[Bug]>,
    },
    /// The piece cannot reach that cell by its way of moving.
    #[error("{piece} cannot reach {cell}: {how}")]
    CannotReach {
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
        /// How this bug moves ([`how_it_moves`]).
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
    /// An opponent's piece, or a throw, with no pillbug of the side to move
    /// (or mosquito touching one) next to both the piece and the cell.
    #[error(
        "no {color} Pillbug (nor a Mosquito touching one) is next to both {piece} and {cell} to throw it there"
    )]
    NoPillbugNext {
        /// The side to move.
        color: Color,
        /// The piece to throw.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
    /// The thrower is neither a pillbug nor a mosquito.
    #[error("{piece} is not a Pillbug, so it cannot throw")]
    NotAPillbug {
        /// The would-be thrower.
        piece: Piece,
    },
    /// A mosquito can throw only on the ground, touching a pillbug.
    #[error("{piece} can throw only while on the ground next to a Pillbug")]
    MosquitoNoPillbug {
        /// The mosquito.
        piece: Piece,
    },
    /// The pillbug is under a stack.
    #[error("{pillbug} is covered by {by} and cannot throw")]
    PillbugCovered {
        /// The pillbug (or mosquito).
        pillbug: Piece,
        /// The piece on top of it.
        by: Piece,
    },
    /// The piece to throw is not next to the pillbug.
    #[error("{pillbug} can only throw a piece next to it, and {piece} is not")]
    NotNextToPillbug {
        /// The pillbug (or mosquito).
        pillbug: Piece,
        /// The piece.
        piece: Piece,
    },
    /// The piece to throw is part of a stack (on top of one, or under one).
    #[error("a Pillbug cannot throw {piece}: it is part of a stack")]
    ThrowStacked {
        /// The piece.
        piece: Piece,
    },
    /// The drop cell is not next to the pillbug.
    #[error("{pillbug} can only drop a piece next to itself, and {cell} is not")]
    ThrowTooFar {
        /// The pillbug (or mosquito).
        pillbug: Piece,
        /// The cell.
        cell: CellName,
    },
    /// The drop cell is taken.
    #[error("{pillbug} can only drop a piece on an empty cell, and {cell} is occupied")]
    ThrowOnOccupied {
        /// The pillbug (or mosquito).
        pillbug: Piece,
        /// The cell.
        cell: CellName,
    },
    /// A gate of stacks next to the pillbug blocks the lift or the drop.
    #[error("stacked pieces beside {pillbug} leave too narrow a gap to throw {piece} to {cell}")]
    ThrowGate {
        /// The pillbug (or mosquito).
        pillbug: Piece,
        /// The piece.
        piece: Piece,
        /// The cell.
        cell: CellName,
    },
}

/// "Queen, Ant and Spider".
fn bug_list(bugs: &[Bug]) -> String {
    let names: Vec<&str> = bugs.iter().map(|b| b.name()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// How each bug moves, in a sentence (used in [`RuleError::CannotReach`]).
pub const fn how_it_moves(bug: Bug) -> &'static str {
    match bug {
        Bug::Queen => "the Queen moves one step, along the ground",
        Bug::Ant => "an Ant walks around the outside of the hive",
        Bug::Grasshopper => {
            "a Grasshopper jumps in a straight line over at least one piece and lands on the first gap"
        }
        Bug::Spider => "a Spider moves exactly three steps around the hive, without going back",
        Bug::Beetle => "a Beetle moves one step, and may climb",
        Bug::Mosquito => "a Mosquito on top of the hive moves as a Beetle: one step",
        Bug::Ladybug => "a Ladybug goes two steps on top of the hive, then one down",
        Bug::Pillbug => "a Pillbug moves one step, along the ground",
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

/// A reference part of a MoveString ([`crate::PieceRef`]) that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PieceRefError {
    /// The piece is not a piece.
    #[error("{0}")]
    Piece(#[from] NotationError),
    /// A direction mark both before and after the piece (`-wS1-`).
    #[error("'{text}' has a direction mark on both sides; use one, like \"wS1-\" or \"-wS1\"")]
    MarksOnBothSides {
        /// The reference as written.
        text: String,
    },
}

impl From<PieceRefError> for NotationError {
    fn from(error: PieceRefError) -> NotationError {
        match error {
            PieceRefError::Piece(error) => error,
            other => NotationError::new(other.to_string()),
        }
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
