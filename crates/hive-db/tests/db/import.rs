//! Importing folders, zip archives (with folders inside) and PGN files of
//! many games; duplicates stored once; unreadable records named with their
//! reasons; an import run again skips what it committed.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use hive_db::{ExplorerFilter, ImportOptions};
use hive_rules::{Game, GameType};

use crate::{copy_files, fresh, import, recordings};

/// Writes a zip archive at `path` with these (name, text) entries.
fn write_zip(path: &Path, entries: &[(&str, String)]) {
    let file = std::fs::File::create(path).expect("a zip file");
    let mut zip = zip::ZipWriter::new(file);
    for (name, text) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("an entry");
        zip.write_all(text.as_bytes()).expect("written");
    }
    zip.finish().expect("the archive");
}

fn recording(name: &str) -> String {
    std::fs::read_to_string(recordings().join(name)).expect("a recording")
}

#[test]
fn a_folder_is_walked_recursively_and_run_again_skips_what_is_done() {
    let (dir, mut db) = fresh();
    let root = dir.path().join("records");
    copy_files(&recordings(), &root.join("a/b"), ".sgf");
    copy_files(&recordings(), &root.join("c"), ".pgn");
    std::fs::write(root.join("notes.md"), "not a record").expect("a file");
    let report = import(&mut db, std::slice::from_ref(&root));
    let p = report.progress;
    assert_eq!(
        (p.added, p.duplicates, p.failed),
        (5, 5, 0),
        "{:?}",
        report.failures
    );
    assert_eq!(p.sources_done, 10, "the .md file is not a record file");
    let again = import(&mut db, &[root]);
    let p = again.progress;
    assert_eq!(
        (p.added, p.duplicates, p.sources_skipped, p.sources_done),
        (0, 0, 10, 0)
    );
    assert_eq!(db.stats().expect("stats").games, 5);
}

#[test]
fn a_zip_archive_with_folders_inside_is_read() {
    let (dir, mut db) = fresh();
    let archive = dir.path().join("2018.zip");
    write_zip(
        &archive,
        &[
            ("2018/", String::new()),
            (
                "2018/10/HV-Abbo69-WeakBot.sgf",
                recording("HV-Abbo69-WeakBot-2018-10-28-2007.sgf"),
            ),
            (
                "2016/04/deep/HV-blue1224.sgf",
                recording("HV-blue1224-Dumbot-2016-04-02-1915.sgf"),
            ),
            ("readme.txt", "hello".to_string()),
            // The same game again, under another name.
            (
                "copy/abbo.pgn",
                recording("HV-Abbo69-WeakBot-2018-10-28-2007.pgn"),
            ),
        ],
    );
    let report = import(&mut db, std::slice::from_ref(&archive));
    let p = report.progress;
    assert_eq!(
        (p.added, p.duplicates, p.failed),
        (2, 1, 1),
        "{:?}",
        report.failures
    );
    assert_eq!(report.failures.len(), 1);
    assert!(
        report.failures[0].source.ends_with("2018.zip!readme.txt"),
        "{:?}",
        report.failures
    );
    let start = Game::new("Base+MLP".parse::<GameType>().expect("a game type"));
    let moves = db
        .explore(&start, &ExplorerFilter::default())
        .expect("explorer");
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (moves[0].uhp.as_str(), moves[0].games, moves[0].white_wins),
        ("wS1", 2, 2)
    );
    // Each entry is a source: nothing is read twice.
    let again = import(&mut db, &[archive]);
    assert_eq!(again.progress.sources_skipped, 4);
    assert_eq!(again.progress.added + again.progress.duplicates, 0);
}

