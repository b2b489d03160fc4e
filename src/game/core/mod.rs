//! What every other feature of the game builds on: the screens, what the
//! player is doing ([`Mode`], the one definition of the modes, computed from
//! the screen, the [`Activity`] on the board, who plays and whether the
//! analysis is on or the game reviewed), the game in play and who plays it, the turn state machine and
//! its messages, the message line, what the command line asked for, and
//! the order of the game's work within a frame ([`GameSystems`]).
//!
//! Nothing here knows about the board's drawing, the devices, the AI or the
//! game's files: those features come after this one and depend on it, never
//! the other way round. The one file kept here is the player's settings
//! (`settings`: the value every feature reads, its file and its keeping, in
//! one folder).

mod assets;
mod clock;
mod current_game;
mod jump;
mod last_move;
mod launch;
mod mode;
mod next_game;
mod notice;
mod players;
mod resign;
mod screens;
mod settings;
mod turn;
mod words;

use bevy::prelude::*;

pub use assets::assets_dir;
pub use clock::{ClockHold, ClockPause, ClockSync, GameClock, HoldClocks, MoveClocks};
pub use current_game::{CurrentGame, LineRefused};
pub use jump::Jump;
pub use last_move::last_move_cells;
pub use launch::{CONFIG_DIR_ENV, LaunchSettings};
pub use mode::{
    AnalysisSwitch, AnalysisSwitching, Board, CurrentMode, GameMode, Mode, SetAnalysis,
    in_exhibition, in_review, practising,
};
pub use next_game::{ClockChoice, NewGameSettings};
pub use notice::{Notice, NoticeChange, Notices};
pub use players::{
    NewGame, NextGameRequest, Players, RemoteGame, Restart, RestartedFrom, SeatsOnce, StartGame,
};
pub use resign::{Resign, Resignation, Resigning};
pub use screens::{Activity, Screen};
pub use settings::{
    ChangeSettings, ConsideredDestinations, EditSettings, HumanSide, LoadedSettings, Opponent,
    SETTINGS_FILE, SavedSettings, Settings, SettingsFile, SettingsWrites, ThisRun, UnknownWord,
    restore_settings,
};
pub use turn::{
    ForcedPass, MovePlayed, MoveRefused, PlayMove, Turn, TurnChecks, TurnControl, upcoming_turn,
};
pub use words::{
    Words, difficulty_about, difficulty_name, record_error, system_language, with_color,
};

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSystems::Input,
            GameSystems::Jump,
            GameSystems::Ai,
            GameSystems::Select,
            GameSystems::Play,
            GameSystems::Sync,
            GameSystems::Animate,
            GameSystems::View,
        )
            .chain(),
    );
    app.init_resource::<LaunchSettings>();
    app.add_plugins((
        screens::plugin,
        mode::plugin,
        settings::plugin,
        notice::plugin,
        words::plugin,
        current_game::plugin,
        clock::plugin,
        players::plugin,
        turn::plugin,
        resign::plugin,
    ));
}

/// The order of the game's work within a frame, stated once: devices become
/// messages; the position is replaced (restart, undo, review, a loaded
/// game); the AI searches and plays; selections are answered; moves are
/// played; entities and highlights follow the game; pieces slide; the view
/// catches up. Every system of the game's `Update` runs in one of these, and
/// systems of one set that touch the same data are ordered within it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse, keyboard and gamepad turned into messages.
    Input,
    /// The position on the board replaced: a new game, undo and redo,
    /// review, a loaded or resumed game.
    Jump,
    /// The AI's searches started and collected, its moves played, hints,
    /// the exhibition's pace.
    Ai,
    /// Selection messages and clicks answered with highlights.
    Select,
    /// Requested moves checked and played.
    Play,
    /// Piece entities, layout, highlights and files updated from the game.
    Sync,
    /// Pieces sliding to their new cells; the turn moves on after them.
    Animate,
    /// Meshes, labels and camera following the entities.
    View,
}
