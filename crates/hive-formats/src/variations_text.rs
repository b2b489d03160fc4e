//! The variations text (the variations file's): a [`Variations`] tree as
//! text, one complete UHP GameString per line.
//!
//! A variations file is plain text: a first line `# hive variations`, then
//! one complete UHP GameString per line, one for each leaf of the tree (each
//! line the moves from the empty board to that leaf), the main line first
//! and the others in the order the move list shows them. Every line can be
//! pasted into any UHP program on its own; lines share the moves they have
//! in common. Before the first game come the headers of our game files (see
//! [`crate::headers`]): the house rules are in an `options` header when
//! they are not the defaults (the other headers, which a tree does not
//! keep, are read and checked but not kept). Other `#` lines and blank lines
//! are skipped. A file that holds a single GameString (a saved game) loads
//! as a tree of one line.
//!
//! The comments on moves (see [`Variations::comment`]) follow the line of
//! their move, one a line: `# hive comment`, the move's number in that line
//! (0 for a comment on the whole game), then the text, with a backslash
//! written `\\` and a line break `\n`. A move that several lines share has
//! its comment after the first of them. Programs that know nothing of
//! comments skip these lines as any other `#` line, and a file without
//! comments has none.
//!
//! ```text
//! # hive variations
//! # hive options: tournament_opening=on threefold_repetition=on turn_limit=none
//! Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-
//! # hive comment 0 Played at the club
//! # hive comment 3 The Queen out early:\nrisky
//! Base+MLP;InProgress;Black[2];wS1;bS1 wS1-;wA1 -wS1
//! # hive comment 3 safer
//! ```
//!
//! Loading checks every line: the first line that is not a GameString of
//! the file's game type, or holds a move that cannot be read or is illegal,
//! or a comment line that does not follow a game line with its move, or a
//! header that cannot be read or comes after the first game, is named with
//! its line number, and nothing is loaded.

use std::collections::HashSet;

use super::FormatError;
use super::headers::{
    HeaderKey, any_value, is_known_header, options_words, read_header_block, split_header,
};
use super::variations::{NodeId, Variations};
use hive_rules::{Game, LoadError, Options};

/// The first line of a variations file.
pub const VARIATIONS_HEADER: &str = "# hive variations";

/// What starts a comment line (see the module's docs).
const COMMENT_PREFIX: &str = "# hive comment ";

impl Variations {
    /// The text of the variations file (see the module's docs).
    pub fn file_text(&self) -> String {
        let mut text = String::from(VARIATIONS_HEADER);
        text.push('\n');
        let options = self.options();
        if options != Options::default() {
            text.push_str(&HeaderKey::Options.line(&options_words(options)));
        }
        let mut commented = HashSet::new();
        for leaf in self.leaves() {
            text.push_str(&self.game_at(leaf).game_string());
            text.push('\n');
            let line = std::iter::once(NodeId::ROOT).chain(self.path_to(leaf));
            for (ply, node) in line.enumerate() {
                if let Some(comment) = self.comment(node)
                    && commented.insert(node)
                {
                    text.push_str(&format!("{COMMENT_PREFIX}{ply} {}\n", escape(comment)));
                }
            }
        }
        text
    }

    /// Reads a variations file's text (or a game file's: one line), naming
    /// the first bad line in errors.
    pub fn parse(text: &str) -> Result<Variations, FormatError> {
        Variations::parse_checked(text, &mut any_value)
    }

