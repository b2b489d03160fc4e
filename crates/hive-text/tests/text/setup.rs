//! A position set up by hand, in words: every problem reads in English and
//! Spanish, with its cells.

use std::collections::BTreeSet;
use std::path::PathBuf;

use hive_learn::{Budget, Problem, Setup, Unreachable};
use hive_rules::{Color, GameType, Hex, Piece};
use hive_text::{Texts, problem_key};

fn texts(lang: &str) -> Texts {
    let locales = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales");
    let (texts, warnings) = Texts::load(&locales, lang);
    assert!(warnings.is_empty(), "{warnings:?}");
    texts
}

fn p(text: &str) -> Piece {
    text.parse().expect("a piece")
}

fn at(q: i32, r: i32) -> Hex {
    Hex::from_axial(q, r)
}

fn every_problem() -> Vec<Problem> {
    let cells = vec![at(0, 0), at(1, 0)];
    vec![
        Problem::EmptyBoardLater {
            to_move: Color::Black,
            turn: 3,
        },
        Problem::NotInGame {
            piece: p("wM"),
            cell: at(1, 0),
            game_type: GameType::BASE,
        },
        Problem::OutOfOrder {
            piece: p("bA2"),
            missing: p("bA1"),
            cell: at(1, 0),
        },
        Problem::NotOneHive {
            groups: vec![vec![at(0, 0), at(1, 0)], vec![at(4, 0)]],
        },
        Problem::CannotClimb {
            piece: p("wA1"),
            cell: at(0, 0),
        },
        Problem::ClimbedWithoutQueen {
            piece: p("bB1"),
            cell: at(0, 0),
        },
        Problem::MosquitoWithoutBeetle {
            piece: p("wM"),
            cell: at(0, 0),
        },
        Problem::QueenFirst {
            color: Color::White,
            cell: at(0, 0),
        },
        Problem::TooManyPieces {
            color: Color::White,
            pieces: 5,
            turns: 1,
            cells: cells.clone(),
        },
        Problem::MissingPieces {
            color: Color::Black,
            pieces: 1,
            turns: 3,
            cells: cells.clone(),
        },
        Problem::QueenLate {
            color: Color::Black,
            turns: 4,
            cells: cells.clone(),
        },
        Problem::TouchingBeforeQueens {
            pairs: 2,
            cells: cells.clone(),
        },
        Problem::QueenSurrounded {
            color: Color::Black,
            cell: at(0, 0),
        },
        Problem::BothQueensSurrounded {
            cells: [at(0, 0), at(3, 0)],
        },
    ]
}

#[test]
fn every_problem_reads_in_english_and_spanish_with_its_cells() {
    let problems = every_problem();
    let keys: BTreeSet<&str> = problems.iter().map(problem_key).collect();
    assert_eq!(keys.len(), problems.len(), "one of each");
    let english_file = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales/en/setup.ftl"),
    )
    .unwrap();
    let messages: BTreeSet<&str> = english_file
        .lines()
        .filter(|l| l.starts_with("setup-") && !l.starts_with("setup-unreachable"))
        .filter(|l| !l.starts_with("setup-reached"))
        .filter_map(|l| l.split(" =").next())
        .collect();
    assert_eq!(keys, messages, "every setup-* problem message is asked for");

    let english = texts("en");
    let spanish = texts("es");
    for problem in &problems {
        let en = english.problem(problem);
        let es = spanish.problem(problem);
        for words in [&en, &es] {
            assert!(!words.text.trim().is_empty(), "{problem:?}");
            assert!(!words.text.contains(['{', '}', '$']), "{}", words.text);
            assert!(!words.text.contains("setup-"), "{}", words.text);
            assert_eq!(words.cells, problem.cells(), "{problem:?}");
        }
        assert_ne!(en.text, es.text, "{problem:?}");
    }
    assert!(english.take_warnings().is_empty());
    assert!(spanish.take_warnings().is_empty());
}

#[test]
fn a_setup_says_in_words_what_is_wrong() {
    let english = texts("en");
    let spanish = texts("es");
    let mut setup = Setup::new(GameType::BASE);
    setup.place(p("wQ"), at(0, 0)).unwrap();
    setup.place(p("bQ"), at(1, 0)).unwrap();
    setup.place(p("wA1"), at(5, 0)).unwrap();
    setup.place(p("bA1"), at(0, 0)).unwrap();
    setup.set_turn(3);
    let problems = setup.problems();
    let words: Vec<String> = problems.iter().map(|p| english.problem(p).text).collect();
    assert!(
        words.iter().any(|w| w.contains("2 separate groups")),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("The black Ant (bA1) is on top of another piece")),
        "{words:?}"
    );
    let es: Vec<String> = problems.iter().map(|p| spanish.problem(p).text).collect();
    assert!(
        es.iter().any(|w| w.contains("2 grupos separados")),
        "{es:?}"
    );

    let Err(why) = setup.reach(Budget::DEFAULT) else {
        panic!("a position with problems is not reached");
    };
    assert!(matches!(why, Unreachable::Problems(_)));
    assert!(
        english
            .unreachable(&why)
            .starts_with("This position cannot arise in a game: "),
        "{}",
        english.unreachable(&why)
    );
}

