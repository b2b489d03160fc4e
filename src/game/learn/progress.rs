//! What the player has done, kept between runs: one name a line in a text
//! file of the data directory's `progress` folder (finished lessons,
//! solved puzzles; the format is `hive_learn::Catalogue`'s). Read at start;
//! written on the IO task pool.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::IoTaskPool;

use crate::game::saves::RecordPaths;
use crate::records::write_atomic;

/// `progress/<file>` in the data directory, if there is one.
fn progress_file(paths: &RecordPaths, file: &str) -> Option<PathBuf> {
    Some(paths.autosave.as_ref()?.dir().join("progress").join(file))
}

/// The text of `file` (empty if it is not there; a file that cannot be
/// read is logged).
pub(super) fn read(paths: &RecordPaths, file: &str) -> String {
    let Some(path) = progress_file(paths, file) else {
        return String::new();
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            if err.kind() != std::io::ErrorKind::NotFound {
                warn!("progress: {}: {err}", path.display());
            }
            String::new()
        }
    }
}

/// Writes `text` to `file` on the IO pool (atomically: a crash leaves the
/// old file or the new one).
pub(super) fn write(paths: &RecordPaths, file: &str, text: String) {
    let Some(path) = progress_file(paths, file) else {
        return;
    };
    IoTaskPool::get()
        .spawn(async move {
            let written = path
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .map_err(|err| err.to_string())
                .and_then(|()| write_atomic(&path, text.as_bytes()).map_err(|e| e.to_string()));
            if let Err(err) = written {
                warn!("progress: {}: {err}", path.display());
            }
        })
        .detach();
}
