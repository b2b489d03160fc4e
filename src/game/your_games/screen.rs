//! "Your games", the tab the Games screen opens on: the player's kept games
//! newest first (when, opponent, their side, their result, how it ended,
//! the game type, its length), filtered by opponent, result, game type and
//! dates; a row opens the game in review, or is forgotten after a
//! question; all of them are written to one PGN file.

use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;
use bevy_egui::egui;
use egui_file_dialog::{DialogState, FileDialog};

use super::list::{YourGames, YourGamesRequest};
use crate::db::{KeptFilter, KeptSummary, Outcome};
use crate::game::widgets::{picker_labels, result_text};
use crate::records::Ending;
use crate::rules::Color;
use crate::text::{Args, Texts};

/// The tab's own state: the filter as typed, the game whose forgetting is
/// asked about, the export's file picker (behind a lock: it is not
/// `Sync`).
#[derive(Resource, Default)]
pub struct YourGamesScreen {
    opponent: String,
    outcome: Option<Outcome>,
    level: Option<crate::ai::Difficulty>,
    game_type: String,
    from: String,
    to: String,
    forgetting: Option<i64>,
    picker: Mutex<Option<FileDialog>>,
}

impl YourGamesScreen {
    /// The filter the form asks.
    fn filter(&self) -> KeptFilter {
        let text = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        KeptFilter {
            opponent: text(&self.opponent),
            outcome: self.outcome,
            level: self.level.map(|level| level.id().to_string()),
            game_type: text(&self.game_type),
            from: text(&self.from),
            to: text(&self.to),
            limit: 0,
        }
    }
}

/// What the Games screen needs of this tab.
/// Its fields are this module's: the tab's state is written here alone.
#[derive(bevy::ecs::system::SystemParam)]
pub struct YourGamesPart<'w> {
    /// The tab's form.
    screen: ResMut<'w, YourGamesScreen>,
    /// The games listed.
    games: Res<'w, YourGames>,
    /// What the tab asks.
    requests: MessageWriter<'w, YourGamesRequest>,
    /// The player's settings (whether watched games are kept).
    settings: crate::game::core::EditSettings<'w>,
}

const ROW_HEIGHT: f32 = 22.0;

/// An outcome in words.
fn outcome_text(words: &Texts, outcome: Option<Outcome>) -> String {
    words.get(match outcome {
        None => "your-games-any",
        Some(Outcome::Win) => "your-games-win",
        Some(Outcome::Draw) => "your-games-draw",
        Some(Outcome::Loss) => "your-games-loss",
        Some(Outcome::Unfinished) => "your-games-unfinished",
    })
}

/// How a game ended, in words.
fn ending_text(words: &Texts, ending: Ending) -> String {
    words.get(&format!("your-games-ending-{}", ending.word()))
}

/// The player's side in words ("White"; at one screen, "both").
fn side_text(words: &Texts, game: &KeptSummary) -> String {
    match game.side {
        Some(Color::White) => words.get("game-side-white"),
        Some(Color::Black) => words.get("game-side-black"),
        None if game.seats.watching() => words.get("your-games-watched"),
        None => words.get("your-games-both"),
    }
}

/// The opponent in words: their name, or the two players.
fn opponent_text(words: &Texts, game: &KeptSummary) -> String {
    match &game.opponent {
        Some(name) => name.clone(),
        None if game.seats.watching() => format!("{} – {}", game.names[0], game.names[1]),
        None => words.get("your-games-at-this-screen"),
    }
}

/// The result for the player: theirs when they had a side, else the game's.
fn result_words(words: &Texts, game: &KeptSummary) -> String {
    match (game.outcome, game.result) {
        (Some(outcome), _) => outcome_text(words, Some(outcome)),
        (None, Some(result)) => result_text(words, result),
        (None, None) => outcome_text(words, Some(Outcome::Unfinished)),
    }
}

