//! The Bevy desktop game: a window with an egui main menu and the board of a
//! game, played with the mouse, the keyboard or a gamepad.
//!
//! One folder per feature, each with one `plugin(app)`, each depending only
//! on the folders before it in this list (a test checks it):
//! - `core`: screens, the game in play and who plays it, the turn state
//!   machine and its messages, the message line, launch settings, and the
//!   system sets that order every frame ([`GameSystems`]);
//! - `board`: where cells lie on screen, one entity per piece (the design
//!   card's `Position`, `Bug`, `Color`, `StackLevel`), animation, and with a
//!   window the camera and the grid;
//! - `play`: selection and legal-move highlights, the devices turned into
//!   intents, the board cursor;
//! - `ai`: the engine and its searches on the task pool, the AI player,
//!   hints, exhibitions;
//! - `saves`: undo and redo, review, saved games, the autosave, the game
//!   library, the engine's review, and the player's settings kept between
//!   runs (their file read at start-up and written as they change);
//! - `theme`: the look and the sound files, read from `assets/themes/` and
//!   reloaded live, and the pieces and highlights drawn in it;
//! - `widgets`: the shared egui pieces every screen draws with (egui's
//!   colours from the theme, where the side panels sit, the top of a
//!   learning screen, the pieces drawn with the theme's art, the file
//!   picker's words, the question about a game waiting);
//! - `editor`: the position editor, its screen, and the hand-off of a
//!   position to the board as a game;
//! - `learn`: lessons and puzzles on the board against the engine's
//!   defence (practice: nothing autosaved), and the Learn to play and
//!   Puzzles screens;
//! - `database`: the game database (`crate::db`) in the window: opened
//!   in the data directory, the opening explorer's answers for the position
//!   on the board, imports, searches, a stored game opened in review; the
//!   explorer's window and the Games screen's database part;
//! - `online`: a game against a friend over the internet (`crate::net`):
//!   hosting and joining, the board following the connection's game, the
//!   offers and chat, the connection kept to resume; its window and panel;
//! - `your_games`: the player's own games, each kept as it ends (in
//!   `my-games.sqlite`), listed, opened in review, forgotten, exported; the
//!   Games screen's "Your games" tab;
//! - `sound`: the sound each event asks for, at the player's volume, played
//!   with the theme's files;
//! - `ui`: the frame: the main menu, the Games screen and the panels
//!   around the board in a game.
//!
//! The screens of `editor`, `learn`, `database` and `online` are each folder's
//! `view_plugin`, added by `ui`'s plugin right after egui's, so the
//! headless panels test ([`panels_plugin`]) gets them too.
//!
//! [`logic_plugin`] is everything that decides what happens, with no window
//! (headless tests run it on `MinimalPlugins`); the view needs a window.

pub mod ai;
pub mod board;
pub mod core;
pub mod database;
pub mod editor;
pub mod learn;
pub mod online;
pub mod play;
pub mod saves;
pub mod sound;
pub mod theme;
mod ui;
mod widgets;
pub mod your_games;

use bevy::prelude::*;

