//! Records that cannot be read are refused with the file, the line and
//! the reason, or the move's number and the rule it breaks; never with a
//! panic.

use std::fs;

use crate::common::{GAMES, mzinga_moves, read, recordings, sgf};
use hive_records::{
    ErrorKind, FormatError, MAX_RECORD_FILE, RecordError, RecordProblem, load_record,
};
use hive_rules::RuleError;

/// The error for `text` as `name`, which must not load.
fn refused(name: &str, text: &str) -> RecordError {
    match read(name, text) {
        Ok(record) => panic!("{name} loaded: {}", record.game_string()),
        Err(error) => error,
    }
}

#[test]
fn a_bad_line_is_named_with_the_file_the_line_and_the_reason() {
    let events = "; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n; P1[3 pick B 0 bQ]\n; P1[4 dropb bQ Z 99 .]\n; P1[5 done]";
    let error = refused("game.sgf", &sgf("SU[hive]", events));
    assert_eq!(
        error.to_string(),
        "game.sgf line 7: `dropb bQ Z 99 .`: no cell Z99 next to the hive"
    );
    // An unknown event; an unknown piece; a cell that is not one.
    for (event, problem) in [
        (
            "; P1[3 frobnicate B]",
            RecordProblem::UnknownEvent("frobnicate".into()),
        ),
        (
            "; P1[3 move B bX1 O 13 .]",
            RecordProblem::UnknownPiece("bX1".into()),
        ),
        (
            "; P1[3 move B bA1 O x .]",
            RecordProblem::BadCell("O x".into()),
        ),
        ("; P1[3 move B bA1]", RecordProblem::Missing("the cell")),
        (
            "; P1[3 pickb Q 2 bA1]",
            RecordProblem::NoPieceAt("Q2".into()),
        ),
    ] {
        let text = sgf(
            "SU[hive]",
            &format!("; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n{event}"),
        );
        match refused("e.sgf", &text).into_kind() {
            ErrorKind::Format(FormatError::BadRecord {
                line: 6,
                problem: got,
                ..
            }) => assert_eq!(got, problem),
            other => panic!("{event}: {other:?}"),
        }
    }
}

#[test]
fn an_illegal_move_names_its_number_and_the_rule() {
    // Black's Queen placed next to White's pieces only.
    let events = "; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n; P1[3 move B bS1 O 13 wS1-]\n; P1[4 done]\n\
        ; P0[5 move W wQ M 13 -wS1]\n; P0[6 done]\n; P1[7 move B bQ L 13 -wQ]\n; P1[8 done]";
    let error = refused("illegal.sgf", &sgf("SU[hive]", events));
    let Some(FormatError::IllegalRecordMove {
        line, number, rule, ..
    }) = error.format_error()
    else {
        panic!("{error}");
    };
    assert_eq!((*line, *number), (10, 4));
    assert!(
        matches!(rule, RuleError::PlaceNextToOpponent { .. }),
        "{rule}"
    );
    let message = error.to_string();
    assert!(
        message
            .starts_with("illegal.sgf line 10: move 4 `move B bQ L 13 -wQ` (bQ -wQ) is illegal: "),
        "{message}"
    );
    assert!(message.ends_with(&rule.to_string()), "{message}");
    // A pass while a move exists.
    let events = "; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n; P1[3 Pass]\n; P1[4 Done]";
    let error = refused("pass.sgf", &sgf("SU[hive]", events));
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::IllegalRecordMove {
                number: 2,
                rule: RuleError::PassNotAllowed,
                ..
            })
        ),
        "{error}"
    );
    // The same in PGN.
    let error = refused(
        "illegal.pgn",
        "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ -wQ\n",
    );
    assert!(
        error
            .to_string()
            .starts_with("illegal.pgn line 6: move 4 `bQ -wQ` is illegal: "),
        "{error}"
    );
    let error = refused("bad.pgn", "1. wS1\n2. bS1 nowhere\n");
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::BadRecord {
                line: 2,
                problem: RecordProblem::Notation(_),
                ..
            })
        ),
        "{error}"
    );
    let error = refused("tag.pgn", "[GameType \"Base+X\"]\n1. wS1\n");
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::BadRecord {
                line: 1,
                problem: RecordProblem::UnknownGameType,
                ..
            })
        ),
        "{error}"
    );
}

