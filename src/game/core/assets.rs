//! Where the game's files are: the assets folder (themes, locales,
//! lessons and puzzles).

use std::path::{Path, PathBuf};

/// The assets folder: `$BEVY_ASSET_ROOT/assets` if that variable is set,
/// `$CARGO_MANIFEST_DIR/assets` under `cargo run`, else `assets` next to
/// the executable, else the nearest `assets` folder holding themes above the
/// executable (`target/release/hive` in a checkout), else the checkout the
/// game was built from.
pub fn assets_dir() -> PathBuf {
    let has_themes = |dir: &Path| dir.join("themes").is_dir();
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = std::env::var_os(var) {
            return PathBuf::from(root).join("assets");
        }
    }
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    if let Some(exe_dir) = &exe_dir {
        for dir in exe_dir.ancestors() {
            let assets = dir.join("assets");
            if has_themes(&assets) {
                return assets;
            }
        }
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    if has_themes(&built_from) {
        return built_from;
    }
    exe_dir.unwrap_or_default().join("assets")
}
