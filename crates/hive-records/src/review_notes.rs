//! An engine review kept with its game, in the comments of its record.
//!
//! [`annotate`] writes a [`GameReview`] into a [`GameRecord`]: on each move
//! of the main line a comment that a person reads as a chess site's
//! analysis, followed by a `[%review ...]` tag that holds the review's
//! numbers exactly; where the move was not the engine's choice, the
//! engine's line as a variation of that move, so that any PGN reader shows
//! it; and on the whole game a summary of each player's moves with a
//! `[%review-game ...]` tag. Saved as PGN (or as a variations file, which
//! keeps comments too) and read back, [`read_review`] gives the same review
//! again, field for field.
//!
//! ```text
//! {Engine review. White: 16 moves, 7 best, 7 good, 2 inaccuracy, 0 mistake, 0 blunder;
//! average loss 0.21. Black: 15 moves, ... [%review-game moves=31 end=1000000]}
//! 1. wS1
//! {good, -0.09 (was +0.12); best wA1 [%review class=good before=12 after=-9 loss=21
//! line="wA1; bA1 wA1-"]}
//! (1. wA1 2. bA1 wA1-)
//! ...
//! 14. bB2 bS2/
//! {? mistake, +3.07 (was +1.60); best bS1 wS1- [%review class=mistake before=160
//! after=307 loss=147 line="bS1 wS1-; wB1 /bP"]}
//! (14. bS1 wS1- 15. wB1 /bP)
//! 15. wB1 wA1
//! {best, +1.38 [%review class=best before=138 after=138 loss=0 line="wB1 wA1; bS1 wS1-"]}
//! ...
//! 31. wB1 /bP
//! {best, 1-0 (was #1) [%review class=best before=999999 after=1000000 loss=0 line="wB1 /bP"]}
//! ```
//!
//! Each comment is one line in the file (wrapped here); a program that
//! rewraps them, as PGN programs may, changes nothing.
//!
//! The text before a tag says the move's class (with its `?!`, `?`, `??`),
//! the value after the move and, when it reads otherwise, the value before
//! (both from White's side, as [`format_score`] shows them: `+1.25`, `#3`,
//! `1-0`), and the engine's move when it was another. The tag keeps the raw
//! values in engine units (100 is `+1.00`; a forced result is kept as its
//! search score, beyond [`WIN_THRESHOLD`](hive_ai::search::WIN_THRESHOLD),
//! which the text only shows as `#3`):
//!
//! - `class`: `best`, `good`, `inaccuracy`, `mistake` or `blunder`;
//! - `before`, `after`, `loss`: [`MoveReview`]'s `eval_before`,
//!   `eval_after` and `loss`;
//! - `line`: the engine's line from the position before the move, its
//!   MoveStrings joined by `; `, and `best`, the engine's move, only when it
//!   is not the line's first (`best=""`: none);
//! - `position`: the value of the position before the move, only when it is
//!   not `before` (a review by [`hive_ai::review_game`] has them equal).
//!
//! The game's tag says how many moves of the main line carry the review
//! (`moves`) and the value of the position after the last of them (`end`).
//! The move, its number and its side come from the record itself.
//!
//! Annotating again replaces the earlier review: its text and tags go, and
//! so do its engine lines that no one has changed since (a comment or
//! another move in one keeps it); what people wrote in the same comments
//! stays, before the review's text.

use std::ops::Range;

use hive_ai::review::format_score;
use hive_ai::{GameReview, MoveClass, MoveReview};
use hive_rules::{Color, Game};

use super::{GameRecord, NodeId, Variations};

/// The tag of a move's review.
const MOVE_TAG: &str = "review";
/// The tag of the whole game's.
const GAME_TAG: &str = "review-game";