#[test]
fn a_turn_reached_sooner_is_said() {
    let english = texts("en");
    let mut setup = Setup::new(GameType::BASE);
    setup.place(p("wA1"), at(0, 0)).unwrap();
    setup.place(p("bA1"), at(1, 0)).unwrap();
    setup.place(p("wQ"), at(-1, 0)).unwrap();
    setup.place(p("bQ"), at(2, 0)).unwrap();
    setup.set_turn(9);
    assert!(setup.problems().is_empty(), "{:?}", setup.problems());
    let reached = setup
        .reach(Budget::DEFAULT)
        .expect("a line of four is reached");
    match english.turn_note(&reached) {
        None => assert!(reached.turn_matched()),
        Some(note) => assert!(
            note.starts_with("The position is reached at turn"),
            "{note}"
        ),
    }
    setup.set_turn(1);
    assert!(
        setup
            .problems()
            .iter()
            .any(|p| matches!(p, Problem::TooManyPieces { .. }))
    );
}

#[test]
fn a_white_piece_is_worded_as_white_in_spanish() {
    let english = texts("en");
    let spanish = texts("es");
    // Only the white Queen on the board, at White's first turn: one piece
    // too many, and it is White's.
    let mut setup = Setup::new(GameType::BASE);
    setup.place(p("wQ"), at(0, 0)).unwrap();
    setup.set_turn(1);
    let problems = setup.problems();
    let too_many = problems
        .iter()
        .find(|p| matches!(p, Problem::TooManyPieces { .. }))
        .unwrap_or_else(|| panic!("a lone white Queen at turn 1 is too many: {problems:?}"));
    let es = spanish.problem(too_many).text;
    assert!(es.contains("blancas"), "{es}");
    assert!(!es.contains("negras"), "{es}");

    for color in [Color::White, Color::Black] {
        let (ours, theirs) = match color {
            Color::White => ("Las blancas", "Las negras"),
            Color::Black => ("Las negras", "Las blancas"),
        };
        for problem in [
            Problem::TooManyPieces {
                color,
                pieces: 1,
                turns: 0,
                cells: vec![at(0, 0)],
            },
            Problem::QueenLate {
                color,
                turns: 4,
                cells: vec![at(0, 0)],
            },
        ] {
            let es = spanish.problem(&problem).text;
            assert!(es.starts_with(ours), "{problem:?}: {es}");
            assert!(!es.contains(theirs), "{problem:?}: {es}");
        }
        let problem = Problem::EmptyBoardLater {
            to_move: color,
            turn: 3,
        };
        let side = match color {
            Color::White => "White[3]",
            Color::Black => "Black[3]",
        };
        for words in [&english, &spanish] {
            let text = words.problem(&problem).text;
            assert!(text.contains(side), "{problem:?}: {text}");
        }
    }
}

/// A selector on a side's code (`$color-code`, `$side-code`, ...) has the
/// variants the code takes, `white` and `black`: any other key never
/// matches and every side falls to the default.
#[test]
fn selectors_on_a_side_use_its_codes() {
    let locales = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for lang in std::fs::read_dir(&locales).unwrap() {
        let lang = lang.unwrap().path();
        for file in std::fs::read_dir(&lang).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_none_or(|e| e != "ftl") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let mut in_selector = false;
            for (number, line) in text.lines().enumerate() {
                if line.contains("-code ->") {
                    in_selector = true;
                    continue;
                }
                if !in_selector {
                    continue;
                }
                let trimmed = line.trim_start().trim_start_matches('*');
                if let Some(rest) = trimmed.strip_prefix('[') {
                    let key = rest.split(']').next().unwrap_or_default();
                    checked += 1;
                    if key != "white" && key != "black" {
                        wrong.push(format!("{}:{}: [{key}]", file.display(), number + 1));
                    }
                } else {
                    in_selector = false;
                }
            }
        }
    }
    assert!(checked >= 8, "only {checked} variants found");
    assert!(wrong.is_empty(), "{wrong:#?}");
}
