//! The monkey test: thousands of random intents (clicks on random cells
//! and hand pieces, the keyboard cursor, undo, redo, review steps, restart,
//! pass, save and load) driven through the real plugins with a seeded RNG,
//! checking after every frame that nothing panicked, the piece entities
//! mirror the game exactly, the move list is the game's, and the autosave,
//! once written, loads to the game on the board.
//!
//! `cargo test --test game monkey` runs a short walk; the long one is
//! ignored: `cargo test --release --test game monkey -- --ignored`.

use std::path::Path;

use crate::app::{
    app_keeping_files, assert_entities_match_game, game, start_playing, turn, wait_for_autosave,
};
use bevy::prelude::*;
use hive::ai::Difficulty;
use hive::game::{
    AutosaveStatus, BoardLayout, CurrentGame, GameIntent, HumanSide, NewGame, NewGameSettings,
    Opponent, PlayMove, RecordsAction, ReviewAction, SelectPiece, Selection, Settings, Turn,
};
use hive::records::{Autosave, NodeId, PlayKind};
use hive::rules::{Bug, Color, GameType, Move, Piece};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tempfile::TempDir;

fn monkey_app(data: &Path) -> App {
    let mut app = app_keeping_files(Some(data), None, NewGameSettings::default());
    crate::app::set_settings(&mut app, |settings| {
        settings.game_type = GameType::from_expansions("MLP").unwrap();
    });
    start_playing(&mut app);
    app
}

/// A cell worth clicking: a destination of the selection, a piece on the
/// board, or somewhere near the hive.
fn some_cell(app: &App, rng: &mut StdRng) -> IVec2 {
    let layout = app.world().resource::<BoardLayout>();
    let selection = app.world().resource::<Selection>();
    let destinations = selection.destination_planes(layout);
    let occupied: Vec<IVec2> = layout.occupied().map(|(_, plane)| plane).collect();
    match rng.random_range(0..10) {
        0..=4 if !destinations.is_empty() => destinations[rng.random_range(0..destinations.len())],
        0..=7 if !occupied.is_empty() => occupied[rng.random_range(0..occupied.len())],
        _ => IVec2::new(rng.random_range(-6..=6), rng.random_range(-6..=6)),
    }
}

/// Any piece of the box, in hand or not.
fn some_piece(rng: &mut StdRng) -> Piece {
    let color = if rng.random_bool(0.5) {
        Color::White
    } else {
        Color::Black
    };
    let bug = Bug::ALL[rng.random_range(0..Bug::ALL.len())];
    let number = rng.random_range(1..=bug.count());
    Piece::new(color, bug, number).expect("a numbered piece of the box")
}

/// One random thing a player (or a monkey) could do.
/// Any move of the game's tree, or its start.
fn some_node(app: &App, rng: &mut StdRng) -> NodeId {
    let current = app.world().resource::<CurrentGame>();
    let leaves = current.variations().leaves();
    let leaf = leaves[rng.random_range(0..leaves.len())];
    let mut path = current.variations().path_to(leaf);
    path.insert(0, NodeId::ROOT);
    path[rng.random_range(0..path.len())]
}