#[test]
fn truncated_records_are_refused() {
    for stem in GAMES {
        for ext in ["sgf", "pgn"] {
            let text = fs::read_to_string(recordings().join(format!("{stem}.{ext}"))).unwrap();
            for cut in [text.len() / 3, text.len() / 2, text.len() * 9 / 10] {
                let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap();
                let short = &text[..cut];
                match (ext, read("cut", short).map_err(RecordError::into_kind)) {
                    ("sgf", Err(ErrorKind::Format(FormatError::BadRecord { problem, .. }))) => {
                        assert!(
                            matches!(
                                problem,
                                RecordProblem::UnclosedValue | RecordProblem::UnclosedGame
                            ),
                            "{problem}"
                        )
                    }
                    ("sgf", other) => panic!("{stem} cut at {cut}: {other:?}"),
                    // A PGN cut between moves is a shorter game; cut inside
                    // a move it names the move.
                    (_, Ok(record)) => assert!(record.main_line().len() < mzinga_moves(stem).len()),
                    (
                        _,
                        Err(ErrorKind::Format(
                            FormatError::BadRecord { .. } | FormatError::IllegalRecordMove { .. },
                        )),
                    ) => {}
                    (_, Err(other)) => panic!("{stem}.pgn cut at {cut}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn files_that_are_no_record_are_refused_before_or_while_reading() {
    let dir = tempfile::tempdir().unwrap();
    // Too large: refused before reading.
    let big = dir.path().join("big.pgn");
    let file = fs::File::create(&big).unwrap();
    file.set_len(MAX_RECORD_FILE + 1).unwrap();
    let error = load_record(&big).unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::TooLarge { size, .. } if *size == MAX_RECORD_FILE + 1),
        "{error}"
    );
    assert!(error.to_string().contains("big.pgn"), "{error}");
    // Binary junk.
    let junk = dir.path().join("junk.sgf");
    fs::write(&junk, [0x28, 0x3b, 0xff, 0xfe, 0x00, 0x80, 0x12]).unwrap();
    assert!(matches!(
        load_record(&junk).map_err(RecordError::into_kind),
        Err(ErrorKind::NotText)
    ));
    fs::write(&junk, "\u{1}\u{2}\u{3} PK junk").unwrap();
    assert!(matches!(
        load_record(&junk).map_err(RecordError::into_kind),
        Err(ErrorKind::Format(FormatError::UnknownFormat))
    ));
    fs::write(&junk, "(;\u{1}\u{2}").unwrap();
    assert!(matches!(
        load_record(&junk).map_err(RecordError::into_kind),
        Err(ErrorKind::Format(FormatError::BadRecord {
            problem: RecordProblem::NotSgf,
            ..
        }))
    ));
    fs::write(&junk, "  \n").unwrap();
    assert!(matches!(
        load_record(&junk).map_err(RecordError::into_kind),
        Err(ErrorKind::Format(FormatError::Empty))
    ));
    assert!(matches!(
        load_record(dir.path().join("missing.pgn")).map_err(RecordError::into_kind),
        Err(ErrorKind::Read(_))
    ));
}

#[test]
fn a_last_whole_move_that_breaks_a_rule_is_refused() {
    let events = "; P0[1 move W wS1 N 13 .]\n; P1[2 move B bS1 N 13 .]";
    let error = refused("last.sgf", &sgf("SU[hive]", events));
    assert!(
        matches!(
            error.format_error(),
            Some(FormatError::IllegalRecordMove {
                line: 5,
                number: 2,
                rule: RuleError::PlaceOnOccupied { .. },
                ..
            })
        ),
        "{error}"
    );
}
