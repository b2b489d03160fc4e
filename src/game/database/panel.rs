//! The opening explorer beside the board: while it is on (the Game menu,
//! or the X key), a window lists every move played from the position shown
//! in the game database, with how many games, White's wins, the draws and
//! Black's wins in per cent (a bar in the sides' colours), the players'
//! average rating and the last date; a click plays the move (in review:
//! as a variation from the position shown). Below, the filters (game type,
//! dates, player, minimum rating) and the games that reached the position,
//! a click opening one in review at that ply. An empty database says how
//! to fill it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::db::{ExplorerMove, GameSummary};
use crate::game::board::BoardInput;
use crate::game::core::{CurrentGame, CurrentMode, GameSystems, Screen, Words};
use crate::game::database::{
    DatabaseRequest, GameDatabase, PAGE, QueryError, WhyNothing, why_nothing,
};
use crate::text::{Args, Texts};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_explorer_panel.run_if(in_state(Screen::Playing)),
    );
    app.add_systems(
        Update,
        explorer_key
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::Playing)),
    );
}

/// X shows or hides the explorer (when the keys are the board's).
fn explorer_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    input: BoardInput,
    mut db: ResMut<GameDatabase>,
    mode: CurrentMode,
) {
    let Some(keys) = keys else {
        return;
    };
    // A lesson or a puzzle is not explored (the database would give it
    // away).
    if mode.get().practising() {
        return;
    }
    if keys.just_pressed(KeyCode::KeyX) && input.keys() {
        db.explorer.open = !db.explorer.open;
    }
}

/// A share of `games` in per cent.
fn percent(part: u64, games: u64) -> f32 {
    if games == 0 {
        0.0
    } else {
        part as f32 * 100.0 / games as f32
    }
}

fn draw_explorer_panel(
    mut contexts: EguiContexts,
    mut db: ResMut<GameDatabase>,
    current: Res<CurrentGame>,
    mut requests: MessageWriter<DatabaseRequest>,
    words: Res<Words>,
) -> Result {
    if !db.explorer.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let game = current.game();
    let mut open = true;
    let mut form = db.explorer.form.clone();
    let mut new_page = None;
    let mut list_open = None;
    egui::Window::new(words.get("explorer-title"))
        .id(egui::Id::new("explorer_panel"))
        .open(&mut open)
        .collapsible(true)
        .resizable(false)
        .default_width(330.0)
        .default_pos(egui::pos2(220.0, 70.0))
        .show(ctx, |ui| {
            ui.set_width(330.0);
            // Everyone's games (yours beside them), or yours alone.
            ui.horizontal(|ui| {
                let only = &mut db.explorer.only_yours;
                ui.selectable_value(only, false, words.get("explorer-all-games"))
                    .on_hover_text(words.get("explorer-all-games-tip"));
                ui.selectable_value(only, true, words.get("explorer-your-games"))
                    .on_hover_text(words.get("explorer-your-games-tip"));
            });
            if let Some(mv) = your_moves(ui, words, db.explorer.yours_for(game)) {
                requests.write(DatabaseRequest::Play(mv));
            }
            if db.explorer.only_yours {
                return;
            }
            if let Some(error) = db.error() {
                ui.colored_label(ui.visuals().error_fg_color, error);
                return;
            }
            match db.games() {
                None => {
                    ui.label(egui::RichText::new(words.get("explorer-opening")).weak());
                    ui.ctx().request_repaint();
                    return;
                }
                Some(0) => {
                    ui.label(egui::RichText::new(words.get("explorer-empty")).weak());
                    return;
                }
                Some(_) => {}
            }
            let answer = db.explorer.answer_for(game);
            match answer {
                None => {
                    ui.label(egui::RichText::new(words.get("explorer-asking")).weak());
                    // The answer comes from another thread: drawn when it does.
                    ui.ctx().request_repaint();
                }
                Some(answer) => {
                    if let Some(error) = &answer.error {
                        ui.colored_label(ui.visuals().error_fg_color, error_text(words, error));
                    } else if answer.moves.is_empty() {
                        let game_type = game.game_type().to_string();
                        let why = why_nothing(&game_type, db.types(), answer.unfiltered);
                        ui.label(egui::RichText::new(why_in_words(words, &why)).weak());
                    } else if let Some(mv) = moves_table(ui, words, &answer.moves) {
                        requests.write(DatabaseRequest::Play(mv.mv));
                    }
                }
            }
            ui.separator();
            egui::CollapsingHeader::new(words.get("explorer-filters"))
                .id_salt("explorer_filters")
                .show(ui, |ui| filters(ui, words, &mut form));
            if let Some(answer) = answer
                && (!answer.moves.is_empty() || !answer.games.is_empty() || answer.page > 0)
            {
                let list = egui::CollapsingHeader::new(words.get("explorer-games-reaching"))
                    .id_salt("explorer_games")
                    .show(ui, |ui| {
                        if !answer.games_loaded {
                            ui.label(egui::RichText::new(words.get("explorer-asking")).weak());
                            ui.ctx().request_repaint();
                            return;
                        }
                        let table = GamesTable {
                            id: "explorer_games_list",
                            with_type: false,
                            tip: words.get("explorer-open-tip"),
                        };
                        if let Some((id, ply)) = games_table(ui, words, &table, &answer.games) {
                            requests.write(DatabaseRequest::Open { id, ply });
                        }
                        if let Some(page) = pages(ui, words, answer.page, answer.games.len()) {
                            new_page = Some(page);
                        }
                    });
                // Its games are asked only while it is open.
                list_open = Some(list.openness > 0.0);
            }
        });
    db.explorer.open = open;
    if let Some(list_open) = list_open
        && list_open != db.explorer.list_open
    {
        db.explorer.list_open = list_open;
    }
    if let Some(page) = new_page {
        db.explorer.page = page;
    }
    if form != db.explorer.form {
        db.explorer.form = form;
    }
    Ok(())
}