/// The tab, in the Games screen's panel.
pub fn show(ui: &mut egui::Ui, words: &Texts, part: &mut YourGamesPart) {
    let YourGamesPart {
        screen,
        games,
        requests,
        settings,
    } = part;
    let (screen, games) = (&mut **screen, &**games);
    let before = screen.filter();
    ui.horizontal_wrapped(|ui| {
        ui.label(words.get("your-games-opponent"));
        ui.add(
            egui::TextEdit::singleline(&mut screen.opponent)
                .hint_text(words.get("your-games-any"))
                .desired_width(120.0),
        );
        ui.label(words.get("your-games-result"));
        egui::ComboBox::from_id_salt("your_games_outcome")
            .selected_text(outcome_text(words, screen.outcome))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut screen.outcome, None, outcome_text(words, None));
                for outcome in Outcome::ALL {
                    ui.selectable_value(
                        &mut screen.outcome,
                        Some(outcome),
                        outcome_text(words, Some(outcome)),
                    );
                }
            });
        ui.label(words.get("your-games-level"));
        let any = words.get("your-games-any");
        egui::ComboBox::from_id_salt("your_games_level")
            .selected_text(screen.level.map_or(any.clone(), |level| {
                crate::game::widgets::difficulty_name(words, level)
            }))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut screen.level, None, any);
                for level in crate::ai::Difficulty::ALL {
                    let name = crate::game::widgets::difficulty_name(words, level);
                    ui.selectable_value(&mut screen.level, Some(level), name);
                }
            });
        ui.label(words.get("your-games-type"));
        ui.add(
            egui::TextEdit::singleline(&mut screen.game_type)
                .hint_text(words.get("your-games-type-hint"))
                .desired_width(130.0),
        );
        ui.label(words.get("your-games-from"));
        ui.add(
            egui::TextEdit::singleline(&mut screen.from)
                .hint_text(words.get("your-games-date-hint"))
                .desired_width(130.0),
        );
        ui.label(words.get("your-games-to"));
        ui.add(
            egui::TextEdit::singleline(&mut screen.to)
                .hint_text(words.get("your-games-date-hint"))
                .desired_width(130.0),
        );
    });
    let filter = screen.filter();
    if filter != before {
        requests.write(YourGamesRequest::Filter(filter));
    }
    ui.horizontal(|ui| {
        let count = if games.games.len() as u64 == games.total {
            words.format("your-games-count", &Args::new().with("count", games.total))
        } else {
            words.format(
                "your-games-shown",
                &Args::new()
                    .with("shown", games.games.len())
                    .with("count", games.total),
            )
        };
        ui.label(count);
        if games.busy() {
            ui.spinner();
        }
        if ui
            .add_enabled(
                games.total > 0,
                egui::Button::new(words.get("your-games-export")),
            )
            .on_hover_text(words.get("your-games-export-tip"))
            .clicked()
        {
            let dialog = FileDialog::new()
                .id(egui::Id::new("your_games_export"))
                .labels(picker_labels(words))
                .title(&words.get("your-games-export-title"))
                .default_file_name("my-games.pgn")
                .default_size([640.0, 420.0]);
            let mut dialog = dialog;
            dialog.save_file();
            *screen
                .picker
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Some(dialog);
        }
        let mut keep_watched = settings.keep_watched_games;
        ui.checkbox(&mut keep_watched, words.get("your-games-keep-watched"))
            .on_hover_text(words.get("your-games-keep-watched-tip"));
        settings.edit(|settings| settings.keep_watched_games = keep_watched);
    });
    if let Some(error) = &games.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    ui.separator();
    if games.read && games.total == 0 {
        ui.label(words.get("your-games-none"));
        return;
    }
    results(ui, words, &games.progress);
    table(ui, words, screen, games, requests);
}

/// A score in words: "3 won, 1 drawn, 2 lost".
fn score_text(words: &Texts, score: &crate::db::Score) -> String {
    words.format(
        "your-games-score",
        &Args::new()
            .with("won", score.won)
            .with("drawn", score.drawn)
            .with("lost", score.lost),
    )
}

