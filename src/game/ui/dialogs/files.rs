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
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::{DialogState, FileDialog};

use crate::game::core::Words;
use crate::game::saves::{ImportResult, RecordPaths, RecordsAction};
use crate::game::widgets::picker_labels;
use crate::records::{GAME_EXTENSION, PGN_EXTENSION, RECORD_EXTENSIONS};
use crate::text::{Args, Texts};

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>();
    app.add_systems(EguiPrimaryContextPass, draw_dialogs);
}

/// The records' dialogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::game::ui) enum Dialog {
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
pub(in crate::game::ui) struct Dialogs {
    open: Option<Dialog>,
    /// The pasted GameString.
    paste: String,
    /// An import was sent and its result is awaited (the dialog stays).
    importing: bool,
    /// Why the text sent was refused, shown under it until it is edited.
    refused: Option<String>,
    /// The folder and file name the Save or Load dialog just opened is to
    /// show, until its picker is made (with the words, when drawn).
    pending: Option<(PathBuf, String)>,
    /// The file picker of the open Save or Load dialog (behind a lock: the
    /// picker reads folders on its own threads and is not `Sync`).
    picker: Mutex<Option<FileDialog>>,
}

/// A file picker for `dialog` (Save or Load), opened in `dir`.
fn file_picker(words: &Texts, dialog: Dialog, dir: &Path, file_name: &str) -> FileDialog {
    // The filters' names, which also name them to the picker.
    let game_files = words.get("dialog-filter-games");
    let pgn_files = words.get("dialog-filter-pgn");
    let all_records = words.get("dialog-filter-records");
    let picker = FileDialog::new()
        .id(egui::Id::new("file_picker"))
        .labels(picker_labels(words))
        .initial_directory(dir.to_path_buf())
        .add_file_filter_extensions(&game_files, vec![GAME_EXTENSION])
        .add_file_filter_extensions(&pgn_files, vec![PGN_EXTENSION])
        .add_file_filter_extensions(&all_records, RECORD_EXTENSIONS.to_vec())
        .add_save_extension(&game_files, GAME_EXTENSION)
        .add_save_extension(&pgn_files, PGN_EXTENSION)
        .default_file_name(file_name)
        .default_size([640.0, 420.0])
        .title(&words.get(match dialog {
            Dialog::Save => "dialog-save",
            Dialog::SaveVariations => "dialog-save-variations",
            Dialog::SavePgn => "dialog-save-pgn",
            _ => "dialog-load",
        }));
    let mut picker = match dialog {
        Dialog::SavePgn => picker
            .default_file_filter(&pgn_files)
            .default_save_extension(&pgn_files),
        Dialog::Load => picker
            .default_file_filter(&all_records)
            .default_save_extension(&game_files),
        _ => picker
            .default_file_filter(&game_files)
            .default_save_extension(&game_files),
    };
    match dialog {
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn => picker.save_file(),
        _ => picker.pick_file(),
    }
    picker
}

/// Opens `dialog`, with the path field and the list of saved games filled
/// from the data directory.
fn open(dialogs: &mut Dialogs, dialog: Dialog, dir: Option<&Path>) {
    dialogs.open = Some(dialog);
    let dir = dir.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let _ = fs::create_dir_all(&dir);
    match dialog {
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn => {
            let (stem, extension) = match dialog {
                Dialog::SaveVariations => ("variations", GAME_EXTENSION),
                Dialog::SavePgn => ("game", PGN_EXTENSION),
                _ => ("game", GAME_EXTENSION),
            };
            let free = (1..)
                .map(|n| format!("{stem}-{n}.{extension}"))
                .find(|name| !dir.join(name).exists())
                .unwrap_or_else(|| format!("{stem}.{extension}"));
            dialogs.pending = Some((dir, free));
        }
        Dialog::Load => {
            dialogs.pending = Some((dir, String::new()));
        }
        Dialog::Import => {
            dialogs.paste.clear();
            dialogs.importing = false;
            dialogs.refused = None;
        }
    }
}

/// What a button needs to open one of the dialogs.
#[derive(SystemParam)]
pub(in crate::game::ui) struct OpenDialog<'w> {
    dialogs: ResMut<'w, Dialogs>,
    paths: Res<'w, RecordPaths>,
}

impl OpenDialog<'_> {
    /// Opens `dialog` in the data directory.
    pub(in crate::game::ui) fn open(&mut self, dialog: Dialog) {
        open(&mut self.dialogs, dialog, self.paths.data_dir());
    }
}

/// What the dialogs can send, and how an import went.
#[derive(SystemParam)]
pub(in crate::game::ui) struct DialogCommands<'w, 's> {
    actions: MessageWriter<'w, RecordsAction>,
    imported: MessageReader<'w, 's, ImportResult>,
    words: Res<'w, Words>,
}

pub(in crate::game::ui) fn draw_dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut commands: DialogCommands,
) -> Result {
    let Some(dialog) = dialogs.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let words = &commands.words.0;
    if matches!(
        dialog,
        Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn | Dialog::Load
    ) {
        if let Some((dir, file_name)) = dialogs.pending.take() {
            *dialogs
                .picker
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) =
                Some(file_picker(words, dialog, &dir, &file_name));
        }
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
    // Only Import is left: Save and Load are the file picker's.
    let title = words.get("dialog-import-title");
    let mut close = false;
    let dialogs = &mut *dialogs;
    // The import sent last frame: opened (the dialog closes) or refused
    // (the text stays, with the reason under it).
    for answer in commands.imported.read() {
        match answer {
            ImportResult::Opened if dialogs.importing => close = true,
            ImportResult::Opened => {}
            ImportResult::Refused(reason) => dialogs.refused = Some(reason.clone()),
        }
    }
    if close {
        dialogs.importing = false;
        dialogs.refused = None;
    }
    egui::Window::new(title)
        .id(egui::Id::new("import_dialog"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| match dialog {
            // Shown by the file picker above.
            Dialog::Save | Dialog::SaveVariations | Dialog::SavePgn | Dialog::Load => {}
            Dialog::Import => {
                ui.label(words.format(
                    "dialog-import-paste",
                    &Args::new().with("example", "Base;InProgress;White[2];wS1;bG1 -wS1"),
                ));
                ui.label(words.get("dialog-import-paste-more"));
                let edited = ui
                    .add(
                        egui::TextEdit::multiline(&mut dialogs.paste)
                            .desired_width(440.0)
                            .desired_rows(3),
                    )
                    .changed();
                if edited {
                    // A new text: the old reason no longer applies.
                    dialogs.refused = None;
                } else if let Some(reason) = &dialogs.refused {
                    ui.colored_label(ui.visuals().error_fg_color, reason);
                }
                ui.horizontal(|ui| {
                    let text = dialogs.paste.trim();
                    if ui
                        .add_enabled(
                            !text.is_empty(),
                            egui::Button::new(words.get("dialog-import")),
                        )
                        .clicked()
                    {
                        dialogs.refused = None;
                        commands
                            .actions
                            .write(RecordsAction::Import(text.to_string()));
                        dialogs.importing = true;
                    }
                    if ui.button(words.get("dialog-cancel")).clicked() {
                        close = true;
                        dialogs.refused = None;
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
