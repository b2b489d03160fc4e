//! The game library in the headless app: a folder's records listed as
//! they are read on the task pool, a broken file listed with its reason
//! among the rest, sorting and the player filter, and a record opened from
//! the list in review with the engine's review started.

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::app::{app_keeping_files, screen, set_screen, settle, turn, update_until_within};
use bevy::prelude::*;
use hive::ai::Limits;
use hive::game::{
    CurrentGame, EngineReview, GameLibrary, LibraryRequest, NewGameSettings, RecordsAction, Screen,
    Turn,
};
use hive::records::Column;
use tempfile::TempDir;

/// The records crate's five boardspace games, as `.sgf` and as `.pgn`, and
/// one file that is no record.
fn folder() -> TempDir {
    let dir = TempDir::new().expect("a temporary folder");
    let recordings =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/hive-records/tests/data/recordings");
    for entry in fs::read_dir(recordings).expect("the recordings") {
        let path = entry.expect("an entry").path();
        let keep = path
            .extension()
            .is_some_and(|ext| ext == "sgf" || ext == "pgn");
        if keep {
            let name = path.file_name().expect("a name");
            fs::copy(&path, dir.path().join(name)).expect("copied");
        }
    }
    fs::write(
        dir.path().join("broken.sgf"),
        "(;GM[1]SU[hive];P0[move 1 Z 99 .])",
    )
    .expect("written");
    dir
}

fn app(data: &Path) -> App {
    let mut app = app_keeping_files(Some(data), None, NewGameSettings::default());
    set_screen(&mut app, Screen::Games);
    app.update();
    app
}

fn library(app: &App) -> &GameLibrary {
    app.world().resource::<GameLibrary>()
}

#[test]
fn a_folder_is_listed_with_its_broken_file_then_sorted_and_filtered() {
    let records = folder();
    let data = TempDir::new().unwrap();
    let mut app = app(data.path());
    app.world_mut()
        .write_message(LibraryRequest::Open(records.path().to_path_buf()));
    app.update();
    // Taken at once: under way on the IO pool, or (on a fast machine, or a
    // pool thread that ran at once) read already.
    assert!(
        library(&app).progress().is_some() || !library(&app).entries().is_empty(),
        "the reading started"
    );
    update_until_within(
        &mut app,
        "the folder read",
        Duration::from_secs(30),
        |app| library(app).progress().is_none(),
    );
    let entries = library(&app).entries();
    assert_eq!(entries.len(), 11, "ten records and the broken file");
    let broken: Vec<_> = entries.iter().filter(|e| e.summary.is_err()).collect();
    assert_eq!(broken.len(), 1);
    assert!(broken[0].path.ends_with("broken.sgf"));
    let reason = broken[0].summary.as_ref().unwrap_err().to_string();
    assert!(
        reason.contains("broken.sgf"),
        "the reason names the file: {reason}"
    );

    let mut library = app.world_mut().resource_mut::<GameLibrary>();
    library.sort_by(Column::Length);
    let lengths: Vec<usize> = library
        .rows()
        .to_vec()
        .into_iter()
        .filter_map(|i| library.entries()[i].summary.as_ref().ok().map(|s| s.length))
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
    assert_eq!(library.sort(), Some((Column::Length, true)));
    library.sort_by(Column::Length);
    assert_eq!(
        library.sort(),
        Some((Column::Length, false)),
        "again: the other way"
    );

    library.set_filter("kaur");
    let shown = library.rows().to_vec();
    assert_eq!(shown.len(), 2, "Kaur50's game, as .sgf and .pgn");
    for i in shown {
        let summary = library.entries()[i].summary.as_ref().expect("readable");
        assert_eq!(summary.black.as_deref(), Some("Kaur50"));
    }
    library.set_filter("");
    assert_eq!(library.rows().len(), 11);
}

#[test]
fn a_record_opens_from_the_list_in_review_with_the_engine_at_work() {
    let records = folder();
    let data = TempDir::new().unwrap();
    let mut app = app(data.path());
    app.world_mut().resource_mut::<EngineReview>().limits = Limits::depth(1);
    let game = records.path().join("HV-Abbo69-WeakBot-2018-10-28-2007.sgf");
    app.world_mut()
        .write_message(RecordsAction::LoadAndReview(game));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(turn(&app), Some(Turn::Review));
    let current = app.world().resource::<CurrentGame>().clone();
    assert_eq!(current.line_nodes().len(), 31);
    update_until_within(&mut app, "the review", Duration::from_secs(60), |app| {
        let current = app.world().resource::<CurrentGame>();
        app.world()
            .resource::<EngineReview>()
            .reviewed(current.variations())
            .is_some()
    });
}
