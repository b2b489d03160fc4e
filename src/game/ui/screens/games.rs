//! The "Games" screen: it opens on the player's own games ("Your games",
//! `your_games::screen`); its other tabs are the game library of a folder (the data directory
//! first, any other chosen with the folder picker) as a table of players,
//! date, game type, result, length and file; a click on a column's heading
//! sorts by it (again: the other way), the box above filters by player
//! name. A record that could not be read is listed with its reason. Open
//! shows the game in review; "Review with the engine" also has the engine
//! grade every move. While the folder is read, the table grows and the
//! count shows how far it has got.

use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::{DialogState, FileDialog};

use crate::game::core::{Screen, Words};
use crate::game::database::screen::DatabasePart;
use crate::game::saves::{GameLibrary, LibraryRequest, RecordsAction};
use crate::game::widgets::{difficulty_name, picker_labels, result_text, window_ui};
use crate::game::your_games::YourGamesPart;
use crate::game::your_games::screen as your_games_screen;
use crate::records::{Column, GameResult, LibraryEntry, RecordSummary, Seats};
use crate::rules::Color;
use crate::text::{Args, Texts};

/// The Games screen's tab shown: the player's own games (where it opens),
/// a folder of record files, the game database.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GamesTab {
    /// Your games.
    #[default]
    Yours,
    /// A folder of record files.
    Folder,
    /// The game database.
    Database,
}

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.init_resource::<FolderPicker>();
    app.init_resource::<GamesTab>();
    app.add_systems(OnEnter(Screen::Games), open_default_folder);
    app.add_systems(
        EguiPrimaryContextPass,
        draw_games_screen.run_if(in_state(Screen::Games)),
    );
}

/// Each column's name (its heading is `library-column-<name>`, its
/// tooltip `library-sort-<name>`), the narrowest it gets, and its share of
/// the room the narrow columns leave (0: as wide as its widest text).
const COLUMNS: [(Column, &str, f32, f32); 7] = [
    (Column::White, "white", 70.0, 1.0),
    (Column::Black, "black", 70.0, 1.0),
    (Column::Date, "date", 0.0, 0.0),
    (Column::GameType, "game", 0.0, 0.0),
    (Column::Result, "result", 0.0, 0.0),
    (Column::Length, "moves", 0.0, 0.0),
    (Column::File, "file", 90.0, 1.4),
];

/// Texts as wide as the widest of a column whose width follows its text.
fn widest_texts(words: &Texts, column: Column) -> Vec<String> {
    match column {
        Column::Date => vec!["0000.00.00".to_string()],
        Column::GameType => vec!["Base+MLP".to_string()],
        Column::Result => {
            let mut texts: Vec<String> = [
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
            ]
            .into_iter()
            .map(|result| result_text(words, result))
            .collect();
            texts.push(words.get("library-unfinished"));
            texts.push(words.get("library-unreadable"));
            texts
        }
        Column::Length => vec!["000".to_string()],
        Column::White | Column::Black | Column::File => Vec::new(),
    }
}

const ROW_HEIGHT: f32 = 22.0;

/// The folder picker, while open (behind a lock: it is not `Sync`), and the
/// row selected.
#[derive(Resource, Default)]
struct FolderPicker {
    picker: Mutex<Option<FileDialog>>,
    selected: Option<std::path::PathBuf>,
}

fn open_default_folder(mut requests: MessageWriter<LibraryRequest>) {
    requests.write(LibraryRequest::OpenDefault);
}

