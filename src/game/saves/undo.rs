//! Undo and redo in the game in play, making a variation the main line or
//! deleting one, and [`Jump`]: what replacing the position on the board
//! touches (undo, redo, review, a loaded or resumed game).
//!
//! [`CurrentGame`] owns the line of moves and its cursor; undo and redo
//! move the cursor. Every jump gives the game a new id in [`Players`], so
//! an AI search for the old position is cancelled and its move never
//! applied, and drops move requests still waiting.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::actions::RecordsAction;
use crate::game::core::{
    CurrentGame, GameClock, Notice, PlayMove, Players, RestartedFrom, Turn, Words,
};
use crate::records::NodeId;
use crate::rules::Color;

/// What replacing the position on the board touches.
#[derive(SystemParam)]
pub struct Jump<'w> {
    current: ResMut<'w, CurrentGame>,
    players: ResMut<'w, Players>,
    turn: Option<Res<'w, State<Turn>>>,
    next_turn: ResMut<'w, NextState<Turn>>,
    requests: ResMut<'w, Messages<PlayMove>>,
    notice: ResMut<'w, Notice>,
    words: Res<'w, Words>,
}

impl Jump<'_> {
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

    /// The message line.
    pub fn notice(&mut self) -> &mut Notice {
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

    /// Whether the game is being reviewed (or will be from this frame on).
    pub fn reviewing(&self) -> bool {
        crate::game::core::reviewing(self.turn.as_deref(), &self.next_turn)
    }

    /// Sets the turn (a game ended off the board: agreed, resigned).
    pub fn set_turn(&mut self, turn: Turn) {
        NextState::set_if_neq(&mut self.next_turn, turn);
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
        NextState::set_if_neq(&mut self.next_turn, turn);
        true
    }
}

pub(super) fn handle_undo_redo(
    mut actions: MessageReader<RecordsAction>,
    mut jump: Jump,
    mut clock: ResMut<GameClock>,
    mut left: ResMut<RestartedFrom>,
) {
    if !jump.current().is_empty() && left.0.is_some() {
        // A move of the new game: the old one is gone for good.
        left.0 = None;
    }
    for action in actions.read() {
        let seats = jump.players().seats;
        let online = seats.remote_side().is_some() || seats.watching();
        if online && matches!(action, RecordsAction::Undo | RecordsAction::Redo) {
            // Over the internet Undo asks the friend (online play's
            // takeback); the move list is theirs too. A game watched is
            // the players' alone.
            continue;
        }
        if *action == RecordsAction::Undo
            && jump.current().is_empty()
            && let Some((game, players, clocks)) = left.0.take()
        {
            // Undo of a Restart: the game left, as it was.
            jump.seat(players);
            jump.change(Turn::AwaitingInput, |current| {
                *current = game;
                true
            });
            jump.say("notice-game-back");
            *clock = clocks;
            continue;
        }
        match *action {
            RecordsAction::PromoteVariation(node) => {
                jump.edit(|current| current.promote(node));
                continue;
            }
            RecordsAction::DeleteVariation(node) => {
                delete_variation(&mut jump, node, clock.timed());
                continue;
            }
            _ => {}
        }
        if jump.reviewing() {
            continue;
        }
        if clock.timed() && matches!(action, RecordsAction::Undo | RecordsAction::Redo) {
            jump.say("notice-timed-no-undo");
            continue;
        }
        let ai = jump.players().seats.ai_side();
        match action {
            RecordsAction::Undo => jump.change(Turn::AwaitingInput, |current| match ai {
                Some(ai) => current.undo_pair(ai.opponent()),
                None => current.undo(),
            }),
            RecordsAction::Redo => jump.change(Turn::AwaitingInput, |current| redo(current, ai)),
            _ => continue,
        };
    }
}

/// Deletes `node` and the moves after it. If the position shown is among
/// them, the board goes back to the move before (as an undo: not in a timed
/// game); otherwise the position stays.
fn delete_variation(jump: &mut Jump, node: NodeId, timed: bool) {
    let current = jump.current();
    let shown = current.line_nodes()[..current.ply()].contains(&node);
    if !shown {
        jump.edit(|current| current.delete(node));
        return;
    }
    if timed {
        jump.say("notice-timed-no-undo");
        return;
    }
    let turn = if jump.reviewing() {
        Turn::Review
    } else {
        Turn::AwaitingInput
    };
    jump.change(turn, |current| current.delete(node));
}

/// Redo one move, or against the AI until the human is to move again.
fn redo(current: &mut CurrentGame, ai: Option<Color>) -> bool {
    if !current.redo() {
        return false;
    }
    while ai.is_some_and(|ai| current.game().to_move() == ai && !current.game().status().is_over())
        && current.redo()
    {}
    true
}
