//! AI vs AI exhibitions: the AI plays both sides (each at its own preset,
//! see `Opponent::Exhibition`), and [`ExhibitionControl`] sets the pace:
//! play or pause, one step at a time while paused, a speed in moves per
//! minute, and optionally a stop (and the app's exit) after so many moves,
//! for demos (`hive exhibition --moves N --exit`).
//!
//! The AI asks [`ExhibitionControl::may_play`] before playing each move it
//! found; searches still run while paused, so a step plays at once.
//! Restarting is the usual `NewGame`.

use bevy::prelude::*;

use crate::game::board::LimitSlides;
use crate::game::core::{
    CurrentGame, CurrentMode, GameSystems, Notices, Players, Screen, Turn, Words, in_exhibition,
};
use crate::records::Seats;
use crate::rules::{Game, GameType};

/// Moves per minute when nothing else is asked for.
pub const DEFAULT_MOVES_PER_MINUTE: f32 = 60.0;
/// The longest part of the interval between two moves of an exhibition
/// the AI's considered cells show; with [`SLIDE_SHARE`], what is left is
/// for the search (the preset's own: its strength) and the frames between.
pub const CONSIDER_SHARE: f64 = 0.3;
/// The longest part of the interval between two moves a slide takes.
pub const SLIDE_SHARE: f64 = 0.3;
/// The slowest and fastest pace offered.
pub const MOVES_PER_MINUTE: std::ops::RangeInclusive<f32> = 5.0..=600.0;
/// Seconds the last position stays on screen before an exit asked for.
const EXIT_HOLD_SECONDS: f64 = 1.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExhibitionControl>();
    app.add_message::<ExhibitionCommand>();
    app.add_systems(
        Update,
        (
            reset_pace_on_new_game.run_if(resource_changed::<Players>),
            apply_commands,
            limit_slides_to_the_pace,
            hide_considered_while_paused,
        )
            .chain()
            .in_set(GameSystems::Ai)
            .in_set(ExhibitionSystems)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), play_on_next_time);
    app.add_systems(
        Update,
        stop_after_moves
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing).and_then(in_exhibition)),
    );
}

/// The exhibition's pace and commands, applied before the AI plays.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExhibitionSystems;

/// How an exhibition is played.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ExhibitionControl {
    /// No move is played (except by stepping).
    pub paused: bool,
    /// The pace: at most this many moves a minute.
    pub moves_per_minute: f32,
    /// Pause once this many moves have been played (counting from the
    /// empty table), or the game ended.
    pub stop_after: Option<u32>,
    /// Close the app when stopped (a moment after the last move).
    pub exit_when_stopped: bool,
    /// Moves still allowed while paused.
    steps: u32,
    /// When the last move was played (seconds since startup).
    last_move_at: Option<f64>,
    /// When to exit.
    exit_at: Option<f64>,
}

impl Default for ExhibitionControl {
    fn default() -> Self {
        ExhibitionControl {
            paused: false,
            moves_per_minute: DEFAULT_MOVES_PER_MINUTE,
            stop_after: None,
            exit_when_stopped: false,
            steps: 0,
            last_move_at: None,
            exit_at: None,
        }
    }
}

impl ExhibitionControl {
    /// Whether the AI may play a move now in `game` (always outside
    /// exhibitions).
    pub fn may_play(&self, now: f64, exhibition: bool, game: &Game) -> bool {
        if !exhibition {
            return true;
        }
        if self.at_limit(game) {
            return false;
        }
        if self.paused {
            return self.steps > 0;
        }
        let interval = self.interval();
        self.last_move_at.is_none_or(|at| now - at >= interval)
    }

    /// Seconds between two moves at this pace.
    pub fn interval(&self) -> f64 {
        60.0 / f64::from(self.moves_per_minute.max(f32::MIN_POSITIVE))
    }

    /// `seconds` of one part of a move (its search, its considered cells,
    /// its slide) cut to that part's `share` of the interval between moves,
    /// so that every move fits the pace.
    pub fn fit(&self, seconds: f64, share: f64) -> f64 {
        seconds.min(self.interval() * share)
    }

    /// Whether the move limit is reached in `game`: no more moves, nor
    /// searches for them.
    pub fn at_limit(&self, game: &Game) -> bool {
        self.stop_after.is_some_and(|n| game.ply() >= n)
    }

    /// The AI played a move at `now`.
    pub fn record_move(&mut self, now: f64) {
        self.steps = self.steps.saturating_sub(1);
        self.last_move_at = Some(now);
    }
}

