//! Nothing lost, nothing corrupt: an import killed midway, a version-1
//! database, files that cannot be opened, a read-only folder.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

use hive_db::generate::{GenerateConfig, generate};
use hive_db::{Database, DbError, ExplorerFilter, ImportOptions, schema};
use hive_rules::{Game, GameType};
use rusqlite_migration::{M, Migrations};

use crate::{fresh, import, recordings};

/// The environment variable that turns [`child_import`] into an import:
/// `<database>|<folder>|<batch size>`.
const CHILD: &str = "HIVE_DB_TEST_CHILD_IMPORT";

/// Not a test of its own: the child process of
/// [`a_killed_import_keeps_whole_batches_and_resumes`], which runs this
/// test binary again with [`CHILD`] set. Without it, it does nothing.
#[test]
fn child_import() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let parts: Vec<&str> = spec.split('|').collect();
    let [db, folder, batch] = parts.as_slice() else {
        panic!("bad {CHILD}: {spec}");
    };
    let mut db = Database::open(db).expect("the database");
    let batch_size = batch.parse().expect("a batch size");
    db.import(
        &[PathBuf::from(folder)],
        ImportOptions { batch_size },
        &AtomicBool::new(false),
        &mut |p| {
            if p.committed {
                println!("committed {}", p.added);
            }
        },
    )
    .expect("the import runs");
    println!("finished");
}

fn count(path: &std::path::Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(path).expect("opens");
    conn.query_row(sql, [], |row| row.get(0)).expect("a count")
}

#[test]
fn a_killed_import_keeps_whole_batches_and_resumes() {
    let dir = tempfile::tempdir().expect("a folder");
    let corpus = dir.path().join("corpus");
    let config = GenerateConfig {
        games: 400,
        seed: 11,
        ..GenerateConfig::default()
    };
    let made = generate(&config, &corpus, &mut |_| {}).expect("generated");
    assert_eq!(made.games, 400);
    let db_path = dir.path().join("games.sqlite");
    let batch = 25;
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "durability::child_import",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(
            CHILD,
            format!("{}|{}|{batch}", db_path.display(), corpus.display()),
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the child starts");
    let stdout = child.stdout.take().expect("its output");
    let mut seen = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("a line");
        // libtest writes the test's name on the line before the first output.
        if let Some((_, n)) = line.split_once("committed ") {
            seen = Some(n.trim().parse::<i64>().expect("a number"));
            child.kill().expect("killed");
            break;
        }
        assert_ne!(
            line, "finished",
            "the child finished before its first batch was seen"
        );
    }
    child.wait().expect("the child ends");
    let first = seen.expect("a batch was committed before the kill");
    assert_eq!(first, batch);
    // Whatever the child committed is there, in whole batches, and every
    // game has all its positions.
    let games = count(&db_path, "SELECT count(*) FROM games");
    assert!(games >= first && games < 400, "{games}");
    assert_eq!(games % batch, 0, "whole batches only: {games}");
    assert_eq!(
        count(&db_path, "SELECT count(*) FROM positions"),
        count(&db_path, "SELECT coalesce(sum(plies + 1), 0) FROM games")
    );
    // The explorer's aggregate counts each game's opening positions (those
    // a move was played from), and every visit of the positions it holds.
    let conn = rusqlite::Connection::open(&db_path).expect("opens");
    let mut openings = 0;
    let mut st = conn
        .prepare("SELECT moves, plies FROM games")
        .expect("a query");
    let mut rows = st.query([]).expect("rows");
    while let Some(row) = rows.next().expect("a row") {
        let (moves, plies): (String, i64) =
            (row.get(0).expect("moves"), row.get(1).expect("plies"));
        openings += (schema::opening_positions(&moves) as i64).min(plies);
    }
    let explored = count(&db_path, "SELECT coalesce(sum(games), 0) FROM explorer");
    assert!(explored > games, "{explored}");
    assert_eq!(explored, openings);
    assert_eq!(
        explored,
        count(
            &db_path,
            "SELECT count(*) FROM positions WHERE next_move IS NOT NULL \
             AND key IN (SELECT key FROM explorer)"
        )
    );
    // Reopened, the import resumes and completes.
    let mut db = Database::open(&db_path).expect("reopens");
    assert!(db.check(10).expect("checked").is_empty());
    let report = import(&mut db, &[corpus]);
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(db.stats().expect("stats").games, 400);
    assert_eq!(report.progress.added as i64, 400 - games);
}

