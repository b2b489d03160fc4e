//! The analysis board's engine: while analysis is on, the position on the
//! board (in play or in review) is searched continuously on the task pool,
//! one depth after another (1, 2, 3, ... up to [`MAX_ANALYSIS_DEPTH`]), each
//! finished depth replacing the line shown: the score, the depth and the
//! best line (principal variation). Any change of the position (a move, an
//! undo, a step in review, a new game) drops the running search, whose
//! cancel flag is set, and the line shown, and starts again at depth 1: a
//! result is only ever shown for the position it was searched for.

use bevy::prelude::*;

use super::engine::{AiEngine, Search};
use super::player::AiMoves;
use crate::ai::line_strings;
use crate::game::core::{CurrentGame, GameSystems, PlayMove, Players, Screen, Turn};
use crate::rules::{Color, Game, Move};

/// Analysis stops deepening here (a few seconds a position on a small
/// machine; the table makes each depth cheaper than a fresh search).
pub const MAX_ANALYSIS_DEPTH: u32 = 8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>();
    app.add_message::<SetAnalysis>();
    app.add_systems(
        Update,
        (switch_analysis, analyse, play_line)
            .chain()
            .in_set(GameSystems::Ai)
            .after(AiMoves)
            .run_if(in_state(Screen::Playing)),
    );
    // Again after the frame's move or jump, so a line for the position
    // before it does not outlive the frame.
    app.add_systems(
        Update,
        drop_stale
            .in_set(GameSystems::Sync)
            .run_if(in_state(Screen::Playing).and_then(resource_changed::<CurrentGame>)),
    );
    app.add_systems(OnExit(Screen::Playing), stop_analysis);
}

/// Turn the analysis on or off.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetAnalysis(pub bool);

/// What the engine found for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisLine {
    /// The position's game id, move count and hash (what it is for).
    pub game_id: u64,
    pub ply: u32,
    pub hash: u64,
    /// The depth completed.
    pub depth: u32,
    /// The score from White's point of view.
    pub white_score: i32,
    /// The best line, from the position.
    pub pv: Vec<Move>,
    /// The same as MoveStrings.
    pub pv_text: Vec<String>,
}

impl AnalysisLine {
    /// Whether this line was found for `game` (game `game_id`).
    pub fn is_for(&self, game_id: u64, game: &Game) -> bool {
        self.game_id == game_id && self.ply == game.ply() && self.hash == game.hash()
    }

    /// The best move, if the position has one.
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// The analysis: whether it is on, the search under way and the line shown.
#[derive(Resource, Default)]
pub struct Analysis {
    on: bool,
    search: Option<(Search, u64)>,
    line: Option<AnalysisLine>,
    /// Moves of the line clicked, to play one after another.
    queue: Vec<Move>,
    /// How many searches were started and dropped (for tests and the log).
    pub started: u64,
    pub dropped: u64,
}

impl Analysis {
    /// Whether analysis is on.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The line found for the position on the board, if any yet.
    pub fn line(&self) -> Option<&AnalysisLine> {
        self.line.as_ref()
    }

    /// Whether a search is under way.
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Plays the shown line's moves up to and including the `index`-th, one
    /// after another (only in a position where moves can be played).
    pub fn play_line_to(&mut self, index: usize) {
        if let Some(line) = &self.line {
            self.queue = line.pv.iter().take(index + 1).rev().copied().collect();
        }
    }

    fn drop_search(&mut self) {
        if self.search.take().is_some() {
            self.dropped += 1;
        }
    }
}

fn switch_analysis(mut requests: MessageReader<SetAnalysis>, mut analysis: ResMut<Analysis>) {
    for &SetAnalysis(on) in requests.read() {
        if analysis.on != on {
            analysis.on = on;
            analysis.drop_search();
            analysis.line = None;
            analysis.queue.clear();
        }
    }
}

/// Drops the line and the search of a position no longer on the board.
fn drop_stale(mut analysis: ResMut<Analysis>, current: Res<CurrentGame>, players: Res<Players>) {
    forget_stale(&mut analysis, current.game(), &players);
}

/// Forgets the line and the search if they are not for `game`.
fn forget_stale(analysis: &mut Analysis, game: &Game, players: &Players) {
    let id = players.game_id;
    if analysis
        .line
        .as_ref()
        .is_some_and(|line| !line.is_for(id, game))
    {
        analysis.line = None;
    }
    let stale = analysis
        .search
        .as_ref()
        .is_some_and(|(search, hash)| !search.is_for(players, game) || *hash != game.hash());
    if stale {
        analysis.drop_search();
    }
}

/// Restarts the search when the position changed, collects a finished
/// depth and starts the next one.
fn analyse(
    mut analysis: ResMut<Analysis>,
    current: Res<CurrentGame>,
    players: Res<Players>,
    turn: Res<State<Turn>>,
    engine: Res<AiEngine>,
) {
    if !analysis.on {
        return;
    }
    let game = current.game();
    let id = players.game_id;
    forget_stale(&mut analysis, game, &players);
    if *turn.get() == Turn::Animating {
        return;
    }
    if let Some((search, hash)) = &mut analysis.search {
        let hash = *hash;
        let Some(result) = search.poll() else {
            return;
        };
        let side = search.side;
        analysis.search = None;
        let pv_text = line_strings(game, &result.pv);
        let pv = result.pv[..pv_text.len()].to_vec();
        let white_score = match side {
            Color::White => result.score,
            Color::Black => -result.score,
        };
        analysis.line = Some(AnalysisLine {
            game_id: id,
            ply: game.ply(),
            hash,
            depth: result.depth,
            white_score,
            pv,
            pv_text,
        });
    }
    let depth = analysis.line.as_ref().map_or(1, |line| line.depth + 1);
    let finished = game.status().is_over()
        || analysis
            .line
            .as_ref()
            .is_some_and(|line| line.depth >= MAX_ANALYSIS_DEPTH || line.pv.is_empty());
    if analysis.search.is_none() && !finished {
        analysis.search = Some((Search::analyse(&engine, game, depth, id), game.hash()));
        analysis.started += 1;
    }
}

/// Plays the clicked line's next move when the board awaits one.
fn play_line(
    mut analysis: ResMut<Analysis>,
    current: Res<CurrentGame>,
    turn: Res<State<Turn>>,
    mut play: MessageWriter<PlayMove>,
) {
    if *turn.get() != Turn::AwaitingInput {
        if *turn.get() != Turn::Animating {
            analysis.queue.clear();
        }
        return;
    }
    let Some(mv) = analysis.queue.pop() else {
        return;
    };
    if current.game().check_move(mv).is_ok() {
        play.write(PlayMove(mv));
    } else {
        analysis.queue.clear();
    }
}

fn stop_analysis(mut analysis: ResMut<Analysis>) {
    *analysis = Analysis::default();
}
