//! A game's record with a cursor in it: the game in play, as the rules
//! engine holds it (the game window keeps one, its `GameCursor`, as the
//! single source of truth of the app). [`GameCursor`] owns the game's
//! record (its [`GameRecord`]: every line tried, as a tree of moves, and
//! the headers of the file it came from), the line of that tree being shown
//! with a cursor in it (for undo, redo and review), and the position at
//! the cursor; everything on screen (piece entities, highlights, the move
//! list) is derived from it.
//!
//! A move played where the line goes on with another move starts a branch
//! (the old moves stay in the tree, a variation), and
//! [`GameCursor::goto_node`] makes any line of the tree the current one.
//! Undo, redo and review walk the current line. The line is a path of the
//! tree's nodes, and each move's notation is the tree's: nothing is kept
//! twice.
//!
//! It only changes through its own methods, and only when something really
//! changed: a refused move leaves it untouched (and unmarked, so nothing
//! downstream recomputes or rewrites the autosave).

use hive_formats::{GameRecord, Headers, NodeId, Variations};
use hive_rules::{Color, Game, GameType, Move, RuleError};

/// Why [`GameCursor::add_line`] could not add a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineRefused {
    /// The position the line starts from is no longer in the move list.
    Gone,
    /// The line has no move.
    Empty,
    /// A move cannot be read.
    Unreadable {
        /// The move as given.
        text: String,
        /// Why it cannot be read.
        error: String,
    },
    /// A move breaks a rule.
    Illegal {
        /// The move as given.
        text: String,
        /// The rule.
        rule: RuleError,
    },
}

impl std::fmt::Display for LineRefused {
    /// In English, for the log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineRefused::Gone => f.write_str("that position is no longer in the move list"),
            LineRefused::Empty => f.write_str("the line has no move"),
            LineRefused::Unreadable { text, error } => write!(f, "cannot read {text}: {error}"),
            LineRefused::Illegal { text, rule } => write!(f, "cannot play {text}: {rule}"),
        }
    }
}

/// The game in play: its record, the line shown and the position at its
/// cursor (see the module's docs).
#[derive(Clone)]
pub struct GameCursor {
    /// Every line tried, and the headers of the record it was opened from.
    record: GameRecord,
    /// Whether the headers came from a record (players, date, ...) rather
    /// than being a new game's.
    from_record: bool,
    /// The current line: the tree's node of each of its moves, from the
    /// first, the moves after the cursor included.
    path: Vec<NodeId>,
    /// The position after the line's first `ply()` moves.
    game: Game,
}

impl Default for GameCursor {
    fn default() -> Self {
        GameCursor::new(Game::new(GameType::BASE))
    }
}

impl std::fmt::Debug for GameCursor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameCursor")
            .field("ply", &self.ply())
            .field("line", &self.line())
            .finish()
    }
}

impl GameCursor {
    /// A game (possibly with moves already played), the cursor after its
    /// last move.
    pub fn new(game: Game) -> Self {
        let record = GameRecord::from_game(&game, Headers::new(game.game_type()));
        let path = record.tree.continuation(NodeId::ROOT);
        GameCursor {
            record,
            from_record: false,
            path,
            game,
        }
    }

    /// A game with its variations, the cursor at the end of the main line.
    pub fn from_variations(tree: Variations) -> Self {
        let headers = Headers::new(tree.game_type());
        GameCursor::from_record(GameRecord { headers, tree }, false)
    }

    /// The game of a record (its headers shown when `with_headers`), the
    /// cursor at the end of its main line.
    pub fn from_record(record: GameRecord, with_headers: bool) -> Self {
        let end = record.main_line_end();
        let mut current = GameCursor {
            game: record.tree.game_at(NodeId::ROOT),
            record,
            from_record: with_headers,
            path: Vec::new(),
        };
        current.line_through(end);
        current
    }

    /// The game's record: every line tried and the headers.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The headers of the record the game was opened from, if any.
    pub fn headers(&self) -> Option<&Headers> {
        self.from_record.then_some(&self.record.headers)
    }

    /// Keep the headers of the record the game was opened from (`None`: a
    /// game of our own).
    pub fn set_headers(&mut self, headers: Option<Headers>) {
        self.from_record = headers.is_some();
        self.record.headers = headers.unwrap_or_else(|| Headers::new(self.game.game_type()));
        self.record.headers.game_type = self.record.tree.game_type();
    }

    /// Every line tried in this game.
    pub fn variations(&self) -> &Variations {
        &self.record.tree
    }

    /// The tree's nodes of the line's moves (the moves after the cursor
    /// included), in order.
    pub fn line_nodes(&self) -> &[NodeId] {
        &self.path
    }

