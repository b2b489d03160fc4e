//! Opening books: files of positions, one UHP GameString a line, from which
//! a match's pairs start instead of from random moves (`hive match --book`).
//!
//! A book is plain text: a line starting with `#` is a comment, a blank line
//! is skipped, and every other line is a GameString of an unfinished game
//! (`Base+MLP;InProgress;White[4];wG1;bP wG1-;...`). Its state and turn must
//! agree with its moves. The book made for the project
//! (`crates/hive-uhp/data/openings.txt`, [`BUILTIN`]) keeps only positions
//! that the engine's own search finds near even, and of Base+MLP only those
//! even in play too (the `book_in_play` example); its header says how it
//! was made.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use thiserror::Error;

use hive_rules::{Game, GameType, Options};

/// The book kept in the repository (`crates/hive-uhp/data/openings.txt`),
/// built into the binaries: `hive match --book builtin`.
pub const BUILTIN: &str = include_str!("../../data/openings.txt");

/// The name that asks for [`BUILTIN`] instead of a file.
pub const BUILTIN_NAME: &str = "builtin";

/// One position of a book.
#[derive(Clone, Debug)]
pub struct BookPosition {
    /// Its line in the file, from 1.
    pub line: usize,
    /// The line as written (trimmed).
    pub game_string: String,
    /// The position.
    pub game: Game,
}

/// A book's positions, in the file's order.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// The positions.
    pub positions: Vec<BookPosition>,
}

/// Why a book cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BookError {
    /// A line that is not a usable position.
    #[error("line {line}: {reason}")]
    BadLine {
        /// Its number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// No position of the match's game type.
    #[error("the book has no {game_type} position (it has {found})")]
    NoneOfType {
        /// The match's game type.
        game_type: GameType,
        /// What the book holds, e.g. "12 Base, 300 Base+MLP", or "none".
        found: String,
    },
}

impl Book {
    /// Reads a book's text, refusing the first line that is not the
    /// GameString of an unfinished game, by its number.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut positions = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let game_string = raw.trim();
            if game_string.is_empty() || game_string.starts_with('#') {
                continue;
            }
            let bad = |reason: String| BookError::BadLine { line, reason };
            let (game, note) = Game::load_game_string(game_string, Options::default())
                .map_err(|e| bad(format!("'{game_string}' is not a GameString: {e}")))?;
            if let Some(note) = note {
                return Err(bad(format!("'{game_string}': {note}")));
            }
            if !game_string.contains(';') {
                return Err(bad(format!(
                    "'{game_string}' is a game type, not a position"
                )));
            }
            if game.status().is_over() {
                return Err(bad(format!(
                    "'{game_string}' is a finished game ({})",
                    game.status().uhp_name()
                )));
            }
            positions.push(BookPosition {
                line,
                game_string: game_string.to_string(),
                game,
            });
        }
        Ok(Book { positions })
    }

    /// The positions of `game_type`, in the book's order; an error naming
    /// what the book holds when there is none.
    pub fn of_type(&self, game_type: GameType) -> Result<Vec<&BookPosition>, BookError> {
        let found: Vec<&BookPosition> = self
            .positions
            .iter()
            .filter(|p| p.game.game_type() == game_type)
            .collect();
        if found.is_empty() {
            return Err(BookError::NoneOfType {
                game_type,
                found: self.census(),
            });
        }
        Ok(found)
    }

    /// How many positions of each game type, e.g. "12 Base, 300 Base+MLP".
    pub fn census(&self) -> String {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for position in &self.positions {
            let name = position.game.game_type().to_string();
            match counts.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => counts.push((name, 1)),
            }
        }
        if counts.is_empty() {
            return "none".to_string();
        }
        counts
            .iter()
            .map(|(name, count)| format!("{count} {name}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// In which order a match takes a book's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum BookOrder {
    /// Shuffled by the match's seed (each seed its own order).
    #[default]
    Random,
    /// The file's order.
    Sequential,
}

impl fmt::Display for BookOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BookOrder::Random => "random",
            BookOrder::Sequential => "sequential",
        })
    }
}

