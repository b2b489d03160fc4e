//! Why the move shown in the engine's review is an inaccuracy, a mistake or
//! a blunder ([`ReviewWhy`]) on screen: the sentences under the verdict in
//! the review panel, and their cells lit on the board (the move played's in
//! orange, the engine's move's in green).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::board::{BoardLayout, HEX_SIZE, hex_corners, hex_to_world};
use crate::game::core::{GameSystems, Screen};
use crate::game::saves::ReviewWhy;
use crate::rules::Hex;
use crate::text::{Args, Texts, Worded, capitalized};

/// The cells of the move played's facts, and of the engine's move's.
const PLAYED_COLOR: Color = Color::srgba(0.95, 0.45, 0.2, 0.9);
const BETTER_COLOR: Color = Color::srgba(0.25, 0.8, 0.45, 0.9);

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        light_the_cells
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The explanation under the verdict in the review panel: the move played's
/// sentences in its class's colour, then the engine's move's (`best`).
pub(super) fn show(
    ui: &mut egui::Ui,
    words: &Texts,
    why: &ReviewWhy,
    best: &str,
    color: Option<egui::Color32>,
) {
    if !why.explained {
        return;
    }
    if why.played.is_empty() && why.better.is_empty() {
        ui.label(egui::RichText::new(words.get("review-why-none")).weak());
        return;
    }
    let sentence = |ui: &mut egui::Ui, worded: &Worded, color: Option<egui::Color32>| {
        let text = egui::RichText::new(format!("• {}", capitalized(&worded.text)));
        ui.label(match color {
            Some(color) => text.color(color),
            None => text,
        });
    };
    if !why.played.is_empty() {
        ui.label(egui::RichText::new(words.get("review-why")).strong());
        for worded in &why.played {
            sentence(ui, worded, color);
        }
    }
    if !why.better.is_empty() {
        let heading = words.format("review-why-better", &Args::new().with("best", best));
        ui.label(egui::RichText::new(heading).strong());
        let green = egui::Color32::from_rgb(64, 200, 115);
        for worded in &why.better {
            sentence(ui, worded, Some(green));
        }
    }
}

/// Hexagons around the cells the sentences are about.
fn light_the_cells(why: Res<ReviewWhy>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    if !why.explained {
        return;
    }
    let mut ring = |cells: &[Hex], radius: f32, color: Color| {
        let corners = hex_corners(radius);
        for &hex in cells {
            let plane = layout.plane_of(hex);
            let center = hex_to_world(plane.x, plane.y);
            let outline = corners.iter().chain(&corners[..1]).map(|&c| center + c);
            gizmos.linestrip_2d(outline, color);
        }
    };
    for worded in &why.played {
        ring(&worded.cells, HEX_SIZE * 0.92, PLAYED_COLOR);
    }
    for worded in &why.better {
        ring(&worded.cells, HEX_SIZE * 0.8, BETTER_COLOR);
    }
}
