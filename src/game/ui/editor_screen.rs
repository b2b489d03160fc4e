//! The position editor's screen ("Set up a position"): the board being
//! edited in the middle, drawn with the theme's tiles; each side's hand on
//! its side; the side to move, the turn and the expansions above; below,
//! what makes the position impossible (hovering a reason lights its
//! cells) and where the position can go: play (against a person or the
//! AI), the analysis board, or the clipboard as a GameString.
//!
//! Click a piece in a hand, then a cell: it goes on top of what is there.
//! Click a piece on the board to pick it up and put it elsewhere; a right
//! click takes a cell's top piece back to its hand; Escape puts the picked
//! piece down.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::game_menu::MenuRecords;
use super::hands::HandArt;
use super::menu::{WaitingAnswer, ask_about_waiting_game};
use crate::game::board::{HEX_SIZE, world_to_plane};
use crate::game::core::{AskBeforeLeaving, NewGameSettings, Screen, Words};
use crate::game::learn::{Editor, EditorRequest, EditorStatus, Goal};
use crate::game::theme::Theme;
use crate::learn::Setup;
use crate::records::Seats;
use crate::rules::{Bug, Color as Side, GameType, Hex, Piece};
use crate::text::{Args, Texts};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_editor.run_if(in_state(Screen::Editor)),
    );
}

/// Who the player chose to play a finished position against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Against {
    #[default]
    Person,
    Ai(Side),
}

/// The editor's own choices between frames.
#[derive(Default)]
struct EditorView {
    against: Against,
    /// "Play" waits for the answer about the game in "Resume last game".
    asking: Option<Seats>,
}

fn draw_editor(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    (words, theme, settings): (Res<Words>, Option<Res<Theme>>, Res<NewGameSettings>),
    (mut records, mut ask): (MenuRecords, ResMut<AskBeforeLeaving>),
    mut requests: MessageWriter<EditorRequest>,
    mut view: Local<EditorView>,
) -> Result {
    let art = theme.map(|theme| HandArt::new(&mut contexts, &theme));
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let setup = editor.setup();
    let mut out = Vec::new();
    if let EditorStatus::Written { game_string, .. } = &editor.status
        && editor.copy_pending
    {
        ctx.copy_text(game_string.clone());
        editor.copy_pending = false;
    }
    let editor = &*editor;
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) && editor.picked.is_some() {
        out.push(EditorRequest::Pick(None));
    }
    if let Some(seats) = view.asking {
        let mut answer_ask = *ask;
        let answer = ask_about_waiting_game(ctx, words, &mut answer_ask);
        ask.set_if_neq(answer_ask);
        match answer {
            Some(WaitingAnswer::NewGame) => {
                view.asking = None;
                out.push(EditorRequest::Finish(Goal::Play(seats)));
            }
            Some(WaitingAnswer::Resume) => {
                view.asking = None;
                records.resume();
            }
            Some(WaitingAnswer::Cancel) => view.asking = None,
            None => {}
        }
    }

    let mut window = super::window_ui(ctx, "editor_window");
    egui::Panel::top("editor_top").show(&mut window, |ui| {
        top_bar(ui, words, editor, &setup, &mut out);
    });
    let mut hovered_problem = None;
    egui::Panel::bottom("editor_bottom").show(&mut window, |ui| {
        hovered_problem = problems(ui, words, editor);
        ui.separator();
        let mut play = None;
        finish_bar(
            ui,
            words,
            editor,
            &settings,
            &mut view.against,
            &mut play,
            &mut out,
        );
        if let Some(seats) = play {
            if records.game_waiting() && ask.0 {
                view.asking = Some(seats);
            } else {
                out.push(EditorRequest::Finish(Goal::Play(seats)));
            }
        }
    });
    let side_width = (ctx.content_rect().width() / 6.0).clamp(120.0, 190.0);
    for side in Side::ALL {
        let panel = match side {
            Side::White => egui::Panel::left("editor_white"),
            Side::Black => egui::Panel::right("editor_black"),
        };
        panel.exact_size(side_width).show(&mut window, |ui| {
            hand(
                ui,
                words,
                art.as_ref(),
                &setup,
                side,
                editor.picked,
                &mut out,
            );
        });
    }
    egui::CentralPanel::default().show(&mut window, |ui| {
        let lit: Vec<Hex> = match hovered_problem {
            Some(i) => editor.problems[i].cells.clone(),
            None => editor
                .problems
                .iter()
                .flat_map(|p| p.cells.iter().copied())
                .collect(),
        };
        board(ui, art.as_ref(), &setup, editor.picked, &lit, &mut out);
    });
    for request in out {
        requests.write(request);
    }
    Ok(())
}