/// The games this version imports from the recordings, copied into a file
/// made by the first `old` migrations, then opened (and migrated): the
/// explorer answers as on the file this version wrote, at the start and at
/// every position of a stored game.
fn migrated_from(old: usize) {
    let (dir, mut current) = fresh();
    import(&mut current, &[recordings()]);
    let start = Game::new("Base+MLP".parse::<GameType>().expect("a game type"));
    let mut positions = vec![Game::new(GameType::default()), start.clone()];
    let stored = current.game(1).expect("read").expect("a stored game");
    let mut game = stored.game().expect("replayed");
    while game.ply() > 0 {
        positions.push(game.clone());
        game.undo();
    }
    let expected: Vec<_> = positions
        .iter()
        .map(|p| {
            current
                .explore(p, &ExplorerFilter::default())
                .expect("explorer")
        })
        .collect();
    assert!(!expected[1].is_empty());
    let explorer_rows = current.stats().expect("stats").explorer_rows;
    let current_path = current.path().to_path_buf();
    drop(current);
    let path = dir.path().join("old.sqlite");
    {
        let mut conn = rusqlite::Connection::open(&path).expect("a file");
        Migrations::new(vec![M::up(schema::V1)])
            .to_latest(&mut conn)
            .expect("version 1");
        conn.execute(
            "ATTACH DATABASE ?1 AS new",
            [current_path.to_string_lossy()],
        )
        .expect("attached");
        conn.execute_batch(
            "INSERT INTO games SELECT * FROM new.games;
             INSERT INTO positions SELECT key, game_id, ply, next_move, result FROM new.positions;
             INSERT INTO sources SELECT * FROM new.sources;
             DETACH DATABASE new;",
        )
        .expect("copied");
        // Version 2 builds its explorer from those rows, as it did.
        let versions = [schema::V1, schema::V2];
        Migrations::new(versions[..old].iter().map(|sql| M::up(sql)).collect())
            .to_latest(&mut conn)
            .expect("the old version");
        let version: usize = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .expect("a version");
        assert_eq!(version, old);
    }
    let db = Database::open(&path).expect("the old file opens");
    let page_size = |path: &std::path::Path| -> i64 {
        rusqlite::Connection::open(path)
            .expect("opens")
            .pragma_query_value(None, "page_size", |row| row.get(0))
            .expect("a page size")
    };
    // A new file has pages of 16 KiB; an old one keeps SQLite's default.
    assert_eq!((page_size(&current_path), page_size(&path)), (16384, 4096));
    let stats = db.stats().expect("stats");
    assert_eq!((stats.schema_version, stats.games), (schema::VERSION, 5));
    // The aggregate holds the opening positions only, as an import writes it.
    assert_eq!(stats.explorer_rows, explorer_rows);
    for (position, expected) in positions.iter().zip(&expected) {
        assert_eq!(
            &db.explore(position, &ExplorerFilter::default())
                .expect("explorer"),
            expected,
            "at ply {}",
            position.ply()
        );
    }
}

#[test]
fn a_version_1_database_is_migrated_and_its_explorer_built() {
    migrated_from(1);
}

#[test]
fn a_version_2_database_is_migrated_its_positions_rated_and_its_explorer_cut_to_openings() {
    migrated_from(2);
}

/// The files in `dir`, sorted.
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn a_file_that_is_no_database_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("games.sqlite");
    let garbage: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&path, &garbage).expect("written");
    let error = Database::open(&path).expect_err("refused");
    assert!(matches!(error, DbError::Damaged { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("games.sqlite is damaged") && message.contains("hive db check"),
        "{message}"
    );
    // Nothing moved, nothing written.
    assert_eq!(files_in(dir.path()), ["games.sqlite"]);
    assert_eq!(std::fs::read(&path).expect("kept"), garbage);
}

/// A file whose header is whole but one of its pages overwritten: it
/// opens (no check at open), `check` lists the problems, an import refuses
/// to add to it, and the file is left as it is.
#[test]
fn a_damaged_page_is_found_by_check_and_refused_by_import() {
    let (dir, mut db) = fresh();
    import(&mut db, &[recordings()]);
    assert!(db.check(10).expect("checked").is_empty());
    let path = db.path().to_path_buf();
    drop(db);
    let page = {
        let conn = rusqlite::Connection::open(&path).expect("opens");
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            .expect("checkpointed");
        let root: i64 = conn
            .query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'positions'",
                [],
                |row| row.get(0),
            )
            .expect("the positions table");
        let size: i64 = conn
            .query_row("PRAGMA page_size", [], |row| row.get(0))
            .expect("a page size");
        (root, size)
    };
    let mut bytes = std::fs::read(&path).expect("read");
    let start = ((page.0 - 1) * page.1) as usize;
    for (i, byte) in bytes[start..start + page.1 as usize].iter_mut().enumerate() {
        *byte = (i * 31 % 256) as u8;
    }
    std::fs::write(&path, &bytes).expect("written");
    let mut db = Database::open(&path).expect("opens: the header is whole");
    let problems = match db.check(10) {
        Ok(problems) => problems,
        Err(DbError::Damaged { reason, .. }) => vec![reason],
        Err(error) => panic!("{error:?}"),
    };
    assert!(!problems.is_empty());
    let error = db
        .import(
            &[recordings()],
            ImportOptions::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .expect_err("refused");
    drop(db);
    assert!(matches!(error, DbError::Damaged { .. }), "{error:?}");
    assert_eq!(std::fs::read(&path).expect("kept"), bytes);
    assert!(
        files_in(dir.path())
            .iter()
            .all(|n| n.starts_with("games.sqlite") && !n.contains("broken")),
        "{:?}",
        files_in(dir.path())
    );
}

#[test]
fn a_database_of_a_newer_version_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("games.sqlite");
    {
        let conn = rusqlite::Connection::open(&path).expect("a file");
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("a newer schema");
    }
    let before = std::fs::read(&path).expect("read");
    let error = Database::open(&path).expect_err("refused");
    assert!(
        matches!(error, DbError::Newer { version: 99, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("version 99"), "{error}");
    assert_eq!(std::fs::read(&path).expect("kept"), before);
    assert_eq!(files_in(dir.path()), ["games.sqlite"]);
}

#[test]
fn a_read_only_folder_or_file_is_a_clear_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a folder");
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).expect("a folder");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("read-only");
    let path = locked.join("games.sqlite");
    let error = Database::open(&path).expect_err("cannot be written");
    assert!(matches!(error, DbError::ReadOnly { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains(&path.display().to_string()) && message.contains("read-only"),
        "{message}"
    );
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).expect("writable");

    // A read-only database file, too.
    let file = dir.path().join("ro.sqlite");
    drop(Database::open(&file).expect("created"));
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).expect("read-only");
    let error = Database::open(&file).expect_err("cannot be written");
    assert!(matches!(error, DbError::ReadOnly { .. }), "{error:?}");
    assert!(file.exists(), "never deleted");
}
