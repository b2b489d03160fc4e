//! Writing PGN records in Mzinga's form (see [`crate::read_pgn`]): the
//! tags, then one numbered MoveString a line, then the result.
//!
//! A record's comments and variations (see [`Variations`]) are written in
//! that form too, as Mzinga writes its comments: the comment on the whole
//! game before the first move, each move's comment on a line of its own
//! after the move, then each variation of the move on a line of its own, in
//! `(...)`, its moves, their comments and the variations inside it on that
//! line. Every move has its number, counted as in the main line (one for
//! each move of either side), so a move after a comment or a variation, or
//! Black's move that starts a variation, is never without one:
//!
//! ```text
//! [GameType "Base"]
//! ...
//! [Result "InProgress"]
//!
//! {The club final}
//! 1. wS1
//! {The usual start}
//! 2. bS1 wS1-
//! (2. bA1 wS1- {calmer} 3. wQ -wS1 (3. wA1 -wS1))
//! 3. wQ -wS1
//! ```
//!
//! PGN has no way to write `}` in a comment: it is left out. A record with
//! no comment and no variation is written exactly as Mzinga writes it, and
//! one with comments alone as Mzinga writes its comments (a line from `{` to
//! `}`); Mzinga's reader has no variations, only other PGN readers do.

use super::record::{GameRecord, GameResult};
use super::{NodeId, Variations};

/// The PGN text of `record` in Mzinga's form (see the module's docs): the
/// headers, and the moves with their comments and variations.
pub fn write_pgn(record: &GameRecord) -> String {
    let headers = &record.headers;
    let tree = &record.tree;
    let moves = tree.continuation(NodeId::ROOT);
    let result = record.result();
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace(['\n', '\r'], " ");
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag("GameType", &record.tree.game_type().to_string());
    for (name, value) in [
        ("Date", &headers.date),
        ("Event", &headers.event),
        ("Site", &headers.site),
        ("Round", &headers.round),
        ("White", &headers.white),
        ("Black", &headers.black),
    ] {
        tag(name, value.as_deref().unwrap_or(""));
    }
    let unfinished = if moves.is_empty() {
        "NotStarted"
    } else {
        "InProgress"
    };
    tag("Result", result.map_or(unfinished, GameResult::uhp_name));
    if let Some(time_control) = &headers.time_control {
        tag("TimeControl", time_control);
    }
    for (name, value) in &headers.extra {
        let name: String = name
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            tag(&name, value);
        }
    }
    let game_comment = tree.comment(NodeId::ROOT).and_then(comment_text);
    if !moves.is_empty() || game_comment.is_some() {
        text.push('\n');
    }
    if let Some(comment) = game_comment {
        text.push_str(&format!("{{{comment}}}\n"));
    }
    for (index, &node) in moves.iter().enumerate() {
        text.push_str(&format!("{}. {}\n", index + 1, tree.text(node)));
        if let Some(comment) = tree.comment(node).and_then(comment_text) {
            text.push_str(&format!("{{{comment}}}\n"));
        }
        for &other in &tree.children(tree.parent(node))[1..] {
            text.push('(');
            write_variation(tree, other, index + 1, &mut text);
            text.push_str(")\n");
        }
    }
    if let Some(result) = result {
        text.push('\n');
        text.push_str(result.uhp_name());
        text.push('\n');
    }
    text
}

/// A comment as PGN can hold it: without `}`, nor the space around it;
/// `None` when nothing is left.
fn comment_text(comment: &str) -> Option<String> {
    let text = comment.replace('}', "");
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// What is written while the moves of a variation are.
enum Step {
    /// A move, numbered `number`; `first` for a variation's first move.
    Move {
        node: NodeId,
        number: usize,
        first: bool,
    },
    /// The start of a variation inside it.
    Open,
    /// Its end.
    Close,
}

/// Writes the variation that starts with `first` (the move numbered
/// `number`): its moves in order, each with its comment and then, in
/// brackets, the variations of it, nested to any depth (without recursion,
/// however deep a record nests them).
fn write_variation(tree: &Variations, first: NodeId, number: usize, text: &mut String) {
    let mut steps = vec![Step::Move {
        node: first,
        number,
        first: true,
    }];
    while let Some(step) = steps.pop() {
        let (node, number, first) = match step {
            Step::Open => {
                text.push_str(" (");
                continue;
            }
            Step::Close => {
                text.push(')');
                continue;
            }
            Step::Move {
                node,
                number,
                first,
            } => (node, number, first),
        };
        if !text.ends_with('(') {
            text.push(' ');
        }
        text.push_str(&format!("{number}. {}", tree.text(node)));
        if let Some(comment) = tree.comment(node).and_then(comment_text) {
            text.push_str(&format!(" {{{comment}}}"));
        }
        // Last pushed, first written: the variations of this move (a
        // variation's first move has them written by its caller, as its
        // siblings), then the next move.
        if let Some(&next) = tree.children(node).first() {
            steps.push(Step::Move {
                node: next,
                number: number + 1,
                first: false,
            });
        }
        if !first {
            for &other in tree.children(tree.parent(node))[1..].iter().rev() {
                steps.push(Step::Close);
                steps.push(Step::Move {
                    node: other,
                    number,
                    first: true,
                });
                steps.push(Step::Open);
            }
        }
    }
}
