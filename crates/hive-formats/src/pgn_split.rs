//! A file of many PGN games cut into one text per game, a line at a time,
//! so that a reader holds one game in memory, never the whole file.
//!
//! A game starts at a tag line (`[Name "value"]`) that follows a line of
//! moves; tag lines before the first moves belong to the first game, and a
//! file without tags is one game.

/// Cuts PGN text fed line by line into games (see the module's docs).
///
/// ```
/// use hive_formats::PgnSplitter;
/// let mut split = PgnSplitter::new();
/// let mut games = Vec::new();
/// for line in "[White \"a\"]\n1. wS1\n\n[White \"b\"]\n1. wA1\n".lines() {
///     games.extend(split.push_line(line));
/// }
/// games.extend(split.finish());
/// assert_eq!(games.len(), 2);
/// assert!(games[1].starts_with("[White \"b\"]"));
/// ```
#[derive(Debug, Default)]
pub struct PgnSplitter {
    game: String,
    /// The game being gathered has a line that is neither a tag nor blank.
    has_moves: bool,
    /// The line (from 1) the game being gathered starts on.
    start: usize,
    lines: usize,
    /// Inside a `{ ... }` comment that spans lines.
    in_comment: bool,
}

impl PgnSplitter {
    /// A splitter at the start of a file.
    pub fn new() -> PgnSplitter {
        PgnSplitter::default()
    }

    /// Feeds the next line (without its line break); returns the previous
    /// game's text when this line starts a new game.
    pub fn push_line(&mut self, line: &str) -> Option<String> {
        self.lines += 1;
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        let mut done = None;
        if !self.in_comment && trimmed.starts_with('[') && self.has_moves {
            done = Some(std::mem::take(&mut self.game));
            self.has_moves = false;
        }
        if self.game.is_empty() {
            self.start = self.lines;
        }
        if !self.in_comment && !trimmed.is_empty() && !trimmed.starts_with('[') {
            self.has_moves = true;
        }
        for c in trimmed.chars() {
            match c {
                '{' => self.in_comment = true,
                '}' => self.in_comment = false,
                _ => {}
            }
        }
        self.game.push_str(line);
        self.game.push('\n');
        done
    }

    /// The line (from 1) on which the game being gathered starts.
    pub fn start_line(&self) -> usize {
        self.start
    }

    /// The last game, at the end of the file (`None` if only blank lines remain).
    pub fn finish(&mut self) -> Option<String> {
        let game = std::mem::take(&mut self.game);
        self.has_moves = false;
        (!game.trim().is_empty()).then_some(game)
    }
}

/// Every game of a PGN text, in order (see [`PgnSplitter`]).
pub fn split_pgn(text: &str) -> Vec<String> {
    let mut split = PgnSplitter::new();
    let mut games: Vec<String> = text.lines().filter_map(|l| split.push_line(l)).collect();
    games.extend(split.finish());
    games.retain(|g| !g.trim().is_empty());
    games
}
