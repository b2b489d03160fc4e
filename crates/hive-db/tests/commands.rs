//! The `hive-db` binary end to end (built with the `cli` feature):
//! generate, import, stats, explore --tsv, search.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hive-db"))
        .args(args)
        .output()
        .expect("the command runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("text")
}

#[test]
fn generate_import_stats_explore_and_search() {
    let dir = tempfile::tempdir().expect("a folder");
    let corpus = dir.path().join("corpus");
    let db = dir.path().join("games.sqlite");
    let (corpus_s, db_s) = (corpus.to_string_lossy(), db.to_string_lossy());
    run(&["generate", "40", "--seed", "3", "--out", &corpus_s]);
    run(&["import", &corpus_s, "--db", &db_s, "--batch", "7"]);
    let stats = run(&["stats", "--db", &db_s]);
    assert_eq!(stats.lines().last(), Some("games: 40"), "{stats}");
    // Every first move's line: the move, then games, White wins, draws,
    // Black wins, adding up over the game types to the 40 games.
    let mut total = 0;
    for game_type in [
        "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
    ] {
        let tsv = run(&["explore", game_type, "--db", &db_s, "--tsv"]);
        for line in tsv.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{line}");
            let n: Vec<u64> = fields[1..]
                .iter()
                .map(|f| f.parse().expect("a count"))
                .collect();
            assert!(n[1] + n[2] + n[3] <= n[0], "{line}");
            assert!(
                fields[0].starts_with('w') && !fields[0].contains(' '),
                "{line}"
            );
            total += n[0];
        }
    }
    assert_eq!(total, 40);
    let found = run(&["search", "--db", &db_s, "--min-length", "1", "--limit", "5"]);
    assert_eq!(found.lines().count(), 5, "{found}");
    // A bad position is an error naming it.
    let out = Command::new(env!("CARGO_BIN_EXE_hive-db"))
        .args(["explore", "Chess", "--db", &db_s])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("'Chess' is not a position"));
}

/// The player's games from the command line: listed with a filter, as TSV,
/// exported and read back into another file, found by `search --mine`.
#[test]
fn games_lists_filters_exports_and_reads_back_the_players_games() {
    use hive_ai::Difficulty;
    use hive_records::{Ending, GameResult, KeptGame, Seats};
    use hive_rules::{Color, Game, GameType};
    let dir = tempfile::tempdir().expect("a folder");
    let mut db = hive_db::Database::open_kept(dir.path()).expect("opens");
    let seats = Seats::Ai {
        side: Color::Black,
        difficulty: Difficulty::Easy,
    };
    for (i, (result, ending)) in [
        (Some(GameResult::WhiteWins), Ending::Rules),
        (Some(GameResult::BlackWins), Ending::Resigned),
        (None, Ending::Unfinished),
    ]
    .into_iter()
    .enumerate()
    {
        let mut game = Game::new(GameType::BASE);
        for mv in ["wS1", "bS1 wS1-", "wQ -wS1"] {
            game.play_move_string(mv).expect("legal");
        }
        db.keep(&KeptGame {
            id: format!("id{i}"),
            game,
            seats,
            names: KeptGame::names(seats, "Ann", None),
            result,
            ending,
            ended_at: (format!("2026.12.0{}", i + 1), "10:00:00".to_string()),
            clocks: None,
            move_clocks: Vec::new(),
            rated: None,
        })
        .expect("kept");
    }
    drop(db);
    let file = hive_db::Database::kept_path(dir.path());
    let file_s = file.to_string_lossy();
    let listed = run(&["games", "--db", &file_s]);
    assert_eq!(listed.lines().count(), 4, "{listed}");
    assert_eq!(listed.lines().last(), Some("3 of 3 games kept"));
    let lost = run(&["games", "--db", &file_s, "--result", "loss", "--tsv"]);
    let fields: Vec<&str> = lost.trim_end().split('\t').collect();
    assert_eq!(
        fields[1..],
        [
            "2026-12-02",
            "10:00:00",
            "AI Easy",
            "white",
            "loss",
            "resigned",
            "Base",
            "3",
            "id1"
        ],
        "{lost}"
    );
    let summary = run(&["games", "--db", &file_s, "--summary"]);
    assert!(summary.contains("all: 1 won, 0 drawn, 1 lost"), "{summary}");
    assert!(
        summary.contains("level easy: 1 won, 0 drawn, 1 lost"),
        "{summary}"
    );
    assert!(summary.contains("streak: 1 loss"), "{summary}");
    let export = dir.path().join("mine.pgn");
    let export_s = export.to_string_lossy();
    run(&["games", "--db", &file_s, "--export", &export_s]);
    let other = dir.path().join("other.sqlite");
    let other_s = other.to_string_lossy();
    let read = run(&["games", "--db", &other_s, "--import", &export_s]);
    assert_eq!(read.trim(), "3 games kept, 0 not");
    assert_eq!(run(&["games", "--db", &other_s]), listed);
    // The data folder's own games, through --mine.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hive-db"))
        .args(["search", "--mine", "--player", "ann"])
        .env("HIVE_DATA_DIR", dir.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
}

/// `check` reads a damaged file as it is and lists what it finds, where
/// every other command refuses the file; the file is left as it was.
#[test]
fn check_lists_the_problems_of_a_damaged_file_and_leaves_it_as_it_is() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("games.sqlite");
    let path_s = path.to_string_lossy();
    let corpus = dir.path().join("corpus");
    let corpus_s = corpus.to_string_lossy();
    run(&["generate", "30", "--seed", "5", "--out", &corpus_s]);
    run(&["import", &corpus_s, "--db", &path_s]);
    assert_eq!(run(&["check", "--db", &path_s]).trim(), "ok");
    // Pages in the middle of the file overwritten.
    let mut bytes = std::fs::read(&path).expect("read");
    assert!(bytes.len() > 200_000, "{}", bytes.len());
    let at = bytes.len() / 2;
    bytes[at..at + 40_000].fill(0x5a);
    std::fs::write(&path, &bytes).expect("damaged");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hive-db"))
        .args(["check", "--db", &path_s])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let problems = String::from_utf8_lossy(&out.stdout);
    assert!(!problems.trim().is_empty(), "problems listed");
    assert!(problems.trim() != "ok");
    assert!(String::from_utf8_lossy(&out.stderr).contains("is damaged"));
    assert_eq!(std::fs::read(&path).expect("read"), bytes, "left as it is");
    // A file that is no database at all: one problem, in SQLite's words.
    std::fs::write(
        &path,
        b"hello, this is not a database at all, not even a little",
    )
    .expect("w");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hive-db"))
        .args(["check", "--db", &path_s])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("not a database"));
}
