//! The game's own `# hive` headers: the reader hands the values it does
//! not know how to read to the caller's check, in line order, and reads
//! the house rules and the cursor itself.

use hive_formats::headers::{
    HeaderKey, any_value, other_header_line, read_header_block, split_header,
};
use hive_formats::{FormatError, read_game_text};
use hive_rules::Options;

const GAME: &str = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-";

#[test]
fn kind_players_and_clock_go_to_the_check_in_line_order() {
    let text = format!(
        "# hive kind: game\n# hive players: human\n# other comment\n# hive clock: 5+0 white=1.000 black=2.000\n# hive future: kept\n{GAME}\n"
    );
    let mut seen = Vec::new();
    let block = read_header_block(&text, &mut |key, value| {
        seen.push((key, value.to_string()));
        true
    })
    .expect("headers");
    assert_eq!(
        seen,
        [
            (HeaderKey::Kind, "game".to_string()),
            (HeaderKey::Players, "human".to_string()),
            (HeaderKey::Clock, "5+0 white=1.000 black=2.000".to_string()),
        ]
    );
    assert_eq!(block.other, [("future".to_string(), "kept".to_string())]);
    assert_eq!(block.body.first().map(|&(n, _)| n), Some(6));
}

#[test]
fn a_value_the_check_refuses_is_named_by_its_line_before_later_ones() {
    // The players value (line 2) is refused before the bad options (line 3).
    let text = format!("# hive kind: game\n# hive players: nobody\n# hive options: junk\n{GAME}\n");
    let error = read_header_block(&text, &mut |key, _| key != HeaderKey::Players).unwrap_err();
    let FormatError::BadLine { line, message } = &error else {
        panic!("{error}");
    };
    assert_eq!(*line, 2);
    assert!(
        message.contains("`# hive players: nobody` cannot be read"),
        "{message}"
    );
    // Without the check, the options line is the first bad one.
    let error = read_header_block(&text, &mut any_value).unwrap_err();
    assert!(
        matches!(error, FormatError::BadLine { line: 3, .. }),
        "{error}"
    );
}

#[test]
fn a_repeated_header_and_a_cursor_past_the_end_are_refused() {
    let twice = format!("# hive cursor: 1\n# hive cursor: 2\n{GAME}\n");
    let error = read_header_block(&twice, &mut any_value).unwrap_err();
    assert_eq!(
        error,
        FormatError::BadLine {
            line: 2,
            message: "a second `# hive cursor:` line (the first is line 1)".to_string()
        }
    );
    let past = format!("# hive cursor: 9\n{GAME}\n");
    let error = read_game_text(&past, None, &mut any_value).unwrap_err();
    assert!(
        matches!(error, FormatError::BadLine { line: 1, .. }),
        "{error}"
    );
    let read = read_game_text(&format!("# hive cursor: 2\n{GAME}\n"), None, &mut any_value)
        .expect("a game");
    assert_eq!((read.cursor, read.game.moves().len()), (2, 4));
}

#[test]
fn the_options_header_sets_the_rules_unless_the_caller_gives_them() {
    let text = format!("# hive options: threefold_repetition=on turn_limit=30\n{GAME}\n");
    let read = read_game_text(&text, None, &mut any_value).expect("a game");
    assert!(read.game.options().threefold_repetition);
    assert_eq!(read.game.options().turn_limit, Some(30));
    let given = read_game_text(&text, Some(Options::default()), &mut any_value).expect("a game");
    assert_eq!(given.game.options(), Options::default());
}

#[test]
fn header_lines_are_written_as_they_are_read() {
    assert_eq!(HeaderKey::Cursor.line("5"), "# hive cursor: 5\n");
    for key in HeaderKey::ORDER {
        let line = key.line("x");
        assert_eq!(split_header(&line), Some((key.name(), "x")), "{line}");
        assert_eq!(HeaderKey::of(key.name()), Some(key));
    }
    assert_eq!(
        other_header_line("future", "two\nlines").as_deref(),
        Some("# hive future: two lines\n")
    );
    // A known key, or no key at all, is not written as another's.
    assert_eq!(other_header_line("cursor", "5"), None);
    assert_eq!(other_header_line("Bad Key", "5"), None);
}