fn act(app: &mut App, rng: &mut StdRng, files: &Path, step: usize) {
    match rng.random_range(0..100) {
        0..=39 => {
            let cell = some_cell(app, rng);
            app.world_mut().write_message(GameIntent::Click(Some(cell)));
        }
        40..=49 => {
            let piece = some_piece(rng);
            app.world_mut().write_message(SelectPiece(piece));
        }
        50..=54 => {
            let direction = Vec2::from_angle(rng.random_range(0.0..std::f32::consts::TAU));
            app.world_mut()
                .write_message(GameIntent::MoveCursor(direction));
        }
        55..=59 => {
            app.world_mut().write_message(GameIntent::Confirm);
        }
        60..=62 => {
            app.world_mut().write_message(GameIntent::NextHandPiece);
        }
        63..=64 => {
            app.world_mut().write_message(GameIntent::Cancel);
        }
        65..=71 => {
            app.world_mut().write_message(RecordsAction::Undo);
        }
        72..=75 => {
            app.world_mut().write_message(RecordsAction::Redo);
        }
        76..=85 => {
            let action = match rng.random_range(0..8) {
                // A click on any move of the tree (or the start).
                7 => ReviewAction::GotoNode(some_node(app, rng)),
                0 => ReviewAction::Enter,
                1 => ReviewAction::StepBack,
                2 => ReviewAction::StepForward,
                3 => ReviewAction::Goto(rng.random_range(0..40)),
                4 => ReviewAction::ToStart,
                5 => ReviewAction::ContinueFromHere,
                _ => ReviewAction::BackToGame,
            };
            app.world_mut().write_message(action);
        }
        86..=87 => {
            app.world_mut().write_message(PlayMove(Move::Pass));
        }
        88 => {
            // Half the new games against the easiest AI.
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.opponent = if settings.opponent == Opponent::Human {
                Opponent::Ai
            } else {
                Opponent::Human
            };
            settings.difficulty = Difficulty::Beginner;
            settings.human_side = HumanSide::Random;
            app.world_mut().write_message(NewGame);
        }
        89..=90 => {
            let path = files.join(format!("saved-{}.txt", step % 3));
            app.world_mut().write_message(if step.is_multiple_of(2) {
                RecordsAction::Save(path)
            } else {
                RecordsAction::SaveVariations(path)
            });
        }
        91 => {
            let path = files.join(format!("saved-{}.txt", rng.random_range(0..3)));
            app.world_mut().write_message(RecordsAction::Load(path));
        }
        92 => {
            // Make a line of the tree the main line, or delete a move.
            let node = some_node(app, rng);
            app.world_mut().write_message(if rng.random_bool(0.5) {
                RecordsAction::PromoteVariation(node)
            } else {
                RecordsAction::DeleteVariation(node)
            });
        }
        _ => {
            // A legal move of the side to move, as a click-click would.
            let mut moves = Vec::new();
            game(app).legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            app.world_mut().write_message(PlayMove(mv));
        }
    }
}

/// What must hold after every frame.
fn check(app: &mut App, data: &Path, step: usize) {
    assert_entities_match_game(app);
    let current = app.world().resource::<CurrentGame>().clone();
    let game = current.game();
    let replayed = CurrentGame::new(game.clone());
    assert_eq!(
        current.notation(),
        replayed.notation(),
        "step {step}: the move list is the game's"
    );
    assert!(current.line().len() >= current.ply());
    // The line is a line of the tree, with the tree's notation.
    let tree = current.variations();
    let nodes = current.line_nodes();
    assert_eq!(nodes.len(), current.line().len(), "step {step}");
    for (i, &node) in nodes.iter().enumerate() {
        assert_eq!(tree.depth(node), i + 1, "step {step}");
        assert_eq!(tree.text(node), current.line()[i], "step {step}");
    }
    assert_eq!(
        tree.game_at(current.node()).game_string(),
        game.game_string()
    );
    let status = app.world().resource::<AutosaveStatus>().clone();
    // In review (or entering it: the state changes on the next frame)
    // nothing is written.
    let entering_review = matches!(
        *app.world().resource::<NextState<Turn>>(),
        NextState::Pending(Turn::Review) | NextState::PendingIfNeq(Turn::Review)
    );
    if status.writing || turn(app) == Some(Turn::Review) || entering_review {
        return;
    }
    let autosave = Autosave::new(data);
    if game.status().is_over() || game.ply() == 0 {
        return;
    }
    // Written after the last change of the game in play: the autosave of
    // its kind of play shows the game on the board.
    let saved: Vec<String> = PlayKind::ALL
        .into_iter()
        .filter_map(|kind| autosave.with_kind(kind).load().expect("the autosave loads"))
        .map(|saved| saved.game_string())
        .collect();
    assert!(
        saved.contains(&game.game_string()),
        "step {step}: an autosave is the game on the board"
    );
}

fn walk(seed: u64, steps: usize) {
    let data = TempDir::new().unwrap();
    let files = TempDir::new().unwrap();
    let mut app = monkey_app(data.path());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves_played = 0;
    for step in 0..steps {
        let ply = game(&app).ply();
        act(&mut app, &mut rng, files.path(), step);
        app.update();
        if game(&app).ply() != ply {
            moves_played += 1;
        }
        if step % 25 == 0 {
            wait_for_autosave(&mut app);
        }
        check(&mut app, data.path(), step);
    }
    assert!(
        moves_played > steps / 20,
        "the monkey got to play: {moves_played}"
    );
}

#[test]
fn a_monkey_cannot_break_the_game() {
    walk(7, 3_000);
}

#[test]
#[ignore = "long: 60,000 random intents over several seeds"]
fn a_long_monkey_walk() {
    for seed in 1..=6 {
        walk(seed, 10_000);
    }
}
