//! In-memory UHP sessions: the engine's commands (bestmove, options,
//! perft, analyse), with the exact answer expected.

use hive_rules::Game;
use hive_uhp::{self, Session};

use crate::session::*;

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
    check_timed(&mut s, "perft 0", &["perft(0) = 1 in _ ms"]);
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
