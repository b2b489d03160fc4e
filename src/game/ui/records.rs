//! The game records' controls: Undo, Redo and the "Game" menu in the top bar
//! (review, save, load, import and copy a GameString), the review bar, the
//! save / load / import dialogs, the question before continuing a reviewed
//! game from an earlier move, and the main menu's "Resume last game", "Load
//! game…" and draw rules.
//!
//! There is no file dialog: the save and load dialogs take a path, start in
//! the data directory and list the games saved there to click.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::HudAction;
use crate::game::new_game::GameOptions;
use crate::game::notice::Notice;
use crate::game::records::{AutosaveStatus, GameHistory, RecordPaths, RecordsAction};
use crate::game::review::ReviewAction;
use crate::game::screens::Screen;
use crate::records::AUTOSAVE_FILE;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>();
    app.add_message::<RecordsRequest>();
    app.add_systems(Update, route_requests);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            draw_review_bar.run_if(in_state(Screen::Playing)),
            draw_dialogs,
        )
            .chain(),
    );
}

/// What a records control asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RecordsRequest {
    /// Take back a move (or the pair against the AI).
    Undo,
    /// Replay it.
    Redo,
    /// Review (continuing from an earlier move asks first).
    Review(ReviewAction),
    /// Open a dialog.
    Open(Dialog),
    /// The GameString was put on the clipboard.
    Copied,
}

/// The records' dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialog {
    /// Save the game to a file.
    Save,
    /// Load a game from a file.
    Load,
    /// Paste a GameString.
    Import,
    /// Continue from the reviewed move, dropping the later ones?
    ConfirmContinue,
}

/// The open dialog and what is typed in it.
#[derive(Resource, Debug, Default)]
struct Dialogs {
    open: Option<Dialog>,
    /// The file to save to or load from.
    path: String,
    /// The pasted GameString.
    paste: String,
    /// The games in the data directory.
    saves: Vec<PathBuf>,
    /// How many moves continuing would drop.
    dropped: usize,
}

/// Undo, Redo and the Game menu, for the top bar; returns what was clicked.
pub(super) fn top_bar_buttons(ui: &mut egui::Ui, history: &GameHistory) -> Option<HudAction> {
    let mut request = None;
    if ui
        .add_enabled(history.can_undo(), egui::Button::new("Undo"))
        .on_hover_text("Take back the last move (against the AI, your move and its reply)")
        .clicked()
    {
        request = Some(RecordsRequest::Undo);
    }
    if ui
        .add_enabled(history.can_redo(), egui::Button::new("Redo"))
        .clicked()
    {
        request = Some(RecordsRequest::Redo);
    }
    ui.menu_button("Game", |ui| {
        let items = [
            ("Review moves", RecordsRequest::Review(ReviewAction::Enter)),
            ("Save…", RecordsRequest::Open(Dialog::Save)),
            ("Load…", RecordsRequest::Open(Dialog::Load)),
            ("Import GameString…", RecordsRequest::Open(Dialog::Import)),
        ];
        for (label, item) in items {
            let enabled = !(history.reviewing() && label == "Review moves");
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                request = Some(item);
                ui.close();
            }
        }
        if ui.button("Copy GameString").clicked() {
            ui.ctx().copy_text(history.full_game().game_string());
            request = Some(RecordsRequest::Copied);
            ui.close();
        }
    });
    request.map(HudAction::Records)
}

/// The main menu's part: resume, load, import, and the settings.
#[derive(SystemParam)]
pub(super) struct MenuRecords<'w> {
    autosave: Res<'w, AutosaveStatus>,
    notice: Res<'w, Notice>,
    options: ResMut<'w, GameOptions>,
    actions: MessageWriter<'w, RecordsAction>,
    requests: MessageWriter<'w, RecordsRequest>,
}

