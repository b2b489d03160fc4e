//! The bar along the top of the window during a game (restart, main menu,
//! quit, undo, redo and the Game menu of `records`, which game this is and who is the AI, whose turn, "AI is thinking…"
//! while it searches, and the Pass button when passing is the human's only
//! move), and the message line along the bottom.

use bevy_egui::egui;

use super::style::notice_color;
use super::{HudAction, egui_color};
use crate::game::core::Players;
use crate::game::core::Turn;
use crate::game::play::InputDevice;
use crate::game::theme::side_color;
use crate::rules::{Color, Game, GameStatus};

/// What the top bar shows.
pub(super) struct TopBar<'a> {
    /// The game in play.
    pub game: &'a Game,
    /// Who plays it.
    pub players: &'a Players,
    /// Whether the AI is searching now.
    pub thinking: bool,
    /// Whether to show the Pass button.
    pub offer_pass: bool,
    /// The moves, for Undo, Redo and the Game menu.
    pub history: &'a super::PlayedGame<'a>,
    /// Give the first button (Restart) the keyboard focus now.
    pub focus_first: bool,
}

/// The top bar's contents; returns what was clicked.
pub(super) fn show(ui: &mut egui::Ui, bar: &TopBar) -> Option<HudAction> {
    let game = bar.game;
    let mut action = None;
    ui.horizontal(|ui| {
        // One line, whatever it shows ("AI is thinking…" coming and going
        // must not make the bar taller and shift the board).
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        let restart = ui
            .button("Restart")
            .on_hover_text("Start this game again from the first move (Undo brings it back)");
        if bar.focus_first {
            restart.request_focus();
        }
        if restart.clicked() {
            action = Some(HudAction::Restart);
        }
        if ui
            .button("Main menu")
            .on_hover_text("Back to the menu; an unfinished game waits in \"Resume last game\"")
            .clicked()
        {
            action = Some(HudAction::MainMenu);
        }
        if ui
            .button("Quit")
            .on_hover_text("Close the game; an unfinished game waits in \"Resume last game\"")
            .clicked()
        {
            action = Some(HudAction::Quit);
        }
        ui.separator();
        if let Some(records) = super::game_menu::top_bar_buttons(ui, bar.history) {
            action = Some(records);
        }
        ui.separator();
        match (bar.players.exhibition, bar.players.ai) {
            (Some((white, black)), _) => ui.label(format!(
                "{}: AI vs AI, White {white}, Black {black}",
                game.game_type()
            )),
            (None, Some((ai, difficulty))) => ui.label(format!(
                "{}: you play {} vs AI ({difficulty}) as {ai}",
                game.game_type(),
                ai.opponent()
            )),
            (None, None) => ui.label(local_title(bar.history, &game.game_type().to_string())),
        };
        ui.separator();
        let flagged = bar.history.clock.flagged();
        let side = match game.status() {
            GameStatus::BlackWins => Color::Black,
            GameStatus::WhiteWins => Color::White,
            _ => flagged.map_or(game.to_move(), Color::opponent),
        };
        side_swatch(ui, side);
        let status = match game.status() {
            _ if flagged.is_some() => format!("{side} wins on time"),
            GameStatus::WhiteWins => "White wins".to_string(),
            GameStatus::BlackWins => "Black wins".to_string(),
            GameStatus::Draw => "Draw".to_string(),
            _ if bar.players.ai_preset(side).is_some() => {
                format!("{side} (AI) to move, turn {}", game.turn_number())
            }
            _ if bar.players.ai.is_some() => {
                format!("{side} (you) to move, turn {}", game.turn_number())
            }
            _ => format!("{side} to move, turn {}", game.turn_number()),
        };
        ui.label(egui::RichText::new(status).strong());
        if bar.thinking {
            ui.separator();
            ui.add(egui::Spinner::new());
            ui.label(egui::RichText::new("AI is thinking…").color(ui.visuals().hyperlink_color));
        }
        if bar.offer_pass {
            ui.separator();
            let pass = egui::Button::new(egui::RichText::new("Pass").strong())
                .fill(ui.visuals().selection.bg_fill);
            if ui.add(pass).clicked() {
                action = Some(HudAction::Pass);
            }
        }
    });
    action
}

/// The message line: the current notice, or a hint on what to do, on one
/// line whatever the window's width.
pub(super) fn message_line(
    ui: &mut egui::Ui,
    notice: Option<&str>,
    turn: Turn,
    device: InputDevice,
) {
    let weak = ui.visuals().weak_text_color();
    let (text, color) = match (notice, turn) {
        (Some(text), _) => (text, notice_color(ui.ctx())),
        (None, Turn::GameOver) => ("The game is over.", weak),
        (None, Turn::Review) => (
            "Reviewing: the Left and Right arrow keys (or a gamepad's bumpers) step through the moves; \
             click a move in the list to jump to it.",
            weak,
        ),
        (None, _) => (help_for(device), weak),
    };
    // The line wraps in a narrow window. It is always as tall as the help
    // text for this device needs at this width, so that a message coming
    // or going does not make it taller and shift the board.
    let help_height = ui
        .painter()
        .layout(
            help_for(device).to_string(),
            egui::TextStyle::Body.resolve(ui.style()),
            color,
            ui.available_width(),
        )
        .size()
        .y;
    ui.set_min_height(help_height);
    ui.add(egui::Label::new(egui::RichText::new(text).color(color)).wrap());
}

/// A round swatch in the side's tile colour (the default fonts have no hexagon glyph).
fn side_swatch(ui: &mut egui::Ui, side: Color) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), 6.5, egui_color(side_color(side)));
    painter.circle_stroke(
        rect.center(),
        6.5,
        egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
    );
}

/// What a game without an AI is: a record opened from a file (its
/// players), the analysis board, or two people at the screen.
fn local_title(history: &super::PlayedGame, game_type: &str) -> String {
    let named = |name: &Option<String>| name.clone().filter(|n| !n.is_empty());
    if let Some(headers) = history.headers()
        && let (Some(white), Some(black)) = (named(&headers.white), named(&headers.black))
    {
        return format!("{white} vs {black}: {game_type}");
    }
    if history.analysing() {
        return format!("Analysis board: {game_type}");
    }
    if history.practising() {
        return format!("Practice: {game_type}");
    }
    format!("Local game: {game_type}")
}

/// The help line for the device in use: its own keys or buttons.
fn help_for(device: InputDevice) -> &'static str {
    match device {
        InputDevice::Mouse => {
            "Click a piece on the board or a bug in hand to see where it can go, then a \
             green cell (or drag it there). Right-drag: pan. Wheel: zoom. F: fit."
        }
        InputDevice::Keyboard => {
            "Tab: a bug in hand. Arrows: a piece or one of its green cells (Shift: any \
             of yours). Enter: select or play. Esc: cancel. Space: skip the animation. \
             WASD: pan. +/-: zoom. F: fit. F10: menu."
        }
        InputDevice::Gamepad => {
            "Bumpers: a bug in hand. D-pad or stick: a piece or one of its green cells. \
             A: select or play. B: cancel. Start: menu."
        }
    }
}
