//! The Learn to play screen: the lessons in order, the finished ones
//! ticked, one click to start one; and, while a lesson is on the board, the
//! lesson bar: the step's words, the hint after a wrong try, Show me, Retry,
//! Next and back to the list.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::{Screen, Words};
use crate::game::learn::{LessonRequest, LessonRun, Lessons, StepState};
use crate::game::widgets::{self, learning};
use crate::text::Args;

/// The screen's panels and the words of its top.
const SCREEN: learning::ScreenWords = learning::ScreenWords {
    id: "lessons",
    title: "lessons-title",
    progress: "lessons-progress",
    blurb: "lessons-blurb",
};

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
    words: Res<Words>,
    mut requests: MessageWriter<LessonRequest>,
    mut next_screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let progress = (lessons.done_count(), lessons.list.len());
    let list = |ui: &mut egui::Ui| {
        for (index, lesson) in lessons.list.iter().enumerate() {
            let done = lessons.is_done(lesson);
            ui.horizontal(|ui| {
                let mark = if done { "✔" } else { " " };
                ui.label(egui::RichText::new(mark).strong());
                let title = format!("{}. {}", index + 1, words.lesson_title(lesson));
                let steps = lesson.steps.len();
                if ui
                    .add_sized([280.0, 26.0], egui::Button::new(title).selected(done))
                    .on_hover_text(words.format(
                        if done {
                            "lessons-steps-finished-tip"
                        } else {
                            "lessons-steps-tip"
                        },
                        &Args::new().with("count", steps),
                    ))
                    .clicked()
                {
                    requests.write(LessonRequest::Start(index));
                }
                if let Some(summary) = words.lesson_summary(lesson) {
                    ui.label(egui::RichText::new(summary).weak());
                }
            });
        }
    };
    let problems = &lessons.problems;
    if learning::screen(ctx, words, &SCREEN, progress, problems, |_| {}, list) {
        next_screen.set(Screen::MainMenu);
    }
    Ok(())
}

/// The bar under the top bar while a lesson is on the board.
fn draw_lesson_bar(
    mut contexts: EguiContexts,
    run: Res<LessonRun>,
    (lessons, words): (Res<Lessons>, Res<Words>),
    mut requests: MessageWriter<LessonRequest>,
) -> Result {
    use LessonRequest::{Leave, Next, Retry, ShowMe};
    let words = &words.0;
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
                ui.label(egui::RichText::new(words.lesson_title(lesson)).strong());
                ui.label(
                    egui::RichText::new(
                        words.format(
                            "lessons-step",
                            &Args::new()
                                .with("step", run.step + 1)
                                .with("count", lesson.steps.len()),
                        ),
                    )
                    .weak(),
                );
            });
            ui.add(egui::Label::new(words.step_text(lesson, run.step)).wrap());
            if let Some(hint) = &run.hint {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(
                            words.format("lessons-hint", &Args::new().with("hint", hint)),
                        )
                        .color(crate::game::widgets::notice_color(ui.ctx())),
                    )
                    .wrap(),
                );
            }
            ui.horizontal(|ui| {
                let doing = run.state == StepState::Doing;
                let show_me = doing && !step.is_beginner_game();
                let next = if doing {
                    "lessons-skip"
                } else {
                    "lessons-next"
                };
                let clicked = widgets::buttons(
                    ui,
                    words,
                    [
                        (show_me, "lessons-show-me", "lessons-show-me-tip", ShowMe),
                        (true, "lessons-retry", "lessons-retry-tip", Retry),
                        (true, next, "lessons-next-tip", Next),
                        (true, "lessons-all", "lessons-all-tip", Leave),
                    ],
                );
                if let Some(request) = clicked {
                    requests.write(request);
                }
            });
        });
    Ok(())
}
