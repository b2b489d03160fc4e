//! The analysis board's engine: while analysis is on, the position on the
//! board (in play or in review) is searched continuously on the task pool,
//! one depth after another (1, 2, 3, ... up to [`MAX_ANALYSIS_DEPTH`]), each
//! finished depth replacing the line shown: the score, the depth and the
//! best line (principal variation), and with [`Analysis::set_lines`] the
//! next best moves with theirs (multi-PV). Any change of the position (a move, an
//! undo, a step in review, a new game) drops the running search, whose
//! cancel flag is set, and the line shown, and starts again at depth 1: a
//! result is only ever shown for the position it was searched for.

use bevy::prelude::*;

use super::engine::{AiEngine, Search};
use super::player::AiMoves;
use crate::ai::line_strings;
use crate::game::core::{
    AnalysisSwitching, CurrentGame, CurrentMode, GameSystems, PlayMove, Players, Screen, Turn,
};
use crate::rules::{Color, Game, Move};

/// Analysis stops deepening here (a few seconds a position on a small
/// machine; the table makes each depth cheaper than a fresh search).
pub const MAX_ANALYSIS_DEPTH: u32 = 8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>();
    app.add_message::<AnalysisRequest>();
    app.add_systems(
        Update,
        (follow_the_switch, answer_requests, analyse, play_line)
            .chain()
            .in_set(GameSystems::Ai)
            .in_set(AnalysisSystems)
            .after(AiMoves)
            .after(AnalysisSwitching)
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

/// The engine's analysis of the position shown; what else answers the
/// player runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnalysisSystems;

/// What the analysis panel asks of the analysis.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisRequest {
    /// Search for this many best moves ([`Analysis::set_lines`]).
    Lines(usize),
    /// Play a line shown up to a move of it
    /// ([`Analysis::play_other_line_to`]): the line's rank (0, the best)
    /// and the move's index in it.
    PlayLine { rank: usize, index: usize },
}

fn answer_requests(mut requests: MessageReader<AnalysisRequest>, mut analysis: ResMut<Analysis>) {
    for &request in requests.read() {
        match request {
            AnalysisRequest::Lines(lines) => analysis.set_lines(lines),
            AnalysisRequest::PlayLine { rank, index } => analysis.play_other_line_to(rank, index),
        }
    }
}

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
    /// The next best moves, best first, each with its score and line (only
    /// when more than one line is asked for).
    pub others: Vec<OtherLine>,
}

/// One of the next best moves of an analysis, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherLine {
    /// The score after it, from White's point of view.
    pub white_score: i32,
    /// Its line, from the position, and the same as MoveStrings.
    pub pv: Vec<Move>,
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

/// The analysis: the search under way and the line shown (whether it is
/// on is core's [`AnalysisSwitch`], a source of the mode).
#[derive(Resource)]
pub struct Analysis {
    /// How many best moves to search for (1 to [`MAX_ANALYSIS_LINES`]).
    lines: usize,
    search: Option<(Search, u64)>,
    line: Option<AnalysisLine>,
    /// Moves of the line clicked, to play one after another.
    queue: Vec<Move>,
    /// How many searches were started and dropped (for tests and the log).
    pub started: u64,
    pub dropped: u64,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis {
            lines: 1,
            search: None,
            line: None,
            queue: Vec::new(),
            started: 0,
            dropped: 0,
        }
    }
}

/// The most best moves an analysis shows.
pub const MAX_ANALYSIS_LINES: usize = 3;

impl Analysis {
    /// How many best moves are searched for.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Searches for the `lines` best moves (clamped to 1 to
    /// [`MAX_ANALYSIS_LINES`]), starting again from depth 1.
    pub fn set_lines(&mut self, lines: usize) {
        let lines = lines.clamp(1, MAX_ANALYSIS_LINES);
        if self.lines != lines {
            self.lines = lines;
            self.drop_search();
            self.line = None;
        }
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
        self.play_other_line_to(0, index);
    }

    /// [`Analysis::play_line_to`] for the `rank`-th best line (0: the best).
    pub fn play_other_line_to(&mut self, rank: usize, index: usize) {
        let Some(line) = &self.line else {
            return;
        };
        let pv = match rank {
            0 => &line.pv,
            _ => match line.others.get(rank - 1) {
                Some(other) => &other.pv,
                None => return,
            },
        };
        self.queue = pv.iter().take(index + 1).rev().copied().collect();
    }

    fn drop_search(&mut self) {
        if self.search.take().is_some() {
            self.dropped += 1;
        }
    }
}

/// The analysis turned on or off (by core's switch, a source of the
/// mode): what it had goes.
fn follow_the_switch(mode: CurrentMode, mut was_on: Local<bool>, mut analysis: ResMut<Analysis>) {
    let on = mode.get().analysing();
    if on != std::mem::replace(&mut *was_on, on) {
        analysis.drop_search();
        analysis.line = None;
        analysis.queue.clear();
    }
}

/// Drops the line and the search of a position no longer on the board.
pub(crate) fn drop_stale(
    mut analysis: ResMut<Analysis>,
    current: Res<CurrentGame>,
    players: Res<Players>,
) {
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
    mode: CurrentMode,
    mut analysis: ResMut<Analysis>,
    current: Res<CurrentGame>,
    players: Res<Players>,
    turn: Res<State<Turn>>,
    engine: Res<AiEngine>,
) {
    if !mode.get().analysing() {
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
        let Some(results) = search.poll_lines() else {
            return;
        };
        let side = search.side;
        analysis.search = None;
        let white = |score: i32| match side {
            Color::White => score,
            Color::Black => -score,
        };
        let mut lines = results.iter().map(|result| {
            let pv_text = line_strings(game, &result.pv);
            let pv = result.pv[..pv_text.len()].to_vec();
            OtherLine {
                white_score: white(result.score),
                pv,
                pv_text,
            }
        });
        let best = lines.next().unwrap_or(OtherLine {
            white_score: 0,
            pv: Vec::new(),
            pv_text: Vec::new(),
        });
        analysis.line = Some(AnalysisLine {
            game_id: id,
            ply: game.ply(),
            hash,
            depth: results.first().map_or(0, |result| result.depth),
            white_score: best.white_score,
            pv: best.pv,
            pv_text: best.pv_text,
            others: lines.collect(),
        });
    }
    let depth = analysis.line.as_ref().map_or(1, |line| line.depth + 1);
    let finished = game.status().is_over()
        || analysis
            .line
            .as_ref()
            .is_some_and(|line| line.depth >= MAX_ANALYSIS_DEPTH || line.pv.is_empty());
    if analysis.search.is_none() && !finished {
        let lines = analysis.lines;
        analysis.search = Some((
            Search::analyse(&engine, game, depth, lines, id),
            game.hash(),
        ));
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

/// Leaving the board (core turns the switch off): the search and line go,
/// the number of lines asked for stays.
fn stop_analysis(mut analysis: ResMut<Analysis>) {
    let lines = analysis.lines;
    *analysis = Analysis::default();
    analysis.lines = lines;
}
