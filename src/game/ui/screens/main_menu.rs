//! The title screen and main menu: the game's name over a row of the
//! theme's tiles; on the left what to play (new game, resume, load, import,
//! the other screens), on the right, on one grid whose rows never move (a row that does
//! not apply is greyed, not hidden), how: start a game against another person at the same screen or
//! against the AI (its preset, and which side the human plays), or watch the
//! AI play itself (each side's preset), with a choice of expansions
//! (Mosquito, Ladybug, Pillbug) and of when the AI shows the destinations it
//! considered, how fast pieces move, the language and the sounds; resume the autosaved game, load or
//! import one, set the draw rules; or quit, from the row under the part
//! that scrolls, always in sight.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::menu_new_game::new_game_grid;
use super::menu_records::MenuRecords;
use super::preferences::Languages;
use crate::game::core::EditSettings;
use crate::game::core::NextGameRequest;
use crate::game::core::SetAnalysis;
use crate::game::core::{NewGameSettings, Screen, Settings, Words};
use crate::game::editor::EditorRequest;
use crate::game::theme::{Theme, ThemeChoice, ThemeEntry};
use crate::game::widgets::{
    PieceArt, WaitingAnswer, ask_about_waiting_exhibition, ask_about_waiting_game,
    waiting_to_ask_about,
};
use crate::records::PlayKind;
use crate::rules::{Bug, Color, Piece};
use crate::text::Texts;

const BUTTON_SIZE: egui::Vec2 = egui::vec2(220.0, 34.0);

pub(in crate::game::ui) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_main_menu.run_if(in_state(Screen::MainMenu)),
    );
}

/// The menu's size: fixed, so no control moves when another is switched,
/// unless the window is smaller (then it fills the window and scrolls).
const MENU_SIZE: egui::Vec2 = egui::vec2(820.0, 720.0);

/// Below this height the title is drawn small and without its tiles, so
/// that the menu's rows keep the room (an 800x600 window).
const SHORT: f32 = 700.0;

/// The room of the menu's last row (Quit), under the part that scrolls.
const FOOTER_HEIGHT: f32 = 50.0;

/// The left column's width (the buttons and a margin).
const LEFT_COLUMN: f32 = 240.0;

/// What the menu's buttons ask for besides the records: another screen,
/// the analysis on, the editor, the end.
#[derive(SystemParam)]
struct MenuRequests<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    analysis: MessageWriter<'w, SetAnalysis>,
    editor: MessageWriter<'w, EditorRequest>,
    exit: MessageWriter<'w, AppExit>,
    online: MessageWriter<'w, crate::game::online::screen::OpenOnlineWindow>,
    /// The next game's clock; the analysis board's seats (two hands at
    /// the screen), without changing the opponent chosen for games.
    next_game: MessageWriter<'w, NextGameRequest>,
    /// A rated game opened from the rating's history.
    your_games: MessageWriter<'w, crate::game::your_games::YourGamesRequest>,
}