impl MenuRecords<'_> {
    /// "Resume last game" (when there is one), "Load game…", "Import…".
    pub(super) fn game_buttons(&mut self, ui: &mut egui::Ui, size: egui::Vec2) {
        if self.autosave.available
            && ui
                .add(egui::Button::new("Resume last game").min_size(size))
                .clicked()
        {
            self.actions.write(RecordsAction::Resume);
        }
        if ui
            .add(egui::Button::new("Load game…").min_size(size))
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Load));
        }
        if ui
            .add(egui::Button::new("Import GameString…").min_size(size))
            .clicked()
        {
            self.requests.write(RecordsRequest::Open(Dialog::Import));
        }
    }

    /// Draw rules (saved as soon as changed, like the rest of the menu), and
    /// the current message (a damaged settings file, a file that did not load).
    pub(super) fn settings(&mut self, ui: &mut egui::Ui) {
        let mut options = self.options.0;
        ui.checkbox(
            &mut options.threefold_repetition,
            "Draw on threefold repetition",
        );
        let mut limited = options.turn_limit.is_some();
        let mut turns = options.turn_limit.unwrap_or(50);
        ui.horizontal(|ui| {
            ui.checkbox(&mut limited, "Draw after");
            ui.add_enabled(limited, egui::DragValue::new(&mut turns).range(1..=500));
            ui.label("turns");
        });
        options.turn_limit = limited.then_some(turns);
        self.options.set_if_neq(GameOptions(options));

        if let Some(text) = &self.notice.0 {
            ui.add_space(6.0);
            ui.label(egui::RichText::new(text).color(egui::Color32::from_rgb(255, 210, 90)));
        }
    }
}

fn route_requests(
    mut requests: MessageReader<RecordsRequest>,
    history: Res<GameHistory>,
    paths: Res<RecordPaths>,
    mut dialogs: ResMut<Dialogs>,
    mut actions: MessageWriter<RecordsAction>,
    mut review: MessageWriter<ReviewAction>,
    mut notice: ResMut<Notice>,
) {
    for &request in requests.read() {
        match request {
            RecordsRequest::Undo => {
                actions.write(RecordsAction::Undo);
            }
            RecordsRequest::Redo => {
                actions.write(RecordsAction::Redo);
            }
            RecordsRequest::Review(ReviewAction::ContinueFromHere)
                if history.reviewing() && history.history().can_redo() =>
            {
                dialogs.dropped = history.history().len() - history.ply();
                dialogs.open = Some(Dialog::ConfirmContinue);
            }
            RecordsRequest::Review(action) => {
                review.write(action);
            }
            RecordsRequest::Open(dialog) => open(&mut dialogs, dialog, paths.data_dir()),
            RecordsRequest::Copied => {
                notice.show("the game's GameString is on the clipboard");
            }
        }
    }
}

/// Opens `dialog`, with the path field and the list of saved games filled
/// from the data directory.
fn open(dialogs: &mut Dialogs, dialog: Dialog, dir: Option<&Path>) {
    dialogs.open = Some(dialog);
    let dir = dir.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    match dialog {
        Dialog::Save => {
            let free = (1..)
                .map(|n| dir.join(format!("game-{n}.txt")))
                .find(|path| !path.exists())
                .unwrap_or_else(|| dir.join("game.txt"));
            dialogs.path = free.display().to_string();
        }
        Dialog::Load => {
            dialogs.saves = saved_games(&dir);
            dialogs.path = dir.join("").display().to_string();
        }
        Dialog::Import => dialogs.paste.clear(),
        Dialog::ConfirmContinue => {}
    }
}

/// The `.txt` files in `dir`, newest first (the autosave among them).
fn saved_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut saves: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt") && path.is_file())
        .map(|path| {
            let modified = fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::SystemTime::UNIX_EPOCH);
            (modified, path)
        })
        .collect();
    saves.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    saves.into_iter().map(|(_, path)| path).collect()
}

/// The bar shown while reviewing: step, jump, continue.
fn draw_review_bar(
    mut contexts: EguiContexts,
    history: Res<GameHistory>,
    mut requests: MessageWriter<RecordsRequest>,
) -> Result {
    if !history.reviewing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (ply, len) = (history.ply(), history.history().len());
    let mut action = None;
    egui::Window::new("Review")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -40.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Review").strong());
                ui.separator();
                let back = ply > 0;
                let forward = ply < len;
                let steps = [
                    ("|<", back, ReviewAction::ToStart, "First position (Home)"),
                    (
                        "<",
                        back,
                        ReviewAction::StepBack,
                        "One move back (Left arrow)",
                    ),
                    (
                        ">",
                        forward,
                        ReviewAction::StepForward,
                        "One move forward (Right arrow)",
                    ),
                    (">|", forward, ReviewAction::ToEnd, "Last move (End)"),
                ];
                for (label, enabled, step, hint) in steps.into_iter().take(2) {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(hint)
                        .clicked()
                    {
                        action = Some(step);
                    }
                }
                ui.monospace(format!("move {ply} of {len}"));
                for (label, enabled, step, hint) in steps.into_iter().skip(2) {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(hint)
                        .clicked()
                    {
                        action = Some(step);
                    }
                }
                ui.separator();
                if ui
                    .button("Continue from here")
                    .on_hover_text("Play on from this position (later moves are dropped)")
                    .clicked()
                {
                    action = Some(ReviewAction::ContinueFromHere);
                }
                if ui
                    .add_enabled(forward, egui::Button::new("Back to the game"))
                    .on_hover_text("Leave review at the last move")
                    .clicked()
                {
                    action = Some(ReviewAction::BackToGame);
                }
            });
        });
    if let Some(action) = action {
        requests.write(RecordsRequest::Review(action));
    }
    Ok(())
}

