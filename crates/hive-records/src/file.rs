//! One game in a plain text file, as a UHP GameString; atomic writes.
//!
//! The file holds the GameString and a newline. Optional rules other than the
//! defaults (which a GameString cannot say) go on a leading comment line,
//! `# hive options: threefold_repetition=on turn_limit=40`, which only games
//! with such rules have. When reading, blank lines and leading `#` lines are
//! skipped, and surrounding whitespace is ignored.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Clocks, RecordError};
use hive_rules::{Game, LoadError, Options};

/// Files larger than this are not games (a long game is a few kilobytes).
const MAX_GAME_FILE: u64 = 1 << 20;

/// The comment line that carries non-default optional rules.
pub(super) const OPTIONS_PREFIX: &str = "# hive options:";

/// Save `game` to `path` atomically: on failure the previous file, if any,
/// is left as it was and the error names the file.
pub fn save_game(path: impl AsRef<Path>, game: &Game) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), game_file_text(game).as_bytes())
}

/// [`save_game`], with the clocks of a timed game on a comment line
/// before the GameString (other programs skip it).
pub fn save_game_with_clocks(
    path: impl AsRef<Path>,
    game: &Game,
    clocks: Option<Clocks>,
) -> Result<(), RecordError> {
    let mut text = String::new();
    if let Some(clocks) = clocks {
        text.push_str(&clocks.line());
        text.push('\n');
    }
    text.push_str(&game_file_text(game));
    write_atomic(path.as_ref(), text.as_bytes())
}

/// The clocks saved in the game file at `path`, if it has a clock line.
pub fn saved_clocks(path: impl AsRef<Path>) -> Option<Clocks> {
    Clocks::from_file_text(&read_game_file(path.as_ref()).ok()?)
}

/// Load the game in `path`, with the optional rules its comment line names
/// (the defaults when it has none). A file that is not a legal game is
/// refused with a message naming the file and its first bad move.
pub fn load_game(path: impl AsRef<Path>) -> Result<Game, RecordError> {
    let path = path.as_ref();
    parse_game_text(&read_game_file(path)?, path, None)
}

/// [`load_game`], with the note [`parse_game_text_noted`] gives when the
/// file's header disagrees with its moves (for the game's message line).
pub fn load_game_noted(path: impl AsRef<Path>) -> Result<(Game, Option<String>), RecordError> {
    let path = path.as_ref();
    parse_game_text_noted(&read_game_file(path)?, path, None)
}

/// Load the game in `path` under exactly these optional rules (any options
/// line in the file is ignored).
pub fn load_game_with(path: impl AsRef<Path>, options: Options) -> Result<Game, RecordError> {
    let path = path.as_ref();
    parse_game_text(&read_game_file(path)?, path, Some(options))
}

/// The text of a game file: an options comment if the rules are not the
/// defaults, then the GameString and a newline.
pub fn game_file_text(game: &Game) -> String {
    let mut text = String::new();
    let options = game.options();
    if options != Options::default() {
        text.push_str(&options_line(options));
        text.push('\n');
    }
    text.push_str(&game.game_string());
    text.push('\n');
    text
}

/// Read a game from `text` (a file's contents, or a GameString pasted from
/// the clipboard), naming `source` in errors. With `options`, those rules
/// apply; without, those of the text's options line, or the defaults.
///
/// A GameString whose stated state or turn disagrees with its moves (other
/// Hive programs write some) is loaded from its moves;
/// [`parse_game_text_noted`] also returns a note saying so.
pub fn parse_game_text(
    text: &str,
    source: &Path,
    options: Option<Options>,
) -> Result<Game, RecordError> {
    parse_game_text_noted(text, source, options).map(|(game, _note)| game)
}