/// The player's own moves from the position (their kept games), with how
/// each went for them, under a header that says how many; returns the move
/// clicked.
fn your_moves(
    ui: &mut egui::Ui,
    words: &Texts,
    answer: Option<&crate::game::database::YourMovesAnswer>,
) -> Option<crate::rules::Move> {
    let moves = match answer.map(|answer| &answer.moves) {
        None => return None,
        Some(Err(error)) => {
            ui.colored_label(ui.visuals().error_fg_color, error_text(words, error));
            return None;
        }
        Some(Ok(moves)) => moves,
    };
    let games: u64 = moves.iter().map(|m| m.games).sum();
    let title = words.format(
        "explorer-yours",
        &crate::text::Args::new().with("count", games),
    );
    let mut clicked = None;
    egui::CollapsingHeader::new(title)
        .id_salt("explorer_yours")
        .default_open(true)
        .show(ui, |ui| {
            if moves.is_empty() {
                ui.label(egui::RichText::new(words.get("explorer-yours-none")).weak());
                return;
            }
            egui::Grid::new("explorer_yours_grid")
                .num_columns(3)
                .striped(true)
                .spacing([8.0, 3.0])
                .show(ui, |ui| {
                    heading(ui, words, "explorer-move", None);
                    heading(ui, words, "explorer-games", None);
                    heading(
                        ui,
                        words,
                        "explorer-yours-score",
                        Some("explorer-yours-score-tip"),
                    );
                    ui.end_row();
                    for mv in moves {
                        if move_button(ui, words, &mv.uhp) {
                            clicked = Some(mv.mv);
                        }
                        ui.label(mv.games.to_string());
                        ui.label(
                            words.format(
                                "explorer-yours-wdl",
                                &crate::text::Args::new()
                                    .with("won", mv.won)
                                    .with("drawn", mv.drawn)
                                    .with("lost", mv.lost),
                            ),
                        );
                        ui.end_row();
                    }
                });
        });
    ui.separator();
    clicked
}

/// The moves with their results; returns the move clicked.
fn moves_table<'a>(
    ui: &mut egui::Ui,
    words: &Texts,
    moves: &'a [ExplorerMove],
) -> Option<&'a ExplorerMove> {
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("explorer_moves")
        .max_height(220.0)
        .show(ui, |ui| {
            egui::Grid::new("explorer_moves_grid")
                .num_columns(5)
                .striped(true)
                .spacing([8.0, 3.0])
                .show(ui, |ui| {
                    heading(ui, words, "explorer-move", None);
                    heading(ui, words, "explorer-games", None);
                    heading(ui, words, "explorer-results", Some("explorer-results-tip"));
                    heading(ui, words, "explorer-rating", Some("explorer-rating-tip"));
                    heading(ui, words, "explorer-last", None);
                    ui.end_row();
                    for mv in moves {
                        if move_button(ui, words, &mv.uhp) {
                            clicked = Some(mv);
                        }
                        ui.label(mv.games.to_string());
                        results_bar(ui, words, mv);
                        ui.label(
                            mv.average_rating
                                .map_or_else(|| "-".to_string(), |r| format!("{r:.0}")),
                        );
                        ui.label(mv.last_date.clone().unwrap_or_else(|| "-".to_string()));
                        ui.end_row();
                    }
                });
        });
    clicked
}