/// What the dialogs can send.
#[derive(SystemParam)]
struct DialogCommands<'w> {
    actions: MessageWriter<'w, RecordsAction>,
    review: MessageWriter<'w, ReviewAction>,
}

fn draw_dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    history: Res<GameHistory>,
    mut commands: DialogCommands,
) -> Result {
    let Some(dialog) = dialogs.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let title = match dialog {
        Dialog::Save => "Save game",
        Dialog::Load => "Load game",
        Dialog::Import => "Import a GameString",
        Dialog::ConfirmContinue => "Continue from here?",
    };
    let mut close = false;
    let dialogs = &mut *dialogs;
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| match dialog {
            Dialog::Save => {
                ui.label("Save the whole game (as a UHP GameString) to the file:");
                if let Some(row) = path_row(ui, &mut dialogs.path, "Save") {
                    close = true;
                    if let PathRow::Chosen(path) = row {
                        commands.actions.write(RecordsAction::Save(path));
                    }
                }
            }
            Dialog::Load => {
                if dialogs.saves.is_empty() {
                    ui.label(egui::RichText::new("No saved games in the data directory.").weak());
                } else {
                    ui.label("Saved games (click to open for review):");
                    egui::ScrollArea::vertical()
                        .max_height(240.0)
                        .show(ui, |ui| {
                            for path in &dialogs.saves {
                                let name = path
                                    .file_name()
                                    .map(|n| n.to_string_lossy().into_owned())
                                    .unwrap_or_default();
                                let label = if name == AUTOSAVE_FILE {
                                    format!("{name} (the autosave)")
                                } else {
                                    name
                                };
                                if ui.selectable_label(false, label).clicked() {
                                    commands.actions.write(RecordsAction::Load(path.clone()));
                                    close = true;
                                }
                            }
                        });
                }
                ui.separator();
                ui.label("Or a file:");
                if let Some(row) = path_row(ui, &mut dialogs.path, "Load") {
                    close = true;
                    if let PathRow::Chosen(path) = row {
                        commands.actions.write(RecordsAction::Load(path));
                    }
                }
            }
            Dialog::Import => {
                ui.label("Paste a GameString (Ctrl+V), like Base;InProgress;White[2];wS1;bG1 -wS1");
                ui.add(
                    egui::TextEdit::multiline(&mut dialogs.paste)
                        .desired_width(440.0)
                        .desired_rows(3),
                );
                ui.horizontal(|ui| {
                    let text = dialogs.paste.trim();
                    if ui
                        .add_enabled(!text.is_empty(), egui::Button::new("Import"))
                        .clicked()
                    {
                        commands
                            .actions
                            .write(RecordsAction::Import(text.to_string()));
                        close = true;
                    }
                    close |= ui.button("Cancel").clicked();
                });
            }
            Dialog::ConfirmContinue => {
                ui.label(format!(
                    "Play on from move {}? The {} later move{} will be dropped.",
                    history.ply(),
                    dialogs.dropped,
                    if dialogs.dropped == 1 { "" } else { "s" }
                ));
                ui.horizontal(|ui| {
                    if ui.button("Continue from here").clicked() {
                        commands.review.write(ReviewAction::ContinueFromHere);
                        close = true;
                    }
                    close |= ui.button("Cancel").clicked();
                });
            }
        });
    if close {
        dialogs.open = None;
    }
    Ok(())
}

/// What the path row of the save and load dialogs was asked for.
enum PathRow {
    /// The action button, with the path typed.
    Chosen(PathBuf),
    /// Cancel.
    Cancelled,
}

/// A path field with `action` and Cancel buttons below it; `None` while
/// neither was clicked.
fn path_row(ui: &mut egui::Ui, path: &mut String, action: &str) -> Option<PathRow> {
    ui.add(egui::TextEdit::singleline(path).desired_width(440.0));
    ui.horizontal(|ui| {
        let typed = path.trim();
        if ui
            .add_enabled(!typed.is_empty(), egui::Button::new(action))
            .clicked()
        {
            Some(PathRow::Chosen(PathBuf::from(typed)))
        } else if ui.button("Cancel").clicked() {
            Some(PathRow::Cancelled)
        } else {
            None
        }
    })
    .inner
}
