//! The player's settings in the headless app: every preference kept
//! between runs and applied to the next game, and a damaged settings file
//! reported, left alone, and kept aside before the first save.

use crate::app::{app_keeping_files, game, wait_for_autosave};
use crate::saves::{local, notice, start_playing};
use hive::ai::Difficulty;
use hive::game::{ConsideredDestinations, SavedSettings, Settings, SettingsFile};
use hive::rules::{GameType, Options};
use tempfile::TempDir;

#[test]
fn settings_round_trip_through_the_app() {
    let config = TempDir::new().unwrap();
    let mut first = app_keeping_files(None, Some(config.path()), local());
    let mlp = GameType::from_expansions("MLP").unwrap();
    let draws = Options {
        threefold_repetition: true,
        turn_limit: Some(40),
        ..Options::default()
    };
    crate::app::set_settings(&mut first, |settings| {
        settings.difficulty = Difficulty::Hard;
        settings.game_type = mlp;
        settings.rules = draws;
        settings.animation_speed = 2.0;
        settings.ai_shows_considered = ConsideredDestinations::Never;
    });
    first.update();
    wait_for_autosave(&mut first);
    let file = SettingsFile::in_dir(config.path());
    assert!(file.path().is_file());
    assert_eq!(
        file.load().settings.ai_shows_considered,
        ConsideredDestinations::Never
    );
    drop(first);

    let mut second = app_keeping_files(None, Some(config.path()), local());
    let next = second.world().resource::<Settings>().clone();
    assert_eq!(next.difficulty, Difficulty::Hard);
    assert_eq!(next.game_type, mlp);
    assert_eq!(next.rules, draws);
    assert!(
        (next.animation_speed - 2.0).abs() < 0.01,
        "{}",
        next.animation_speed
    );
    assert_eq!(next.ai_shows_considered, ConsideredDestinations::Never);
    // The next game is played under the saved draw rules.
    start_playing(&mut second);
    assert_eq!(game(&second).options(), draws);
    assert_eq!(game(&second).game_type(), mlp);
}

#[test]
fn a_damaged_settings_file_is_reported_and_kept() {
    let config = TempDir::new().unwrap();
    let file = SettingsFile::in_dir(config.path());
    std::fs::write(file.path(), "Settings(difficulty: \"hard\", oops").unwrap();
    let mut app = app_keeping_files(None, Some(config.path()), local());
    for _ in 0..5 {
        app.update();
    }
    assert!(
        notice(&app).contains("settings.ron"),
        "reported: {}",
        notice(&app)
    );
    assert_eq!(
        std::fs::read_to_string(file.path()).unwrap(),
        "Settings(difficulty: \"hard\", oops",
        "not overwritten"
    );
    assert_eq!(
        app.world().resource::<Settings>().difficulty,
        Difficulty::Medium,
        "the defaults are used"
    );

    // The player changes a setting: the damaged file is kept aside first.
    app.world_mut().resource_mut::<Settings>().difficulty = Difficulty::Easy;
    app.update();
    wait_for_autosave(&mut app);
    let aside = config.path().join("settings.ron.damaged");
    assert_eq!(
        std::fs::read_to_string(&aside).unwrap(),
        "Settings(difficulty: \"hard\", oops"
    );
    assert!(notice(&app).contains("settings.ron.damaged"));
    let saved = file.try_load().unwrap().unwrap();
    assert_eq!(saved.difficulty, Difficulty::Easy);
}

#[test]
fn settings_are_written_off_the_frame_and_the_newest_wins() {
    let config = TempDir::new().unwrap();
    let mut app = app_keeping_files(None, Some(config.path()), local());
    // Three changes in three frames: the frame only queues each write.
    for difficulty in [Difficulty::Easy, Difficulty::Hard, Difficulty::Expert] {
        crate::app::set_settings(&mut app, |settings| settings.difficulty = difficulty);
        app.update();
    }
    assert!(app.world().resource::<SavedSettings>().busy());
    wait_for_autosave(&mut app);
    let writer = app
        .world()
        .resource::<SavedSettings>()
        .last_writer
        .expect("the settings were written");
    assert_ne!(
        writer,
        std::thread::current().id(),
        "the settings are written on the IO task pool, not on the thread running the frames"
    );
    let file = SettingsFile::in_dir(config.path());
    assert_eq!(file.load().settings.difficulty, Difficulty::Expert);
}

#[test]
fn a_settings_change_waiting_when_the_app_closes_is_written() {
    let config = TempDir::new().unwrap();
    let mut app = app_keeping_files(None, Some(config.path()), local());
    crate::app::set_settings(&mut app, |settings| settings.difficulty = Difficulty::Easy);
    app.update();
    crate::app::set_settings(&mut app, |settings| settings.difficulty = Difficulty::Hard);
    app.world_mut().write_message(bevy::app::AppExit::Success);
    app.update();
    let file = SettingsFile::in_dir(config.path());
    assert_eq!(file.load().settings.difficulty, Difficulty::Hard);
}
