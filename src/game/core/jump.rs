//! [`Jump`]: what replacing the position on the board touches, the one way
//! every feature does it (undo and redo, review, a loaded or resumed game,
//! a lesson's step, a puzzle, the editor's hand-off, a game that arrives
//! online or watched).
//!
//! Every jump gives the game a new id in [`Players`], so an AI search for
//! the old position is cancelled and its move never applied, and drops
//! move requests still waiting.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::clock::GameClock;
use super::current_game::CurrentGame;
use super::mode::{AnalysisSwitch, Mode};
use super::notice::Notices;
use super::players::{Players, RemoteGame, RestartedFrom};
use super::screens::{Activity, Screen};
use super::turn::{PlayMove, Turn, TurnControl};
use super::words::Words;

/// What replacing the position on the board touches.
#[derive(SystemParam)]
pub struct Jump<'w> {
    current: ResMut<'w, CurrentGame>,
    players: ResMut<'w, Players>,
    turn: TurnControl<'w>,
    requests: ResMut<'w, Messages<PlayMove>>,
    notice: Notices<'w>,
    clock: ResMut<'w, GameClock>,
    remote: ResMut<'w, RemoteGame>,
    left: ResMut<'w, RestartedFrom>,
    words: Res<'w, Words>,
    screen: Option<Res<'w, State<Screen>>>,
    activity: Option<Res<'w, State<Activity>>>,
    analysis: Res<'w, AnalysisSwitch>,
}

impl<'w> Jump<'w> {
    /// The game in play.
    pub fn current(&self) -> &CurrentGame {
        &self.current
    }

    /// Who plays the game now.
    pub fn players(&self) -> Players {
        *self.players
    }

    /// Seats new players (a loaded or resumed game).
    pub fn seat(&mut self, players: Players) {
        *self.players = players;
    }

    /// Sets the game's clocks (a game that takes the board with its own,
    /// or a restart undone brings back the ones it left).
    pub fn set_clocks(&mut self, clock: GameClock) {
        self.clock.set_if_neq(clock);
    }

    /// The game's clocks.
    pub fn clocks(&self) -> GameClock {
        *self.clock
    }

    /// Undo of a Restart: the game it left back on the board as it was,
    /// with its players and clocks, while no move of the new game was
    /// played. Whether there was one.
    pub fn bring_back_the_game_left(&mut self) -> bool {
        if !self.current.is_empty() {
            return false;
        }
        let Some((game, players, clocks)) = self.left.0.take() else {
            return false;
        };
        self.seat(players);
        self.change(Turn::AwaitingInput, |current| {
            *current = game;
            true
        });
        self.say("notice-game-back");
        self.set_clocks(clocks);
        true
    }

    /// Names the game played with someone elsewhere (an online game as it
    /// takes the board), for its autosave.
    pub fn name_remote(&mut self, remote: RemoteGame) {
        self.remote.set_if_neq(remote);
    }

    /// The message line.
    pub fn notice(&mut self) -> &mut Notices<'w> {
        &mut self.notice
    }

    /// The words of the player's language.
    pub fn words(&self) -> &Words {
        &self.words
    }

    /// Shows the message `key` (with no variables) on the message line.
    pub fn say(&mut self, key: &str) {
        let text = self.words.get(key);
        self.notice.show(text);
    }

    /// What the player is doing (with this frame's change of the turn
    /// counted already).
    pub fn mode(&self) -> Mode {
        Mode::of(
            self.screen
                .as_deref()
                .map_or(Screen::MainMenu, |s| *s.get()),
            self.activity.as_deref().map(|a| *a.get()),
            self.turn.upcoming(),
            &self.players,
            *self.analysis,
        )
    }

    /// Ends the game off the board (agreed, resigned, ended by the friend):
    /// the turn's [`TurnControl::end`].
    pub fn end_game(&mut self) {
        self.turn.end();
    }

    /// Asks for a move for the side to move (a move from elsewhere: the
    /// friend's, over the internet).
    pub fn play(&mut self, mv: crate::rules::Move) {
        self.requests.write(PlayMove(mv));
    }

    /// Changes the game's tree of variations with `edit`, which says whether
    /// it changed anything, leaving the position on the board (and any
    /// search of it) as it is.
    pub fn edit(&mut self, edit: impl FnOnce(&mut CurrentGame) -> bool) -> bool {
        if !edit(self.current.bypass_change_detection()) {
            return false;
        }
        self.current.set_changed();
        true
    }

    /// Changes the game with `change`, which says whether it changed
    /// anything. If it did: the game gets a new id (a search for the old
    /// position is dropped), no move request is left over, and the turn
    /// becomes `turn`. If not, nothing is marked changed.
    pub fn change(&mut self, turn: Turn, change: impl FnOnce(&mut CurrentGame) -> bool) -> bool {
        if !change(self.current.bypass_change_detection()) {
            return false;
        }
        self.current.set_changed();
        self.players.game_id += 1;
        self.requests.clear();
        self.notice.clear();
        self.turn.jumped(turn);
        true
    }
}