fn draw_games_screen(
    mut contexts: EguiContexts,
    (library, mut picker): (Res<GameLibrary>, ResMut<FolderPicker>),
    (mut requests, mut actions): (MessageWriter<LibraryRequest>, MessageWriter<RecordsAction>),
    (mut next_screen, words): (ResMut<NextState<Screen>>, Res<Words>),
    (mut database, mut tab): (DatabasePart, ResMut<GamesTab>),
    (resumable, mut online): (
        Res<crate::game::online::Resumable>,
        MessageWriter<crate::game::online::OnlineRequest>,
    ),
    mut yours: YourGamesPart,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let mut window = window_ui(ctx, "games_screen");
    let picker = &mut *picker;
    let mut open = None;
    egui::CentralPanel::default().show(&mut window, |ui| {
        ui.horizontal(|ui| {
            if ui
                .button(words.get("library-back"))
                .on_hover_text(words.get("library-back-tip"))
                .clicked()
            {
                next_screen.set(Screen::MainMenu);
            }
            ui.heading(words.get("library-title"));
            ui.separator();
            // The database part asked for elsewhere (a stored game's search).
            let tab = &mut *tab;
            if database.shown() && *tab != GamesTab::Database {
                *tab = GamesTab::Database;
            }
            let mut chosen = *tab;
            ui.selectable_value(&mut chosen, GamesTab::Yours, words.get("your-games-tab"));
            ui.selectable_value(
                &mut chosen,
                GamesTab::Folder,
                words.get("database-tab-library"),
            );
            ui.selectable_value(
                &mut chosen,
                GamesTab::Database,
                words.get("database-tab-database"),
            );
            if chosen != *tab {
                *tab = chosen;
                database.show_on_games_screen(chosen == GamesTab::Database);
            }
            ui.separator();
            if *tab != GamesTab::Folder {
                return;
            }
            if ui
                .button(words.get("library-choose-folder"))
                .on_hover_text(words.get("library-choose-folder-tip"))
                .clicked()
            {
                let mut dialog = FileDialog::new()
                    .id(egui::Id::new("library_folder"))
                    .labels(picker_labels(words))
                    .title(&words.get("library-picker-title"))
                    .default_size([640.0, 420.0]);
                if let Some(folder) = library.folder() {
                    dialog = dialog.initial_directory(folder.to_path_buf());
                }
                dialog.pick_directory();
                *picker
                    .picker
                    .get_mut()
                    .unwrap_or_else(PoisonError::into_inner) = Some(dialog);
            }
            if ui
                .button(words.get("library-read-again"))
                .on_hover_text(words.get("library-read-again-tip"))
                .clicked()
                && let Some(folder) = library.folder()
            {
                requests.write(LibraryRequest::Open(folder.to_path_buf()));
            }
            // Last, in the room left: a long path ends in "…", whole on
            // hover.
            let folder = library.folder().map_or_else(
                || words.get("library-no-folder"),
                |f| f.display().to_string(),
            );
            ui.add(egui::Label::new(egui::RichText::new(folder).monospace()).truncate());
        });
        if *tab == GamesTab::Yours {
            your_games_screen::show(ui, words, &mut yours);
            return;
        }
        if database.shown() {
            database.show(ui, words);
            return;
        }
        ui.horizontal(|ui| {
            ui.label(words.get("library-player"));
            let mut filter = library.filter().to_string();
            ui.add(
                egui::TextEdit::singleline(&mut filter)
                    .hint_text(words.get("library-player-hint"))
                    .desired_width(180.0),
            )
            .on_hover_text(words.get("library-player-tip"));
            if filter != library.filter() {
                requests.write(LibraryRequest::Filter(filter));
            }
            ui.separator();
            status_line(ui, words, &library);
            if let Some(friend) = resumable.friend() {
                ui.separator();
                crate::game::online::screen::resume_button(ui, words, friend, &mut online);
            }
        });
        if let Some(error) = library.error() {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        ui.horizontal(|ui| {
            let selected = picker.selected.clone();
            let chosen = selected.filter(|path| {
                library
                    .entries()
                    .iter()
                    .any(|entry| &entry.path == path && entry.summary.is_ok())
            });
            if ui
                .add_enabled(
                    chosen.is_some(),
                    egui::Button::new(words.get("library-open")),
                )
                .on_hover_text(words.get("library-open-tip"))
                .clicked()
            {
                open = chosen.clone().map(RecordsAction::Load);
            }
            if ui
                .add_enabled(
                    chosen.is_some(),
                    egui::Button::new(words.get("library-review")),
                )
                .on_hover_text(words.get("library-review-tip"))
                .clicked()
            {
                open = chosen.map(RecordsAction::LoadAndReview);
            }
        });
        ui.separator();
        if let Some(action) = table(ui, words, (&library, &mut requests), &mut picker.selected) {
            open = Some(action);
        }
    });
    database.update_picker(ctx);
    your_games_screen::dialogs(ctx, words, &mut yours);
    let mut guard = picker.picker.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(dialog) = guard.as_mut() {
        dialog.update(ctx);
        match dialog.state() {
            DialogState::Picked(folder) => {
                requests.write(LibraryRequest::Open(folder.clone()));
                *guard = None;
            }
            DialogState::Open => {}
            _ => *guard = None,
        }
    }
    if let Some(action) = open {
        actions.write(action);
    }
    Ok(())
}

/// "1234 games", or the progress of the reading.
fn status_line(ui: &mut egui::Ui, words: &Texts, library: &GameLibrary) {
    let shown = library.rows().len();
    let all = library.entries().len();
    let unreadable = library
        .entries()
        .iter()
        .filter(|entry| entry.summary.is_err())
        .count();
    let count = if shown == all {
        words.format("library-games", &Args::new().with("count", all))
    } else {
        words.format(
            "library-games-shown",
            &Args::new().with("shown", shown).with("count", all),
        )
    };
    let count = if unreadable > 0 {
        words.format(
            "library-games-unreadable",
            &Args::new().with("games", count).with("count", unreadable),
        )
    } else {
        count
    };
    match library.progress() {
        Some((read, Some(total))) => {
            ui.add(
                egui::ProgressBar::new(read as f32 / total.max(1) as f32)
                    .desired_width(160.0)
                    .text(words.format(
                        "library-reading",
                        &Args::new().with("read", read).with("total", total),
                    )),
            );
            ui.label(count);
        }
        Some((_, None)) => {
            ui.spinner();
            ui.label(words.get("library-listing"));
        }
        None => {
            ui.label(count);
        }
    }
}

/// The table: a heading row of sort buttons, then the rows shown (only
/// those on screen are laid out). Returns a game to open (double click).
fn table(
    ui: &mut egui::Ui,
    words: &Texts,
    (library, requests): (&GameLibrary, &mut MessageWriter<LibraryRequest>),
    selected: &mut Option<std::path::PathBuf>,
) -> Option<RecordsAction> {
    let sort = library.sort();
    let mut sort_by = None;
    let widths = Widths::new(ui, words);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(widths.row(), ROW_HEIGHT), egui::Sense::hover());
    for ((column, name, ..), cell) in COLUMNS.into_iter().zip(widths.cells(rect)) {
        let heading = words.get(&format!("library-column-{name}"));
        let arrow = match sort {
            Some((c, true)) if c == column => " ⏶",
            Some((c, false)) if c == column => " ⏷",
            _ => "",
        };
        let button = egui::Button::new(egui::RichText::new(format!("{heading}{arrow}")).strong())
            .frame(false);
        let clicked = in_cell(ui, cell, |ui| ui.add(button))
            .on_hover_text(words.get(&format!("library-sort-{name}")))
            .clicked();
        if clicked {
            sort_by = Some(column);
        }
    }
    if let Some(column) = sort_by {
        requests.write(LibraryRequest::SortBy(column));
    }
    let rows = library.rows().to_vec();
    let entries = library.entries();
    let mut open = None;
    // Above the rows: the list takes all the room below.
    if rows.is_empty() && library.progress().is_none() && library.error().is_none() {
        ui.label(egui::RichText::new(words.get("library-empty")).weak());
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, ROW_HEIGHT, rows.len(), |ui, range| {
            for &index in &rows[range] {
                let Some(entry) = entries.get(index) else {
                    continue;
                };
                let chosen = selected.as_ref() == Some(&entry.path);
                let response = row(ui, words, &widths, entry, chosen);
                if response.clicked() {
                    *selected = Some(entry.path.clone());
                }
                if response.double_clicked() && entry.summary.is_ok() {
                    open = Some(RecordsAction::Load(entry.path.clone()));
                }
            }
        });
    open
}

