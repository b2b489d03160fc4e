//! Where the game's files are: the assets folder (themes, locales,
//! lessons and puzzles), found by one rule for the window and every
//! command.
//!
//! The binary carries its own copy of `assets/` (both themes with their
//! sounds, the locales, the lessons and the puzzles), so a `hive` copied
//! alone into any folder, or installed, works. Run from a checkout it reads
//! the checkout's `assets/` from disk instead, so a developer's edits
//! reload live.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use include_dir::{Dir, include_dir};

/// The assets folder built into the binary.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// The environment variable naming a folder the built-in assets are
/// written to (default: the platform's cache directory, `~/.cache/hive`).
pub const CACHE_DIR_ENV: &str = "HIVE_CACHE_DIR";

/// The assets folder:
/// 1. `$BEVY_ASSET_ROOT/assets` if that variable is set, or
///    `$CARGO_MANIFEST_DIR/assets` under `cargo run` and the tests;
/// 2. else an `assets` folder holding themes next to the executable or above
///    it (`target/release/hive` in a checkout reads the checkout's);
/// 3. else the copy built into the binary, written once per version into
///    the cache directory ([`built_in_assets`]).
pub fn assets_dir() -> PathBuf {
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = std::env::var_os(var).filter(|root| !root.is_empty()) {
            return PathBuf::from(root).join("assets");
        }
    }
    if let Some(assets) = assets_near_executable() {
        return assets;
    }
    match built_in_assets() {
        Ok(dir) => dir.clone(),
        Err(problem) => {
            // The game still starts (every reader falls back and reports
            // what it misses); this says why once.
            static REPORTED: OnceLock<()> = OnceLock::new();
            REPORTED.get_or_init(|| eprintln!("hive: {problem}"));
            PathBuf::from("assets")
        }
    }
}

/// The nearest `assets` folder holding themes, in the executable's folder
/// or one above it.
fn assets_near_executable() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    exe.parent()?
        .ancestors()
        .map(|dir| dir.join("assets"))
        .find(|assets| assets.join("themes").is_dir())
}

/// Why the built-in assets could not be written out.
#[derive(Debug, Clone, thiserror::Error)]
#[error("the game's built-in files could not be written to {dir}: {reason}")]
pub struct BuiltInAssetsProblem {
    /// The folder tried.
    pub dir: PathBuf,
    /// The system's reason.
    pub reason: String,
}

/// The built-in assets as a folder on disk: `<cache>/assets-<version>-<hash>`,
/// written the first time (into a temporary folder beside it, then renamed,
/// so a half-written copy is never used) and reused after. The hash of the
/// contents keeps two builds of one version apart.
pub fn built_in_assets() -> Result<&'static PathBuf, BuiltInAssetsProblem> {
    static DIR: OnceLock<Result<PathBuf, BuiltInAssetsProblem>> = OnceLock::new();
    DIR.get_or_init(|| {
        let cache = std::env::var_os(CACHE_DIR_ENV)
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            .or_else(|| crate::records::project_dirs().map(|d| d.cache_dir().to_path_buf()))
            .unwrap_or_else(|| std::env::temp_dir().join("hive"));
        let dir = cache.join(format!(
            "assets-{}-{:016x}",
            env!("CARGO_PKG_VERSION"),
            contents_hash(&BUILT_IN)
        ));
        write_out(&BUILT_IN, &dir)
            .map(|()| dir.clone())
            .map_err(|err| BuiltInAssetsProblem {
                dir,
                reason: err.to_string(),
            })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Writes `files` to `dir` unless a complete copy is there already.
fn write_out(files: &Dir<'static>, dir: &Path) -> io::Result<()> {
    if dir.join("themes").is_dir() {
        return Ok(());
    }
    let parent = dir.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)?;
    let staging = tempfile::Builder::new()
        .prefix(".assets-")
        .tempdir_in(parent)?;
    files.extract(staging.path())?;
    match std::fs::rename(staging.path(), dir) {
        Ok(()) => {
            // Renamed away: nothing left for the guard to remove.
            let _ = staging.keep();
            Ok(())
        }
        // Another instance finished first: its copy is the same.
        Err(_) if dir.join("themes").is_dir() => Ok(()),
        Err(err) => Err(err),
    }
}

/// A hash of every file's path and bytes.
fn contents_hash(dir: &Dir<'static>) -> u64 {
    fn visit(dir: &Dir<'static>, hasher: &mut DefaultHasher) {
        for file in dir.files() {
            file.path().hash(hasher);
            file.contents().hash(hasher);
        }
        for sub in dir.dirs() {
            visit(sub, hasher);
        }
    }
    let mut hasher = DefaultHasher::new();
    visit(dir, &mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_copy_holds_every_kind_of_asset() {
        for folder in [
            "themes/default",
            "themes/high-contrast",
            "locales/en",
            "locales/es",
        ] {
            assert!(BUILT_IN.get_dir(folder).is_some(), "{folder}");
        }
        assert!(BUILT_IN.get_file("themes/default/theme.ron").is_some());
        assert!(
            BUILT_IN
                .get_dir("lessons")
                .is_some_and(|d| d.files().count() >= 16)
        );
        assert!(
            BUILT_IN
                .get_dir("puzzles")
                .is_some_and(|d| d.files().count() >= 3)
        );
    }

    #[test]
    fn written_out_once_and_reused() {
        let cache = tempfile::tempdir().expect("temp dir");
        let dir = cache.path().join("assets-test");
        write_out(&BUILT_IN, &dir).expect("written");
        let manifest = dir.join("themes/default/theme.ron");
        let original = std::fs::read(&manifest).expect("the manifest is there");
        assert_eq!(
            original,
            BUILT_IN
                .get_file("themes/default/theme.ron")
                .map(|f| f.contents().to_vec())
                .unwrap_or_default()
        );
        // A second start finds the copy and leaves it as it is.
        std::fs::write(&manifest, b"changed").expect("writable");
        write_out(&BUILT_IN, &dir).expect("reused");
        assert_eq!(std::fs::read(&manifest).expect("read"), b"changed");
        // Nothing half-written is left beside it.
        let leftovers: Vec<_> = std::fs::read_dir(cache.path())
            .expect("listed")
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name() != "assets-test")
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_an_error_not_a_panic() {
        let cache = tempfile::tempdir().expect("temp dir");
        let blocker = cache.path().join("file");
        std::fs::write(&blocker, b"not a folder").expect("written");
        let err = write_out(&BUILT_IN, &blocker.join("assets")).expect_err("a file is in the way");
        assert!(!err.to_string().is_empty());
    }
}
