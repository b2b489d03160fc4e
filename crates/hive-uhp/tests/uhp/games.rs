//! In-memory UHP sessions: new games, moves, passes, undo and the end of
//! the game, every error path with the exact answer expected.

use hive_rules::{Color, Game, RuleError};
use hive_uhp::{self, Session};

use crate::session::*;

#[test]
fn newgame_forms() {
    let mut s = Session::new();
    check(&mut s, "newgame", &["Base;NotStarted;White[1]"]);
    check(
        &mut s,
        "newgame Base+MLP",
        &["Base+MLP;NotStarted;White[1]"],
    );
    check(
        &mut s,
        "newgame Base;InProgress;White[2];wS1;bS1 wS1-",
        &["Base;InProgress;White[2];wS1;bS1 wS1-"],
    );
    check(&mut s, &format!("newgame {WHITE_WON}"), &[WHITE_WON]);
    // Other spellings of the same moves are accepted and answered canonically.
    check(
        &mut s,
        &format!("newgame {WHITE_WON_SPELT_OTHERWISE}"),
        &[WHITE_WON],
    );
    // A header that disagrees with the moves (Mzinga's own tests load this
    // one) is recomputed from the moves.
    check(
        &mut s,
        "newgame Base;NotStarted;Black[1];wS1",
        &["Base;InProgress;Black[1];wS1"],
    );
    check(
        &mut s,
        "newgame Base;InProgress;White[1];wS1",
        &["Base;InProgress;Black[1];wS1"],
    );
}

#[test]
fn newgame_errors_keep_the_game() {
    let mut s = started("Base;InProgress;Black[1];wS1");
    let cases = [
        (
            "newgame Base+X",
            "err Unable to load 'Base+X': 'Base+X' is not a game type (expected Base, Base+M, ..., Base+MLP)",
        ),
        (
            "newgame base",
            "err Unable to load 'base': 'base' is not a game type (expected Base, Base+M, ..., Base+MLP)",
        ),
    ];
    for (command, answer) in cases {
        check(&mut s, command, &[answer]);
    }
    for bad in [
        "Base;InProgress",
        "Base;Started;White[1]",
        "Base;InProgress;Purple[1];wS1",
        "Base;InProgress;Black[1];wQ",
        "Base;InProgress;White[2];wS1;wS2 wS1-",
        "Base;InProgress;Black[1];xx",
    ] {
        let load_error = Game::from_game_string(bad).expect_err(bad);
        check(
            &mut s,
            &format!("newgame {bad}"),
            &[&format!("err Unable to load '{bad}': {load_error}")],
        );
    }
    assert_eq!(
        s.game().map(Game::game_string).as_deref(),
        Some("Base;InProgress;Black[1];wS1")
    );
}

#[test]
fn play_and_pass() {
    let mut s = started("Base");
    check(&mut s, "play wS1", &["Base;InProgress;Black[1];wS1"]);
    // Case and spacing are made canonical in the GameString.
    check(
        &mut s,
        "play  bg1   WS1- ",
        &["Base;InProgress;White[2];wS1;bG1 wS1-"],
    );
    check(
        &mut s,
        "play wQ -wS1",
        &["Base;InProgress;Black[2];wS1;bG1 wS1-;wQ -wS1"],
    );

    // A climb written by a side of another piece (`-bQ` is where bS1
    // stands) is accepted, and recorded by the piece it lands on, as UHP
    // names it (Mzinga refuses the other form).
    let opening =
        "Base;InProgress;Black[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 -wQ;bB1 bS1\\;wA2 -wA1";
    let mut s = started(opening);
    check(
        &mut s,
        "play bB1 -bQ",
        &[&format!("{opening};bB1 bS1").replace("Black[4]", "White[5]")],
    );
    check(&mut s, "undo", &[opening]);
    check(
        &mut s,
        "play bB1 bS1",
        &[&format!("{opening};bB1 bS1").replace("Black[4]", "White[5]")],
    );

    let mut s = started(MUST_PASS);
    check(&mut s, "validmoves", &["pass"]);
    check(&mut s, "play wQ -wP", &[&illegal(RuleError::MustPass)]);
    check(
        &mut s,
        "pass",
        &[&format!("{MUST_PASS};pass").replace("White[14]", "Black[14]")],
    );
    check(&mut s, "pass", &[&illegal(RuleError::PassNotAllowed)]);
    check(&mut s, "play PASS", &[&illegal(RuleError::PassNotAllowed)]);
}

