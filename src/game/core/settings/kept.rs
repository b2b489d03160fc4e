//! The player's settings kept between runs: the file is read at start-up
//! (or by `run`, before the first frame) into the one [`Settings`]
//! resource the features read, the command line's word for this run
//! applied once ([`Settings::this_run`], never saved), and saved whenever it changes,
//! on the IO task pool (one write at a time, the newest settings; those
//! waiting are written before the app closes). A damaged file is reported
//! and kept aside before the first save. The file's format is
//! [`SettingsFile`] (`file`, beside this); its place is that resource,
//! none keeping no file.

use std::fs;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, futures::check_ready};

use super::file::SettingsFile;
use crate::game::core::{
    GameSystems, LaunchSettings, NoticeChange, Notices, Settings, Words, record_error,
};
use crate::records::RecordError;
use crate::text::Args;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedSettings>();
    app.add_systems(PreStartup, restore_at_startup);
    app.add_systems(
        Update,
        (
            save_changed_settings.run_if(resource_changed::<Settings>),
            run_settings_writes,
        )
            .chain()
            .in_set(GameSystems::Sync)
            .in_set(SettingsWrites),
    );
    app.add_systems(Last, finish_settings_writes_at_exit);
}

/// Queuing and collecting the settings' writes (the autosave's, `saves`',
/// run before).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SettingsWrites;

/// The settings as the file holds them.
#[derive(Resource, Default)]
pub struct SavedSettings {
    /// What the file holds (the defaults when there is none, or it is
    /// damaged): a difference is saved.
    saved: Settings,
    /// The file was damaged when read: keep it aside before the first save.
    damaged: bool,
    /// Read from the file already (by `run`, or at start-up).
    restored: bool,
    /// Settings to write once the write under way is done (the newest).
    waiting: Option<Settings>,
    /// The write under way, on the IO task pool.
    running: Option<Task<Written>>,
    /// The thread that made the latest write: never the app's own.
    pub last_writer: Option<std::thread::ThreadId>,
}

impl SavedSettings {
    /// A write of the settings file is under way or waiting.
    pub fn busy(&self) -> bool {
        self.running.is_some() || self.waiting.is_some()
    }
}

/// Reads the settings file (if there is a [`SettingsFile`]) into
/// [`Settings`], with the command line's word for this run applied once
/// ([`LaunchSettings::applied_to`]); a damaged file is reported in the
/// [`Notice`](crate::game::core::Notice) and the log, and left as it is. `run` calls it before the
/// first frame; otherwise it runs at start-up.
pub fn restore_settings(world: &mut World) {
    let launch = world
        .get_resource::<LaunchSettings>()
        .cloned()
        .unwrap_or_default();
    let file = world.get_resource::<SettingsFile>().cloned();
    let Some(file) = file else {
        world.get_resource_or_init::<SavedSettings>().restored = true;
        let settings = world.get_resource_or_init::<Settings>().clone();
        world.insert_resource(launch.applied_to(settings));
        return;
    };
    let mut loaded = file.load();
    loaded.settings = launch.applied_to(loaded.settings);
    if let Some(warning) = &loaded.warning {
        warn!("{warning}");
        let words = Words::load(&loaded.settings.wanted_language());
        let text = record_error(&words, warning);
        if world.contains_resource::<Messages<NoticeChange>>() {
            world.write_message(NoticeChange::Show(text));
        }
    }
    world.insert_resource(SavedSettings {
        saved: loaded.settings.clone(),
        damaged: loaded.warning.is_some(),
        restored: true,
        ..default()
    });
    world.insert_resource(loaded.settings);
}

fn restore_at_startup(world: &mut World) {
    if !world.get_resource_or_init::<SavedSettings>().restored {
        restore_settings(world);
    }
}

/// Queues a save when the player changed a setting: the write itself runs
/// on the IO task pool ([`run_settings_writes`]).
fn save_changed_settings(
    file: Option<Res<SettingsFile>>,
    settings: Res<Settings>,
    mut stored: ResMut<SavedSettings>,
) {
    if !stored.restored {
        return; // start-up has not read the file yet
    }
    if file.is_none() || *settings == stored.saved {
        return;
    }
    // Also when the write fails: the error is shown once, not every frame.
    stored.saved = settings.clone();
    stored.waiting = Some(settings.clone());
}