/// A column's heading in a table of moves, with its tooltip if it has one.
fn heading(ui: &mut egui::Ui, words: &Texts, key: &str, tip: Option<&str>) {
    let label = ui.label(egui::RichText::new(words.get(key)).strong());
    if let Some(tip) = tip {
        label.on_hover_text(words.get(tip));
    }
}

/// A move of a table, as a button that plays it; whether it was clicked.
fn move_button(ui: &mut egui::Ui, words: &Texts, uhp: &str) -> bool {
    ui.add(egui::Button::new(egui::RichText::new(uhp).monospace()))
        .on_hover_text(words.get("explorer-play-tip"))
        .clicked()
}

/// White's wins, the draws and Black's wins as a bar in the sides' colours
/// with the per cents on it.
fn results_bar(ui: &mut egui::Ui, words: &Texts, mv: &ExplorerMove) {
    let (white, draws, black) = (
        percent(mv.white_wins, mv.games),
        percent(mv.draws, mv.games),
        percent(mv.black_wins, mv.games),
    );
    let (rect, response) = ui.allocate_exact_size(egui::vec2(120.0, 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let mut x = rect.min.x;
    let parts = [
        (white, egui::Color32::from_gray(235), egui::Color32::BLACK),
        (draws, egui::Color32::from_gray(140), egui::Color32::BLACK),
        (black, egui::Color32::from_gray(25), egui::Color32::WHITE),
    ];
    for (share, fill, ink) in parts {
        let width = rect.width() * share / 100.0;
        let part = egui::Rect::from_min_size(egui::pos2(x, rect.min.y), egui::vec2(width, 16.0));
        painter.rect_filled(part, 0.0, fill);
        if width >= 24.0 {
            painter.text(
                part.center(),
                egui::Align2::CENTER_CENTER,
                format!("{share:.0}"),
                egui::FontId::proportional(10.0),
                ink,
            );
        }
        x += width;
    }
    response.on_hover_text(
        words.format(
            "explorer-results-line",
            &Args::new()
                .with("white", format!("{white:.0}"))
                .with("draws", format!("{draws:.0}"))
                .with("black", format!("{black:.0}"))
                .with("games", mv.games),
        ),
    );
}

/// The explorer's filters.
fn filters(ui: &mut egui::Ui, words: &Texts, form: &mut crate::game::database::FilterForm) {
    egui::Grid::new("explorer_filters_grid")
        .num_columns(2)
        .show(ui, |ui| {
            // An empty field says what it lets through, with an example.
            let fields = [
                ("explorer-filter-type", &mut form.game_type),
                ("explorer-filter-from", &mut form.from),
                ("explorer-filter-to", &mut form.to),
                ("explorer-filter-player", &mut form.player),
                ("explorer-filter-rating", &mut form.min_rating),
            ];
            for (key, text) in fields {
                let hint = words.get(&format!("{key}-hint"));
                ui.label(words.get(key));
                // A fixed id: the field keeps the keyboard while the answer
                // above it changes size (or becomes a message) as one types.
                ui.add(
                    egui::TextEdit::singleline(text)
                        .id_salt(key)
                        .hint_text(hint)
                        .desired_width(200.0),
                );
                ui.end_row();
            }
        });
}

/// Which games of the list these are, and Newer / Older: the page asked
/// for, if one was.
fn pages(ui: &mut egui::Ui, words: &Texts, page: u32, shown: usize) -> Option<u32> {
    let mut asked = None;
    let first = page as usize * PAGE as usize;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(page > 0, egui::Button::new(words.get("explorer-newer")))
            .clicked()
        {
            asked = Some(page - 1);
        }
        ui.label(
            words.format(
                "explorer-games-range",
                &Args::new()
                    .with("from", first + usize::from(shown > 0))
                    .with("to", first + shown),
            ),
        );
        let more = shown == PAGE as usize;
        if ui
            .add_enabled(more, egui::Button::new(words.get("explorer-older")))
            .clicked()
        {
            asked = Some(page + 1);
        }
    });
    asked
}

