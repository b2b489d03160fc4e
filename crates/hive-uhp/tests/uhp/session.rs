//! What the in-memory UHP sessions share: the games they load, the
//! answers they expect, and how to send a command and check the answer.

use hive_rules::{Piece, RuleError};
use hive_uhp::{self, Session};

pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A Base game White won on its eighth move.
pub(crate) const WHITE_WON: &str = "Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bS1-;bG2 bG1-;wA1 wQ\\;bA1 bG2/;wA1 bQ-;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1";
/// The same game with other spellings of some moves (as other programs write them).
pub(crate) const WHITE_WON_SPELT_OTHERWISE: &str = "Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bQ\\;bG2 bQ/;wA1 wQ\\;bA1 bG2/;wA1 bG2\\;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1";
/// A Base+P position where White has no move but to pass.
pub(crate) const MUST_PASS: &str = "Base+P;InProgress;White[14];wP;bS1 wP-;wQ /wP;bQ bS1-;wB1 -wQ;bB1 bS1\\;wG1 wB1\\;bB1 wQ-;wS1 wG1\\;bQ bS1/;wB1 -wP;bB1 wQ;wG2 wS1\\;bB1 wB1;wG3 wG2\\;bA1 bS1-;wS2 wG3-;bA1 bS1\\;wA1 wS2/;bA1 bS1-;wA2 wA1/;bA1 bS1\\;wA3 wA2/;bA1 bS1-;wB2 wA3/;bA1 wB2/";

pub(crate) const NO_GAME: &str = "err No game in progress. Try 'newgame' to start a new game.";
pub(crate) const GAME_OVER: &str =
    "err The game is over. Try 'newgame' to start a new game, or 'undo'.";
/// A move after the end: the move is refused, as other engines answer.
pub(crate) const MOVE_AFTER_END: &str = "invalidmove the game is over";

/// Sends `command` and checks the whole answer: `expected` lines, then `ok`.
#[track_caller]
pub(crate) fn check(session: &mut Session, command: &str, expected: &[&str]) {
    let mut out = Vec::new();
    session.handle_line(command, &mut out).expect("in memory");
    let mut want: String = expected.iter().map(|l| format!("{l}\n")).collect();
    want.push_str("ok\n");
    assert_eq!(
        String::from_utf8(out).expect("UTF-8"),
        want,
        "answer to {command:?}"
    );
}

/// [`check`] for answers that say how long they took (`perft(1) = 0 in 3
/// ms`): each time is read as a whole number of milliseconds and written
/// `_` before the comparison, so the check holds on any machine.
pub(crate) fn check_timed(session: &mut Session, command: &str, expected: &[&str]) {
    let mut out = Vec::new();
    session.handle_line(command, &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let untimed: Vec<String> = text
        .lines()
        .map(|line| match line.rsplit_once(" in ") {
            Some((head, time)) => {
                let ms = time.strip_suffix(" ms").expect("a time in ms");
                assert!(ms.parse::<u64>().is_ok(), "{line:?}: not a time");
                format!("{head} in _ ms")
            }
            None => line.to_string(),
        })
        .collect();
    let mut want: Vec<String> = expected.iter().map(|l| l.to_string()).collect();
    want.push("ok".into());
    assert_eq!(untimed, want, "answer to {command:?}");
}

pub(crate) fn started(game: &str) -> Session {
    let mut session = Session::new();
    let mut sink = Vec::new();
    session
        .handle_line(&format!("newgame {game}"), &mut sink)
        .expect("in memory");
    assert!(session.game().is_some(), "{game}");
    session
}

pub(crate) fn run(input: &[u8]) -> String {
    let mut out = Vec::new();
    hive_uhp::run(input, &mut out).expect("in memory");
    String::from_utf8(out).expect("UTF-8")
}

pub(crate) fn illegal(error: RuleError) -> String {
    format!("invalidmove {error}")
}

pub(crate) fn piece(name: &str) -> Piece {
    name.parse().expect("a piece")
}
