//! Theme manifests: the shipped themes parse and name only files that
//! exist, in the documented sizes; a manifest with missing fields, unknown
//! bugs, bad colours or bad paths falls back entry by entry to the default
//! theme with one warning line each; an unreadable one falls back whole.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use hive::game::theme::manifest::{
    DEFAULT_THEME, ResolvedTheme, Rgba, SOUND_NAMES, bug_key, choose_theme, manifest_path, parse,
    resolve,
};
use hive::game::theme::problem::{FileProblem, ManifestMissing, ManifestProblem};
use hive::rules::{Bug, Color};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The width and height in a PNG's header, if the file is a PNG.
fn png_size(path: &Path) -> Option<(u32, u32)> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.get(..8)? != b"\x89PNG\r\n\x1a\n" || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let word = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    Some((word(16)?, word(20)?))
}

/// What the game checks: the file exists and is a PNG (or a font).
fn on_disk(path: &str) -> Result<(), FileProblem> {
    let full = assets().join(path);
    if !full.is_file() {
        return Err(FileProblem::Missing);
    }
    if path.ends_with(".png") && png_size(&full).is_none() {
        return Err(FileProblem::NotPng);
    }
    Ok(())
}

fn shipped(name: &str) -> ResolvedTheme {
    let text = std::fs::read_to_string(assets().join(manifest_path(name)))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    parse(&text).unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
    let default_text = std::fs::read_to_string(assets().join(manifest_path(DEFAULT_THEME)))
        .expect("the default theme's manifest");
    let default = resolve(
        DEFAULT_THEME,
        Ok(&default_text),
        &ResolvedTheme::builtin(),
        &on_disk,
    );
    assert_eq!(default.warnings, Vec::<String>::new());
    if name == DEFAULT_THEME {
        return default.theme;
    }
    let theme = resolve(name, Ok(&text), &default.theme, &on_disk);
    assert_eq!(theme.warnings, Vec::<String>::new(), "{name}");
    theme.theme
}

#[test]
fn shipped_themes_parse_and_name_existing_pngs_of_the_documented_sizes() {
    for name in [DEFAULT_THEME, "high-contrast"] {
        let theme = shipped(name);
        assert_eq!(theme.id, name);
        let own_dir = format!("themes/{name}/");
        for path in theme.image_paths() {
            // Every image comes from the theme's own folder: nothing fell back.
            assert!(path.starts_with(&own_dir), "{name}: {path}");
            let size = png_size(&assets().join(path)).unwrap_or_else(|| panic!("{path}"));
            let expected = if path.contains("/bugs/") {
                (256, 256)
            } else if path.ends_with("badge.png") {
                (64, 64)
            } else {
                (222, 256)
            };
            assert_eq!(size, expected, "{path}");
        }
        // Eight bugs on two sides, 16 pictures, all drawn.
        let bug_images: HashSet<&str> = Bug::ALL
            .iter()
            .flat_map(|&bug| Color::ALL.map(|side| theme.bug(bug, side).image.as_str()))
            .collect();
        let expected = if name == DEFAULT_THEME { 8 } else { 16 };
        assert_eq!(bug_images.len(), expected, "{name}");
    }
}

#[test]
fn builtin_default_matches_the_shipped_default_manifest() {
    // The code's fallback and the file agree, so deleting a field from the
    // default manifest changes nothing.
    let mut shipped = shipped(DEFAULT_THEME);
    shipped.name = ResolvedTheme::builtin().name;
    assert_eq!(shipped, ResolvedTheme::builtin());
}

#[test]
fn high_contrast_sides_differ_and_overlays_are_not_red_green() {
    let theme = shipped("high-contrast");
    assert_ne!(theme.tiles[0], theme.tiles[1]);
    assert_ne!(
        theme.bug(Bug::Queen, Color::White).image,
        theme.bug(Bug::Queen, Color::Black).image
    );
    let o = &theme.overlays;
    let colours = [
        o.destination.color,
        o.selected.color,
        o.throwable.color,
        o.last_move.color,
    ];
    let distinct: HashSet<[u8; 3]> = colours.iter().map(|c| [c.0[0], c.0[1], c.0[2]]).collect();
    assert_eq!(distinct.len(), colours.len());
    let images = [
        &o.destination.image,
        &o.selected.image,
        &o.throwable.image,
        &o.last_move.image,
    ];
    let shapes: HashSet<&String> = images.into_iter().collect();
    assert_eq!(shapes.len(), 4, "each overlay has its own shape");
}

/// Resolves `text` as theme `mod` on the builtin default, with these files
/// existing (besides the builtin's own).
fn resolve_mod(text: &str, files: &[&str]) -> (ResolvedTheme, Vec<String>) {
    let files: HashSet<String> = files.iter().map(|f| format!("themes/mod/{f}")).collect();
    let check = |path: &str| {
        if files.contains(path) || path.starts_with("themes/default/") {
            Ok(())
        } else {
            Err(FileProblem::Missing)
        }
    };
    let r = resolve("mod", Ok(text), &ResolvedTheme::builtin(), &check);
    (r.theme, r.warnings)
}

