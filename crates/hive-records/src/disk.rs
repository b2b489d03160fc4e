//! Our own small files on disk: a bounded read that refuses what cannot be
//! a game file, and the atomic write every save goes through.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::RecordError;

/// Files larger than this are not games (a long game is a few kilobytes).
const MAX_GAME_FILE: u64 = 1 << 20;

/// The text of a game file (a saved game, an autosave, a variations file),
/// refusing what cannot be one: too large, or not UTF-8 text.
pub(crate) fn read_game_file(path: &Path) -> Result<String, RecordError> {
    let read_error = |source| RecordError::Read {
        path: path.to_path_buf(),
        source,
    };
    let file = fs::File::open(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(MAX_GAME_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_GAME_FILE {
        return Err(not_a_game(path, "it is far too large to be a game"));
    }
    String::from_utf8(bytes).map_err(|_| not_a_game(path, "it is not text"))
}

/// The error for a file that is not a game, for `message`.
pub(crate) fn not_a_game(path: &Path, message: &str) -> RecordError {
    RecordError::NotAGame {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Write `contents` to `path` atomically: into a new temporary file in the
/// same directory, flushed to disk, then renamed over `path`. On any failure
/// the temporary file is removed, `path` is untouched, and the error names it.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), RecordError> {
    let write_error = |source| RecordError::Write {
        path: path.to_path_buf(),
        source,
    };
    let name = path.file_name().ok_or_else(|| {
        write_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "that is not a file name",
        ))
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let temp: PathBuf = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if let Err(source) = written {
        // Best effort: the temporary file may not even exist.
        let _ = fs::remove_file(&temp);
        return Err(write_error(source));
    }
    sync_dir(dir);
    Ok(())
}

/// Flush the directory entry of a rename to disk (best effort; Unix only).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Deletes `path`; nothing to delete is not an error.
pub(crate) fn remove_if_there(path: &Path) -> Result<(), RecordError> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(RecordError::Remove {
            path: path.to_path_buf(),
            source,
        }),
    }
}