/// A match's openings from a book: the positions of its game type, in the
/// order its pairs take them (after the last, the first again).
#[derive(Clone, Debug)]
pub struct BookOpenings {
    /// What the match's record says of the book: its name, its positions of
    /// the game type, a checksum of them and the order.
    pub label: String,
    /// The positions in the order the pairs take them.
    pub games: Vec<Game>,
}

impl BookOpenings {
    /// The positions of `game_type` in `book` (named `name` in the record),
    /// in `order`, shuffled by `seed` when random.
    pub fn new(
        book: &Book,
        name: &str,
        game_type: GameType,
        order: BookOrder,
        seed: u64,
    ) -> Result<BookOpenings, BookError> {
        let positions = book.of_type(game_type)?;
        let checksum = positions.iter().fold(FNV_OFFSET, |hash, p| {
            fnv1a(fnv1a(hash, p.game_string.as_bytes()), b"\n")
        });
        let mut games: Vec<Game> = positions.iter().map(|p| p.game.clone()).collect();
        if order == BookOrder::Random {
            games.shuffle(&mut StdRng::seed_from_u64(seed));
        }
        let label = format!(
            "{name} ({} {game_type} positions, checksum {checksum:016x}, {order} order)",
            games.len()
        );
        Ok(BookOpenings { label, games })
    }

