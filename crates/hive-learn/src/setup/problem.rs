//! Why an edited position could not arise in a game: one [`Problem`] per
//! reason, in a sentence a newcomer can read, with the cells it concerns.

use std::fmt;

use hive_rules::{Color, GameType, Hex, Piece};

/// A reason the edited position could not arise in a game. `Display` says
/// it in a sentence; [`Problem::cells`] lists the cells to point at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The board is empty, yet it is not White's first turn.
    EmptyBoardLater {
        /// The side to move.
        to_move: Color,
        /// Its turn.
        turn: u32,
    },
    /// A bug of an expansion the game type does not use.
    NotInGame {
        /// The piece.
        piece: Piece,
        /// Its cell.
        cell: Hex,
        /// The game type.
        game_type: GameType,
    },
    /// A piece on the board while a lower-numbered one of its bug is not.
    OutOfOrder {
        /// The piece on the board.
        piece: Piece,
        /// The piece that should have come first.
        missing: Piece,
        /// The cell of `piece`.
        cell: Hex,
    },
    /// The pieces do not form one hive.
    NotOneHive {
        /// The groups of touching cells, largest first.
        groups: Vec<Vec<Hex>>,
    },
    /// A piece above the ground that cannot climb.
    CannotClimb {
        /// The piece.
        piece: Piece,
        /// Its cell.
        cell: Hex,
    },
    /// A Beetle or Mosquito on top of the hive while its side's Queen is
    /// not on the board (nothing moves before the Queen is placed).
    ClimbedWithoutQueen {
        /// The piece.
        piece: Piece,
        /// Its cell.
        cell: Hex,
    },
    /// A Mosquito on top of the hive with no Beetle on the board: it can
    /// only have climbed by copying a Beetle, and pieces never leave.
    MosquitoWithoutBeetle {
        /// The Mosquito.
        piece: Piece,
        /// Its cell.
        cell: Hex,
    },
    /// A side's only piece is its Queen, which may not come first.
    QueenFirst {
        /// The side.
        color: Color,
        /// The Queen's cell.
        cell: Hex,
    },
    /// More pieces of a side than turns it has played.
    TooManyPieces {
        /// The side.
        color: Color,
        /// Its pieces on the board.
        pieces: u32,
        /// Its turns so far.
        turns: u32,
        /// The cells of its pieces.
        cells: Vec<Hex>,
    },
    /// A side without its Queen has fewer pieces than turns: before the
    /// Queen, every turn places a piece.
    MissingPieces {
        /// The side.
        color: Color,
        /// Its pieces on the board.
        pieces: u32,
        /// Its turns so far.
        turns: u32,
        /// The cells of its pieces.
        cells: Vec<Hex>,
    },
    /// A side has played four turns or more without its Queen.
    QueenLate {
        /// The side.
        color: Color,
        /// Its turns so far.
        turns: u32,
        /// The cells of its pieces.
        cells: Vec<Hex>,
    },
    /// Neither Queen is on the board (so nothing has moved), yet White and
    /// Black pieces touch in more than the one pair of first pieces.
    TouchingBeforeQueens {
        /// How many White-Black pairs touch.
        pairs: usize,
        /// Their cells.
        cells: Vec<Hex>,
    },
    /// One Queen is surrounded: the game is over.
    QueenSurrounded {
        /// Whose Queen.
        color: Color,
        /// Its cell.
        cell: Hex,
    },
    /// Both Queens are surrounded: the game is over, drawn.
    BothQueensSurrounded {
        /// White's and Black's Queen cells.
        cells: [Hex; 2],
    },
}

