//! The records' dialogs: save to a file, load one, import a pasted
//! GameString, and the question before continuing a reviewed game from an
//! earlier move. The save and load dialogs take a path, start in the data
//! directory and list the games saved there to click.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::records::{RecordsAction, ReviewAction};
use crate::records::AUTOSAVE_FILE;

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
pub(super) struct Dialogs {
    pub(super) open: Option<Dialog>,
    /// The file to save to or load from.
    path: String,
    /// The pasted GameString.
    paste: String,
    /// The games in the data directory.
    saves: Vec<PathBuf>,
    /// How many moves continuing would drop.
    pub(super) dropped: usize,
}

/// Undo, Redo and the Game menu, for the top bar; returns what was clicked.
/// Opens `dialog`, with the path field and the list of saved games filled
/// from the data directory.
pub(super) fn open(dialogs: &mut Dialogs, dialog: Dialog, dir: Option<&Path>) {
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

/// What the dialogs can send.
#[derive(SystemParam)]
pub(super) struct DialogCommands<'w> {
    actions: MessageWriter<'w, RecordsAction>,
    review: MessageWriter<'w, ReviewAction>,
}

pub(super) fn draw_dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    history: super::GameRecord,
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