/// One record's row; its response covers the whole row.
fn row(
    ui: &mut egui::Ui,
    words: &Texts,
    widths: &Widths,
    entry: &LibraryEntry,
    chosen: bool,
) -> egui::Response {
    let file = entry
        .path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let cells_text: [String; 7] = match &entry.summary {
        Ok(summary) => [
            player(words, summary, Color::White),
            player(words, summary, Color::Black),
            summary.date.clone().unwrap_or_default(),
            summary.game_type.to_string(),
            summary.result.map_or_else(
                || words.get("library-unfinished"),
                |result| result_text(words, result),
            ),
            summary.length.to_string(),
            file,
        ],
        Err(_) => [
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            words.get("library-unreadable"),
            String::new(),
            file,
        ],
    };
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(widths.row(), ROW_HEIGHT), egui::Sense::click());
    if chosen || response.hovered() {
        let fill = if chosen {
            ui.visuals().selection.bg_fill.gamma_multiply(0.6)
        } else {
            ui.visuals().widgets.hovered.bg_fill.gamma_multiply(0.5)
        };
        ui.painter().rect_filled(rect, 2.0, fill);
    }
    for (text, cell) in cells_text.into_iter().zip(widths.cells(rect)) {
        let mut text = egui::RichText::new(text);
        if entry.summary.is_err() {
            text = text.color(ui.visuals().error_fg_color);
        }
        in_cell(ui, cell, |ui| {
            ui.add(egui::Label::new(text).truncate().selectable(false))
        });
    }
    match &entry.summary {
        Err(err) => response.on_hover_text(crate::game::core::record_error(words, err)),
        Ok(summary) => match &summary.event {
            Some(event) if !event.is_empty() => response.on_hover_text(event),
            _ => response,
        },
    }
}

