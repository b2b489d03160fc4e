//! Puzzle files (`*.puzzles` under `assets/puzzles/`): reading, writing,
//! loading a folder, and verifying a file.
//!
//! One puzzle per block of `key: value` lines (see [`crate::blocks`]),
//! blocks separated by blank lines, `#` starting a comment:
//!
//! ```text
//! id: w2-0007
//! difficulty: medium
//! kind: win in 2
//! theme: pillbug
//! position: Base+P;InProgress;White[12];wA1;bP wA1-;...
//! solution: wA2 bQ-
//! title: Throw and close
//! hint: Your Pillbug can lift the piece beside it.
//! ```
//!
//! - `id`: unique among all puzzle files; letters, digits and dashes.
//! - `difficulty`: `easy`, `medium` or `hard`.
//! - `kind`: `win in N` or `stop a win in N`, N from 1 to 3.
//! - `theme` (optional): `pillbug` or `mosquito`.
//! - `position`: a UHP GameString; the side to move is the player.
//! - `solution`: the one first move that solves it, a UHP MoveString.
//! - `title`, `hint`: one line each, for the player (English in the
//!   shipped files; a translation changes only these two lines).

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::blocks::{Block, FormatError, Loaded, files_with_extension, read_blocks, read_text};
use crate::puzzle::{Kind, Level, Puzzle, PuzzleWordError, Theme};
use crate::verify::{PuzzleError, verify};

/// The extension of puzzle files.
pub const PUZZLE_EXTENSION: &str = "puzzles";

const KEYS: [&str; 8] = [
    "id",
    "difficulty",
    "kind",
    "theme",
    "position",
    "solution",
    "title",
    "hint",
];

/// Reads the puzzles of `text`, a file named `file`, without proving them.
pub fn parse_puzzles(text: &str, file: &Path) -> Result<Vec<Puzzle>, FormatError> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut puzzles = Vec::new();
    for block in read_blocks(text, file)? {
        let puzzle = parse_block(&block)?;
        if let Some(line) = seen.insert(puzzle.id.clone(), puzzle.origin.line) {
            return Err(FormatError::new(
                puzzle.origin.clone(),
                format!("the id '{}' is already used on line {line}", puzzle.id),
            ));
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

fn parse_block(block: &Block) -> Result<Puzzle, FormatError> {
    block.only(&KEYS, "a puzzle")?;
    let id = block.required("id", "a puzzle")?;
    if !id
        .value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return Err(FormatError::new(
            id.origin.clone(),
            format!("'{}' is not an id (letters, digits and dashes)", id.value),
        ));
    }
    let parsed = |key: &str| block.required(key, "a puzzle");
    let level = parsed("difficulty")?;
    let level: Level = level
        .value
        .parse()
        .map_err(|e: PuzzleWordError| FormatError::new(level.origin.clone(), e.to_string()))?;
    let kind = parsed("kind")?;
    let kind: Kind = kind
        .value
        .parse()
        .map_err(|e: PuzzleWordError| FormatError::new(kind.origin.clone(), e.to_string()))?;
    let theme = match block.optional("theme")? {
        Some(field) => Some(
            field
                .value
                .parse::<Theme>()
                .map_err(|e| FormatError::new(field.origin.clone(), e.to_string()))?,
        ),
        None => None,
    };
    Ok(Puzzle {
        id: id.value.clone(),
        level,
        kind,
        theme,
        position: parsed("position")?.value.clone(),
        solution: parsed("solution")?.value.clone(),
        title: parsed("title")?.value.clone(),
        hint: parsed("hint")?.value.clone(),
        origin: block.origin.clone(),
    })
}

/// A puzzle as a block of its file, ending with a newline.
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    let mut text = format!(
        "id: {}\ndifficulty: {}\nkind: {}\n",
        puzzle.id, puzzle.level, puzzle.kind
    );
    if let Some(theme) = puzzle.theme {
        text.push_str(&format!("theme: {theme}\n"));
    }
    text.push_str(&format!(
        "position: {}\nsolution: {}\ntitle: {}\nhint: {}\n",
        puzzle.position, puzzle.solution, puzzle.title, puzzle.hint
    ));
    text
}

/// Reads one puzzle file, without proving its puzzles.
pub fn read_puzzle_file(path: &Path) -> Result<Vec<Puzzle>, FormatError> {
    parse_puzzles(&read_text(path)?, path)
}

/// Reads every `*.puzzles` file of `dir` in name order. A file that cannot
/// be read is skipped with its error; an id used twice across files is
/// reported against the later file and the later puzzle is skipped.
pub fn load_puzzles(dir: &Path) -> Loaded<Puzzle> {
    let mut loaded = Loaded::default();
    let files = match files_with_extension(dir, PUZZLE_EXTENSION) {
        Ok(files) => files,
        Err(err) => {
            loaded.errors.push(FormatError::new(
                crate::blocks::Origin::new(dir, 0),
                format!("cannot list the folder: {err}"),
            ));
            return loaded;
        }
    };
    let mut ids: HashMap<String, crate::blocks::Origin> = HashMap::new();
    for path in files {
        match read_puzzle_file(&path) {
            Ok(puzzles) => {
                for puzzle in puzzles {
                    if let Some(first) = ids.get(&puzzle.id) {
                        loaded.errors.push(FormatError::new(
                            puzzle.origin.clone(),
                            format!("the id '{}' is already used at {first}", puzzle.id),
                        ));
                        continue;
                    }
                    ids.insert(puzzle.id.clone(), puzzle.origin.clone());
                    loaded.items.push(puzzle);
                }
            }
            Err(err) => loaded.errors.push(err),
        }
    }
    loaded
}

/// What verifying a file found.
#[derive(Debug)]
pub enum FileCheck {
    /// The file cannot be read as puzzles.
    Unreadable(FormatError),
    /// The file was read: how many puzzles were proved, and the errors of
    /// those that were not.
    Read {
        /// Puzzles proved.
        proved: usize,
        /// One error per puzzle that failed.
        failed: Vec<PuzzleError>,
    },
}

/// Reads and proves every puzzle of one file.
pub fn verify_file(path: &Path) -> FileCheck {
    match read_puzzle_file(path) {
        Err(err) => FileCheck::Unreadable(err),
        Ok(puzzles) => {
            let (proved, failed) = verify_all(&puzzles);
            FileCheck::Read { proved, failed }
        }
    }
}

/// Proves `puzzles` on up to two threads (the machine's cores, at most
/// two, so that a window or other work keeps a core): how many passed and
/// the errors of the rest, in the puzzles' order.
pub fn verify_all(puzzles: &[Puzzle]) -> (usize, Vec<PuzzleError>) {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 2);
    // Each thread takes the next unproved puzzle, so a few deep ones do not
    // leave the other thread idle.
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Result<(), PuzzleError>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(puzzle) = puzzles.get(i) else {
                            return done;
                        };
                        done.push((i, verify(puzzle)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    let results = results.into_iter().map(|(_, result)| result);
    let failed: Vec<PuzzleError> = results.into_iter().filter_map(Result::err).collect();
    (puzzles.len() - failed.len(), failed)
}
