//! The Games screen's database part, which the frame's Games screen (in
//! `ui`) shows in its panel through [`DatabasePart`]: Import files, folders and zip
//! archives (the file picker, several at once) with a progress bar, the
//! count, games a second and Cancel, then the report (games added, those
//! already there, the unreadable ones with their reasons); the number of
//! games; a search by player, opponent, dates, result, game type, length
//! and "reached the position last on the board", sorted and paged, a row
//! opening the game in review.

use std::sync::{Mutex, PoisonError};

use bevy::prelude::{MessageWriter, Res, ResMut};
use bevy_egui::egui;
use egui_file_dialog::{DialogState, FileDialog};

use super::panel::{GamesTable, error_text, games_table};
use crate::db::{PositionKey, SearchQuery, SortBy};
use crate::game::core::CurrentGame;
use crate::game::database::{DatabaseRequest, GameDatabase, PAGE};
use crate::records::GameResult;
use crate::text::{Args, Texts};

/// The search as typed.
#[derive(Debug, Clone, Default)]
pub(super) struct SearchForm {
    player: String,
    opponent: String,
    from: String,
    to: String,
    result: Option<GameResult>,
    game_type: String,
    /// The length in turns, as the move list counts them.
    min_turns: String,
    max_turns: String,
    position: bool,
    sort: SortBy,
}

/// The database part's own state: its file picker (behind a
/// lock: it is not `Sync`), the search form and its page.
#[derive(bevy::prelude::Resource, Default)]
pub(super) struct DatabaseScreen {
    picker: Mutex<Option<FileDialog>>,
    form: SearchForm,
    page: u32,
}

/// What the Games screen needs of the database part. Its fields are this
/// module's: the part's state is written here alone, the screen hosting it
/// asks through the methods.
#[derive(bevy::ecs::system::SystemParam)]
pub(in crate::game) struct DatabasePart<'w> {
    screen: ResMut<'w, DatabaseScreen>,
    db: Res<'w, GameDatabase>,
    current: Res<'w, CurrentGame>,
    requests: MessageWriter<'w, DatabaseRequest>,
}

impl DatabasePart<'_> {
    /// Whether the Games screen shows the database part (asked for
    /// elsewhere too: a stored game's search).
    pub(in crate::game) fn shown(&self) -> bool {
        self.db.on_games_screen
    }

    /// Asks for the part shown or hidden (the player chose a tab).
    pub(in crate::game) fn show_on_games_screen(&mut self, shown: bool) {
        self.requests.write(DatabaseRequest::OnGamesScreen(shown));
    }

    /// The part, in the Games screen's panel.
    pub(in crate::game) fn show(&mut self, ui: &mut egui::Ui, words: &Texts) {
        show(
            ui,
            words,
            &mut self.screen,
            &self.db,
            &self.current,
            &mut self.requests,
        );
    }

    /// Runs the import's file picker when open.
    pub(in crate::game) fn update_picker(&mut self, ctx: &egui::Context) {
        self.screen.update_picker(ctx, &mut self.requests);
    }
}

impl DatabaseScreen {
    /// Runs the file picker when open; what it picked is imported.
    fn update_picker(
        &mut self,
        ctx: &egui::Context,
        requests: &mut MessageWriter<DatabaseRequest>,
    ) {
        let mut guard = self.picker.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(dialog) = guard.as_mut() {
            dialog.update(ctx);
            match dialog.state() {
                DialogState::PickedMultiple(paths) => {
                    requests.write(DatabaseRequest::Import(paths.clone()));
                    *guard = None;
                }
                DialogState::Picked(path) => {
                    requests.write(DatabaseRequest::Import(vec![path.clone()]));
                    *guard = None;
                }
                DialogState::Open => {}
                _ => *guard = None,
            }
        }
    }

    /// The query the form asks, for this page.
    fn query(&self, current: &CurrentGame) -> SearchQuery {
        let text = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        let form = &self.form;
        SearchQuery {
            player: text(&form.player),
            opponent: text(&form.opponent),
            from: text(&form.from),
            to: text(&form.to),
            result: form.result,
            game_type: form.game_type.trim().parse().ok(),
            // A game of n turns has 2n - 1 or 2n plies.
            min_plies: form
                .min_turns
                .trim()
                .parse::<u32>()
                .ok()
                .map(|turns| (2 * turns).saturating_sub(1)),
            max_plies: form
                .max_turns
                .trim()
                .parse::<u32>()
                .ok()
                .map(|turns| turns.saturating_mul(2)),
            position: form.position.then(|| PositionKey::of(current.game())),
            sort: form.sort,
            limit: PAGE,
            offset: self.page * PAGE,
        }
    }
}

