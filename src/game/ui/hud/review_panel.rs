//! The engine's review on screen: while it runs, a progress bar and
//! Cancel; once done, the evaluation graph over the whole game (White's
//! advantage above the middle line, Black's below; the current move marked;
//! a click goes to the move under it), each player's summary, and the
//! verdict on the move shown: its class, the value it gave away, and for a
//! move that was not the engine's choice, the engine's move (drawn as an
//! arrow on the board) and its line, which a click adds as a variation;
//! for a marked move, why ([`super::review_why`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::review::{DECISIVE, format_score};
use crate::ai::{MoveClass, MoveReview};
use crate::game::board::{BoardLayout, hex_to_world};
use crate::game::core::{CurrentGame, GameSystems, Screen, Words};
use crate::game::saves::ReviewAction;
use crate::game::saves::ReviewWhy;
use crate::game::saves::{EngineReview, EngineReviewRequest, ReviewedLine, best_move_of};
use crate::rules::{Color as Side, Move};
use crate::text::{Args, Texts};

/// The graph's size on screen.
/// The graph's size on screen: the panel sits over the lower part of the
/// left side panel, below White's hand, so it hides none of the board.
const GRAPH_SIZE: egui::Vec2 = egui::vec2(178.0, 72.0);

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_plugins(super::review_why::plugin);
    app.add_systems(
        EguiPrimaryContextPass,
        draw_review_panel.run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        draw_engine_move
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Playing)),
    );
}

/// A class's name in words: "inaccuracy", "blunder".
pub(super) fn class_name(words: &Texts, class: MoveClass) -> String {
    words.get(match class {
        MoveClass::Best => "review-class-best",
        MoveClass::Good => "review-class-good",
        MoveClass::Inaccuracy => "review-class-inaccuracy",
        MoveClass::Mistake => "review-class-mistake",
        MoveClass::Blunder => "review-class-blunder",
    })
}

/// The colour a class is marked in (none for a sound move): the theme's
/// message, warning and error colours.
pub(super) fn class_color(ui: &egui::Ui, class: MoveClass) -> Option<egui::Color32> {
    match class {
        MoveClass::Best | MoveClass::Good => None,
        MoveClass::Inaccuracy => Some(crate::game::widgets::notice_color(ui.ctx())),
        MoveClass::Mistake => Some(ui.visuals().warn_fg_color),
        MoveClass::Blunder => Some(ui.visuals().error_fg_color),
    }
}

fn draw_review_panel(
    mut contexts: EguiContexts,
    review: Res<EngineReview>,
    current: Res<CurrentGame>,
    mut requests: MessageWriter<EngineReviewRequest>,
    (mut steps, words, why): (MessageWriter<ReviewAction>, Res<Words>, Res<ReviewWhy>),
) -> Result {
    let words = &words.0;
    let progress = review.progress();
    let reviewed = review.reviewed(current.variations());
    if progress.is_none() && reviewed.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut request = None;
    let mut goto = None;
    // The verdict scrolls within what the window leaves below the graph
    // and the counts (the top bar, the title, the graph, the counts and
    // the message line take about 320 points): nothing is cut off.
    let verdict_height = (ctx.content_rect().height() - 320.0).max(120.0);
    egui::Window::new(words.get("review-title"))
        .id(egui::Id::new("engine_review"))
        .collapsible(true)
        .resizable(false)
        .default_width(GRAPH_SIZE.x)
        .max_width(GRAPH_SIZE.x)
        // Beside the left side panel, over the board: the hand stays in
        // view (over the panel, it covered the player's pieces).
        .anchor(
            egui::Align2::LEFT_BOTTOM,
            egui::vec2(
                crate::game::widgets::side_panel_width(ctx.content_rect().width()) + 4.0,
                -28.0,
            ),
        )
        .show(ctx, |ui| {
            ui.set_width(GRAPH_SIZE.x);
            if let Some((done, total)) = progress {
                ui.label(words.format(
                    "review-progress",
                    &Args::new().with("done", done).with("total", total),
                ));
                ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).show_percentage());
                if ui
                    .button(words.get("review-cancel"))
                    .on_hover_text(words.get("review-cancel-tip"))
                    .clicked()
                {
                    request = Some(EngineReviewRequest::Cancel);
                }
                return;
            }
            let Some(line) = reviewed else {
                return;
            };
            let shown = line.ply_of(current.node());
            if let Some(ply) = evaluation_graph(ui, words, line, shown) {
                goto = Some(line.node_after(ply));
            }
            summaries(ui, words, line);
            ui.separator();
            match current.node() {
                node if shown.is_some_and(|ply| ply > 0) => {
                    let play = egui::ScrollArea::vertical()
                        .max_height(verdict_height)
                        .show(ui, |ui| {
                            line.verdict(node)
                                .is_some_and(|verdict| verdict_text(ui, words, verdict, &why))
                        })
                        .inner;
                    if play {
                        request = Some(EngineReviewRequest::PlayBestLine(node));
                    }
                }
                _ if shown.is_none() => {
                    ui.label(egui::RichText::new(words.get("review-off-line")).weak());
                }
                _ => {
                    ui.label(egui::RichText::new(words.get("review-click-hint")).weak());
                }
            }
            if ui
                .button(words.get("review-close"))
                .on_hover_text(words.get("review-close-tip"))
                .clicked()
            {
                request = Some(EngineReviewRequest::Close);
            }
        });
    if let Some(request) = request {
        requests.write(request);
    }
    if let Some(node) = goto {
        steps.write(ReviewAction::GotoNode(node));
    }
    Ok(())
}

