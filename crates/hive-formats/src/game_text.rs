//! A game's text: a UHP GameString (the whole line of moves), after the
//! `# hive key: value` headers of the game's own files (see
//! [`crate::headers`]), which other Hive programs skip.
//!
//! ```text
//! # hive options: tournament_opening=on threefold_repetition=on turn_limit=40
//! # hive cursor: 3
//! Base;InProgress;White[3];wA1;bA1 -wA1;wQ wA1-;bQ bA1-
//! ```

use hive_rules::{Game, LoadError, Options};

use super::FormatError;
use super::headers::{CURSOR_PREFIX, HeaderKey, read_header_block};

/// A game read from its text (see the module's docs).
#[derive(Debug, Clone)]
pub struct GameText {
    /// The whole line of moves, under the game's house rules.
    pub game: Game,
    /// How many of its moves are shown (all of them when the text does not
    /// say).
    pub cursor: usize,
    /// What was said about a GameString whose stated state or turn
    /// disagreed with its moves (they were recomputed from the moves).
    pub note: Option<String>,
    /// Headers of keys this program does not know, in the order read.
    pub other: Vec<(String, String)>,
}

/// Reads a game from `text`: the whole line. With `options`, those rules
/// apply; without, those of the text's `options` header, or the defaults.
/// The values of the `kind`, `players` and `clock` headers go to `check`
/// (see [`read_header_block`]).
///
/// A GameString whose stated state or turn disagrees with its moves (other
/// Hive programs write some) is read from its moves, with a note saying so.
pub fn read_game_text(
    text: &str,
    options: Option<Options>,
    check: &mut dyn FnMut(HeaderKey, &str) -> bool,
) -> Result<GameText, FormatError> {
    let block = read_header_block(text, check)?;
    let mut body = block.body.iter().filter(|(_, line)| !line.is_empty());
    let Some(&(_, game_line)) = body.next() else {
        return Err(FormatError::Empty);
    };
    if body.next().is_some() {
        return Err(not_a_game(
            "it has more than one line of text; a game file holds one GameString",
        ));
    }
    let options = options.or(block.options).unwrap_or_default();
    let (game, note) = load_game_string(game_line, options)?;
    let len = game.moves().len();
    let cursor = match block.cursor {
        Some(cursor) if cursor > len => {
            return Err(FormatError::BadLine {
                line: block.cursor_line.unwrap_or(0),
                message: format!(
                    "`{CURSOR_PREFIX} {cursor}` is past the end of the game, which has {len} moves"
                ),
            });
        }
        Some(cursor) => cursor,
        None => len,
    };
    Ok(GameText {
        game,
        cursor,
        note,
        other: block.other,
    })
}

/// The error for a text that is not a game, for `message`.
fn not_a_game(message: &str) -> FormatError {
    FormatError::NotAGame {
        message: message.to_string(),
    }
}

/// A GameString's game, or its first bad move.
fn load_game_string(line: &str, options: Options) -> Result<(Game, Option<String>), FormatError> {
    match Game::load_game_string(line, options) {
        Ok(loaded) => Ok(loaded),
        Err(LoadError::UnreadableMove { index, text, error }) => Err(FormatError::BadMove {
            index,
            text,
            reason: format!("cannot be read: {error}"),
            rule: None,
        }),
        Err(LoadError::IllegalMove { index, text, error }) => Err(FormatError::BadMove {
            index,
            text,
            reason: format!("is illegal: {error}"),
            rule: Some(error),
        }),
        // Only the header is left: a move that cannot be read is named above.
        Err(LoadError::Notation(error)) => Err(not_a_game(error.message())),
    }
}
