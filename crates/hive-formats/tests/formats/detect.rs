//! Every format recognised by its content, read into one record model,
//! its errors naming the line, and written back.

use hive_formats::{
    Format, FormatError, GameResult, RecordProblem, VARIATIONS_HEADER, Variations, read_record,
    record_text, write_pgn,
};
use hive_rules::{Game, GameType};

/// A short legal game: four moves.
fn game() -> Game {
    let mut game = Game::new(GameType::BASE);
    for text in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"] {
        let mv = game.parse_move(text).expect("a legal move");
        game.play(mv).expect("legal");
    }
    game
}

#[test]
fn each_format_is_told_by_its_content() {
    let game = game();
    let moves = ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"];
    let sgf = "(;\nGM[27]VV[1]\nSU[hive]\n; P0[1 move W wS1 N 13 .]\n; P0[2 done]\n)\n";
    let pgn =
        "[GameType \"Base\"]\n[White \"Ann\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ bS1-\n";
    let variations = format!("{VARIATIONS_HEADER}\n{}\n", game.game_string());
    let saved = format!("# hive cursor: 2\n{}\n", game.game_string());
    let sgf = read_record(sgf).expect("SGF");
    assert_eq!(sgf.main_line(), ["wS1"]);
    let pgn = read_record(pgn).expect("PGN");
    assert_eq!(pgn.main_line(), moves);
    assert_eq!(pgn.headers.white.as_deref(), Some("Ann"));
    for text in [variations.as_str(), saved.as_str(), &game.game_string()] {
        let record = read_record(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(record.main_line(), moves, "{text}");
        assert_eq!(record.game_string(), game.game_string());
    }
    // A byte order mark changes nothing.
    assert_eq!(
        read_record(&format!("\u{feff}{}", game.game_string()))
            .expect("a GameString")
            .main_line(),
        moves
    );
}

#[test]
fn what_is_no_record_is_refused_with_the_reason() {
    assert_eq!(read_record("  \n").unwrap_err(), FormatError::Empty);
    assert_eq!(
        read_record("\u{1}\u{2} PK junk").unwrap_err(),
        FormatError::UnknownFormat
    );
    let error = read_record("1. wS1\n2. bS1 nowhere\n").unwrap_err();
    assert!(
        matches!(
            error,
            FormatError::BadRecord {
                line: 2,
                problem: RecordProblem::Notation(_),
                ..
            }
        ),
        "{error}"
    );
    // The text names the line, not a file; the file's reader adds it.
    assert!(error.to_string().starts_with("line 2: `"), "{error}");
    assert_eq!(error.link(), " ");
    assert_eq!(FormatError::Empty.link(), " is ");
    let bad_move = read_record("Base;InProgress;White[2];wS1;wS2 wS1-").unwrap_err();
    assert!(
        matches!(
            &bad_move,
            FormatError::BadMove {
                index: 2,
                rule: Some(_),
                ..
            }
        ),
        "{bad_move}"
    );
    assert_eq!(bad_move.link(), " has ");
}

#[test]
fn the_other_headers_keep_their_order_and_a_repeated_one_its_last_value() {
    let text = "[GameType \"Base\"]\n[Zeta \"1\"]\n[Alpha \"2\"]\n[Zeta \"3\"]\n\n1. wS1\n";
    let record = read_record(text).expect("PGN");
    let extra: Vec<_> = record
        .headers
        .extra
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(extra, [("Alpha", "2"), ("Zeta", "3")]);
    assert_eq!(record.headers.extra("Zeta"), Some("3"));
    // Written in that order, and read back the same.
    let written = write_pgn(&record);
    let alpha = written.find("[Alpha").expect("Alpha written");
    let zeta = written.find("[Zeta").expect("Zeta written");
    assert!(alpha < zeta, "{written}");
    let back = read_record(&written).expect("PGN read back");
    assert!(back.headers.extra.iter().eq(record.headers.extra.iter()));
}

#[test]
fn a_record_written_in_each_format_reads_back_as_its_game() {
    let game = game();
    let text = format!("{}\n", game.game_string());
    let record = read_record(&text).expect("a GameString");
    assert_eq!(record.result(), GameResult::from_status(game.status()));
    assert_eq!(record_text(&record, Format::GameString), text);
    let pgn = record_text(&record, Format::Pgn);
    assert_eq!(
        read_record(&pgn).expect("PGN").main_line(),
        record.main_line()
    );
    // The variations text too, with a comment.
    let mut tree = Variations::from_game(&game);
    let first = tree.continuation(hive_formats::NodeId::ROOT)[0];
    tree.set_comment(first, Some("the first move".into()));
    let back = Variations::parse(&tree.file_text()).expect("variations");
    assert_eq!(back.comment(first), Some("the first move"));
}
