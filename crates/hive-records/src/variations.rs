//! A game with its variations: every line of moves tried from its
//! positions, as a tree, and the text file that holds one.
//!
//! The root is the empty board; each other node is a move, played in the
//! position of its parent. A node's first child is its main continuation,
//! later children are the variations, in the order they were first played.
//!
//! # The file
//!
//! A variations file is plain text: a first line `# hive variations`, then
//! one complete UHP GameString per line, one for each leaf of the tree (each
//! line the moves from the empty board to that leaf), the main line first
//! and the others in the order the move list shows them. Every line can be
//! pasted into any UHP program on its own; lines share the moves they have
//! in common. An optional `# hive options:` line (as in a game file) sets the
//! optional rules; other `#` lines and blank lines are skipped. A file that
//! holds a single GameString (a saved game) loads as a tree of one line.
//!
//! ```text
//! # hive variations
//! Base+MLP;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-
//! Base+MLP;InProgress;Black[2];wS1;bS1 wS1-;wA1 -wS1
//! ```
//!
//! Loading checks every line: the first line that is not a GameString of
//! the file's game type, or holds a move that cannot be read or is illegal,
//! is named with its line number, and nothing is loaded.

use std::path::Path;

use super::RecordError;
use super::file::{OPTIONS_PREFIX, options_line, parse_options, read_game_file, write_atomic};
use hive_rules::{Game, GameType, LoadError, Move, Options};

/// The first line of a variations file.
pub const VARIATIONS_HEADER: &str = "# hive variations";

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

    /// The text of the variations file (see the module's docs).
    pub fn file_text(&self) -> String {
        let mut text = String::from(VARIATIONS_HEADER);
        text.push('\n');
        if self.options != Options::default() {
            text.push_str(&options_line(self.options));
            text.push('\n');
        }
        for leaf in self.leaves() {
            text.push_str(&self.game_at(leaf).game_string());
            text.push('\n');
        }
        text
    }

    /// Reads a variations file's text (or a game file's: one line), naming
    /// `source` and the first bad line in errors.
    pub fn parse(text: &str, source: &Path) -> Result<Variations, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let bad_line = |line: usize, message: String| RecordError::BadLine {
            path: source.to_path_buf(),
            line,
            message,
        };
        let mut options = Options::default();
        let mut tree: Option<Variations> = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if let Some(rest) = line.strip_prefix(OPTIONS_PREFIX) {
                if tree.is_some() {
                    return Err(bad_line(
                        number,
                        "the options line must come before the first game".to_string(),
                    ));
                }
                options = parse_options(rest);
                continue;
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
            if game.game_type() != tree.game_type {
                return Err(bad_line(
                    number,
                    format!(
                        "its game type {} is not the file's ({})",
                        game.game_type(),
                        tree.game_type
                    ),
                ));
            }
            tree.add_game(&game);
        }
        tree.ok_or_else(|| RecordError::Empty {
            path: source.to_path_buf(),
        })
    }

    /// Adds the moves of `game` (of this tree's type) as a line from the
    /// root, sharing the moves it has in common with the tree.
    fn add_game(&mut self, game: &Game) {
        let mut replay = Game::with_options(self.game_type, self.options);
        let mut node = NodeId::ROOT;
        for mv in game.moves() {
            node = self.add(node, mv, replay.move_string(mv));
            replay.apply_unchecked(mv);
        }
    }

    fn node(&self, node: NodeId) -> &Node {
        // Ids only come from this tree, which never removes a node.
        &self.nodes[node.index().min(self.nodes.len() - 1)]
    }
}

/// Saves `tree` to `path` atomically (see the module's docs for the text).
pub fn save_variations(path: impl AsRef<Path>, tree: &Variations) -> Result<(), RecordError> {
    write_atomic(path.as_ref(), tree.file_text().as_bytes())
}

/// Loads the variations file (or game file) at `path`; a bad file is
/// refused naming its first bad line, and nothing is loaded.
pub fn load_variations(path: impl AsRef<Path>) -> Result<Variations, RecordError> {
    let path = path.as_ref();
    Variations::parse(&read_game_file(path)?, path)
}

/// Whether the file at `path` is a variations file (its first line says
/// so); `false` when it cannot be read (loading it then says why).
pub fn is_variations_file(path: impl AsRef<Path>) -> bool {
    use std::io::Read;
    let mut start = [0u8; 256];
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let read = file.read(&mut start).unwrap_or(0);
    is_variations_text(&String::from_utf8_lossy(&start[..read]))
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

    fn play_first(game: &mut Game, pick: usize) -> Move {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mv = moves[pick % moves.len()];
        game.play(mv).unwrap();
        mv
    }

    /// A tree: a main line of 6 moves, a variation at move 3 of 2 moves,
    /// and one inside that variation.
    fn sample() -> (Variations, Vec<NodeId>) {
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
        let back = Variations::parse(&tree.file_text(), Path::new("t.txt")).unwrap();
        assert_eq!(back.file_text(), tree.file_text());
        assert_eq!(back.move_count(), tree.move_count());
    }

    #[test]
    fn the_file_loads_back_as_the_same_tree() {
        let (tree, _) = sample();
        assert_eq!(tree.leaves().len(), 3);
        let text = tree.file_text();
        assert!(is_variations_text(&text));
        assert_eq!(text.lines().count(), 4, "{text}");
        let back = Variations::parse(&text, Path::new("t.txt")).unwrap();
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
        let tree = Variations::parse(&game.game_string(), Path::new("g.txt")).unwrap();
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
        let error = Variations::parse(&lines.join("\n"), Path::new("t.txt")).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("line 3"), "{message}");
        assert!(message.contains("wQ nowhere"), "{message}");
        // Another game type on a later line.
        lines[2] = "Base+M;NotStarted;White[1]".to_string();
        let message = Variations::parse(&lines.join("\n"), Path::new("t.txt"))
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("line 3") && message.contains("game type"),
            "{message}"
        );
        // Nothing but the header.
        assert!(matches!(
            Variations::parse(VARIATIONS_HEADER, Path::new("t.txt")),
            Err(RecordError::Empty { .. })
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
        let back = Variations::parse(&tree.file_text(), Path::new("o.txt")).unwrap();
        assert_eq!(back.options(), options);
    }
}