/// A table of games: what it is called, whether it shows each game's type,
/// and what a row's tooltip says.
pub(super) struct GamesTable {
    /// The table's id (its scroll position is kept).
    pub id: &'static str,
    /// A column for the game type.
    pub with_type: bool,
    /// What clicking a row does.
    pub tip: String,
}

/// Games under column headings (White, Black, the result, the date, the
/// type, the turns), a row a game; returns the game clicked and the ply it
/// reached the position at (when it was found by position).
pub(super) fn games_table(
    ui: &mut egui::Ui,
    words: &Texts,
    table: &GamesTable,
    games: &[GameSummary],
) -> Option<(i64, Option<u32>)> {
    let mut clicked = None;
    // Names are not cut: a table wider than its room scrolls sideways.
    egui::ScrollArea::both()
        .id_salt(table.id)
        .max_height(if table.with_type {
            f32::INFINITY
        } else {
            160.0
        })
        .show(ui, |ui| {
            let columns = if table.with_type { 6 } else { 5 };
            egui::Grid::new((table.id, "grid"))
                .num_columns(columns)
                .striped(true)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    let mut heading = |key: &str| {
                        ui.label(egui::RichText::new(words.get(key)).strong());
                    };
                    heading("database-column-white");
                    heading("database-column-black");
                    heading("database-column-result");
                    heading("database-column-date");
                    if table.with_type {
                        heading("database-column-type");
                    }
                    heading("database-column-turns");
                    ui.end_row();
                    for game in games {
                        let mut cells = vec![
                            player(words, &game.white, game.white_rating),
                            player(words, &game.black, game.black_rating),
                            result_text(game.result).to_string(),
                            game.date.clone().unwrap_or_default(),
                        ];
                        if table.with_type {
                            cells.push(game.game_type.clone());
                        }
                        cells.push(game.plies.div_ceil(2).to_string());
                        // Every cell opens the game: the row is one target.
                        let mut row_clicked = false;
                        for cell in cells {
                            let cell = egui::Button::new(cell).frame(false);
                            row_clicked |= ui.add(cell).on_hover_text(&table.tip).clicked();
                        }
                        if row_clicked {
                            clicked = Some((game.id, game.reached_at));
                        }
                        ui.end_row();
                    }
                });
        });
    clicked
}

/// A player with their rating, or a question mark when the record names
/// nobody.
fn player(words: &Texts, name: &Option<String>, rating: Option<i64>) -> String {
    let name = name
        .clone()
        .unwrap_or_else(|| words.get("database-unknown-player"));
    match rating {
        Some(rating) => format!("{name} ({rating})"),
        None => name,
    }
}

/// A result as players write it.
fn result_text(result: Option<crate::records::GameResult>) -> &'static str {
    match result {
        Some(crate::records::GameResult::WhiteWins) => "1-0",
        Some(crate::records::GameResult::BlackWins) => "0-1",
        Some(crate::records::GameResult::Draw) => "½-½",
        None => "*",
    }
}

/// Why the explorer shows nothing, in the player's words.
fn why_in_words(words: &Texts, why: &WhyNothing) -> String {
    match why {
        WhyNothing::NoGames => words.get("explorer-empty"),
        WhyNothing::OtherTypes { wanted, held } => {
            let held = held
                .iter()
                .map(|(game_type, games)| format!("{games} {game_type}"))
                .collect::<Vec<_>>()
                .join(", ");
            words.format(
                "explorer-why-other-types",
                &Args::new()
                    .with("wanted", wanted.as_str())
                    .with("held", held),
            )
        }
        WhyNothing::Filtered { without } => words.format(
            "explorer-why-filtered",
            &Args::new().with("without", *without),
        ),
        WhyNothing::NotReached { game_type, of_type } => words.format(
            "explorer-why-not-reached",
            &Args::new()
                .with("type", game_type.as_str())
                .with("count", *of_type),
        ),
    }
}

/// Why the explorer or the search could not answer, in the player's words.
pub(super) fn error_text(words: &Texts, error: &QueryError) -> String {
    match error {
        QueryError::BadDate(date) => {
            words.format("explorer-bad-date", &Args::new().with("date", date))
        }
        QueryError::Database(reason) => reason.clone(),
    }
}
