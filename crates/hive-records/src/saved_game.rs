//! A saved game as the player left it: the whole line of moves, how many
//! of them are shown, who plays each side, the clocks and the house rules.
//!
//! The file is a UHP GameString (the whole line, which any Hive program
//! reads) after the headers of [`crate::SaveHeaders`]:
//!
//! ```text
//! # hive players: ai=black:medium
//! # hive clock: 10+5 white=512.300 black=498.000
//! # hive cursor: 5
//! Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
//! ```
//!
//! is a game of 8 moves against the AI, saved after two undos: 5 moves are
//! shown, and the other 3 can be replayed. A game at its end has no
//! `cursor` line; one with the default rules no `options` line; a plain
//! GameString from another program is a game at its end with nothing else
//! said. Blank lines and other `#` lines are skipped, surrounding
//! whitespace is ignored, and anything after the GameString but blank
//! lines is refused.

use std::path::Path;

use hive_formats::read_game_text;
use hive_rules::{Game, Options};

use super::disk::{read_record_file, write_atomic};
use super::save_headers::keep_in;
use super::{Clocks, PlayKind, RecordError, SaveHeaders, Seats};

/// A game as the player left it: the whole line, how many of its moves
/// are shown, who plays, the clocks and (in [`Game::options`]) the house
/// rules.
///
/// Its file ([`save_game_file`], [`SavedGame::text`]) is the GameString of
/// the whole line after the headers of [`SaveHeaders`]; a game of 8 moves
/// against the AI saved after two undos:
///
/// ```text
/// # hive players: ai=black:medium
/// # hive cursor: 5
/// Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
/// ```
///
/// A plain GameString (another program's) loads shown at its end, with
/// nothing else said.
#[derive(Debug, Clone)]
pub struct SavedGame {
    /// The whole line of moves, under the game's house rules.
    pub game: Game,
    /// How many moves of the line are shown (at most all of them).
    pub cursor: usize,
    /// Who plays each side; `None` when the file does not say (a game from
    /// another program).
    pub seats: Option<Seats>,
    /// The clocks of a timed game.
    pub clocks: Option<Clocks>,
    /// The kind of play it was saved from, when the file says.
    pub kind: Option<PlayKind>,
    /// Headers of keys this program does not know, kept to be written back
    /// (see [`SaveHeaders::other`]).
    pub other_headers: Vec<(String, String)>,
}

impl SavedGame {
    /// `game` shown at its end, with nothing else said.
    pub fn new(game: Game) -> SavedGame {
        let cursor = game.moves().len();
        SavedGame {
            cursor,
            game,
            seats: None,
            clocks: None,
            kind: None,
            other_headers: Vec::new(),
        }
    }

    /// The same game showing `cursor` moves (at most all of them).
    pub fn with_cursor(mut self, cursor: usize) -> SavedGame {
        self.cursor = cursor.min(self.len());
        self
    }

    /// The same game played by `seats`.
    pub fn with_seats(mut self, seats: Seats) -> SavedGame {
        self.seats = Some(seats);
        self
    }

    /// The same game with `clocks` (`None`: untimed).
    pub fn with_clocks(mut self, clocks: Option<Clocks>) -> SavedGame {
        self.clocks = clocks;
        self
    }

    /// The same game saved from `kind` of play.
    pub fn with_kind(mut self, kind: PlayKind) -> SavedGame {
        self.kind = Some(kind);
        self
    }

    /// The number of moves of the whole line.
    pub fn len(&self) -> usize {
        self.game.moves().len()
    }

    /// Whether the line has no moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the position shown is the end of the line.
    pub fn at_end(&self) -> bool {
        self.cursor >= self.len()
    }

    /// The position shown: the first [`SavedGame::cursor`] moves.
    pub fn shown(&self) -> Game {
        let mut game = self.game.clone();
        for _ in self.cursor.min(self.len())..self.len() {
            game.undo();
        }
        game
    }

    /// The file's headers: the rules only when they are not the defaults,
    /// the cursor only when it is not at the end.
    pub fn headers(&self) -> SaveHeaders {
        let options = self.game.options();
        SaveHeaders {
            kind: self.kind,
            seats: self.seats,
            clocks: self.clocks,
            options: (options != Options::default()).then_some(options),
            cursor: (!self.at_end()).then_some(self.cursor),
            other: self.other_headers.clone(),
        }
    }

    /// The text of the file: the headers, then the GameString of the whole
    /// line and a newline.
    pub fn text(&self) -> String {
        let mut text = self.headers().text();
        text.push_str(&self.game.game_string());
        text.push('\n');
        text
    }

    /// Reads a saved game from `text` (a file's contents, or a GameString
    /// pasted from the clipboard), naming `source` in errors.
    pub fn parse(text: &str, source: &Path) -> Result<SavedGame, RecordError> {
        SavedGame::parse_noted(text, source, None).map(|(saved, _note)| saved)
    }

    /// [`SavedGame::parse`], under exactly the rules `options` if given
    /// (the file's `options` header is then ignored), and with the note
    /// the loader gives when the GameString's stated state or turn
    /// disagrees with its moves (other Hive programs write some; the game
    /// is then loaded from its moves).
    pub fn parse_noted(
        text: &str,
        source: &Path,
        options: Option<Options>,
    ) -> Result<(SavedGame, Option<String>), RecordError> {
        let mut headers = SaveHeaders::default();
        let read = read_game_text(text, options, &mut keep_in(&mut headers))
            .map_err(|error| RecordError::format(source, error))?;
        let saved = SavedGame {
            game: read.game,
            cursor: read.cursor,
            seats: headers.seats,
            clocks: headers.clocks,
            kind: headers.kind,
            other_headers: read.other,
        };
        Ok((saved, read.note))
    }
}

/// Saves `saved` to `path` atomically (see the module's docs for the
/// text): on failure the previous file, if any, is left as it was and the
/// error names the file.
pub fn save_game_file(path: impl AsRef<Path>, saved: &SavedGame) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), saved.text().as_bytes())
}

/// Loads the saved game at `path`: a file this program saved, or a plain
/// GameString (shown at its end, players not said). A file that is not a
/// legal game, or whose headers cannot be read, is refused with a message
/// naming the file and the bad move or line, and is left as it is.
pub fn load_game_file(path: impl AsRef<Path>) -> Result<SavedGame, RecordError> {
    let path = path.as_ref();
    SavedGame::parse(&read_record_file(path)?, path)
}
