//! The analysis board's panel and arrow: while analysis is on, a panel at
//! the board's lower right shows the engine's verdict on the position on
//! the board (the evaluation bar, the score in words, the depth reached)
//! and its best line as MoveStrings; clicking one plays the line up to it
//! (when moves can be played: not in review or after the game). "Top 3
//! moves" adds the next two best moves with their scores and lines. The
//! best move is drawn as an arrow on the board (a ring for a placement),
//! the next best in paler, thinner strokes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::evaluation::{describe, white_share};
use crate::ai::Difficulty;
use crate::game::ai::{Analysis, AnalysisRequest, Evaluation, MAX_ANALYSIS_LINES};
use crate::game::board::{BoardLayout, hex_to_world};
use crate::game::core::SetAnalysis;
use crate::game::core::{CurrentGame, CurrentMode, GameSystems, Players, Screen, Words};
use crate::game::editor::EditorRequest;
use crate::rules::{Color as Side, Move};
use crate::text::{Args, Texts};

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_analysis_panel.run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        draw_best_move
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

fn draw_analysis_panel(
    mut contexts: EguiContexts,
    (mode, analysis): (CurrentMode, Res<Analysis>),
    mut ask: MessageWriter<AnalysisRequest>,
    current: Res<CurrentGame>,
    players: Res<Players>,
    mut switch: MessageWriter<SetAnalysis>,
    (mut editor, words): (MessageWriter<EditorRequest>, Res<Words>),
) -> Result {
    let mode = mode.get();
    if !mode.analysing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let game = current.game();
    let playable = mode.takes_move(game);
    let mut clicked = None;
    let mut lines = analysis.lines();
    egui::Window::new(words.get("analysis-title"))
        .id(egui::Id::new("analysis_panel"))
        .collapsible(false)
        .resizable(false)
        .default_width(300.0)
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-222.0, -84.0))
        .show(ctx, |ui| {
            ui.set_width(300.0);
            let line = analysis
                .line()
                .filter(|line| line.is_for(players.game_id, game));
            match line {
                Some(line) => {
                    let evaluation = Evaluation {
                        white_score: line.white_score,
                        depth: line.depth,
                        side: Side::White,
                        difficulty: Difficulty::Expert,
                        game_id: line.game_id,
                    };
                    let share = white_share(&evaluation);
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(300.0, 12.0), egui::Sense::hover());
                    let painter = ui.painter_at(rect);
                    painter.rect_filled(rect, 3.0, egui::Color32::from_gray(30));
                    let white = egui::Rect::from_min_size(
                        rect.min,
                        egui::vec2(rect.width() * share, rect.height()),
                    );
                    painter.rect_filled(white, 3.0, egui::Color32::from_gray(235));
                    let searching = if analysis.is_searching() { "…" } else { "" };
                    let depth =
                        words.format("analysis-depth", &Args::new().with("depth", line.depth));
                    ui.label(format!(
                        "{}   {depth}{searching}",
                        describe(words, &evaluation)
                    ))
                    .on_hover_text(super::marks::evaluation_tip(
                        words,
                        line.white_score,
                        line.depth,
                    ));
                    if let Some(index) = pv_buttons(ui, words, &line.pv_text, playable, None) {
                        clicked = Some((0, index));
                    }
                    if line.pv_text.is_empty() {
                        ui.label(egui::RichText::new(words.get("analysis-no-move")).weak());
                    }
                    for (rank, other) in line.others.iter().enumerate() {
                        ui.separator();
                        let verdict = describe(
                            words,
                            &Evaluation {
                                white_score: other.white_score,
                                ..evaluation
                            },
                        );
                        let heading = format!("{}.", rank + 2);
                        let tip = super::marks::score_tip(words, other.white_score);
                        if let Some(index) = pv_buttons(
                            ui,
                            words,
                            &other.pv_text,
                            playable,
                            Some((heading, verdict, tip)),
                        ) {
                            clicked = Some((rank + 1, index));
                        }
                    }
                }
                None if game.status().is_over() => {
                    ui.label(egui::RichText::new(words.get("analysis-game-over")).weak());
                }
                None => {
                    ui.label(egui::RichText::new(words.get("analysis-thinking")).weak());
                }
            }
            ui.horizontal(|ui| {
                let mut top = lines > 1;
                if ui
                    .checkbox(
                        &mut top,
                        words.format(
                            "analysis-top",
                            &Args::new().with("count", MAX_ANALYSIS_LINES),
                        ),
                    )
                    .on_hover_text(words.get("analysis-top-tip"))
                    .changed()
                {
                    lines = if top { MAX_ANALYSIS_LINES } else { 1 };
                }
                if ui.button(words.get("analysis-stop")).clicked() {
                    switch.write(SetAnalysis(false));
                }
                if ui
                    .button(words.get("editor-edit-button"))
                    .on_hover_text(words.get("editor-edit-tip"))
                    .clicked()
                {
                    editor.write(EditorRequest::OpenFromGame);
                }
            });
        });
    if lines != analysis.lines() {
        ask.write(AnalysisRequest::Lines(lines));
    }
    if let Some((rank, index)) = clicked {
        ask.write(AnalysisRequest::PlayLine { rank, index });
    }
    Ok(())
}

/// A line's moves as buttons (after a heading and a verdict for one of the
/// next best lines); returns the index of the move clicked.
fn pv_buttons(
    ui: &mut egui::Ui,
    words: &Texts,
    moves: &[String],
    playable: bool,
    heading: Option<(String, String, String)>,
) -> Option<usize> {
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        if let Some((rank, verdict, tip)) = heading {
            ui.label(egui::RichText::new(rank).strong());
            ui.label(egui::RichText::new(verdict).weak())
                .on_hover_text(tip);
        }
        for (index, text) in moves.iter().enumerate() {
            let button = egui::Button::new(egui::RichText::new(text).monospace());
            let response = ui
                .add_enabled(playable, button)
                .on_hover_text(words.get("analysis-play-line-tip"))
                .on_disabled_hover_text(words.get("analysis-play-line-disabled-tip"));
            if response.clicked() {
                clicked = Some(index);
            }
        }
    });
    clicked
}

/// The best move as an arrow from its piece to its cell (a ring on the cell
/// of a placement).
fn draw_best_move(
    (mode, analysis): (CurrentMode, Res<Analysis>),
    current: Res<CurrentGame>,
    players: Res<Players>,
    layout: Res<BoardLayout>,
    mut gizmos: Gizmos,
) {
    let game = current.game();
    let on = mode.get().analysing();
    let Some(line) = analysis
        .line()
        .filter(|line| on && line.is_for(players.game_id, game))
    else {
        return;
    };
    let at = |hex| {
        let plane = layout.plane_of(hex);
        hex_to_world(plane.x, plane.y)
    };
    let others = line.others.iter().filter_map(|other| other.pv.first());
    // The next best first, so the best is drawn over them.
    let moves = others
        .rev()
        .map(|&mv| (mv, false))
        .chain(line.best().map(|mv| (mv, true)));
    for (mv, best) in moves {
        let (color, tip, radius) = if best {
            (Color::srgba(1.0, 0.55, 0.1, 0.95), 18.0, 22.0)
        } else {
            (Color::srgba(1.0, 0.8, 0.45, 0.6), 12.0, 16.0)
        };
        match mv {
            Move::Move { from, to, .. } => {
                gizmos
                    .arrow_2d(at(from), at(to), color)
                    .with_tip_length(tip);
            }
            Move::Place { to, .. } => {
                gizmos.circle_2d(at(to), radius, color);
            }
            Move::Pass => {}
        }
    }
}
