//! What the two learning screens (Learn to play, Puzzles) and their bars
//! over the board share: the screen itself, its top over a scrolling list,
//! and a bar's row of buttons.

use bevy_egui::egui;

use crate::text::{Args, Texts};

/// The words of a learning screen's top: its title's key, its progress's
/// (worded with `done` and `count`) and its blurb's.
pub(in crate::game) struct ScreenWords {
    pub title: &'static str,
    pub progress: &'static str,
    pub blurb: &'static str,
}

/// A learning screen over the whole window: its top (Main menu, the title,
/// how far the player has got, the blurb, the files that could not be
/// read and the screen's own buttons, `extra`), then `list`, scrolling.
/// `name` names its panels (`{name}_window`, `{name}_top`). Returns
/// whether Main menu was clicked.
pub(in crate::game) fn screen(
    ctx: &egui::Context,
    words: &Texts,
    (name, keys): (&str, ScreenWords),
    (done, count): (usize, usize),
    problems: &[String],
    extra: impl FnOnce(&mut egui::Ui),
    list: impl FnOnce(&mut egui::Ui),
) -> bool {
    let mut window = super::window_ui(ctx, &format!("{name}_window"));
    let mut back = false;
    egui::Panel::top(format!("{name}_top")).show(&mut window, |ui| {
        back = super::learning_header(
            ui,
            words,
            &words.get(keys.title),
            &words.format(
                keys.progress,
                &Args::new().with("done", done).with("count", count),
            ),
            &words.get(keys.blurb),
            problems,
            extra,
        );
    });
    egui::CentralPanel::default().show(&mut window, |ui| {
        egui::ScrollArea::vertical().show(ui, list);
    });
    back
}

/// Buttons side by side, each given as whether it can be pressed (greyed
/// out when not), its words' key, its tooltip's key and what it stands
/// for. Returns what the one clicked stands for.
pub(in crate::game) fn buttons<T>(
    ui: &mut egui::Ui,
    words: &Texts,
    buttons: impl IntoIterator<Item = (bool, &'static str, &'static str, T)>,
) -> Option<T> {
    let mut clicked = None;
    for (enabled, label, tip, what) in buttons {
        if ui
            .add_enabled(enabled, egui::Button::new(words.get(label)))
            .on_hover_text(words.get(tip))
            .clicked()
        {
            clicked = Some(what);
        }
    }
    clicked
}
