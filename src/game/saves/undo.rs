//! Undo and redo in the game in play, making a variation the main line or
//! deleting one, each through core's [`Jump`] (what replacing the position
//! on the board touches).
//!
//! [`CurrentGame`] owns the line of moves and its cursor; undo and redo
//! move the cursor.

use bevy::prelude::*;

use super::actions::RecordsAction;
use crate::game::core::{CurrentGame, Jump, Turn};
use crate::records::NodeId;
use crate::rules::Color;

pub(super) fn handle_undo_redo(mut actions: MessageReader<RecordsAction>, mut jump: Jump) {
    for action in actions.read() {
        let online = jump.mode().over_the_internet();
        if online && matches!(action, RecordsAction::Undo | RecordsAction::Redo) {
            // Over the internet Undo asks the friend (online play's
            // takeback); the move list is theirs too. A game watched is
            // the players' alone.
            continue;
        }
        if *action == RecordsAction::Undo && jump.bring_back_the_game_left() {
            continue;
        }
        match *action {
            RecordsAction::PromoteVariation(node) => {
                jump.edit(|current| current.promote(node));
                continue;
            }
            RecordsAction::DeleteVariation(node) => {
                let timed = jump.clocks().timed();
                delete_variation(&mut jump, node, timed);
                continue;
            }
            _ => {}
        }
        if jump.mode().reviewing() {
            continue;
        }
        if jump.clocks().timed() && matches!(action, RecordsAction::Undo | RecordsAction::Redo) {
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
    let turn = if jump.mode().reviewing() {
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