#[test]
fn a_pgn_file_of_many_games_is_split_and_bad_games_are_named() {
    let (dir, mut db) = fresh();
    let mut text = String::new();
    for name in [
        "HV-Abbo69-WeakBot-2018-10-28-2007.pgn",
        "HV-Dumbot-Kaur50-2023-01-17-0059.pgn",
        "T!HV-Jewdoka-Eucalyx-2020-12-12-1447.pgn",
    ] {
        text += &recording(name);
        text += "\n";
    }
    // An illegal game (a second piece not touching the first) and the first
    // game again.
    text += "[GameType \"Base\"]\n[White \"x\"]\n\n1. wS1\n2. bS1 wS1-\n3. wA1 bS1-\n\n";
    text += &recording("HV-Abbo69-WeakBot-2018-10-28-2007.pgn");
    let path = dir.path().join("many.pgn");
    std::fs::write(&path, text).expect("written");
    let report = import(&mut db, &[path]);
    let p = report.progress;
    assert_eq!(
        (p.added, p.duplicates, p.failed),
        (3, 1, 1),
        "{:?}",
        report.failures
    );
    let failure = &report.failures[0];
    assert!(
        failure.source.contains("many.pgn, game 4 (line "),
        "{failure}"
    );
    assert!(
        failure.reason.contains("wA1"),
        "the reason names the move: {failure}"
    );
}

#[test]
fn unreadable_records_are_listed_with_their_reasons_and_the_rest_imported() {
    let (dir, mut db) = fresh();
    let root = dir.path().join("mixed");
    std::fs::create_dir_all(&root).expect("a folder");
    std::fs::write(root.join("empty.sgf"), "").expect("written");
    std::fs::write(root.join("garbage.sgf"), "(;GM[27]SU[hive]P0[1 fly away]").expect("written");
    std::fs::write(root.join("chess.pgn"), "[Event \"x\"]\n\n1. e4 e5\n").expect("written");
    std::fs::write(root.join("broken.zip"), "PK not really").expect("written");
    std::fs::copy(
        recordings().join("HV-Abbo69-WeakBot-2018-10-28-2007.sgf"),
        root.join("good.sgf"),
    )
    .expect("a copy");
    let report = import(&mut db, &[root, dir.path().join("missing.sgf")]);
    assert_eq!(report.progress.added, 1);
    let named: Vec<String> = report
        .failures
        .iter()
        .map(|f| {
            let file = Path::new(&f.source)
                .file_name()
                .map(|n| n.to_string_lossy().to_string());
            assert!(!f.reason.is_empty(), "{f}");
            file.unwrap_or_default()
        })
        .collect();
    assert_eq!(
        named,
        [
            "broken.zip",
            "chess.pgn",
            "empty.sgf",
            "garbage.sgf",
            "missing.sgf"
        ],
        "{:?}",
        report.failures
    );
    let reason = |name: &str| {
        report
            .failures
            .iter()
            .find(|f| f.source.ends_with(name))
            .map(|f| f.reason.clone())
            .unwrap_or_default()
    };
    assert!(
        reason("broken.zip").contains("zip"),
        "{}",
        reason("broken.zip")
    );
    assert!(
        reason("missing.sgf").contains("cannot read"),
        "{}",
        reason("missing.sgf")
    );
    assert!(
        reason("garbage.sgf").to_lowercase().contains("fly"),
        "{}",
        reason("garbage.sgf")
    );
}

#[test]
fn progress_is_told_and_the_cancel_flag_stops_the_import() {
    let (dir, mut db) = fresh();
    let root = dir.path().join("r");
    copy_files(&recordings(), &root, ".sgf");
    let cancel = AtomicBool::new(false);
    let mut calls = Vec::new();
    let report = db
        .import(
            std::slice::from_ref(&root),
            ImportOptions { batch_size: 2 },
            &cancel,
            &mut |p| {
                calls.push(*p);
                if p.added >= 2 {
                    cancel.store(true, Ordering::Relaxed);
                }
            },
        )
        .expect("the import runs");
    assert!(report.cancelled);
    assert_eq!(report.progress.added, 2);
    assert!(
        calls.iter().any(|p| p.committed && p.added == 2),
        "{calls:?}"
    );
    assert_eq!(db.stats().expect("stats").games, 2);
    // Started again, it finishes the rest.
    let rest = import(&mut db, &[root]);
    assert_eq!(rest.progress.added, 3);
    assert_eq!(db.stats().expect("stats").games, 5);
}
