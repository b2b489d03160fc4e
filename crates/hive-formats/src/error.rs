//! What can be wrong with a record's text, in words a player can read.

use thiserror::Error;

use hive_rules::{Bug, GameType, NotationError, RuleError};

/// Why a text is not a record this crate reads. It names no file: the
/// reader of a file adds the file (`hive-records`' `RecordError`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    /// The text holds no game at all.
    #[error("empty: it holds no game")]
    Empty,
    /// The text is not a valid GameString outside its moves (the game type,
    /// state or turn), or its moves do not lead to the stated state or turn
    /// (for instance when the file was cut short).
    #[error("not a valid Hive game: {message}")]
    NotAGame {
        /// What is wrong.
        message: String,
    },
    /// A move of a GameString cannot be read, or breaks a rule. Moves are
    /// counted from 1; `text` is the move as written.
    #[error("a bad move: move {index} ({text}) {reason}")]
    BadMove {
        /// The first bad move's number, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it is bad ("is illegal: ...", "cannot be read: ...").
        reason: String,
        /// The rule it breaks, when it could be read but is illegal.
        rule: Option<RuleError>,
    },
    /// A line of one of the game's own texts cannot be read: a `# hive`
    /// header whose value cannot be read, or that appears twice, or a line
    /// of a variations text that is not a game of its type, or holds a
    /// move that cannot be read or is illegal. Lines count from 1.
    #[error("line {line}: {message}")]
    BadLine {
        /// The first bad line's number, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The text is none of the formats read: SGF, PGN, a GameString or a
    /// variations text.
    #[error(
        "not a game record: expected a boardspace.net SGF file, a PGN file, a UHP GameString or a variations file"
    )]
    UnknownFormat,
    /// A line of an SGF or PGN record cannot be read. Lines count from 1;
    /// `text` is what the line says (for SGF, the property's value).
    #[error("line {line}: `{text}`: {problem}")]
    BadRecord {
        /// The line, from 1.
        line: usize,
        /// The text that cannot be read.
        text: String,
        /// Why.
        problem: RecordProblem,
    },
    /// A move of an SGF or PGN record breaks a rule. `number` counts the
    /// moves of the game from 1 (passes included); `notation` is the move as
    /// a MoveString when the record writes it otherwise.
    #[error("line {line}: {}", illegal_move_text(*.number, .text, .notation.as_deref(), .rule))]
    IllegalRecordMove {
        /// The line, from 1.
        line: usize,
        /// The move's number in the game, from 1.
        number: usize,
        /// The move as the record writes it.
        text: String,
        /// The move as a MoveString, when `text` is in another notation.
        notation: Option<String>,
        /// The rule it breaks.
        rule: RuleError,
    },
}

impl FormatError {
    /// The word that joins a file's name to this error's text in a
    /// sentence: "x.txt is empty: ...", "x.txt has a bad move: ...",
    /// "x.txt line 3: ...".
    pub fn link(&self) -> &'static str {
        match self {
            FormatError::Empty | FormatError::NotAGame { .. } | FormatError::UnknownFormat => {
                " is "
            }
            FormatError::BadMove { .. } => " has ",
            FormatError::BadLine { .. }
            | FormatError::BadRecord { .. }
            | FormatError::IllegalRecordMove { .. } => " ",
        }
    }
}

/// "move 5 `wQ wS1-` is illegal: ...", with the MoveString when the record
/// writes the move otherwise.
fn illegal_move_text(
    number: usize,
    text: &str,
    notation: Option<&str>,
    rule: &RuleError,
) -> String {
    match notation {
        Some(notation) if notation != text => {
            format!("move {number} `{text}` ({notation}) is illegal: {rule}")
        }
        _ => format!("move {number} `{text}` is illegal: {rule}"),
    }
}

/// Why a line of an SGF or PGN record cannot be read (see
/// [`FormatError::BadRecord`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordProblem {
    /// A `[` value is never closed: the file is cut short.
    #[error("the file ends inside this value: it is cut short")]
    UnclosedValue,
    /// The game's `(` is never closed: the file is cut short.
    #[error("the game record is never closed by `)`: the file is cut short")]
    UnclosedGame,
    /// Text that SGF does not allow here.
    #[error("this is not SGF: expected `(`, `;`, `)` or a property like `SU[hive]`")]
    NotSgf,
    /// An SGF game of another board game.
    #[error("this SGF record is not a Hive game")]
    NotHive,
    /// A game type this program does not play (Hive Ultimate, ...).
    #[error(
        "not a Hive game type this program plays (the base game with any of the Mosquito, Ladybug and Pillbug)"
    )]
    UnknownGameType,
    /// A boardspace event this reader does not know.
    #[error("unknown event `{0}`")]
    UnknownEvent(String),
    /// A field the event needs is missing.
    #[error("{0} is missing")]
    Missing(&'static str),
    /// A piece name that is no Hive piece.
    #[error("`{0}` is not a Hive piece")]
    UnknownPiece(String),
    /// A piece of a bug the game type does not use.
    #[error("there is no {bug} in a {game_type} game")]
    BugNotInGame {
        /// The bug.
        bug: Bug,
        /// The record's game type.
        game_type: GameType,
    },
    /// A board cell that is not a column and a row.
    #[error("`{0}` is not a board cell (a column letter and a row number, like `N 13`)")]
    BadCell(String),
    /// A destination that touches no piece of the hive.
    #[error("no cell {0} next to the hive")]
    NoCellNextToHive(String),
    /// A piece picked up from an empty cell.
    #[error("no piece stands on {0}")]
    NoPieceAt(String),
    /// The game was changed in the board editor after it started.
    #[error(
        "the position was edited on the board after the game started; a move list cannot hold that"
    )]
    EditedGame,
    /// A PGN tag that is not `[Name "value"]`.
    #[error("not a PGN tag, like [White \"name\"]")]
    BadTag,
    /// A move that is not valid notation.
    #[error("{0}")]
    Notation(NotationError),
}

/// What is wrong with one line of a record, before the reader adds the
/// file, the line and its text.
#[derive(Debug)]
pub(crate) enum LineFault {
    /// The line cannot be read.
    Problem(RecordProblem),
    /// The line's move breaks a rule.
    Illegal {
        /// The move's number in the game, from 1.
        number: usize,
        /// The move as a MoveString, if the record writes it otherwise.
        notation: Option<String>,
        /// The rule.
        rule: RuleError,
    },
}

/// A [`LineFault`] with the line it is about and that line's text.
pub(crate) type Located = (LineFault, usize, String);

impl From<RecordProblem> for LineFault {
    fn from(problem: RecordProblem) -> LineFault {
        LineFault::Problem(problem)
    }
}

impl LineFault {
    /// The error at `line`, whose text is `text`.
    pub(crate) fn at(self, line: usize, text: &str) -> FormatError {
        let text = text.trim().to_string();
        match self {
            LineFault::Problem(problem) => FormatError::BadRecord {
                line,
                text,
                problem,
            },
            LineFault::Illegal {
                number,
                notation,
                rule,
            } => FormatError::IllegalRecordMove {
                line,
                number,
                text,
                notation,
                rule,
            },
        }
    }
}
