//! The theme's tiles and bug art as egui textures, for the pieces egui
//! draws: the hands, a piece being dragged, the position editor's board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::egui_color;
use crate::game::theme::Theme;
use crate::rules::{Bug, Color as Side, Piece};

/// A hand tile's size in the panel (the theme's tile images are 222x256).
pub(in crate::game) const TILE: egui::Vec2 = egui::vec2(42.0, 48.4);

/// The theme's tile and bug art as egui textures, for one frame.
pub(in crate::game) struct PieceArt {
    tiles: [egui::TextureId; 2],
    bugs: Vec<(Bug, [(egui::TextureId, egui::Color32); 2])>,
    selected: egui::Color32,
}

/// The whole of an image, as egui maps it onto a rectangle.
const WHOLE: egui::Rect = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));

/// The index of `side` in the two-sided arrays (White first).
fn index(side: Side) -> usize {
    usize::from(side == Side::Black)
}

impl PieceArt {
    /// Registers the theme's images with egui (weakly: the theme owns them).
    pub(in crate::game) fn new(contexts: &mut EguiContexts, theme: &Theme) -> PieceArt {
        let mut texture =
            |handle: &Handle<Image>| contexts.add_image(EguiTextureHandle::Weak(handle.id()));
        let tiles = [
            texture(&theme.tile(Side::White)),
            texture(&theme.tile(Side::Black)),
        ];
        let bugs = Bug::ALL
            .into_iter()
            .map(|bug| {
                let mut art = |side| {
                    let image = theme.bug(bug, side);
                    (texture(&image.image), egui_color(image.color))
                };
                (bug, [art(Side::White), art(Side::Black)])
            })
            .collect();
        PieceArt {
            tiles,
            bugs,
            selected: egui_color(theme.selected.color),
        }
    }

    /// The theme's colour for a selected piece.
    pub(in crate::game) fn selected(&self) -> egui::Color32 {
        self.selected
    }

    /// `side`'s bare tile filling `rect`, tinted.
    pub(in crate::game) fn paint_tile(
        &self,
        painter: &egui::Painter,
        side: Side,
        rect: egui::Rect,
        tint: egui::Color32,
    ) {
        painter.image(self.tiles[index(side)], rect, WHOLE, tint);
    }

    /// `bug`'s art for `side` on the face of the tile at `tile` (centred a
    /// little above its middle), its colour faded to `alpha`.
    pub(in crate::game) fn paint_bug(
        &self,
        painter: &egui::Painter,
        (bug, side): (Bug, Side),
        tile: egui::Rect,
        alpha: f32,
    ) {
        if let Some((_, sides)) = self.bugs.iter().find(|(art_bug, _)| *art_bug == bug) {
            let (texture, color) = sides[index(side)];
            let icon = egui::Rect::from_center_size(
                tile.center() - egui::vec2(0.0, tile.height() * 4.0 / 256.0),
                egui::Vec2::splat(tile.height() * 0.62),
            );
            painter.image(texture, icon, WHOLE, color.gamma_multiply(alpha));
        }
    }

    /// `piece`'s tile and art, a little larger than in hand, centred on `at`.
    pub(in crate::game) fn paint_piece(
        &self,
        painter: &egui::Painter,
        piece: Piece,
        at: egui::Pos2,
    ) {
        self.paint_piece_sized(painter, piece, at, TILE.y * 1.4);
    }

    /// `piece`'s tile and art, `height` tall, centred on `at`.
    pub(in crate::game) fn paint_piece_sized(
        &self,
        painter: &egui::Painter,
        piece: Piece,
        at: egui::Pos2,
        height: f32,
    ) {
        let tile = egui::Rect::from_center_size(at, TILE * (height / TILE.y));
        let tint = egui::Color32::WHITE.gamma_multiply(0.9);
        self.paint_tile(painter, piece.color(), tile, tint);
        self.paint_bug(painter, (piece.bug(), piece.color()), tile, 1.0);
    }
}
