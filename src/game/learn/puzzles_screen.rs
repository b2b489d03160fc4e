//! The Puzzles screen: every puzzle by difficulty, the solved ones ticked,
//! one click to put it on the board; and, while one is on the board, the
//! puzzle bar over it: what to do, the moves left, Hint, Retry, Next and
//! back to the list.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::{CurrentGame, Screen, Words};
use crate::game::learn::{PuzzleRequest, PuzzleRun, PuzzleState, Puzzles};
use crate::game::widgets::{self, learning};
use crate::learn::{Level, Theme};
use crate::text::{Args, Texts};

/// The screen's panels and the words of its top.
const SCREEN: learning::ScreenWords = learning::ScreenWords {
    id: "puzzles",
    title: "puzzles-title",
    progress: "puzzles-progress",
    blurb: "puzzles-blurb",
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_puzzles_screen.run_if(in_state(Screen::Puzzles)),
            draw_puzzle_bar.run_if(in_state(Screen::Playing)),
        ),
    );
}

/// A level's name, as a heading: "Easy".
fn level_name(words: &Texts, level: Level) -> String {
    words.get(match level {
        Level::Easy => "puzzles-level-easy",
        Level::Medium => "puzzles-level-medium",
        Level::Hard => "puzzles-level-hard",
    })
}

/// The trick a themed puzzle is about: "pillbug".
fn theme_text(words: &Texts, theme: Theme) -> String {
    words.get(match theme {
        Theme::Pillbug => "puzzles-theme-pillbug",
        Theme::Mosquito => "puzzles-theme-mosquito",
    })
}

fn draw_puzzles_screen(
    mut contexts: EguiContexts,
    (puzzles, words): (Res<Puzzles>, Res<Words>),
    mut requests: MessageWriter<PuzzleRequest>,
    mut next_screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let progress = (puzzles.done_count(), puzzles.list.len());
    let mut next_unsolved = false;
    let extra = |ui: &mut egui::Ui| {
        next_unsolved = ui
            .button(words.get("puzzles-next-unsolved"))
            .on_hover_text(words.get("puzzles-next-unsolved-tip"))
            .clicked();
    };
    let list = |ui: &mut egui::Ui| {
        for level in Level::ALL {
            let of_level: Vec<usize> = (0..puzzles.list.len())
                .filter(|&i| puzzles.list[i].level == level)
                .collect();
            if of_level.is_empty() {
                continue;
            }
            let title = level_name(words, level);
            egui::CollapsingHeader::new(
                egui::RichText::new(format!("{title} ({})", of_level.len())).strong(),
            )
            .id_salt(level.name())
            .default_open(true)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for (number, index) in of_level.into_iter().enumerate() {
                        let puzzle = &puzzles.list[index];
                        let done = puzzles.is_done(puzzle);
                        let mark = if done { "✔ " } else { "" };
                        let kind = words.puzzle_kind(puzzle.kind);
                        let what = match puzzle.theme {
                            Some(theme) => words.format(
                                "puzzles-kind-theme",
                                &Args::new()
                                    .with("kind", kind)
                                    .with("theme", theme_text(words, theme)),
                            ),
                            None => kind,
                        };
                        let label = format!("{mark}{}. {what}", number + 1);
                        let button = egui::Button::new(label).selected(done);
                        // The title is worded only when shown.
                        let tip = |ui: &mut egui::Ui| {
                            let title = words.puzzle_title(puzzle);
                            ui.label(if done {
                                words
                                    .format("puzzles-solved-tip", &Args::new().with("title", title))
                            } else {
                                title
                            });
                        };
                        if ui
                            .add_sized([190.0, 26.0], button)
                            .on_hover_ui(tip)
                            .clicked()
                        {
                            requests.write(PuzzleRequest::Start(index));
                        }
                    }
                });
            });
        }
    };
    let problems = &puzzles.problems;
    if learning::screen(ctx, words, &SCREEN, progress, problems, extra, list) {
        next_screen.set(Screen::MainMenu);
    }
    if next_unsolved {
        requests.write(PuzzleRequest::Next);
    }
    Ok(())
}

/// The bar over the board while a puzzle is being solved.
fn draw_puzzle_bar(
    mut contexts: EguiContexts,
    run: Res<PuzzleRun>,
    puzzles: Res<Puzzles>,
    (current, words): (Res<CurrentGame>, Res<Words>),
    mut requests: MessageWriter<PuzzleRequest>,
) -> Result {
    use PuzzleRequest::{Hint, Leave, Next, Retry};
    let Some(puzzle) = run.index.and_then(|i| puzzles.list.get(i)) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    egui::Window::new("puzzle_bar")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(words.puzzle_title(puzzle)).strong());
                ui.separator();
                let status = match &run.state {
                    PuzzleState::Solving | PuzzleState::Judging => {
                        let left = run.moves_left().unwrap_or(0);
                        words.format(
                            "puzzles-status",
                            &Args::new()
                                .with("color", words.color(current.game().to_move()))
                                .with("kind", words.puzzle_kind(puzzle.kind))
                                .with("count", left),
                        )
                    }
                    PuzzleState::Solved => words.get("puzzles-solved"),
                    PuzzleState::Failed(_) => words.get("puzzles-failed"),
                };
                ui.label(status);
                if run.state == PuzzleState::Judging {
                    ui.add(egui::Spinner::new());
                }
                ui.separator();
                let hint = run.state == PuzzleState::Solving && run.hints < 2;
                let clicked = widgets::buttons(
                    ui,
                    words,
                    [
                        (hint, "puzzles-hint", "puzzles-hint-tip", Hint),
                        (true, "puzzles-retry", "puzzles-retry-tip", Retry),
                        (true, "puzzles-next", "puzzles-next-tip", Next),
                        (true, "puzzles-all", "puzzles-all-tip", Leave),
                    ],
                );
                if let Some(request) = clicked {
                    requests.write(request);
                }
            });
        });
    Ok(())
}