/// The database part, in the Games screen's panel.
fn show(
    ui: &mut egui::Ui,
    words: &Texts,
    screen: &mut DatabaseScreen,
    db: &GameDatabase,
    current: &CurrentGame,
    requests: &mut MessageWriter<DatabaseRequest>,
) {
    if let Some(error) = db.error() {
        ui.colored_label(ui.visuals().error_fg_color, error);
        return;
    }
    ui.horizontal(|ui| {
        let idle = db.ready() && db.import().is_none();
        if ui
            .add_enabled(idle, egui::Button::new(words.get("database-import")))
            .on_hover_text(words.get("database-import-tip"))
            .clicked()
        {
            // Opened where the player last was; its side bar has Downloads.
            let mut dialog = FileDialog::new()
                .id(egui::Id::new("database_import"))
                .labels(crate::game::widgets::picker_labels(words))
                .title(&words.get("database-picker-title"))
                .default_size([640.0, 420.0]);
            dialog.pick_multiple();
            *screen
                .picker
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Some(dialog);
        }
        ui.separator();
        let count = match db.games() {
            Some(games) => words.format("database-count", &Args::new().with("games", games)),
            None => words.get("explorer-opening"),
        };
        ui.label(count);
        if let Some(path) = db.path() {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(words.format(
                        "database-file",
                        &Args::new().with("file", path.display().to_string()),
                    ))
                    .weak(),
                )
                .truncate(),
            );
        }
    });
    import_progress(ui, words, db, requests);
    // An empty database says what it is for and how to fill it, and where
    // the player's own games are.
    if db.games() == Some(0) && db.import().is_none() {
        ui.label(egui::RichText::new(words.get("database-empty")).weak());
    }
    ui.separator();
    let mut part = SearchPart {
        words,
        screen,
        db,
        current,
        requests,
    };
    search_form(ui, &mut part);
    ui.separator();
    results(ui, &mut part);
}

/// What the search form and its results are drawn with.
struct SearchPart<'a, 'w> {
    words: &'a Texts,
    screen: &'a mut DatabaseScreen,
    db: &'a GameDatabase,
    current: &'a CurrentGame,
    requests: &'a mut MessageWriter<'w, DatabaseRequest>,
}

/// The import under way (a bar, the counts, Cancel) or the last report.
fn import_progress(
    ui: &mut egui::Ui,
    words: &Texts,
    db: &GameDatabase,
    requests: &mut MessageWriter<DatabaseRequest>,
) {
    if let Some(job) = db.import() {
        let progress = job.progress();
        let line = words.format(
            "database-importing",
            &Args::new()
                .with("games", progress.added)
                .with("duplicates", progress.duplicates)
                .with("failed", progress.failed)
                .with("rate", format!("{:.0}", progress.games_per_second())),
        );
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(0.0)
                    .animate(true)
                    .desired_width(160.0)
                    .text(progress.sources_done.to_string()),
            );
            if job.cancelling() {
                ui.label(words.get("database-cancelling"));
            } else if ui
                .button(words.get("database-cancel"))
                .on_hover_text(words.get("database-cancel-tip"))
                .clicked()
            {
                requests.write(DatabaseRequest::CancelImport);
            }
        });
        ui.label(line);
        ui.ctx().request_repaint();
        return;
    }
    let mut dismiss = false;
    match db.report() {
        Some(Ok(report)) => {
            let p = &report.progress;
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    words.format(
                        "database-report",
                        &Args::new()
                            .with("cancelled", if report.cancelled { "yes" } else { "no" })
                            .with("added", p.added)
                            .with("duplicates", p.duplicates)
                            .with("failed", p.failed)
                            .with("seconds", format!("{:.1}", p.elapsed.as_secs_f64())),
                    ),
                );
                dismiss = ui.button(words.get("database-dismiss")).clicked();
            });
            if !report.failures.is_empty() {
                egui::CollapsingHeader::new(words.get("database-failures"))
                    .id_salt("database_failures")
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("database_failures_list")
                            .max_height(120.0)
                            .show(ui, |ui| {
                                for failure in &report.failures {
                                    ui.label(format!("{}: {}", failure.source, failure.reason));
                                }
                            });
                    });
            }
        }
        Some(Err(error)) => {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    words.format(
                        "database-import-failed",
                        &Args::new().with("reason", error.to_string()),
                    ),
                );
                dismiss = ui.button(words.get("database-dismiss")).clicked();
            });
        }
        None => {}
    }
    if dismiss {
        requests.write(DatabaseRequest::DismissReport);
    }
}

