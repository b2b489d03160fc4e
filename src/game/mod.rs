//! The Bevy desktop game: a window with an egui main menu and the board of a
//! local two-player game, played with the mouse.
//!
//! The app is split in two halves so the rules-facing half runs without a
//! window (headless tests add [`logic_plugin`] to `MinimalPlugins`):
//! - logic: `screens` (main menu / playing), `new_game` (settings and the
//!   game resource), `board` (the rules engine's game and where its cells lie
//!   on the plane), `pieces` (one entity per piece on the board, kept in sync
//!   with the game), `selection` (selecting a piece and its legal-move
//!   highlights), `turn` (the turn state machine and playing moves),
//!   `animation` (pieces sliding along their path), `notice` (the message
//!   line), `ai_player` (the AI's searches on the task pool, played as
//!   moves);
//! - view: `camera` (fit, pan, zoom), `hex_grid` (the empty grid and hex
//!   geometry), `tiles` (meshes and labels for pieces and highlights),
//!   `input` (mouse and keys to messages), `ui` (egui menus and panels),
//!   `diagnostics` (optional frame-time logging).

mod ai_player;
mod animation;
mod board;
mod camera;
mod diagnostics;
mod hex_grid;
mod input;
mod new_game;
mod notice;
mod pieces;
mod screens;
mod selection;
mod tiles;
mod turn;
mod ui;

use bevy::prelude::*;

pub use ai_player::AiThinking;
pub use animation::{AnimationSettings, Slide};
pub use board::{BoardLayout, CurrentGame};
pub use hex_grid::{hex_to_world, world_to_plane};
pub use new_game::{HumanSide, NewGame, NewGameSettings, Opponent, Players};
pub use notice::Notice;
pub use pieces::{BugKind, PieceId, Position, Side, StackLevel};
pub use screens::Screen;
pub use selection::{
    CellClicked, ClearSelection, Highlight, HighlightKind, SelectPiece, Selection,
};
pub use turn::{ForcedPass, PlayMove, Turn};

use crate::rules::{Game, GameType};

/// The order of the game's work within a frame, stated once: input becomes
/// messages, selection answers them, moves are played, entities follow the
/// game, then pieces slide and the view catches up.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse and keyboard turned into messages.
    Input,
    /// Selection messages answered with highlights; the AI's searches
    /// started and collected.
    Select,
    /// Requested moves checked and played.
    Play,
    /// Piece entities and the board layout updated from the game.
    Sync,
    /// Pieces sliding to their new cells.
    Animate,
    /// Meshes, labels and camera following the entities.
    View,
}

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

/// Everything that decides what happens in a game, with no window, renderer
/// or egui: what headless tests run. Needs `StatesPlugin` (part of
/// `DefaultPlugins`, added by hand next to `MinimalPlugins`).
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Input,
            GameSystems::Select,
            GameSystems::Play,
            GameSystems::Sync,
            GameSystems::Animate,
            GameSystems::View,
        )
            .chain(),
    );
    app.add_plugins((
        screens::plugin,
        new_game::plugin,
        board::plugin,
        notice::plugin,
        pieces::plugin,
        selection::plugin,
        turn::plugin,
        animation::plugin,
        ai_player::plugin,
    ));
}

/// What needs a window: drawing, the camera, mouse and keys, egui panels.
fn view_plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        hex_grid::plugin,
        tiles::plugin,
        input::plugin,
        ui::plugin,
        diagnostics::plugin,
    ));
}

/// Opens the game window and runs until it is closed or the player quits.
///
/// Two environment variables help measuring and demonstrating:
/// `HIVE_START_POSITION=<GameString>` starts local games from that position,
/// and `HIVE_FRAME_TIME=1` logs frame-time diagnostics every second.
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
    app.add_plugins((logic_plugin, view_plugin));

    let opening = std::env::var("HIVE_START_POSITION").ok().and_then(|text| {
        match Game::from_game_string(&text) {
            Ok(game) => Some(game),
            Err(err) => {
                warn!("HIVE_START_POSITION ignored: {err}");
                None
            }
        }
    });
    let mut settings = app.world().resource::<NewGameSettings>().clone();
    if let Some(game) = &opening {
        settings.game_type = game.game_type();
    }
    settings.opening = opening;
    if let Launch::Local { expansions } = launch {
        settings.game_type = GameType::from_expansions(&expansions).unwrap_or_else(|err| {
            // `run` has no error channel; `main` validates first, so this
            // only guards other callers.
            warn!("{err}; starting a base game");
            GameType::BASE
        });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    }
    app.insert_resource(settings);
    app.run();
}
