//! The file picker's words: what egui-file-dialog shows (its side bar,
//! buttons, questions and errors) in the player's language, for every
//! picker the game opens (the records' dialogs, the database's imports).

use egui_file_dialog::FileDialogLabels;

use crate::text::Texts;

/// The file picker's own words (its side bar, buttons, questions and
/// errors) in the player's language.
pub(in crate::game) fn picker_labels(words: &Texts) -> FileDialogLabels {
    let mut labels = FileDialogLabels::default();
    let fields: [(&mut String, &str); 35] = [
        (&mut labels.cancel, "picker-cancel"),
        (&mut labels.overwrite, "picker-overwrite"),
        (&mut labels.reload, "picker-reload"),
        (&mut labels.working_directory, "picker-working-directory"),
        (&mut labels.select_all, "picker-select-all"),
        (&mut labels.show_hidden, "picker-show-hidden"),
        (&mut labels.show_system_files, "picker-show-system-files"),
        (&mut labels.heading_pinned, "picker-heading-pinned"),
        (&mut labels.heading_places, "picker-heading-places"),
        (&mut labels.heading_devices, "picker-heading-devices"),
        (
            &mut labels.heading_removable_devices,
            "picker-heading-removable-devices",
        ),
        (&mut labels.home_dir, "picker-home-dir"),
        (&mut labels.desktop_dir, "picker-desktop-dir"),
        (&mut labels.documents_dir, "picker-documents-dir"),
        (&mut labels.downloads_dir, "picker-downloads-dir"),
        (&mut labels.audio_dir, "picker-audio-dir"),
        (&mut labels.pictures_dir, "picker-pictures-dir"),
        (&mut labels.videos_dir, "picker-videos-dir"),
        (&mut labels.pin_folder, "picker-pin-folder"),
        (&mut labels.unpin_folder, "picker-unpin-folder"),
        (
            &mut labels.rename_pinned_folder,
            "picker-rename-pinned-folder",
        ),
        (&mut labels.selected_directory, "picker-selected-directory"),
        (&mut labels.selected_file, "picker-selected-file"),
        (&mut labels.selected_items, "picker-selected-items"),
        (&mut labels.file_name, "picker-file-name"),
        (
            &mut labels.file_filter_all_files,
            "picker-file-filter-all-files",
        ),
        (&mut labels.save_extension_any, "picker-save-extension-any"),
        (&mut labels.open_button, "picker-open-button"),
        (&mut labels.save_button, "picker-save-button"),
        (&mut labels.cancel_button, "picker-cancel-button"),
        (
            &mut labels.overwrite_file_modal_text,
            "picker-overwrite-file-modal-text",
        ),
        (
            &mut labels.err_empty_folder_name,
            "picker-err-empty-folder-name",
        ),
        (
            &mut labels.err_empty_file_name,
            "picker-err-empty-file-name",
        ),
        (
            &mut labels.err_directory_exists,
            "picker-err-directory-exists",
        ),
        (&mut labels.err_file_exists, "picker-err-file-exists"),
    ];
    for (field, key) in fields {
        *field = words.get(key);
    }
    labels
}
