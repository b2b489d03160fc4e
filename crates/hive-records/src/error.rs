//! What can go wrong with a file, in words a player can read.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use hive_rules::{Bug, GameType, NotationError, RuleError};

/// A file that could not be read, written or understood. Each names the file.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The file could not be read (missing, no permission, ...).
    #[error("could not read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file could not be written; any previous version is unchanged.
    #[error("could not save {}: {source} (the previous file, if any, is unchanged)", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file could not be deleted.
    #[error("could not delete {}: {source}", .path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file holds no game at all.
    #[error("{} is empty: it holds no game", .path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The file is not a valid GameString outside its moves (the game type,
    /// state or turn), or its moves do not lead to the stated state or turn
    /// (for instance when the file was cut short).
    #[error("{} is not a valid Hive game: {message}", .path.display())]
    NotAGame {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A move in the file cannot be read, or breaks a rule. Moves are counted
    /// from 1; `text` is the move as written in the file.
    #[error("{} has a bad move: move {index} ({text}) {reason}", .path.display())]
    BadMove {
        /// The file.
        path: PathBuf,
        /// The first bad move's number, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it is bad ("is illegal: ...", "cannot be read: ...").
        reason: String,
        /// The rule it breaks, when it could be read but is illegal.
        rule: Option<RuleError>,
    },
    /// A line of one of our own files cannot be read: a `# hive` header
    /// whose value cannot be read, or that appears twice, or a line of a
    /// variations file that is not a game of the file's type, or holds a
    /// move that cannot be read or is illegal. Lines count from 1.
    #[error("{} line {line}: {message}", .path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The first bad line's number, from 1.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The settings file cannot be understood; defaults are in use.
    #[error("the settings file {} is damaged ({message}); using the default settings", .path.display())]
    Settings {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The settings could not be turned into text (should not happen).
    #[error("could not write the settings for {}: {message}", .path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The file is larger than any game record (checked before reading it).
    #[error("{} is {size} bytes, too large to be a game record (the limit is {limit} bytes)", .path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The largest size read.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not a text file: a game record is UTF-8 text", .path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
    /// The text is none of the formats read: SGF, PGN, a GameString or a
    /// variations file.
    #[error(
        "{} is not a game record: expected a boardspace.net SGF file, a PGN file, a UHP GameString or a variations file",
        .path.display()
    )]
    UnknownFormat {
        /// The file.
        path: PathBuf,
    },
    /// A line of an SGF or PGN record cannot be read. Lines count from 1;
    /// `text` is what the line says (for SGF, the property's value).
    #[error("{} line {line}: `{text}`: {problem}", .path.display())]
    BadRecord {
        /// The file.
        path: PathBuf,
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
    #[error("{} line {line}: {}", .path.display(), illegal_move_text(*.number, .text, .notation.as_deref(), .rule))]
    IllegalRecordMove {
        /// The file.
        path: PathBuf,
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
    /// The platform has no home, data or config directory.
    #[error("no directory to keep files in was found on this system; set {env} to one")]
    NoDirectory {
        /// The environment variable that names one.
        env: &'static str,
    },
}

impl RecordError {
    /// The file the error is about, if any.
    pub fn path(&self) -> Option<&std::path::Path> {
        match self {
            RecordError::Read { path, .. }
            | RecordError::Write { path, .. }
            | RecordError::Remove { path, .. }
            | RecordError::Empty { path }
            | RecordError::NotAGame { path, .. }
            | RecordError::BadMove { path, .. }
            | RecordError::BadLine { path, .. }
            | RecordError::Settings { path, .. }
            | RecordError::Encode { path, .. }
            | RecordError::TooLarge { path, .. }
            | RecordError::NotText { path }
            | RecordError::UnknownFormat { path }
            | RecordError::BadRecord { path, .. }
            | RecordError::IllegalRecordMove { path, .. } => Some(path),
            RecordError::NoDirectory { .. } => None,
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
/// [`RecordError::BadRecord`]).
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
    /// The error for `path` at `line`, whose text is `text`.
    pub(crate) fn at(self, path: &Path, line: usize, text: &str) -> RecordError {
        let path = path.to_path_buf();
        let text = text.trim().to_string();
        match self {
            LineFault::Problem(problem) => RecordError::BadRecord {
                path,
                line,
                text,
                problem,
            },
            LineFault::Illegal {
                number,
                notation,
                rule,
            } => RecordError::IllegalRecordMove {
                path,
                line,
                number,
                text,
                notation,
                rule,
            },
        }
    }
}
