//! PGN game records, as Mzinga and hivegame.com write them.
//!
//! ```text
//! [GameType "Base+MLP"]
//! [Date "2018.10.28"]
//! [Event ""]
//! [Site ""]
//! [Round ""]
//! [White "Abbo69"]
//! [Black "WeakBot"]
//! [Result "WhiteWins"]
//!
//! 1. wS1
//! 2. bL /wS1
//!
//! WhiteWins
//! ```
//!
//! [`write_pgn`](crate::write_pgn) writes exactly this form (Mzinga's): the
//! seven tags above, `TimeControl` when known, every other header as a tag
//! of its own, then one numbered MoveString a line, and the result after the
//! moves when the game is over; a record's comments and variations go in
//! lines of their own between the moves (see its docs).
//!
//! [`read_pgn`] also takes what people and other programs write: tags
//! anywhere before the moves, several moves after one number (`1. wS1 bS1
//! wS1-`, `1... bS1 wS1-`), `pass`, results in either spelling
//! (`WhiteWins`, `1-0`, `1/2-1/2`, ...) as the `Result` tag or after the
//! moves, and the old numbering of unique bugs (`wM1` for `wM`). Only the
//! first game of a file is read. A move that cannot be read or breaks a rule
//! is refused with its line and its number in the game.
//!
//! Comments in `{...}` or after `;` are kept on the move before them (see
//! [`Variations::comment`]); one before the first move is on the whole game,
//! one at the start of a variation on its first move, and several on one
//! move are joined by a space. A `(...)` variation, nested or not, is read
//! as other moves in place of the move before it:
//!
//! ```text
//! 1. wS1
//! {The usual start}
//! 2. bS1 wS1-
//! (2. bA1 wS1- {calmer} 3. wQ -wS1 (3. wA1 -wS1))
//! 3. wQ -wS1
//! ```
//!
//! holds `bA1 wS1-` as a variation of move 2 and, inside it, `wA1 -wS1` as
//! one of its move 3. A side line is no reason to refuse a game: a
//! variation that replaces no move, or whose move cannot be read or breaks a
//! rule, keeps its moves before that one and is skipped to its `)`; a `)`
//! that closes nothing is skipped, and the file's end closes what is open.

use hive_rules::{Game, GameType, Move};

use super::error::{LineFault, Located, RecordProblem};
use super::pgn_lex::{Item, game_type, is_reference, lex, old_notation, result_word};
use super::record::{GameRecord, GameResult, Headers, play_lenient};
use super::{FormatError, NodeId, Variations};

/// Whether `text` looks like a PGN record: its first line is a tag, a
/// comment or a numbered move.
pub(crate) fn is_pgn_text(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    let digits = first.bytes().take_while(u8::is_ascii_digit).count();
    first.starts_with('[')
        || first.starts_with('{')
        || (digits > 0 && first[digits..].starts_with('.'))
}

/// Reads a PGN record, naming `source` in errors.
pub fn read_pgn(text: &str) -> Result<GameRecord, FormatError> {
    let items = lex(text).map_err(|(line, near)| FormatError::BadRecord {
        line,
        text: near,
        problem: RecordProblem::BadTag,
    })?;
    if items.is_empty() {
        return Err(FormatError::Empty);
    }
    let mut reader = Reader {
        headers: Headers::new(GameType::BASE),
        tree: None,
        game: None,
        lines: Vec::new(),
        root_comment: None,
        held: None,
        result_word: None,
    };
    let located = |(fault, at, text): Located| fault.at(at, &text);
    for (line, item) in items {
        // What follows the result, or a tag after the moves, is the next
        // game's.
        if reader.result_word.is_some() {
            break;
        }
        match item {
            Item::Tag(..) if reader.tree.is_some() => break,
            Item::Tag(name, value) => reader
                .tag(name, value)
                .map_err(|(problem, text)| LineFault::from(problem).at(line, &text))?,
            Item::Word(word) => reader.word(word, line).map_err(located)?,
            Item::Comment(comment) => reader.comment(comment).map_err(located)?,
            Item::Open => reader.open().map_err(located)?,
            Item::Close => reader.close().map_err(located)?,
        }
    }
    let result_word = reader.result_word.flatten();
    let (tree, game, mut headers) = reader.finish().map_err(located)?;
    headers.result = headers
        .result
        .or(result_word)
        .or_else(|| GameResult::from_status(game.status()));
    headers.game_type = tree.game_type();
    Ok(GameRecord { headers, tree })
}

/// The state of reading the moves.
struct Reader {
    headers: Headers,
    /// Started at the first move, with the game type of the tags before it.
    tree: Option<Variations>,
    /// The game after the last move read in the innermost line (the lines
    /// around it are played back when it ends: no copy is kept).
    game: Option<Game>,
    /// The main line, then the variations open in it, the innermost last
    /// (empty before the first move).
    lines: Vec<Line>,
    /// Comments before the first move: on the whole game.
    root_comment: Option<String>,
    /// A piece whose destination may be the next word, and its line.
    held: Option<(String, usize)>,
    /// The result written after the moves (`Some(None)`: an unfinished
    /// game's `*`).
    result_word: Option<Option<GameResult>>,
}

