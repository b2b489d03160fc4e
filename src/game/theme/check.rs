//! `hive theme check`: every theme offered (the built-in ones and the
//! player's) loaded as the game loads it, through Bevy's asset server in a
//! headless app, resolved on top of the default theme, and each file it
//! names checked as the game checks it (there, readable, a PNG or a WAV).
//! What a copied or installed binary runs to show its files are whole.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;

use super::manifest::{DEFAULT_THEME, ResolvedTheme, resolve, resolve_in};
use super::problem::ManifestProblem;
use super::{ThemeChoice, ThemeSource, check_file, manifests_plugin, register_player_themes};

/// One theme checked: its id, name, and what was wrong (nothing: good).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The theme's id (its folder).
    pub id: String,
    /// Its name, as the menu shows it.
    pub name: String,
    /// The warnings the game would log for it.
    pub problems: Vec<String>,
}

/// Why the themes could not be checked at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeCheckError {
    /// The manifests did not all load within the limit given.
    #[error("the themes' manifests did not load within {} s", .0.as_secs())]
    TimedOut(Duration),
    /// The default theme, which every other is resolved on, is not offered.
    #[error("the default theme is missing")]
    NoDefault,
}

/// Loads and checks every theme of `choice`; `Err` when the manifests did
/// not all load within `limit`.
pub fn check_themes(
    choice: &ThemeChoice,
    limit: Duration,
) -> Result<Vec<Checked>, ThemeCheckError> {
    let mut app = App::new();
    register_player_themes(&mut app, choice);
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: choice.assets.to_string_lossy().into_owned(),
            ..default()
        },
    ));
    manifests_plugin(&mut app);
    let themes = choice.available();
    let handles: Vec<(String, Handle<ThemeSource>)> = themes
        .iter()
        .map(|theme| {
            let server = app.world().resource::<AssetServer>();
            (theme.id.clone(), server.load(choice.manifest_of(&theme.id)))
        })
        .collect();
    let start = Instant::now();
    let settled = |app: &App| {
        let server = app.world().resource::<AssetServer>();
        handles.iter().all(|(_, handle)| {
            matches!(
                server.load_state(handle.id()),
                LoadState::Loaded | LoadState::Failed(_)
            )
        })
    };
    while !settled(&app) {
        if start.elapsed() > limit {
            return Err(ThemeCheckError::TimedOut(limit));
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let text = |handle: &Handle<ThemeSource>| -> Result<String, ManifestProblem> {
        let world = app.world();
        match world.resource::<AssetServer>().load_state(handle.id()) {
            LoadState::Failed(err) => Err(ManifestProblem::NotLoaded(err.to_string())),
            _ => world
                .resource::<Assets<ThemeSource>>()
                .get(handle)
                .map_or_else(
                    || Err(ManifestProblem::NotLoaded("not loaded".into())),
                    |source| source.0.clone(),
                ),
        }
    };
    let check = |path: &str| check_file(choice, &HashMap::new(), path);
    let default_handle = handles
        .iter()
        .find(|(id, _)| id == DEFAULT_THEME)
        .map(|(_, handle)| handle.clone())
        .ok_or(ThemeCheckError::NoDefault)?;
    let default_text = text(&default_handle);
    let default = resolve(
        DEFAULT_THEME,
        default_text.as_deref().map_err(Clone::clone),
        &ResolvedTheme::builtin(),
        &check,
    );
    Ok(handles
        .iter()
        .map(|(id, handle)| {
            let resolved = if id == DEFAULT_THEME {
                default.clone()
            } else {
                let own = text(handle);
                resolve_in(
                    id,
                    &choice.dir_of(id),
                    own.as_deref().map_err(Clone::clone),
                    &default.theme,
                    &check,
                )
            };
            Checked {
                id: id.clone(),
                name: resolved.theme.name.clone(),
                problems: resolved.warnings,
            }
        })
        .collect())
}
