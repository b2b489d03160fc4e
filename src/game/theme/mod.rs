//! Themes: the images, colours and sounds of the game, read from
//! `assets/themes/<name>/theme.ron` and reloaded live while the game runs.
//!
//! The theme named by `--theme` (or the settings' `theme`) is resolved on
//! top of the default theme (see [`manifest`] for the rules); the result is
//! the [`Theme`] resource, whose image handles and colours `tiles` draws
//! with (and the keyboard cursor can use: [`Theme::cursor`]). Both
//! manifests are Bevy assets: when one is saved, the theme is resolved
//! again and every piece redressed; changed images reload by themselves
//! (Bevy's file watcher). An image that exists but cannot be decoded is
//! reported once and replaced by the default theme's, until it is fixed.
//! A bad mod never stops the game: each problem is one warning line.

pub mod check;
mod choice;
mod loader;
pub mod manifest;
mod overlay;
mod palette;
pub mod panel_colors;
pub mod player_themes;
pub mod problem;
mod resolver;
mod rgba;
pub mod tiles;

pub use choice::{ThemeChoice, ThemeEntry};
pub use loader::ThemeSource;
use loader::ThemeSourceLoader;

pub use crate::game::core::assets_dir;
pub use palette::{bug_color, side_color};

use std::collections::{HashMap, HashSet};
use std::io::Read;

use bevy::asset::LoadState;
use bevy::prelude::*;

use self::manifest::{
    DEFAULT_THEME, ResolvedTheme, TintedImage, bug_index, choose_theme, manifest_path, resolve,
    resolve_in, side_index,
};
use self::problem::{FileProblem, ManifestMissing, ManifestProblem};
use crate::game::board::hex_grid::HexGrid;
use crate::game::core::Settings;
use crate::rules::{self, Bug};

pub(super) fn plugin(app: &mut App) {
    manifests_plugin(app);
    if !app.world().contains_resource::<ThemeChoice>() {
        app.insert_resource(ThemeChoice::default());
    }
    app.add_plugins(tiles::plugin);
    app.add_systems(Startup, start_loading);
    app.add_systems(
        Update,
        (
            follow_theme_setting,
            notice_changes,
            apply_theme.run_if(|m: Res<ThemeManifests>| m.dirty),
            apply_table_colors,
        )
            .chain(),
    );
}

/// The manifests as assets: `theme.ron` files load as [`ThemeSource`]
/// text (the rest of the theme needs a renderer; this does not).
pub fn manifests_plugin(app: &mut App) {
    app.init_asset::<ThemeSource>();
    app.register_asset_loader(ThemeSourceLoader);
}

/// Serves the player's themes folder of `choice` (if any) as the
/// [`PLAYER_SOURCE`](manifest::PLAYER_SOURCE) asset source, watched for changes like the assets
/// folder. Called before the asset plugin is added.
pub fn register_player_themes(app: &mut App, choice: &ThemeChoice) {
    if let Some(player) = &choice.player {
        app.register_asset_source(
            manifest::PLAYER_SOURCE,
            bevy::asset::io::AssetSourceBuilder::platform_default(&player.to_string_lossy(), None),
        );
    }
}

/// An image to draw and the colour to tint it with.
#[derive(Debug, Clone, Default)]
pub struct ThemeImage {
    /// The image (reloads by itself when its file changes).
    pub image: Handle<Image>,
    /// Multiplied into the image.
    pub color: Color,
}

