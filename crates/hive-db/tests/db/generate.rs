//! The generator: the same seed writes the same bytes, and its games read
//! back, all different.

use hive_db::generate::{GenerateConfig, generate};

use crate::{fresh, import};

fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            let path = e.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .to_string();
            (name, std::fs::read(&path).expect("a file"))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_same_seed_writes_the_same_bytes_and_the_games_read_back() {
    let dir = tempfile::tempdir().expect("a folder");
    let config = GenerateConfig {
        games: 60,
        seed: 5,
        first_year: 2015,
        last_year: 2017,
    };
    let a = generate(&config, &dir.path().join("a"), &mut |_| {}).expect("generated");
    let b = generate(&config, &dir.path().join("b"), &mut |_| {}).expect("generated");
    assert_eq!((a.games, a.files.len()), (60, 3));
    assert_eq!(a.plies, b.plies);
    let (fa, fb) = (files(&dir.path().join("a")), files(&dir.path().join("b")));
    assert_eq!(fa, fb);
    assert_eq!(
        fa.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["games-2015.zip", "games-2016.zip", "games-2017.zip"]
    );
    let other = GenerateConfig { seed: 6, ..config };
    generate(&other, &dir.path().join("c"), &mut |_| {}).expect("generated");
    assert_ne!(files(&dir.path().join("c")), fa);

    let (_db_dir, mut db) = fresh();
    let report = import(&mut db, &[dir.path().join("a")]);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.progress.added, 60, "every game differs");
    let games = db.search(&hive_db::SearchQuery::default()).expect("search");
    assert!(
        games
            .iter()
            .all(|g| g.white_rating.is_some() && g.result.is_some())
    );
    let types: std::collections::BTreeSet<_> = games.iter().map(|g| g.game_type.clone()).collect();
    assert!(types.len() >= 3, "{types:?}");
}
