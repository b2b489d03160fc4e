//! Which themes there are and where: the built-in ones in the assets
//! folder, the player's own in the data directory.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::manifest;
use crate::game::core::assets_dir;

/// Where the themes are: the built-in ones in the assets folder, the
/// player's own in the `themes` folder of the data directory (served as
/// the [`PLAYER_SOURCE`](manifest::PLAYER_SOURCE) asset source, so they
/// reload live there too). The
/// theme drawn is the settings' ([`Settings::theme`](crate::game::core::Settings::theme)), or the command
/// line's `--theme` ([`LaunchSettings`](crate::game::core::LaunchSettings)) until the player picks another.
#[derive(Resource, Debug, Clone)]
pub struct ThemeChoice {
    /// The assets folder, as found by [`assets_dir`].
    pub assets: PathBuf,
    /// The player's themes folder (`<data>/themes`), when there is one.
    pub player: Option<PathBuf>,
}

impl Default for ThemeChoice {
    fn default() -> ThemeChoice {
        ThemeChoice {
            assets: assets_dir(),
            player: None,
        }
    }
}

/// A theme to choose from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeEntry {
    /// Its folder's name, what the settings keep.
    pub id: String,
    /// The name its manifest gives (its id if none).
    pub name: String,
    /// Whether it is in the player's folder.
    pub players: bool,
}

impl ThemeChoice {
    /// The built-in themes and the player's `themes` folder in the data
    /// directory `data` (created if missing; `None` if it cannot be).
    pub fn with_player_folder(data: Option<&Path>) -> ThemeChoice {
        let player = data
            .map(|data| data.join(manifest::THEMES_DIR))
            .filter(|dir| std::fs::create_dir_all(dir).is_ok());
        ThemeChoice {
            assets: assets_dir(),
            player,
        }
    }

    /// The asset folder of theme `id`: the built-in one if there is one
    /// (their names are taken), else the player's.
    pub fn dir_of(&self, id: &str) -> String {
        let builtin = manifest::builtin_theme_dir(id);
        match &self.player {
            Some(player)
                if !self.assets.join(&builtin).is_dir()
                    && player.join(id).join(manifest::MANIFEST_FILE).is_file() =>
            {
                manifest::player_theme_dir(id)
            }
            _ => builtin,
        }
    }

    /// The asset path of theme `id`'s manifest.
    pub fn manifest_of(&self, id: &str) -> String {
        format!("{}/{}", self.dir_of(id), manifest::MANIFEST_FILE)
    }

    /// The file an asset path names (`mods://x` in the player's folder).
    pub fn file(&self, path: &str) -> PathBuf {
        let player_prefix = format!("{}://", manifest::PLAYER_SOURCE);
        match (path.strip_prefix(&player_prefix), &self.player) {
            (Some(rest), Some(player)) => player.join(rest),
            _ => self.assets.join(path),
        }
    }

    /// Every theme with a manifest: the built-in ones, then the player's
    /// (but one named like a built-in one, whose name is taken), each list
    /// by id.
    pub fn available(&self) -> Vec<ThemeEntry> {
        let list = |dir: &Path, players: bool| -> Vec<ThemeEntry> {
            let mut found: Vec<ThemeEntry> = std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .filter_map(|entry| {
                    let id = entry.file_name().to_str()?.to_string();
                    let manifest = entry.path().join(manifest::MANIFEST_FILE);
                    if !manifest::is_valid_theme_name(&id) || !manifest.is_file() {
                        return None;
                    }
                    let name = std::fs::read_to_string(&manifest)
                        .ok()
                        .and_then(|text| manifest::parse(&text).ok())
                        .and_then(|m| m.name)
                        .filter(|name| !name.trim().is_empty())
                        .unwrap_or_else(|| id.clone());
                    Some(ThemeEntry { id, name, players })
                })
                .collect();
            found.sort_by(|a, b| a.id.cmp(&b.id));
            found
        };
        let mut all = list(&self.assets.join(manifest::THEMES_DIR), false);
        let players = self
            .player
            .as_deref()
            .map(|dir| list(dir, true))
            .unwrap_or_default();
        let players: Vec<ThemeEntry> = players
            .into_iter()
            .filter(|own| !all.iter().any(|builtin| builtin.id == own.id))
            .collect();
        all.extend(players);
        all
    }
}