pub use self::ai::{
    AiEngine, AiEvaluation, AiThinking, Analysis, AnalysisLine, Evaluation, ExhibitionCommand,
    ExhibitionControl, ExhibitionLaunch, Hint, MAX_ANALYSIS_LINES, OtherLine, RequestHint,
};
pub use self::board::{
    AnimationSettings, BoardLayout, PieceId, Position, SkipAnimation, Slide, StackLevel,
    hex_to_world, resting_translation, world_to_plane,
};
pub use self::core::{
    Activity, AnalysisSwitch, CONFIG_DIR_ENV, ClockChoice, ClockHold, ClockPause,
    ConsideredDestinations, CurrentGame, CurrentMode, ForcedPass, GameClock, GameMode, GameSystems,
    HumanSide, LaunchSettings, Mode, MovePlayed, NewGame, NewGameSettings, Notice, Opponent,
    PlayMove, Players, Screen, SeatsOnce, SetAnalysis, Settings, Turn, Words, last_move_cells,
};
pub use self::core::{
    LoadedSettings, SETTINGS_FILE, SavedSettings, SettingsFile, SettingsWrites, restore_settings,
};
pub use self::database::{
    DatabaseRequest, DatabaseSystems, ExplorerAnswer, FilterForm, GameDatabase, QueryError,
    WhyNothing, why_nothing,
};
pub use self::play::{
    BoardCursor, CellClicked, CellDropped, ClearSelection, DragFrom, Flash, GameIntent, Highlight,
    HighlightKind, InputDevice, MovablePieces, PointerDrag, SelectPiece, Selection, movable_pieces,
};
pub use self::saves::{
    AutosaveStatus, EngineReview, EngineReviewRequest, FinishGame, GameLibrary, ImportResult,
    KeptGames, KeptIn, Leaving, LibraryRequest, RecordPaths, RecordsAction, ReviewAction,
    ReviewWhy, ReviewedLine, Stake,
};
pub use self::ui::GamesTab;
pub use self::your_games::{YourGames, YourGamesRequest};

use crate::rules::GameType;

/// Where the app starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// On the main menu.
    MainMenu,
    /// Straight into a local two-player game.
    Local {
        /// The expansion pieces in the box.
        game_type: GameType,
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
    app.add_plugins((
        core::plugin,
        board::plugin,
        play::plugin,
        ai::plugin,
        saves::plugin,
        editor::plugin,
        learn::plugin,
        database::plugin,
        online::plugin,
        your_games::plugin,
        sound::plugin,
    ));
}

/// What needs a window: drawing, the camera, the pointer, egui panels.
fn view_plugin(app: &mut App) {
    app.add_plugins((
        board::view_plugin,
        play::view_plugin,
        theme::plugin,
        sound::view_plugin,
        ui::plugin,
    ));
}

/// The egui panels and what they read, without the board's drawing: what a
/// headless test of the panels' words runs, next to [`logic_plugin`] and
/// `bevy_egui`'s own plugin (no window is opened).
pub fn panels_plugin(app: &mut App) {
    board::keep_the_board_area(app);
    app.add_plugins((play::view_plugin, theme::plugin, ui::plugin));
}

/// Opens the game window and runs until it is closed or the player quits.
pub fn run(launch: Launch, settings: LaunchSettings) {
    let mut app = App::new();
    // First, so plugins can read it while they are built.
    app.insert_resource(settings.clone());
    // The player's own themes, in the data directory: an asset source of
    // their own (registered before the asset plugin), watched like the
    // built-in ones.
    let paths = RecordPaths::default_locations(&settings);
    let themes = theme::ThemeChoice::with_player_folder(paths.data_dir());
    theme::register_player_themes(&mut app, &themes);
    app.insert_resource(themes);
    // Bevy's audio opens the device while its plugin is added.
    let device_messages = sound::DeviceMessages::catch();
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
    device_messages.log();
    app.add_plugins((logic_plugin, view_plugin));
    // The saved settings first, so the command line wins over them.
    app.insert_resource(paths);
    if let Some(file) = SettingsFile::for_launch(&settings) {
        app.insert_resource(file);
    }
    restore_settings(app.world_mut());

    let mut next_game = app.world().resource::<NewGameSettings>().clone();
    if let Some(game) = &settings.start_position {
        app.world_mut().resource_mut::<Settings>().game_type = game.game_type();
    }
    next_game.opening = settings.start_position.clone();
    if settings.clock.is_some() {
        next_game.clock.control = settings.clock;
    }
    match launch {
        Launch::MainMenu => {}
        Launch::Exhibition(exhibition) => {
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.game_type = exhibition.game_type;
            settings.seat_as(exhibition.seats);
            exhibition.configure(&mut app);
        }
        Launch::Local { game_type } => {
            app.world_mut().resource_mut::<Settings>().game_type = game_type;
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Playing);
        }
        // A file that cannot be loaded is reported on the main menu.
        Launch::Review(path) => {
            app.world_mut().write_message(RecordsAction::Load(path));
        }
    }
    app.insert_resource(next_game);
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