/// The player's results, folded: in all with the streaks, by AI level, by
/// opponent.
fn results(ui: &mut egui::Ui, words: &Texts, progress: &crate::db::Progress) {
    if progress.all.games() == 0 {
        return;
    }
    let streak = progress.streak.map(|(outcome, n)| {
        words.format(
            "your-games-streak",
            &Args::new()
                .with("count", n)
                .with("outcome", outcome_text(words, Some(outcome))),
        )
    });
    let title = words.format(
        "your-games-results",
        &Args::new().with("score", score_text(words, &progress.all)),
    );
    egui::CollapsingHeader::new(title)
        .id_salt("your_games_results")
        .show(ui, |ui| {
            if let Some(streak) = streak {
                ui.label(streak);
            }
            ui.label(words.format(
                "your-games-best-streak",
                &Args::new().with("count", progress.best_win_streak),
            ));
            ui.columns(2, |columns| {
                columns[0].label(egui::RichText::new(words.get("your-games-by-level")).strong());
                for (level, score) in &progress.by_level {
                    let name = crate::ai::Difficulty::from_name(level)
                        .map(|d| crate::game::widgets::difficulty_name(words, d))
                        .unwrap_or_else(|| level.clone());
                    columns[0].label(format!("{name}: {}", score_text(words, score)));
                }
                columns[1].label(egui::RichText::new(words.get("your-games-by-opponent")).strong());
                for (opponent, score) in progress.by_opponent.iter().take(12) {
                    columns[1].label(format!("{opponent}: {}", score_text(words, score)));
                }
            });
        });
}

/// The rows (only those on screen are laid out), each with Review and
/// Forget.
fn table(
    ui: &mut egui::Ui,
    words: &Texts,
    screen: &mut YourGamesScreen,
    games: &YourGames,
    requests: &mut MessageWriter<YourGamesRequest>,
) {
    const WIDTHS: [f32; 7] = [130.0, 150.0, 70.0, 80.0, 110.0, 70.0, 50.0];
    // Narrower columns (their words cut short, whole on hover) in a
    // narrow window, so Review and Forget stay in view.
    const BUTTONS: f32 = 160.0;
    let scale = ((ui.available_width() - BUTTONS) / WIDTHS.iter().sum::<f32>()).clamp(0.5, 1.0);
    let widths = WIDTHS.map(|width| width * scale);
    let headings = [
        "your-games-when",
        "your-games-opponent",
        "your-games-side",
        "your-games-result",
        "your-games-how",
        "your-games-type",
        "your-games-turns",
    ];
    ui.horizontal(|ui| {
        for (key, width) in headings.iter().zip(widths) {
            ui.add_sized(
                [width, ROW_HEIGHT],
                egui::Label::new(egui::RichText::new(words.get(key)).strong()),
            );
        }
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, games.games.len(), |ui, rows| {
            for game in &games.games[rows] {
                ui.horizontal(|ui| {
                    let cells = [
                        format!(
                            "{} {}",
                            game.day,
                            game.time.chars().take(5).collect::<String>()
                        ),
                        opponent_text(words, game),
                        side_text(words, game),
                        result_words(words, game),
                        ending_text(words, game.ending),
                        game.game_type.clone(),
                        game.plies.div_ceil(2).to_string(),
                    ];
                    for (text, width) in cells.into_iter().zip(widths) {
                        ui.add_sized([width, ROW_HEIGHT], egui::Label::new(text).truncate());
                    }
                    if ui
                        .button(words.get("your-games-review"))
                        .on_hover_text(words.get("your-games-review-tip"))
                        .clicked()
                    {
                        requests.write(YourGamesRequest::Review(game.id));
                    }
                    if ui
                        .button(words.get("your-games-forget"))
                        .on_hover_text(words.get("your-games-forget-tip"))
                        .clicked()
                    {
                        screen.forgetting = Some(game.id);
                    }
                });
            }
        });
}

/// The question before a game is forgotten, and the export's file picker.
pub fn dialogs(ctx: &egui::Context, words: &Texts, part: &mut YourGamesPart) {
    let (screen, requests) = (&mut *part.screen, &mut part.requests);
    if let Some(id) = screen.forgetting {
        egui::Window::new(words.get("your-games-forget-title"))
            .id(egui::Id::new("your_games_forget"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label(words.get("your-games-forget-text"));
                ui.horizontal(|ui| {
                    if ui.button(words.get("your-games-forget")).clicked() {
                        requests.write(YourGamesRequest::Forget(id));
                        screen.forgetting = None;
                    }
                    if ui.button(words.get("your-games-cancel")).clicked() {
                        screen.forgetting = None;
                    }
                });
            });
    }
    let mut guard = screen.picker.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(dialog) = guard.as_mut() {
        dialog.update(ctx);
        match dialog.state() {
            DialogState::Picked(path) => {
                requests.write(YourGamesRequest::Export(path.clone()));
                *guard = None;
            }
            DialogState::Open => {}
            _ => *guard = None,
        }
    }
}
