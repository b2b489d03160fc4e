//! The moves of the game, in standard (UHP) notation, with its variations.
//!
//! The main line reads one turn per row; a move that was answered
//! differently on another try is followed by the other tries, indented, one
//! block per variation (and a variation's own variations indented further).
//! A click on any move shows the position after it, its line becoming the
//! current one; a right click offers to make its line the main line or to
//! delete it and the moves after it. The move shown is highlighted; the
//! current line's moves after it are dimmed, and the moves of other lines
//! are in italics. After the engine's review, the moves it found wanting
//! carry their class's symbol (`?!`, `?`, `??`) in its colour.

use bevy_egui::egui;

use super::clicks::Clicks;
use super::review_panel::class_color;
use crate::ai::MoveClass;
use crate::game::saves::ReviewedLine;
use crate::game::saves::{RecordsAction, ReviewAction};
use crate::game::widgets::result_text;
use crate::records::{Headers, NodeId, Variations};
use crate::rules::{Game, GameStatus};
use crate::text::{Args, Texts};

/// How far each level of variation is indented.
const INDENT: f32 = 14.0;

/// Where the game stands, in words: "Turn 2, White to move", or how it
/// ended ("White wins", "A draw").
pub(super) fn turn_header(words: &Texts, game: &Game) -> String {
    match game.status() {
        GameStatus::WhiteWins => words.get("moves-white-wins"),
        GameStatus::BlackWins => words.get("moves-black-wins"),
        GameStatus::Draw => words.get("moves-draw"),
        GameStatus::NotStarted | GameStatus::InProgress => words.format(
            "moves-turn",
            &Args::new()
                .with("turn", game.turn_number())
                .with("color", words.color(game.to_move())),
        ),
    }
}

/// The move list section of the side panel; a move clicked acts through
/// `clicks`.
pub(super) fn moves_panel(
    ui: &mut egui::Ui,
    words: &Texts,
    game: &Game,
    history: &crate::game::ui::PlayedGame,
    clicks: &mut Clicks,
) {
    if let Some(headers) = history.headers() {
        record_headers(ui, words, headers);
    }
    ui.label(egui::RichText::new(words.get("moves-title")).strong());
    ui.label(egui::RichText::new(turn_header(words, game)).weak())
        .on_hover_text(words.format(
            "moves-uhp-tip",
            &Args::new().with("turn", game.turn_string()),
        ));
    let tree = history.variations();
    let view = View {
        words,
        review: history.engine_review(),
        tree,
        cursor: history.node(),
        line: history.line_nodes(),
        played: history.ply(),
        follow: cursor_moved(ui, history.node()),
    };
    egui::ScrollArea::vertical()
        .stick_to_bottom(!history.reviewing())
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(&first) = tree.children(NodeId::ROOT).first() {
                view.line(ui, first, 0, clicks);
            }
        });
}

/// The record's players, event, date and result, above its moves.
fn record_headers(ui: &mut egui::Ui, words: &Texts, headers: &Headers) {
    let name = |player: &Option<String>, key: &str| {
        let name = match player {
            Some(name) if !name.is_empty() => name.as_str(),
            _ => "?",
        };
        words.format(key, &Args::new().with("name", name))
    };
    ui.label(egui::RichText::new(name(&headers.white, "moves-white-player")).strong());
    ui.label(egui::RichText::new(name(&headers.black, "moves-black-player")).strong());
    let details: Vec<&str> = [&headers.event, &headers.site, &headers.date]
        .into_iter()
        .filter_map(|field| field.as_deref())
        .filter(|text| !text.is_empty())
        .collect();
    if !details.is_empty() {
        ui.label(egui::RichText::new(details.join(", ")).weak());
    }
    if let Some(result) = headers.result {
        ui.label(result_text(words, result));
    }
    ui.separator();
}

/// Whether the move shown has changed since the last frame (a click on the
/// review's graph, the arrows stepping), or the list's width: the list then
/// scrolls to it if it is out of sight (a move already in sight stays where
/// it is).
fn cursor_moved(ui: &egui::Ui, cursor: NodeId) -> bool {
    let id = egui::Id::new("move_list_cursor");
    // A new width (the window resized) wraps the rows anew: the move shown
    // may have left the sight too.
    let now = (cursor, ui.available_width().round() as i32);
    ui.ctx().data_mut(|data| {
        let last = data.get_temp::<(NodeId, i32)>(id);
        data.insert_temp(id, now);
        last != Some(now)
    })
}

/// What the list shows, and where the player is in it.
struct View<'a> {
    words: &'a Texts,
    /// The engine's review, whose classes mark the moves.
    review: Option<&'a ReviewedLine>,
    tree: &'a Variations,
    /// The position shown.
    cursor: NodeId,
    /// The current line's moves.
    line: &'a [NodeId],
    /// How many moves of the current line are played.
    played: usize,
    /// Scroll to the move shown (it has just changed).
    follow: bool,
}