/// The theme in use: what `tiles` draws with. Replaced (so `is_changed`)
/// whenever a manifest changes.
#[derive(Resource, Debug, Clone)]
pub struct Theme {
    /// Names, paths and colours as resolved.
    pub resolved: ResolvedTheme,
    /// Tile image per side, White first.
    pub tiles: [Handle<Image>; 2],
    /// The shadow under tiles.
    pub shadow: ThemeImage,
    /// Bug art, indexed by [`Theme::bug`].
    bugs: [[ThemeImage; 2]; 8],
    /// Piece-number colour per side.
    pub labels: [Color; 2],
    /// Icon side as a fraction of a tile's height.
    pub icon_scale: f32,
    /// A legal destination.
    pub destination: ThemeImage,
    /// A destination the AI considered.
    pub considered: ThemeImage,
    /// A cell a message is about.
    pub flash: ThemeImage,
    /// A cell a lesson's step lights.
    pub lesson: ThemeImage,
    /// The selected piece.
    pub selected: ThemeImage,
    /// A piece a pillbug can throw.
    pub throwable: ThemeImage,
    /// The last move's cells.
    pub last_move: ThemeImage,
    /// The cell under the mouse.
    pub hover: ThemeImage,
    /// The keyboard/gamepad cursor.
    pub cursor: ThemeImage,
    /// A piece of the side to move that has a legal move.
    pub movable: ThemeImage,
    /// The stack-height disc.
    pub badge: ThemeImage,
    /// Stack-height text colour.
    pub badge_text: Color,
    /// The table's colour.
    pub background: Color,
    /// Grid outline colour.
    pub grid: Color,
    /// Font for the numbers on tiles (`None`: Bevy's default).
    pub font: Option<Handle<Font>>,
    /// Each sound of [`manifest::SOUND_NAMES`], in that order (`None`: silent).
    pub sounds: [Option<Handle<AudioSource>>; manifest::SOUND_NAMES.len()],
}

impl Theme {
    fn load(resolved: ResolvedTheme, assets: &AssetServer) -> Theme {
        let image = |t: &TintedImage| ThemeImage {
            image: assets.load(t.image.clone()),
            color: color(t.color),
        };
        let o = &resolved.overlays;
        Theme {
            tiles: resolved.tiles.clone().map(|p| assets.load(p)),
            shadow: image(&resolved.shadow),
            bugs: resolved.bugs.clone().map(|sides| sides.map(|t| image(&t))),
            labels: resolved.labels.map(color),
            icon_scale: resolved.icon_scale,
            destination: image(&o.destination),
            considered: image(&o.considered),
            flash: image(&o.flash),
            lesson: image(&o.lesson),
            selected: image(&o.selected),
            throwable: image(&o.throwable),
            last_move: image(&o.last_move),
            hover: image(&o.hover),
            cursor: image(&o.cursor),
            movable: image(&o.movable),
            badge: image(&o.badge),
            badge_text: color(resolved.badge_text),
            background: color(resolved.background),
            grid: color(resolved.grid),
            font: resolved.font.clone().map(|p| assets.load(p)),
            sounds: resolved.sounds.clone().map(|p| p.map(|p| assets.load(p))),
            resolved,
        }
    }

    /// The art of `bug` on `side`.
    pub fn bug(&self, bug: Bug, side: rules::Color) -> &ThemeImage {
        &self.bugs[bug_index(bug)][side_index(side)]
    }

    /// The tile image of `side`.
    pub fn tile(&self, side: rules::Color) -> Handle<Image> {
        self.tiles[side_index(side)].clone()
    }
}

fn color(c: manifest::Rgba) -> Color {
    let [r, g, b, a] = c.to_f32();
    Color::srgba(r, g, b, a)
}

/// The manifests being watched and what went wrong with images.
#[derive(Resource)]
struct ThemeManifests {
    /// The chosen theme's folder name (`default` when none or a bad one).
    chosen: String,
    /// The default theme's manifest.
    default: Handle<ThemeSource>,
    /// The chosen theme's manifest, unless it is the default.
    chosen_source: Option<Handle<ThemeSource>>,
    /// A warning already given about the chosen theme's folder.
    missing: Option<String>,
    /// Resolve again once the manifests have loaded.
    dirty: bool,
    /// Images that failed to decode, kept loaded so a fix reloads them.
    broken: HashMap<String, (Handle<Image>, String)>,
    /// The warnings of the theme applied last, so the same theme applied
    /// again (one save can bring two asset events) repeats none.
    logged: HashSet<String>,
    /// The theme applied last.
    last: Option<ResolvedTheme>,
    /// Where the themes are.
    choice: ThemeChoice,
    /// The chosen theme's asset folder.
    chosen_dir: String,
    /// The theme asked for (the settings' or the command line's).
    asked: Option<String>,
}

fn start_loading(
    mut commands: Commands,
    choice: Res<ThemeChoice>,
    settings: Res<Settings>,
    assets: Res<AssetServer>,
) {
    let asked = Some(settings.wanted_theme().to_string());
    if !choice.assets.is_dir() {
        warn!(
            "assets folder {} not found (set BEVY_ASSET_ROOT to the folder holding assets/); pieces will be missing",
            choice.assets.display()
        );
    }
    // Something to draw with until the manifests are read.
    commands.insert_resource(Theme::load(ResolvedTheme::builtin(), &assets));
    commands.insert_resource(ThemeManifests::load(asked, &choice, &assets));
}

