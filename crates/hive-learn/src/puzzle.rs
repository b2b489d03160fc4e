//! What a puzzle is: a position, what the player must do in it, and the
//! one first move that does it.
//!
//! A puzzle's [`Kind`] says what "solved" means, and [`crate::verify()`]
//! proves it with the exact solver:
//! - win in N: the side to move surrounds the enemy Queen within its N
//!   moves whatever the defence, by exactly one first move, and not within
//!   N - 1 moves (the stated depth is the real one);
//! - stop a win in N: the opponent threatens to win within N of its
//!   moves; exactly one move leaves it no such win, every other move allows
//!   one.
//!
//! A [`Theme`] marks a puzzle whose first move is a Pillbug's or a
//! Mosquito's special trick; the proof checks that too.

use std::fmt;
use std::str::FromStr;

use crate::blocks::Origin;

/// A word of a puzzle file ([`Level`], [`Kind`], [`Theme`]) that cannot be
/// read, as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleWordError {
    /// Not a difficulty.
    #[error("'{0}' is not a difficulty (easy, medium or hard)")]
    Level(String),
    /// Not a kind.
    #[error(
        "'{0}' is not a kind: expected 'win in N' or 'stop a win in N', N from 1 to {MAX_PUZZLE_DEPTH}"
    )]
    Kind(String),
    /// Not a theme.
    #[error("'{0}' is not a theme (pillbug or mosquito; leave the line out for none)")]
    Theme(String),
}

/// How hard a puzzle is, as the Puzzles screen groups them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Level {
    /// A first look: mostly wins and defences in one move.
    Easy,
    /// Two-move wins and deeper defences.
    Medium,
    /// Three-move wins and two-move tricks.
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The word used in files: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = PuzzleWordError;

    fn from_str(text: &str) -> Result<Level, PuzzleWordError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| PuzzleWordError::Level(text.to_string()))
    }
}

/// What the player must do.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// Surround the enemy Queen within this many of one's own moves.
    Win(u32),
    /// Leave the opponent no win within this many of its moves.
    Stop(u32),
}

/// The deepest puzzle the files may state (the proof's cost grows fast).
pub const MAX_PUZZLE_DEPTH: u32 = 3;

impl Kind {
    /// The stated depth N.
    pub fn depth(self) -> u32 {
        match self {
            Kind::Win(n) | Kind::Stop(n) => n,
        }
    }
}

impl fmt::Display for Kind {
    /// `win in 2`, `stop a win in 1`: the spelling of files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Win(n) => write!(f, "win in {n}"),
            Kind::Stop(n) => write!(f, "stop a win in {n}"),
        }
    }
}

impl FromStr for Kind {
    type Err = PuzzleWordError;

    fn from_str(text: &str) -> Result<Kind, PuzzleWordError> {
        let text = text.trim().to_ascii_lowercase();
        let bad = || PuzzleWordError::Kind(text.clone());
        let (make, number): (fn(u32) -> Kind, &str) = if let Some(n) = text.strip_prefix("win in ")
        {
            (Kind::Win, n)
        } else if let Some(n) = text.strip_prefix("stop a win in ") {
            (Kind::Stop, n)
        } else {
            return Err(bad());
        };
        match number.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_PUZZLE_DEPTH).contains(&n) => Ok(make(n)),
            _ => Err(bad()),
        }
    }
}

/// The trick a themed puzzle's first move uses.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Theme {
    /// The first move is a throw by the side's Pillbug.
    Pillbug,
    /// The first move moves the side's Mosquito, or is a throw by it.
    Mosquito,
}

impl Theme {
    /// The word used in files.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Pillbug => "pillbug",
            Theme::Mosquito => "mosquito",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = PuzzleWordError;

    fn from_str(text: &str) -> Result<Theme, PuzzleWordError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pillbug" => Ok(Theme::Pillbug),
            "mosquito" => Ok(Theme::Mosquito),
            other => Err(PuzzleWordError::Theme(other.to_string())),
        }
    }
}

/// One puzzle as its file states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A name unique within the puzzle files (letters, digits, dashes).
    pub id: String,
    /// How hard it is.
    pub level: Level,
    /// What the player must do, and within how many moves.
    pub kind: Kind,
    /// The special trick of the first move, if the puzzle is about one.
    pub theme: Option<Theme>,
    /// The position, a UHP GameString (the side to move is the player).
    pub position: String,
    /// The first move of the solution, a UHP MoveString.
    pub solution: String,
    /// A one-line title.
    pub title: String,
    /// A one-line hint.
    pub hint: String,
    /// Where the puzzle's block starts.
    pub origin: Origin,
}
