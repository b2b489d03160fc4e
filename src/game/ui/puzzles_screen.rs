//! The Puzzles screen: every puzzle by difficulty, the solved ones ticked,
//! one click to put it on the board; and, while one is on the board, the
//! puzzle bar over it: what to do, the moves left, Hint, Retry, Next and
//! back to the list.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::{CurrentGame, Screen};
use crate::game::learn::{PuzzleRequest, PuzzleRun, PuzzleState, Puzzles, SolvedPuzzles};
use crate::learn::Level;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_puzzles_screen.run_if(in_state(Screen::Puzzles)),
            draw_puzzle_bar.run_if(in_state(Screen::Playing)),
        ),
    );
}

fn draw_puzzles_screen(
    mut contexts: EguiContexts,
    puzzles: Res<Puzzles>,
    solved: Res<SolvedPuzzles>,
    mut requests: MessageWriter<PuzzleRequest>,
    mut next_screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut window = super::window_ui(ctx, "puzzles_window");
    egui::Panel::top("puzzles_top").show(&mut window, |ui| {
        let done = puzzles
            .list
            .iter()
            .filter(|p| solved.0.contains(&p.id))
            .count();
        let back = super::learning_header(
            ui,
            "Puzzles",
            &format!("{done} of {} solved", puzzles.list.len()),
            "Each puzzle has one first move that wins (or stops the win) by force, proved by \
             the engine. Play it on the board: the engine defends, or shows why a move fails.",
            &puzzles.problems,
            |ui| {
                if ui
                    .button("Next unsolved")
                    .on_hover_text("The first puzzle you have not solved yet")
                    .clicked()
                {
                    requests.write(PuzzleRequest::Next);
                }
            },
        );
        if back {
            next_screen.set(Screen::MainMenu);
        }
    });
    egui::CentralPanel::default().show(&mut window, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            for level in Level::ALL {
                let of_level: Vec<usize> = (0..puzzles.list.len())
                    .filter(|&i| puzzles.list[i].level == level)
                    .collect();
                if of_level.is_empty() {
                    continue;
                }
                let name = level.name();
                let title = name[..1].to_uppercase() + &name[1..];
                egui::CollapsingHeader::new(
                    egui::RichText::new(format!("{title} ({})", of_level.len())).strong(),
                )
                .id_salt(level.name())
                .default_open(true)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for (number, index) in of_level.into_iter().enumerate() {
                            let puzzle = &puzzles.list[index];
                            let done = solved.0.contains(&puzzle.id);
                            let mark = if done { "✔ " } else { "" };
                            let theme = puzzle
                                .theme
                                .map(|t| format!(", {}", t.name()))
                                .unwrap_or_default();
                            let label = format!("{mark}{}. {}{theme}", number + 1, puzzle.kind);
                            let button = egui::Button::new(label).selected(done);
                            let solved_note = if done { " (solved)" } else { "" };
                            if ui
                                .add_sized([190.0, 26.0], button)
                                .on_hover_text(format!("{}{solved_note}", puzzle.title))
                                .clicked()
                            {
                                requests.write(PuzzleRequest::Start(index));
                            }
                        }
                    });
                });
            }
        });
    });
    Ok(())
}

/// The bar over the board while a puzzle is being solved.
fn draw_puzzle_bar(
    mut contexts: EguiContexts,
    run: Res<PuzzleRun>,
    puzzles: Res<Puzzles>,
    current: Res<CurrentGame>,
    mut requests: MessageWriter<PuzzleRequest>,
) -> Result {
    let Some(puzzle) = run.index.and_then(|i| puzzles.list.get(i)) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("puzzle_bar")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&puzzle.title).strong());
                ui.separator();
                let status = match &run.state {
                    PuzzleState::Solving | PuzzleState::Judging => {
                        let left = run.moves_left().unwrap_or(0);
                        format!(
                            "{} to move, {} ({left} move{} left)",
                            current.game().to_move(),
                            puzzle.kind,
                            if left == 1 { "" } else { "s" }
                        )
                    }
                    PuzzleState::Solved => "Solved!".to_string(),
                    PuzzleState::Failed(_) => "Not this move".to_string(),
                };
                ui.label(status);
                if run.state == PuzzleState::Judging {
                    ui.add(egui::Spinner::new());
                }
                ui.separator();
                let solving = run.state == PuzzleState::Solving;
                if ui
                    .add_enabled(solving && run.hints < 2, egui::Button::new("Hint"))
                    .on_hover_text("First a clue, then the piece to play")
                    .clicked()
                {
                    requests.write(PuzzleRequest::Hint);
                }
                if ui
                    .button("Retry")
                    .on_hover_text("The puzzle again from its position")
                    .clicked()
                {
                    requests.write(PuzzleRequest::Retry);
                }
                if ui
                    .button("Next")
                    .on_hover_text("The next puzzle you have not solved")
                    .clicked()
                {
                    requests.write(PuzzleRequest::Next);
                }
                if ui
                    .button("All puzzles")
                    .on_hover_text("Back to the list")
                    .clicked()
                {
                    requests.write(PuzzleRequest::Leave);
                }
            });
        });
    Ok(())
}
