//! What the marks on the board mean: a legend in the left panel, each mark
//! drawn with the theme's own image and colour beside a few words, and a
//! tooltip naming the marks on the cell under the pointer.

use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use crate::game::core::last_move_cells;
use crate::game::play::{HoveredCell, MovablePieces, Selection};
use crate::game::theme::{Theme, ThemeImage};
use crate::game::widgets::egui_color;
use crate::rules::{Game, Hex};
use crate::text::Texts;

/// One kind of mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mark {
    Selected,
    Destination,
    Movable,
    LastMove,
    Throwable,
    Considered,
}

impl Mark {
    /// Every mark, in the legend's order.
    pub(super) const ALL: [Mark; 6] = [
        Mark::Selected,
        Mark::Destination,
        Mark::Movable,
        Mark::LastMove,
        Mark::Throwable,
        Mark::Considered,
    ];

    /// The legend's words for it.
    pub(super) fn meaning(self, words: &Texts) -> String {
        words.get(match self {
            Mark::Selected => "legend-selected",
            Mark::Destination => "legend-destination",
            Mark::Movable => "legend-movable",
            Mark::LastMove => "legend-last-move",
            Mark::Throwable => "legend-throwable",
            Mark::Considered => "legend-considered",
        })
    }

    fn art(self, theme: &Theme) -> &ThemeImage {
        match self {
            Mark::Selected => &theme.selected,
            Mark::Destination => &theme.destination,
            Mark::Movable => &theme.movable,
            Mark::LastMove => &theme.last_move,
            Mark::Throwable => &theme.throwable,
            Mark::Considered => &theme.considered,
        }
    }
}

/// The marks' images as egui textures, for one frame.
pub(super) struct MarkArt {
    marks: Vec<(Mark, egui::TextureId, egui::Color32)>,
    tile: egui::TextureId,
}

impl MarkArt {
    /// Registers the theme's mark images with egui (weakly: the theme owns
    /// them).
    pub(super) fn new(contexts: &mut EguiContexts, theme: &Theme) -> MarkArt {
        let marks = Mark::ALL
            .into_iter()
            .map(|mark| {
                let art = mark.art(theme);
                let texture = contexts.add_image(EguiTextureHandle::Weak(art.image.id()));
                (mark, texture, egui_color(art.color))
            })
            .collect();
        let tile = contexts.add_image(EguiTextureHandle::Weak(
            theme.tile(crate::rules::Color::White).id(),
        ));
        MarkArt { marks, tile }
    }

    /// A small cell with `mark` on it (on a tile for the marks drawn over
    /// pieces).
    fn swatch(&self, ui: &mut egui::Ui, mark: Mark) {
        let size = egui::vec2(30.0, 34.6);
        let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        let painter = ui.painter();
        if matches!(mark, Mark::Selected | Mark::Movable | Mark::Throwable) {
            painter.image(self.tile, rect, uv, egui::Color32::WHITE);
        } else {
            painter.circle_stroke(
                rect.center(),
                size.x * 0.45,
                egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
            );
        }
        if let Some((_, texture, color)) = self.marks.iter().find(|(m, _, _)| *m == mark) {
            painter.image(*texture, rect, uv, *color);
        }
    }
}

/// The legend, folded under a header the player can open or close.
pub(super) fn legend_panel(ui: &mut egui::Ui, words: &Texts, art: &MarkArt, open_at_first: bool) {
    egui::CollapsingHeader::new(egui::RichText::new(words.get("legend-title")).strong())
        .id_salt("marks_legend")
        .default_open(open_at_first)
        .show(ui, |ui| {
            for mark in Mark::ALL {
                ui.horizontal(|ui| {
                    art.swatch(ui, mark);
                    ui.add(
                        egui::Label::new(egui::RichText::new(mark.meaning(words)).small()).wrap(),
                    );
                });
            }
        });
}

/// The marks on `hex` as the board shows them now (`selection` is the AI's
/// considered move when `by_ai`, else the player's selection).
pub(super) fn marks_on(
    game: &Game,
    hex: Hex,
    (selection, by_ai): (&Selection, bool),
    movable: &MovablePieces,
) -> Vec<Mark> {
    let mut marks = Vec::new();
    let top = game.top(hex);
    if top.is_some() && selection.piece == top {
        marks.push(Mark::Selected);
    }
    if selection.move_to(hex).is_some() {
        marks.push(if by_ai {
            Mark::Considered
        } else {
            Mark::Destination
        });
    }
    if top.is_some_and(|piece| selection.throwable.contains(&piece)) {
        marks.push(Mark::Throwable);
    }
    if top.is_some_and(|piece| movable.0.contains(&piece)) {
        marks.push(Mark::Movable);
    }
    if last_move_cells(game).contains(&hex) {
        marks.push(Mark::LastMove);
    }
    marks
}

/// A tooltip by the pointer naming the marks on the cell under it.
pub(super) fn marks_tooltip(
    ctx: &egui::Context,
    words: &Texts,
    game: &Game,
    hovered: &HoveredCell,
    shown: (&Selection, bool),
    movable: &MovablePieces,
) {
    let Some((_, hex)) = hovered.0 else { return };
    // Stacks have their own tooltip (the inspector's).
    if game.height(hex) >= 2 {
        return;
    }
    let marks = marks_on(game, hex, shown, movable);
    let Some(pointer) = ctx.pointer_hover_pos().filter(|_| !marks.is_empty()) else {
        return;
    };
    egui::Area::new(egui::Id::new("mark_tooltip"))
        .order(egui::Order::Tooltip)
        .fixed_pos(pointer + egui::vec2(16.0, 16.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(260.0);
                for mark in marks {
                    ui.label(mark.meaning(words));
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameType;

    #[test]
    fn a_cell_names_its_marks() {
        let mut game = Game::new(GameType::BASE);
        for mv in ["wA1", "bA1 wA1-", "wQ -wA1", "bQ bA1-"] {
            game.play_move_string(mv).unwrap();
        }
        let queen: crate::rules::Piece = "wQ".parse().unwrap();
        let selection = Selection::of(&game, queen);
        let movable = MovablePieces(crate::game::play::movable_pieces(&game));
        let here = game.position(queen).unwrap();
        let marks = marks_on(&game, here, (&selection, false), &movable);
        assert!(marks.contains(&Mark::Selected), "{marks:?}");
        assert!(marks.contains(&Mark::Movable), "{marks:?}");
        let to = selection.moves[0].to().unwrap();
        assert_eq!(
            marks_on(&game, to, (&selection, false), &movable),
            vec![Mark::Destination]
        );
        let black = game.position(game.last_moved().unwrap()).unwrap();
        assert!(marks_on(&game, black, (&selection, false), &movable).contains(&Mark::LastMove));
        // The AI's cells are its own mark.
        assert_eq!(
            marks_on(&game, to, (&selection, true), &movable),
            vec![Mark::Considered]
        );
    }
}
