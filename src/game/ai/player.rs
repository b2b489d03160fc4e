//! The AI as a player: when it is the AI's turn (see [`Players`]) and input
//! is awaited, a search for the game as it stands runs on Bevy's
//! `AsyncComputeTaskPool`, never on the main thread, so the window keeps
//! drawing and answering while it thinks. Each frame the task is polled;
//! its move is sent as a `PlayMove`, the same path a human move takes, but
//! only if the game it searched is still the one in play (same game id and
//! move count). Restarting, going back to the menu or leaving the game drops
//! the search, which sets its cancel flag, so a stale move is never applied.
//! A forced pass is played without searching.
//!
//! A move found is held before it is played: at the easy presets (see
//! [`Settings::ai_shows_considered`]) the AI first shows, as a selection, every
//! destination of the piece it chose, for a moment scaled by the animation
//! speed; in an exhibition the move also waits for the pace and the pause
//! of [`ExhibitionControl`], and its considered cells show for no more
//! than their share of the pace (the search keeps the preset's own limits:
//! its strength). Each search's score becomes the
//! [`AiEvaluation`] the exhibition's evaluation bar shows.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::engine::{AiEngine, Search};
use super::exhibition::{CONSIDER_SHARE, ExhibitionControl, ExhibitionSystems};
use crate::ai::{Difficulty, SearchResult};
use crate::game::board::AnimationSettings;
use crate::game::board::BoardLayout;
use crate::game::core::{
    CurrentGame, CurrentMode, GameClock, GameSystems, Notices, PlayMove, Players, Screen, Settings,
    Turn, Words, difficulty_name, with_color,
};
use crate::game::play::{Highlight, HighlightKind, HighlightSync, Selection, highlight};
use crate::rules::{Color, Game, Move, Piece};

/// How long the considered destinations show at the default animation speed.
const CONSIDER_SECONDS: f32 = 0.8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>();
    app.init_resource::<AiEvaluation>();
    app.init_resource::<AiConsidered>();
    app.add_systems(
        Update,
        (cancel_stale_search, drive_search)
            .chain()
            .in_set(GameSystems::Ai)
            .in_set(AiMoves)
            .after(ExhibitionSystems)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        (
            forget_considered.run_if(resource_changed::<CurrentGame>),
            show_considered_cells.run_if(resource_changed::<AiConsidered>),
        )
            .chain()
            .in_set(GameSystems::Sync)
            .after(HighlightSync)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), cancel_search);
}

/// The piece the AI is about to move and every destination it has, shown
/// before it moves (in the AI's colour, not the player's green, and not
/// for clicking); none once the game changes. The AI's own display, apart
/// from the player's [`Selection`].
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct AiConsidered(pub Option<Selection>);

fn forget_considered(mut considered: ResMut<AiConsidered>) {
    considered.set_if_neq(AiConsidered(None));
}

/// The AI's considered cells on the board, as highlights of its own.
fn show_considered_cells(
    mut commands: Commands,
    considered: Res<AiConsidered>,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    old: Query<(Entity, &Highlight)>,
) {
    for (entity, old) in &old {
        if old.by_ai {
            commands.entity(entity).despawn();
        }
    }
    let Some(shown) = &considered.0 else {
        return;
    };
    let game = game.game();
    if let Some(hex) = shown.piece.and_then(|piece| game.position(piece)) {
        commands.spawn(highlight(game, &layout, hex, HighlightKind::Selected, true));
    }
    for &mv in &shown.moves {
        if let Some(to) = mv.to() {
            let kind = HighlightKind::Considered(mv);
            commands.spawn(highlight(game, &layout, to, kind, true));
        }
    }
}

/// Searching, holding and playing the AI's moves; exhibition commands are
/// applied before, hints after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AiMoves;

/// The AI's move in the making: a search in progress, or a move found and
/// held (showing its considered destinations, or waiting for the
/// exhibition's pace or pause).
#[derive(Resource, Default)]
pub struct AiThinking(Stage);

#[derive(Default)]
enum Stage {
    #[default]
    Idle,
    Searching(Search),
    Ready(ReadyMove),
}

