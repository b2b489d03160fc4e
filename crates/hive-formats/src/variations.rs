//! A game with its variations: every line of moves tried from its
//! positions, as a tree.
//!
//! The root is the empty board; each other node is a move, played in the
//! position of its parent. A node's first child is its main continuation,
//! later children are the variations, in the order they were first played.
//! Any node may carry a comment: on a move, what a person (or a review)
//! says about it; on the root, about the whole game.
//! The tree's text file is written by [`Variations::file_text`] and read by
//! [`Variations::parse`] (see [`crate::variations_text`]).

use hive_rules::{Game, GameType, Move, Options};

/// A node of a [`Variations`] tree: the root (the empty board) or a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The empty board, before any move.
    pub const ROOT: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug, Clone)]
struct Node {
    parent: NodeId,
    /// The move (`None` at the root) and its MoveString, as written in the
    /// position before it.
    mv: Option<(Move, String)>,
    children: Vec<NodeId>,
    /// What is said about the move (at the root: about the game).
    comment: Option<String>,
}

/// Every line of moves tried in a game, as a tree (see the module's docs).
#[derive(Debug, Clone)]
pub struct Variations {
    game_type: GameType,
    options: Options,
    nodes: Vec<Node>,
    /// How many nodes were removed (their slots stay, empty).
    removed: usize,
}

impl Variations {
    /// An empty tree: only the empty board of this game type.
    pub fn new(game_type: GameType, options: Options) -> Variations {
        Variations {
            game_type,
            options,
            nodes: vec![Node {
                parent: NodeId::ROOT,
                mv: None,
                children: Vec::new(),
                comment: None,
            }],
            removed: 0,
        }
    }

    /// A tree of one line: the moves of `game`.
    pub fn from_game(game: &Game) -> Variations {
        let mut tree = Variations::new(game.game_type(), game.options());
        let mut replay = Game::with_options(game.game_type(), game.options());
        let mut node = NodeId::ROOT;
        for mv in game.moves() {
            node = tree.add(node, mv, replay.move_string(mv));
            replay.apply_unchecked(mv);
        }
        tree
    }

    /// The game type of every line.
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// The optional rules of every line.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Changes the optional rules of every line (a reader that learns them
    /// from the moves: see `play_lenient`).
    pub(crate) fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// How many moves the tree holds (all lines together, shared moves once).
    pub fn move_count(&self) -> usize {
        self.nodes.len() - 1 - self.removed
    }

    /// The move of `node` (`None` at the root).
    pub fn mv(&self, node: NodeId) -> Option<Move> {
        self.node(node).mv.as_ref().map(|(mv, _)| *mv)
    }

    /// The MoveString of `node` (empty at the root).
    pub fn text(&self, node: NodeId) -> &str {
        self.node(node).mv.as_ref().map_or("", |(_, text)| text)
    }