/// The theme asked for, loaded again when it changes: the command line's
/// `--theme` until the player picks one in the menu (which drops it), else
/// the settings'.
fn follow_theme_setting(
    settings: Res<Settings>,
    manifests: Option<ResMut<ThemeManifests>>,
    choice: Res<ThemeChoice>,
    assets: Res<AssetServer>,
) {
    let Some(mut manifests) = manifests else {
        return;
    };
    if !settings.is_changed() {
        return;
    }
    let asked = settings.wanted_theme().to_string();
    if manifests.asked.as_deref() == Some(asked.as_str()) {
        return;
    }
    let last = manifests.last.take();
    *manifests = ThemeManifests::load(Some(asked), &choice, &assets);
    manifests.last = last;
}

impl ThemeManifests {
    /// The manifests of theme `asked` (`None`: the default) to load.
    fn load(asked: Option<String>, choice: &ThemeChoice, assets: &AssetServer) -> ThemeManifests {
        let (chosen, missing) = choose_theme(asked.as_deref(), &|path| {
            let builtin = choice.assets.join(path);
            let players = path
                .strip_prefix(manifest::THEMES_DIR)
                .zip(choice.player.as_ref())
                .map(|(rest, player)| player.join(rest.trim_start_matches('/')));
            if builtin.is_file() || players.as_ref().is_some_and(|p| p.is_file()) {
                Ok(())
            } else {
                Err(ManifestMissing { looked_at: builtin })
            }
        });
        let chosen_source =
            (chosen != DEFAULT_THEME).then(|| assets.load(choice.manifest_of(&chosen)));
        ThemeManifests {
            chosen_dir: choice.dir_of(&chosen),
            chosen,
            default: assets.load(manifest_path(DEFAULT_THEME)),
            chosen_source,
            missing,
            dirty: true,
            broken: HashMap::new(),
            logged: HashSet::new(),
            last: None,
            choice: choice.clone(),
            asked,
        }
    }
}

/// Marks the theme for resolving again when a manifest changes, and notices
/// images that failed to load (or loaded again after a fix).
fn notice_changes(
    mut sources: MessageReader<AssetEvent<ThemeSource>>,
    mut images: MessageReader<AssetEvent<Image>>,
    mut manifests: ResMut<ThemeManifests>,
    theme: Option<Res<Theme>>,
    assets: Res<AssetServer>,
) {
    let ours = |id: AssetId<ThemeSource>, m: &ThemeManifests| {
        id == m.default.id() || m.chosen_source.as_ref().is_some_and(|h| h.id() == id)
    };
    for event in sources.read() {
        if let AssetEvent::Modified { id } | AssetEvent::LoadedWithDependencies { id } = *event
            && ours(id, &manifests)
        {
            manifests.dirty = true;
        }
    }
    // A broken image that loads now (fixed and saved): use it again.
    for event in images.read() {
        if let AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } = *event {
            let fixed: Vec<String> = manifests
                .broken
                .iter()
                .filter(|(_, (handle, _))| handle.id() == id)
                .map(|(path, _)| path.clone())
                .collect();
            for path in fixed {
                manifests.broken.remove(&path);
                manifests.dirty = true;
            }
        }
    }
    let Some(theme) = theme else { return };
    let mut handles: Vec<&Handle<Image>> = theme.tiles.iter().collect();
    handles.extend(theme.bugs.iter().flatten().map(|t| &t.image));
    for t in [
        &theme.shadow,
        &theme.destination,
        &theme.selected,
        &theme.throwable,
        &theme.last_move,
        &theme.hover,
        &theme.cursor,
        &theme.badge,
    ] {
        handles.push(&t.image);
    }
    let mut newly_broken = Vec::new();
    for handle in handles {
        if let LoadState::Failed(err) = assets.load_state(handle.id())
            && let Some(path) = handle.path().map(|p| p.to_string().replace('\\', "/"))
            && !manifests.broken.contains_key(&path)
        {
            newly_broken.push((path, handle.clone(), short_error(&err.to_string())));
        }
    }
    for (path, handle, err) in newly_broken {
        manifests.broken.insert(path, (handle, err));
        manifests.dirty = true;
    }
}