    /// [`Variations::parse`], handing the values of the `kind`, `players`
    /// and `clock` headers to `check` (see [`read_header_block`]): a
    /// variations text does not keep them, but its reader may check them.
    pub fn parse_checked(
        text: &str,
        check: &mut dyn FnMut(HeaderKey, &str) -> bool,
    ) -> Result<Variations, FormatError> {
        let bad_line = |line: usize, message: String| FormatError::BadLine { line, message };
        let block = read_header_block(text, check)?;
        let options = block.options.unwrap_or_default();
        // A comment among the headers comes before any game.
        let first_game = block.body.first().map_or(usize::MAX, |&(number, _)| number);
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if let Some(number) = text
            .lines()
            .take(first_game - 1)
            .position(|line| line.trim().starts_with(COMMENT_PREFIX))
        {
            return Err(bad_line(
                number + 1,
                "a comment line must follow the game line of its move".to_string(),
            ));
        }
        let mut tree: Option<Variations> = None;
        // The last game line's moves, the root first.
        let mut last_line = Vec::new();
        for &(number, line) in &block.body {
            if let Some(rest) = line.strip_prefix(COMMENT_PREFIX) {
                let (ply, comment) = rest.split_once(' ').unwrap_or((rest, ""));
                let node = ply.parse::<usize>().ok().and_then(|ply| last_line.get(ply));
                match (tree.as_mut(), node) {
                    (Some(tree), Some(&node)) => tree.set_comment(node, Some(unescape(comment))),
                    (None, _) => {
                        return Err(bad_line(
                            number,
                            "a comment line must follow the game line of its move".to_string(),
                        ));
                    }
                    (Some(_), None) => {
                        return Err(bad_line(
                            number,
                            format!(
                                "`{ply}` is not the number of a move of the line above (0 to {})",
                                last_line.len() - 1
                            ),
                        ));
                    }
                }
                continue;
            }
            if is_known_header(line) {
                let (key, _) = split_header(line).unwrap_or_default();
                return Err(bad_line(
                    number,
                    format!("the `# hive {key}:` line must come before the first game"),
                ));
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let game = match Game::load_game_string(line, options) {
                Ok((game, _note)) => game,
                Err(LoadError::UnreadableMove { index, text, error }) => {
                    return Err(bad_line(
                        number,
                        format!("move {index} ({text}) cannot be read: {error}"),
                    ));
                }
                Err(LoadError::IllegalMove { index, text, error }) => {
                    return Err(bad_line(
                        number,
                        format!("move {index} ({text}) is illegal: {error}"),
                    ));
                }
                Err(LoadError::Notation(error)) => {
                    return Err(bad_line(
                        number,
                        format!("it is not a GameString: {}", error.message()),
                    ));
                }
            };
            let tree = tree.get_or_insert_with(|| Variations::new(game.game_type(), options));
            if game.game_type() != tree.game_type() {
                return Err(bad_line(
                    number,
                    format!(
                        "its game type {} is not the file's ({})",
                        game.game_type(),
                        tree.game_type()
                    ),
                ));
            }
            let leaf = tree.add_game(&game);
            last_line = std::iter::once(NodeId::ROOT)
                .chain(tree.path_to(leaf))
                .collect();
        }
        tree.ok_or(FormatError::Empty)
    }

    /// Adds the moves of `game` (of this tree's type) as a line from the
    /// root, sharing the moves it has in common with the tree; its last node.
    fn add_game(&mut self, game: &Game) -> NodeId {
        let mut replay = Game::with_options(self.game_type(), self.options());
        let mut node = NodeId::ROOT;
        for mv in game.moves() {
            node = self.add(node, mv, replay.move_string(mv));
            replay.apply_unchecked(mv);
        }
        node
    }
}

/// A comment on one line: `\` as `\\`, line breaks as `\n` and `\r`.
fn escape(comment: &str) -> String {
    let mut text = String::with_capacity(comment.len());
    for c in comment.chars() {
        match c {
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            '\r' => text.push_str("\\r"),
            c => text.push(c),
        }
    }
    text
}

/// The comment that [`escape`] wrote; a backslash before any other
/// character stays as it is.
fn unescape(text: &str) -> String {
    let mut comment = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let escaped = match (c, chars.peek()) {
            ('\\', Some('\\')) => Some('\\'),
            ('\\', Some('n')) => Some('\n'),
            ('\\', Some('r')) => Some('\r'),
            _ => None,
        };
        match escaped {
            Some(e) => {
                chars.next();
                comment.push(e);
            }
            None => comment.push(c),
        }
    }
    comment
}

