//! Saved games that keep what the player sees: the whole line, the cursor,
//! who plays, the clocks and the house rules, in the `# hive` headers that
//! one reader and one writer handle (`SavedGame`, `SaveHeaders`).

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::common::load_game;
use hive_ai::Difficulty;
use hive_records::{
    Clocks, ErrorKind, FormatError, PlayKind, RecordError, SaveHeaders, SavedGame, Seats,
    TimeControl, load_game_file, read_variations, save_game_file,
};
use hive_rules::{Color, Game, GameType, Options};

/// A game of `plies` moves, each the `pick`-th legal move (mod their count).
fn game_of(game_type: GameType, options: Options, plies: usize) -> Game {
    let mut game = Game::with_options(game_type, options);
    let mut moves = Vec::new();
    for pick in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        game.play(moves[(pick * 7) % moves.len()]).unwrap();
    }
    game
}

fn house_rules() -> Options {
    Options {
        tournament_opening: false,
        threefold_repetition: true,
        turn_limit: Some(30),
    }
}

fn timed() -> Clocks {
    let mut clocks = Clocks::new(TimeControl::minutes(10, 5));
    clocks.run(Color::White, Duration::from_millis(61_250));
    clocks.moved(Color::White);
    clocks
}

fn assert_same(a: &SavedGame, b: &SavedGame) {
    assert_eq!(a.game.game_string(), b.game.game_string());
    assert_eq!(a.game.options(), b.game.options());
    assert_eq!(a.cursor, b.cursor);
    assert_eq!(a.seats, b.seats);
    assert_eq!(a.clocks, b.clocks);
    assert_eq!(a.kind, b.kind);
    assert_eq!(a.other_headers, b.other_headers);
}

#[test]
fn a_save_after_an_undo_says_8_moves_showing_5() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("after-undo.txt");
    let game = game_of(GameType::BASE, Options::default(), 8);
    let saved = SavedGame::new(game.clone())
        .with_cursor(5)
        .with_seats(Seats::Ai {
            side: Color::Black,
            difficulty: Difficulty::Medium,
        });
    save_game_file(&path, &saved).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        format!(
            "# hive players: ai=black:medium\n# hive cursor: 5\n{}\n",
            game.game_string()
        )
    );
    let back = load_game_file(&path).unwrap();
    assert_same(&back, &saved);
    assert_eq!(back.len(), 8);
    assert!(!back.at_end());
    let shown = back.shown();
    assert_eq!(shown.ply(), 5);
    assert_eq!(
        shown.moves().collect::<Vec<_>>(),
        game.moves().take(5).collect::<Vec<_>>()
    );
    // The old function still gives the whole line.
    assert_eq!(load_game(&path).unwrap().game_string(), game.game_string());
}

#[test]
fn every_header_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let seats = [
        None,
        Some(Seats::Human),
        Some(Seats::Ai {
            side: Color::White,
            difficulty: Difficulty::Expert,
        }),
        Some(Seats::Exhibition {
            white: Difficulty::Beginner,
            black: Difficulty::Hard,
        }),
    ];
    let mut case = 0;
    for (game_type, options, plies) in [
        (GameType::BASE, Options::default(), 0),
        (GameType::BASE, Options::default(), 6),
        (GameType::ALL, house_rules(), 11),
        (GameType::from_expansions("M").unwrap(), house_rules(), 3),
    ] {
        let game = game_of(game_type, options, plies);
        for cursor in [0, plies / 2, plies] {
            for seats in seats {
                for clocks in [None, Some(timed())] {
                    for kind in [None, Some(PlayKind::Analysis)] {
                        case += 1;
                        let mut saved = SavedGame::new(game.clone())
                            .with_cursor(cursor)
                            .with_clocks(clocks);
                        saved.seats = seats;
                        saved.kind = kind;
                        let path = dir.path().join(format!("case-{case}.txt"));
                        save_game_file(&path, &saved).unwrap();
                        assert_same(&load_game_file(&path).unwrap(), &saved);
                    }
                }
            }
        }
    }
}