/// Writes `review` into `record`'s comments, replacing any earlier review
/// (see the module's docs). The review is of the main line: it is written
/// for its moves as far as they are the main line's (all of them for a
/// review of [`GameRecord::main_line_game`]); a review of another game is
/// not written at all.
pub fn annotate(record: &mut GameRecord, review: &GameReview) {
    remove_review(record);
    let tree = &mut record.tree;
    let main = tree.continuation(NodeId::ROOT);
    let mut game = Game::with_options(tree.game_type(), tree.options());
    let mut count = 0;
    for (ply, (&node, m)) in main.iter().zip(&review.moves).enumerate() {
        let Some(mv) = tree.mv(node) else { break };
        if m.ply != ply || m.played != tree.text(node) || m.mover != game.to_move() {
            break;
        }
        let position = review
            .positions
            .get(ply)
            .copied()
            .filter(|&value| value != m.eval_before);
        let ours = move_comment(m, position);
        let comment = joined(tree.comment(node), &ours);
        tree.set_comment(node, Some(comment));
        if m.best_line.first().is_some_and(|first| *first != m.played) {
            add_line(tree, tree.parent(node), &game, &m.best_line);
        }
        game.apply_unchecked(mv);
        count += 1;
    }
    if count == 0 && !review.moves.is_empty() {
        return;
    }
    let written = GameReview {
        moves: review.moves[..count].to_vec(),
        positions: review.positions[..review.positions.len().min(count + 1)].to_vec(),
    };
    let comment = joined(tree.comment(NodeId::ROOT), &game_comment(&written));
    tree.set_comment(NodeId::ROOT, Some(comment));
}

/// The review that [`annotate`] wrote into `record`, exactly as it was;
/// `None` when the record holds none (or one that was damaged since).
pub fn read_review(record: &GameRecord) -> Option<GameReview> {
    let tree = &record.tree;
    let (_, fields) = find_tag(tree.comment(NodeId::ROOT)?, GAME_TAG)?;
    let fields = fields?;
    let count: usize = field(&fields, "moves")?.parse().ok()?;
    let end = match field(&fields, "end") {
        Some(value) => Some(value.parse::<i32>().ok()?),
        None => None,
    };
    let main = tree.continuation(NodeId::ROOT);
    let main = main.get(..count)?;
    let mut game = Game::with_options(tree.game_type(), tree.options());
    let mut moves = Vec::with_capacity(main.len());
    let mut positions = Vec::with_capacity(main.len() + 1);
    for (ply, &node) in main.iter().enumerate() {
        let (_, fields) = find_tag(tree.comment(node)?, MOVE_TAG)?;
        let (m, position) = move_review(&fields?, ply, game.to_move(), tree.text(node))?;
        positions.push(position.unwrap_or(m.eval_before));
        moves.push(m);
        game.apply_unchecked(tree.mv(node)?);
    }
    positions.extend(end);
    Some(GameReview { moves, positions })
}

/// Takes the review that [`annotate`] wrote out of `record`: its text and
/// tags, and its engine lines that no one has changed since; what else the
/// comments say stays. Whether there was any.
pub fn remove_review(record: &mut GameRecord) -> bool {
    let old = read_review(record);
    let tree = &mut record.tree;
    let mut removed = false;
    let mut game = Game::with_options(tree.game_type(), tree.options());
    for node in tree.continuation(NodeId::ROOT) {
        if let Some(comment) = tree.comment(node).map(str::to_string) {
            let played = tree.text(node).to_string();
            let ours = |fields: &[(&str, &str)]| {
                let (m, position) = move_review(fields, 0, game.to_move(), &played)?;
                Some((move_comment(&m, position), m.best_line))
            };
            let (left, line) = strip(&comment, MOVE_TAG, ours);
            if left.as_deref() != Some(&comment) {
                removed = true;
                tree.set_comment(node, left);
            }
            if let Some(line) = line.filter(|line| line.first() != Some(&played)) {
                remove_line(tree, tree.parent(node), &game, &line);
            }
        }
        if let Some(mv) = tree.mv(node) {
            game.apply_unchecked(mv);
        }
    }
    if let Some(comment) = tree.comment(NodeId::ROOT).map(str::to_string) {
        let ours = |_: &[(&str, &str)]| Some((game_comment(old.as_ref()?), ()));
        let (left, _) = strip(&comment, GAME_TAG, ours);
        if left.as_deref() != Some(&comment) {
            removed = true;
            tree.set_comment(NodeId::ROOT, left);
        }
    }
    removed
}

