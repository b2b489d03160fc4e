//! The Learn to play screen: the lessons in order, the finished ones
//! ticked, one click to start one; and, while a lesson is on the board, the
//! lesson bar: the step's words, the hint after a wrong try, Show me, Retry,
//! Next and back to the list.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::Screen;
use crate::game::learn::{FinishedLessons, LessonRequest, LessonRun, Lessons, StepState};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_lessons_screen.run_if(in_state(Screen::Lessons)),
            draw_lesson_bar.run_if(in_state(Screen::Playing)),
        ),
    );
}

fn draw_lessons_screen(
    mut contexts: EguiContexts,
    lessons: Res<Lessons>,
    finished: Res<FinishedLessons>,
    mut requests: MessageWriter<LessonRequest>,
    mut next_screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut window = super::window_ui(ctx, "lessons_window");
    egui::Panel::top("lessons_top").show(&mut window, |ui| {
        let done = lessons
            .list
            .iter()
            .filter(|l| finished.0.contains(&l.title))
            .count();
        let back = super::learning_header(
            ui,
            "Learn to play",
            &format!("{done} of {} lessons finished", lessons.list.len()),
            "Short lessons on the board: each step asks for one move and the rules check it. \
             Take them in order, or any one again.",
            &lessons.problems,
            |_| {},
        );
        if back {
            next_screen.set(Screen::MainMenu);
        }
    });
    egui::CentralPanel::default().show(&mut window, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (index, lesson) in lessons.list.iter().enumerate() {
                let done = finished.0.contains(&lesson.title);
                ui.horizontal(|ui| {
                    let mark = if done { "✔" } else { " " };
                    ui.label(egui::RichText::new(mark).strong());
                    let title = format!("{}. {}", index + 1, lesson.title);
                    let steps = lesson.steps.len();
                    if ui
                        .add_sized([280.0, 26.0], egui::Button::new(title).selected(done))
                        .on_hover_text(format!(
                            "{steps} step{}{}",
                            if steps == 1 { "" } else { "s" },
                            if done { ", finished" } else { "" }
                        ))
                        .clicked()
                    {
                        requests.write(LessonRequest::Start(index));
                    }
                    if let Some(summary) = &lesson.summary {
                        ui.label(egui::RichText::new(summary).weak());
                    }
                });
            }
        });
    });
    Ok(())
}

/// The bar under the top bar while a lesson is on the board.
fn draw_lesson_bar(
    mut contexts: EguiContexts,
    run: Res<LessonRun>,
    lessons: Res<Lessons>,
    mut requests: MessageWriter<LessonRequest>,
) -> Result {
    let Some(lesson) = run.lesson.and_then(|i| lessons.list.get(i)) else {
        return Ok(());
    };
    let Some(step) = lesson.steps.get(run.step) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let width = (ctx.content_rect().width() - 460.0).clamp(300.0, 640.0);
    egui::Window::new("lesson_bar")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 36.0))
        .fixed_size(egui::vec2(width, 0.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&lesson.title).strong());
                ui.label(
                    egui::RichText::new(format!("step {} of {}", run.step + 1, lesson.steps.len()))
                        .weak(),
                );
            });
            ui.add(egui::Label::new(&step.text).wrap());
            if let Some(hint) = &run.hint {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(format!("Hint: {hint}"))
                            .color(super::style::notice_color(ui.ctx())),
                    )
                    .wrap(),
                );
            }
            ui.horizontal(|ui| {
                let doing = run.state == StepState::Doing;
                if ui
                    .add_enabled(
                        doing && !step.is_beginner_game(),
                        egui::Button::new("Show me"),
                    )
                    .on_hover_text("The engine plays a move that does what the step asks")
                    .clicked()
                {
                    requests.write(LessonRequest::ShowMe);
                }
                if ui
                    .button("Retry")
                    .on_hover_text("This step again from its position")
                    .clicked()
                {
                    requests.write(LessonRequest::Retry);
                }
                let next = egui::Button::new(if doing { "Skip" } else { "Next" });
                if ui.add(next).on_hover_text("On to the next step").clicked() {
                    requests.write(LessonRequest::Next);
                }
                if ui
                    .button("All lessons")
                    .on_hover_text("Back to the list")
                    .clicked()
                {
                    requests.write(LessonRequest::Leave);
                }
            });
        });
    Ok(())
}
