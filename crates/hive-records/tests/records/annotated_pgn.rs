//! PGN with comments and variations: where the reader puts them, the text
//! the writer makes of them, and both ways giving back the same record.

use hive_formats::read_pgn;
use hive_records::{GameRecord, NodeId, write_pgn};
use hive_rules::{Game, GameStatus, Move};

use crate::trees::{nodes, owned};

fn read(text: &str) -> GameRecord {
    read_pgn(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn comments_and_variations_go_where_they_belong() {
    let record = read(
        "[GameType \"Base\"]\n{The club final} ; round 3\n1. wS1\n{The usual start}\n\
         2. bS1 wS1-\n(2. bA1 wS1- {calmer} 3. wQ -wS1 (3. wA1 -wS1 {or this}))\n\
         ( {a comment before} 2... bG1 wS1- )\n3. wQ -wS1 {one} {two}\n*\n{next game's}",
    );
    assert_eq!(record.main_line(), ["wS1", "bS1 wS1-", "wQ -wS1"]);
    assert_eq!(
        nodes(&record.tree),
        owned(&[
            ("", Some("The club final round 3")),
            ("wS1", Some("The usual start")),
            ("wS1;bS1 wS1-", None),
            ("wS1;bS1 wS1-;wQ -wS1", Some("one two")),
            ("wS1;bA1 wS1-", Some("calmer")),
            ("wS1;bA1 wS1-;wQ -wS1", None),
            ("wS1;bA1 wS1-;wA1 -wS1", Some("or this")),
            ("wS1;bG1 wS1-", Some("a comment before")),
        ])
    );
    assert_eq!(record.headers.result, None);
}

#[test]
fn a_broken_variation_keeps_its_good_moves_and_the_game() {
    let record = read(
        "1. wS1 2. bS1 wS1- (2. bA1 wS1- 3. wQ nowhere {lost} 4. bQ -bA1 (4. x)) \
         ((2. bG1 wS1-)) 3. wQ -wS1 ) (3. wA1 -wS1 (3... pass) {kept}) 4. bQ bS1- (4. bQ",
    );
    assert_eq!(
        nodes(&record.tree),
        owned(&[
            ("", None),
            ("wS1", None),
            ("wS1;bS1 wS1-", None),
            ("wS1;bS1 wS1-;wQ -wS1", None),
            ("wS1;bS1 wS1-;wQ -wS1;bQ bS1-", None),
            ("wS1;bS1 wS1-;wA1 -wS1", Some("kept")),
            ("wS1;bA1 wS1-", None),
        ])
    );
    // In the main line the same move is refused.
    let error = read_pgn("1. wS1 2. bS1 wS1- 3. wQ nowhere")
        .unwrap_err()
        .to_string();
    assert!(error.contains("wQ nowhere"), "{error}");
    // Nothing but a comment: an empty game, commented.
    let record = read("{just words}");
    assert_eq!(record.main_line(), Vec::<String>::new());
    assert_eq!(record.tree.comment(NodeId::ROOT), Some("just words"));
}

/// The example of `write_pgn`'s docs.
const ANNOTATED: &str = "[GameType \"Base\"]\n[Date \"\"]\n[Event \"\"]\n[Site \"\"]\n[Round \"\"]\n\
    [White \"\"]\n[Black \"\"]\n[Result \"InProgress\"]\n\n\
    {The club final}\n\
    1. wS1\n\
    {The usual start}\n\
    2. bS1 wS1-\n\
    (2. bA1 wS1- {calmer} 3. wQ -wS1 (3. wA1 -wS1))\n\
    3. wQ -wS1\n";

#[test]
fn comments_and_variations_are_written_in_mzingas_form() {
    let record = read(ANNOTATED);
    assert_eq!(write_pgn(&record), ANNOTATED);
    // The same record written by hand in other forms reads the same.
    let loose = read(
        "{The club final} 1. wS1 {The usual start} bS1 wS1- (2... bA1 wS1- {calmer} 3. wQ \
         -wS1 (wA1 -wS1)) 3. wQ -wS1",
    );
    assert_eq!(nodes(&loose.tree), nodes(&record.tree));
}

#[test]
fn a_closing_brace_is_left_out_of_a_comment() {
    let mut record = read("1. wS1\n2. bS1 wS1-\n");
    let second = record.tree.continuation(NodeId::ROOT)[1];
    record
        .tree
        .set_comment(second, Some("{a} set {b} }".to_string()));
    record.tree.set_comment(NodeId::ROOT, Some("}".to_string()));
    let text = write_pgn(&record);
    assert!(text.ends_with("\n2. bS1 wS1-\n{{a set {b}\n"), "{text}");
    let back = read(&text);
    assert_eq!(back.tree.comment(second), Some("{a set {b"));
    assert_eq!(back.tree.comment(NodeId::ROOT), None);
}

#[test]
fn a_game_without_moves_keeps_its_comment() {
    let mut record = read("[GameType \"Base+M\"]\n");
    record
        .tree
        .set_comment(NodeId::ROOT, Some("not started".to_string()));
    let text = write_pgn(&record);
    assert!(
        text.ends_with("[Result \"NotStarted\"]\n\n{not started}\n"),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(back.tree.comment(NodeId::ROOT), Some("not started"));
    assert_eq!(back.tree.game_type(), record.tree.game_type());
}

#[test]
fn deeply_nested_variations_are_written_and_read_back() {
    // Each variation starts from the second move of the one before: 60
    // levels deep, written and read without recursion.
    let mut record = read("1. wS1\n");
    let tree = &mut record.tree;
    let mut branch = tree.continuation(NodeId::ROOT)[0];
    for level in 0..60 {
        // A main continuation of two moves after `branch`, and a variation
        // of its second move.
        let mut game = tree.game_at(branch);
        let mut node = branch;
        for pick in [0, 1] {
            let mv = quiet_move(&game, level + pick, None);
            node = tree.add(node, mv, game.move_string(mv));
            game.play(mv).unwrap();
        }
        let side = tree.game_at(tree.parent(node));
        let other = quiet_move(&side, level, tree.mv(node));
        branch = tree.add(tree.parent(node), other, side.move_string(other));
    }
    let text = write_pgn(&record);
    assert!(text.contains(&")".repeat(60)), "{text}");
    let back = read(&text);
    assert_eq!(nodes(&back.tree), nodes(&record.tree));
    assert_eq!(write_pgn(&back), text);
}

#[test]
fn many_brackets_cost_no_copy_of_the_game() {
    // Brackets by the hundred thousand: nested, and side by side,
    // read with one game played back and forth, not one copy per bracket.
    let nested = format!(
        "1. wS1 2. bS1 wS1- {}{}",
        "(".repeat(1 << 18),
        ")".repeat(1 << 18)
    );
    let record = read(&nested);
    assert_eq!(record.main_line(), ["wS1", "bS1 wS1-"]);
    let mut wide = String::from("1. wS1 2. bS1 wS1-");
    for _ in 0..20_000 {
        wide.push_str(" (2. bA1 wS1- (2... bG1 wS1- 3. wQ -wS1))");
    }
    wide.push_str(" 3. wQ -wS1");
    let record = read(&wide);
    assert_eq!(record.main_line(), ["wS1", "bS1 wS1-", "wQ -wS1"]);
    assert_eq!(record.tree.move_count(), 6);
}

/// A legal move of `game`, chosen by `pick`, that does not end the game
/// and is not `but`.
fn quiet_move(game: &Game, pick: usize, but: Option<Move>) -> Move {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let quiet: Vec<Move> = moves
        .into_iter()
        .filter(|&mv| {
            let mut after = game.clone();
            after.play(mv).unwrap();
            Some(mv) != but && after.status() == GameStatus::InProgress
        })
        .collect();
    quiet[pick % quiet.len()]
}