/// What the exhibition's controls ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum ExhibitionCommand {
    /// Play on.
    Play,
    /// Stop before the next move.
    Pause,
    /// Pause, and play one more move.
    Step,
    /// Play at this many moves per minute.
    Speed(f32),
}

/// How the app starts an exhibition from the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExhibitionLaunch {
    /// The expansion pieces in the box.
    pub game_type: GameType,
    /// Who plays: the AI on both sides, at their presets.
    pub seats: Seats,
    /// Stop after this many moves.
    pub moves: Option<u32>,
    /// Close the app when stopped (or when the game ends).
    pub exit: bool,
    /// The pace, if not the default.
    pub moves_per_minute: Option<u32>,
}

impl ExhibitionLaunch {
    /// Sets the app up to start this exhibition.
    pub fn configure(&self, app: &mut App) {
        let mut control = ExhibitionControl {
            stop_after: self.moves,
            exit_when_stopped: self.exit,
            ..default()
        };
        if let Some(pace) = self.moves_per_minute {
            control.moves_per_minute =
                (pace as f32).clamp(*MOVES_PER_MINUTE.start(), *MOVES_PER_MINUTE.end());
        }
        app.insert_resource(control);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Playing);
    }
}

/// A paused exhibition shows no cells the AI considered: they would look
/// like cells to click; its message line says it is paused, not what the
/// AI was considering.
fn hide_considered_while_paused(
    control: Res<ExhibitionControl>,
    mut considered: ResMut<super::AiConsidered>,
    (mut notice, words): (Notices, Res<Words>),
) {
    if !control.paused {
        return;
    }
    let showing = considered.0.is_some();
    if showing {
        considered.0 = None;
    }
    if showing || control.is_changed() {
        notice.show(words.get("notice-exhibition-paused"));
    }
}

fn reset_pace_on_new_game(mut control: ResMut<ExhibitionControl>) {
    control.steps = 0;
    control.last_move_at = None;
    control.exit_at = None;
}

/// Leaving the game ends its pause and move limit: the next exhibition
/// started from the menu plays (the pace is kept).
fn play_on_next_time(mut control: ResMut<ExhibitionControl>) {
    control.paused = false;
    control.stop_after = None;
    control.exit_when_stopped = false;
}

fn apply_commands(
    mut commands: MessageReader<ExhibitionCommand>,
    mut control: ResMut<ExhibitionControl>,
) {
    for command in commands.read() {
        match *command {
            ExhibitionCommand::Play => {
                control.paused = false;
                control.steps = 0;
            }
            ExhibitionCommand::Pause => control.paused = true,
            ExhibitionCommand::Step => {
                control.paused = true;
                control.steps += 1;
            }
            ExhibitionCommand::Speed(pace) if pace.is_finite() && pace > 0.0 => {
                control.moves_per_minute = pace;
            }
            ExhibitionCommand::Speed(_) => {}
        }
    }
}

/// Pauses when the move limit is reached, and exits a moment later if asked
/// (in an exhibition).
fn stop_after_moves(
    mut control: ResMut<ExhibitionControl>,
    game: Res<CurrentGame>,
    turn: Res<State<Turn>>,
    time: Res<Time>,
    mut exit: MessageWriter<AppExit>,
) {
    let game = game.game();
    let Some(limit) = control.stop_after else {
        return;
    };
    let over = game.status().is_over();
    if game.ply() < limit && !over {
        return;
    }
    if !control.exit_when_stopped {
        // Paused at the limit; playing on goes past it.
        info!("exhibition: paused after {} moves", game.ply());
        control.paused = true;
        control.stop_after = None;
        return;
    }
    if *turn.get() == Turn::Animating {
        return;
    }
    let now = time.elapsed_secs_f64();
    let exit_at = *control.exit_at.get_or_insert_with(|| {
        info!(
            "exhibition: stopped after {} moves ({}); exiting",
            game.ply(),
            game.status()
        );
        now + EXIT_HOLD_SECONDS
    });
    if now >= exit_at {
        exit.write(AppExit::Success);
    }
}

/// In an exhibition, no slide longer than its share of the pace.
fn limit_slides_to_the_pace(
    control: Res<ExhibitionControl>,
    mode: CurrentMode,
    mut asked: Local<Option<Option<f32>>>,
    mut limit: MessageWriter<LimitSlides>,
) {
    let wanted = in_exhibition(mode).then(|| (control.interval() * SLIDE_SHARE) as f32);
    if *asked != Some(wanted) {
        *asked = Some(wanted);
        limit.write(LimitSlides(wanted));
    }
}
