//! The stack inspector: the pieces on the cell under the pointer (or the
//! selected piece's cell), bottom to top, in the left panel, and as a
//! tooltip next to the pointer over stacks.

use bevy_egui::egui;

use crate::game::play::HoveredCell;
use crate::game::play::Selection;
use crate::rules::{Game, Hex};
use crate::text::{Args, Texts};

/// The inspector section of the side panel.
pub(super) fn stack_panel(
    ui: &mut egui::Ui,
    words: &Texts,
    game: &Game,
    hovered: &HoveredCell,
    selection: &Selection,
) {
    ui.label(egui::RichText::new(words.get("inspector-title")).strong());
    let cell = hovered
        .0
        .map(|(_, hex)| hex)
        .filter(|&hex| game.height(hex) > 0)
        .or_else(|| selection.piece.and_then(|p| game.position(p)));
    match cell {
        Some(hex) => stack_list(ui, words, game, hex),
        None => {
            ui.label(egui::RichText::new(words.get("inspector-empty")).weak());
        }
    }
}

/// A tooltip next to the pointer when it is over a stack of two or more.
pub(super) fn stack_tooltip(
    ctx: &egui::Context,
    words: &Texts,
    game: &Game,
    hovered: &HoveredCell,
) {
    let Some((_, hex)) = hovered.0 else { return };
    if game.height(hex) < 2 {
        return;
    }
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return;
    };
    egui::Area::new(egui::Id::new("stack_tooltip"))
        .order(egui::Order::Tooltip)
        .fixed_pos(pointer + egui::vec2(16.0, 16.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| stack_list(ui, words, game, hex));
        });
}

fn stack_list(ui: &mut egui::Ui, words: &Texts, game: &Game, hex: Hex) {
    let stack = game.stack(hex);
    ui.label(words.format("inspector-count", &Args::new().with("count", stack.len())));
    for (i, piece) in stack.iter().rev().enumerate() {
        let key = if i == 0 {
            "inspector-top"
        } else {
            "inspector-under"
        };
        ui.label(
            words.format(
                key,
                &Args::new()
                    .with("piece", piece.to_string())
                    .with("bug", words.bug(piece.bug(), 1)),
            ),
        );
    }
}
