//! A small bar floating at the top of the board: in an AI vs AI exhibition,
//! its controls (play / pause, step one move, speed in moves per minute,
//! restart) and the evaluation bar (who the AI's latest search thinks is
//! ahead); in a game with a human, the Hint button (enabled when a human is
//! to move; always shown, so the board does not shift from turn to turn),
//! but not in a lesson or a puzzle, whose own bar stands there.
//! The board area the camera fits the hive into is shrunk to start below it,
//! so the bar keeps one height whatever it shows: its text never wraps (a
//! longer evaluation makes it wider, not taller) and the spinner's place is
//! kept while nobody thinks, or the hive would jump with every move.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::ai::{AiEvaluation, AiThinking, Evaluation};
use crate::game::ai::{ExhibitionCommand, ExhibitionControl};
use crate::game::ai::{Hint, RequestHint};
use crate::game::core::CurrentGame;
use crate::game::core::Screen;
use crate::game::core::{NewGame, Players, Words};
use crate::game::theme::side_color;
use crate::game::widgets::{BAR_ID, difficulty_name, egui_color, side_panel_width};
use crate::records::Seats;
use crate::rules::Color;
use crate::text::{Args, Texts};

/// Below the top bar.
const TOP_OFFSET: f32 = 34.0;
/// The evaluation bar's size, at most (it takes at most half the bar's
/// width, so its words have room beside it).
const EVAL_BAR_SIZE: egui::Vec2 = egui::vec2(320.0, 14.0);
/// Room left between the bar and each hand's panel.
const BAR_MARGIN: f32 = 16.0;

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<BarRect>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw_exhibition_bar.run_if(in_state(Screen::Playing)),
    );
}

/// Where the bar was drawn last frame (logical pixels), if it was.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(super) struct BarRect(pub(super) Option<Rect>);

/// What the bar shows.
#[derive(bevy::ecs::system::SystemParam)]
struct BarView<'w> {
    game: Res<'w, CurrentGame>,
    players: Res<'w, Players>,
    control: Res<'w, ExhibitionControl>,
    evaluation: Res<'w, AiEvaluation>,
    thinking: Res<'w, AiThinking>,
    hint: Res<'w, Hint>,
    mode: crate::game::core::CurrentMode<'w>,
    words: Res<'w, Words>,
}

/// What the bar can ask for.
#[derive(bevy::ecs::system::SystemParam)]
struct BarCommands<'w> {
    exhibition: MessageWriter<'w, ExhibitionCommand>,
    hint: MessageWriter<'w, RequestHint>,
    new_game: MessageWriter<'w, NewGame>,
}

fn draw_exhibition_bar(
    mut contexts: EguiContexts,
    view: BarView,
    mut commands: BarCommands,
    mut bar_rect: ResMut<BarRect>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = view.game.game();
    let exhibition = match view.players.seats {
        Seats::Exhibition { white, black } => Some((white, black)),
        Seats::Human | Seats::Ai { .. } | Seats::Online { .. } | Seats::Watching => None,
    };
    // A lesson or a puzzle has its own hints, and its bar in this place.
    if exhibition.is_none() && view.mode.get().practising() {
        bar_rect.0 = None;
        return Ok(());
    }
    let hint = view.mode.get().hint_available(game);
    // No wider than the board between the hands, whose headers it would
    // otherwise hide.
    let window = ctx.content_rect().width();
    let room = (window - 2.0 * side_panel_width(window) - 2.0 * BAR_MARGIN).max(200.0);
    let shown = egui::Window::new(BAR_ID)
        .id(egui::Id::new(BAR_ID))
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .max_width(room)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, TOP_OFFSET))
        .show(ctx, |ui| {
            ui.set_max_width(room);
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            match exhibition {
                Some((white, black)) => {
                    controls(ui, &view, &mut commands, white, black);
                    evaluation_bar(ui, &view.words, view.evaluation.0.as_ref());
                }
                None => hint_button(ui, &view.words, hint, &view.hint, &mut commands),
            }
        });
    bar_rect.0 = shown.map(|shown| {
        let rect = shown.response.rect;
        Rect::new(rect.min.x, rect.min.y, rect.max.x, rect.max.y)
    });
    Ok(())
}

/// The paces the speed slider stops at, in moves a minute: about a third
/// more from one to the next over the whole range, so each notch of the
/// slider is a step a hand can hit and see (60 to 600 takes ten of them).
pub(super) const PACES: [f32; 22] = [
    5.0, 6.0, 8.0, 10.0, 12.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0, 80.0, 100.0, 120.0, 150.0,
    200.0, 250.0, 300.0, 400.0, 500.0, 600.0,
];

/// The notch of `PACES` nearest to `pace` (on a log scale).
pub(super) fn pace_notch(pace: f32) -> usize {
    let distance = |step: f32| (step.ln() - pace.max(1.0).ln()).abs();
    (0..PACES.len())
        .min_by(|&a, &b| distance(PACES[a]).total_cmp(&distance(PACES[b])))
        .unwrap_or(0)
}

/// The room the slider takes: a notch every few pixels.
const SLIDER_WIDTH: f32 = 150.0;