    /// The comment on `node` (at the root: on the whole game), if any.
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.node(node).comment.as_deref()
    }

    /// Sets or clears the comment on `node` (at the root: on the whole
    /// game). Whitespace around it is not kept, and an empty comment is
    /// none. Nothing happens for a node that is not in the tree.
    pub fn set_comment(&mut self, node: NodeId, comment: Option<String>) {
        if !self.contains(node) {
            return;
        }
        let comment = comment
            .map(|text| text.trim().to_string())
            .filter(|text| !text.is_empty());
        self.nodes[node.index()].comment = comment;
    }

    /// Adds `text` to the comment on `node`, after a space (or sets it, when
    /// there is none), as a record that writes several comments on one move
    /// is read.
    pub(crate) fn append_comment(&mut self, node: NodeId, text: &str) {
        let joined = match self.comment(node) {
            Some(before) => format!("{before} {}", text.trim()),
            None => text.to_string(),
        };
        self.set_comment(node, Some(joined));
    }

    /// Whether any node (the root included) carries a comment.
    pub fn has_comments(&self) -> bool {
        self.nodes.iter().any(|node| node.comment.is_some())
    }

    /// The node before `node` (the root's is the root).
    pub fn parent(&self, node: NodeId) -> NodeId {
        self.node(node).parent
    }

    /// The moves tried after `node`: its main continuation first.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.node(node).children
    }

    /// The child of `node` that plays `mv`, if it was tried.
    pub fn child(&self, node: NodeId, mv: Move) -> Option<NodeId> {
        self.children(node)
            .iter()
            .copied()
            .find(|&child| self.mv(child) == Some(mv))
    }

    /// How many moves lead from the empty board to `node`.
    pub fn depth(&self, node: NodeId) -> usize {
        let mut depth = 0;
        let mut at = node;
        while at != NodeId::ROOT {
            at = self.parent(at);
            depth += 1;
        }
        depth
    }

    /// The moves from the empty board to `node`, `node` last (the root not
    /// included: empty for the root).
    pub fn path_to(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::with_capacity(self.depth(node));
        let mut at = node;
        while at != NodeId::ROOT {
            path.push(at);
            at = self.parent(at);
        }
        path.reverse();
        path
    }

    /// The main continuation after `node`: its first child, that one's first
    /// child, and so on to a leaf (empty when `node` is a leaf).
    pub fn continuation(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(&first) = self.children(at).first() {
            line.push(first);
            at = first;
        }
        line
    }

    /// Whether `node` is the main continuation of its parent (the root is).
    pub fn is_main_child(&self, node: NodeId) -> bool {
        node == NodeId::ROOT || self.children(self.parent(node)).first() == Some(&node)
    }

    /// Adds the move `mv` (written `text`) after `node`, or finds it if it
    /// was tried there already; the move must be legal in `node`'s position.
    pub fn add(&mut self, node: NodeId, mv: Move, text: String) -> NodeId {
        if let Some(child) = self.child(node, mv) {
            return child;
        }
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        self.nodes.push(Node {
            parent: node,
            mv: Some((mv, text)),
            children: Vec::new(),
            comment: None,
        });
        self.nodes[node.index()].children.push(id);
        id
    }

    /// Makes the line through `node` the main line: `node` and each move
    /// before it become their parent's first child (the others keep their
    /// order). Whether anything changed.
    pub fn promote(&mut self, node: NodeId) -> bool {
        if !self.contains(node) {
            return false;
        }
        let mut changed = false;
        let mut at = node;
        while at != NodeId::ROOT {
            let parent = self.parent(at);
            let children = &mut self.nodes[parent.index()].children;
            if let Some(index) = children.iter().position(|&c| c == at)
                && index > 0
            {
                children.remove(index);
                children.insert(0, at);
                changed = true;
            }
            at = parent;
        }
        changed
    }

    /// Removes `node` and every move after it from the tree (the root
    /// cannot be removed). Their ids are never given again and must not be
    /// used after; whether anything was removed.
    pub fn remove(&mut self, node: NodeId) -> bool {
        if node == NodeId::ROOT || !self.contains(node) {
            return false;
        }
        let parent = self.parent(node);
        self.nodes[parent.index()].children.retain(|&c| c != node);
        let mut stack = vec![node];
        while let Some(at) = stack.pop() {
            let gone = &mut self.nodes[at.index()];
            stack.append(&mut gone.children);
            gone.mv = None;
            gone.comment = None;
            gone.parent = NodeId::ROOT;
            self.removed += 1;
        }
        true
    }

    /// Whether `node` is in the tree (not removed).
    pub fn contains(&self, node: NodeId) -> bool {
        node == NodeId::ROOT || self.nodes.get(node.index()).is_some_and(|n| n.mv.is_some())
    }

    /// The node reached by the moves of `game`, if they are a line of this
    /// tree (of the same game type).
    pub fn node_of(&self, game: &Game) -> Option<NodeId> {
        if game.game_type() != self.game_type {
            return None;
        }
        game.moves()
            .try_fold(NodeId::ROOT, |node, mv| self.child(node, mv))
    }

    /// The leaves, in the order of the move list: depth first, each node's
    /// main continuation before its variations (the main line's leaf first).
    pub fn leaves(&self) -> Vec<NodeId> {
        let mut leaves = Vec::new();
        let mut stack = vec![NodeId::ROOT];
        while let Some(node) = stack.pop() {
            let children = self.children(node);
            if children.is_empty() {
                leaves.push(node);
            }
            stack.extend(children.iter().rev());
        }
        leaves
    }

    /// The game after the moves to `node`.
    pub fn game_at(&self, node: NodeId) -> Game {
        let mut game = Game::with_options(self.game_type, self.options);
        for step in self.path_to(node) {
            if let Some(mv) = self.mv(step) {
                // Every move was legal where it was added.
                game.apply_unchecked(mv);
            }
        }
        game
    }

    fn node(&self, node: NodeId) -> &Node {
        // Ids only come from this tree, which never removes a node.
        &self.nodes[node.index().min(self.nodes.len() - 1)]
    }
}

#[cfg(test)]
pub(crate) mod tests {

    use super::*;

