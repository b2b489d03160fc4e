//! What a lesson is: a title and steps, each step a short text, a
//! position, a goal the player's move must meet, cells to highlight, a
//! hint, and optionally a wrong move that shows a rule at work.
//!
//! A [`Goal`] is either a set of accepted moves or a predicate:
//!
//! | file spelling          | meaning                                        |
//! |------------------------|------------------------------------------------|
//! | `play M1; M2; ...`     | one of these MoveStrings (`play pass` to pass) |
//! | `place queen`          | place your Queen, anywhere legal               |
//! | `place any`            | place any piece, anywhere legal                |
//! | `move any`             | move any piece on the board                    |
//! | `move wS1`             | any move of this piece                         |
//! | `surround queen`       | a move that wins the game                      |
//! | `play against beginner`| play a whole game against the Beginner AI      |
//!
//! Highlights are written like the reference part of a MoveString: `wS1`
//! is the cell of wS1, `wS1-` the cell east of it, `/bQ` the cell
//! south-west of bQ (see [`resolve_cell`]).

use std::fmt;
use std::str::FromStr;

use hive_rules::{
    Bug, Game, GameStatus, Hex, LoadError, Move, NotationError, Piece, PieceRef, PieceRefError,
};

use crate::blocks::Origin;

/// What a step asks of the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One of these moves (MoveStrings, read in the step's position).
    Moves(Vec<String>),
    /// Place the side's Queen.
    PlaceQueen,
    /// Place any piece.
    PlaceAny,
    /// Move any piece on the board.
    MoveAny,
    /// Any move of this piece.
    MovePiece(Piece),
    /// Win the game by this move.
    SurroundQueen,
    /// Play a whole game against the Beginner AI (the game runs it).
    BeginnerGame,
}

impl Goal {
    /// Whether `mv` (legal in `game`, the step's position) meets the goal.
    /// Every legal move meets [`Goal::BeginnerGame`]: the game plays on.
    pub fn met_by(&self, game: &Game, mv: Move) -> bool {
        match self {
            Goal::Moves(texts) => texts
                .iter()
                .any(|text| game.parse_move(text).is_ok_and(|accepted| accepted == mv)),
            Goal::PlaceQueen => {
                matches!(mv, Move::Place { piece, .. } if piece.bug() == Bug::Queen)
            }
            Goal::PlaceAny => matches!(mv, Move::Place { .. }),
            Goal::MoveAny => matches!(mv, Move::Move { .. }),
            Goal::MovePiece(piece) => {
                matches!(mv, Move::Move { piece: moved, .. } if moved == *piece)
            }
            Goal::SurroundQueen => {
                let mut after = game.clone();
                after.apply_unchecked(mv);
                matches!(
                    (after.status(), game.to_move()),
                    (GameStatus::WhiteWins, hive_rules::Color::White)
                        | (GameStatus::BlackWins, hive_rules::Color::Black)
                )
            }
            Goal::BeginnerGame => true,
        }
    }
}

impl fmt::Display for Goal {
    /// The spelling of lesson files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Moves(moves) => write!(f, "play {}", moves.join("; ")),
            Goal::PlaceQueen => f.write_str("place queen"),
            Goal::PlaceAny => f.write_str("place any"),
            Goal::MoveAny => f.write_str("move any"),
            Goal::MovePiece(piece) => write!(f, "move {piece}"),
            Goal::SurroundQueen => f.write_str("surround queen"),
            Goal::BeginnerGame => f.write_str("play against beginner"),
        }
    }
}

/// A goal that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    /// `play` with no MoveString after it.
    #[error("'play' needs at least one MoveString")]
    NoMoves,
    /// `move` followed by something that is not a piece.
    #[error("{0}")]
    Piece(#[from] NotationError),
    /// None of the goals' spellings.
    #[error(
        "'{0}' is not a goal (play M1; M2, place queen, place any, move any, move <piece>, surround queen, play against beginner)"
    )]
    Unknown(String),
}