/// The evaluation graph: a point per position, White's advantage above the
/// middle, Black's below, the moves that lost much marked in their class's
/// colour and the position shown by a line. Returns the ply clicked.
fn evaluation_graph(
    ui: &mut egui::Ui,
    words: &Texts,
    line: &ReviewedLine,
    shown: Option<usize>,
) -> Option<usize> {
    let values = line.review.evaluations();
    let (rect, response) = ui.allocate_exact_size(GRAPH_SIZE, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let dark = egui::Color32::from_gray(40);
    let light = egui::Color32::from_gray(225);
    painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let last = values.len().saturating_sub(1).max(1) as f32;
    let mid = rect.center().y;
    let x_of = |ply: usize| rect.left() + rect.width() * ply as f32 / last;
    let y_of = |value: i32| mid - (rect.height() / 2.0 - 2.0) * graph_height(value);
    // Each step between two positions, filled to the middle line: light
    // above it (White ahead), dark below, split where it crosses.
    for (ply, pair) in values.windows(2).enumerate() {
        let (x0, x1) = (x_of(ply), x_of(ply + 1));
        let (y0, y1) = (y_of(pair[0]), y_of(pair[1]));
        let mut pieces = vec![(x0, y0, x1, y1)];
        if (y0 - mid) * (y1 - mid) < 0.0 {
            let t = (mid - y0) / (y1 - y0);
            let xc = x0 + t * (x1 - x0);
            pieces = vec![(x0, y0, xc, mid), (xc, mid, x1, y1)];
        }
        for (ax, ay, bx, by) in pieces {
            let above = ay + by < 2.0 * mid;
            let points = vec![
                egui::pos2(ax, mid),
                egui::pos2(ax, ay),
                egui::pos2(bx, by),
                egui::pos2(bx, mid),
            ];
            let fill = if above { light } else { dark };
            painter.add(egui::Shape::convex_polygon(
                points,
                fill,
                egui::Stroke::NONE,
            ));
        }
    }
    painter.line_segment(
        [egui::pos2(rect.left(), mid), egui::pos2(rect.right(), mid)],
        egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
    );
    for verdict in &line.review.moves {
        if let Some(color) = class_color(ui, verdict.class) {
            let ply = verdict.ply + 1;
            let value = values.get(ply).copied().unwrap_or(0);
            painter.circle_filled(egui::pos2(x_of(ply), y_of(value)), 3.0, color);
        }
    }
    if let Some(ply) = shown {
        let x = x_of(ply);
        painter.line_segment(
            [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
            egui::Stroke::new(2.0, ui.visuals().hyperlink_color),
        );
    }
    let ply_at = |pos: egui::Pos2| {
        let t = ((pos.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
        (t * last).round() as usize
    };
    let response = match response.hover_pos() {
        Some(pos) => {
            let ply = ply_at(pos);
            let value = line.review.positions.get(ply).copied().unwrap_or(0);
            response.on_hover_text(
                words.format(
                    "review-graph-tip",
                    &Args::new()
                        .with("ply", ply)
                        .with("score", super::marks::score_tip(words, value)),
                ),
            )
        }
        None => response,
    };
    if response.clicked() || response.dragged() {
        return response.interact_pointer_pos().map(ply_at);
    }
    None
}

/// Where a value sits on the graph, from -1 (Black has won) to 1: a lead of
/// about three units fills three quarters of the half.
fn graph_height(value: i32) -> f32 {
    let clamped = value.clamp(-DECISIVE, DECISIVE) as f32;
    (clamped / 300.0).tanh() / (DECISIVE as f32 / 300.0).tanh()
}

/// Each player's moves per class and average loss.
fn summaries(ui: &mut egui::Ui, words: &Texts, line: &ReviewedLine) {
    egui::Grid::new("review summary")
        .num_columns(5)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            let count_tip = |class| {
                words.format(
                    "review-count-tip",
                    &Args::new().with("meaning", super::marks::class_tip(words, class)),
                )
            };
            for class in [
                MoveClass::Inaccuracy,
                MoveClass::Mistake,
                MoveClass::Blunder,
            ] {
                ui.label(egui::RichText::new(class.symbol()).strong())
                    .on_hover_text(count_tip(class));
            }
            ui.label(egui::RichText::new(words.get("review-loss")).strong())
                .on_hover_text(words.get("review-loss-tip"));
            ui.end_row();
            for side in [Side::White, Side::Black] {
                let summary = line.review.summary(side);
                ui.label(words.get(match side {
                    Side::White => "review-white",
                    Side::Black => "review-black",
                }));
                for class in [
                    MoveClass::Inaccuracy,
                    MoveClass::Mistake,
                    MoveClass::Blunder,
                ] {
                    let text = egui::RichText::new(summary.count(class).to_string());
                    ui.label(match class_color(ui, class) {
                        Some(color) if summary.count(class) > 0 => text.color(color),
                        _ => text,
                    })
                    .on_hover_text(count_tip(class));
                }
                ui.label(format!("{:.2}", summary.average_loss / 100.0))
                    .on_hover_text(words.get("review-loss-tip"));
                ui.end_row();
            }
        });
}

/// The verdict on the move shown; whether its "play the engine's line"
/// button was clicked.
fn verdict_text(ui: &mut egui::Ui, words: &Texts, verdict: &MoveReview, why: &ReviewWhy) -> bool {
    let number = verdict.ply / 2 + 1;
    let dots = if verdict.ply.is_multiple_of(2) {
        "."
    } else {
        "..."
    };
    let mut heading = egui::RichText::new(format!(
        "{number}{dots} {} {}",
        verdict.played,
        verdict.class.symbol()
    ))
    .monospace()
    .strong();
    if let Some(color) = class_color(ui, verdict.class) {
        heading = heading.color(color);
    }
    let tip = super::marks::verdict_tip(
        words,
        verdict.class,
        verdict.eval_before,
        verdict.eval_after,
    );
    // The move, then the verdict on a line of its own: a label wrapped
    // after another widget shows its tooltip only over its first row.
    ui.label(heading)
        .on_hover_text(super::marks::class_tip(words, verdict.class));
    ui.label(
        words.format(
            "review-verdict",
            &Args::new()
                .with("class", class_name(words, verdict.class))
                .with("after", format_score(verdict.eval_after))
                .with("before", format_score(verdict.eval_before)),
        ),
    )
    .on_hover_text(tip.clone());
    // The numbers in words, in view (a tooltip alone was never found).
    let scores = words.format(
        "review-verdict-tip",
        &Args::new()
            .with("after", super::marks::score_tip(words, verdict.eval_after))
            .with(
                "before",
                super::marks::score_tip(words, verdict.eval_before),
            ),
    );
    ui.label(egui::RichText::new(scores).small().weak());
    if verdict.class == MoveClass::Best {
        ui.label(egui::RichText::new(words.get("review-engine-choice")).weak());
        return false;
    }
    let Some(best) = verdict.best.as_deref() else {
        return false;
    };
    // A forced win thrown away or a forced loss walked into is said so:
    // its loss on the scale of pieces would be a number without meaning.
    let mates = format_score(verdict.eval_after).contains('#')
        || format_score(verdict.eval_before).contains('#');
    let args = Args::new()
        .with("loss", format!("{:.2}", verdict.loss as f32 / 100.0))
        .with("best", best);
    if mates {
        ui.label(words.format("review-lost-mate", &args));
    } else {
        ui.label(words.format("review-lost", &args))
            .on_hover_text(words.get("review-lost-tip"));
    }
    super::review_why::show(ui, words, why, best, class_color(ui, verdict.class));
    if verdict.best_line.len() > 1 {
        ui.label(
            egui::RichText::new(verdict.best_line.join("  "))
                .monospace()
                .weak(),
        );
    }
    ui.button(words.get("review-play-line"))
        .on_hover_text(words.get("review-play-line-tip"))
        .clicked()
}

/// The engine's move in place of the move shown, when that was not the
/// engine's choice: an arrow from its piece to its cell (a ring for a
/// placement), in the review's colour.
fn draw_engine_move(
    review: Res<EngineReview>,
    current: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    mut gizmos: Gizmos,
) {
    let tree = current.variations();
    let node = current.node();
    let Some(verdict) = review
        .reviewed(tree)
        .and_then(|line| line.verdict(node))
        .filter(|verdict| verdict.class != MoveClass::Best)
    else {
        return;
    };
    let Some(best) = best_move_of(verdict, tree, node) else {
        return;
    };
    let at = |hex| {
        let plane = layout.plane_of(hex);
        hex_to_world(plane.x, plane.y)
    };
    let color = Color::srgba(0.25, 0.8, 0.45, 0.95);
    match best {
        Move::Move { from, to, .. } => {
            gizmos
                .arrow_2d(at(from), at(to), color)
                .with_tip_length(18.0);
        }
        Move::Place { to, .. } => {
            gizmos.circle_2d(at(to), 22.0, color);
        }
        Move::Pass => {}
    }
}
