//! Property tests: thousands of random and mutated command lines. Whatever
//! comes in, the engine does not panic, answers every command with a final
//! `ok`, and leaves its state untouched after every `err` or `invalidmove`.

use hive_uhp::{self, Command, EngineOptions, Session};
use proptest::prelude::*;

use crate::common::perft_games as table_games;

/// A small change to a string: the kind of typo or corruption a buggy viewer makes.
#[derive(Clone, Debug)]
struct Mutation {
    kind: u8,
    position: usize,
    character: char,
}

impl Mutation {
    fn apply(&self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let at = if chars.is_empty() {
            0
        } else {
            self.position % (chars.len() + 1)
        };
        match self.kind % 5 {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, self.character),
            2 if at < chars.len() => chars[at] = self.character,
            3 => chars.truncate(at),
            _ => {
                let copy: Vec<char> = chars[at..].to_vec();
                chars.extend(copy);
            }
        }
        chars.into_iter().collect()
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let character = prop_oneof![
        4 => proptest::sample::select(
            "wbWBQAGSBMLPqagsbmlp0123456789-/\\;[] \tpassInProgressWhiteBlack".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ];
    (any::<u8>(), any::<usize>(), character).prop_map(|(kind, position, character)| Mutation {
        kind,
        position,
        character,
    })
}

/// One step of a session; lines that depend on the position are built when
/// the step runs, from the session's own answers.
#[derive(Clone, Debug)]
enum Step {
    /// Any text at all.
    Raw(String),
    /// A command from a list of valid and invalid forms.
    Fixed(usize),
    /// One of the listed legal moves, possibly mutated.
    PlayListed(usize, Option<Mutation>),
    /// `newgame` with a table position or the current GameString, possibly mutated.
    NewGame(usize, Option<Mutation>),
    /// `options set` with a name and value from lists, possibly mutated.
    SetOption(usize, usize, Option<Mutation>),
}

const FIXED: &[&str] = &[
    "info",
    "newgame",
    "newgame Base+MLP",
    "newgame Base+P",
    "validmoves",
    "pass",
    "undo",
    "undo 2",
    "undo 0",
    "undo 99",
    "bestmove depth 1",
    "bestmove depth 2",
    "bestmove depth",
    "bestmove time",
    "bestmove time 0:0:0",
    "options",
    "options get MaxDepth",
    "options get Nope",
    "perft 1",
    "perft 0",
    "perft",
    "play",
    "play pass",
    "help",
    "",
    "   ",
    "PLAY wS1",
    "VALIDMOVES",
    "newgame Base;NotStarted;White[1]",
    "newgame ;;;",
    "play wS1 wS1",
    "undo -1",
    "info x",
];

/// Names the engine does not know, fed alongside its own.
const UNKNOWN_OPTION_NAMES: &[&str] = &["maxdepth", "Bogus"];

fn option_name(n: usize) -> &'static str {
    hive_uhp::OPTION_NAMES
        .iter()
        .chain(UNKNOWN_OPTION_NAMES)
        .nth(n)
        .copied()
        .unwrap_or("Bogus")
}
const OPTION_VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "True",
    "false",
    "-1",
    "99999",
    "x",
    "4294967296",
];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => "[ -~]{0,40}".prop_map(Step::Raw),
        1 => any::<String>().prop_map(Step::Raw),
        3 => (0..FIXED.len()).prop_map(Step::Fixed),
        6 => (any::<usize>(), proptest::option::weighted(0.4, mutation()))
            .prop_map(|(i, m)| Step::PlayListed(i, m)),
        2 => (any::<usize>(), proptest::option::weighted(0.6, mutation()))
            .prop_map(|(i, m)| Step::NewGame(i, m)),
        1 => (0..hive_uhp::OPTION_NAMES.len() + UNKNOWN_OPTION_NAMES.len(), 0..OPTION_VALUES.len(), proptest::option::weighted(0.3, mutation()))
            .prop_map(|(n, v, m)| Step::SetOption(n, v, m)),
    ]
}

