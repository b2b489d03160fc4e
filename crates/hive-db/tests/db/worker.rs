//! The held connection: questions answered in order on its thread, the
//! explorer's page (with what a filter hid), the game types, and a file
//! that cannot be opened answered with why.

use hive_db::{DbError, DbWorker, ExplorerFilter};
use hive_rules::{Game, GameType};

use crate::{fresh, import, recordings};

#[test]
fn the_held_connection_answers_the_explorer_and_sees_later_imports() {
    let (dir, mut db) = fresh();
    import(&mut db, &[recordings()]);
    let path = db.path().to_path_buf();
    let worker = DbWorker::open(&path).expect("a thread");
    let types = worker
        .ask(|db| db.game_types())
        .expect("asked")
        .wait()
        .expect("answered");
    assert_eq!(types.total(), 5, "{types:?}");
    let start = Game::new("Base+MLP".parse::<GameType>().expect("a type"));
    let asked = start.clone();
    let page = worker
        .ask(move |db| db.explorer_page(&asked, &ExplorerFilter::default(), 50, 0))
        .expect("asked")
        .wait()
        .expect("answered");
    let direct = db
        .explore(&start, &ExplorerFilter::default())
        .expect("explored");
    assert_eq!(page.moves, direct);
    assert!(!page.moves.is_empty() && page.unfiltered.is_none());
    // A filter that hides every game: the answer says how many it hid.
    let filter = ExplorerFilter {
        player: Some("nobody at all".into()),
        ..Default::default()
    };
    let asked = start.clone();
    let hidden = worker
        .ask(move |db| db.explorer_page(&asked, &filter, 50, 0))
        .expect("asked")
        .wait()
        .expect("answered");
    assert!(hidden.moves.is_empty() && hidden.games.is_empty());
    let played: u64 = direct.iter().map(|m| m.games).sum();
    assert_eq!(hidden.unfiltered, Some((played, true)));
    // An empty board of a type the database does not hold.
    let base = Game::new(GameType::default());
    let none = worker
        .ask(move |db| db.explorer_page(&base, &ExplorerFilter::default(), 50, 0))
        .expect("asked")
        .wait()
        .expect("answered");
    assert!(none.moves.is_empty() && none.unfiltered.is_none());
    // Games imported on another connection are seen by the held one.
    let before = types.total();
    let mut writer = hive_db::Database::open(&path).expect("a second connection");
    let corpus = dir.path().join("corpus");
    hive_db::generate::generate(
        &hive_db::generate::GenerateConfig {
            games: 3,
            ..Default::default()
        },
        &corpus,
        &mut |_| {},
    )
    .expect("generated");
    import(&mut writer, &[corpus]);
    let after = worker
        .ask(|db| db.game_types())
        .expect("asked")
        .wait()
        .expect("answered");
    assert_eq!(after.total(), before + 3);
}

#[test]
fn a_damaged_file_is_answered_with_why_and_left_as_it_is() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("games.sqlite");
    let garbage: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&path, &garbage).expect("written");
    let worker = DbWorker::open(&path).expect("a thread");
    let mut pending = worker.ask(|db| db.stats()).expect("asked");
    let error = loop {
        if let Some(answer) = pending.try_take() {
            break answer.expect_err("not open");
        }
        std::thread::yield_now();
    };
    assert!(matches!(error, DbError::NotOpen { .. }), "{error:?}");
    assert!(
        error.to_string().contains("damaged") && error.to_string().contains("hive db check"),
        "{error}"
    );
    worker.close();
    assert_eq!(std::fs::read(&path).expect("kept"), garbage);
    assert_eq!(std::fs::read_dir(dir.path()).expect("a folder").count(), 1);
}