fn draw_main_menu(
    mut contexts: EguiContexts,
    (next, mut settings): (Res<NewGameSettings>, EditSettings),
    mut requests: MenuRequests,
    mut records: MenuRecords,
    (mut local, theme, words): (Local<MenuState>, Option<Res<Theme>>, Res<Words>),
    choice: Option<Res<ThemeChoice>>,
    rating: Res<crate::game::learn::Rating>,
) -> Result {
    let art = theme.map(|theme| PieceArt::new(&mut contexts, &theme));
    let ctx = contexts.ctx_mut()?;
    let MenuState {
        asking,
        languages,
        themes,
    } = &mut *local;
    let choice = choice.map_or_else(ThemeChoice::default, |choice| choice.clone());
    // Edit copies so the resources only read as changed (and the settings
    // are only saved) when a box is ticked.
    let mut prefs = settings.clone();
    let mut clock = next.clock;
    let mut analysis_board = false;
    answer_about_waiting(ctx, &words, asking, &mut prefs, &mut requests, &mut records);
    // At most the window's size, less a margin; a short window scrolls.
    let room = ctx.content_rect().size() - egui::vec2(16.0, 16.0);
    let size = MENU_SIZE.min(room).max(egui::vec2(300.0, 200.0));
    egui::Window::new("Hive")
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .fixed_size(size)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            // Quit (and the last notice) below the part that scrolls, so
            // it is always in sight.
            let scroll = egui::ScrollArea::vertical().max_height(size.y - FOOTER_HEIGHT);
            scroll.show(ui, |ui| {
                let art = art.as_ref().filter(|_| size.y >= SHORT);
                title(ui, &words, art, size.y < SHORT);
                ui.add_space(10.0);
                ui.horizontal_top(|ui| {
                    let left_size = egui::vec2(LEFT_COLUMN.min(size.x * 0.4), 0.0);
                    let left_layout = egui::Layout::top_down(egui::Align::Center);
                    ui.allocate_ui_with_layout(left_size, left_layout, |ui| {
                        ui.set_width(left_size.x);
                        analysis_board = play_column(
                            ui,
                            &words,
                            &mut prefs,
                            asking,
                            &mut requests,
                            &mut records,
                        );
                    });
                    ui.vertical(|right| {
                        if let Some(when) = new_game_grid(
                            right,
                            &words,
                            (&mut prefs, &rating),
                            &mut clock,
                            (languages, &choice, themes),
                        ) {
                            requests.your_games.write(
                                crate::game::your_games::YourGamesRequest::ReviewRated(when),
                            );
                        }
                    });
                });
            });
            ui.separator();
            quit_row(ui, &words, &mut requests, &records);
        });
    if clock != next.clock {
        requests.next_game.write(NextGameRequest::Clock(clock));
    }
    if analysis_board {
        requests.next_game.write(NextGameRequest::Untimed);
    }
    if prefs.game_type != settings.game_type && next.opening.is_some() {
        // A position given at launch only applies to its own game type.
        requests.next_game.write(NextGameRequest::EmptyTable);
    }
    settings.set(prefs);
    Ok(())
}

/// The question about the game waiting, while "New game" waits for its
/// answer (`asking`); "Don't ask again" is the settings'.
fn answer_about_waiting(
    ctx: &egui::Context,
    words: &Texts,
    asking: &mut Option<PlayKind>,
    prefs: &mut Settings,
    requests: &mut MenuRequests,
    records: &mut MenuRecords,
) {
    let Some(kind) = *asking else {
        return;
    };
    let answer = match kind {
        PlayKind::Exhibition => ask_about_waiting_exhibition(ctx, words),
        _ => ask_about_waiting_game(ctx, words, &mut prefs.ask_before_leaving),
    };
    match answer {
        Some(WaitingAnswer::NewGame) => {
            *asking = None;
            requests.screen.set(Screen::Playing);
        }
        Some(WaitingAnswer::Resume) => {
            *asking = None;
            records.resume_kind(kind);
        }
        Some(WaitingAnswer::Cancel) => *asking = None,
        None => {}
    }
}