/// A move found, not yet played.
struct ReadyMove {
    mv: Move,
    game_id: u64,
    ply: u32,
    /// Not before this time (seconds since startup).
    play_at: f64,
    /// The pause or pace of an exhibition holds it.
    held: bool,
}

impl AiThinking {
    /// Whether the AI is busy with its move: searching, or showing the
    /// destinations it considered (not when an exhibition's pause holds a
    /// move it found).
    pub fn is_thinking(&self) -> bool {
        match &self.0 {
            Stage::Idle => false,
            Stage::Searching(_) => true,
            Stage::Ready(ready) => !ready.held,
        }
    }

    /// Whether a search for the AI's move is going on (or has ended and
    /// waits to be collected).
    pub fn is_searching(&self) -> bool {
        matches!(self.0, Stage::Searching(_))
    }

    /// Whether the search has ended and its move waits to be collected by
    /// the next frame.
    pub fn search_finished(&self) -> bool {
        matches!(&self.0, Stage::Searching(search) if search.is_finished())
    }

    /// Whether a move has been found and waits to be played.
    pub fn has_move_ready(&self) -> bool {
        matches!(self.0, Stage::Ready(_))
    }

    /// Stops the search (it sees the flag within a few nodes) and forgets
    /// it, or forgets the move found.
    fn cancel(&mut self) {
        self.0 = Stage::Idle;
    }
}

/// Who the AI thinks is ahead, from its latest search in this game.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct AiEvaluation(pub Option<Evaluation>);

/// One search's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evaluation {
    /// The score from White's point of view (positive: White is ahead).
    pub white_score: i32,
    /// The depth the search completed.
    pub depth: u32,
    /// The side that searched, and its preset.
    pub side: Color,
    pub difficulty: Difficulty,
    /// The game it belongs to.
    pub game_id: u64,
}

impl Evaluation {
    fn new(result: &SearchResult, search: &Search) -> Evaluation {
        let white_score = match search.side {
            Color::White => result.score,
            Color::Black => -result.score,
        };
        Evaluation {
            white_score,
            depth: result.depth,
            side: search.side,
            difficulty: search.difficulty,
            game_id: search.game_id,
        }
    }
}

/// How long the considered destinations show, scaled like the animations
/// (none when pieces move instantly).
fn consider_seconds(animation: &AnimationSettings) -> f64 {
    animation.pause(CONSIDER_SECONDS)
}

/// A game restarted (or a move was played) under a running search or a
/// held move: drop it now rather than when it finishes.
fn cancel_stale_search(
    mut thinking: ResMut<AiThinking>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut evaluation: ResMut<AiEvaluation>,
) {
    let stale = match &thinking.0 {
        Stage::Idle => false,
        Stage::Searching(search) => !search.is_for(&players, game.game()),
        Stage::Ready(ready) => ready.game_id != players.game_id || ready.ply != game.game().ply(),
    };
    if stale {
        thinking.cancel();
    }
    if evaluation.0.is_some_and(|e| e.game_id != players.game_id) {
        evaluation.0 = None;
    }
}

/// What the AI's moves show and wait for.
#[derive(SystemParam)]
struct MoveDisplay<'w> {
    engine: Res<'w, AiEngine>,
    time: Res<'w, Time>,
    settings: Res<'w, Settings>,
    exhibition: ResMut<'w, ExhibitionControl>,
    evaluation: ResMut<'w, AiEvaluation>,
    considered: ResMut<'w, AiConsidered>,
    notice: Notices<'w>,
    words: Res<'w, Words>,
    clock: Res<'w, GameClock>,
}

