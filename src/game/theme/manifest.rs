//! A theme's manifest (`assets/themes/<name>/theme.ron`): parsing,
//! checking and falling back, with no Bevy in sight so tests run it alone.
//!
//! [`ThemeManifest`] is what the file says; every field may be left out.
//! [`resolve`] turns it into a complete [`ResolvedTheme`] on top of a base
//! theme (the default theme, itself resolved on top of
//! [`ResolvedTheme::builtin`]): a missing entry takes the base's value
//! quietly, a wrong one (a colour that does not parse, a path that is
//! absolute, leaves the theme folder, is not a PNG or names no file, an
//! unknown bug or sound) takes it with one warning line naming the theme, the entry,
//! the file and the problem. A manifest that cannot be read at all gives the
//! whole base theme and one warning. Nothing here panics on a bad file.

use super::panel_colors::{ResolvedUi, UiColors};
use super::problem::{FileProblem, ManifestMissing, ManifestProblem};
use super::resolver::Resolver;
use super::rgba::rgba;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rules::{self, Bug};

pub use super::overlay::{Overlay, TintedImage};
pub use super::rgba::Rgba;

/// The theme every other theme falls back on.
pub const DEFAULT_THEME: &str = "default";
/// Where themes live inside the assets folder.
pub const THEMES_DIR: &str = "themes";
/// The manifest's file name inside a theme's folder.
pub const MANIFEST_FILE: &str = "theme.ron";

/// The sounds a theme plays, as the manifest's `sounds` keys name them
/// (the default theme's files are `sounds/<name>.wav`).
pub const SOUND_NAMES: [&str; 8] = [
    "place",
    "move",
    "climb",
    "throw",
    "illegal",
    "ai-move",
    "clock-tick",
    "game-end",
];

/// The asset source of the player's own themes: the folder `themes` in the
/// data directory, so a theme `name` there has the asset paths
/// `mods://<name>/...`.
pub const PLAYER_SOURCE: &str = "mods";

/// The asset path of theme `name`'s manifest (`themes/<name>/theme.ron`).
pub fn manifest_path(name: &str) -> String {
    format!("{}/{MANIFEST_FILE}", builtin_theme_dir(name))
}

/// The asset folder of the built-in theme `name` (`themes/<name>`).
pub fn builtin_theme_dir(name: &str) -> String {
    format!("{THEMES_DIR}/{name}")
}

/// The asset folder of the player's theme `name` (`mods://<name>`).
pub fn player_theme_dir(name: &str) -> String {
    format!("{PLAYER_SOURCE}://{name}")
}

/// Whether `name` can name a theme folder: letters, digits, `-` and `_`.
pub fn is_valid_theme_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The theme to load when `asked` is asked for (`None`: the default), and
/// why it is not the one asked for. `manifest` says whether a manifest's
/// asset path names a file, and if not, the full path that was looked at.
pub fn choose_theme(
    asked: Option<&str>,
    manifest: &dyn Fn(&str) -> Result<(), ManifestMissing>,
) -> (String, Option<String>) {
    let fallback = |why: String| {
        (
            DEFAULT_THEME.to_string(),
            Some(format!("{why}; using the default theme")),
        )
    };
    match asked {
        None => (DEFAULT_THEME.to_string(), None),
        Some(name) if !is_valid_theme_name(name) => fallback(format!(
            "theme \"{name}\": not a theme folder name (letters, digits, - and _)"
        )),
        Some(name) => match manifest(&manifest_path(name)) {
            Ok(()) => (name.to_string(), None),
            Err(missing) => fallback(format!("theme \"{name}\": {missing}")),
        },
    }
}

/// The key of each bug in a manifest's `bugs` map: the rules' one name
/// table ([`Bug::key`]).
pub fn bug_key(bug: Bug) -> &'static str {
    bug.key()
}

