//! In-memory UHP sessions: start-up, info and help, exit, and every
//! malformed command, with the exact answer expected.

use hive_uhp::{self, Session};

use crate::session::*;

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
