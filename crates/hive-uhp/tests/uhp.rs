//! In-memory UHP sessions: every command and every error path, with the
//! exact answer expected.

use hive_rules::{Color, Game, Piece, RuleError};
use hive_uhp::{self, Session};

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A Base game White won on its eighth move.
const WHITE_WON: &str = "Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bS1-;bG2 bG1-;wA1 wQ\\;bA1 bG2/;wA1 bQ-;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1";
/// The same game with other spellings of some moves (as other programs write them).
const WHITE_WON_SPELT_OTHERWISE: &str = "Base;WhiteWins;Black[8];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \\bQ;wG1 bQ\\;bG2 bQ/;wA1 wQ\\;bA1 bG2/;wA1 bG2\\;bA1 \\bG2;wQ \\wS1;bA1 bG2/;wQ /bG1";
/// A Base+P position where White has no move but to pass.
const MUST_PASS: &str = "Base+P;InProgress;White[14];wP;bS1 wP-;wQ /wP;bQ bS1-;wB1 -wQ;bB1 bS1\\;wG1 wB1\\;bB1 wQ-;wS1 wG1\\;bQ bS1/;wB1 -wP;bB1 wQ;wG2 wS1\\;bB1 wB1;wG3 wG2\\;bA1 bS1-;wS2 wG3-;bA1 bS1\\;wA1 wS2/;bA1 bS1-;wA2 wA1/;bA1 bS1\\;wA3 wA2/;bA1 bS1-;wB2 wA3/;bA1 wB2/";

const NO_GAME: &str = "err No game in progress. Try 'newgame' to start a new game.";
const GAME_OVER: &str = "err The game is over. Try 'newgame' to start a new game, or 'undo'.";
/// A move after the end: the move is refused, as other engines answer.
const MOVE_AFTER_END: &str = "invalidmove the game is over";