/// What a `theme.ron` file says. Every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThemeManifest {
    /// The name shown to players (the folder name if left out).
    pub name: Option<String>,
    /// The table behind the board, a colour like `"#1c1e23"`.
    pub background: Option<String>,
    /// The outlines of the empty grid cells.
    pub grid: Option<String>,
    /// The tile image of each side.
    pub tiles: Sides,
    /// The shadow under every tile (stronger under stacked pieces).
    pub shadow: Overlay,
    /// Each bug's art, keyed by [`bug_key`].
    pub bugs: BTreeMap<String, BugArt>,
    /// Multiplied into a bug's `icon` on each side (not into per-side images).
    pub icon_tint: Sides,
    /// The colour of the small piece numbers (`A1`, `A2`...) on each side.
    pub labels: Sides,
    /// The icon's size as a fraction of a tile's height (0.1 to 1.5).
    pub icon_scale: Option<f32>,
    /// Highlights and markers drawn over the board.
    pub overlays: Overlays,
    /// The colour of the height written on a stack's badge.
    pub badge_text: Option<String>,
    /// A TrueType/OpenType font for the numbers on tiles (Bevy's own if left out).
    pub font: Option<String>,
    /// The panels' colours: menus, labels, the message and help lines.
    pub ui: UiColors,
    /// A WAV file per sound, keyed by [`SOUND_NAMES`]; `None` silences it.
    pub sounds: BTreeMap<String, Option<String>>,
}

/// One value per side.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sides {
    /// White's.
    pub white: Option<String>,
    /// Black's.
    pub black: Option<String>,
}

/// A bug's art: one `icon` tinted per side by `icon_tint`, or an image per
/// side (`white`, `black`, drawn as they are), or both (a side's own image
/// wins).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BugArt {
    /// One image for both sides, tinted by `icon_tint`.
    pub icon: Option<String>,
    /// White's own image.
    pub white: Option<String>,
    /// Black's own image.
    pub black: Option<String>,
}

/// Every overlay the board draws.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// A cell the selected piece can go to.
    pub destination: Overlay,
    /// A cell the AI considered before moving (its own colour, so that it
    /// does not look clickable).
    pub considered: Overlay,
    /// The cells a message is about ("next to the black Queen Bee"): they
    /// pulse a few times when it is shown.
    pub flash: Overlay,
    /// The cells a lesson's step lights (while its words are shown): a
    /// colour of their own, apart from the flash of a refused move.
    pub lesson: Overlay,
    /// The selected piece.
    pub selected: Overlay,
    /// A piece the selected pillbug can throw.
    pub throwable: Overlay,
    /// Where the last move started and ended.
    pub last_move: Overlay,
    /// The cell under the mouse pointer.
    pub hover: Overlay,
    /// The keyboard and gamepad cursor.
    pub cursor: Overlay,
    /// On the side to move's pieces that have a legal move.
    pub movable: Overlay,
    /// The disc showing a stack's height.
    pub badge: Overlay,
}

/// All overlays, settled.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedOverlays {
    /// A cell the selected piece can go to.
    pub destination: TintedImage,
    /// A cell the AI considered before moving.
    pub considered: TintedImage,
    /// The cells a message is about.
    pub flash: TintedImage,
    /// The cells a lesson's step lights.
    pub lesson: TintedImage,
    /// The selected piece.
    pub selected: TintedImage,
    /// A piece the selected pillbug can throw.
    pub throwable: TintedImage,
    /// Where the last move started and ended.
    pub last_move: TintedImage,
    /// The cell under the mouse pointer.
    pub hover: TintedImage,
    /// The keyboard and gamepad cursor.
    pub cursor: TintedImage,
    /// On the side to move's pieces that have a legal move.
    pub movable: TintedImage,
    /// The disc showing a stack's height.
    pub badge: TintedImage,
}

/// A complete theme: every image as an asset path that exists (or the
/// built-in default's path) and every colour parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedTheme {
    /// The theme's folder name.
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The table behind the board.
    pub background: Rgba,
    /// Grid outlines.
    pub grid: Rgba,
    /// Tile image per side, White first.
    pub tiles: [String; 2],
    /// The shadow under tiles.
    pub shadow: TintedImage,
    /// Bug art per bug (in `Bug::ALL` order) and side (White first).
    pub bugs: [[TintedImage; 2]; 8],
    /// Piece-number colour per side.
    pub labels: [Rgba; 2],
    /// Icon size as a fraction of a tile's height.
    pub icon_scale: f32,
    /// Highlights and markers.
    pub overlays: ResolvedOverlays,
    /// Stack badge text colour.
    pub badge_text: Rgba,
    /// Font for the numbers on tiles, if any.
    pub font: Option<String>,
    /// The panels' colours.
    pub ui: ResolvedUi,
    /// The asset path of each sound in [`SOUND_NAMES`] order (`None`: silent).
    pub sounds: [Option<String>; SOUND_NAMES.len()],
}

