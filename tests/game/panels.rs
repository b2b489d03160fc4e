//! The panels' words, read from egui's output in a headless app (egui runs,
//! nothing is drawn): started in Spanish, the main menu, a game with a
//! refused move, the game-over dialog and the other screens show no
//! English (the notation, `wQ`, aside).

use std::collections::BTreeSet;

use crate::app::{SCRIPT, frames, game, no_animation, set_screen};
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use bevy_egui::{EguiFullOutput, EguiGlobalSettings, EguiPostUpdateSet, PrimaryEguiContext, egui};
use hive::game::{LaunchSettings, NewGameSettings, PlayMove, Screen};
use hive::rules::{Direction, Game, GameType, Move};

/// Every piece of text egui laid out in the last frame.
#[derive(Resource, Default)]
struct Shown(Vec<String>);

/// Every text in `shape`, with where it was laid out.
fn texts_of(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
    match shape {
        egui::Shape::Text(text) => out.push((
            text.galley.text().to_string(),
            text.galley.rect.translate(text.pos.to_vec2()),
        )),
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| texts_of(s, out)),
        _ => {}
    }
}

/// Every text egui laid out in the frame just ended, with where.
pub fn laid_out(outputs: &Query<&EguiFullOutput>) -> Vec<(String, egui::Rect)> {
    let mut texts = Vec::new();
    for output in outputs {
        if let Some(full) = &output.0 {
            for clipped in &full.shapes {
                texts_of(&clipped.shape, &mut texts);
            }
        }
    }
    texts
}

/// Every text egui laid out in the last frame, with where (kept by
/// [`read_laid`]).
#[derive(Resource, Default)]
pub struct Laid(pub Vec<(String, egui::Rect)>);

/// Keeps the texts of the frame just ended in [`Laid`].
pub fn read_laid(outputs: Query<&EguiFullOutput>, mut laid: ResMut<Laid>) {
    let texts = laid_out(&outputs);
    if !texts.is_empty() {
        laid.0 = texts;
    }
}

fn read_shown(outputs: Query<&EguiFullOutput>, mut shown: ResMut<Shown>) {
    let texts = laid_out(&outputs);
    if !texts.is_empty() {
        shown.0 = texts.into_iter().map(|(text, _)| text).collect();
    }
}

/// The primary window.
pub fn window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("one window")
}

/// A left click at `at` (logical pixels), press and release in one frame.
pub fn click(app: &mut App, at: egui::Pos2) {
    let window = window(app);
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window,
            position: Vec2::new(at.x, at.y),
            delta: None,
        }));
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let button = MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        };
        app.world_mut().write_message(button);
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(button));
    }
    frames(app, 3);
}

/// The game's logic and panels with egui, headless, speaking `lang`.
pub fn panels_app(lang: &str) -> App {
    let mut app = App::new();
    app.insert_resource(LaunchSettings {
        this_run: hive::game::core::ThisRun {
            language: Some(lang.to_string()),
            ..default()
        },
        ..default()
    });
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin {
            file_path: hive::game::theme::assets_dir()
                .to_string_lossy()
                .into_owned(),
            ..default()
        },
        WindowPlugin::default(),
        bevy::input::InputPlugin,
        bevy::image::ImagePlugin::default(),
    ));
    app.init_asset::<bevy::shader::Shader>();
    // The theme loads its sounds; nothing plays them here.
    app.init_asset::<bevy::audio::AudioSource>();
    // What the theme colours and draws the board with.
    app.init_resource::<ClearColor>();
    app.init_asset::<ColorMaterial>();
    app.init_asset::<Mesh>();
    app.init_asset::<Font>();
    app.init_asset::<bevy::mesh::skinning::SkinnedMeshInverseBindposes>();
    app.add_plugins(bevy::gizmos::GizmoPlugin);
    app.add_plugins((hive::game::logic_plugin, hive::game::panels_plugin));
    // egui's primary context lives on this camera, named, not found: egui
    // would give one to each camera it meets first in a frame (the board's
    // too, by the order of the world's tables).
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    });
    app.world_mut().spawn((Camera2d, PrimaryEguiContext));
    app.init_resource::<Shown>();
    app.add_systems(
        PostUpdate,
        read_shown
            .after(EguiPostUpdateSet::EndPass)
            .before(EguiPostUpdateSet::ProcessOutput),
    );
    app
}

fn shown(app: &mut App) -> Vec<String> {
    for _ in 0..4 {
        app.update();
    }
    app.world().resource::<Shown>().0.clone()
}