/// [`parse_game_text`], returning the note about a header that disagreed
/// with the moves (the state and turn were recomputed from the moves).
pub fn parse_game_text_noted(
    text: &str,
    source: &Path,
    options: Option<Options>,
) -> Result<(Game, Option<String>), RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut file_options = None;
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut game_line = None;
    for line in lines.by_ref() {
        if let Some(rest) = line.strip_prefix(OPTIONS_PREFIX) {
            file_options = Some(parse_options(rest));
        } else if !line.starts_with('#') {
            game_line = Some(line);
            break;
        }
    }
    let Some(game_line) = game_line else {
        return Err(RecordError::Empty {
            path: source.to_path_buf(),
        });
    };
    if lines.next().is_some() {
        return Err(not_a_game(
            source,
            "it has more than one line of text; a game file holds one GameString",
        ));
    }
    let options = options.or(file_options).unwrap_or_default();
    match Game::load_game_string(game_line, options) {
        Ok(loaded) => Ok(loaded),
        Err(LoadError::UnreadableMove { index, text, error }) => Err(RecordError::BadMove {
            path: source.to_path_buf(),
            index,
            text,
            reason: format!("cannot be read: {error}"),
            rule: None,
        }),
        Err(LoadError::IllegalMove { index, text, error }) => Err(RecordError::BadMove {
            path: source.to_path_buf(),
            index,
            text,
            reason: format!("is illegal: {error}"),
            rule: Some(error),
        }),
        // Only the header is left: a move that cannot be read is named above.
        Err(LoadError::Notation(error)) => Err(not_a_game(source, error.message())),
    }
}

fn not_a_game(path: &Path, message: &str) -> RecordError {
    RecordError::NotAGame {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

/// `# hive options: tournament_opening=on threefold_repetition=off turn_limit=none`.
pub(super) fn options_line(options: Options) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    let limit = options
        .turn_limit
        .map_or_else(|| "none".to_string(), |n| n.to_string());
    format!(
        "{OPTIONS_PREFIX} tournament_opening={} threefold_repetition={} turn_limit={limit}",
        on(options.tournament_opening),
        on(options.threefold_repetition),
    )
}

/// Reads the words of an options line; anything not understood is ignored.
pub(super) fn parse_options(words: &str) -> Options {
    let mut options = Options::default();
    let flag = |v: &str, old: bool| match v {
        "on" | "true" | "yes" => true,
        "off" | "false" | "no" => false,
        _ => old,
    };
    for word in words.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            continue;
        };
        match key {
            "tournament_opening" => {
                options.tournament_opening = flag(value, options.tournament_opening);
            }
            "threefold_repetition" => {
                options.threefold_repetition = flag(value, options.threefold_repetition);
            }
            "turn_limit" => {
                options.turn_limit = value.parse().ok().filter(|&n| n > 0);
            }
            _ => {}
        }
    }
    options
}

/// The text of a game file, refusing what cannot be a game.
pub(super) fn read_game_file(path: &Path) -> Result<String, RecordError> {
    let read_error = |source| RecordError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = fs::File::open(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(MAX_GAME_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_GAME_FILE {
        return Err(not_a_game(path, "it is far too large to be a game"));
    }
    String::from_utf8(bytes).map_err(|_| not_a_game(path, "it is not text"))
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Write `contents` to `path` atomically: into a new temporary file in the
/// same directory, flushed to disk, then renamed over `path`. On any failure
/// the temporary file is removed, `path` is untouched, and the error names it.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), RecordError> {
    let write_error = |source| RecordError::Write {
        path: path.to_path_buf(),
        source,
    };
    let name = path.file_name().ok_or_else(|| {
        write_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "that is not a file name",
        ))
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let temp: PathBuf = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if let Err(source) = written {
        // Best effort: the temporary file may not even exist.
        let _ = fs::remove_file(&temp);
        return Err(write_error(source));
    }
    sync_dir(dir);
    Ok(())
}

/// Flush the directory entry of a rename to disk (best effort; Unix only).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_line_round_trips() {
        let options = Options {
            tournament_opening: false,
            threefold_repetition: true,
            turn_limit: Some(40),
        };
        let line = options_line(options);
        let rest = line.strip_prefix(OPTIONS_PREFIX).unwrap();
        assert_eq!(parse_options(rest), options);
        assert_eq!(parse_options(" junk turn_limit=x =on"), Options::default());
    }
}