const WHITE: Rgba = rgba(255, 255, 255, 255);

impl ResolvedTheme {
    /// The default theme as written in code: the base under the shipped
    /// default manifest, used as it is if that manifest is missing.
    pub fn builtin() -> ResolvedTheme {
        let file = |rel: &str| format!("{THEMES_DIR}/{DEFAULT_THEME}/{rel}");
        let tinted = |rel: &str, color: Rgba| TintedImage {
            image: file(rel),
            color,
        };
        ResolvedTheme {
            id: DEFAULT_THEME.to_string(),
            name: "Default".to_string(),
            background: rgba(0x1c, 0x1e, 0x23, 255),
            grid: rgba(0x3d, 0x42, 0x4b, 255),
            tiles: [file("tiles/white.png"), file("tiles/black.png")],
            shadow: tinted("tiles/shadow.png", rgba(0, 0, 0, 0x80)),
            bugs: Bug::ALL.map(|bug| {
                let icon = tinted(&format!("bugs/{}.png", bug_key(bug)), WHITE);
                [icon.clone(), icon]
            }),
            labels: [rgba(0x5a, 0x4e, 0x38, 255), rgba(0xc8, 0xc8, 0xd0, 255)],
            icon_scale: 0.68,
            overlays: ResolvedOverlays {
                destination: tinted("overlays/destination.png", rgba(0x59, 0xd9, 0x7a, 0xb3)),
                considered: tinted("overlays/destination.png", rgba(0xb4, 0x8c, 0xff, 0xb3)),
                flash: tinted("overlays/selected.png", rgba(0xff, 0x5a, 0x5a, 255)),
                lesson: tinted("overlays/selected.png", rgba(0xff, 0x7a, 0xd9, 255)),
                selected: tinted("overlays/selected.png", rgba(0xff, 0xd2, 0x33, 255)),
                throwable: tinted("overlays/throwable.png", rgba(0xff, 0x8c, 0x26, 255)),
                last_move: tinted("overlays/last-move.png", rgba(0x5a, 0xa6, 0xff, 0xe6)),
                hover: tinted("overlays/hover.png", rgba(255, 255, 255, 0x66)),
                cursor: tinted("overlays/cursor.png", rgba(0x4d, 0xe1, 0xff, 255)),
                movable: tinted("overlays/movable.png", rgba(0x59, 0xd9, 0x7a, 0xe6)),
                badge: tinted("overlays/badge.png", rgba(0xff, 0xd8, 0x4d, 255)),
            },
            badge_text: rgba(0x1d, 0x18, 0x13, 255),
            font: None,
            ui: ResolvedUi::BUILTIN,
            sounds: SOUND_NAMES.map(|name| Some(file(&format!("sounds/{name}.wav")))),
        }
    }

    /// The art of `bug` on `side`.
    pub fn bug(&self, bug: Bug, side: rules::Color) -> &TintedImage {
        &self.bugs[bug_index(bug)][side_index(side)]
    }

    /// Every image path the theme uses, each once.
    pub fn image_paths(&self) -> Vec<&str> {
        let o = &self.overlays;
        let mut paths: Vec<&str> = self.tiles.iter().map(String::as_str).collect();
        paths.push(&self.shadow.image);
        paths.extend(self.bugs.iter().flatten().map(|art| art.image.as_str()));
        for overlay in [
            &o.destination,
            &o.considered,
            &o.flash,
            &o.lesson,
            &o.selected,
            &o.throwable,
            &o.last_move,
            &o.hover,
            &o.cursor,
            &o.movable,
            &o.badge,
        ] {
            paths.push(&overlay.image);
        }
        let mut seen = std::collections::HashSet::new();
        paths.retain(|p| seen.insert(*p));
        paths
    }
}