/// The heart of an asset error: Bevy's nest of "while loading X: reading
/// Y: ..." reduced to its last part ("Invalid PNG signature").
fn short_error(err: &str) -> String {
    let line = err.lines().next().unwrap_or(err);
    let last = line.rsplit(": ").next().unwrap_or(line);
    last.trim().trim_end_matches('.').to_string()
}

/// Whether the file at asset path `path` can be used: it exists and, for a
/// PNG or a WAV, starts like one; images that failed to decode are refused with
/// their error.
fn check_file(
    choice: &ThemeChoice,
    broken: &HashMap<String, (Handle<Image>, String)>,
    path: &str,
) -> Result<(), FileProblem> {
    if let Some((_, err)) = broken.get(path) {
        return Err(FileProblem::Undecodable(err.clone()));
    }
    let full = choice.file(path);
    let mut file = std::fs::File::open(&full).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => FileProblem::Missing,
        _ => FileProblem::Unreadable(e.to_string()),
    })?;
    if path.to_ascii_lowercase().ends_with(".wav") {
        let mut head = [0u8; 12];
        if file.read_exact(&mut head).is_err() || &head[..4] != b"RIFF" || &head[8..] != b"WAVE" {
            return Err(FileProblem::NotWav);
        }
    }
    if path.to_ascii_lowercase().ends_with(".png") {
        const PNG: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
        let mut head = [0u8; 8];
        if file.read_exact(&mut head).is_err() || head != PNG {
            return Err(FileProblem::NotPng);
        }
    }
    Ok(())
}

/// Resolves the default theme, then the chosen one on top, and replaces
/// the [`Theme`]; waits while a manifest is still loading.
fn apply_theme(
    mut commands: Commands,
    mut manifests: ResMut<ThemeManifests>,
    sources: Res<Assets<ThemeSource>>,
    assets: Res<AssetServer>,
) {
    let text = |handle: &Handle<ThemeSource>| -> Option<Result<String, ManifestProblem>> {
        match assets.load_state(handle.id()) {
            LoadState::Loaded => Some(sources.get(handle).map_or_else(
                || Err(ManifestProblem::NotLoaded("not loaded".to_string())),
                |s| s.0.clone(),
            )),
            LoadState::Failed(err) => Some(Err(ManifestProblem::NotLoaded(short_error(
                &err.to_string(),
            )))),
            LoadState::NotLoaded | LoadState::Loading => None,
        }
    };
    let Some(default_text) = text(&manifests.default) else {
        return;
    };
    let chosen_text = match &manifests.chosen_source {
        Some(handle) => match text(handle) {
            Some(t) => Some(t),
            None => return,
        },
        None => None,
    };
    manifests.dirty = false;
    let m = &*manifests;
    let check = |path: &str| check_file(&m.choice, &m.broken, path);
    let builtin = ResolvedTheme::builtin();
    let default = resolve(
        DEFAULT_THEME,
        default_text.as_deref().map_err(Clone::clone),
        &builtin,
        &check,
    );
    let mut warnings = default.warnings;
    let resolved = match chosen_text {
        Some(t) => {
            let chosen = resolve_in(
                &m.chosen,
                &m.chosen_dir,
                t.as_deref().map_err(Clone::clone),
                &default.theme,
                &check,
            );
            warnings.extend(chosen.warnings);
            chosen.theme
        }
        None => default.theme,
    };
    warnings.extend(m.missing.clone());
    for warning in &warnings {
        if !manifests.logged.contains(warning) {
            warn!("{warning}");
        }
    }
    manifests.logged = warnings.into_iter().collect();
    if manifests.last.as_ref() == Some(&resolved) {
        return;
    }
    info!("theme \"{}\" ({}) applied", resolved.id, resolved.name);
    manifests.last = Some(resolved.clone());
    commands.insert_resource(Theme::load(resolved, &assets));
}

/// The table and the grid in the theme's colours.
fn apply_table_colors(
    theme: Option<Res<Theme>>,
    mut clear: ResMut<ClearColor>,
    grids: Query<(Ref<HexGrid>, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(theme) = theme else { return };
    if theme.is_changed() {
        clear.0 = theme.background;
    }
    for (grid, material) in &grids {
        if (theme.is_changed() || grid.is_added())
            && let Some(mut material) = materials.get_mut(&material.0)
        {
            material.color = theme.grid;
        }
    }
}
