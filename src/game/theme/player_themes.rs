//! The player's own themes: `hive theme new NAME [--from THEME]` copies a
//! theme into the `themes` folder of the data directory, where the game
//! offers it beside the built-in ones and reloads it live.

use std::path::{Path, PathBuf};

use super::ThemeChoice;
use super::manifest::{self, MANIFEST_FILE};

/// Why a theme could not be made.
#[derive(Debug, thiserror::Error)]
pub enum NewThemeError {
    /// The name cannot name a theme folder.
    #[error("\"{0}\" cannot name a theme: use letters, digits, - and _ (at most 64)")]
    BadName(String),
    /// A built-in theme has that name.
    #[error("\"{0}\" is the name of a built-in theme: choose another")]
    BuiltIn(String),
    /// The player has a theme of that name already.
    #[error("a theme \"{name}\" is already at {}", .dir.display())]
    Exists {
        /// The name.
        name: String,
        /// Its folder.
        dir: PathBuf,
    },
    /// No theme to copy has that name.
    #[error("no theme \"{0}\" to copy (see the menu's Theme list)")]
    NoSuchTheme(String),
    /// There is no data directory to keep themes in.
    #[error("no folder for your themes: set HIVE_DATA_DIR or --data-dir")]
    NoFolder,
    /// Reading or writing failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
}

/// Copies theme `from` (built-in or the player's) to a new theme `name` in
/// the player's folder, its manifest's `name` set to `name`, and returns
/// the new folder. Written into a temporary folder beside it first, so a
/// failed copy leaves nothing half-made.
pub fn new_player_theme(
    choice: &ThemeChoice,
    name: &str,
    from: &str,
) -> Result<PathBuf, NewThemeError> {
    if !manifest::is_valid_theme_name(name) {
        return Err(NewThemeError::BadName(name.to_string()));
    }
    if choice
        .assets
        .join(manifest::builtin_theme_dir(name))
        .exists()
    {
        return Err(NewThemeError::BuiltIn(name.to_string()));
    }
    let player = choice.player.as_ref().ok_or(NewThemeError::NoFolder)?;
    let target = player.join(name);
    if target.exists() {
        return Err(NewThemeError::Exists {
            name: name.to_string(),
            dir: target,
        });
    }
    if !manifest::is_valid_theme_name(from) {
        return Err(NewThemeError::NoSuchTheme(from.to_string()));
    }
    let source = choice.file(&choice.dir_of(from));
    if !source.join(MANIFEST_FILE).is_file() {
        return Err(NewThemeError::NoSuchTheme(from.to_string()));
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| NewThemeError::Io { path, source }
    };
    std::fs::create_dir_all(player).map_err(io(player))?;
    let staging = tempfile::Builder::new()
        .prefix(".theme-")
        .tempdir_in(player)
        .map_err(io(player))?;
    copy_folder(&source, staging.path())?;
    let manifest_file = staging.path().join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&manifest_file).map_err(io(&manifest_file))?;
    std::fs::write(&manifest_file, renamed(&text, name)).map_err(io(&manifest_file))?;
    std::fs::rename(staging.path(), &target).map_err(io(&target))?;
    // Renamed away: nothing left for the guard to remove.
    let _ = staging.keep();
    Ok(target)
}

/// The manifest's text with its `name:` line saying `name` (added after
/// the opening parenthesis when there is none); comments and the rest kept.
fn renamed(text: &str, name: &str) -> String {
    let line = format!("    name: \"{name}\",");
    let is_name = |row: &str| row.trim_start().starts_with("name:");
    let has_name = text.lines().any(is_name);
    let mut out = Vec::new();
    let mut done = false;
    for row in text.lines() {
        if !done && has_name && is_name(row) {
            out.push(line.clone());
            done = true;
            continue;
        }
        out.push(row.to_string());
        if !done && !has_name && row.trim() == "(" {
            out.push(line.clone());
            done = true;
        }
    }
    let mut joined = out.join("\n");
    joined.push('\n');
    joined
}

/// Copies the files and folders in `from` into `to` (which exists).
fn copy_folder(from: &Path, to: &Path) -> Result<(), NewThemeError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| NewThemeError::Io { path, source }
    };
    for entry in std::fs::read_dir(from).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            std::fs::create_dir(&dest).map_err(io(&dest))?;
            copy_folder(&path, &dest)?;
        } else {
            std::fs::copy(&path, &dest).map_err(io(&dest))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_line_is_replaced_or_added() {
        let text = "// a comment\n(\n    name: \"Default\",\n    grid: \"#000000\",\n)\n";
        assert_eq!(
            renamed(text, "mine"),
            "// a comment\n(\n    name: \"mine\",\n    grid: \"#000000\",\n)\n"
        );
        let nameless = "(\n    grid: \"#000000\",\n)\n";
        // A name further down is replaced, not doubled.
        let late = "(\n    grid: \"#000000\",\n    name: \"Old\",\n)\n";
        assert_eq!(
            renamed(late, "mine"),
            "(\n    grid: \"#000000\",\n    name: \"mine\",\n)\n"
        );
        assert_eq!(
            renamed(nameless, "mine"),
            "(\n    name: \"mine\",\n    grid: \"#000000\",\n)\n"
        );
    }
}