/// `bug`'s position in `Bug::ALL`.
pub fn bug_index(bug: Bug) -> usize {
    Bug::ALL.iter().position(|&b| b == bug).unwrap_or(0)
}

/// White 0, Black 1.
pub fn side_index(side: rules::Color) -> usize {
    match side {
        rules::Color::White => 0,
        rules::Color::Black => 1,
    }
}

/// A resolved theme and what was wrong on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    /// The theme to use.
    pub theme: ResolvedTheme,
    /// One line per problem, ready for the log.
    pub warnings: Vec<String>,
}

/// Parses a manifest's text (RON; `Some(x)` may be written `x`).
pub fn parse(text: &str) -> Result<ThemeManifest, ManifestProblem> {
    let ron =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    ron.from_str::<ThemeManifest>(text)
        .map_err(|e| ManifestProblem::Syntax(e.to_string().replace(['\n', '\r'], " ")))
}

/// Theme `id` from its manifest `text` (or the error reading it), on top
/// of `base`. `check` says whether an asset path names a usable file,
/// and if not, why ("no such file").
pub fn resolve(
    id: &str,
    text: Result<&str, ManifestProblem>,
    base: &ResolvedTheme,
    check: &dyn Fn(&str) -> Result<(), FileProblem>,
) -> Resolved {
    resolve_in(id, &builtin_theme_dir(id), text, base, check)
}