impl FromStr for Goal {
    type Err = GoalError;

    fn from_str(text: &str) -> Result<Goal, GoalError> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "place queen" => Goal::PlaceQueen,
            "place any" => Goal::PlaceAny,
            "move any" => Goal::MoveAny,
            "surround queen" => Goal::SurroundQueen,
            "play against beginner" => Goal::BeginnerGame,
            _ if lower.starts_with("play ") => {
                let moves: Vec<String> = text[5..]
                    .split(';')
                    .map(|m| m.trim().to_string())
                    .filter(|m| !m.is_empty())
                    .collect();
                if moves.is_empty() {
                    return Err(GoalError::NoMoves);
                }
                Goal::Moves(moves)
            }
            _ if lower.starts_with("move ") => {
                let piece: Piece = text[5..].trim().parse()?;
                Goal::MovePiece(piece)
            }
            _ => return Err(GoalError::Unknown(text.to_string())),
        })
    }
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// One or two sentences.
    pub text: String,
    /// The starting position: a UHP GameString or GameTypeString.
    pub position: String,
    /// What the player's move must do.
    pub goal: Goal,
    /// Cells to highlight, as references (`wS1`, `bQ-`, `/wA1`).
    pub highlight: Vec<String>,
    /// Shown when a legal move misses the goal.
    pub hint: String,
    /// A move that the step refuses (by the rules, or as missing the
    /// goal), which the checker plays to make sure.
    pub wrong: Option<String>,
    /// Where the step's block starts.
    pub origin: Origin,
}

impl Step {
    /// The starting position.
    pub fn start(&self) -> Result<Game, LoadError> {
        Game::from_game_string(&self.position)
    }

    /// Whether the game recognises this step as "play a game against the
    /// Beginner AI".
    pub fn is_beginner_game(&self) -> bool {
        self.goal == Goal::BeginnerGame
    }

    /// The highlighted cells in `game` (the step's position), or the first
    /// reference that names no cell.
    pub fn highlight_cells(&self, game: &Game) -> Result<Vec<Hex>, CellError> {
        self.highlight
            .iter()
            .map(|text| resolve_cell(game, text))
            .collect()
    }
}

/// A lesson: a title, an optional summary, and its steps in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The title.
    pub title: String,
    /// One line under the title, if any.
    pub summary: Option<String>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Where the lesson's header starts (its file, line 1 or later).
    pub origin: Origin,
}

/// A reference of a lesson (a highlight) that names no cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// The piece cannot be read.
    #[error("'{text}': {error}")]
    Piece {
        /// The reference as written.
        text: String,
        /// Why its piece cannot be read.
        error: NotationError,
    },
    /// A direction mark before and after the piece.
    #[error("'{text}': one direction mark, before or after")]
    MarksOnBothSides {
        /// The reference as written.
        text: String,
    },
    /// The piece is not on the board.
    #[error("'{text}': {piece} is not on the board")]
    NotOnBoard {
        /// The reference as written.
        text: String,
        /// Its piece.
        piece: Piece,
    },
}

/// The cell a reference ([`PieceRef`]) names in `game`: `wS1` (its cell),
/// `wS1-` (east), `wS1/` (north-east), `wS1\` (south-east), `-wS1` (west),
/// `/wS1` (south-west), `\wS1` (north-west).
pub fn resolve_cell(game: &Game, text: &str) -> Result<Hex, CellError> {
    let text = text.trim();
    let reference: PieceRef = text.parse().map_err(|error| match error {
        PieceRefError::Piece(error) => CellError::Piece {
            text: text.to_string(),
            error,
        },
        PieceRefError::MarksOnBothSides { .. } => CellError::MarksOnBothSides {
            text: text.to_string(),
        },
    })?;
    let at = game
        .position(reference.piece)
        .ok_or_else(|| CellError::NotOnBoard {
            text: text.to_string(),
            piece: reference.piece,
        })?;
    Ok(reference.cell(at))
}