impl Problem {
    /// The cells this problem concerns, for the window to flash.
    pub fn cells(&self) -> Vec<Hex> {
        match self {
            Problem::EmptyBoardLater { .. } => Vec::new(),
            Problem::NotInGame { cell, .. }
            | Problem::OutOfOrder { cell, .. }
            | Problem::CannotClimb { cell, .. }
            | Problem::ClimbedWithoutQueen { cell, .. }
            | Problem::MosquitoWithoutBeetle { cell, .. }
            | Problem::QueenFirst { cell, .. }
            | Problem::QueenSurrounded { cell, .. } => vec![*cell],
            // The pieces cut off from the largest group.
            Problem::NotOneHive { groups } => groups.iter().skip(1).flatten().copied().collect(),
            Problem::TooManyPieces { cells, .. }
            | Problem::MissingPieces { cells, .. }
            | Problem::QueenLate { cells, .. }
            | Problem::TouchingBeforeQueens { cells, .. } => cells.clone(),
            Problem::BothQueensSurrounded { cells } => cells.to_vec(),
        }
    }
}

/// "White's Soldier Ant wA2".
fn named(piece: Piece) -> String {
    format!("{}'s {} {piece}", piece.color(), piece.bug())
}

/// "1 turn", "3 turns".
fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::EmptyBoardLater { to_move, turn } => write!(
                f,
                "The board is empty, so it is White's first turn (White[1]), not {to_move}[{turn}]."
            ),
            Problem::NotInGame {
                piece, game_type, ..
            } => write!(
                f,
                "{} is on the board, but a {game_type} game has no {}: take it off, or choose a game type with it.",
                named(*piece),
                piece.bug()
            ),
            Problem::OutOfOrder { piece, missing, .. } => write!(
                f,
                "{piece} is on the board but {missing} is not: pieces of one kind come into play in number order, so {missing} comes first."
            ),
            Problem::NotOneHive { groups } => write!(
                f,
                "The pieces form {} separate groups: in Hive all the pieces touch, as one hive.",
                groups.len()
            ),
            Problem::CannotClimb { piece, .. } => write!(
                f,
                "{} is on top of another piece, but only a Beetle (or a Mosquito next to one) can climb onto the hive.",
                named(*piece)
            ),
            Problem::ClimbedWithoutQueen { piece, .. } => write!(
                f,
                "{} is on top of the hive, but {}'s Queen is not on the board: a piece climbs only by moving, and nothing moves before its side's Queen is placed.",
                named(*piece),
                piece.color()
            ),
            Problem::MosquitoWithoutBeetle { piece, .. } => write!(
                f,
                "{} is on top of the hive, but no Beetle is on the board: a Mosquito climbs only by copying a Beetle it touches, and pieces never leave the board.",
                named(*piece)
            ),
            Problem::QueenFirst { color, .. } => write!(
                f,
                "{color}'s only piece is its Queen, but no side may place its Queen on its first turn."
            ),
            Problem::TooManyPieces {
                color,
                pieces,
                turns,
                ..
            } => write!(
                f,
                "{color} has {} on the board but has had only {} so far: a side brings in at most one piece a turn. Set a later turn, or take pieces off.",
                plural(*pieces, "piece"),
                plural(*turns, "turn")
            ),
            Problem::MissingPieces {
                color,
                pieces,
                turns,
                ..
            } => write!(
                f,
                "{color}'s Queen is not on the board, so nothing of {color}'s has moved and each of its {} placed a piece: it should have {} on the board, not {pieces}.",
                plural(*turns, "turn"),
                plural(*turns, "piece")
            ),
            Problem::QueenLate { color, turns, .. } => write!(
                f,
                "{color} has had {} without placing its Queen: the Queen must be on the board by the end of its side's fourth turn.",
                plural(*turns, "turn")
            ),
            Problem::TouchingBeforeQueens { pairs, .. } => write!(
                f,
                "Neither Queen is on the board, so no piece has moved yet: a piece comes in touching only its own colour, and only the two first pieces touch across colours. Here {pairs} White-Black pairs touch."
            ),
            Problem::QueenSurrounded { color, .. } => write!(
                f,
                "{color}'s Queen is surrounded: the game is already over ({} has won).",
                color.opponent()
            ),
            Problem::BothQueensSurrounded { .. } => write!(
                f,
                "Both Queens are surrounded: the game is already over (a draw)."
            ),
        }
    }
}