/// [`resolve`] for a theme whose files are in the asset folder `dir`
/// ([`builtin_theme_dir`] or [`player_theme_dir`]).
pub fn resolve_in(
    id: &str,
    dir: &str,
    text: Result<&str, ManifestProblem>,
    base: &ResolvedTheme,
    check: &dyn Fn(&str) -> Result<(), FileProblem>,
) -> Resolved {
    let manifest_file = format!("{dir}/{MANIFEST_FILE}");
    let mut theme = base.clone();
    theme.id = id.to_string();
    let mut warnings = Vec::new();
    let manifest = match text.and_then(parse) {
        Ok(manifest) => manifest,
        Err(problem) => {
            let problem = problem.to_string().replace(['\n', '\r'], " ");
            warnings.push(format!(
                "theme \"{id}\": {manifest_file}: {problem}; using the {} theme",
                base.id
            ));
            theme.id = base.id.clone();
            return Resolved { theme, warnings };
        }
    };
    let mut r = Resolver {
        id,
        dir: dir.to_string(),
        check,
        warnings: &mut warnings,
    };
    theme.name = manifest
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| id.to_string());
    r.color("background", &manifest.background, &mut theme.background);
    r.color("grid", &manifest.grid, &mut theme.grid);
    r.image("tiles.white", &manifest.tiles.white, &mut theme.tiles[0]);
    r.image("tiles.black", &manifest.tiles.black, &mut theme.tiles[1]);
    r.overlay("shadow", &manifest.shadow, &mut theme.shadow);
    let mut tints = [base.bugs[0][0].color, base.bugs[0][1].color];
    r.color("icon_tint.white", &manifest.icon_tint.white, &mut tints[0]);
    r.color("icon_tint.black", &manifest.icon_tint.black, &mut tints[1]);
    for (key, _) in manifest
        .bugs
        .iter()
        .filter(|(key, _)| !Bug::ALL.iter().any(|&b| bug_key(b) == key.as_str()))
    {
        let known: Vec<&str> = Bug::ALL.iter().map(|&b| bug_key(b)).collect();
        r.warn(format!(
            "bugs: unknown bug \"{key}\" ignored (the bugs are {})",
            known.join(", ")
        ));
    }
    for bug in Bug::ALL {
        let key = bug_key(bug);
        let art = manifest.bugs.get(key).cloned().unwrap_or_default();
        let slot = &mut theme.bugs[bug_index(bug)];
        let mut icon: Option<String> = None;
        if art.icon.is_some() {
            // A message names the base's art as the fallback.
            let mut path = slot[0].image.clone();
            if r.image(&format!("bugs.{key}.icon"), &art.icon, &mut path) {
                icon = Some(path);
            }
        }
        for (side, own, tint) in [(0, &art.white, tints[0]), (1, &art.black, tints[1])] {
            let side_name = ["white", "black"][side];
            let mut path = slot[side].image.clone();
            if own.is_some() && r.image(&format!("bugs.{key}.{side_name}"), own, &mut path) {
                slot[side] = TintedImage {
                    image: path,
                    color: WHITE,
                };
            } else if let Some(icon) = &icon {
                slot[side] = TintedImage {
                    image: icon.clone(),
                    color: tint,
                };
            }
        }
    }
    r.color("labels.white", &manifest.labels.white, &mut theme.labels[0]);
    r.color("labels.black", &manifest.labels.black, &mut theme.labels[1]);
    if let Some(scale) = manifest.icon_scale {
        if scale.is_finite() && (0.1..=1.5).contains(&scale) {
            theme.icon_scale = scale;
        } else {
            r.warn(format!(
                "icon_scale: {scale} is not between 0.1 and 1.5; using {}",
                base.icon_scale
            ));
        }
    }
    let (mo, to) = (&manifest.overlays, &mut theme.overlays);
    r.overlay("overlays.destination", &mo.destination, &mut to.destination);
    r.overlay("overlays.considered", &mo.considered, &mut to.considered);
    r.overlay("overlays.flash", &mo.flash, &mut to.flash);
    r.overlay("overlays.lesson", &mo.lesson, &mut to.lesson);
    r.overlay("overlays.selected", &mo.selected, &mut to.selected);
    r.overlay("overlays.throwable", &mo.throwable, &mut to.throwable);
    r.overlay("overlays.last_move", &mo.last_move, &mut to.last_move);
    r.overlay("overlays.hover", &mo.hover, &mut to.hover);
    r.overlay("overlays.cursor", &mo.cursor, &mut to.cursor);
    r.overlay("overlays.movable", &mo.movable, &mut to.movable);
    r.overlay("overlays.badge", &mo.badge, &mut to.badge);
    r.color("badge_text", &manifest.badge_text, &mut theme.badge_text);
    let (mu, tu) = (&manifest.ui, &mut theme.ui);
    for (field, value, out) in [
        ("ui.text", &mu.text, &mut tu.text),
        ("ui.weak_text", &mu.weak_text, &mut tu.weak_text),
        ("ui.strong_text", &mu.strong_text, &mut tu.strong_text),
        ("ui.panel", &mu.panel, &mut tu.panel),
        ("ui.window", &mu.window, &mut tu.window),
        ("ui.widget", &mu.widget, &mut tu.widget),
        ("ui.widget_hover", &mu.widget_hover, &mut tu.widget_hover),
        ("ui.selection", &mu.selection, &mut tu.selection),
        ("ui.notice", &mu.notice, &mut tu.notice),
        ("ui.accent", &mu.accent, &mut tu.accent),
        ("ui.warning", &mu.warning, &mut tu.warning),
        ("ui.error", &mu.error, &mut tu.error),
    ] {
        r.color(field, value, out);
    }
    if manifest.font.is_some() {
        let mut font = theme.font.clone().unwrap_or_default();
        if r.file(
            "font",
            &manifest.font,
            &["ttf", "otf"],
            &mut font,
            "the built-in font",
        ) {
            theme.font = Some(font);
        }
    }
    for key in manifest.sounds.keys() {
        if !SOUND_NAMES.contains(&key.as_str()) {
            r.warn(format!(
                "sounds: unknown sound \"{key}\" ignored (the sounds are {})",
                SOUND_NAMES.join(", ")
            ));
        }
    }
    for (name, out) in SOUND_NAMES.iter().zip(&mut theme.sounds) {
        r.sound(&format!("sounds.{name}"), manifest.sounds.get(*name), out);
    }
    Resolved { theme, warnings }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_names_are_plain_folder_names() {
        assert!(is_valid_theme_name("high-contrast"));
        assert!(!is_valid_theme_name("../etc"));
        assert!(!is_valid_theme_name(""));
    }
}
