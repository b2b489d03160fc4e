//! The file picker's words: what egui-file-dialog shows (its side bar,
//! buttons, questions and errors) in the player's language, for every
//! picker the game opens (the records' dialogs, the database's imports).

use egui_file_dialog::FileDialogLabels;

use crate::text::Texts;

/// The file picker's own words (its side bar, buttons, questions and
/// errors) in the player's language. Each field's key is its name with
/// dashes, after `picker-`: `home_dir` is worded by `picker-home-dir`.
pub(in crate::game) fn picker_labels(words: &Texts) -> FileDialogLabels {
    let mut labels = FileDialogLabels::default();
    macro_rules! worded {
        ($($field:ident),+ $(,)?) => {
            $(
                let key = concat!("picker-", stringify!($field)).replace('_', "-");
                labels.$field = words.get(&key);
            )+
        };
    }
    worded! {
        cancel, overwrite, reload, working_directory, select_all, show_hidden, show_system_files,
        heading_pinned, heading_places, heading_devices, heading_removable_devices,
        home_dir, desktop_dir, documents_dir, downloads_dir, audio_dir, pictures_dir, videos_dir,
        pin_folder, unpin_folder, rename_pinned_folder,
        selected_directory, selected_file, selected_items, file_name,
        file_filter_all_files, save_extension_any,
        open_button, save_button, cancel_button, overwrite_file_modal_text,
        err_empty_folder_name, err_empty_file_name, err_directory_exists, err_file_exists,
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_english_words() {
        let words = Texts::english();
        let labels = picker_labels(&words);
        assert_eq!(words.take_warnings(), vec![], "a picker-* key is missing");
        assert_eq!(labels.home_dir, "🏠  Home");
        assert_eq!(
            labels.err_file_exists,
            "A file with the name already exists"
        );
    }
}
