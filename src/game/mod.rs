//! The Bevy desktop game: a window with an egui main menu and the board of a
//! local two-player game, played with the mouse, the keyboard or a gamepad.
//!
//! The app is split in two halves so the rules-facing half runs without a
//! window (headless tests add [`logic_plugin`] to `MinimalPlugins`):
//! - logic: `screens` (main menu / playing), `new_game` (settings and the
//!   game resource), `board` (the rules engine's game and where its cells lie
//!   on the plane), `pieces` (one entity per piece on the board, kept in sync
//!   with the game), `selection` (selecting a piece and its legal-move
//!   highlights), `turn` (the turn state machine and playing moves),
//!   `animation` (pieces travelling along their path), `input` (keyboard
//!   and gamepad to intents), `cursor` (the board cursor, and intents
//!   carried out), `notice` (the message
//!   line), `ai_player` (the AI's searches on the task pool, played as
//!   moves), `records` (undo / redo history, autosave, saved games and
//!   settings), `review` (stepping through a game, continuing from a move),
//!   `exhibition` (AI vs AI: pause, step, pace), `hint` (the AI suggests
//!   the human's move);
//! - view: `camera` (fit, pan, zoom), `hex_grid` (the empty grid and hex
//!   geometry), `theme` (images and colours from `assets/themes/`, reloaded
//!   live), `tiles` (the pieces, highlights and markers, the keyboard
//!   cursor among them, drawn in the theme), `input` (the mouse pointer,
//!   and keys to egui's focus), `ui` (egui menus and panels),
//!   `diagnostics` (optional frame-time logging).

mod ai_player;
mod animation;
mod board;
mod camera;
mod cursor;
mod diagnostics;
mod exhibition;
mod hex_grid;
mod hint;
mod input;
mod new_game;
mod notice;
mod pieces;
mod records;
mod review;
mod screens;
mod selection;
pub mod theme;
mod tiles;
mod turn;
mod ui;

use bevy::prelude::*;

pub use ai_player::{AiEvaluation, AiThinking, ConsideredDestinations, Evaluation};
pub use animation::{AnimationSettings, SkipAnimation, Slide};
pub use board::{BoardLayout, CurrentGame};
pub use cursor::BoardCursor;
pub use exhibition::{ExhibitionCommand, ExhibitionControl, ExhibitionLaunch};
pub use hex_grid::{hex_to_world, world_to_plane};
pub use hint::{Hint, RequestHint};
pub use input::GameIntent;
pub use new_game::{GameOptions, HumanSide, NewGame, NewGameSettings, Opponent, Players};
pub use notice::Notice;
pub use pieces::{BugKind, PieceId, Position, Side, StackLevel, resting_translation};
pub use records::{
    AutosaveStatus, GameHistory, PlayerSettings, RecordPaths, RecordsAction, restore_settings,
};
pub use review::ReviewAction;
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
    /// Straight into an AI vs AI exhibition.
    Exhibition(ExhibitionLaunch),
    /// Straight into review of the game saved in this file.
    Review(std::path::PathBuf),
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
        exhibition::plugin,
        hint::plugin,
        records::plugin,
        review::plugin,
    ));
    app.add_plugins((input::plugin, cursor::plugin));
}

/// What needs a window: drawing, the camera, mouse and keys, egui panels.
fn view_plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        hex_grid::plugin,
        theme::plugin,
        tiles::plugin,
        input::view_plugin,
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
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Hive".into(),
                    resolution: (1280, 800).into(),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: theme::assets_dir().to_string_lossy().into_owned(),
                ..default()
            })
            .set(TaskPoolPlugin {
                task_pool_options: search_threads_yield_to_the_window(),
            }),
    );
    app.add_plugins((logic_plugin, view_plugin));
    // The saved settings first, so the command line wins over them.
    app.insert_resource(RecordPaths::default_locations());
    restore_settings(app.world_mut());

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
    match launch {
        Launch::MainMenu => {}
        Launch::Exhibition(exhibition) => exhibition.configure(&mut app, &mut settings),
        Launch::Local { expansions } => {
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
        // A file that cannot be loaded is reported on the main menu.
        Launch::Review(path) => {
            app.world_mut().write_message(RecordsAction::Load(path));
        }
    }
    app.insert_resource(settings);
    app.run();
}

/// Task pools whose async-compute threads (where the AI searches) run at a
/// lower scheduling priority than the window, so that on a machine with few
/// cores the search takes the time the frame does not need, and never the
/// other way round.
fn search_threads_yield_to_the_window() -> bevy::app::TaskPoolOptions {
    let mut options = bevy::app::TaskPoolOptions::default();
    options.async_compute.on_thread_spawn = Some(std::sync::Arc::new(lower_this_thread_priority));
    options
}

/// Raises the calling thread's nice value to 10 (Linux; elsewhere nothing).
#[cfg(target_os = "linux")]
fn lower_this_thread_priority() {
    // SAFETY: plain system calls on the calling thread with no pointers.
    // On Linux a nice value belongs to one thread (its tid), not the process.
    let result = unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10)
    };
    if result != 0 {
        warn!(
            "could not lower the AI thread's priority: {}",
            std::io::Error::last_os_error()
        );
    }
}

/// Raises the calling thread's nice value to 10 (Linux; elsewhere nothing).
#[cfg(not(target_os = "linux"))]
fn lower_this_thread_priority() {}