/// Space between two columns.
const GAP: f32 = 8.0;

/// The room left for the list's scroll bar.
const SCROLL_BAR: f32 = 12.0;

/// Who played one side: the record's name, or for this program's own games
/// (which name nobody) the seat: "You", "AI (Medium)", "A person".
fn player(words: &Texts, summary: &RecordSummary, side: Color) -> String {
    let name = match side {
        Color::White => &summary.white,
        Color::Black => &summary.black,
    };
    if let Some(name) = name.as_ref().filter(|name| !name.is_empty()) {
        return name.clone();
    }
    let ai = |difficulty| {
        words.format(
            "library-player-ai",
            &Args::new().with("difficulty", difficulty_name(words, difficulty)),
        )
    };
    match summary.seats {
        Some(Seats::Ai {
            side: ai_side,
            difficulty,
        }) if ai_side == side => ai(difficulty),
        Some(Seats::Ai { .. }) => words.get("library-player-you"),
        Some(Seats::Exhibition { white, black }) => ai(match side {
            Color::White => white,
            Color::Black => black,
        }),
        Some(Seats::Online { remote }) if remote == side => words.get("library-player-online"),
        Some(Seats::Online { .. }) => words.get("library-player-you"),
        Some(Seats::Human | Seats::Watching) => words.get("library-player-person"),
        None => String::new(),
    }
}

/// The columns' widths in the room the table has: the date, game type,
/// result and length as wide as their widest text (and heading), so they
/// are never cut; the players and the file share the rest (a name or file
/// too long for it ends in "…" and shows whole on hover).
struct Widths([f32; 7]);

impl Widths {
    fn new(ui: &egui::Ui, words: &Texts) -> Widths {
        let text_width = |text: String, strong: bool| {
            let mut text = egui::RichText::new(text);
            if strong {
                text = text.strong();
            }
            egui::WidgetText::from(text)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Body,
                )
                .size()
                .x
        };
        let mut widths = [0.0; 7];
        for (width, (column, name, least, _)) in widths.iter_mut().zip(COLUMNS) {
            // The heading with room for the sort arrow.
            let heading = text_width(words.get(&format!("library-column-{name}")), true)
                + text_width(" ⏶".to_string(), true);
            let widest = widest_texts(words, column)
                .into_iter()
                .map(|text| text_width(text, false))
                .fold(heading, f32::max);
            *width = (widest + 4.0).max(least).ceil();
        }
        let fixed: f32 = widths.iter().sum::<f32>() + GAP * COLUMNS.len() as f32;
        let shares: f32 = COLUMNS.iter().map(|(.., share)| share).sum();
        // Less the room of the list's scroll bar.
        let spare = (ui.available_width() - SCROLL_BAR - fixed).max(0.0);
        for (width, (.., share)) in widths.iter_mut().zip(COLUMNS) {
            *width += (spare * share / shares).floor();
        }
        Widths(widths)
    }

    /// The width of a row: every column and the gaps between.
    fn row(&self) -> f32 {
        self.0.iter().map(|width| width + GAP).sum()
    }

    /// The cell of each column in a row's `rect`.
    fn cells(&self, rect: egui::Rect) -> impl Iterator<Item = egui::Rect> + '_ {
        let mut left = rect.left();
        self.0.iter().map(move |width| {
            let cell = egui::Rect::from_min_size(
                egui::pos2(left, rect.top()),
                egui::vec2(*width, rect.height()),
            );
            left += width + GAP;
            cell
        })
    }
}

/// Lays `add` out in `cell`, from its left edge, centred vertically.
fn in_cell<R>(ui: &mut egui::Ui, cell: egui::Rect, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.scope_builder(
        egui::UiBuilder::new()
            .max_rect(cell)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
        add,
    )
    .inner
}
