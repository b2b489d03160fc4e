//! Our own small files on disk: the one bounded read that refuses what
//! cannot be a game file or record, and the atomic write every save goes
//! through.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use super::{ErrorKind, RecordError};

/// The largest file read as a game file or a record: a long game is a few
/// kilobytes, and a boardspace record with every click of a long game well
/// under a hundred.
pub const MAX_RECORD_FILE: u64 = 4 * 1024 * 1024;

/// The text of a game file or record (a saved game, an autosave, a
/// variations file, another program's record), refusing what cannot be
/// one: larger than [`MAX_RECORD_FILE`] (checked before reading it), or not
/// UTF-8 text. This is the one bounded reader every load goes through.
pub(crate) fn read_record_file(path: &Path) -> Result<String, RecordError> {
    let read_error = |source| RecordError::new(path, ErrorKind::Read(source));
    let too_large = |size| {
        RecordError::new(
            path,
            ErrorKind::TooLarge {
                size,
                limit: MAX_RECORD_FILE,
            },
        )
    };
    let size = fs::metadata(path).map_err(read_error)?.len();
    if size > MAX_RECORD_FILE {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .map_err(read_error)?
        .take(MAX_RECORD_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_RECORD_FILE {
        // It grew while being read.
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| RecordError::new(path, ErrorKind::NotText))
}

/// Write `contents` to `path` atomically: into a new temporary file in the
/// same directory (`tempfile`'s), flushed to disk, then renamed over `path`
/// (`persist`). On any failure the temporary file is removed, `path` is
/// untouched, and the error names it.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), RecordError> {
    write_atomic_as(path, contents, false)
}

/// [`write_atomic`] for a file that holds secrets (an online game's keys):
/// on Unix the file is made readable and writable by its owner only (0600)
/// before anything is written to it, and keeps that mode once renamed.
pub fn write_private(path: &Path, contents: &[u8]) -> Result<(), RecordError> {
    write_atomic_as(path, contents, true)
}

fn write_atomic_as(path: &Path, contents: &[u8], private: bool) -> Result<(), RecordError> {
    let write_error = |source| RecordError::new(path, ErrorKind::Write(source));
    let Some(name) = path.file_name() else {
        return Err(write_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "that is not a file name",
        )));
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    // Dropped on failure, which deletes the temporary file.
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    if private {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = private;
    let mut file = builder.tempfile_in(dir).map_err(write_error)?;
    file.write_all(contents).map_err(write_error)?;
    file.as_file().sync_all().map_err(write_error)?;
    file.persist(path).map_err(|e| write_error(e.error))?;
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
        Err(source) => Err(RecordError::new(path, ErrorKind::Remove(source))),
    }
}