/// Polls the running search, plays a held move when its time comes, or
/// starts a search when the AI is to move: one step per frame, so a move
/// found shows its destinations for at least a frame.
fn drive_search(
    mut thinking: ResMut<AiThinking>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    (turn, mode): (Res<State<Turn>>, CurrentMode),
    mut display: MoveDisplay,
    mut play: MessageWriter<PlayMove>,
) {
    let game = game.game();
    let now = display.time.elapsed_secs_f64();
    let ai_turn = *turn.get() == Turn::AwaitingInput && players.ai_to_move(game);
    let exhibition = mode.get().exhibition();
    match &mut thinking.0 {
        Stage::Idle => {
            let stopped = exhibition && display.exhibition.at_limit(game);
            if ai_turn && !stopped {
                let budget = display
                    .clock
                    .0
                    .map(|clocks| clocks.move_budget(game.to_move()));
                thinking.0 = start_search(&display.engine, &players, game, now, budget);
            }
        }
        Stage::Searching(search) => {
            let Some(result) = search.poll() else {
                return;
            };
            let Stage::Searching(search) = std::mem::take(&mut thinking.0) else {
                return;
            };
            if !(ai_turn && search.is_for(&players, game)) {
                return;
            }
            display.evaluation.0 = Some(Evaluation::new(&result, &search));
            let Some(mv) = result.best else {
                warn!("the AI found no move");
                return;
            };
            let mut play_at = now;
            if display
                .settings
                .ai_shows_considered
                .applies_to(search.difficulty)
                && let Some(piece) = mv.piece()
            {
                show_considered(game, piece, search.difficulty, &mut display);
                let mut seconds = consider_seconds(&AnimationSettings::of(&display.settings));
                if exhibition {
                    seconds = display.exhibition.fit(seconds, CONSIDER_SHARE);
                }
                play_at += seconds;
            }
            thinking.0 = Stage::Ready(ReadyMove {
                mv,
                game_id: search.game_id,
                ply: search.ply,
                play_at,
                held: false,
            });
        }
        Stage::Ready(ready) => {
            if !ai_turn || now < ready.play_at {
                return;
            }
            if !display.exhibition.may_play(now, exhibition, game) {
                ready.held = true;
                return;
            }
            play.write(PlayMove(ready.mv));
            if exhibition {
                display.exhibition.record_move(now);
            }
            thinking.0 = Stage::Idle;
        }
    }
}

/// A search for the AI's move, or at once a pass when nothing else is legal.
fn start_search(
    engine: &AiEngine,
    players: &Players,
    game: &Game,
    now: f64,
    budget: Option<std::time::Duration>,
) -> Stage {
    let Some(difficulty) = players.ai_preset(game.to_move()) else {
        return Stage::Idle;
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves == [Move::Pass] {
        info!("the AI has no legal move and passes");
        return Stage::Ready(ReadyMove {
            mv: Move::Pass,
            game_id: players.game_id,
            ply: game.ply(),
            play_at: now,
            held: false,
        });
    }
    Stage::Searching(Search::start(
        engine,
        game,
        difficulty,
        players.game_id,
        budget,
    ))
}

/// Selects `piece` with every destination it has, as the AI's choice.
fn show_considered(game: &Game, piece: Piece, preset: Difficulty, display: &mut MoveDisplay) {
    let selection = Selection::of(game, piece);
    let count = selection.moves.len();
    let destinations = display.words.format(
        "destinations",
        &crate::text::Args::new().with("count", count),
    );
    let words = &display.words;
    let mut args = with_color(words, crate::text::Args::new(), game.to_move())
        .with("difficulty", difficulty_name(words, preset))
        .with("destinations", destinations);
    words.set_piece(&mut args, "piece", piece);
    let text = words.format("notice-ai-considers", &args);
    display.notice.show_worded(crate::text::Worded {
        text,
        cells: game.position(piece).into_iter().collect(),
    });
    display.considered.0 = Some(selection);
}

fn cancel_search(mut thinking: ResMut<AiThinking>) {
    thinking.cancel();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::core::ConsideredDestinations;

    #[test]
    fn considered_destinations_follow_the_setting() {
        let easy = ConsideredDestinations::EasyPresets;
        assert!(easy.applies_to(Difficulty::Beginner));
        assert!(easy.applies_to(Difficulty::Easy));
        assert!(!easy.applies_to(Difficulty::Medium));
        assert!(ConsideredDestinations::Always.applies_to(Difficulty::Expert));
        assert!(!ConsideredDestinations::Never.applies_to(Difficulty::Beginner));
        assert_eq!(
            consider_seconds(&AnimationSettings::default()),
            0.8_f32 as f64
        );
        let instant = AnimationSettings {
            seconds_per_step: 0.0,
            max_seconds: 0.0,
        };
        assert_eq!(consider_seconds(&instant), 0.0);
    }
}