/// The left column, what to play: a new game (asking first about a game
/// waiting, `asking`), resume, load, import, the other screens, the
/// analysis board and the position editor. Whether the analysis board was
/// opened (it is played against nobody: `prefs`' opponent becomes a person).
fn play_column(
    ui: &mut egui::Ui,
    words: &Texts,
    prefs: &mut Settings,
    asking: &mut Option<PlayKind>,
    requests: &mut MenuRequests,
    records: &mut MenuRecords,
) -> bool {
    let mut analysis_board = false;
    ui.label(egui::RichText::new(words.get("menu-play")).strong());
    ui.add_space(4.0);
    if menu_button(ui, words, "menu-new-game", "menu-new-game-tip") {
        *asking = waiting_to_ask_about(
            |k| records.waiting(k),
            prefs.opponent,
            prefs.ask_before_leaving,
        );
        if asking.is_none() {
            requests.screen.set(Screen::Playing);
        }
    }
    records.game_buttons(ui, BUTTON_SIZE);
    if menu_button(ui, words, "menu-online", "menu-online-tip") {
        requests
            .online
            .write(crate::game::online::screen::OpenOnlineWindow);
    }
    for (key, screen) in [
        ("menu-games", Screen::Games),
        ("menu-learn", Screen::Lessons),
        ("menu-puzzles", Screen::Puzzles),
    ] {
        if menu_button(ui, words, key, &format!("{key}-tip")) {
            requests.screen.set(screen);
        }
    }
    let analysis_waiting = records.waiting(PlayKind::Analysis);
    let analysis_tip = if analysis_waiting {
        "menu-analysis-board-resume-tip"
    } else {
        "menu-analysis-board-tip"
    };
    if menu_button(ui, words, "menu-analysis-board", analysis_tip) {
        // The position left there, if any; else an empty board. Either
        // way the opponent chosen for the next game stays as it is.
        analysis_board = true;
        if analysis_waiting {
            // A resumed board turns the analysis on as it opens.
            records.resume_kind(PlayKind::Analysis);
        } else {
            requests
                .next_game
                .write(NextGameRequest::SeatOnce(crate::records::Seats::Human));
            requests.screen.set(Screen::Playing);
            requests.analysis.write(SetAnalysis(true));
        }
    }
    if menu_button(ui, words, "editor-menu-button", "editor-menu-tip") {
        requests
            .editor
            .write(EditorRequest::OpenEmpty(prefs.game_type));
    }
    analysis_board
}

/// One of the left column's buttons, with its tip: whether it was clicked.
fn menu_button(ui: &mut egui::Ui, words: &Texts, key: &str, tip: &str) -> bool {
    ui.add(egui::Button::new(words.get(key)).min_size(BUTTON_SIZE))
        .on_hover_text(words.get(tip))
        .clicked()
}

/// Quit, and the last notice beside it.
fn quit_row(ui: &mut egui::Ui, words: &Texts, requests: &mut MenuRequests, records: &MenuRecords) {
    ui.horizontal(|ui| {
        if menu_button(ui, words, "menu-quit", "menu-quit-tip") {
            requests.exit.write(AppExit::Success);
        }
        records.notice(ui);
    });
}

/// What the menu keeps between frames.
#[derive(Default)]
struct MenuState {
    /// "New game" waits for the answer about the game of this kind waiting
    /// in its autosave.
    asking: Option<PlayKind>,
    /// The languages to choose from (read once).
    languages: Languages,
    /// The themes to choose from (read again when the list opens).
    themes: Vec<ThemeEntry>,
}

/// The game's name over a row of the theme's tiles (White and Black in
/// turn, the five bugs of the base game).
/// `short`: small, for a short window.
fn title(ui: &mut egui::Ui, words: &Texts, art: Option<&PieceArt>, short: bool) {
    let width = ui.max_rect().width();
    let (height, size) = if short { (54.0, 30.0) } else { (78.0, 46.0) };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.text(
        rect.center_top(),
        egui::Align2::CENTER_TOP,
        "HIVE",
        egui::FontId::proportional(size),
        crate::game::widgets::notice_color(ui.ctx()),
    );
    painter.text(
        rect.center_bottom(),
        egui::Align2::CENTER_BOTTOM,
        words.get("menu-subtitle"),
        egui::FontId::proportional(14.0),
        ui.visuals().weak_text_color(),
    );
    let Some(art) = art else {
        return;
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 70.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let bugs = [
        Bug::Queen,
        Bug::Ant,
        Bug::Grasshopper,
        Bug::Spider,
        Bug::Beetle,
    ];
    let step = 62.0;
    let first = rect.center().x - step * (bugs.len() as f32 - 1.0) / 2.0;
    for (k, bug) in bugs.into_iter().enumerate() {
        let side = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(piece) = Piece::new(side, bug, 1) else {
            continue;
        };
        // A honeycomb row: every other tile a little lower.
        let y = rect.center().y + if k % 2 == 0 { -6.0 } else { 6.0 };
        art.paint_piece(&painter, piece, egui::pos2(first + step * k as f32, y));
    }
}
