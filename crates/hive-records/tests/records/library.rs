//! The game library: which files of a folder it lists, what it reads of
//! each, and its table's sorting and player filter.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{GAMES, mzinga_moves, recordings, save_game};
use hive_records::{
    AUTOSAVE_FILE, AUTOSAVE_VARIATIONS_FILE, Column, ErrorKind, FormatError, GameResult,
    LibraryEntry, NodeId, RecordError, RecordProblem, RecordSummary, SavedGame, Seats, Variations,
    date_key, load_record, matches_player, read_entry, record_files, save_game_file,
    save_variations, sort_entries,
};
use hive_rules::{Game, GameType};

/// A folder with the five boardspace games as `.sgf` and `.pgn`, a
/// GameString, a variations file, broken records, the autosave and files
/// that are no records. Returns the folder and the names it should list.
fn library() -> (tempfile::TempDir, Vec<&'static str>) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for entry in fs::read_dir(recordings()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "sgf" || e == "pgn") {
            fs::copy(&path, d.join(path.file_name().unwrap())).unwrap();
        }
    }
    let game = load_record(recordings().join(format!("{}.pgn", GAMES[0])))
        .unwrap()
        .main_line_game();
    save_game(d.join("game.txt"), &game).unwrap();
    // The game with another first move tried beside it.
    let mut tree = Variations::from_game(&game);
    let first = tree.mv(tree.children(NodeId::ROOT)[0]);
    let start = Game::with_options(game.game_type(), game.options());
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let other = moves.into_iter().find(|mv| Some(*mv) != first).unwrap();
    tree.add(NodeId::ROOT, other, start.move_string(other));
    save_variations(d.join("lines.txt"), &tree).unwrap();
    save_game(d.join(AUTOSAVE_FILE), &game).unwrap();
    save_variations(d.join(AUTOSAVE_VARIATIONS_FILE), &tree).unwrap();
    fs::write(
        d.join("cut-short.sgf"),
        "(;\nGM[27]VV[1]\nSU[hive]\n; P0[0 Start P0]\n; P0[1 pick W 4 wS1]",
    )
    .unwrap();
    fs::write(d.join("binary.pgn"), [0xff, 0xfe, 0, 1, 2, 0x80]).unwrap();
    fs::write(d.join("notes.txt"), "remember the Mosquito\n").unwrap();
    fs::write(
        d.join("UPPER.PGN"),
        "[White \"Zed\"]\n[Black \"abbo\"]\n\n1. wA1\n",
    )
    .unwrap();
    // Not listed: other extensions, hidden files, folders.
    fs::write(d.join("picture.png"), [0x89, b'P', b'N', b'G']).unwrap();
    fs::write(d.join("readme.md"), "# games\n").unwrap();
    fs::write(d.join("no-extension"), "Base;NotStarted;White[1]\n").unwrap();
    fs::write(d.join(".hidden.sgf"), "(;SU[hive])").unwrap();
    fs::write(d.join(".game.txt.123-0.tmp"), "Base").unwrap();
    fs::create_dir(d.join("folder.sgf")).unwrap();
    fs::write(d.join("folder.sgf").join("inside.sgf"), "(;SU[hive])").unwrap();
    let mut names = vec![
        "UPPER.PGN",
        "binary.pgn",
        "cut-short.sgf",
        "game.txt",
        "lines.txt",
        "notes.txt",
    ];
    for stem in GAMES {
        names.push(Box::leak(format!("{stem}.pgn").into_boxed_str()));
        names.push(Box::leak(format!("{stem}.sgf").into_boxed_str()));
    }
    names.sort();
    (dir, names)
}