/// Sends `command` and checks the whole answer: `expected` lines, then `ok`.
#[track_caller]
fn check(session: &mut Session, command: &str, expected: &[&str]) {
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

fn started(game: &str) -> Session {
    let mut session = Session::new();
    let mut sink = Vec::new();
    session
        .handle_line(&format!("newgame {game}"), &mut sink)
        .expect("in memory");
    assert!(session.game().is_some(), "{game}");
    session
}

fn run(input: &[u8]) -> String {
    let mut out = Vec::new();
    hive_uhp::run(input, &mut out).expect("in memory");
    String::from_utf8(out).expect("UTF-8")
}

fn illegal(error: RuleError) -> String {
    format!("invalidmove {error}")
}

fn piece(name: &str) -> Piece {
    name.parse().expect("a piece")
}

#[test]
fn start_up_prints_info_and_eof_ends_cleanly() {
    let info = format!("id Hive v{VERSION}\nMosquito;Ladybug;Pillbug\nok\n");
    assert_eq!(run(b""), info);
    assert_eq!(run(b"info\n"), format!("{info}{info}"));
    // The last line needs no newline; CRLF line ends are accepted.
    assert_eq!(run(b"info\r\ninfo"), format!("{info}{info}{info}"));
}

#[test]
fn exit_stops_without_answering() {
    let info = format!("id Hive v{VERSION}\nMosquito;Ladybug;Pillbug\nok\n");
    assert_eq!(run(b"exit\ninfo\n"), info);
}

#[test]
fn info_and_help() {
    let mut s = Session::new();
    check(
        &mut s,
        "info",
        &[&format!("id Hive v{VERSION}"), "Mosquito;Ladybug;Pillbug"],
    );
    check(
        &mut s,
        "INFO",
        &[&format!("id Hive v{VERSION}"), "Mosquito;Ladybug;Pillbug"],
    );
    let mut out = Vec::new();
    s.handle_line("help", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    for command in [
        "newgame",
        "play",
        "pass",
        "validmoves",
        "bestmove",
        "undo",
        "options",
        "perft",
    ] {
        assert!(text.contains(command), "{command} missing from help");
    }
    assert!(text.ends_with("\nok\n"));
}

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
    check(
        &mut s,
        "perft 1",
        &["perft(0) = 1 in 0 ms", "perft(1) = 0 in 0 ms"],
    );
    let before = WHITE_WON
        .rsplit_once(';')
        .expect("moves")
        .0
        .replace("WhiteWins;Black[8]", "InProgress;White[8]");
    check(&mut s, "undo", &[&before]);
}

#[test]
fn commands_before_newgame() {
    let mut s = Session::new();
    for command in [
        "play wS1",
        "pass",
        "validmoves",
        "bestmove depth 1",
        "bestmove time 00:00:01",
        "bestmove",
        "undo",
        "undo 3",
        "perft 1",
    ] {
        check(&mut s, command, &[NO_GAME]);
    }
    assert!(s.game().is_none());
}

#[test]
fn bad_commands() {
    let mut s = Session::new();
    check(
        &mut s,
        "",
        &["err Empty command. Try 'help' to see a list of valid commands."],
    );
    check(
        &mut s,
        " \t ",
        &["err Empty command. Try 'help' to see a list of valid commands."],
    );
    check(
        &mut s,
        "fly wS1",
        &["err Invalid command 'fly'. Try 'help' to see a list of valid commands."],
    );
    check(
        &mut s,
        "info please",
        &["err Invalid arguments for 'info'. Usage: info"],
    );
    let long = "x".repeat(200);
    check(
        &mut s,
        &long,
        &[&format!(
            "err Invalid command '{}...'. Try 'help' to see a list of valid commands.",
            "x".repeat(80)
        )],
    );
    let out = run(b"\xff\xfeplay\n");
    assert!(out.ends_with("err Invalid command '\u{FFFD}\u{FFFD}play'. Try 'help' to see a list of valid commands.\nok\n"), "{out}");
}

#[test]
fn errors_quoting_control_characters_stay_on_one_line() {
    let mut s = Session::new();
    for line in [
        "newgame Base;In\u{b}Progress;White[1]",
        "play w\u{1}S1",
        "options set MaxDepth \u{85}",
    ] {
        let mut out = Vec::new();
        s.handle_line(line, &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("UTF-8");
        let lines: Vec<&str> = text
            .split(['\n', '\r', '\u{b}', '\u{c}', '\u{85}'])
            .collect();
        assert_eq!(lines.len(), 3, "{line:?}: {text:?}");
        assert!(lines[0].starts_with("err "), "{line:?}: {text:?}");
        assert_eq!(lines[1], "ok");
    }
}

#[test]
fn very_long_lines_are_refused() {
    let mut input = b"newgame\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', hive_uhp::MAX_LINE_BYTES + 10));
    input.extend_from_slice(b"\nvalidmoves\n");
    let out = run(&input);
    let expected = format!(
        "Base;NotStarted;White[1]\nok\nerr The command is longer than {} bytes and was ignored.\nok\nwA1;wG1;wS1;wB1\nok\n",
        hive_uhp::MAX_LINE_BYTES
    );
    assert!(out.ends_with(&expected), "{out}");
}

#[test]
fn bestmove_forms_and_errors() {
    let mut s = started("Base");
    for command in [
        "bestmove depth 1",
        "bestmove DEPTH 2",
        "bestmove time 00:00:01",
    ] {
        let mut out = Vec::new();
        s.handle_line(command, &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{command}: {text}");
        assert!(
            ["wA1", "wG1", "wS1", "wB1"].contains(&lines[0]),
            "{command}: {text}"
        );
        assert_eq!(lines[1], "ok");
    }
    let usage = "err Invalid arguments for 'bestmove'. Usage: bestmove | bestmove depth MaxDepth | bestmove time hh:mm:ss";
    for (command, answer) in [
        ("bestmove depth", usage),
        ("bestmove 3", usage),
        ("bestmove nodes 3", usage),
        ("bestmove depth 1 2", usage),
        (
            "bestmove depth 0",
            "err Invalid depth '0': expected a whole number from 1 to 32.",
        ),
        (
            "bestmove depth 33",
            "err Invalid depth '33': expected a whole number from 1 to 32.",
        ),
        (
            "bestmove depth x",
            "err Invalid depth 'x': expected a whole number from 1 to 32.",
        ),
        (
            "bestmove time 5",
            "err Invalid time '5': expected hh:mm:ss, like 00:00:05.",
        ),
        (
            "bestmove time 00:00:00",
            "err Invalid time '00:00:00': expected hh:mm:ss, like 00:00:05.",
        ),
        (
            "bestmove time 00:99:00",
            "err Invalid time '00:99:00': expected hh:mm:ss, like 00:00:05.",
        ),
    ] {
        check(&mut s, command, &[answer]);
    }
    // bestmove never plays the move.
    assert_eq!(
        s.game().map(Game::game_string).as_deref(),
        Some("Base;NotStarted;White[1]")
    );
}

#[test]
fn bestmove_without_arguments_uses_the_options() {
    let mut s = started("Base;InProgress;Black[1];wS1");
    check(&mut s, "options set MaxDepth 1", &["MaxDepth;int;1;0;0;32"]);
    let mut out = Vec::new();
    s.handle_line("bestmove", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let mv = text.lines().next().expect("a move");
    let mut game = s.game().expect("a game").clone();
    game.play_move_string(mv).expect("a legal move");
}

#[test]
fn options() {
    let mut s = Session::new();
    let cores = hive_ai::available_threads().min(64);
    let threads = format!("NumThreads;int;{cores};{cores};1;64");
    let all = [
        "MaxDepth;int;0;0;0;32",
        "MaxTimeSeconds;int;5;5;1;3600",
        "TranspositionTableSizeMB;int;64;64;1;4096",
        "TournamentOpening;bool;True;True",
        "ThreefoldRepetition;bool;False;False",
        "TurnLimit;int;0;0;0;1000",
        &threads,
    ];
    check(&mut s, "options", &all);
    check(
        &mut s,
        "options set NumThreads 1",
        &[&format!("NumThreads;int;1;{cores};1;64")],
    );
    check(
        &mut s,
        "options set NumThreads 65",
        &["err Invalid value '65' for NumThreads: expected a whole number from 1 to 64."],
    );
    check(
        &mut s,
        "options get MaxTimeSeconds",
        &["MaxTimeSeconds;int;5;5;1;3600"],
    );
    check(
        &mut s,
        "options get maxtimeseconds",
        &["MaxTimeSeconds;int;5;5;1;3600"],
    );
    check(
        &mut s,
        "options set MaxTimeSeconds 10",
        &["MaxTimeSeconds;int;10;5;1;3600"],
    );
    check(
        &mut s,
        "options set TranspositionTableSizeMB 8",
        &["TranspositionTableSizeMB;int;8;64;1;4096"],
    );
    check(
        &mut s,
        "options set ThreefoldRepetition true",
        &["ThreefoldRepetition;bool;True;False"],
    );
    check(
        &mut s,
        "options set TournamentOpening False",
        &["TournamentOpening;bool;False;True"],
    );
    // The rules options apply to the games that follow (and the current one).
    check(&mut s, "newgame", &["Base;NotStarted;White[1]"]);
    check(&mut s, "validmoves", &["wQ;wA1;wG1;wS1;wB1"]);

    let usage = "err Invalid arguments for 'options'. Usage: options | options get OptionName | options set OptionName OptionValue";
    let after = s.options();
    for (command, answer) in [
        ("options get", usage),
        ("options set MaxDepth", usage),
        ("options set MaxDepth 1 2", usage),
        ("options list", usage),
        (
            "options get Depth",
            "err The option 'Depth' is not valid. Try 'options' to see the list.",
        ),
        (
            "options set Depth 3",
            "err The option 'Depth' is not valid. Try 'options' to see the list.",
        ),
        (
            "options set MaxDepth 33",
            "err Invalid value '33' for MaxDepth: expected a whole number from 0 to 32.",
        ),
        (
            "options set MaxDepth -1",
            "err Invalid value '-1' for MaxDepth: expected a whole number from 0 to 32.",
        ),
        (
            "options set MaxTimeSeconds 0",
            "err Invalid value '0' for MaxTimeSeconds: expected a whole number from 1 to 3600.",
        ),
        (
            "options set TurnLimit lots",
            "err Invalid value 'lots' for TurnLimit: expected a whole number from 0 to 1000.",
        ),
        (
            "options set ThreefoldRepetition yes",
            "err Invalid value 'yes' for ThreefoldRepetition: expected True or False.",
        ),
    ] {
        check(&mut s, command, &[answer]);
    }
    assert_eq!(s.options(), after);
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

#[test]
fn perft() {
    let mut s = started("Base");
    let mut out = Vec::new();
    s.handle_line("perft 3", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let counts: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split(" in ").next())
        .collect();
    assert_eq!(
        counts,
        [
            "perft(0) = 1",
            "perft(1) = 4",
            "perft(2) = 96",
            "perft(3) = 1440",
            "ok"
        ]
    );
    check(
        &mut s,
        "perft",
        &["err Invalid arguments for 'perft'. Usage: perft MaxDepth"],
    );
    check(
        &mut s,
        "perft 9",
        &["err Invalid perft depth '9': expected a whole number from 0 to 8."],
    );
    check(
        &mut s,
        "perft x",
        &["err Invalid perft depth 'x': expected a whole number from 0 to 8."],
    );
    check(&mut s, "perft 0", &["perft(0) = 1 in 0 ms"]);
}

#[test]
fn analyse_reports_the_score_depth_and_line() {
    let mut s =
        started("Base;InProgress;White[4];wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;bB1 bA1\\");
    let before = s.game().map(Game::game_string);
    let mut out = Vec::new();
    s.handle_line("analyse depth 3", &mut out)
        .expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let score: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(score[0], "score", "{text}");
    assert!(score[1].parse::<i32>().is_ok(), "{text}");
    assert_eq!(&score[2..4], ["depth", "3"], "{text}");
    assert_eq!(score[4], "nodes", "{text}");
    let line = lines[1].strip_prefix("pv ").expect("a pv line");
    let mut game = s.game().cloned().expect("a game");
    let moves: Vec<&str> = line.split(';').collect();
    assert!(!moves.is_empty() && moves.len() <= 3, "{text}");
    for mv in moves {
        game.play_move_string(mv)
            .expect("every move of the line is legal in turn");
    }
    assert_eq!(lines[2], "ok");
    // Nothing is played.
    assert_eq!(s.game().map(Game::game_string), before);
    let usage = "err Invalid arguments for 'analyse'. Usage: analyse [depth MaxDepth | time hh:mm:ss] [lines Lines], with Lines a whole number from 1 to 256";
    check(&mut s, "analyse nodes 3", &[usage]);
    check(&mut s, "analyse depth 3 lines 0", &[usage]);
    check(&mut s, "analyse lines 2 depth 3", &[usage]);
    check(&mut s, "analyse depth 3 lines", &[usage]);
    check(
        &mut s,
        "analyse depth 0",
        &["err Invalid depth '0': expected a whole number from 1 to 32."],
    );
}

#[test]
fn analyse_lines_reports_the_best_moves_each_with_its_line() {
    let mut s =
        started("Base;InProgress;White[4];wA1;bA1 wA1-;wQ \\wA1;bQ bA1-;wG1 -wA1;bB1 bA1\\");
    let before = s.game().map(Game::game_string);
    // One thread: the two searches compared below are then reproducible.
    check(
        &mut s,
        "options set NumThreads 1",
        &[&format!(
            "NumThreads;int;1;{0};1;64",
            hive_ai::available_threads().min(64)
        )],
    );
    let answer = |s: &mut Session, command: &str| {
        let mut out = Vec::new();
        s.handle_line(command, &mut out).expect("in memory");
        String::from_utf8(out).expect("UTF-8")
    };
    let one = answer(&mut s, "analyse depth 3");
    let text = answer(&mut s, "analyse depth 3 lines 3");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[6], "ok");
    let mut firsts = Vec::new();
    let mut previous = i32::MAX;
    for pair in lines[..6].chunks(2) {
        let score: Vec<&str> = pair[0].split(' ').collect();
        assert_eq!(score[0], "score", "{text}");
        let value: i32 = score[1].parse().expect("a plain score here");
        assert!(value <= previous, "best first: {text}");
        previous = value;
        assert_eq!(&score[2..4], ["depth", "3"], "{text}");
        let line = pair[1].strip_prefix("pv ").expect("a pv line");
        let mut game = s.game().cloned().expect("a game");
        for mv in line.split(';') {
            game.play_move_string(mv).expect("legal in turn");
        }
        firsts.push(line.split(';').next().expect("a move").to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves: {text}");
    // The first pair is the one-line answer's score and line.
    let one: Vec<&str> = one.lines().collect();
    let score_of = |l: &str| l.split(' ').take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(score_of(one[0]), score_of(lines[0]), "{text}");
    assert_eq!(one[1], lines[1], "{text}");
    assert_eq!(s.game().map(Game::game_string), before);
}
