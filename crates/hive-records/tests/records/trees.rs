//! Trees of variations in tests: every node with its comment, to compare
//! two trees, and random variations and comments added to a game's tree.

use hive_records::{NodeId, Variations};
use rand::Rng;
use rand::rngs::StdRng;

/// Every node of `tree`, depth first (each node's main continuation before
/// its variations, in order): its moves from the start joined by `;`, and
/// its comment. Two trees with the same lines, in the same order, with the
/// same comments have the same nodes.
pub fn nodes(tree: &Variations) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut stack = vec![NodeId::ROOT];
    while let Some(node) = stack.pop() {
        let path: Vec<&str> = tree.path_to(node).iter().map(|&n| tree.text(n)).collect();
        out.push((path.join(";"), tree.comment(node).map(str::to_string)));
        stack.extend(tree.children(node).iter().rev());
    }
    out
}

/// `rows` as [`nodes`] gives them.
pub fn owned(rows: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
    rows.iter()
        .map(|(path, comment)| (path.to_string(), comment.map(str::to_string)))
        .collect()
}

/// Random comment text: letters, spaces, line breaks and the characters
/// PGN gives a meaning to (`}` cannot be written there).
pub fn random_comment(rng: &mut StdRng) -> Option<String> {
    const CHARS: &[char] = &[
        'a', 'Z', '7', ' ', ' ', '\n', '{', '}', '(', ')', ';', '%', '[', ']', '"', '\\', 'é', '.',
    ];
    let len = rng.random_range(0..12);
    let text: String = (0..len)
        .map(|_| CHARS[rng.random_range(0..CHARS.len())])
        .collect();
    (!text.is_empty()).then_some(text)
}

/// Adds to `tree` up to `lines` variations of random legal moves, from
/// random positions of the tree, and up to `comments` random comments on
/// random nodes (the root included).
pub fn add_random_notes(tree: &mut Variations, rng: &mut StdRng, lines: usize, comments: usize) {
    let mut all = vec![NodeId::ROOT];
    all.extend(tree.continuation(NodeId::ROOT));
    let mut moves = Vec::new();
    for _ in 0..rng.random_range(0..=lines) {
        let mut node = all[rng.random_range(0..all.len())];
        let mut game = tree.game_at(node);
        for _ in 0..rng.random_range(1..6) {
            moves.clear();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let text = game.move_string(mv);
            game.play(mv).expect("a legal move");
            node = tree.add(node, mv, text);
            all.push(node);
        }
    }
    for _ in 0..rng.random_range(0..=comments) {
        let node = all[rng.random_range(0..all.len())];
        tree.set_comment(node, random_comment(rng));
    }
}