/// Whether `text` is a variations file (its first line says so).
pub fn is_variations_text(text: &str) -> bool {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .is_some_and(|line| line.starts_with(VARIATIONS_HEADER))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variations::tests::{play_first, sample};
    use hive_rules::GameType;

    #[test]
    fn the_file_loads_back_as_the_same_tree() {
        let (tree, _) = sample();
        assert_eq!(tree.leaves().len(), 3);
        let text = tree.file_text();
        assert!(is_variations_text(&text));
        assert_eq!(text.lines().count(), 4, "{text}");
        let back = Variations::parse(&text).unwrap();
        assert_eq!(back.file_text(), text);
        assert_eq!(back.move_count(), tree.move_count());
        // The main line is the first line.
        let main_leaf = back.leaves()[0];
        assert_eq!(back.path_to(main_leaf), back.continuation(NodeId::ROOT));
    }

    #[test]
    fn a_saved_game_loads_as_one_line() {
        let mut game = Game::new(GameType::BASE);
        for i in 0..5 {
            play_first(&mut game, i);
        }
        let tree = Variations::parse(&game.game_string()).unwrap();
        assert_eq!(tree.leaves().len(), 1);
        assert_eq!(
            tree.game_at(tree.leaves()[0]).game_string(),
            game.game_string()
        );
        assert_eq!(Variations::from_game(&game).file_text(), tree.file_text());
    }

    #[test]
    fn a_bad_line_is_named() {
        let (tree, _) = sample();
        let mut lines: Vec<String> = tree.file_text().lines().map(str::to_string).collect();
        lines[2].push_str(";wQ nowhere");
        let error = Variations::parse(&lines.join("\n")).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("line 3"), "{message}");
        assert!(message.contains("wQ nowhere"), "{message}");
        // Another game type on a later line.
        lines[2] = "Base+M;NotStarted;White[1]".to_string();
        let message = Variations::parse(&lines.join("\n"))
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("line 3") && message.contains("game type"),
            "{message}"
        );
        // Nothing but the header.
        assert!(matches!(
            Variations::parse(VARIATIONS_HEADER),
            Err(FormatError::Empty)
        ));
    }

    #[test]
    fn options_travel_with_the_tree() {
        let options = Options {
            threefold_repetition: true,
            ..Options::default()
        };
        let mut game = Game::with_options(GameType::BASE, options);
        play_first(&mut game, 0);
        let tree = Variations::from_game(&game);
        let back = Variations::parse(&tree.file_text()).unwrap();
        assert_eq!(back.options(), options);
    }

    #[test]
    fn comments_are_kept_after_their_lines() {
        let (mut tree, main) = sample();
        let plain = tree.file_text();
        let side = tree.children(main[1])[1];
        let side_leaf = *tree.continuation(side).last().unwrap();
        tree.set_comment(NodeId::ROOT, Some("Played at the club".into()));
        tree.set_comment(main[1], Some("shared by every line".into()));
        tree.set_comment(main[4], Some("two lines:\nand a \\ backslash \\n".into()));
        tree.set_comment(side_leaf, Some("safer".into()));
        let text = tree.file_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[2..5],
            [
                "# hive comment 0 Played at the club",
                "# hive comment 2 shared by every line",
                "# hive comment 5 two lines:\\nand a \\\\ backslash \\\\n",
            ],
            "{text}"
        );
        assert_eq!(lines[6], "# hive comment 4 safer", "{text}");
        // Without the comment lines it is the file of the tree without
        // comments: a program that skips them reads the same moves.
        let stripped: String = text
            .lines()
            .filter(|l| !l.starts_with(COMMENT_PREFIX))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(stripped, plain);
        let back = Variations::parse(&text).unwrap();
        assert_eq!(back.file_text(), text);
        let node = |tree: &Variations, n: NodeId| tree.node_of(&tree.game_at(n));
        for (at, comment) in [
            (NodeId::ROOT, "Played at the club"),
            (main[1], "shared by every line"),
            (main[4], "two lines:\nand a \\ backslash \\n"),
            (side_leaf, "safer"),
        ] {
            let there = node(&back, at).unwrap();
            assert_eq!(back.comment(there), Some(comment));
        }
        assert_eq!(back.comment(node(&back, main[2]).unwrap()), None);
    }

    #[test]
    fn a_misplaced_comment_is_named() {
        let (tree, _) = sample();
        let mut lines: Vec<String> = tree.file_text().lines().map(str::to_string).collect();
        for (at, comment, problem) in [
            (1, "# hive comment 0 before any game", "must follow"),
            (3, "# hive comment 7 past the end", "`7` is not"),
            (3, "# hive comment x no number", "`x` is not"),
        ] {
            lines.insert(at, comment.to_string());
            let message = Variations::parse(&lines.join("\n"))
                .unwrap_err()
                .to_string();
            assert!(
                message.contains(&format!("line {}", at + 1)) && message.contains(problem),
                "{message}"
            );
            lines.remove(at);
        }
        // Any other `#` line is still skipped.
        lines.insert(3, "# hive commentary".to_string());
        assert!(Variations::parse(&lines.join("\n")).is_ok());
    }
}