fn names(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

fn entries(dir: &Path) -> Vec<LibraryEntry> {
    record_files(dir)
        .unwrap()
        .iter()
        .map(|path| read_entry(path))
        .collect()
}

#[test]
fn lists_the_records_and_the_broken_ones_not_the_autosave_or_others() {
    let (dir, expected) = library();
    let files = record_files(dir.path()).unwrap();
    assert_eq!(names(&files), expected);
    assert!(files.iter().all(|p| p.parent() == Some(dir.path())));
    assert!(record_files(&dir.path().join("missing")).is_err());
}

#[test]
fn every_summary_matches_its_record() {
    let (dir, _) = library();
    let mut read = 0;
    for entry in entries(dir.path()) {
        let Ok(summary) = &entry.summary else {
            continue;
        };
        let record = load_record(&entry.path).unwrap();
        let h = &record.headers;
        assert_eq!(summary.white, h.white, "{}", entry.path.display());
        assert_eq!(summary.black, h.black);
        let date = h.date.as_deref().or(h.extra("SgfDate"));
        assert_eq!(summary.date.as_deref(), date);
        assert_eq!(summary.event, h.event);
        assert_eq!(summary.game_type, h.game_type);
        assert_eq!(summary.result, record.result());
        assert_eq!(summary.length, record.main_line().len());
        read += 1;
    }
    assert_eq!(read, 2 * GAMES.len() + 3);

    // One game in every form, by hand.
    let abbo: Vec<RecordSummary> = entries(dir.path())
        .into_iter()
        .filter(|e| {
            let name = e.path.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with(GAMES[0]) || name == "game.txt" || name == "lines.txt"
        })
        .map(|e| e.summary.unwrap())
        .collect();
    assert_eq!(abbo.len(), 4);
    let length = mzinga_moves(GAMES[0]).len();
    for summary in &abbo {
        assert_eq!(summary.length, length);
        assert_eq!(summary.result, Some(GameResult::WhiteWins));
        assert_eq!(summary.game_type, GameType::ALL);
    }
    // The PGN and the SGF name the players and date; the game files do not.
    for summary in &abbo[..2] {
        assert_eq!(summary.white.as_deref(), Some("Abbo69"));
        assert_eq!(summary.black.as_deref(), Some("WeakBot"));
        assert_eq!(summary.date.as_deref(), Some("2018.10.28"));
    }
    assert!(
        abbo[2..]
            .iter()
            .all(|s| s.white.is_none() && s.date.is_none())
    );
}

/// A game saved by this program names no players, but says who sat at the
/// board: the summary carries it, so the table can name them.
#[test]
fn a_saved_game_says_who_played() {
    let dir = tempfile::tempdir().unwrap();
    let game = load_record(recordings().join(format!("{}.pgn", GAMES[0])))
        .unwrap()
        .main_line_game();
    let seats = [
        Seats::Ai {
            side: hive_rules::Color::Black,
            difficulty: hive_ai::Difficulty::Medium,
        },
        Seats::Exhibition {
            white: hive_ai::Difficulty::Easy,
            black: hive_ai::Difficulty::Hard,
        },
        Seats::Human,
    ];
    for (index, seats) in seats.into_iter().enumerate() {
        let mut saved = SavedGame::new(game.clone());
        saved.seats = Some(seats);
        let path = dir.path().join(format!("saved{index}.txt"));
        save_game_file(&path, &saved).unwrap();
        let summary = read_entry(&path).summary.unwrap();
        assert_eq!(summary.seats, Some(seats));
        assert_eq!(summary.white, None);
    }
    // A plain GameString and another program's record say nothing.
    save_game(dir.path().join("plain.txt"), &game).unwrap();
    assert_eq!(
        read_entry(&dir.path().join("plain.txt"))
            .summary
            .unwrap()
            .seats,
        None
    );
    let pgn = recordings().join(format!("{}.pgn", GAMES[0]));
    assert_eq!(read_entry(&pgn).summary.unwrap().seats, None);
}

#[test]
fn errors_keep_their_reason() {
    let (dir, _) = library();
    let all = entries(dir.path());
    let error = |name: &str| {
        let entry = all
            .iter()
            .find(|e| e.path.file_name().unwrap() == name)
            .unwrap();
        let error = entry.summary.as_ref().unwrap_err();
        assert_eq!(error.path(), Some(entry.path.as_path()));
        error
    };
    assert!(matches!(
        error("cut-short.sgf").format_error(),
        Some(FormatError::BadRecord {
            problem: RecordProblem::UnclosedValue | RecordProblem::UnclosedGame,
            ..
        })
    ));
    assert!(matches!(error("binary.pgn").kind(), ErrorKind::NotText));
    assert!(matches!(
        error("notes.txt").format_error(),
        Some(FormatError::UnknownFormat)
    ));
    assert_eq!(all.iter().filter(|e| e.summary.is_err()).count(), 3);
    // A file that vanished between the listing and the reading.
    let gone = read_entry(&dir.path().join("gone.sgf"));
    assert!(matches!(
        gone.summary.map_err(RecordError::into_kind),
        Err(ErrorKind::Read(_))
    ));
}

fn summary(white: &str, black: &str, date: Option<&str>, length: usize) -> RecordSummary {
    RecordSummary {
        white: (!white.is_empty()).then(|| white.to_string()),
        black: (!black.is_empty()).then(|| black.to_string()),
        date: date.map(str::to_string),
        game_type: GameType::BASE,
        result: None,
        length,
        event: None,
        seats: None,
    }
}

fn entry(file: &str, summary: Result<RecordSummary, ()>) -> LibraryEntry {
    let path = PathBuf::from(file);
    LibraryEntry {
        summary: summary.map_err(|()| RecordError::format(&path, FormatError::UnknownFormat)),
        path,
    }
}

fn files(entries: &[LibraryEntry]) -> Vec<&str> {
    entries.iter().map(|e| e.path.to_str().unwrap()).collect()
}

/// A small table with a value of every kind, errors and missing values.
fn table() -> Vec<LibraryEntry> {
    let with = |mut s: RecordSummary, game_type: &str, result: Option<GameResult>| {
        s.game_type = game_type.parse().unwrap();
        s.result = result;
        Ok(s)
    };
    vec![
        entry("e1.sgf", Err(())),
        entry(
            "b.pgn",
            with(
                summary("dumbot", "Abbo69", Some("2018.10.28"), 40),
                "Base+M",
                Some(GameResult::BlackWins),
            ),
        ),
        entry(
            "a.sgf",
            with(
                summary("Abbo69", "Zed", Some("27 October 2018"), 12),
                "Base+MLP",
                Some(GameResult::WhiteWins),
            ),
        ),
        entry("e0.txt", Err(())),
        entry("C.txt", with(summary("", "kaur50", None, 40), "Base", None)),
        entry(
            "d.pgn",
            with(
                summary("Eucalyx", "", Some("2016.??.??"), 7),
                "Base+P",
                Some(GameResult::Draw),
            ),
        ),
    ]
}

#[test]
fn sorting_by_each_column_both_ways_errors_last() {
    let cases: [(Column, [&str; 4]); 7] = [
        (Column::White, ["a.sgf", "b.pgn", "d.pgn", "C.txt"]),
        (Column::Black, ["b.pgn", "C.txt", "a.sgf", "d.pgn"]),
        (Column::Date, ["d.pgn", "a.sgf", "b.pgn", "C.txt"]),
        (Column::GameType, ["C.txt", "b.pgn", "a.sgf", "d.pgn"]),
        (Column::Result, ["a.sgf", "b.pgn", "d.pgn", "C.txt"]),
        (Column::Length, ["d.pgn", "a.sgf", "b.pgn", "C.txt"]),
        (Column::File, ["a.sgf", "b.pgn", "C.txt", "d.pgn"]),
    ];
    // Columns whose last entry above lacks the value keep it last.
    let missing_last = [Column::White, Column::Black, Column::Date, Column::Result];
    for (column, ascending) in cases {
        let mut rows = table();
        sort_entries(&mut rows, column, true);
        assert_eq!(files(&rows)[..4], ascending, "{column:?} ascending");
        assert_eq!(files(&rows)[4..], ["e0.txt", "e1.sgf"], "{column:?}");

        let mut rows = table();
        sort_entries(&mut rows, column, false);
        let mut descending = ascending.to_vec();
        if missing_last.contains(&column) {
            descending[..3].reverse();
        } else if column == Column::Length {
            // 40 twice: b.pgn before C.txt either way, as in the table.
            descending = vec!["b.pgn", "C.txt", "a.sgf", "d.pgn"];
        } else {
            descending.reverse();
        }
        assert_eq!(files(&rows)[..4], descending, "{column:?} descending");
        assert_eq!(files(&rows)[4..], ["e0.txt", "e1.sgf"], "{column:?}");
    }
    assert_eq!(Column::ALL.len(), cases.len());
}

#[test]
fn sorting_is_stable() {
    let mut rows: Vec<LibraryEntry> = (0..20)
        .map(|n| entry(&format!("{n:02}.pgn"), Ok(summary("x", "y", None, n % 3))))
        .collect();
    sort_entries(&mut rows, Column::Length, true);
    let order: Vec<String> = files(&rows).into_iter().map(str::to_string).collect();
    for pair in order.windows(2) {
        let length = |f: &str| f[..2].parse::<usize>().unwrap() % 3;
        let (a, b) = (length(&pair[0]), length(&pair[1]));
        assert!(a < b || (a == b && pair[0] < pair[1]), "{order:?}");
    }
    sort_entries(&mut rows, Column::White, false);
    assert_eq!(files(&rows), order, "equal names keep the previous order");
}

#[test]
fn dates_in_every_form_sort_in_time_order() {
    for (text, key) in [
        ("2018.10.28", Some((2018, 10, 28))),
        ("28 October 2018", Some((2018, 10, 28))),
        ("Mon Jan 16 20:59:12 AST 2023", Some((2023, 1, 16))),
        ("2019-07-03", Some((2019, 7, 3))),
        ("2016.??.??", Some((2016, 0, 0))),
        ("????.??.??", None),
        ("yesterday", None),
    ] {
        assert_eq!(date_key(text), key, "{text}");
    }
    let dates = [
        "2 November 2018",
        "2018.10.28",
        "1 October 2018",
        "2018.10.29",
        "2013.04.20",
        "Mon Jan 16 20:59:12 AST 2023",
    ];
    let mut rows: Vec<LibraryEntry> = dates
        .iter()
        .map(|d| entry(d, Ok(summary("x", "y", Some(d), 1))))
        .collect();
    sort_entries(&mut rows, Column::Date, true);
    assert_eq!(
        files(&rows),
        [
            "2013.04.20",
            "1 October 2018",
            "2018.10.28",
            "2018.10.29",
            "2 November 2018",
            "Mon Jan 16 20:59:12 AST 2023",
        ]
    );

    // The real records: SGF dates were `28 October 2018`, PGN's `2018.10.28`.
    let (dir, _) = library();
    let mut rows = entries(dir.path());
    sort_entries(&mut rows, Column::Date, false);
    let dated: Vec<&str> = rows
        .iter()
        .filter_map(|e| e.summary.as_ref().ok()?.date.as_deref())
        .collect();
    assert_eq!(dated.len(), 2 * GAMES.len());
    assert!(dated.windows(2).all(|w| w[0] >= w[1]), "{dated:?}");
    assert_eq!(dated[..2], ["2023.01.16", "2023.01.16"]);
}

#[test]
fn player_filter() {
    let rows = table();
    let matching = |filter: &str| -> Vec<&str> {
        rows.iter()
            .filter(|e| matches_player(e, filter))
            .map(|e| e.path.to_str().unwrap())
            .collect()
    };
    assert_eq!(matching("abbo"), ["b.pgn", "a.sgf"]);
    assert_eq!(matching(" DUMBOT "), ["b.pgn"]);
    assert_eq!(matching("KAUR"), ["C.txt"]);
    assert_eq!(matching("nobody"), Vec::<&str>::new());
    assert_eq!(matching("").len(), rows.len(), "no filter: every entry");

    let (dir, _) = library();
    let rows = entries(dir.path());
    let dumbot = rows.iter().filter(|e| matches_player(e, "dumbot")).count();
    assert_eq!(dumbot, 6, "three games as SGF and PGN");
}
