//! Game clocks in the headless app, on a fixed frame time (no wall clock):
//! the clock of the side to move runs and no other, the increment is added
//! after each move, a clock that runs out ends the game with that side
//! losing, undo is off, the clocks stand still when paused (the window lost
//! the focus), the autosave keeps the remaining times for a resumed game,
//! and a timed AI plays within its clock.

use std::path::Path;
use std::time::Duration;

use crate::app::{frames, game, headless_app, no_animation, set_screen, settle, update_until};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use hive::ai::Difficulty;
use hive::game::{
    ClockChoice, ClockPause, GameClock, HumanSide, NewGameSettings, Notice, Opponent, PlayMove,
    RecordPaths, RecordsAction, Screen, Turn,
};
use hive::records::{Autosave, TimeControl};
use hive::rules::{Color as Side, Move};
use tempfile::TempDir;

/// Each frame lasts this long in these tests.
const FRAME: Duration = Duration::from_millis(100);

fn timed(control: TimeControl) -> NewGameSettings {
    NewGameSettings {
        clock: ClockChoice {
            control: Some(control),
            ..default()
        },
        ..default()
    }
}

fn app_with(settings: NewGameSettings, data: Option<&Path>) -> App {
    let mut app = headless_app();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.insert_resource(RecordPaths {
        autosave: data.map(Autosave::new),
    });
    app.insert_resource(settings);
    no_animation(&mut app);
    app.update();
    app
}

fn start(app: &mut App) {
    set_screen(app, Screen::Playing);
    settle(app);
}

fn remaining(app: &App, side: Side) -> Duration {
    app.world()
        .resource::<GameClock>()
        .0
        .expect("a timed game")
        .remaining(side)
}

fn play_first_move(app: &mut App) -> Move {
    let mut moves = Vec::new();
    game(app).legal_moves(&mut moves);
    let mv = moves[0];
    app.world_mut().write_message(PlayMove(mv));
    app.update();
    assert_eq!(game(app).last_move(), Some(mv));
    settle(app);
    mv
}

fn turn(app: &App) -> Option<Turn> {
    app.world().get_resource::<State<Turn>>().map(|s| *s.get())
}

#[test]
fn the_clock_to_move_runs_and_gets_the_increment() {
    let mut app = app_with(timed(TimeControl::minutes(1, 2)), None);
    start(&mut app);
    let white = remaining(&app, Side::White);
    let black = remaining(&app, Side::Black);
    assert!(white < Duration::from_secs(60), "White's clock started");
    assert_eq!(black, Duration::from_secs(60), "Black's waits");
    frames(&mut app, 10);
    assert_eq!(remaining(&app, Side::White), white - FRAME * 10);
    let before_move = remaining(&app, Side::White);
    play_first_move(&mut app);
    let after = remaining(&app, Side::White);
    // The frame of the move ran the clock once more, then 2 s came back.
    assert!(after > before_move, "{after:?} <= {before_move:?}");
    assert!(after <= before_move + Duration::from_secs(2), "{after:?}");
    let black_now = remaining(&app, Side::Black);
    assert!(black_now < black, "Black's clock runs now");
    frames(&mut app, 5);
    assert_eq!(remaining(&app, Side::White), after, "White's stands still");
}

#[test]
fn running_out_of_time_loses_and_undo_is_off() {
    let mut app = app_with(timed(TimeControl::parse("0.05+0").unwrap()), None);
    start(&mut app);
    play_first_move(&mut app);
    // Undo is refused in a timed game.
    app.world_mut().write_message(RecordsAction::Undo);
    settle(&mut app);
    assert_eq!(game(&app).ply(), 1, "the move stays");
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("timed game"), "{notice}");
    // Black thinks for the whole 3 seconds.
    frames(&mut app, 40);
    assert_eq!(turn(&app), Some(Turn::GameOver));
    assert_eq!(
        app.world().resource::<GameClock>().flagged(),
        Some(Side::Black)
    );
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("Black ran out of time"), "{notice}");
    assert!(
        !game(&app).status().is_over(),
        "the rules did not end it: the clock did"
    );
    // Nothing can be played any more.
    let mut moves = Vec::new();
    game(&app).legal_moves(&mut moves);
    app.world_mut().write_message(PlayMove(moves[0]));
    settle(&mut app);
    assert_eq!(game(&app).ply(), 1);
}

#[test]
fn paused_clocks_stand_still() {
    let mut app = app_with(timed(TimeControl::minutes(5, 0)), None);
    start(&mut app);
    app.insert_resource(ClockPause(true));
    let white = remaining(&app, Side::White);
    frames(&mut app, 20);
    assert_eq!(remaining(&app, Side::White), white);
    app.insert_resource(ClockPause(false));
    frames(&mut app, 1);
    assert_eq!(remaining(&app, Side::White), white - FRAME);
}

#[test]
fn the_autosave_keeps_the_clocks_for_a_resumed_game() {
    let data = TempDir::new().unwrap();
    let mut first = app_with(timed(TimeControl::minutes(5, 3)), Some(data.path()));
    start(&mut first);
    frames(&mut first, 30);
    play_first_move(&mut first);
    let saved = first.world().resource::<GameClock>().0.unwrap();
    let on_disk = Autosave::new(data.path()).clocks().expect("the clock line");
    assert_eq!(on_disk.control(), TimeControl::minutes(5, 3));
    assert!(on_disk.remaining(Side::White) < Duration::from_secs(300));
    drop(first);

    // The new app's menu says "untimed"; the autosave knows better.
    let mut second = app_with(NewGameSettings::default(), Some(data.path()));
    second.world_mut().write_message(RecordsAction::Resume);
    settle(&mut second);
    let resumed = second.world().resource::<GameClock>().0.expect("timed");
    assert_eq!(resumed.control(), saved.control());
    let white = resumed.remaining(Side::White);
    assert!(
        white.abs_diff(on_disk.remaining(Side::White)) < Duration::from_millis(1),
        "{white:?} vs {on_disk:?}"
    );
}

#[test]
fn a_timed_ai_plays_within_its_clock() {
    let mut app = app_with(timed(TimeControl::minutes(1, 0)), None);
    crate::app::set_settings(&mut app, |settings| {
        settings.opponent = Opponent::Ai;
        // Depth 1: its search takes a few frames, while game time here
        // runs far faster than the wall clock the search uses.
        settings.difficulty = Difficulty::Beginner;
        settings.human_side = HumanSide::Black;
    });
    // Game time in fixed frames: the clock is charged the game time that
    // passed, however long the search took on this machine.
    let frame = Duration::from_micros(16_667);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    start(&mut app);
    let elapsed = |app: &App| app.world().resource::<Time>().elapsed();
    let before = elapsed(&app);
    update_until(&mut app, "the AI's first move", |app| game(app).ply() == 1);
    let thought = elapsed(&app) - before;
    settle(&mut app);
    let left = remaining(&app, Side::White);
    assert!(
        left < Duration::from_secs(60),
        "its clock ran while it thought"
    );
    let charged = Duration::from_secs(60) - left;
    assert!(
        charged.abs_diff(thought) <= 2 * frame,
        "charged {charged:?} for {thought:?} of thought"
    );
    assert!(app.world().resource::<GameClock>().flagged().is_none());
}
