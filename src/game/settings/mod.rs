//! The player's settings kept between runs: the file is read at start-up
//! (or by `run`, before the command line applies) into the one
//! [`Settings`] resource the features read, and saved whenever it changes.
//! A damaged file is reported and kept aside before the first save. The
//! file's format is `core`'s [`SettingsFile`].

use std::fs;

use bevy::prelude::*;

use crate::game::core::{
    GameSystems, LaunchSettings, Notice, Settings, SettingsFile, Words, record_error,
};
use crate::game::saves::{AutosaveWrites, RecordPaths};
use crate::text::Args;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedSettings>();
    app.add_systems(PreStartup, restore_at_startup);
    app.add_systems(
        Update,
        save_changed_settings
            .in_set(GameSystems::Sync)
            .after(AutosaveWrites)
            .run_if(resource_changed::<Settings>),
    );
}

/// The settings as the file holds them.
#[derive(Resource, Debug, Clone, Default)]
pub struct SavedSettings {
    /// What the file holds (the defaults when there is none, or it is
    /// damaged): a difference is saved.
    saved: Settings,
    /// The file was damaged when read: keep it aside before the first save.
    damaged: bool,
    /// Read from the file already (by `run`, or at start-up).
    restored: bool,
}

/// Reads the settings file (if [`RecordPaths`] names one) into
/// [`Settings`]; a damaged file is reported in the [`Notice`] and the log,
/// and left as it is. `run` calls it before applying its command line,
/// which then wins; otherwise it runs at start-up.
pub fn restore_settings(world: &mut World) {
    let file = world
        .get_resource::<RecordPaths>()
        .and_then(|paths| paths.settings.clone());
    let Some(file) = file else {
        world.get_resource_or_init::<SavedSettings>().restored = true;
        return;
    };
    let loaded = file.load();
    if let Some(warning) = &loaded.warning {
        warn!("{warning}");
        let launch = world.get_resource::<LaunchSettings>();
        let text = record_error(&Words::at_start(launch, &loaded.settings.language), warning);
        if let Some(mut notice) = world.get_resource_mut::<Notice>() {
            notice.show(text);
        }
    }
    world.insert_resource(SavedSettings {
        saved: loaded.settings.clone(),
        damaged: loaded.warning.is_some(),
        restored: true,
    });
    world.insert_resource(loaded.settings);
}

fn restore_at_startup(world: &mut World) {
    if !world.get_resource_or_init::<SavedSettings>().restored {
        restore_settings(world);
    }
}

/// Saves the settings when the player changed one. A file that was damaged
/// is first kept aside, and the player told.
fn save_changed_settings(
    paths: Res<RecordPaths>,
    settings: Res<Settings>,
    mut stored: ResMut<SavedSettings>,
    (mut notice, words): (ResMut<Notice>, Res<Words>),
) {
    if !stored.restored {
        return; // start-up has not read the file yet
    }
    let Some(file) = paths.settings.clone().filter(|_| *settings != stored.saved) else {
        return;
    };
    if stored.damaged && !keep_damaged_aside(&file, &mut notice, &words) {
        stored.saved = settings.clone();
        return;
    }
    stored.damaged = false;
    if let Err(err) = file.save(&settings) {
        warn!("{err}");
        notice.show(record_error(&words, &err));
    } else {
        info!("settings saved to {}", file.path().display());
    }
    // Also on failure: the error is shown once, not every frame.
    stored.saved = settings.clone();
}

/// Renames a damaged settings file aside before it is replaced, telling
/// the player; `false` (and the file left) when it cannot be.
fn keep_damaged_aside(file: &SettingsFile, notice: &mut Notice, words: &Words) -> bool {
    let aside = file.path().with_extension("ron.damaged");
    if let Err(err) = fs::rename(file.path(), &aside) {
        warn!(
            "the settings were not saved: the damaged file {} could not be kept aside as {}: {err}",
            file.path().display(),
            aside.display()
        );
        let args = Args::new()
            .with("file", file.path().display().to_string())
            .with("aside", aside.display().to_string())
            .with("error", err.to_string());
        notice.show(words.format("notice-settings-not-kept", &args));
        return false;
    }
    let args = Args::new().with("aside", aside.display().to_string());
    notice.show(words.format("notice-settings-kept-aside", &args));
    true
}
