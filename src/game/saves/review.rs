//! Review: stepping through a game move by move, a finished one, one loaded
//! from a file, or the game in play, and continuing from any point.
//!
//! While reviewing, the turn is [`Turn::Review`]: no move is played, the AI
//! does not search and the hands are closed. [`ReviewAction`]s move the
//! cursor of [`CurrentGame`] (buttons in the review bar, a click in the move
//! list, ←/→ Home/End on the keyboard, the bumpers of a gamepad); the board
//! shows the position at the cursor. A click on a move of another line (a
//! variation) makes that line the current one. "Continue from here" ends
//! the line at the cursor (the later moves stay in the tree, a variation)
//! and play resumes; "Back to the game" leaves review at the last move.
//!
//! In a local game without a clock, a click on a move in the list goes
//! there to play on at once (as undo and redo do), without review.

use bevy::prelude::*;

use crate::game::board::BoardInput;
use crate::game::board::camera::pan_and_zoom;
use crate::game::core::{CurrentGame, GameSystems, Jump, Turn};
use crate::game::play::ReadDevices;
use crate::records::NodeId;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewAction>();
    app.add_systems(
        Update,
        review_keys
            .in_set(GameSystems::Input)
            .before(ReadDevices)
            .before(pan_and_zoom)
            .run_if(in_state(Turn::Review)),
    );
}

/// What the player asks of review.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewAction {
    /// Start reviewing the game, at the current move.
    Enter,
    /// Show the position after this many moves (entering review if needed).
    Goto(usize),
    /// Show the position after this move of the tree, its line becoming
    /// the current one (entering review, except in a local untimed game).
    GotoNode(NodeId),
    /// One move back.
    StepBack,
    /// One move forward.
    StepForward,
    /// To the start of the game.
    ToStart,
    /// To the last move.
    ToEnd,
    /// Play on from the position shown, the moves after it left in the tree.
    ContinueFromHere,
    /// Leave review at the last move, dropping nothing.
    BackToGame,
}

/// ←/→ (and the gamepad's bumpers) step, Home/End jump. While reviewing,
/// the horizontal arrows are taken from the camera's panning.
/// The keys are egui's while one of its widgets has the focus (arrows then
/// move that focus, not the game).
fn review_keys(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    input: BoardInput,
    gamepads: Query<&Gamepad>,
    mut actions: MessageWriter<ReviewAction>,
) {
    let egui_has_keys = !input.keys();
    if let Some(mut keys) = keys.filter(|_| !egui_has_keys) {
        let bindings = [
            (KeyCode::ArrowLeft, ReviewAction::StepBack),
            (KeyCode::ArrowRight, ReviewAction::StepForward),
            (KeyCode::Home, ReviewAction::ToStart),
            (KeyCode::End, ReviewAction::ToEnd),
        ];
        for (key, action) in bindings {
            if keys.just_pressed(key) {
                actions.write(action);
            }
        }
        keys.reset(KeyCode::ArrowLeft);
        keys.reset(KeyCode::ArrowRight);
    }
    for gamepad in &gamepads {
        if gamepad.just_pressed(GamepadButton::LeftTrigger) {
            actions.write(ReviewAction::StepBack);
        }
        if gamepad.just_pressed(GamepadButton::RightTrigger) {
            actions.write(ReviewAction::StepForward);
        }
    }
}

pub(super) fn handle_review_actions(mut actions: MessageReader<ReviewAction>, mut jump: Jump) {
    for &action in actions.read() {
        let reviewing = jump.mode().reviewing();
        let before = jump.current().ply();
        match action {
            ReviewAction::GotoNode(node)
                if !reviewing
                    && jump.players().seats.ai_side().is_none()
                    && !jump.clocks().timed() =>
            {
                jump.change(Turn::AwaitingInput, |current| current.goto_node(node));
            }
            ReviewAction::GotoNode(node) => {
                jump.change(Turn::Review, |current| {
                    current.goto_node(node) || !reviewing
                });
            }
            ReviewAction::ContinueFromHere | ReviewAction::BackToGame => {
                if !reviewing {
                    continue;
                }
                jump.change(Turn::AwaitingInput, |current| {
                    if action == ReviewAction::BackToGame {
                        let end = current.len();
                        current.goto(end);
                    } else {
                        let left = current.continue_from_here();
                        // The record's result is the old ending's (a
                        // resignation or a flag at its last move too): the
                        // game goes on, so it has none yet.
                        if let Some(mut headers) = current.headers().cloned()
                            && headers.result.is_some()
                            && !current.game().status().is_over()
                        {
                            headers.result = None;
                            current.set_headers(Some(headers));
                        }
                        if left > 0 {
                            info!("continuing from move {before}: {left} later moves kept as a variation");
                        }
                    }
                    true
                });
            }
            _ => {
                jump.change(Turn::Review, |current| {
                    step(current, action);
                    !reviewing || current.ply() != before
                });
            }
        }
    }
}

/// Moves the cursor as a review action asks.
fn step(current: &mut CurrentGame, action: ReviewAction) {
    let ply = current.ply();
    match action {
        ReviewAction::Goto(to) => current.goto(to),
        ReviewAction::StepBack => current.goto(ply.saturating_sub(1)),
        ReviewAction::StepForward => current.goto(ply + 1),
        ReviewAction::ToStart => current.goto(0),
        ReviewAction::ToEnd => {
            let end = current.len();
            current.goto(end);
        }
        ReviewAction::Enter
        | ReviewAction::GotoNode(_)
        | ReviewAction::ContinueFromHere
        | ReviewAction::BackToGame => {}
    }
}
