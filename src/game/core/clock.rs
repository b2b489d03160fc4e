//! The game clocks of a timed game (see [`crate::records::Clocks`]): chosen
//! in the main menu (none by default, or minutes per player plus an
//! increment), started with each game, running for the side to move while
//! it is to move (not while a piece slides, in review or after the game),
//! the increment added after each move; a clock that runs out ends the game
//! (that side loses on time). Undo and redo are off in timed games. When the
//! player chose it, the clocks stand still while the window is not focused
//! ([`ClockPause`]).

use bevy::prelude::*;

use super::GameSystems;
use super::current_game::CurrentGame;
use super::next_game::NewGameSettings;
use super::notice::Notices;
use super::screens::Screen;
use super::turn::{MovePlayed, Turn, TurnChecks};
use crate::records::{Clocks, TimeControl};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameClock>();
    app.init_resource::<ClockPause>();
    app.init_resource::<ClockHold>();
    app.init_resource::<MoveClocks>();
    app.add_message::<HoldClocks>();
    // Why the clocks stand still, read before they run.
    app.add_systems(
        Update,
        (pause_clocks_when_unfocused, hold_clocks)
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), release_the_hold);
    app.add_systems(
        Update,
        (
            add_increments,
            run_clock.run_if(in_state(Turn::AwaitingInput)),
        )
            .chain()
            .in_set(GameSystems::Sync)
            .in_set(ClockSync)
            // Before the turn's checks, so a flag and a finished game are
            // seen in one order (and before the autosave reads the clocks).
            .before(TurnChecks),
    );
}

/// The clocks stand still while the window is not focused, if the player
/// chose that in the menu (without a window, as in a headless test, the
/// pause is left as it is).
fn pause_clocks_when_unfocused(
    windows: Query<&Window>,
    settings: Res<NewGameSettings>,
    mut pause: ResMut<ClockPause>,
) {
    if windows.is_empty() {
        return;
    }
    let unfocused = windows.iter().all(|window| !window.focused);
    pause.set_if_neq(ClockPause(settings.clock.pause_unfocused && unfocused));
}

/// Running the clocks; what reads them runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockSync;

/// The clocks of the game in play, if it is timed.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameClock(pub Option<Clocks>);

impl GameClock {
    /// Fresh clocks for a new game under `control`.
    pub fn start(control: Option<TimeControl>) -> GameClock {
        GameClock(control.map(Clocks::new))
    }

    /// Whether the game is timed.
    pub fn timed(&self) -> bool {
        self.0.is_some()
    }

    /// The side that ran out of time, if any.
    pub fn flagged(&self) -> Option<crate::rules::Color> {
        self.0.and_then(|clocks| clocks.flagged())
    }
}

/// Whether the clocks stand still now (the window lost the focus and the
/// player asked for that).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockPause(pub bool);

/// Whether the clocks stand still because the game cannot go on for now:
/// an online game whose connection is down (set by online play).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockHold(pub bool);

/// Asks for the clocks to stand still (or to run again) for a reason
/// outside the board: online play while its link is down.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldClocks(pub bool);

fn hold_clocks(mut asked: MessageReader<HoldClocks>, mut hold: ResMut<ClockHold>) {
    if let Some(&HoldClocks(held)) = asked.read().last() {
        hold.set_if_neq(ClockHold(held));
    }
}

/// Leaving the board, no hold stays for the next game.
fn release_the_hold(mut hold: ResMut<ClockHold>) {
    hold.set_if_neq(ClockHold(false));
}

/// The mover's time left after each move of the game on the board, its
/// increment added, by the ply the move made (a move taken back and made
/// again is the last one's): kept with the finished game.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct MoveClocks {
    /// The game they are of ([`Players::game_id`](super::Players)).
    game_id: u64,
    by_ply: std::collections::BTreeMap<u32, std::time::Duration>,
}

impl MoveClocks {
    /// One a move for the `plies` moves of game `game_id`, in order; empty
    /// unless every one of them is known.
    pub fn of_game(&self, game_id: u64, plies: u32) -> Vec<std::time::Duration> {
        if self.game_id != game_id || plies == 0 {
            return Vec::new();
        }
        let all: Option<Vec<_>> = (1..=plies)
            .map(|ply| self.by_ply.get(&ply).copied())
            .collect();
        all.unwrap_or_default()
    }
}

fn add_increments(
    mut played: MessageReader<MovePlayed>,
    current: Res<CurrentGame>,
    mut clock: ResMut<GameClock>,
    (players, mut move_clocks): (Res<super::Players>, ResMut<MoveClocks>),
) {
    for _ in played.read() {
        // The move is played: the side that made it is not to move now.
        let mover = current.game().to_move().opponent();
        if let Some(clocks) = &mut clock.0 {
            clocks.moved(mover);
            if move_clocks.game_id != players.game_id {
                *move_clocks = MoveClocks {
                    game_id: players.game_id,
                    ..MoveClocks::default()
                };
            }
            let ply = current.game().ply();
            move_clocks.by_ply.insert(ply, clocks.remaining(mover));
        }
    }
}

fn run_clock(
    time: Res<Time>,
    current: Res<CurrentGame>,
    (pause, hold): (Res<ClockPause>, Res<ClockHold>),
    mut clock: ResMut<GameClock>,
    (mut notice, words): (Notices, Res<super::Words>),
    mut turn: super::TurnControl,
) {
    let game = current.game();
    if pause.0 || hold.0 || game.status().is_over() || !clock.timed() || !current.at_end() {
        return;
    }
    let side = game.to_move();
    let Some(clocks) = &mut clock.0 else {
        return;
    };
    if let Some(flagged) = clocks.run(side, time.delta()) {
        let args = super::with_color(&words, crate::text::Args::new(), flagged)
            .with("winner", words.color(flagged.opponent()));
        notice.show(words.format("notice-out-of-time", &args));
        turn.end();
    }
}