    /// Pair `pair`'s opening, played under `options`.
    pub fn opening(&self, pair: u32, options: Options) -> Game {
        let mut game = self.games[pair as usize % self.games.len()].clone();
        game.set_options(options);
        game
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, a checksum that stays the same from build to build.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A key of the position that is the same for its twelve images under the
/// grid's rotations and reflections, wherever it stands, and whichever of
/// two like pieces stands where: two positions with the same key are the
/// same game from here on. It holds the game type, the side to move, the
/// turn (the queen must be placed by the fourth), the board (every piece by
/// colour, bug and stack level) and the piece that just moved (the pillbug
/// may not move it).
pub fn symmetric_key(game: &Game) -> String {
    let placed: Vec<_> = game.pieces_on_board().collect();
    let last = game.last_moved();
    // Plane coordinates, unwrapped around the hive's middle.
    let mut cells: Vec<(i32, i32)> = Vec::with_capacity(placed.len());
    if let Some(&(_, first, _)) = placed.first() {
        let (q0, r0) = first.unwrap_near(16.0, 16.0);
        let near: Vec<(i32, i32)> = placed
            .iter()
            .map(|&(_, hex, _)| hex.unwrap_near(q0 as f32, r0 as f32))
            .collect();
        let n = near.len() as f32;
        let q = near.iter().map(|c| c.0 as f32).sum::<f32>() / n;
        let r = near.iter().map(|c| c.1 as f32).sum::<f32>() / n;
        cells = placed
            .iter()
            .map(|&(_, hex, _)| hex.unwrap_near(q, r))
            .collect();
    }
    let best = (0..12)
        .map(|symmetry| {
            let mut image: Vec<(i32, i32, u8, usize, u8, bool)> = placed
                .iter()
                .zip(&cells)
                .map(|(&(piece, _, level), &(q, r))| {
                    let (q, r) = transform(symmetry, q, r);
                    (
                        q,
                        r,
                        level,
                        piece.color().index(),
                        piece.bug() as u8,
                        last == Some(piece),
                    )
                })
                .collect();
            image.sort_unstable();
            if let Some(&(q0, r0, ..)) = image.first() {
                for cell in &mut image {
                    cell.0 -= q0;
                    cell.1 -= r0;
                }
            }
            image
        })
        .min()
        .unwrap_or_default();
    let mut key = format!("{};{};{}", game.game_type(), game.to_move(), game.ply());
    for (q, r, level, color, bug, moved) in best {
        key += &format!(
            ";{q},{r},{level},{color},{bug}{}",
            if moved { "*" } else { "" }
        );
    }
    key
}

/// One of the twelve symmetries of the hexagonal grid, in axial
/// coordinates: `symmetry % 6` turns of 60° after a reflection when
/// `symmetry >= 6`.
fn transform(symmetry: u32, q: i32, r: i32) -> (i32, i32) {
    let (mut q, mut r) = if symmetry >= 6 { (q, -q - r) } else { (q, r) };
    for _ in 0..symmetry % 6 {
        // (q, r, s) -> (-r, -s, -q), with s = -q - r.
        (q, r) = (-r, q + r);
    }
    (q, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        Game::from_game_string(text).expect("a GameString")
    }

    #[test]
    fn the_twelve_symmetries_keep_neighbours() {
        let neighbours = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
        let mut images = std::collections::BTreeSet::new();
        for symmetry in 0..12 {
            for &(q, r) in &neighbours {
                assert!(neighbours.contains(&transform(symmetry, q, r)));
            }
            images.insert(neighbours.map(|(q, r)| transform(symmetry, q, r)));
        }
        assert_eq!(images.len(), 12, "twelve different symmetries");
    }

    #[test]
    fn mirrored_and_turned_openings_share_a_key() {
        // The same shape: Black's grasshopper east or west of White's.
        let east = game("Base;InProgress;White[2];wG1;bG1 wG1-;wQ -wG1;bQ bG1-");
        let west = game("Base;InProgress;White[2];wG1;bG1 -wG1;wQ wG1-;bQ -bG1");
        let turned = game("Base;InProgress;White[2];wG1;bG1 wG1\\;wQ \\wG1;bQ bG1\\");
        assert_eq!(symmetric_key(&east), symmetric_key(&west));
        assert_eq!(symmetric_key(&east), symmetric_key(&turned));
        // Another shape, another key; another side to move, another key.
        let bent = game("Base;InProgress;White[2];wG1;bG1 wG1-;wQ -wG1;bQ bG1/");
        assert_ne!(symmetric_key(&east), symmetric_key(&bent));
        let shorter = game("Base;InProgress;Black[2];wG1;bG1 wG1-;wQ -wG1");
        assert_ne!(symmetric_key(&east), symmetric_key(&shorter));
    }

    #[test]
    fn a_book_reads_its_positions_and_names_a_bad_line() {
        let text = "# a comment\n\nBase;InProgress;White[2];wG1;bG1 wG1-\n\
                    Base+MLP;InProgress;Black[1];wP\n";
        let book = Book::parse(text).expect("a book");
        assert_eq!(book.positions.len(), 2);
        assert_eq!(book.positions[0].line, 3);
        assert_eq!(book.census(), "1 Base, 1 Base+MLP");
        let base = book.of_type(GameType::BASE).expect("a Base position");
        assert_eq!(base.len(), 1);
        assert!(matches!(
            book.of_type(GameType::from_expansions("M").expect("a type")),
            Err(BookError::NoneOfType { .. })
        ));
        let line = |text: &str| match Book::parse(text) {
            Err(BookError::BadLine { line, .. }) => line,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            line("Base;NotStarted;White[1]\nBase;InProgress;White[2];wQ;bX1\n"),
            2
        );
        assert_eq!(line("# x\nBase;InProgress;Black[7];wG1\n"), 2);
        assert_eq!(line("Base+MLP\n"), 1);
        assert_eq!(line("\nnot a game\n"), 2);
    }

    #[test]
    fn book_openings_cycle_in_a_seeded_order() {
        let text: String = ["wG1", "wA1", "wS1", "wB1", "wB1;bB1 wB1-"]
            .iter()
            .map(|moves| {
                let turn = if moves.contains(';') {
                    "White[2]"
                } else {
                    "Black[1]"
                };
                format!("Base;InProgress;{turn};{moves}\n")
            })
            .collect();
        let book = Book::parse(&text).expect("a book");
        let openings = |order, seed| {
            let o = BookOpenings::new(&book, "b", GameType::BASE, order, seed).expect("openings");
            (0..10)
                .map(|pair| o.opening(pair, Options::default()).game_string())
                .collect::<Vec<_>>()
        };
        let sequential = openings(BookOrder::Sequential, 1);
        let in_file: Vec<&str> = book
            .positions
            .iter()
            .map(|p| p.game_string.as_str())
            .collect();
        assert_eq!(sequential[..5], in_file[..]);
        assert_eq!(sequential[5..], in_file[..]);
        let random = openings(BookOrder::Random, 1);
        assert_eq!(random, openings(BookOrder::Random, 1));
        let mut sorted = random[..5].to_vec();
        sorted.sort();
        let mut expected = sequential[..5].to_vec();
        expected.sort();
        assert_eq!(sorted, expected, "each position once a round");
        assert_eq!(random[..5], random[5..]);
    }
}
