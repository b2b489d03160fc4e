//! A side's pieces in hand: one button per bug with how many are left;
//! clicking one selects the next piece of that bug for placement.

use bevy_egui::egui;

use super::{HudAction, egui_color};
use crate::game::play::Selection;
use crate::game::theme::bug_color;
use crate::rules::{self, Bug, Game};

/// The hand of `side`; returns the piece clicked, if any.
pub(super) fn show(
    ui: &mut egui::Ui,
    game: &Game,
    side: rules::Color,
    selection: &Selection,
    awaiting_input: bool,
) -> Option<HudAction> {
    let to_move = game.to_move() == side && !game.status().is_over();
    let heading = if to_move {
        format!("▶ {side} to move")
    } else {
        side.to_string()
    };
    ui.heading(heading);
    ui.label(format!("In hand: {}", game.hand(side).count()));
    ui.add_space(4.0);
    let mut action = None;
    for bug in Bug::ALL {
        if !game.game_type().includes(bug) {
            continue;
        }
        let left = game.hand(side).filter(|p| p.bug() == bug).count();
        let next = game.next_in_hand(side, bug);
        let selected = next.is_some() && selection.piece == next;
        let label = egui::RichText::new(format!("{}  {:<12} ×{left}", bug.letter(), bug.name()))
            .monospace()
            .color(if left == 0 {
                egui::Color32::DARK_GRAY
            } else {
                egui_color(bug_color(bug)).gamma_multiply(1.4)
            });
        let button = egui::Button::selectable(selected, label).min_size(egui::vec2(190.0, 26.0));
        let response = ui.add_enabled(left > 0 && to_move && awaiting_input, button);
        if response.clicked()
            && let Some(piece) = next
        {
            action = Some(HudAction::Select(piece));
        }
    }
    action
}
