//! The position editor's board and hands, drawn with the theme's tiles.
//!
//! Both stay put while the player edits, so the next click lands where the
//! last one did: a hand keeps a slot for every bug of the game type (greyed
//! at ×0 when its pieces are all on the board), and the board shows the
//! editor's frame ([`BoardFrame`]), which grows only when the pieces no
//! longer fit (or on Fit).

use bevy::prelude::*;
use bevy_egui::egui;

use super::layout::cell_at;
use super::{BoardFrame, EditorRequest, hand_slots};
use crate::game::board::{HEX_SIZE, hex_block_size, hex_corners, hex_to_world, world_to_plane};
use crate::game::widgets::PieceArt;
use crate::learn::Setup;
use crate::rules::{Color as Side, Hex, Piece};
use crate::text::{Args, Texts};

/// One side's pieces in hand, a tile per bug of the game type with how many
/// are left; clicking one picks its next piece. A bug with none left keeps
/// its place, greyed.
pub(super) fn hand(
    ui: &mut egui::Ui,
    words: &Texts,
    art: Option<&PieceArt>,
    setup: &Setup,
    side: Side,
    picked: Option<Piece>,
    out: &mut Vec<EditorRequest>,
) {
    ui.heading(words.format("editor-hand", &Args::new().with("color", words.color(side))));
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            for slot in hand_slots(setup, side) {
                let size = egui::vec2(52.0, 62.0);
                let sense = if slot.next.is_some() {
                    egui::Sense::click()
                } else {
                    egui::Sense::hover()
                };
                let (rect, response) = ui.allocate_exact_size(size, sense);
                let painter = ui.painter_at(rect.expand(2.0));
                let chosen = picked.is_some_and(|p| p.color() == side && p.bug() == slot.bug);
                if chosen || (response.hovered() && slot.next.is_some()) {
                    let stroke = if chosen {
                        ui.visuals().selection.stroke
                    } else {
                        ui.visuals().widgets.hovered.fg_stroke
                    };
                    painter.rect_stroke(rect, 6.0, stroke, egui::StrokeKind::Inside);
                }
                let centre = rect.center() - egui::vec2(0.0, 6.0);
                let text_color = if slot.next.is_some() {
                    ui.visuals().text_color()
                } else {
                    ui.visuals().weak_text_color()
                };
                if slot.next.is_some() {
                    paint_piece(&painter, art, slot.shown, centre, 44.0, ui);
                } else {
                    // All on the board: the slot stays, its piece faded.
                    let mut faded = painter.clone();
                    faded.multiply_opacity(0.3);
                    paint_piece(&faded, art, slot.shown, centre, 44.0, ui);
                }
                painter.text(
                    rect.center_bottom() - egui::vec2(0.0, 2.0),
                    egui::Align2::CENTER_BOTTOM,
                    format!("×{}", slot.left),
                    egui::FontId::proportional(12.0),
                    text_color,
                );
                let tip = match slot.next {
                    Some(next) => words.piece(next),
                    None => {
                        let count = u32::from(slot.bug.count());
                        let args = Args::new()
                            .with("bug", words.bug(slot.bug, count))
                            .with("count", count);
                        words.format("editor-slot-empty-tip", &args)
                    }
                };
                let response = response.on_hover_text(tip);
                if let Some(next) = slot.next
                    && response.clicked()
                {
                    out.push(EditorRequest::Pick((!chosen).then_some(next)));
                }
            }
        });
        if setup.hand(side).is_empty() {
            ui.label(egui::RichText::new(words.get("editor-hand-empty")).weak());
        }
    });
}

/// A piece drawn with the theme's art, or as a labelled hexagon without it.
pub(super) fn paint_piece(
    painter: &egui::Painter,
    art: Option<&PieceArt>,
    piece: Piece,
    at: egui::Pos2,
    height: f32,
    ui: &egui::Ui,
) {
    match art {
        Some(art) => art.paint_piece_sized(painter, piece, at, height),
        None => {
            let fill = match piece.color() {
                Side::White => egui::Color32::from_gray(235),
                Side::Black => egui::Color32::from_gray(40),
            };
            painter.add(egui::Shape::convex_polygon(
                hexagon(at, height / 2.0),
                fill,
                ui.visuals().widgets.noninteractive.fg_stroke,
            ));
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                piece.to_string(),
                egui::FontId::proportional(height / 3.5),
                fill.to_opaque().gamma_multiply(0.2),
            );
        }
    }
}

/// The corners of a pointy-top hexagon of circumradius `size` around `at`
/// (the board's own corners, screen y down).
fn hexagon(at: egui::Pos2, size: f32) -> Vec<egui::Pos2> {
    hex_corners(size)
        .iter()
        .map(|corner| at + egui::vec2(corner.x, -corner.y))
        .collect()
}

/// The board's cells on a screen: the cell `centre` at `middle`, `scale`
/// pixels per world unit of the board's geometry (screen y down).
#[derive(Debug, Clone, Copy)]
struct Cells {
    centre: (i32, i32),
    middle: egui::Pos2,
    scale: f32,
}

impl Cells {
    /// The centre of cell `(q, r)` on the screen.
    fn to_screen(self, (q, r): (i32, i32)) -> egui::Pos2 {
        let world = hex_to_world(q - self.centre.0, r - self.centre.1);
        self.middle + self.scale * egui::vec2(world.x, -world.y)
    }

