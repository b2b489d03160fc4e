//! Game records in the app: undo and redo, review (and the engine's review
//! of a whole game), saved games, the library of a folder's games, the
//! autosave. The file formats are `crate::records`' business; the game in
//! play and its line of moves are `core`'s [`CurrentGame`], the player's
//! settings and their file `core`'s too.

pub mod actions;
pub mod autosave_writer;
pub mod engine_review;
pub mod files;
pub mod library;
pub mod paths;
mod reads;
pub mod review;
pub mod review_why;
pub mod stake;
pub mod undo;

use bevy::prelude::*;

pub use actions::RecordsAction;
pub use autosave_writer::{FinishGame, KeptGames};
pub use engine_review::{EngineReview, EngineReviewRequest, ReviewedLine, best_move_of};
pub use files::ImportResult;
pub use library::{GameLibrary, LibraryRequest};
pub use paths::{AutosaveStatus, RecordPaths};
pub use review::ReviewAction;
pub use review_why::ReviewWhy;
pub use stake::{KeptIn, Leaving, Stake};

use crate::game::core::{
    CurrentGame, GameSystems, NewGame, Restart, Screen, SettingsWrites, TurnChecks, practising,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordPaths>();
    app.init_resource::<AutosaveStatus>();
    app.add_message::<files::ImportResult>();
    app.init_resource::<files::PendingGame>();
    app.init_resource::<reads::Reads>();
    app.init_resource::<paths::SaveWrites>();
    app.init_resource::<autosave_writer::AutosaveWriter>();
    app.init_resource::<KeptGames>();
    app.add_message::<FinishGame>();
    app.init_resource::<Stake>();
    app.add_message::<RecordsAction>();
    // Sent by the window; added here too so the headless app can send it.
    app.add_message::<bevy::window::FileDragAndDrop>();
    app.add_systems(
        Startup,
        (files::detect_autosave, autosave_writer::recover_kept_games),
    );
    // The autosave's writes before the settings' (one order, not two
    // writers racing for the IO task pool in an order that varies).
    app.configure_sets(Update, AutosaveWrites.before(SettingsWrites));
    app.add_plugins((
        review::plugin,
        engine_review::plugin,
        review_why::plugin,
        library::plugin,
    ));
    // Every change of the position, in one order, after a restart and
    // before the AI looks at the game.
    app.add_systems(
        Update,
        (
            files::open_dropped_files,
            files::handle_file_actions,
            files::finish_reads,
            (
                engine_review::forget_review.run_if(on_message::<NewGame>),
                engine_review::handle_review_requests,
                undo::handle_undo_redo,
                review::handle_review_actions,
                files::apply_pending_game,
                engine_review::finish_review,
            )
                .chain()
                .run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(GameSystems::Jump)
            .in_set(PositionChanges)
            .after(Restart),
    );
    app.add_systems(
        Update,
        (
            // A lesson or a puzzle is not a game to resume.
            autosave_writer::autosave_after_change
                .after(crate::game::ai::analysis::drop_stale)
                .run_if(
                    in_state(Screen::Playing)
                        .and_then(resource_changed::<CurrentGame>)
                        .and_then(not(practising)),
                ),
            autosave_writer::finish_games,
            autosave_writer::run_autosave_writes,
            files::finish_saves,
        )
            .chain()
            .in_set(GameSystems::Sync)
            .in_set(AutosaveWrites)
            .after(TurnChecks),
    );
    // What leaving the game would do to it, once the frame changed it.
    app.add_systems(
        Update,
        stake::weigh_the_stake
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Opening, undoing, reviewing: the records' changes of the position; what
/// else replaces it (a lesson, a puzzle) runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionChanges;

/// Queuing and collecting the autosave's writes (they report failures on
/// the message line); what else writes it runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AutosaveWrites;