/// One write of the settings file, as it went.
struct Written {
    /// The damaged file was renamed to this first (or could not be: then
    /// nothing was written, and the next change tries again).
    aside: Option<Result<PathBuf, (PathBuf, std::io::Error)>>,
    /// The save itself (`None`: not tried, the damaged file is still there).
    saved: Option<Result<(), RecordError>>,
    /// Where.
    file: PathBuf,
    /// The thread that wrote: never the frame's.
    thread: std::thread::ThreadId,
}

/// Writes the settings: a damaged file is first kept aside.
fn write_settings(file: &SettingsFile, settings: &Settings, damaged: bool) -> Written {
    let thread = std::thread::current().id();
    let mut aside = None;
    if damaged {
        let to = file.path().with_extension("ron.damaged");
        match fs::rename(file.path(), &to) {
            Ok(()) => aside = Some(Ok(to)),
            Err(err) => {
                return Written {
                    aside: Some(Err((to, err))),
                    saved: None,
                    file: file.path().to_path_buf(),
                    thread,
                };
            }
        }
    }
    Written {
        aside,
        saved: Some(file.save(settings)),
        file: file.path().to_path_buf(),
        thread,
    }
}

/// Collects the settings write that finished (telling the player what went
/// wrong, or where a damaged file was kept) and starts the one waiting:
/// one write at a time, the newest settings only.
fn run_settings_writes(
    file: Option<Res<SettingsFile>>,
    mut stored: ResMut<SavedSettings>,
    (mut notice, words): (Notices, Res<Words>),
) {
    if let Some(task) = stored.running.as_mut() {
        let Some(written) = check_ready(task) else {
            return;
        };
        stored.running = None;
        stored.last_writer = Some(written.thread);
        report_write(&written, &mut stored, &mut notice, &words);
    }
    let (Some(settings), Some(file)) = (stored.waiting.take(), file.as_deref().cloned()) else {
        return;
    };
    let damaged = stored.damaged;
    stored.running =
        Some(IoTaskPool::get().spawn(async move { write_settings(&file, &settings, damaged) }));
}

/// What a finished write tells the player.
fn report_write(
    written: &Written,
    stored: &mut SavedSettings,
    notice: &mut Notices,
    words: &Words,
) {
    match &written.aside {
        Some(Ok(aside)) => {
            stored.damaged = false;
            let args = Args::new().with("aside", aside.display().to_string());
            notice.show(words.format("notice-settings-kept-aside", &args));
        }
        Some(Err((aside, err))) => {
            warn!(
                "the settings were not saved: the damaged file {} could not be kept aside as {}: {err}",
                written.file.display(),
                aside.display()
            );
            let args = Args::new()
                .with("file", written.file.display().to_string())
                .with("aside", aside.display().to_string())
                .with("error", err.to_string());
            notice.show(words.format("notice-settings-not-kept", &args));
        }
        None => {}
    }
    match &written.saved {
        Some(Ok(())) => info!("settings saved to {}", written.file.display()),
        Some(Err(err)) => {
            warn!("{err}");
            notice.show(record_error(words, err));
        }
        None => {}
    }
}

/// When the app closes, the settings write under way and the one waiting
/// are finished first (the window is gone: nothing is drawn any more).
fn finish_settings_writes_at_exit(
    mut exits: MessageReader<AppExit>,
    file: Option<Res<SettingsFile>>,
    mut stored: ResMut<SavedSettings>,
) {
    if exits.read().last().is_none() {
        return;
    }
    if let Some(task) = stored.running.take() {
        let written = block_on(task);
        if written.aside.as_ref().is_some_and(Result::is_ok) {
            stored.damaged = false;
        }
    }
    if let (Some(settings), Some(file)) = (stored.waiting.take(), file.as_deref()) {
        let written = write_settings(file, &settings, stored.damaged);
        if let Some(Err(err)) = written.saved {
            warn!("{err}");
        }
    }
}