fn controls(
    ui: &mut egui::Ui,
    view: &BarView,
    commands: &mut BarCommands,
    white: crate::ai::Difficulty,
    black: crate::ai::Difficulty,
) {
    let control = &*view.control;
    let words = &view.words.0;
    let title = words.format(
        "exhibition-title",
        &Args::new()
            .with("white", difficulty_name(words, white))
            .with("black", difficulty_name(words, black)),
    );
    // The title on its own line, cut to the bar's width (whole on hover).
    ui.add(egui::Label::new(egui::RichText::new(title).strong()).truncate());
    ui.horizontal(|ui| {
        let over = view.game.game().status().is_over();
        // Once the game is over there is nothing to play or pause.
        if !over {
            let (label, command) = if control.paused {
                ("exhibition-play", ExhibitionCommand::Play)
            } else {
                ("exhibition-pause", ExhibitionCommand::Pause)
            };
            if ui.button(words.get(label)).clicked() {
                commands.exhibition.write(command);
            }
        }
        if ui
            .add_enabled(!over, egui::Button::new(words.get("exhibition-step")))
            .on_hover_text(words.get("exhibition-step-tip"))
            .clicked()
        {
            commands.exhibition.write(ExhibitionCommand::Step);
        }
        if ui.button(words.get("exhibition-restart")).clicked() {
            commands.new_game.write(NewGame);
        }
        let mut notch = pace_notch(control.moves_per_minute);
        ui.spacing_mut().slider_width = SLIDER_WIDTH;
        let slider = egui::Slider::new(&mut notch, 0..=PACES.len() - 1).show_value(false);
        let pace_text = words.format(
            "exhibition-pace",
            &Args::new().with("pace", control.moves_per_minute.round() as u32),
        );
        let tip = words.get("exhibition-speed-tip");
        if ui.add(slider).on_hover_text(&tip).changed() {
            commands
                .exhibition
                .write(ExhibitionCommand::Speed(PACES[notch]));
        }
        ui.label(pace_text).on_hover_text(tip);
        if view.thinking.is_thinking() {
            ui.add(egui::Spinner::new());
        } else if control.paused && !over {
            ui.label(egui::RichText::new(words.get("exhibition-paused")).weak());
        } else {
            spinner_place(ui);
        }
    });
}

/// White's share on the left in White's colour, Black's on the right.
fn evaluation_bar(ui: &mut egui::Ui, words: &Texts, evaluation: Option<&Evaluation>) {
    ui.horizontal(|ui| {
        let size = egui::vec2(
            EVAL_BAR_SIZE.x.min(ui.available_width() / 2.0),
            EVAL_BAR_SIZE.y,
        );
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
        let share = evaluation.map_or(0.5, super::evaluation::white_share);
        let painter = ui.painter();
        painter.rect_filled(rect, 3.0, egui_color(side_color(Color::Black)));
        let split = rect.min.x + rect.width() * share;
        let white = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y));
        painter.rect_filled(white, 3.0, egui_color(side_color(Color::White)));
        painter.line_segment(
            [
                egui::pos2(rect.center().x, rect.min.y),
                egui::pos2(rect.center().x, rect.max.y),
            ],
            egui::Stroke::new(1.0, ui.visuals().warn_fg_color),
        );
        painter.rect_stroke(
            rect,
            3.0,
            egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
            egui::StrokeKind::Outside,
        );
        let text = match evaluation {
            Some(e) => words.format(
                "exhibition-evaluation",
                &Args::new()
                    .with("verdict", super::evaluation::describe(words, e))
                    .with("color", words.color(e.side))
                    .with("difficulty", difficulty_name(words, e.difficulty))
                    .with("depth", e.depth),
            ),
            None => words.get("exhibition-no-evaluation"),
        };
        let tip = match evaluation {
            Some(e) => format!(
                "{text}\n{}",
                super::marks::evaluation_tip(words, e.white_score, e.depth)
            ),
            None => words.get("exhibition-evaluation-tip"),
        };
        response.on_hover_text(words.get("exhibition-evaluation-tip"));
        // Cut to the room left (whole, and explained, on hover).
        ui.add(
            egui::Label::new(text)
                .truncate()
                .show_tooltip_when_elided(false),
        )
        .on_hover_text(tip);
    });
}

fn hint_button(
    ui: &mut egui::Ui,
    words: &Texts,
    available: bool,
    hint: &Hint,
    commands: &mut BarCommands,
) {
    ui.horizontal(|ui| {
        let searching = hint.is_searching();
        if ui
            .add_enabled(
                available && !searching,
                egui::Button::new(words.get("exhibition-hint")),
            )
            .on_hover_text(words.get("exhibition-hint-tip"))
            .clicked()
        {
            commands.hint.write(RequestHint);
        }
        if searching {
            ui.add(egui::Spinner::new());
        } else {
            spinner_place(ui);
        }
    });
}

/// The room a spinner takes, left empty.
fn spinner_place(ui: &mut egui::Ui) {
    let size = ui.spacing().interact_size.y;
    ui.allocate_space(egui::vec2(size, size));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ai::{DEFAULT_MOVES_PER_MINUTE, MOVES_PER_MINUTE};

    #[test]
    fn the_speed_slider_stops_at_even_steps_over_the_whole_range() {
        assert_eq!(PACES[0], *MOVES_PER_MINUTE.start());
        assert_eq!(PACES[PACES.len() - 1], *MOVES_PER_MINUTE.end());
        assert!(PACES.contains(&DEFAULT_MOVES_PER_MINUTE));
        for pair in PACES.windows(2) {
            let ratio = pair[1] / pair[0];
            assert!((1.15..=1.34).contains(&ratio), "{pair:?}");
        }
        // From 60 to 600 moves a minute: ten notches of the slider, each
        // SLIDER_WIDTH / 21 = about 7 pixels, not one jump.
        let steps = pace_notch(600.0) - pace_notch(60.0);
        assert_eq!(steps, 10);
        assert!(SLIDER_WIDTH / (PACES.len() - 1) as f32 * steps as f32 > 60.0);
        for (notch, pace) in PACES.iter().enumerate() {
            assert_eq!(pace_notch(*pace), notch);
        }
        assert_eq!(pace_notch(87.0), pace_notch(80.0));
        assert_eq!(pace_notch(1.0), 0);
        assert_eq!(pace_notch(10_000.0), PACES.len() - 1);
    }
}
