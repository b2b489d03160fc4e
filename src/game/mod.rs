//! The Bevy desktop game: a window with an egui main menu, and the board
//! screen of a local two-player game.
//!
//! This file only assembles the plugins; each feature lives in its own file:
//! - `screens`: the screen state machine (main menu, playing),
//! - `camera`: the 2D camera and background colour,
//! - `new_game`: the settings the next game starts with,
//! - `hex_grid`: the empty hex grid drawn under the board,
//! - `ui`: the egui panels (main menu, top bar).

mod camera;
mod hex_grid;
mod new_game;
mod screens;
mod ui;

use bevy::prelude::*;

pub use new_game::{Expansions, UnknownExpansion};

use new_game::NewGameSettings;
use screens::Screen;

/// Where the app starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// On the main menu.
    MainMenu,
    /// Straight into a local two-player game.
    Local {
        /// Expansion letters, any of `M`, `L`, `P` (`""` for the base game).
        expansions: String,
    },
}

/// Opens the game window and runs until it is closed or the player quits.
pub fn run(launch: Launch) {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Hive".into(),
            resolution: (1280, 800).into(),
            ..default()
        }),
        ..default()
    }));
    app.add_plugins((
        screens::plugin,
        camera::plugin,
        new_game::plugin,
        hex_grid::plugin,
        ui::plugin,
    ));

    if let Launch::Local { expansions } = launch {
        let expansions = Expansions::from_letters(&expansions).unwrap_or_else(|err| {
            // `run` has no error channel; the command line should have
            // validated already, so fall back rather than refuse to open.
            warn!("{err}; starting a base game");
            Expansions::BASE
        });
        app.insert_resource(NewGameSettings { expansions });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    }

    app.run();
}
