//! The game in play, as the rules engine holds it: the single source of
//! truth of the app. [`CurrentGame`] owns the line of moves (with a cursor,
//! for undo, redo and review) and the position at the cursor; everything
//! on screen (piece entities, highlights, the move list) is derived from it.
//!
//! It also keeps every line tried, as [`Variations`]: a move played where
//! the line goes on with another move starts a branch (the old moves stay
//! in the tree, a variation), and [`CurrentGame::goto_node`] makes any line
//! of the tree the current one. Undo, redo and review walk the current line.
//!
//! It only changes through its own methods, and only when something really
//! changed: a refused move leaves it untouched (and unmarked, so nothing
//! downstream recomputes or rewrites the autosave).

use bevy::prelude::*;

use crate::records::{Headers, History, NodeId, Variations};
use crate::rules::{Color, Game, GameType, Move, RuleError};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CurrentGame>();
}

/// The game in play: its moves with a cursor (see [`History`]) and the
/// notation of every move of the line.
#[derive(Resource, Clone)]
pub struct CurrentGame {
    history: History,
    /// Every move of the line in UHP notation, the moves after the cursor
    /// included; kept in step by every method that changes the line.
    line: Vec<String>,
    /// Every line tried, the current one among them.
    tree: Variations,
    /// The tree's node of every move of the line (parallel to `line`).
    path: Vec<NodeId>,
    /// The record's headers (players, date, event, result), when the game
    /// was opened from a record that has them.
    headers: Option<Headers>,
}

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame::new(Game::new(GameType::BASE))
    }
}

impl std::fmt::Debug for CurrentGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CurrentGame")
            .field("ply", &self.ply())
            .field("line", &self.line)
            .finish()
    }
}

impl CurrentGame {
    /// A game (possibly with moves already played), the cursor after its
    /// last move.
    pub fn new(game: Game) -> Self {
        let line = notation_of(&game);
        let tree = Variations::from_game(&game);
        let path = tree.continuation(NodeId::ROOT);
        CurrentGame {
            history: History::new(game),
            line,
            tree,
            path,
            headers: None,
        }
    }

    /// The headers of the record the game was opened from, if any.
    pub fn headers(&self) -> Option<&Headers> {
        self.headers.as_ref()
    }

    /// Keep the headers of the record the game was opened from.
    pub fn set_headers(&mut self, headers: Option<Headers>) {
        self.headers = headers;
    }

    /// A game with its variations, the cursor at the end of the main line.
    pub fn from_variations(tree: Variations) -> Self {
        let mut current = CurrentGame::new(Game::with_options(tree.game_type(), tree.options()));
        current.tree = tree;
        let end = current.tree.continuation(NodeId::ROOT).last().copied();
        current.goto_node(end.unwrap_or(NodeId::ROOT));
        current
    }