/// Common English words that are not Spanish ones: any of them in the
/// Spanish panels is a string that escaped translation.
const ENGLISH: &[&str] = &[
    "the",
    "and",
    "you",
    "your",
    "with",
    "click",
    "cannot",
    "can",
    "must",
    "move",
    "moves",
    "game",
    "games",
    "piece",
    "pieces",
    "new",
    "white",
    "black",
    "turn",
    "undo",
    "redo",
    "hint",
    "play",
    "to",
    "of",
    "is",
    "on",
    "it",
    "its",
    "load",
    "save",
    "settings",
    "sound",
    "language",
    "from",
    "for",
    "this",
    "that",
    "there",
    "here",
    "where",
    "what",
    "which",
    "who",
    "when",
    "wins",
    "win",
    "draw",
    "pass",
    "back",
    "next",
    "step",
    "pause",
    "speed",
    "opponent",
    "person",
    "level",
    "rules",
    "queen",
    "ant",
    "beetle",
    "spider",
    "grasshopper",
    "ladybug",
    "pillbug",
    "hand",
    "board",
    "cell",
    "cells",
    "green",
    "analysis",
    "review",
    "lesson",
    "lessons",
    "puzzle",
    "puzzles",
    "problems",
    "quit",
    "restart",
    "main",
    "resume",
    "library",
    "set",
    "up",
    "position",
    "edit",
    "copy",
    "clock",
    "minutes",
    "seconds",
    "none",
    "always",
    "never",
    "random",
    "beginner",
    "easy",
    "medium",
    "hard",
    "expert",
    "fast",
    "slow",
    "off",
    "volume",
    "by",
    "at",
    "in",
    "or",
    "not",
    "be",
    "are",
    "was",
    "have",
    "will",
    "than",
    "then",
    "only",
    "all",
    "any",
    "each",
    "every",
    "other",
    "same",
    "first",
    "last",
    "one",
    "two",
    "three",
    "moved",
    "placed",
    "selected",
    "ai's",
    "marks",
    "stack",
];

/// The English words in `texts`, with the text each was found in.
fn english_in(texts: &[String]) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    for text in texts {
        for word in text
            .split(|c: char| !(c.is_alphabetic() || c == '\''))
            .filter(|w| !w.is_empty())
        {
            if ENGLISH.contains(&word.to_lowercase().as_str()) {
                found.insert((word.to_string(), text.clone()));
            }
        }
    }
    found
}

fn assert_spanish(app: &mut App, what: &str, expected: &str) {
    let texts = shown(app);
    assert!(
        texts.iter().any(|t| t.contains(expected)),
        "{what}: no \"{expected}\" in {texts:#?}"
    );
    let english = english_in(&texts);
    assert!(
        english.is_empty(),
        "{what}: English in the Spanish panels: {english:#?}"
    );
}

#[test]
fn the_detector_finds_english() {
    let texts = [
        "Partida nueva".to_string(),
        "Click a green cell".to_string(),
    ];
    let found: Vec<String> = english_in(&texts).into_iter().map(|(w, _)| w).collect();
    assert_eq!(found, ["Click", "cell", "green"]);
    let mut app = panels_app("en");
    assert!(
        !english_in(&shown(&mut app)).is_empty(),
        "the English menu is English"
    );
}

#[test]
fn the_panels_started_in_spanish_show_no_english() {
    let mut app = panels_app("es");
    assert_spanish(&mut app, "the main menu", "Partida nueva");

    // A game one move from its end, a refused move's reason, then the end.
    let mut before_end = Game::new(GameType::from_expansions("P").unwrap());
    let moves: Vec<&str> = SCRIPT.split(';').collect();
    for text in &moves[..moves.len() - 1] {
        before_end.play_move_string(text).unwrap();
    }
    app.insert_resource(NewGameSettings {
        opening: Some(before_end.clone()),
        ..default()
    });
    no_animation(&mut app);
    set_screen(&mut app, Screen::Playing);
    assert_spanish(&mut app, "a game", "Deshacer");
    let far = (0..6).fold(
        before_end.position("wQ".parse().unwrap()).unwrap(),
        |hex, _| hex.neighbor(Direction::East),
    );
    let lone = Move::Place {
        piece: "wS1".parse().unwrap(),
        to: far,
    };
    app.world_mut().write_message(PlayMove(lone));
    assert_spanish(&mut app, "a refused move", "Araña");
    let last = game(&app).parse_move(moves[moves.len() - 1]).unwrap();
    app.world_mut().write_message(PlayMove(last));
    assert_spanish(&mut app, "the game-over dialog", "ganan");

    for (screen, expected) in [
        (Screen::Lessons, "Lecciones"),
        (Screen::Puzzles, "Problemas"),
        (Screen::Games, "Partidas"),
        (Screen::Editor, "Preparar"),
    ] {
        set_screen(&mut app, screen);
        assert_spanish(&mut app, &format!("{screen:?}"), expected);
    }
}