fn top_bar(
    ui: &mut egui::Ui,
    words: &Texts,
    editor: &Editor,
    setup: &Setup,
    out: &mut Vec<EditorRequest>,
) {
    ui.horizontal_wrapped(|ui| {
        let tip = if editor.opened_from_game() {
            "editor-back-to-game-tip"
        } else {
            "editor-back-to-menu-tip"
        };
        if ui
            .button(words.get("editor-back"))
            .on_hover_text(words.get(tip))
            .clicked()
        {
            out.push(EditorRequest::Back);
        }
        ui.separator();
        ui.heading(words.get("editor-title"));
        ui.separator();
        ui.label(words.get("editor-to-move"));
        let mut to_move = setup.to_move();
        for side in Side::ALL {
            ui.radio_value(&mut to_move, side, words.get(&side_key(side)));
        }
        if to_move != setup.to_move() {
            out.push(EditorRequest::SetToMove(to_move));
        }
        ui.separator();
        ui.label(words.get("editor-turn"))
            .on_hover_text(words.get("editor-turn-tip"));
        let mut turn = setup.turn();
        ui.add(egui::DragValue::new(&mut turn).range(1..=99))
            .on_hover_text(words.get("editor-turn-tip"));
        if turn != setup.turn() {
            out.push(EditorRequest::SetTurn(turn));
        }
        ui.separator();
        ui.label(words.get("editor-expansions"));
        let mut game_type = setup.game_type();
        for bug in [Bug::Mosquito, Bug::Ladybug, Bug::Pillbug] {
            let mut on = game_type.includes(bug);
            if ui.checkbox(&mut on, words.bug(bug, 1)).changed() {
                game_type = with_bug(game_type, bug, on);
            }
        }
        if game_type != setup.game_type() {
            out.push(EditorRequest::SetGameType(game_type));
        }
        ui.separator();
        if ui
            .add_enabled(
                !setup.is_empty(),
                egui::Button::new(words.get("editor-clear")),
            )
            .on_hover_text(words.get("editor-clear-tip"))
            .clicked()
        {
            out.push(EditorRequest::Clear);
        }
    });
    ui.label(egui::RichText::new(words.get("editor-blurb")).weak());
}

/// `game_type` with `bug` added or taken out.
fn with_bug(game_type: GameType, bug: Bug, on: bool) -> GameType {
    let mut name = String::from("Base");
    let kept: String = [
        (Bug::Mosquito, 'M'),
        (Bug::Ladybug, 'L'),
        (Bug::Pillbug, 'P'),
    ]
    .into_iter()
    .filter(|&(b, _)| if b == bug { on } else { game_type.includes(b) })
    .map(|(_, letter)| letter)
    .collect();
    if !kept.is_empty() {
        name = format!("Base+{kept}");
    }
    name.parse().unwrap_or(game_type)
}

/// "editor-white" or "editor-black": a side as a choice.
fn side_key(side: Side) -> String {
    match side {
        Side::White => "editor-white".to_string(),
        Side::Black => "editor-black".to_string(),
    }
}

/// The problems in words (or that there are none); returns the one under
/// the pointer.
fn problems(ui: &mut egui::Ui, words: &Texts, editor: &Editor) -> Option<usize> {
    let mut hovered = None;
    if editor.problems.is_empty() {
        ui.label(words.get("editor-no-problems"));
        return None;
    }
    ui.label(
        egui::RichText::new(words.format(
            "editor-problems",
            &Args::new().with("count", editor.problems.len()),
        ))
        .strong(),
    );
    egui::ScrollArea::vertical()
        .max_height(110.0)
        .show(ui, |ui| {
            for (i, problem) in editor.problems.iter().enumerate() {
                let line =
                    ui.colored_label(ui.visuals().error_fg_color, format!("• {}", problem.text));
                if line.hovered() {
                    hovered = Some(i);
                }
            }
        });
    hovered
}