#[test]
fn the_headers_are_written_in_a_fixed_order() {
    let game = game_of(GameType::ALL, house_rules(), 6);
    let mut saved = SavedGame::new(game.clone())
        .with_cursor(2)
        .with_seats(Seats::Human)
        .with_clocks(Some(timed()))
        .with_kind(PlayKind::Game);
    saved.other_headers = vec![("annotator".into(), "Ann".into())];
    let text = saved.text();
    let keys: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("# hive "))
        .map(|rest| rest.split(':').next().unwrap())
        .collect();
    assert_eq!(
        keys,
        ["kind", "players", "clock", "options", "cursor", "annotator"]
    );
    assert_eq!(text.lines().last(), Some(game.game_string().as_str()));
    // Reading the headers alone gives them all.
    let headers = SaveHeaders::read(&text, Path::new("x.txt")).unwrap();
    assert_eq!(headers, saved.headers());
    assert_eq!(
        headers.text(),
        text.strip_suffix(&format!("{}\n", game.game_string()))
            .unwrap()
    );
}

#[test]
fn a_plain_game_string_is_at_its_end_with_nothing_said() {
    let game = game_of(GameType::BASE, Options::default(), 7);
    let saved = SavedGame::parse(
        &format!("\u{feff}\n  {}  \n\n", game.game_string()),
        Path::new("other.txt"),
    )
    .unwrap();
    assert_eq!(saved.cursor, 7);
    assert!(saved.at_end());
    assert_eq!(saved.seats, None);
    assert_eq!(saved.clocks, None);
    assert_eq!(saved.kind, None);
    assert!(saved.headers().is_empty());
    assert_eq!(saved.text(), format!("{}\n", game.game_string()));
}

#[test]
fn unknown_headers_are_kept_and_other_comments_skipped() {
    let game = game_of(GameType::BASE, Options::default(), 4);
    let text = format!(
        "# saved by hand\n# hive mood: cheerful: very\n# hive players: human\n# hive later-key_2: x\n{}\n",
        game.game_string()
    );
    let saved = SavedGame::parse(&text, Path::new("kept.txt")).unwrap();
    assert_eq!(saved.seats, Some(Seats::Human));
    assert_eq!(
        saved.other_headers,
        [
            ("mood".to_string(), "cheerful: very".to_string()),
            ("later-key_2".to_string(), "x".to_string()),
        ]
    );
    // Written back after the known ones; the plain comment is not kept.
    assert_eq!(
        saved.text(),
        format!(
            "# hive players: human\n# hive mood: cheerful: very\n# hive later-key_2: x\n{}\n",
            game.game_string()
        )
    );
    // A key that would not read back is not written.
    let mut odd = SavedGame::new(game.clone());
    odd.other_headers = vec![
        ("Bad Key".into(), "x".into()),
        ("clock".into(), "shadowing a known key".into()),
        ("note".into(), "two\nlines".into()),
    ];
    assert_eq!(
        odd.text(),
        format!("# hive note: two lines\n{}\n", game.game_string())
    );
}

/// The message of refusing `text` as the file `bad.txt`.
fn refused(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    fs::write(&path, text).unwrap();
    let err = load_game_file(&path).expect_err("refused");
    assert_eq!(err.path(), Some(path.as_path()));
    assert_eq!(fs::read_to_string(&path).unwrap(), text, "left as it was");
    err.to_string()
}

#[test]
fn a_malformed_header_is_named_by_file_and_line() {
    let game = game_of(GameType::BASE, Options::default(), 4).game_string();
    for (headers, line, expected) in [
        ("# hive clock: 10+x white=1", 1, "expected a time control"),
        (
            "# hive players: robots",
            1,
            "`# hive players: robots` cannot be read",
        ),
        ("\n# hive options: turn_limit=soon", 2, "turn_limit=soon"),
        (
            "# hive kind: tournament",
            1,
            "`game`, `analysis` or `exhibition`",
        ),
        ("# hive cursor: -1", 1, "the number of moves shown"),
        (
            "# hive cursor: 5",
            1,
            "past the end of the game, which has 4 moves",
        ),
        (
            "# hive clock: 5+0\n# note\n# hive clock: 5+0",
            3,
            "a second `# hive clock:` line (the first is line 1)",
        ),
    ] {
        let message = refused(&format!("{headers}\n{game}\n"));
        assert!(
            message.contains(&format!("bad.txt line {line}: ")) && message.contains(expected),
            "{headers:?}: {message}"
        );
    }
    // A duplicate that agrees is still refused: a file is written once.
    let message = refused(&format!(
        "# hive players: human\n# hive players: human\n{game}\n"
    ));
    assert!(message.contains("line 2: a second"), "{message}");
}