/// The main line or a variation, as far as it was read.
struct Line {
    /// Its last move in the tree (a variation's first move not read yet:
    /// the node it branches from).
    node: NodeId,
    /// How many of its moves are played in the reader's game.
    played: usize,
    /// The move of the line around it that a variation replaces, taken back
    /// from the game while the variation is read.
    replaces: Option<Move>,
    /// Whether the next comment is on `node` (not on a variation's first
    /// move, still to come).
    started: bool,
    /// A comment before a variation's first move, for that move.
    pending: Option<String>,
    /// A variation skipped to its `)`: it replaces no move, or one of its
    /// moves cannot be read or breaks a rule (the moves before stay).
    broken: bool,
}

impl Reader {
    fn tag(&mut self, name: String, value: String) -> Result<(), (RecordProblem, String)> {
        let text = (!value.is_empty()).then(|| value.clone());
        let headers = &mut self.headers;
        match name.as_str() {
            "GameType" => {
                headers.game_type = game_type(&value).ok_or_else(|| {
                    (
                        RecordProblem::UnknownGameType,
                        format!("[GameType \"{value}\"]"),
                    )
                })?;
            }
            "Date" => headers.date = text,
            "Event" => headers.event = text,
            "Site" => headers.site = text,
            "Round" => headers.round = text,
            "White" => headers.white = text,
            "Black" => headers.black = text,
            "Result" => headers.result = GameResult::parse(&value),
            "TimeControl" => headers.time_control = text,
            _ => {
                headers.extra.shift_remove(&name);
                headers.extra.insert(name, value);
            }
        }
        Ok(())
    }

    /// Starts the tree, the game and the main line at the first move, with
    /// the game type of the tags before it; the game and the innermost line.
    fn start(&mut self) -> (&mut Game, &mut Line) {
        if self.lines.is_empty() {
            let game = Game::new(self.headers.game_type);
            let mut tree = Variations::new(game.game_type(), game.options());
            tree.set_comment(NodeId::ROOT, self.root_comment.take());
            self.tree = Some(tree);
            self.lines.push(Line {
                node: NodeId::ROOT,
                played: 0,
                replaces: None,
                started: true,
                pending: None,
                broken: false,
            });
        }
        let game = self
            .game
            .get_or_insert_with(|| Game::new(self.headers.game_type));
        let last = self.lines.len() - 1;
        (game, &mut self.lines[last])
    }

    /// Whether the words read now are skipped: in a broken variation.
    fn skipping(&self) -> bool {
        self.lines.last().is_some_and(|line| line.broken)
    }