    pub(crate) fn play_first(game: &mut Game, pick: usize) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mv = moves[pick % moves.len()];
        game.play(mv).unwrap();
        mv
    }

    /// A tree: a main line of 6 moves, a variation at move 3 of 2 moves,
    /// and one inside that variation.
    pub(crate) fn sample() -> (Variations, Vec<NodeId>) {
        let mut tree = Variations::new(GameType::BASE, Options::default());
        let mut game = Game::new(GameType::BASE);
        let mut node = NodeId::ROOT;
        let mut main = Vec::new();
        for i in 0..6 {
            let before = game.clone();
            let mv = play_first(&mut game, i);
            node = tree.add(node, mv, before.move_string(mv));
            main.push(node);
        }
        // A variation after move 2.
        let mut side = tree.game_at(main[1]);
        let mut at = main[1];
        for i in 0..2 {
            let before = side.clone();
            let mv = play_first(&mut side, 7 + i);
            at = tree.add(at, mv, before.move_string(mv));
        }
        let mut inner = tree.game_at(tree.parent(at));
        let before = inner.clone();
        let mv = play_first(&mut inner, 3);
        tree.add(tree.parent(at), mv, before.move_string(mv));
        (tree, main)
    }

    #[test]
    fn adding_a_move_again_finds_it() {
        let (mut tree, main) = sample();
        let count = tree.move_count();
        let mv = tree.mv(main[2]).unwrap();
        let text = tree.text(main[2]).to_string();
        assert_eq!(tree.add(main[1], mv, text), main[2]);
        assert_eq!(tree.move_count(), count);
        assert_eq!(tree.continuation(NodeId::ROOT), main);
        assert_eq!(tree.node_of(&tree.game_at(main[3])), Some(main[3]));
        assert_eq!(tree.node_of(&Game::new(GameType::BASE)), Some(NodeId::ROOT));
        assert_eq!(
            tree.node_of(&Game::new(GameType::from_expansions("MLP").unwrap())),
            None
        );
        assert_eq!(tree.path_to(main[3]), main[..4].to_vec());
        assert!(tree.is_main_child(main[2]));
        assert!(!tree.is_main_child(tree.children(main[1])[1]));
    }

    #[test]
    fn a_variation_can_become_the_main_line_or_go() {
        let (mut tree, main) = sample();
        let side = tree.children(main[1])[1];
        let side_leaf = *tree.continuation(side).last().unwrap();
        assert!(tree.promote(side_leaf));
        assert!(!tree.promote(side_leaf), "already the main line");
        assert_eq!(tree.leaves()[0], side_leaf);
        assert_eq!(tree.children(main[1]), &[side, main[2]]);
        // Removing the old main line from move 3 on: four moves go.
        let count = tree.move_count();
        assert!(tree.remove(main[2]));
        assert_eq!(tree.move_count(), count - 4);
        assert!(!tree.contains(main[2]) && !tree.contains(main[5]));
        assert!(!tree.remove(main[2]), "already gone");
        assert!(!tree.promote(main[3]), "a removed move is not promoted");
        assert!(!tree.remove(NodeId::ROOT));
        assert_eq!(tree.leaves().len(), 2);
        let back = Variations::parse(&tree.file_text()).unwrap();
        assert_eq!(back.file_text(), tree.file_text());
        assert_eq!(back.move_count(), tree.move_count());
    }

    #[test]
    fn comments_stay_with_their_moves() {
        let (mut tree, main) = sample();
        assert!(!tree.has_comments());
        tree.set_comment(NodeId::ROOT, Some("a quiet game".into()));
        tree.set_comment(main[2], Some("  the start of trouble \n".into()));
        let side = tree.children(main[1])[1];
        let side_leaf = *tree.continuation(side).last().unwrap();
        tree.set_comment(side_leaf, Some("better".into()));
        assert_eq!(tree.comment(NodeId::ROOT), Some("a quiet game"));
        assert_eq!(tree.comment(main[2]), Some("the start of trouble"));
        assert_eq!(tree.comment(main[3]), None);
        assert!(tree.has_comments());
        // Several comments on one move are joined.
        tree.append_comment(main[3], "one");
        tree.append_comment(main[3], "two");
        assert_eq!(tree.comment(main[3]), Some("one two"));
        // A copy has them, and changing it leaves the original alone.
        let mut copy = tree.clone();
        copy.set_comment(main[2], None);
        assert_eq!(copy.comment(main[2]), None);
        assert_eq!(tree.comment(main[2]), Some("the start of trouble"));
        // Promoting a line moves no comment.
        assert!(tree.promote(side_leaf));
        assert_eq!(tree.comment(side_leaf), Some("better"));
        assert_eq!(tree.comment(main[2]), Some("the start of trouble"));
        // A removed move takes its comment (and those after it) along.
        assert!(tree.remove(main[2]));
        assert_eq!(tree.comment(main[2]), None);
        assert_eq!(tree.comment(main[3]), None);
        tree.set_comment(main[3], Some("lost".into()));
        assert_eq!(tree.comment(main[3]), None, "not in the tree");
        tree.set_comment(side_leaf, Some("   ".into()));
        assert_eq!(tree.comment(side_leaf), None, "empty is none");
        assert!(tree.has_comments(), "the root's");
        tree.set_comment(NodeId::ROOT, None);
        assert!(!tree.has_comments());
    }
}
