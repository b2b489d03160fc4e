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