/// The status line and the buttons that hand the position on.
fn finish_bar(
    ui: &mut egui::Ui,
    words: &Texts,
    editor: &Editor,
    settings: &NewGameSettings,
    against: &mut Against,
    play: &mut Option<Seats>,
    out: &mut Vec<EditorRequest>,
) {
    match &editor.status {
        EditorStatus::Idle => {}
        EditorStatus::Refused(text) | EditorStatus::Unreachable(text) => {
            ui.colored_label(ui.visuals().error_fg_color, text);
        }
        EditorStatus::Searching(_) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(words.get("editor-searching"));
            });
        }
        EditorStatus::Written { game_string, note } => {
            ui.label(words.get("editor-copied"));
            let mut text = game_string.as_str();
            ui.add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY));
            if let Some(note) = note {
                ui.label(egui::RichText::new(note).weak());
            }
        }
    }
    if let Some(piece) = editor.picked {
        ui.label(words.format(
            "editor-picked",
            &Args::new().with("piece", words.piece(piece)),
        ));
    }
    let ready = editor.problems.is_empty() && !editor.searching();
    ui.horizontal_wrapped(|ui| {
        ui.label(words.get("editor-opponent"));
        let choices = [
            (Against::Person, "editor-opponent-human"),
            (Against::Ai(Side::White), "editor-opponent-ai-white"),
            (Against::Ai(Side::Black), "editor-opponent-ai-black"),
        ];
        let current = choices
            .iter()
            .find(|(choice, _)| choice == against)
            .map_or("editor-opponent-human", |(_, key)| key);
        egui::ComboBox::from_id_salt("editor_against")
            .selected_text(words.get(current))
            .show_ui(ui, |ui| {
                for (choice, key) in choices {
                    ui.selectable_value(against, choice, words.get(key));
                }
            });
        if ui
            .add_enabled(ready, egui::Button::new(words.get("editor-play")))
            .on_hover_text(words.get("editor-play-tip"))
            .on_disabled_hover_text(words.get("editor-not-ready-tip"))
            .clicked()
        {
            *play = Some(match *against {
                Against::Person => Seats::Human,
                Against::Ai(side) => Seats::Ai {
                    side,
                    difficulty: settings.difficulty,
                },
            });
        }
        ui.separator();
        for (goal, key, tip) in [
            (Goal::Analyse, "editor-analyse", "editor-analyse-tip"),
            (Goal::Copy, "editor-copy", "editor-copy-tip"),
        ] {
            if ui
                .add_enabled(ready, egui::Button::new(words.get(key)))
                .on_hover_text(words.get(tip))
                .on_disabled_hover_text(words.get("editor-not-ready-tip"))
                .clicked()
            {
                out.push(EditorRequest::Finish(goal));
            }
        }
    });
}

/// One side's pieces in hand, a tile per bug with how many are left;
/// clicking one picks its next piece.
fn hand(
    ui: &mut egui::Ui,
    words: &Texts,
    art: Option<&HandArt>,
    setup: &Setup,
    side: Side,
    picked: Option<Piece>,
    out: &mut Vec<EditorRequest>,
) {
    ui.heading(words.format("editor-hand", &Args::new().with("color", words.color(side))));
    let hand = setup.hand(side);
    if hand.is_empty() {
        ui.label(egui::RichText::new(words.get("editor-hand-empty")).weak());
        return;
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            for bug in Bug::ALL {
                let of_bug: Vec<Piece> = hand.iter().copied().filter(|p| p.bug() == bug).collect();
                let Some(&next) = of_bug.first() else {
                    continue;
                };
                let size = egui::vec2(52.0, 62.0);
                let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
                let painter = ui.painter_at(rect.expand(2.0));
                let chosen = picked.is_some_and(|p| p.color() == side && p.bug() == bug);
                if chosen || response.hovered() {
                    let stroke = if chosen {
                        ui.visuals().selection.stroke
                    } else {
                        ui.visuals().widgets.hovered.fg_stroke
                    };
                    painter.rect_stroke(rect, 6.0, stroke, egui::StrokeKind::Inside);
                }
                let centre = rect.center() - egui::vec2(0.0, 6.0);
                paint_piece(&painter, art, next, centre, 44.0, ui);
                painter.text(
                    rect.center_bottom() - egui::vec2(0.0, 2.0),
                    egui::Align2::CENTER_BOTTOM,
                    format!("×{}", of_bug.len()),
                    egui::FontId::proportional(12.0),
                    ui.visuals().text_color(),
                );
                let response = response.on_hover_text(words.piece(next));
                if response.clicked() {
                    out.push(EditorRequest::Pick((!chosen).then_some(next)));
                }
            }
        });
    });
}