/// A move's comment: the text a person reads, then the tag.
fn move_comment(m: &MoveReview, position: Option<i32>) -> String {
    let mut text = String::new();
    if !m.class.symbol().is_empty() {
        text.push_str(m.class.symbol());
        text.push(' ');
    }
    let (after, before) = (format_score(m.eval_after), format_score(m.eval_before));
    text.push_str(&format!("{}, {after}", m.class.name()));
    if after != before {
        text.push_str(&format!(" (was {before})"));
    }
    if let Some(best) = m.best.as_ref().filter(|best| **best != m.played) {
        text.push_str(&format!("; best {best}"));
    }
    text.push_str(&format!(
        " [%{MOVE_TAG} class={} before={} after={} loss={}",
        m.class.name(),
        m.eval_before,
        m.eval_after,
        m.loss
    ));
    if let Some(position) = position {
        text.push_str(&format!(" position={position}"));
    }
    text.push_str(&format!(" line=\"{}\"", m.best_line.join("; ")));
    if m.best != m.best_line.first().cloned() {
        text.push_str(&format!(" best=\"{}\"", m.best.as_deref().unwrap_or("")));
    }
    text.push(']');
    text
}

/// The game's comment: each player's summary, then the tag.
fn game_comment(review: &GameReview) -> String {
    let mut text = String::from("Engine review.");
    for color in Color::ALL {
        text.push_str(&format!(" {}.", review.summary(color)));
    }
    text.push_str(&format!(" [%{GAME_TAG} moves={}", review.moves.len()));
    if let Some(end) = review.positions.get(review.moves.len()) {
        text.push_str(&format!(" end={end}"));
    }
    text.push(']');
    text
}

/// The review of the move `played`, the `ply`-th of the game, by `mover`,
/// from its tag's fields; and the value of the position before it, when
/// the tag gives one apart.
fn move_review(
    fields: &[(&str, &str)],
    ply: usize,
    mover: Color,
    played: &str,
) -> Option<(MoveReview, Option<i32>)> {
    let number = |key: &str| field(fields, key)?.parse::<i32>().ok();
    let class = MoveClass::ALL
        .into_iter()
        .find(|class| Some(class.name()) == field(fields, "class"))?;
    let best_line: Vec<String> = field(fields, "line")?
        .split(';')
        .map(spaced)
        .filter(|mv| !mv.is_empty())
        .collect();
    let best = match field(fields, "best").map(spaced) {
        Some(best) if best.is_empty() => None,
        Some(best) => Some(best),
        None => best_line.first().cloned(),
    };
    let position = match field(fields, "position") {
        Some(value) => Some(value.parse().ok()?),
        None => None,
    };
    let review = MoveReview {
        ply,
        mover,
        played: played.to_string(),
        eval_before: number("before")?,
        eval_after: number("after")?,
        loss: number("loss")?,
        class,
        best,
        best_line,
    };
    Some((review, position))
}

/// The fields of a tag: `key=value` or `key="value with spaces"`, apart.
type Fields<'a> = Vec<(&'a str, &'a str)>;

/// A MoveString as written, whatever space a program that rewrapped the
/// comment put in it.
fn spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The first `[%name ...]` tag in `comment`: where it is, and its fields
/// (`None` when they cannot be read).
fn find_tag<'a>(comment: &'a str, name: &str) -> Option<(Range<usize>, Option<Fields<'a>>)> {
    let open = format!("[%{name}");
    let (start, _) = comment
        .match_indices(&open)
        .find(|&(at, _)| comment[at + open.len()..].starts_with(char::is_whitespace))?;
    let inner = start + open.len();
    let len = comment[inner..].find(']')?;
    Some((start..inner + len + 1, fields(&comment[inner..inner + len])))
}

