//! The player's own themes: `hive theme new` copies a theme into the
//! `themes` folder of the data directory, where it resolves like a
//! built-in one, is offered in the list beside them, and reloads when
//! saved; bad names, taken names and missing sources are refused.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;
use hive::game::theme::manifest::{
    DEFAULT_THEME, ResolvedTheme, manifest_path, player_theme_dir, resolve, resolve_in,
};
use hive::game::theme::problem::FileProblem;
use hive::game::theme::{
    ThemeChoice, ThemeSource, manifests_plugin, player_themes::new_player_theme,
    register_player_themes,
};

const HIVE: &str = env!("CARGO_BIN_EXE_hive");

fn choice(data: &Path) -> ThemeChoice {
    ThemeChoice::with_player_folder(Some(data))
}

/// `hive theme ...` with the data directory `data`.
fn hive_theme(data: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(HIVE)
        .arg("theme")
        .args(args)
        .env("HIVE_DATA_DIR", data)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("hive runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_new_theme_is_a_copy_that_resolves_without_a_warning_and_is_listed() {
    let data = tempfile::TempDir::new().expect("a folder");
    let (ok, out, err) = hive_theme(data.path(), &["new", "mine", "--from", "high-contrast"]);
    assert!(ok, "{err}");
    let dir = data.path().join("themes/mine");
    assert_eq!(out.trim(), dir.display().to_string(), "prints the folder");
    assert!(dir.join("theme.ron").is_file());

    // Offered after the built-in ones, marked as the player's.
    let choice = choice(data.path());
    let listed: Vec<(String, bool)> = choice
        .available()
        .into_iter()
        .map(|theme| (theme.id, theme.players))
        .collect();
    assert_eq!(
        listed,
        [
            ("default".to_string(), false),
            ("high-contrast".to_string(), false),
            ("mine".to_string(), true),
        ]
    );
    let (ok, out, _) = hive_theme(data.path(), &["list"]);
    assert!(ok);
    assert!(out.contains("mine\tyours\tmine"), "{out}");

    // Its files come from its own folder, through the player's source.
    assert_eq!(choice.dir_of("mine"), player_theme_dir("mine"));
    assert_eq!(choice.dir_of(DEFAULT_THEME), "themes/default");
    let check = |path: &str| {
        if choice.file(path).is_file() {
            Ok(())
        } else {
            Err(FileProblem::Missing)
        }
    };
    let default_text = std::fs::read_to_string(choice.file(&manifest_path(DEFAULT_THEME)))
        .expect("the default manifest");
    let default = resolve(
        DEFAULT_THEME,
        Ok(&default_text),
        &ResolvedTheme::builtin(),
        &check,
    );
    let text = std::fs::read_to_string(dir.join("theme.ron")).expect("the copy's manifest");
    let mine = resolve_in(
        "mine",
        &choice.dir_of("mine"),
        Ok(&text),
        &default.theme,
        &check,
    );
    assert_eq!(mine.warnings, Vec::<String>::new());
    assert_eq!(mine.theme.name, "mine");
    for path in mine.theme.image_paths() {
        assert!(path.starts_with("mods://mine/"), "{path}");
        assert!(choice.file(path).is_file(), "{path}");
    }
}

#[test]
fn bad_taken_and_missing_names_are_refused_and_nothing_is_written() {
    let data = tempfile::TempDir::new().expect("a folder");
    let choice = choice(data.path());
    for (name, from, says) in [
        ("../up", "default", "cannot name a theme"),
        ("", "default", "cannot name a theme"),
        ("default", "default", "built-in theme"),
        ("high-contrast", "default", "built-in theme"),
        ("fine", "no-such-theme", "no theme \"no-such-theme\""),
        ("fine", "../../etc", "no theme"),
    ] {
        let err = new_player_theme(&choice, name, from).expect_err(name);
        assert!(err.to_string().contains(says), "{name} from {from}: {err}");
    }
    new_player_theme(&choice, "twice", DEFAULT_THEME).expect("the first");
    let err = new_player_theme(&choice, "twice", DEFAULT_THEME).expect_err("the second");
    assert!(err.to_string().contains("already at"), "{err}");
    // Only the one theme made, and no staging folder left behind.
    let left: Vec<_> = std::fs::read_dir(data.path().join("themes"))
        .expect("the folder")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name())
        .collect();
    assert_eq!(left, ["twice"]);

    let (ok, _, err) = hive_theme(data.path(), &["new", "default"]);
    assert!(!ok);
    assert!(
        err.contains("hive theme new: \"default\" is the name of a built-in theme"),
        "{err}"
    );
}

/// The player's folder is an asset source of its own, watched: a saved
/// manifest there is read again while the app runs, as the built-in
/// themes are.
#[test]
fn a_theme_in_the_players_folder_reloads_when_saved() {
    let data = tempfile::TempDir::new().expect("a folder");
    let choice = choice(data.path());
    let dir = new_player_theme(&choice, "live", DEFAULT_THEME).expect("made");

    let mut app = App::new();
    register_player_themes(&mut app, &choice);
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: choice.assets.to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            ..default()
        },
    ));
    manifests_plugin(&mut app);
    let handle: Handle<ThemeSource> = app
        .world()
        .resource::<AssetServer>()
        .load(format!("{}/theme.ron", player_theme_dir("live")));
    let text = |app: &App| {
        app.world()
            .resource::<Assets<ThemeSource>>()
            .get(&handle)
            .and_then(|source| source.text().map(str::to_string))
    };
    let until = |app: &mut App, what: &str, done: &dyn Fn(&App) -> bool| {
        let start = Instant::now();
        while !done(app) {
            assert!(start.elapsed() < Duration::from_secs(30), "{what}");
            if let LoadState::Failed(err) = app
                .world()
                .resource::<AssetServer>()
                .load_state(handle.id())
            {
                panic!("{what}: {err}");
            }
            app.update();
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    until(&mut app, "the manifest loads", &|app| text(app).is_some());
    assert!(text(&app).is_some_and(|t| t.contains("name: \"live\"")));

    // The watcher starts with the source, at a moment no event tells: the
    // file is saved again every ten frames (as an editor would) until the
    // change is seen.
    let manifest = dir.join("theme.ron");
    let changed = std::fs::read_to_string(&manifest)
        .expect("read")
        .replace("name: \"live\"", "name: \"Saved again\"");
    let start = Instant::now();
    let mut frames = 0u32;
    while !text(&app).is_some_and(|t| t.contains("Saved again")) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the saved manifest is read again"
        );
        if frames.is_multiple_of(10) {
            std::fs::write(&manifest, &changed).expect("saved");
        }
        frames += 1;
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}