    /// The tree's node of the position at the cursor.
    pub fn node(&self) -> NodeId {
        self.ply()
            .checked_sub(1)
            .and_then(|last| self.path.get(last))
            .copied()
            .unwrap_or(NodeId::ROOT)
    }

    /// Moves the cursor to `node`. On the current line, only the cursor
    /// moves; otherwise the line through `node` becomes the current one:
    /// the moves to it, then its main continuation (for redo and review).
    /// Whether anything changed.
    pub fn goto_node(&mut self, node: NodeId) -> bool {
        // A move deleted since it was clicked is not there to go to.
        if node == self.node() || !self.record.tree.contains(node) {
            return false;
        }
        if node == NodeId::ROOT {
            self.goto(0);
            return true;
        }
        if let Some(index) = self.path.iter().position(|&n| n == node) {
            self.goto(index + 1);
            return true;
        }
        self.line_through(node);
        true
    }

    /// Adds `moves` (MoveStrings, each read in the position after the one
    /// before) after `from` as a line of the tree, a variation unless the
    /// tree already holds it; the line shown and its cursor stay. The first
    /// move's node, or why a move could not be added (and then nothing
    /// is).
    pub fn add_line(&mut self, from: NodeId, moves: &[String]) -> Result<NodeId, LineRefused> {
        if !self.record.tree.contains(from) {
            return Err(LineRefused::Gone);
        }
        let mut game = self.record.tree.game_at(from);
        let mut checked = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = game
                .parse_move(text)
                .map_err(|err| LineRefused::Unreadable {
                    text: text.clone(),
                    error: err.to_string(),
                })?;
            let written = game.move_string(mv);
            game.play(mv).map_err(|rule| LineRefused::Illegal {
                text: text.clone(),
                rule,
            })?;
            checked.push((mv, written));
        }
        if checked.is_empty() {
            return Err(LineRefused::Empty);
        }
        let mut at = from;
        let mut first = None;
        for (mv, text) in checked {
            at = self.record.tree.add(at, mv, text);
            first.get_or_insert(at);
        }
        Ok(first.unwrap_or(from))
    }

    /// Makes the line through `node` the main line of the tree (the move
    /// list shows it first); the position and the current line stay.
    /// Whether the tree changed.
    pub fn promote(&mut self, node: NodeId) -> bool {
        self.record.tree.promote(node)
    }

    /// Deletes `node` and every move after it from the tree. When the
    /// current line went through it, the line now ends before it (the
    /// cursor moving back there if it was past it), going on with the main
    /// continuation. Whether anything was deleted.
    pub fn delete(&mut self, node: NodeId) -> bool {
        let Some(index) = self.path.iter().position(|&n| n == node) else {
            return self.record.tree.remove(node);
        };
        let parent = self.record.tree.parent(node);
        let keep = if self.ply() > index {
            parent
        } else {
            self.node()
        };
        if !self.record.tree.remove(node) {
            return false;
        }
        self.line_through(keep);
        true
    }

    /// Makes the line through `node` the current one, the cursor at `node`:
    /// the moves to it, then its main continuation.
    fn line_through(&mut self, node: NodeId) {
        let mut path = self.record.tree.path_to(node);
        let at = path.len();
        // From the position shown when it is on the way (no replay).
        let shared = self
            .path
            .iter()
            .zip(&path)
            .take(self.ply())
            .take_while(|(a, b)| a == b)
            .count();
        self.goto(shared);
        let tree = &self.record.tree;
        for &n in &path[shared..] {
            if let Some(mv) = tree.mv(n) {
                // It was checked when it was added to the tree.
                self.game.apply_unchecked(mv);
            }
        }
        path.extend(tree.continuation(node));
        debug_assert_eq!(self.game.moves().len(), at);
        self.path = path;
    }

    /// The position at the cursor (the one on the board).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The moves played up to the cursor, in UHP notation, oldest first.
    pub fn notation(&self) -> Vec<&str> {
        let mut line = self.line();
        line.truncate(self.ply());
        line
    }

    /// Every move of the line in UHP notation, the moves after the cursor
    /// included.
    pub fn line(&self) -> Vec<&str> {
        self.path
            .iter()
            .map(|&node| self.record.tree.text(node))
            .collect()
    }

    /// The cursor: how many moves of the line are played.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// How many moves the line has, the moves after the cursor included.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the line has no move.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// Whether the cursor is at the end of the line (the game is live).
    pub fn at_end(&self) -> bool {
        self.ply() == self.len()
    }

    /// The whole line as one game (what Save writes and Copy copies).
    pub fn full_game(&self) -> Game {
        let mut game = self.game.clone();
        for &node in &self.path[self.ply().min(self.path.len())..] {
            if let Some(mv) = self.record.tree.mv(node) {
                game.apply_unchecked(mv);
            }
        }
        game
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.ply() > 0
    }

    /// Whether there is a move taken back to play again.
    pub fn can_redo(&self) -> bool {
        !self.at_end()
    }

    /// Checks and plays a move at the cursor; on error nothing changes.
    ///
    /// The next move of the line is played again (as redo would); a move
    /// tried here before follows its line; any other move starts a new
    /// variation, the line then ending with it. No move is dropped from
    /// the tree.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        let at = self.node();
        let tree = &self.record.tree;
        if let Some(&next) = self.path.get(self.ply())
            && tree.mv(next) == Some(mv)
        {
            self.redo();
            return Ok(());
        }
        if let Some(child) = tree.child(at, mv) {
            self.goto_node(child);
            return Ok(());
        }
        // Notation refers to the position before the move.
        let text = self.game.move_string(mv);
        self.game.play(mv)?;
        let node = self.record.tree.add(at, mv, text);
        let ply = self.ply();
        self.path.truncate(ply - 1);
        self.path.push(node);
        Ok(())
    }

    /// Takes back the move before the cursor; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.ply() > 0 && self.game.undo().is_some()
    }

    /// Against the AI: takes back moves until `human` is to move before
    /// their latest move (the AI's reply and the move it answered; White's
    /// first move alone when it was the AI's); whether any was.
    pub fn undo_pair(&mut self, human: Color) -> bool {
        let human_has_moved = match human {
            Color::White => self.ply() >= 1,
            Color::Black => self.ply() >= 2,
        };
        if !human_has_moved {
            return false;
        }
        let mut undone = false;
        while self.ply() > 0 {
            let mover = self.game.to_move().opponent();
            undone |= self.undo();
            if mover == human {
                break;
            }
        }
        undone
    }

    /// Plays again the move after the cursor; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(mv) = self
            .path
            .get(self.ply())
            .and_then(|&node| self.record.tree.mv(node))
        else {
            return false;
        };
        // It was played from this very position before.
        self.game.apply_unchecked(mv);
        true
    }

    /// Moves the cursor to after `ply` moves (clamped to the line).
    pub fn goto(&mut self, ply: usize) {
        let target = ply.min(self.len());
        while self.ply() > target && self.undo() {}
        while self.ply() < target && self.redo() {}
    }

    /// Ends the line at the cursor; how many moves left it. They stay in
    /// the tree, and become a variation once another move is played here.
    pub fn continue_from_here(&mut self) -> usize {
        let dropped = self.len() - self.ply();
        self.path.truncate(self.ply());
        dropped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_moves(game: &Game, n: usize) -> Vec<Move> {
        let mut game = game.clone();
        let mut played = Vec::new();
        for _ in 0..n {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            game.play(moves[0]).unwrap();
            played.push(moves[0]);
        }
        played
    }

    /// A game of `plies` moves (fewer if it ends), chosen by a seeded
    /// generator among the legal ones, on every expansion.
    fn seeded_moves(seed: u64, plies: usize) -> Vec<Move> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut game = Game::new(GameType::ALL);
        let mut played = Vec::new();
        let mut moves = Vec::new();
        while played.len() < plies && !game.status().is_over() {
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).unwrap();
            played.push(mv);
        }
        played
    }

    fn current_with(plies: usize) -> (GameCursor, Vec<Move>) {
        let moves = seeded_moves(51, plies);
        let mut current = GameCursor::new(Game::new(GameType::ALL));
        for &mv in &moves {
            current.play(mv).unwrap();
        }
        (current, moves)
    }

    #[test]
    fn undo_and_redo_walk_the_line() {
        let (mut h, moves) = current_with(10);
        let end_hash = h.game().hash();
        assert_eq!((h.ply(), h.len()), (10, 10));
        assert!(h.at_end() && h.can_undo() && !h.can_redo());
        assert!(h.undo() && h.undo());
        assert_eq!((h.ply(), h.len()), (8, 10));
        assert!(h.redo() && h.redo());
        assert!(!h.redo());
        assert_eq!(h.game().hash(), end_hash);
        assert_eq!(h.full_game().moves().collect::<Vec<_>>(), moves);

        // Another move after an undo ends the line with it; the old moves
        // stay in the tree.
        h.undo();
        h.undo();
        let mut legal = Vec::new();
        h.game().legal_moves(&mut legal);
        let other = *legal.iter().find(|&&m| m != moves[8]).unwrap();
        h.play(other).unwrap();
        assert_eq!((h.ply(), h.len()), (9, 9));
        assert!(!h.can_redo() && !h.redo());
        assert_eq!(h.variations().leaves().len(), 2);

        // An illegal move changes nothing.
        let before = h.game().game_string();
        assert!(h.play(moves[0]).is_err());
        assert_eq!(h.game().game_string(), before);

        // Undo to the start and no further.
        while h.undo() {}
        assert_eq!((h.ply(), h.len()), (0, 9));
        assert!(!h.can_undo());
    }

    #[test]
    fn undo_pair_takes_back_the_ais_reply_and_the_move_it_answered() {
        // Human is White: after the AI's reply, both moves go.
        let (mut h, _) = current_with(6);
        assert!(h.undo_pair(Color::White));
        assert_eq!(h.ply(), 4);
        assert_eq!(h.game().to_move(), Color::White);
        // While the AI thinks (the human just moved), only that move goes.
        h.redo();
        assert!(h.undo_pair(Color::White));
        assert_eq!((h.ply(), h.game().to_move()), (4, Color::White));

        // Human is Black, and to move after the AI's reply.
        let (mut h, _) = current_with(7);
        assert_eq!(h.game().to_move(), Color::Black);
        assert!(h.undo_pair(Color::Black));
        assert_eq!((h.ply(), h.game().to_move()), (5, Color::Black));
        h.goto(1);
        // Only the AI's opening move: nothing of the human's to take back.
        assert!(!h.undo_pair(Color::Black));
        assert_eq!(h.ply(), 1);
        h.goto(2);
        assert!(h.undo_pair(Color::Black));
        assert_eq!(h.ply(), 1);

        // Human is White at the very start: nothing to undo.
        let mut h = GameCursor::default();
        assert!(!h.undo_pair(Color::White));
    }

    #[test]
    fn every_position_of_every_line_is_the_one_a_replay_gives() {
        let moves = seeded_moves(61, 150);
        let n = moves.len();
        let mut full = Game::new(GameType::ALL);
        for &mv in &moves {
            full.play(mv).unwrap();
        }
        let mut h = GameCursor::new(full.clone());
        h.goto(0);
        assert_eq!((h.ply(), h.len()), (0, n));
        assert_eq!(h.full_game().game_string(), full.game_string());
        let replay = |moves: &[Move]| {
            let mut game = Game::new(GameType::ALL);
            for &mv in moves {
                game.play(mv).unwrap();
            }
            game.game_string()
        };
        h.goto(n / 2);
        assert_eq!(h.game().game_string(), replay(&moves[..n / 2]));
        h.goto(n + 100);
        assert_eq!(h.ply(), n);
        // A variation from move 10, then back to a move of the main line
        // and to the variation again: each position as replayed.
        h.goto(10);
        let mut legal = Vec::new();
        h.game().legal_moves(&mut legal);
        let other = *legal.iter().find(|&&m| m != moves[10]).unwrap();
        h.play(other).unwrap();
        let branch = h.node();
        let mut branch_moves = moves[..10].to_vec();
        branch_moves.push(other);
        let main = h.variations().continuation(NodeId::ROOT)[n - 5];
        assert!(h.goto_node(main));
        assert_eq!(h.game().game_string(), replay(&moves[..n - 4]));
        assert_eq!(h.len(), n, "the main line again, to its end");
        assert!(h.goto_node(branch));
        assert_eq!(h.game().game_string(), replay(&branch_moves));
        assert_eq!(h.notation().len(), 11);
        // Continue from move 5: the later moves leave the line, not the tree.
        h.goto(5);
        assert_eq!(h.continue_from_here(), 6);
        assert_eq!((h.ply(), h.len()), (5, 5));
        assert!(h.variations().contains(branch));
    }

    fn owned(line: Vec<&str>) -> Vec<String> {
        line.into_iter().map(str::to_string).collect()
    }

    #[test]
    fn the_notation_follows_the_cursor_and_the_line() {
        let mut current = GameCursor::default();
        for mv in first_moves(current.game(), 4) {
            current.play(mv).unwrap();
        }
        let full = owned(current.line());
        assert_eq!(full.len(), 4);
        assert!(current.undo());
        assert_eq!(owned(current.notation()), full[..3]);
        assert_eq!(owned(current.line()), full[..]);
        assert!(current.redo());
        assert_eq!(owned(current.notation()), full[..]);
        current.goto(1);
        assert_eq!(current.continue_from_here(), 3);
        assert_eq!(owned(current.line()), full[..1]);
        // Playing after an undo drops the moves after the cursor.
        let mut other = GameCursor::default();
        for mv in first_moves(other.game(), 3) {
            other.play(mv).unwrap();
        }
        other.undo();
        other.undo();
        let mut moves = Vec::new();
        other.game().legal_moves(&mut moves);
        other.play(*moves.last().unwrap()).unwrap();
        assert_eq!(other.line().len(), 2);
        assert_eq!(GameCursor::new(other.full_game()).line(), other.line());
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut current = GameCursor::default();
        let mv = first_moves(current.game(), 1)[0];
        current.play(mv).unwrap();
        let before = owned(current.line());
        assert!(current.play(mv).is_err());
        assert_eq!(owned(current.line()), before[..]);
        assert_eq!(current.ply(), 1);
    }
}
