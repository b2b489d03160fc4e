//! The app's structure, checked in the headless app: every pair of systems
//! that touches the same data runs in a stated order (Bevy's ambiguity
//! detection, set to fail), a refused move changes nothing downstream, and
//! the AI keeps one engine (and its table) across the moves and hints of a
//! game.

use crate::app::{game, headless_app, no_animation, settle, start_playing, update_until};
use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::{
    AiEngine, CurrentGame, HumanSide, NewGame, Notice, Opponent, PlayMove, RequestHint, Turn,
};
use hive::rules::{Game, GameType, Move};

fn versus_beginner() -> App {
    let mut app = headless_app();
    crate::app::set_settings(&mut app, |settings| {
        settings.game_type = GameType::from_expansions("MLP").unwrap();
        settings.opponent = Opponent::Ai;
        settings.difficulty = Difficulty::Beginner;
        settings.human_side = HumanSide::White;
    });
    no_animation(&mut app);
    app
}

#[test]
fn the_logic_plugin_has_no_unordered_conflicting_systems() {
    let mut app = versus_beginner();
    // Every system of the game's logic runs in `Update`.
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    // Building the schedules (on the first update) panics on any ambiguity.
    app.update();
    start_playing(&mut app);
    let mut moves = Vec::new();
    game(&app).legal_moves(&mut moves);
    app.world_mut().write_message(PlayMove(moves[0]));
    settle(&mut app);
    update_until(&mut app, "the AI's reply", |app| game(app).ply() == 2);
}

/// A system that writes the selection in the selection set, ordered with
/// nothing: what the ambiguity check must catch.
fn unordered_selection_writer(mut selection: ResMut<hive::game::Selection>) {
    selection.set_if_neq(hive::game::Selection::default());
}

#[test]
#[should_panic(expected = "conflicting data access")]
fn the_ambiguity_check_catches_an_unordered_writer() {
    let mut app = versus_beginner();
    app.add_systems(
        Update,
        unordered_selection_writer.in_set(hive::game::GameSystems::Select),
    );
    app.edit_schedule(Update, |schedule| {
        schedule.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    app.update();
}

/// Counts the frames in which the game resource was marked changed.
#[derive(Resource, Default)]
struct GameChanges(u32);

fn count_game_changes(current: Res<CurrentGame>, mut changes: ResMut<GameChanges>) {
    if current.is_changed() {
        changes.0 += 1;
    }
}

#[test]
fn a_refused_move_leaves_the_game_unchanged_and_unmarked() {
    let mut app = headless_app();
    no_animation(&mut app);
    app.init_resource::<GameChanges>();
    app.add_systems(Last, count_game_changes);
    start_playing(&mut app);
    settle(&mut app);
    let before = app.world().resource::<GameChanges>().0;
    // A move from another position: Black's queen placed on White's turn.
    let mut elsewhere = Game::new(GameType::BASE);
    elsewhere.play_move_string("wG1").unwrap();
    let foreign: Move = elsewhere.parse_move("bQ wG1-").unwrap();
    app.world_mut().write_message(PlayMove(foreign));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 0);
    assert_eq!(
        app.world().resource::<GameChanges>().0,
        before,
        "a refused move must not mark the game changed"
    );
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(notice.is_some(), "the refusal is explained");
    // A legal move does mark it.
    let mut moves = Vec::new();
    game(&app).legal_moves(&mut moves);
    app.world_mut().write_message(PlayMove(moves[0]));
    settle(&mut app);
    assert!(app.world().resource::<GameChanges>().0 > before);
}

fn engine(app: &App) -> AiEngine {
    app.world().resource::<AiEngine>().clone()
}

/// Plays White's first legal move and waits for the AI's reply.
fn move_and_wait_for_the_reply(app: &mut App) {
    let ply = game(app).ply();
    let mut moves = Vec::new();
    game(app).legal_moves(&mut moves);
    app.world_mut()
        .write_message(PlayMove(moves[moves.len() / 2]));
    settle(app);
    update_until(app, "the AI's reply", |app| {
        game(app).ply() == ply + 2 && crate::app::turn(app) == Some(Turn::AwaitingInput)
    });
    settle(app);
}

#[test]
fn the_ai_keeps_one_engine_across_moves_and_hints_and_clears_it_for_a_new_game() {
    let mut app = versus_beginner();
    start_playing(&mut app);
    assert_eq!(engine(&app).engines_made(), 0, "no engine before a search");
    for _ in 0..3 {
        move_and_wait_for_the_reply(&mut app);
    }
    app.world_mut().write_message(RequestHint);
    update_until(&mut app, "the hint", |app| {
        app.world()
            .resource::<hive::game::Hint>()
            .suggestion()
            .is_some()
    });
    let used = engine(&app);
    assert_eq!(
        used.engines_made(),
        1,
        "three AI moves and a hint, one engine"
    );
    assert_eq!(used.tables_cleared(), 0);

    app.world_mut().write_message(NewGame);
    settle(&mut app);
    assert_eq!(game(&app).ply(), 0);
    move_and_wait_for_the_reply(&mut app);
    let used = engine(&app);
    assert_eq!(used.engines_made(), 1, "a new game reuses the engine");
    assert_eq!(used.tables_cleared(), 1, "with its table cleared");
}