/// Answers a line, returning the output lines.
fn answer(session: &mut Session, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    session.handle_line(line, &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    text.lines().map(str::to_string).collect()
}

fn state(session: &Session) -> (Option<String>, EngineOptions) {
    (session.game().map(|g| g.game_string()), session.options())
}

/// The line a step sends in the session's current state.
fn line_for(step: &Step, session: &mut Session, games: &[&str]) -> String {
    let mutate = |m: &Option<Mutation>, text: String| match m {
        Some(m) => m.apply(&text),
        None => text,
    };
    match step {
        Step::Raw(text) => text.clone(),
        Step::Fixed(i) => FIXED[*i].to_string(),
        Step::PlayListed(i, m) => {
            let listed = answer(session, "validmoves");
            let moves: Vec<&str> = match listed.as_slice() {
                [moves, ok] if ok == "ok" && !moves.starts_with("err") => {
                    moves.split(';').collect()
                }
                _ => vec!["wS1", "bG1 wS1-", "wQ -wS1"],
            };
            format!("play {}", mutate(m, moves[i % moves.len()].to_string()))
        }
        Step::NewGame(i, m) => {
            let base = match (i % 3, session.game()) {
                (0, Some(game)) => game.game_string(),
                _ => games[i % games.len()].to_string(),
            };
            format!("newgame {}", mutate(m, base))
        }
        Step::SetOption(n, v, m) => {
            format!(
                "options set {} {}",
                option_name(*n),
                mutate(m, OPTION_VALUES[*v].to_string())
            )
        }
    }
}

fn check_answer(
    line: &str,
    lines: &[String],
    before: &(Option<String>, EngineOptions),
    session: &Session,
) {
    assert_eq!(
        lines.last().map(String::as_str),
        Some("ok"),
        "{line:?} gave {lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| *l == "ok").count(),
        1,
        "{line:?} gave {lines:?}"
    );
    let failed = lines
        .iter()
        .any(|l| l.starts_with("err ") || l.starts_with("invalidmove "));
    if failed {
        assert_eq!(lines.len(), 2, "{line:?} gave {lines:?}");
        assert_eq!(
            &state(session),
            before,
            "state changed after {line:?} gave {lines:?}"
        );
    }
    assert!(
        !lines.iter().any(|l| l.contains("Internal error")),
        "{line:?} gave {lines:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_sessions_never_break(steps in proptest::collection::vec(step(), 1..40)) {
        let games = table_games();
        let mut session = Session::new();
        // Keep a plain `bestmove` fast.
        answer(&mut session, "options set MaxDepth 1");
        for step in &steps {
            let line = line_for(step, &mut session, &games);
            let before = state(&session);
            if matches!(Command::parse(&line), Ok(Command::Exit)) {
                let mut out = Vec::new();
                let flow = session.handle_line(&line, &mut out).expect("in memory");
                prop_assert_eq!(flow, hive_uhp::Flow::Exit);
                prop_assert!(out.is_empty());
                continue;
            }
            let lines = answer(&mut session, &line);
            check_answer(&line, &lines, &before, &session);
        }
    }

    #[test]
    fn random_bytes_through_run(input in proptest::collection::vec(
        prop_oneof![3 => any::<u8>(), 1 => Just(b'\n'), 1 => proptest::sample::select(b"info newgame play validmoves undo pass wS1".to_vec())],
        0..400,
    )) {
        let mut out = Vec::new();
        hive_uhp::run(input.as_slice(), &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("answers are UTF-8");
        let mut expected_oks = 1;
        let mut segments: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        if segments.last().is_some_and(|s| s.is_empty()) {
            segments.pop();
        }
        for segment in segments {
            let line = String::from_utf8_lossy(segment);
            if matches!(Command::parse(&line), Ok(Command::Exit)) {
                break;
            }
            expected_oks += 1;
        }
        prop_assert_eq!(text.lines().filter(|l| *l == "ok").count(), expected_oks, "{}", text);
        prop_assert!(text.ends_with("ok\n"));
    }
}