    /// The cell under the screen point `pos`.
    fn at(self, pos: egui::Pos2) -> (i32, i32) {
        let p = (pos - self.middle) / self.scale;
        let cell = world_to_plane(Vec2::new(p.x, -p.y));
        (cell.x + self.centre.0, cell.y + self.centre.1)
    }
}

/// The board being edited: the cells of the editor's frame, each stack's
/// top piece with its height, the cells of the problems lit; a click
/// places or picks up, a right click takes off.
pub(super) fn board(
    ui: &mut egui::Ui,
    art: Option<&PieceArt>,
    (setup, frame): (&Setup, BoardFrame),
    picked: Option<Piece>,
    lit: &[Hex],
    out: &mut Vec<EditorRequest>,
) {
    let BoardFrame { centre, radius } = frame;
    let rect = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(rect.size(), egui::Sense::click());
    let rect = response.rect;
    // Fit 2 * radius + 1 cells across and down; `size` is a cell's
    // circumradius in pixels.
    let block = hex_block_size(2 * radius + 1) / HEX_SIZE;
    let size = (rect.width() / block.x)
        .min(rect.height() / block.y)
        .min(40.0);
    let cells = Cells {
        centre,
        middle: rect.center(),
        scale: size / HEX_SIZE,
    };
    let to_screen = |at| cells.to_screen(at);
    let pointer = response.hover_pos().map(|pos| cells.at(pos));
    let grid = ui.visuals().widgets.noninteractive.bg_stroke;
    let lit_stroke = egui::Stroke::new(3.0, ui.visuals().error_fg_color);
    for dq in -radius..=radius {
        for dr in -radius..=radius {
            let at = (centre.0 + dq, centre.1 + dr);
            if !frame.shows(at) {
                continue;
            }
            let hex = cell_at(at.0, at.1);
            let corners = hexagon(to_screen(at), size * 0.97);
            let hovered = pointer == Some(at);
            let fill = if hovered {
                ui.visuals().widgets.hovered.weak_bg_fill
            } else {
                egui::Color32::TRANSPARENT
            };
            painter.add(egui::Shape::convex_polygon(corners.clone(), fill, grid));
            let stack = setup.stack(hex);
            if let Some(&top) = stack.last() {
                paint_piece(&painter, art, top, to_screen(at), size * 1.7, ui);
                if stack.len() > 1 {
                    let badge = to_screen(at) + size * egui::vec2(0.55, -0.55);
                    painter.circle_filled(badge, size * 0.28, ui.visuals().selection.bg_fill);
                    painter.text(
                        badge,
                        egui::Align2::CENTER_CENTER,
                        stack.len().to_string(),
                        egui::FontId::proportional(size * 0.4),
                        ui.visuals().strong_text_color(),
                    );
                }
            }
            if lit.contains(&hex) {
                let mut ring = hexagon(to_screen(at), size * 0.9);
                ring.push(ring[0]);
                painter.add(egui::Shape::line(ring, lit_stroke));
            }
        }
    }
    let Some(at) = pointer.filter(|&at| frame.shows(at)) else {
        return;
    };
    let hex = cell_at(at.0, at.1);
    if let Some(piece) = picked {
        paint_piece(&painter, art, piece, to_screen(at), size * 1.7, ui);
    }
    let stack = setup.stack(hex);
    let response = if stack.is_empty() {
        response
    } else {
        let names: Vec<String> = stack.iter().rev().map(ToString::to_string).collect();
        response.on_hover_text(names.join(" / "))
    };
    if response.clicked() {
        match (picked, setup.top(hex)) {
            (Some(piece), _) => out.push(EditorRequest::Place(piece, hex)),
            (None, Some(top)) => out.push(EditorRequest::Pick(Some(top))),
            (None, None) => {}
        }
    } else if response.secondary_clicked() {
        out.push(EditorRequest::Remove(hex));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::editor::layout::relative;

    #[test]
    fn cells_round_trip_through_the_screen() {
        for q in -5..=5 {
            for r in -5..=5 {
                assert_eq!(relative(cell_at(q, r)), (q, r));
                // A point near the centre is in the cell.
                let world = hex_to_world(q, r) + Vec2::new(-0.3, -0.2) * HEX_SIZE;
                assert_eq!(world_to_plane(world), IVec2::new(q, r));
            }
        }
        assert_eq!(relative(Hex::ORIGIN), (0, 0));
    }

    #[test]
    fn the_screen_shows_the_cells_where_the_pointer_finds_them() {
        let cells = Cells {
            centre: (2, -1),
            middle: egui::pos2(400.0, 300.0),
            scale: 0.6,
        };
        assert_eq!(cells.to_screen((2, -1)), egui::pos2(400.0, 300.0));
        // East is right and the next row (r + 1) is lower, screen y down.
        assert!(cells.to_screen((3, -1)).x > 400.0);
        assert!(cells.to_screen((2, 0)).y > 300.0);
        for q in -4..=6 {
            for r in -5..=3 {
                let at = cells.to_screen((q, r));
                // Anywhere well inside the cell finds it.
                let inside = at + egui::vec2(5.0, -7.0);
                assert_eq!(cells.at(inside), (q, r), "{q} {r}");
            }
        }
        // The hexagon's corners are the cell's: its top corner straight up.
        let corners = hexagon(egui::pos2(10.0, 10.0), 20.0);
        assert_eq!(corners.len(), 6);
        assert!((corners[0] - egui::pos2(10.0, -10.0)).length() < 1e-3);
    }
}