    /// Every line tried in this game.
    pub fn variations(&self) -> &Variations {
        &self.tree
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
        if node == self.node() || !self.tree.contains(node) {
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
    pub fn add_line(&mut self, from: NodeId, moves: &[String]) -> Result<NodeId, String> {
        if !self.tree.contains(from) {
            return Err("that position is no longer in the move list".into());
        }
        let mut game = self.tree.game_at(from);
        let mut checked = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = game
                .parse_move(text)
                .map_err(|err| format!("cannot read {text}: {err}"))?;
            let written = game.move_string(mv);
            game.play(mv)
                .map_err(|err| format!("cannot play {text}: {err}"))?;
            checked.push((mv, written));
        }
        if checked.is_empty() {
            return Err("the line has no move".into());
        }
        let mut at = from;
        let mut first = None;
        for (mv, text) in checked {
            at = self.tree.add(at, mv, text);
            first.get_or_insert(at);
        }
        Ok(first.unwrap_or(from))
    }

    /// Makes the line through `node` the main line of the tree (the move
    /// list shows it first); the position and the current line stay.
    /// Whether the tree changed.
    pub fn promote(&mut self, node: NodeId) -> bool {
        self.tree.promote(node)
    }

    /// Deletes `node` and every move after it from the tree. When the
    /// current line went through it, the line now ends before it (the
    /// cursor moving back there if it was past it), going on with the main
    /// continuation. Whether anything was deleted.
    pub fn delete(&mut self, node: NodeId) -> bool {
        let Some(index) = self.path.iter().position(|&n| n == node) else {
            return self.tree.remove(node);
        };
        let parent = self.tree.parent(node);
        let keep = if self.ply() > index {
            parent
        } else {
            self.node()
        };
        if !self.tree.remove(node) {
            return false;
        }
        self.line_through(keep);
        true
    }

    /// Makes the line through `node` the current one, the cursor at `node`:
    /// the moves to it, then its main continuation.
    fn line_through(&mut self, node: NodeId) {
        let mut path = self.tree.path_to(node);
        let ply = path.len();
        path.extend(self.tree.continuation(node));
        let moves: Vec<Move> = path.iter().filter_map(|&n| self.tree.mv(n)).collect();
        let mut history = History::new(self.tree.game_at(node));
        history.set_continuation(&moves[ply..]);
        self.line = path
            .iter()
            .map(|&n| self.tree.text(n).to_string())
            .collect();
        self.path = path;
        self.history = history;
    }

    /// The position at the cursor (the one on the board).
    pub fn game(&self) -> &Game {
        self.history.game()
    }

    /// The moves played up to the cursor, in UHP notation, oldest first.
    pub fn notation(&self) -> &[String] {
        &self.line[..self.ply()]
    }

    /// Every move of the line in UHP notation, the moves after the cursor
    /// included.
    pub fn line(&self) -> &[String] {
        &self.line
    }

    /// The cursor: how many moves of the line are played.
    pub fn ply(&self) -> usize {
        self.history.ply()
    }

    /// The line with its cursor.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The whole line as one game (what Save writes and Copy copies).
    pub fn full_game(&self) -> Game {
        self.history.full_game()
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a move taken back to play again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Checks and plays a move at the cursor; on error nothing changes.
    ///
    /// The next move of the line is played again (as redo would); a move
    /// tried here before follows its line; any other move starts a new
    /// variation, the line then ending with it. No move is dropped from
    /// the tree.
    pub fn play(&mut self, mv: Move) -> Result<(), RuleError> {
        let at = self.node();
        if let Some(&next) = self.path.get(self.ply())
            && self.tree.mv(next) == Some(mv)
        {
            self.redo();
            return Ok(());
        }
        if let Some(child) = self.tree.child(at, mv) {
            self.goto_node(child);
            return Ok(());
        }
        // Notation refers to the position before the move.
        let text = self.game().move_string(mv);
        self.history.play(mv)?;
        let node = self.tree.add(at, mv, text.clone());
        let ply = self.ply();
        self.line.truncate(ply - 1);
        self.line.push(text);
        self.path.truncate(ply - 1);
        self.path.push(node);
        Ok(())
    }

    /// Takes back the move before the cursor; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.history.undo().is_some()
    }

    /// Against the AI: takes back moves until `human` is to move before
    /// their latest move (see [`History::undo_pair`]); whether any was.
    pub fn undo_pair(&mut self, human: Color) -> bool {
        self.history.undo_pair(human) > 0
    }

    /// Plays again the move after the cursor; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.history.redo().is_some()
    }

    /// Moves the cursor to after `ply` moves (clamped to the line).
    pub fn goto(&mut self, ply: usize) {
        self.history.goto(ply);
    }

    /// Ends the line at the cursor; how many moves left it. They stay in
    /// the tree, and become a variation once another move is played here.
    pub fn continue_from_here(&mut self) -> usize {
        let dropped = self.history.continue_from_here();
        self.line.truncate(self.ply());
        self.path.truncate(self.ply());
        dropped
    }
}

/// The notation of every move of `game`.
fn notation_of(game: &Game) -> Vec<String> {
    game.game_string()
        .split(';')
        .skip(3)
        .map(str::to_string)
        .collect()
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

    #[test]
    fn the_notation_follows_the_cursor_and_the_line() {
        let mut current = CurrentGame::default();
        for mv in first_moves(current.game(), 4) {
            current.play(mv).unwrap();
        }
        let full = current.line().to_vec();
        assert_eq!(full.len(), 4);
        assert!(current.undo());
        assert_eq!(current.notation(), &full[..3]);
        assert_eq!(current.line(), &full[..]);
        assert!(current.redo());
        assert_eq!(current.notation(), &full[..]);
        current.goto(1);
        assert_eq!(current.continue_from_here(), 3);
        assert_eq!(current.line(), &full[..1]);
        // Playing after an undo drops the moves after the cursor.
        let mut other = CurrentGame::default();
        for mv in first_moves(other.game(), 3) {
            other.play(mv).unwrap();
        }
        other.undo();
        other.undo();
        let mut moves = Vec::new();
        other.game().legal_moves(&mut moves);
        other.play(*moves.last().unwrap()).unwrap();
        assert_eq!(other.line().len(), 2);
        assert_eq!(CurrentGame::new(other.full_game()).line(), other.line());
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut current = CurrentGame::default();
        let mv = first_moves(current.game(), 1)[0];
        current.play(mv).unwrap();
        let before = current.line().to_vec();
        assert!(current.play(mv).is_err());
        assert_eq!(current.line(), &before[..]);
        assert_eq!(current.ply(), 1);
    }
}