/// `key=value key="a value"`, as pairs.
fn fields(mut rest: &str) -> Option<Fields<'_>> {
    let mut out = Vec::new();
    rest = rest.trim_start();
    while !rest.is_empty() {
        let (key, after) = rest.split_once('=')?;
        if key.is_empty() || key.contains(char::is_whitespace) {
            return None;
        }
        let (value, after) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"')?,
            None => after
                .find(char::is_whitespace)
                .map_or((after, ""), |end| after.split_at(end)),
        };
        out.push((key, value));
        rest = after.trim_start();
    }
    Some(out)
}

/// The value of `key` among `fields`.
fn field<'a>(fields: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// `comment` without its first `[%name ...]` tag and the text before it
/// that the review wrote: `ours(fields)` gives the whole text that the tag
/// was written in, and something to hand back. Text that is not found
/// whole leaves the tag alone to go (what a person wrote is never taken).
/// The comment left (`None`: nothing), and what `ours` handed back.
fn strip<T>(
    comment: &str,
    name: &str,
    ours: impl Fn(&[(&str, &str)]) -> Option<(String, T)>,
) -> (Option<String>, Option<T>) {
    let Some((tag, fields)) = find_tag(comment, name) else {
        return (Some(comment.to_string()), None);
    };
    let written = fields.as_deref().and_then(&ours);
    let (cut, handed) = match written {
        Some((text, handed)) => (find_spaced(comment, &text).unwrap_or(tag), Some(handed)),
        None => (tag, None),
    };
    let left = comment[..cut.start].trim_end();
    let right = comment[cut.end..].trim_start();
    let rest = match (left.is_empty(), right.is_empty()) {
        (true, true) => None,
        (false, true) => Some(left.to_string()),
        (true, false) => Some(right.to_string()),
        (false, false) => Some(format!("{left} {right}")),
    };
    (rest, handed)
}

/// Where `text` is in `comment`, its words apart by any space (a program
/// may have rewrapped the comment's lines).
fn find_spaced(comment: &str, text: &str) -> Option<Range<usize>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let first = words.first()?;
    comment.match_indices(first).find_map(|(start, _)| {
        let mut end = start + first.len();
        for word in &words[1..] {
            let rest = &comment[end..];
            let after_space = rest.trim_start();
            if after_space.len() == rest.len() || !after_space.starts_with(word) {
                return None;
            }
            end += rest.len() - after_space.len() + word.len();
        }
        Some(start..end)
    })
}

/// `ours` after what `before` says, if anything.
fn joined(before: Option<&str>, ours: &str) -> String {
    match before {
        Some(before) => format!("{before} {ours}"),
        None => ours.to_string(),
    }
}

/// Adds `line` (MoveStrings) to `tree` after `from`, whose position is
/// `game`'s, as far as its moves can be read and are legal.
fn add_line(tree: &mut Variations, from: NodeId, game: &Game, line: &[String]) {
    let mut game = game.clone();
    let mut node = from;
    for text in line {
        let Ok(mv) = game.parse_move(text) else {
            return;
        };
        let written = game.move_string(mv);
        if game.play(mv).is_err() {
            return;
        }
        node = tree.add(node, mv, written);
    }
}

/// Removes `line` after `from` (whose position is `game`'s) when it is in
/// `tree` as [`add_line`] left it: every move of it there, in a line of its
/// own, without a comment and with nothing after its last move.
fn remove_line(tree: &mut Variations, from: NodeId, game: &Game, line: &[String]) {
    let mut game = game.clone();
    let mut node = from;
    let mut first = None;
    for text in line {
        let Ok(mv) = game.parse_move(text) else {
            return;
        };
        let Some(next) = tree.child(node, mv) else {
            return;
        };
        let alone = node == from || tree.children(node).len() == 1;
        if !alone || tree.comment(next).is_some() || game.play(mv).is_err() {
            return;
        }
        first.get_or_insert(next);
        node = next;
    }
    if let Some(first) = first
        && tree.children(node).is_empty()
        && !tree.is_main_child(first)
    {
        tree.remove(first);
    }
}
