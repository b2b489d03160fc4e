//! The game's sounds, heard through the headless app (where nothing
//! plays): each event asks for its sound (placing, moving, climbing, a
//! pillbug's throw, a refused move, the AI's move, the clock's last ten
//! seconds, the end of the game); the mixer lets them through at the
//! player's volume, and not at all when muted; the volume and mute are
//! kept in the settings.

use std::time::Duration;

use crate::app::{
    SCRIPT, app_keeping_files, game, headless_app, local_app_from, no_animation, settle,
    start_playing, update_until,
};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::sound::{PlaySound, Sound, SoundOut};
use hive::game::{
    BoardLayout, CellClicked, GameClock, HumanSide, NewGameSettings, Opponent, PlayMove,
    SelectPiece, Settings, SettingsFile,
};
use hive::records::{Clocks, TimeControl};
use hive::rules::{Color, Direction, Piece};

/// What the game asked for, and what the mixer let through, since the start.
#[derive(Resource, Default)]
struct Heard {
    asked: Vec<Sound>,
    out: Vec<SoundOut>,
}

fn listen(
    mut asked: MessageReader<PlaySound>,
    mut out: MessageReader<SoundOut>,
    mut heard: ResMut<Heard>,
) {
    heard.asked.extend(asked.read().map(|ask| ask.0));
    heard.out.extend(out.read().copied());
}

fn listening(mut app: App) -> App {
    app.init_resource::<Heard>();
    app.add_systems(Last, listen);
    app
}

fn heard(app: &mut App) -> Heard {
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

fn play(app: &mut App, text: &str) {
    let mv = game(app).parse_move(text).expect("a move");
    app.world_mut().write_message(PlayMove(mv));
    settle(app);
}

#[test]
fn every_move_asks_for_its_sound_and_the_end_for_its_own() {
    let mut app = listening(local_app_from("Base+P"));
    let mut asked = Vec::new();
    for text in SCRIPT.split(';') {
        play(&mut app, text);
        asked.extend(heard(&mut app).asked);
    }
    use Sound::*;
    // Move 10 is the black Pillbug throwing its own Queen over itself (two
    // cells: no Queen walks that far), move 11 and the last are the white
    // Pillbug's throws, move 17 is the Beetle climbing; the win ends the
    // game.
    let expected = [
        Place, Place, Place, Place, Place, Place, Place, Place, Move, Throw, Throw, Place, Move,
        Place, Place, Move, Climb, Place, Throw, GameEnd,
    ];
    assert_eq!(asked, expected);
}

#[test]
fn a_refused_move_asks_for_the_illegal_sound() {
    let mut app = listening(local_app_from("Base;InProgress;White[2];wA1;bA1 wA1-"));
    heard(&mut app);
    let black = game(&app).position("bA1".parse().unwrap()).unwrap();
    let ant: Piece = "wA2".parse().unwrap();
    app.world_mut().write_message(SelectPiece(ant));
    app.update();
    let plane = app
        .world()
        .resource::<BoardLayout>()
        .plane_of(black.neighbor(Direction::East));
    app.world_mut().write_message(CellClicked(plane));
    settle(&mut app);
    assert_eq!(heard(&mut app).asked, [Sound::Illegal]);
}

#[test]
fn the_ai_moving_asks_for_its_sound() {
    let mut app = listening(headless_app());
    crate::app::set_settings(&mut app, |settings| {
        settings.opponent = Opponent::Ai;
        settings.difficulty = Difficulty::Beginner;
        settings.human_side = HumanSide::White;
    });
    no_animation(&mut app);
    start_playing(&mut app);
    play(&mut app, "wG1");
    update_until(&mut app, "the AI's reply", |app| game(app).ply() == 2);
    settle(&mut app);
    assert_eq!(heard(&mut app).asked, [Sound::Place, Sound::AiMove]);
}

#[test]
fn the_clock_ticks_once_a_second_in_its_last_ten() {
    let mut app = listening(local_app_from("Base"));
    let mut clocks = Clocks::new(TimeControl {
        base: Duration::from_secs(60),
        increment: Duration::ZERO,
    });
    // 10.5 s left: no tick yet.
    clocks.run(Color::White, Duration::from_millis(49_500));
    app.insert_resource(GameClock(Some(clocks)));
    // Only the seconds given below pass: the frames' own time (slow ones on
    // a loaded machine) must not move the clock past a tick.
    app.insert_resource(hive::game::ClockHold(true));
    app.update();
    assert_eq!(heard(&mut app).asked, []);
    let mut ticks = 0;
    for _ in 0..12 {
        let mut clock = app.world_mut().resource_mut::<GameClock>();
        if let Some(clocks) = &mut clock.0 {
            clocks.run(Color::White, Duration::from_secs(1));
        }
        app.update();
        app.update();
        ticks += heard(&mut app)
            .asked
            .iter()
            .filter(|&&s| s == Sound::ClockTick)
            .count();
    }
    // 9.5, 8.5, ... 0.5 s left: ten ticks, then the flag falls silently
    // (but for the end of the game).
    assert_eq!(ticks, 10);
    assert!(app.world().resource::<GameClock>().flagged().is_some());
}

#[test]
fn the_mixer_plays_at_the_volume_and_mute_silences_everything() {
    let mut app = listening(local_app_from("Base"));
    crate::app::set_settings(&mut app, |settings| {
        settings.sound_volume = 0.4;
        settings.sound_muted = false;
    });
    play(&mut app, "wG1");
    let both = heard(&mut app);
    assert_eq!(both.asked, [Sound::Place]);
    assert_eq!(
        both.out,
        [SoundOut {
            sound: Sound::Place,
            volume: 0.4
        }]
    );

    crate::app::set_settings(&mut app, |settings| {
        settings.sound_volume = 0.4;
        settings.sound_muted = true;
    });
    play(&mut app, "bG1 wG1-");
    let muted = heard(&mut app);
    assert_eq!(muted.asked, [Sound::Place], "still asked for");
    assert_eq!(muted.out, [], "but not heard");

    crate::app::set_settings(&mut app, |settings| {
        settings.sound_volume = 0.0;
        settings.sound_muted = false;
    });
    play(&mut app, "wQ -wG1");
    assert_eq!(heard(&mut app).out, []);
}

#[test]
fn the_volume_and_mute_are_kept_in_the_settings() {
    let config = tempfile::TempDir::new().expect("a folder");
    {
        let mut app = app_keeping_files(None, Some(config.path()), NewGameSettings::default());
        let settings = app.world().resource::<Settings>();
        assert_eq!(
            (settings.sound_volume, settings.sound_muted),
            (Settings::DEFAULT_SOUND_VOLUME, false)
        );
        crate::app::set_settings(&mut app, |settings| {
            settings.sound_volume = 0.35;
            settings.sound_muted = true;
        });
        settle(&mut app);
    }
    let saved = SettingsFile::in_dir(config.path()).load().settings;
    assert_eq!((saved.sound_volume, saved.sound_muted), (0.35, true));
    let app = app_keeping_files(None, Some(config.path()), NewGameSettings::default());
    let settings = app.world().resource::<Settings>();
    assert_eq!((settings.sound_volume, settings.sound_muted), (0.35, true));
}

#[test]
fn a_game_that_is_not_on_screen_asks_for_nothing() {
    // The main menu, no game: no tick, no sound.
    let mut app = listening(headless_app());
    app.insert_resource(GameClock(Some(Clocks::new(TimeControl {
        base: Duration::from_secs(5),
        increment: Duration::ZERO,
    }))));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(heard(&mut app).asked, []);
}
