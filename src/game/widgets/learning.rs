//! What the two learning screens (Learn to play, Puzzles) share: the
//! screen itself, its top over a scrolling list.

use bevy_egui::egui;

use crate::text::{Args, Texts};

/// A learning screen's name for its panels (`{id}_window`, `{id}_top`)
/// and the words of its top: its title's key, its progress's (worded with
/// `done` and `count`) and its blurb's.
pub(in crate::game) struct ScreenWords {
    pub id: &'static str,
    pub title: &'static str,
    pub progress: &'static str,
    pub blurb: &'static str,
}

/// A learning screen over the whole window: its top (Main menu, the title,
/// how far the player has got, the blurb, the files that could not be
/// read and the screen's own buttons, `extra`), then `list`, scrolling.
/// Returns whether Main menu was clicked.
pub(in crate::game) fn screen(
    ctx: &egui::Context,
    words: &Texts,
    keys: &ScreenWords,
    (done, count): (usize, usize),
    problems: &[String],
    extra: impl FnOnce(&mut egui::Ui),
    list: impl FnOnce(&mut egui::Ui),
) -> bool {
    let mut window = super::window_ui(ctx, &format!("{}_window", keys.id));
    let mut back = false;
    egui::Panel::top(format!("{}_top", keys.id)).show(&mut window, |ui| {
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