#[test]
fn anything_after_the_game_string_is_refused() {
    let game = game_of(GameType::BASE, Options::default(), 2).game_string();
    let message = refused(&format!("{game}\n# hive cursor: 1\n"));
    assert!(message.contains("more than one line"), "{message}");
    assert!(matches!(
        SavedGame::parse("# hive players: human\n\n", Path::new("e.txt"))
            .map_err(RecordError::into_kind),
        Err(ErrorKind::Format(FormatError::Empty))
    ));
}

#[test]
fn the_cursor_is_kept_within_the_line() {
    let game = game_of(GameType::BASE, Options::default(), 3);
    let saved = SavedGame::new(game).with_cursor(10);
    assert_eq!(saved.cursor, 3);
    assert!(saved.at_end());
    assert!(!saved.text().contains("cursor"));
    let start = saved.clone().with_cursor(0);
    assert!(start.text().starts_with("# hive cursor: 0\n"));
    assert_eq!(start.shown().ply(), 0);
}

#[test]
fn a_failed_save_keeps_the_previous_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.txt");
    let first = SavedGame::new(game_of(GameType::BASE, Options::default(), 4));
    save_game_file(&path, &first).unwrap();
    // A folder where the file should go cannot be written.
    let blocked = dir.path().join("no-such-folder").join("x.txt");
    let err = save_game_file(&blocked, &first).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Write(_)));
    assert_eq!(fs::read_to_string(&path).unwrap(), first.text());
    let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left behind");
}

#[test]
fn a_variations_file_reads_the_same_headers() {
    use hive_records::{VARIATIONS_HEADER, Variations};
    let game = game_of(GameType::ALL, house_rules(), 5);
    let tree = Variations::from_game(&game);
    let text = tree.file_text();
    assert_eq!(
        text,
        format!(
            "{VARIATIONS_HEADER}\n# hive options: tournament_opening=off threefold_repetition=on turn_limit=30\n{}\n",
            game.game_string()
        )
    );
    let parse = |text: &str| read_variations(text, Path::new("tree.txt"));
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Other headers are read (and checked), not kept.
    lines.insert(1, "# hive players: human".into());
    lines.insert(1, "# hive later: x".into());
    assert_eq!(parse(&lines.join("\n")).unwrap().file_text(), text);
    // A bad one is named.
    lines[1] = "# hive clock: never".into();
    let message = parse(&lines.join("\n")).unwrap_err().to_string();
    assert!(
        message.contains("tree.txt line 2: `# hive clock: never`"),
        "{message}"
    );
    // A header after the first game is refused; another comment is not.
    lines.remove(1);
    lines.push("# hive clock: 5+0".into());
    let message = parse(&lines.join("\n")).unwrap_err().to_string();
    assert!(
        message.contains("line 5: the `# hive clock:` line must come before the first game"),
        "{message}"
    );
    lines.pop();
    lines.push("# hive later: x".into());
    assert!(parse(&lines.join("\n")).is_ok());
}

#[test]
fn the_documented_example_loads() {
    // As in the docs (docs/playing.md, SavedGame, SaveHeaders).
    let text = r"# hive players: ai=black:medium
# hive clock: 10+5 white=512.300 black=498.000
# hive options: tournament_opening=on threefold_repetition=on turn_limit=40
# hive cursor: 5
Base;InProgress;White[5];wA1;bA1 -wA1;wA2 wA1/;bQ \bA1;wA3 wA2-;bA2 \bQ;wQ wA3\;bA3 bA2/
";
    let saved = SavedGame::parse(text, Path::new("game.txt")).unwrap();
    assert_eq!((saved.len(), saved.cursor), (8, 5));
    assert_eq!(saved.game.options().turn_limit, Some(40));
    assert_eq!(saved.text(), text);
}