#[test]
fn play_errors_keep_the_game() {
    let start = "Base;InProgress;White[2];wS1;bS1 wS1-";
    let mut s = started(start);
    let game = Game::from_game_string(start).expect("valid");
    for text in [
        "xyz",
        "wS1 wS1 wS1",
        "wS2 wA1-",
        "wS2 -wS1-",
        "wM wS1-",
        "wS4 wS1-",
        "wS2",
    ] {
        let error = game.parse_move(text).expect_err(text);
        check(
            &mut s,
            &format!("play {text}"),
            &[&format!("err Unable to parse '{text}': {error}")],
        );
    }
    check(
        &mut s,
        "play wS2 bS1-",
        &["invalidmove wS2 cannot be placed at bS1-: it would touch bS1, an opponent's piece"],
    );
    check(
        &mut s,
        "play bA1 /wS1",
        &[&illegal(RuleError::NotYourPiece {
            piece: piece("bA1"),
            owner: Color::Black,
            to_move: Color::White,
        })],
    );
    check(
        &mut s,
        "play wS1 bS1-",
        &["invalidmove wS1 cannot move yet: White's Queen must be placed first"],
    );
    check(
        &mut s,
        "play",
        &["err Invalid arguments for 'play'. Usage: play MoveString"],
    );
    check(
        &mut s,
        "pass now",
        &["err Invalid arguments for 'pass'. Usage: pass"],
    );
    check(&mut s, "pass", &[&illegal(RuleError::PassNotAllowed)]);
    assert_eq!(s.game().map(Game::game_string).as_deref(), Some(start));

    let mut s = started("Base");
    check(
        &mut s,
        "play wQ",
        &["invalidmove wQ may not be placed on White's first turn (tournament rule)"],
    );
}

#[test]
fn validmoves_lists_each_legal_move_once() {
    let mut s = started("Base");
    check(&mut s, "validmoves", &["wA1;wG1;wS1;wB1"]);
    check(
        &mut s,
        "validmoves extra",
        &["err Invalid arguments for 'validmoves'. Usage: validmoves"],
    );
    let mut s = started("Base;InProgress;Black[1];wS1");
    let mut out = Vec::new();
    s.handle_line("validmoves", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let line = text.lines().next().expect("a line");
    let moves: Vec<&str> = line.split(';').collect();
    assert_eq!(moves.len(), 24, "{line}");
    let mut unique = moves.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), moves.len(), "duplicates in {line}");
}

#[test]
fn undo() {
    let mut s = started("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    check(
        &mut s,
        "undo",
        &["Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"],
    );
    check(&mut s, "undo 2", &["Base;InProgress;Black[1];wS1"]);
    check(
        &mut s,
        "undo 2",
        &["err Unable to undo 2 moves: 1 have been played."],
    );
    check(
        &mut s,
        "undo 0",
        &["err Unable to undo 0 moves: 1 have been played."],
    );
    check(
        &mut s,
        "undo x",
        &["err Invalid arguments for 'undo'. Usage: undo [MovesToUndo], with a whole number"],
    );
    check(
        &mut s,
        "undo -1",
        &["err Invalid arguments for 'undo'. Usage: undo [MovesToUndo], with a whole number"],
    );
    check(
        &mut s,
        "undo 1 2",
        &["err Invalid arguments for 'undo'. Usage: undo [MovesToUndo]"],
    );
    check(&mut s, "undo 1", &["Base;NotStarted;White[1]"]);
    check(
        &mut s,
        "undo",
        &["err Unable to undo 1 moves: 0 have been played."],
    );
}

#[test]
fn the_game_over_state() {
    let mut s = started(WHITE_WON);
    check(&mut s, "validmoves", &[GAME_OVER]);
    check(&mut s, "play bQ bS1-", &[MOVE_AFTER_END]);
    check(&mut s, "pass", &[MOVE_AFTER_END]);
    check(&mut s, "bestmove depth 1", &[GAME_OVER]);
    check_timed(
        &mut s,
        "perft 1",
        &["perft(0) = 1 in _ ms", "perft(1) = 0 in _ ms"],
    );
    let before = WHITE_WON
        .rsplit_once(';')
        .expect("moves")
        .0
        .replace("WhiteWins;Black[8]", "InProgress;White[8]");
    check(&mut s, "undo", &[&before]);
}

#[test]
fn turn_limit_ends_the_game_in_a_draw() {
    let mut s = started("Base");
    check(
        &mut s,
        "options set TurnLimit 2",
        &["TurnLimit;int;2;0;0;1000"],
    );
    check(&mut s, "play wS1", &["Base;InProgress;Black[1];wS1"]);
    check(
        &mut s,
        "play bS1 wS1-",
        &["Base;Draw;White[2];wS1;bS1 wS1-"],
    );
    check(&mut s, "validmoves", &[GAME_OVER]);
    check(
        &mut s,
        "options set TurnLimit 0",
        &["TurnLimit;int;0;0;0;1000"],
    );
    let mut out = Vec::new();
    s.handle_line("validmoves", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    assert_eq!(
        text.lines().next().map(|l| l.split(';').count()),
        Some(15),
        "{text}"
    );
}