/// The search's fields and its button.
fn search_form(ui: &mut egui::Ui, part: &mut SearchPart) {
    let (words, db, current) = (part.words, part.db, part.current);
    let (screen, requests) = (&mut *part.screen, &mut *part.requests);
    let mut search = false;
    let form = &mut screen.form;
    let field = |ui: &mut egui::Ui, label: String, text: &mut String, hint: &str, width: f32| {
        ui.label(label);
        let response = ui.add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(width),
        );
        response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
    };
    ui.horizontal_wrapped(|ui| {
        // The dates' fields say how to write one.
        let from_hint = words.get("explorer-filter-from-hint");
        let to_hint = words.get("explorer-filter-to-hint");
        let fields: [(&str, &mut String, &str, f32); 4] = [
            ("database-search-player", &mut form.player, "", 110.0),
            ("database-search-opponent", &mut form.opponent, "", 110.0),
            ("database-search-from", &mut form.from, &from_hint, 150.0),
            ("database-search-to", &mut form.to, &to_hint, 150.0),
        ];
        for (label, text, hint, width) in fields {
            search |= field(ui, words.get(label), text, hint, width);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(words.get("database-search-result"));
        let any = words.get("database-search-any");
        let name = |result: Option<GameResult>| match result {
            None => any.clone(),
            Some(result) => crate::game::widgets::result_text(words, result),
        };
        egui::ComboBox::from_id_salt("database_result")
            .selected_text(name(form.result))
            .show_ui(ui, |ui| {
                for result in [
                    None,
                    Some(GameResult::WhiteWins),
                    Some(GameResult::BlackWins),
                    Some(GameResult::Draw),
                ] {
                    ui.selectable_value(&mut form.result, result, name(result));
                }
            });
        search |= field(
            ui,
            words.get("database-search-type"),
            &mut form.game_type,
            &words.get("explorer-filter-type-hint"),
            170.0,
        );
        ui.label(words.get("database-search-length"));
        ui.add(
            egui::TextEdit::singleline(&mut form.min_turns)
                .hint_text(&any)
                .desired_width(40.0),
        );
        ui.label("–");
        ui.add(
            egui::TextEdit::singleline(&mut form.max_turns)
                .hint_text(&any)
                .desired_width(40.0),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut form.position, words.get("database-search-position"))
            .on_hover_text(words.get("database-search-position-tip"));
        ui.label(words.get("database-sort"));
        let sorts = [
            (SortBy::Newest, "database-sort-newest"),
            (SortBy::Oldest, "database-sort-oldest"),
            (SortBy::Longest, "database-sort-longest"),
            (SortBy::Shortest, "database-sort-shortest"),
        ];
        let shown = sorts
            .iter()
            .find(|(sort, _)| *sort == form.sort)
            .map_or_else(String::new, |(_, key)| words.get(key));
        egui::ComboBox::from_id_salt("database_sort")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (sort, key) in sorts {
                    if ui
                        .selectable_value(&mut form.sort, sort, words.get(key))
                        .clicked()
                    {
                        search = true;
                    }
                }
            });
        search |= ui
            .add_enabled(db.ready(), egui::Button::new(words.get("database-search")))
            .clicked();
    });
    if search && db.ready() {
        screen.page = 0;
        requests.write(DatabaseRequest::Search(screen.query(current)));
    }
}

/// The page of games found, Previous and Next; a row opens its game.
fn results(ui: &mut egui::Ui, part: &mut SearchPart) {
    let (words, db, current) = (part.words, part.db, part.current);
    let (screen, requests) = (&mut *part.screen, &mut *part.requests);
    let searched = &db.searched;
    if searched.query.is_none() {
        return;
    }
    let mut page = None;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                screen.page > 0,
                egui::Button::new(words.get("database-previous")),
            )
            .clicked()
        {
            page = Some(screen.page - 1);
        }
        ui.label(words.format("database-page", &Args::new().with("page", screen.page + 1)));
        if ui
            .add_enabled(
                searched.games.len() as u32 == PAGE,
                egui::Button::new(words.get("database-next")),
            )
            .clicked()
        {
            page = Some(screen.page + 1);
        }
        if db.searching() {
            ui.label(egui::RichText::new(words.get("database-searching")).weak());
            // The answer comes from another thread: drawn when it does.
            ui.ctx().request_repaint();
        }
    });
    if let Some(page) = page {
        screen.page = page;
        requests.write(DatabaseRequest::Search(screen.query(current)));
    }
    if let Some(error) = &searched.error {
        ui.colored_label(ui.visuals().error_fg_color, error_text(words, error));
        return;
    }
    if searched.games.is_empty() {
        ui.label(egui::RichText::new(words.get("database-found-none")).weak());
        return;
    }
    let table = GamesTable {
        id: "database_results",
        with_type: true,
        tip: words.get("database-row-tip"),
    };
    if let Some((id, _)) = games_table(ui, words, &table, &searched.games) {
        requests.write(DatabaseRequest::Open { id, ply: None });
    }
}