/// A piece drawn with the theme's art, or as a labelled hexagon without it.
fn paint_piece(
    painter: &egui::Painter,
    art: Option<&HandArt>,
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

/// The corners of a pointy-top hexagon of circumradius `size` around `at`.
fn hexagon(at: egui::Pos2, size: f32) -> Vec<egui::Pos2> {
    (0..6)
        .map(|i| {
            let angle = std::f32::consts::PI / 180.0 * (60.0 * i as f32 - 30.0);
            at + size * egui::vec2(angle.cos(), angle.sin())
        })
        .collect()
}

/// A cell's axial coordinates around the origin (-16..16 each way).
fn relative(hex: Hex) -> (i32, i32) {
    let (q, r) = hex.axial();
    let (oq, or) = Hex::ORIGIN.axial();
    (
        (q - oq + 16).rem_euclid(32) - 16,
        (r - or + 16).rem_euclid(32) - 16,
    )
}

/// The cell at `(q, r)` around the origin.
fn cell_at(q: i32, r: i32) -> Hex {
    let (oq, or) = Hex::ORIGIN.axial();
    Hex::from_axial(oq + q, or + r)
}

fn distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The board being edited: the cells around the pieces, each stack's top
/// piece with its height, the cells of the problems lit; a click places
/// or picks up, a right click takes off.
fn board(
    ui: &mut egui::Ui,
    art: Option<&HandArt>,
    setup: &Setup,
    picked: Option<Piece>,
    lit: &[Hex],
    out: &mut Vec<EditorRequest>,
) {
    let cells: Vec<(i32, i32)> = setup.cells().map(relative).collect();
    let centre = if cells.is_empty() {
        (0, 0)
    } else {
        let n = cells.len() as i32;
        let (sq, sr) = cells.iter().fold((0, 0), |(a, b), &(q, r)| (a + q, b + r));
        (sq / n, sr / n)
    };
    let radius = cells
        .iter()
        .map(|&c| distance(c, centre) + 2)
        .max()
        .unwrap_or(3)
        .clamp(3, 12);
    let rect = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(rect.size(), egui::Sense::click());
    let rect = response.rect;
    // Fit 2 * radius + 1 cells across (√3 each) and down (1.5 each).
    let across = 3f32.sqrt() * (2 * radius + 1) as f32;
    let down = 1.5 * (2 * radius + 1) as f32 + 0.5;
    let size = (rect.width() / across).min(rect.height() / down).min(40.0);
    let middle = rect.center();
    let to_screen = |(q, r): (i32, i32)| {
        let (q, r) = ((q - centre.0) as f32, (r - centre.1) as f32);
        middle + size * egui::vec2(3f32.sqrt() * (q + r / 2.0), 1.5 * r)
    };
    let pointer = response.hover_pos().map(|pos| {
        // The board's own rounding, in its units (y up).
        let p = (pos - middle) / size * HEX_SIZE;
        let cell = world_to_plane(Vec2::new(p.x, -p.y));
        (cell.x + centre.0, cell.y + centre.1)
    });
    let grid = ui.visuals().widgets.noninteractive.bg_stroke;
    let lit_stroke = egui::Stroke::new(3.0, ui.visuals().error_fg_color);
    for dq in -radius..=radius {
        for dr in -radius..=radius {
            let at = (centre.0 + dq, centre.1 + dr);
            if distance(at, centre) > radius {
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
    let Some(at) = pointer.filter(|&at| distance(at, centre) <= radius) else {
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

    #[test]
    fn expansions_are_ticked_on_and_off() {
        let base = GameType::BASE;
        let with_pillbug = with_bug(base, Bug::Pillbug, true);
        assert!(with_pillbug.includes(Bug::Pillbug));
        assert!(!with_pillbug.includes(Bug::Mosquito));
        let all = with_bug(
            with_bug(with_pillbug, Bug::Mosquito, true),
            Bug::Ladybug,
            true,
        );
        assert_eq!(all.to_string(), "Base+MLP");
        assert_eq!(with_bug(all, Bug::Ladybug, false).to_string(), "Base+MP");
    }

    #[test]
    fn cells_round_trip_through_the_screen() {
        for q in -5..=5 {
            for r in -5..=5 {
                assert_eq!(relative(cell_at(q, r)), (q, r));
                let (x, y) = (3f32.sqrt() * (q as f32 + r as f32 / 2.0), 1.5 * r as f32);
                // A point near the centre (screen y down) is in the cell.
                let world = Vec2::new(x - 0.3, -(y + 0.2)) * HEX_SIZE;
                assert_eq!(world_to_plane(world), IVec2::new(q, r));
            }
        }
        assert_eq!(relative(Hex::ORIGIN), (0, 0));
    }
}