    fn word(&mut self, word: &str, line: usize) -> Result<(), Located> {
        if self.skipping() {
            return Ok(());
        }
        if let Some(result) = result_word(word) {
            self.flush()?;
            // Inside a variation, a result is no end of the game.
            if self.lines.len() <= 1 {
                self.result_word = Some(result);
            }
            return Ok(());
        }
        let mut word = word;
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            // A move number: `12.`, `12...`, `12`, or `12.wS1` with its move.
            let after = &word[digits..];
            let rest = after.trim_start_matches('.');
            if after.is_empty() || rest.len() < after.len() {
                self.flush()?;
                if rest.is_empty() {
                    return Ok(());
                }
                word = rest;
            }
        }
        let word = old_notation(word);
        let ply = self.start().0.ply();
        match self.held.take() {
            Some((piece, at)) if is_reference(&word) => self.play(&format!("{piece} {word}"), at),
            Some((piece, at)) => {
                // A bare piece name: a climb onto it, or the next move. A
                // piece alone is a move only as the first of the game, so
                // otherwise the climb it is, legal or not.
                let pass = word.eq_ignore_ascii_case("pass");
                let climb = format!("{piece} {word}");
                if !pass && self.try_play(&climb) {
                    return Ok(());
                }
                if !pass && ply > 0 {
                    return self.play(&climb, at);
                }
                self.play(&piece, at)?;
                self.take(word, line)
            }
            None => self.take(word, line),
        }
    }

    /// A word that starts a move.
    fn take(&mut self, word: String, line: usize) -> Result<(), Located> {
        if self.skipping() {
            return Ok(());
        }
        if word.eq_ignore_ascii_case("pass") {
            return self.play(&word, line);
        }
        self.held = Some((word, line));
        Ok(())
    }

    /// Plays the held piece, if any, as a move of its own.
    fn flush(&mut self) -> Result<(), Located> {
        match self.held.take() {
            Some((piece, line)) => self.play(&piece, line),
            None => Ok(()),
        }
    }

    /// Plays `text` if it is a legal move; whether it was.
    fn try_play(&mut self, text: &str) -> bool {
        let (game, _) = self.start();
        let Ok(mv) = game.parse_move(text) else {
            return false;
        };
        let written = game.move_string(mv);
        if play_lenient(game, mv).is_err() {
            return false;
        }
        self.add(mv, written);
        true
    }

    /// Plays `text` in the innermost line. A move that cannot be read or
    /// breaks a rule is refused in the main line, and ends a variation.
    fn play(&mut self, text: &str, at: usize) -> Result<(), Located> {
        let in_variation = self.lines.len() > 1;
        let (game, line) = self.start();
        if line.broken {
            return Ok(());
        }
        let fault = |fault: LineFault| (fault, at, text.to_string());
        let played = match game.parse_move(text) {
            Err(error) => Err(fault(RecordProblem::Notation(error).into())),
            Ok(mv) => {
                let number = game.ply() as usize + 1;
                let written = game.move_string(mv);
                match play_lenient(game, mv) {
                    Ok(()) => Ok((mv, written)),
                    Err(rule) => Err(fault(LineFault::Illegal {
                        number,
                        notation: None,
                        rule,
                    })),
                }
            }
        };
        match played {
            Ok((mv, written)) => {
                self.add(mv, written);
                Ok(())
            }
            Err(_) if in_variation => {
                line.broken = true;
                Ok(())
            }
            Err(located) => Err(located),
        }
    }

    /// Adds the move just played in the innermost line to the tree.
    fn add(&mut self, mv: Move, written: String) {
        let (Some(tree), Some(game), Some(line)) = (
            self.tree.as_mut(),
            self.game.as_ref(),
            self.lines.last_mut(),
        ) else {
            return;
        };
        line.node = tree.add(line.node, mv, written);
        line.played += 1;
        line.started = true;
        if let Some(comment) = line.pending.take() {
            tree.append_comment(line.node, &comment);
        }
        // A Queen on the first turn turns the tournament opening off for
        // every line (see `play_lenient`).
        if game.options() != tree.options() {
            tree.set_options(game.options());
        }
    }

    /// A comment: on the move before it, or before the first move on the
    /// whole game (a comment before a variation's first move is that
    /// move's).
    fn comment(&mut self, text: &str) -> Result<(), Located> {
        self.flush()?;
        let (Some(tree), Some(line)) = (self.tree.as_mut(), self.lines.last_mut()) else {
            self.root_comment = Some(match self.root_comment.take() {
                Some(before) => format!("{before} {text}"),
                None => text.to_string(),
            });
            return Ok(());
        };
        if line.started && !line.broken {
            tree.append_comment(line.node, text);
        } else if !line.broken {
            line.pending = Some(match line.pending.take() {
                Some(before) => format!("{before} {text}"),
                None => text.to_string(),
            });
        }
        Ok(())
    }

    /// `(`: a variation of the last move of the innermost line, from the
    /// position before that move.
    fn open(&mut self) -> Result<(), Located> {
        self.flush()?;
        let (game, line) = self.start();
        let last = line.node;
        let replaced = if line.started && last != NodeId::ROOT && !line.broken {
            line.played = line.played.saturating_sub(1);
            game.undo()
        } else {
            None
        };
        let node = match (replaced, self.tree.as_ref()) {
            (Some(_), Some(tree)) => tree.parent(last),
            _ => last,
        };
        self.lines.push(Line {
            node,
            played: 0,
            replaces: replaced,
            started: false,
            pending: None,
            broken: replaced.is_none(),
        });
        Ok(())
    }

    /// `)`: the innermost variation ends (one that was never opened is
    /// ignored).
    fn close(&mut self) -> Result<(), Located> {
        if self.lines.len() > 1 {
            self.flush()?;
            self.end_variation();
        }
        Ok(())
    }

    /// Ends the innermost variation: its moves are taken back and the move
    /// it replaced played again.
    fn end_variation(&mut self) {
        let (Some(line), Some(game)) = (self.lines.pop(), self.game.as_mut()) else {
            return;
        };
        for _ in 0..line.played {
            game.undo();
        }
        if let Some(mv) = line.replaces {
            // It was played there before.
            game.apply_unchecked(mv);
            if let Some(around) = self.lines.last_mut() {
                around.played += 1;
            }
        }
    }

    /// The tree, the main line's game and the headers, once every item is
    /// read (variations still open end here).
    fn finish(mut self) -> Result<(Variations, Game, Headers), Located> {
        self.flush()?;
        while self.lines.len() > 1 {
            self.end_variation();
        }
        let game_type = self.headers.game_type;
        let game = self.game.unwrap_or_else(|| Game::new(game_type));
        let tree = self.tree.unwrap_or_else(|| {
            let mut tree = Variations::new(game_type, game.options());
            tree.set_comment(NodeId::ROOT, self.root_comment);
            tree
        });
        Ok((tree, game, self.headers))
    }
}
