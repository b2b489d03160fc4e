//! The AI in the app: its engine and searches on the task pool, the AI as a
//! player (moves, the destinations it considered), hints for the person to
//! move, AI vs AI exhibitions with their pace, and the analysis board's
//! continuous search.

pub mod analysis;
pub mod engine;
pub mod exhibition;
pub mod hint;
pub mod player;

use bevy::prelude::*;

pub use analysis::{
    Analysis, AnalysisLine, AnalysisRequest, AnalysisSystems, MAX_ANALYSIS_DEPTH,
    MAX_ANALYSIS_LINES, OtherLine,
};
pub use engine::{AiEngine, Search};
pub use exhibition::{
    DEFAULT_MOVES_PER_MINUTE, ExhibitionCommand, ExhibitionControl, ExhibitionLaunch,
    ExhibitionSystems, MOVES_PER_MINUTE,
};
pub use hint::{Hint, HintSystems, RequestHint};
pub use player::{AiConsidered, AiEvaluation, AiMoves, AiThinking, Evaluation};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        engine::plugin,
        exhibition::plugin,
        player::plugin,
        hint::plugin,
        analysis::plugin,
    ));
}