/// The builtin default as theme `mod` would see it with nothing changed.
fn base_as_mod() -> ResolvedTheme {
    let mut base = ResolvedTheme::builtin();
    base.id = "mod".into();
    base.name = "mod".into();
    base
}

#[test]
fn missing_fields_take_the_default_quietly() {
    let (theme, warnings) = resolve_mod(r##"(background: "#000000")"##, &[]);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut expected = base_as_mod();
    expected.background = Rgba([0, 0, 0, 255]);
    assert_eq!(theme, expected);
    let (empty, warnings) = resolve_mod("()", &[]);
    assert!(warnings.is_empty());
    assert_eq!(empty, base_as_mod());
    // Unknown fields (a newer game's, or a typo) are ignored, as documented.
    let (typo, warnings) = resolve_mod(r##"(backgruond: "#000000")"##, &[]);
    assert!(warnings.is_empty());
    assert_eq!(typo, base_as_mod());
}

#[test]
fn a_changed_image_and_tint_are_used() {
    let (theme, warnings) = resolve_mod(
        r##"(
            icon_tint: (black: "#ff000080"),
            bugs: { "ant": (icon: "ant.png"), "queen": (white: "q-w.png", icon: "q.png") },
        )"##,
        &["ant.png", "q-w.png", "q.png"],
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    let ant_black = theme.bug(Bug::Ant, Color::Black);
    assert_eq!(ant_black.image, "themes/mod/ant.png");
    assert_eq!(ant_black.color, Rgba([255, 0, 0, 128]));
    assert_eq!(theme.bug(Bug::Ant, Color::White).color, Rgba([255; 4]));
    // A side's own image wins over the shared icon, and is not tinted.
    assert_eq!(
        theme.bug(Bug::Queen, Color::White).image,
        "themes/mod/q-w.png"
    );
    assert_eq!(
        theme.bug(Bug::Queen, Color::Black).image,
        "themes/mod/q.png"
    );
    // Bugs the manifest leaves out keep the default's art.
    assert_eq!(
        theme.bug(Bug::Spider, Color::Black),
        ResolvedTheme::builtin().bug(Bug::Spider, Color::Black)
    );
}

#[test]
fn unknown_bugs_are_reported_once_and_ignored() {
    let (theme, warnings) = resolve_mod(r#"(bugs: { "wasp": (icon: "wasp.png") })"#, &["wasp.png"]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].starts_with("theme \"mod\": bugs: unknown bug \"wasp\""));
    for bug in Bug::ALL {
        assert!(
            warnings[0].contains(bug_key(bug)),
            "the message lists {bug:?}"
        );
    }
    assert_eq!(theme, base_as_mod());
}

#[test]
fn bad_paths_fall_back_to_the_default_image_with_one_line_each() {
    let (theme, warnings) = resolve_mod(
        r#"(
            tiles: (white: "missing.png", black: "/etc/black.png"),
            shadow: (image: "../default/tiles/shadow.png"),
            bugs: { "beetle": (icon: "beetle.jpg") },
            overlays: (selected: (image: "")),
            font: "fonts/none.ttf",
        )"#,
        &["beetle.jpg"],
    );
    let base = ResolvedTheme::builtin();
    assert_eq!(theme.tiles, base.tiles);
    assert_eq!(theme.shadow, base.shadow);
    assert_eq!(
        theme.bug(Bug::Beetle, Color::White),
        base.bug(Bug::Beetle, Color::White)
    );
    assert_eq!(theme.overlays.selected, base.overlays.selected);
    assert_eq!(theme.font, None);
    let expect = [
        (
            "tiles.white",
            "no such file",
            "using themes/default/tiles/white.png",
        ),
        (
            "tiles.black",
            "must be relative",
            "using themes/default/tiles/black.png",
        ),
        (
            "shadow.image",
            "must not leave the theme's folder",
            "using themes/default/tiles/shadow.png",
        ),
        (
            "bugs.beetle.icon",
            "only png files",
            "using themes/default/bugs/beetle.png",
        ),
        (
            "overlays.selected.image",
            "the path is empty",
            "using themes/default/overlays/selected.png",
        ),
        ("font", "no such file", "themes/mod/fonts/none.ttf"),
    ];
    assert_eq!(warnings.len(), expect.len(), "{warnings:#?}");
    for (warning, (field, problem, detail)) in warnings.iter().zip(expect) {
        assert!(!warning.contains('\n'), "one line: {warning}");
        assert!(
            warning.starts_with(&format!("theme \"mod\": {field}: ")),
            "{warning}"
        );
        assert!(warning.contains(problem), "{warning}");
        assert!(warning.contains(detail), "{warning}");
    }
}

#[test]
fn bad_colours_and_numbers_fall_back_with_a_message() {
    let (theme, warnings) = resolve_mod(
        r##"(grid: "teal", overlays: (hover: (color: "#12")), icon_scale: 7.0)"##,
        &[],
    );
    let base = ResolvedTheme::builtin();
    assert_eq!(theme.grid, base.grid);
    assert_eq!(theme.overlays.hover.color, base.overlays.hover.color);
    assert_eq!(theme.icon_scale, base.icon_scale);
    assert_eq!(warnings.len(), 3, "{warnings:#?}");
    let one = |text: &str| {
        let found: Vec<&String> = warnings.iter().filter(|w| w.contains(text)).collect();
        assert_eq!(found.len(), 1, "{text}: {warnings:#?}");
        found[0].clone()
    };
    let grid = one("grid: \"teal\" is not a colour");
    assert!(grid.ends_with(&format!("using {}", base.grid)), "{grid}");
    one("overlays.hover.color: \"#12\" is not a colour");
    one("icon_scale: 7 is not between 0.1 and 1.5");
}

#[test]
fn an_unreadable_manifest_falls_back_to_the_whole_default_with_one_line() {
    let base = ResolvedTheme::builtin();
    let ok = |_: &str| Ok(());
    for (text, problem) in [
        (Ok("(background: 12"), "themes/broken/theme.ron: "),
        (Ok("(tiles: \"white.png\")"), "themes/broken/theme.ron: "),
        (
            Err(ManifestProblem::NotLoaded("no such file".to_string())),
            "themes/broken/theme.ron: no such file",
        ),
    ] {
        let r = resolve("broken", text, &base, &ok);
        assert_eq!(r.theme, base);
        assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
        let warning = &r.warnings[0];
        assert!(
            warning.starts_with(&format!("theme \"broken\": {problem}")),
            "{warning}"
        );
        assert!(warning.ends_with("; using the default theme"), "{warning}");
        assert!(!warning.contains('\n'), "one line: {warning}");
    }
}

#[test]
fn a_theme_that_is_not_there_falls_back_to_the_default_with_one_line() {
    let shipped = |path: &str| {
        let full = assets().join(path);
        full.is_file()
            .then_some(())
            .ok_or(ManifestMissing { looked_at: full })
    };
    assert_eq!(
        choose_theme(None, &shipped),
        (DEFAULT_THEME.to_string(), None)
    );
    assert_eq!(
        choose_theme(Some("high-contrast"), &shipped),
        ("high-contrast".to_string(), None)
    );
    let (name, warning) = choose_theme(Some("no-such-theme"), &shipped);
    assert_eq!(name, DEFAULT_THEME);
    let warning = warning.expect("a warning");
    assert!(
        warning.starts_with("theme \"no-such-theme\": "),
        "{warning}"
    );
    assert!(
        warning.contains("themes/no-such-theme/theme.ron not found"),
        "{warning}"
    );
    assert!(warning.ends_with("; using the default theme"));
    let (name, warning) = choose_theme(Some("../../etc"), &shipped);
    assert_eq!(name, DEFAULT_THEME);
    assert!(warning.is_some_and(|w| w.contains("not a theme folder name")));
}

#[test]
fn a_theme_replaces_silences_or_keeps_each_sound() {
    let (theme, warnings) = resolve_mod(
        r#"(sounds: {
            "place": "sounds/tap.wav",
            "clock-tick": None,
            "throw": "sounds/throw.ogg",
            "move": "sounds/missing.wav",
            "bell": "sounds/bell.wav",
        })"#,
        &["sounds/tap.wav", "sounds/throw.ogg"],
    );
    let base = ResolvedTheme::builtin();
    let sound = |name: &str| {
        let at = SOUND_NAMES
            .iter()
            .position(|&n| n == name)
            .expect("a sound");
        theme.sounds[at].clone()
    };
    let default = |name: &str| Some(format!("themes/default/sounds/{name}.wav"));
    // Replaced, silenced, kept: the theme's own file, nothing, the default's.
    assert_eq!(sound("place").as_deref(), Some("themes/mod/sounds/tap.wav"));
    assert_eq!(sound("clock-tick"), None);
    assert_eq!(sound("climb"), default("climb"));
    // A file that is not a WAV, or not there, keeps the default, with a line.
    assert_eq!(sound("throw"), default("throw"));
    assert_eq!(sound("move"), default("move"));
    assert_eq!(base.sounds.iter().flatten().count(), SOUND_NAMES.len());
    let expect = [
        (
            "sounds: unknown sound \"bell\"",
            "the sounds are place, move",
        ),
        ("sounds.move: ", "no such file"),
        ("sounds.throw: ", "only wav files"),
    ];
    assert_eq!(warnings.len(), expect.len(), "{warnings:#?}");
    for (warning, (start, problem)) in warnings.iter().zip(expect) {
        assert!(
            warning.starts_with(&format!("theme \"mod\": {start}")),
            "{warning}"
        );
        assert!(warning.contains(problem), "{warning}");
    }
}

#[test]
fn the_default_sounds_are_all_shipped_as_wav_files() {
    let theme = shipped(DEFAULT_THEME);
    for (name, path) in SOUND_NAMES.iter().zip(&theme.sounds) {
        let path = path
            .as_deref()
            .unwrap_or_else(|| panic!("{name} is silent"));
        let bytes = std::fs::read(assets().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(
            bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WAVE"),
            "{path} is not a WAV file"
        );
    }
}