impl View<'_> {
    /// The line from `first` on (its main continuation), `level` deep in
    /// variations: the main line one turn per row, a variation as wrapped
    /// text; after each move, the other moves tried in its place.
    fn line(&self, ui: &mut egui::Ui, first: NodeId, level: usize, clicks: &mut Clicks) {
        let mut node = Some(first);
        while let Some(start) = node {
            // One row: moves up to the end of a turn (main line) or up to a
            // move with alternatives.
            let mut row_end = start;
            let row_width = ui.available_width();
            ui.horizontal_wrapped(|ui| {
                ui.add_space(INDENT * level as f32);
                let mut at = start;
                let mut first_of_row = true;
                loop {
                    let ply = self.tree.depth(at);
                    let white = ply % 2 == 1;
                    if white {
                        ui.label(egui::RichText::new(format!("{}.", ply.div_ceil(2))).weak());
                    } else if first_of_row {
                        ui.label(egui::RichText::new(format!("{}...", ply / 2)).weak());
                    } else if !self.fits(ui, at, row_width) {
                        // Black's move would wrap alone onto the next line:
                        // it goes there with its number, as a turn begun.
                        ui.end_row();
                        ui.add_space(INDENT * level as f32);
                        ui.label(egui::RichText::new(format!("{}...", ply / 2)).weak());
                    }
                    first_of_row = false;
                    self.move_button(ui, at, clicks);
                    row_end = at;
                    let branches = self.tree.children(self.tree.parent(at)).len() > 1
                        && self.tree.is_main_child(at);
                    let Some(&next) = self.tree.children(at).first() else {
                        break;
                    };
                    let turn_done = level == 0 && !white;
                    if branches || turn_done {
                        break;
                    }
                    at = next;
                }
            });
            // The other moves tried in place of the row's last move.
            let parent = self.tree.parent(row_end);
            if self.tree.is_main_child(row_end) {
                for &other in self.tree.children(parent).iter().skip(1) {
                    self.line(ui, other, level + 1, clicks);
                }
            }
            node = self.tree.children(row_end).first().copied();
        }
    }

    /// Whether the move at `node` fits in what is left of a row
    /// `row_width` wide (the row so far is `ui`'s).
    fn fits(&self, ui: &egui::Ui, node: NodeId, row_width: f32) -> bool {
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let text = format!("{}  ", self.tree.text(node));
        let width = ui
            .painter()
            .layout_no_wrap(text, font, egui::Color32::WHITE)
            .size()
            .x;
        let used = ui.min_rect().width() + ui.spacing().item_spacing.x;
        used + width + 2.0 * ui.spacing().button_padding.x <= row_width
    }

    /// One move: a button showing its position, with a menu on a right
    /// click.
    fn move_button(&self, ui: &mut egui::Ui, node: NodeId, clicks: &mut Clicks) {
        let verdict = self.review.and_then(|review| review.verdict(node));
        let symbol = verdict.map_or("", |verdict| verdict.class.symbol());
        let mut text = egui::RichText::new(format!("{}{symbol}", self.tree.text(node))).monospace();
        if let Some(color) = verdict.and_then(|verdict| class_color(ui, verdict.class)) {
            text = text.color(color);
        }
        match self.line.iter().position(|&n| n == node) {
            Some(index) if index >= self.played => text = text.weak(),
            Some(_) => {}
            None => text = text.italics().weak(),
        }
        let words = self.words;
        let hover = match verdict {
            Some(verdict) => {
                let class = super::review_panel::class_name(words, verdict.class);
                match verdict
                    .best
                    .as_ref()
                    .filter(|_| verdict.class != MoveClass::Best)
                {
                    Some(best) => words.format(
                        "moves-verdict-best-tip",
                        &Args::new().with("class", class).with("best", best),
                    ),
                    None => words.format("moves-verdict-tip", &Args::new().with("class", class)),
                }
            }
            None => words.get("moves-tip"),
        };
        // What its mark means, for a move that carries one.
        let hover = match verdict.filter(|verdict| !verdict.class.symbol().is_empty()) {
            Some(verdict) => format!("{}\n{hover}", super::marks::class_tip(words, verdict.class)),
            None => hover,
        };
        let response = ui.selectable_label(node == self.cursor, text);
        if node == self.cursor && self.follow && !ui.clip_rect().contains_rect(response.rect) {
            response.scroll_to_me(Some(egui::Align::Center));
        }
        let response = response.on_hover_text(hover);
        if response.clicked() {
            clicks.review.write(ReviewAction::GotoNode(node));
        }
        response.context_menu(|ui| {
            let main = self.tree.continuation(NodeId::ROOT).contains(&node);
            if ui
                .add_enabled(!main, egui::Button::new(words.get("moves-promote")))
                .clicked()
            {
                clicks.records.write(RecordsAction::PromoteVariation(node));
                ui.close();
            }
            if ui.button(words.get("moves-delete")).clicked() {
                clicks.records.write(RecordsAction::DeleteVariation(node));
                ui.close();
            }
        });
    }
}
