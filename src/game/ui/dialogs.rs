//! The records' dialogs: save to a file (the game, the game with its
//! variations, or PGN), load one, import pasted text. Save and Load open a
//! file picker (egui-file-dialog) in the data directory, showing the game
//! files (`.txt`, and boardspace `.sgf` and `.pgn` records when loading); a
//! path can also be typed in it (its path bar, or the file name field when
//! saving).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_file_dialog::{DialogState, FileDialog};

use crate::game::saves::{ImportResult, RecordsAction};

/// The records' dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialog {
    /// Save the game (its current line) to a file.
    Save,
    /// Save the game with all its variations to a file.
    SaveVariations,
    /// Save the game as PGN (Mzinga, hivegame.com).
    SavePgn,
    /// Load a game from a file.
    Load,
    /// Paste a GameString.
    Import,
}

/// The open dialog and what is typed in it.
#[derive(Resource, Debug, Default)]
pub(super) struct Dialogs {
    pub(super) open: Option<Dialog>,
    /// The pasted GameString.
    paste: String,
    /// An import was sent and its result is awaited (the dialog stays).
    importing: bool,
    /// The file picker of the open Save or Load dialog (behind a lock: the
    /// picker reads folders on its own threads and is not `Sync`).
    picker: Mutex<Option<FileDialog>>,
}

/// The filter of our game files in the picker.
const GAME_FILES: &str = "Hive games (.txt)";
/// The filter of PGN files in the picker.
const PGN_FILES: &str = "PGN (.pgn)";
/// The filter of every record the game reads.
const ALL_RECORDS: &str = "Game records (.txt, .sgf, .pgn)";

/// A file picker for `dialog` (Save or Load), opened in `dir`.
fn file_picker(dialog: Dialog, dir: &Path, file_name: &str) -> FileDialog {
    let picker = FileDialog::new()
        .id(egui::Id::new("file_picker"))
        .initial_directory(dir.to_path_buf())
        .add_file_filter_extensions(GAME_FILES, vec!["txt"])
        .add_file_filter_extensions(PGN_FILES, vec!["pgn"])
        .add_file_filter_extensions(ALL_RECORDS, vec!["txt", "sgf", "pgn"])
        .add_save_extension(GAME_FILES, "txt")
        .add_save_extension(PGN_FILES, "pgn")
        .default_file_name(file_name)
        .default_size([640.0, 420.0])
        .title(match dialog {
            Dialog::Save => "Save game",
            Dialog::SaveVariations => "Save game with variations",
            Dialog::SavePgn => "Save game as PGN",
            _ => "Load game",
        });
    let mut picker = match dialog {
        Dialog::SavePgn => picker
            .default_file_filter(PGN_FILES)
            .default_save_extension(PGN_FILES),
        Dialog::Load => picker
            .default_file_filter(ALL_RECORDS)
            .default_save_extension(GAME_FILES),
        _ => picker
            .default_file_filter(GAME_FILES)
            .default_save_extension(GAME_FILES),
    };
    match dialog {
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn => picker.save_file(),
        _ => picker.pick_file(),
    }
    picker
}

/// Undo, Redo and the Game menu, for the top bar; returns what was clicked.
/// Opens `dialog`, with the path field and the list of saved games filled
/// from the data directory.
pub(super) fn open(dialogs: &mut Dialogs, dialog: Dialog, dir: Option<&Path>) {
    dialogs.open = Some(dialog);
    let dir = dir.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let _ = fs::create_dir_all(&dir);
    match dialog {
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn => {
            let (stem, extension) = match dialog {
                Dialog::SaveVariations => ("variations", "txt"),
                Dialog::SavePgn => ("game", "pgn"),
                _ => ("game", "txt"),
            };
            let free = (1..)
                .map(|n| format!("{stem}-{n}.{extension}"))
                .find(|name| !dir.join(name).exists())
                .unwrap_or_else(|| format!("{stem}.{extension}"));
            *dialogs
                .picker
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Some(file_picker(dialog, &dir, &free));
        }
        Dialog::Load => {
            *dialogs
                .picker
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Some(file_picker(dialog, &dir, ""));
        }
        Dialog::Import => {
            dialogs.paste.clear();
            dialogs.importing = false;
        }
    }
}

/// What the dialogs can send, and how an import went.
#[derive(SystemParam)]
pub(super) struct DialogCommands<'w> {
    actions: MessageWriter<'w, RecordsAction>,
    imported: ResMut<'w, ImportResult>,
}

pub(super) fn draw_dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut commands: DialogCommands,
) -> Result {
    let Some(dialog) = dialogs.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if matches!(
        dialog,
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn | Dialog::Load
    ) {
        let picker = dialogs
            .picker
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(picker) = picker {
            picker.update(ctx);
            let finished = match picker.state() {
                DialogState::Open => false,
                DialogState::Picked(path) => {
                    let path = path.clone();
                    commands.actions.write(match dialog {
                        Dialog::Save => RecordsAction::Save(path),
                        Dialog::SaveVariations => RecordsAction::SaveVariations(path),
                        Dialog::SavePgn => RecordsAction::SavePgn(path),
                        _ => RecordsAction::Load(path),
                    });
                    true
                }
                _ => true,
            };
            if finished {
                dialogs.open = None;
                *dialogs
                    .picker
                    .get_mut()
                    .unwrap_or_else(PoisonError::into_inner) = None;
            }
        }
        if dialogs
            .picker
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .is_none()
        {
            dialogs.open = None;
        }
        return Ok(());
    }
    let title = match dialog {
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn => "Save game",
        Dialog::Load => "Load game",
        Dialog::Import => "Import a game",
    };
    let mut close = false;
    let dialogs = &mut *dialogs;
    // The import sent last frame: opened (the dialog closes) or refused
    // (the text stays, with the reason under it).
    let mut refusal = None;
    if dialog == Dialog::Import {
        match commands.imported.0.as_ref() {
            Some(Ok(())) if dialogs.importing => close = true,
            Some(Err(reason)) => refusal = Some(reason.clone()),
            _ => {}
        }
        if close {
            commands.imported.0 = None;
            dialogs.importing = false;
        }
    }
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| match dialog {
            // Shown by the file picker above.
            Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn | Dialog::Load => {}
            Dialog::Import => {
                ui.label(
                    "Paste a GameString (Ctrl+V), like Base;InProgress;White[2];wS1;bG1 -wS1,",
                );
                ui.label(
                    "a saved file of variations (all its lines), or a boardspace .sgf or PGN record.",
                );
                let edited = ui
                    .add(
                        egui::TextEdit::multiline(&mut dialogs.paste)
                            .desired_width(440.0)
                            .desired_rows(3),
                    )
                    .changed();
                if edited {
                    // A new text: the old reason no longer applies.
                    commands.imported.0 = None;
                } else if let Some(reason) = &refusal {
                    ui.colored_label(ui.visuals().error_fg_color, reason);
                }
                ui.horizontal(|ui| {
                    let text = dialogs.paste.trim();
                    if ui
                        .add_enabled(!text.is_empty(), egui::Button::new("Import"))
                        .clicked()
                    {
                        commands.imported.0 = None;
                        commands
                            .actions
                            .write(RecordsAction::Import(text.to_string()));
                        dialogs.importing = true;
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                        commands.imported.0 = None;
                        dialogs.importing = false;
                    }
                });
            }
        });
    if close {
        dialogs.open = None;
    }
    Ok(())
}
