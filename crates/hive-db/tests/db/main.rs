//! The database crate's tests, one binary (`cargo test -p hive-db`), one
//! module per subject.

mod durability;
mod generate;
mod import;
mod kept;
mod keys;
mod recordings;
mod search;
mod worker;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use hive_db::{Database, ImportOptions, ImportReport};

/// The five boardspace.net games and Mzinga's PGN of each (a copy of the
/// shared recordings kept with the records crate's tests).
pub fn recordings() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../hive-records/tests/data/recordings")
}

/// A fresh database in a temporary folder (kept alive by the guard).
pub fn fresh() -> (tempfile::TempDir, Database) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = Database::open(dir.path().join("games.sqlite")).expect("a new database opens");
    (dir, db)
}

/// Imports `paths` with default options.
pub fn import(db: &mut Database, paths: &[PathBuf]) -> ImportReport {
    db.import(
        paths,
        ImportOptions::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .expect("the import runs")
}

/// Copies the files of `from` whose names end with `suffix` into `to`.
pub fn copy_files(from: &Path, to: &Path, suffix: &str) -> usize {
    std::fs::create_dir_all(to).expect("a folder");
    let mut n = 0;
    for entry in std::fs::read_dir(from).expect("the recordings") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        if name.ends_with(suffix) {
            std::fs::copy(&path, to.join(&name)).expect("a copy");
            n += 1;
        }
    }
    n
}
