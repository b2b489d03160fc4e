//! The bar along the top of the window during a game (restart, main menu,
//! quit, undo, redo and the Game menu of `records`, which game this is and who is the AI, whose turn, "AI is thinking…"
//! while it searches, and the Pass button when passing is the human's only
//! move), and the message line along the bottom.

use bevy_egui::egui;

use super::clicks::Clicks;
use crate::game::core::Players;
use crate::game::core::{PlayMove, Turn};
use crate::game::play::InputDevice;
use crate::game::saves::Leaving;
use crate::game::theme::side_color;
use crate::game::widgets::{difficulty_name, egui_color, notice_color};
use crate::records::Seats;
use crate::rules::{Color, Game, GameStatus, Move};
use crate::text::{Args, Texts};

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
    pub history: &'a crate::game::ui::PlayedGame<'a>,
    /// The words to show.
    pub words: &'a Texts,
    /// Give the first button (Restart) the keyboard focus now.
    pub focus_first: bool,
    /// The game's result when it ended off the board (online: agreed,
    /// resigned, on time; against the AI: resigned).
    pub off_board_end: Option<crate::net::GameResult>,
    /// Whether the person may resign (a game against the AI, not over).
    pub can_resign: bool,
}

/// The top bar's contents; a click acts through `clicks`.
pub(super) fn show(ui: &mut egui::Ui, bar: &TopBar, clicks: &mut Clicks) {
    let game = bar.game;
    let words = bar.words;
    ui.horizontal(|ui| {
        // One line, whatever it shows ("AI is thinking…" coming and going
        // must not make the bar taller and shift the board).
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        let restart = ui
            .button(words.get("game-restart"))
            .on_hover_text(words.get("game-restart-tip"));
        if bar.focus_first {
            restart.request_focus();
        }
        if restart.clicked() {
            clicks.leave(Leaving::Restart);
        }
        if ui
            .button(words.get("game-main-menu"))
            .on_hover_text(words.get("game-main-menu-tip"))
            .clicked()
        {
            clicks.leave(Leaving::MainMenu);
        }
        if ui
            .button(words.get("game-quit"))
            .on_hover_text(words.get("game-quit-tip"))
            .clicked()
        {
            clicks.leave(Leaving::Quit);
        }
        if bar.can_resign {
            clicks.resign_button(ui);
        } else {
            clicks.forget_resign();
        }
        ui.separator();
        super::game_menu::top_bar_buttons(ui, bar.words, bar.history, clicks);
        ui.separator();
        let side_name = |side: Color| words.get(&format!("game-side-{}", side_key(side)));
        let side_words = |side: Color| words.color(side);
        let game_type = game.game_type().to_string();
        let title = match bar.players.seats {
            Seats::Exhibition { white, black } => words.format(
                "game-title-exhibition",
                &Args::new()
                    .with("game-type", game_type.as_str())
                    .with("white", difficulty_name(words, white))
                    .with("black", difficulty_name(words, black)),
            ),
            Seats::Ai {
                side: ai,
                difficulty,
            } => words.format(
                "game-title-ai",
                &Args::new()
                    .with("game-type", game_type.as_str())
                    .with("human", side_name(ai.opponent()))
                    .with("difficulty", difficulty_name(words, difficulty))
                    .with("ai", side_name(ai)),
            ),
            Seats::Online { remote } => words.format(
                "game-title-online",
                &Args::new()
                    .with("game-type", game_type.as_str())
                    .with("human", side_name(remote.opponent())),
            ),
            Seats::Watching => words.format(
                "game-title-watching",
                &Args::new().with("game-type", game_type.as_str()),
            ),
            Seats::Human => local_title(words, bar.history, &game_type),
        };
        // Whose turn first: it must always be seen whole.
        let flagged = bar.history.clock.flagged();
        use crate::net::GameResult;
        let side = match (bar.off_board_end, game.status()) {
            (Some(GameResult::BlackWins), _) | (None, GameStatus::BlackWins) => Color::Black,
            (Some(GameResult::WhiteWins), _) | (None, GameStatus::WhiteWins) => Color::White,
            _ => flagged.map_or(game.to_move(), Color::opponent),
        };
        side_swatch(ui, side);
        let args = Args::new()
            .with("side", side_words(side))
            .with("turn", game.turn_number());
        let status = match game.status() {
            _ if bar.off_board_end == Some(GameResult::WhiteWins) => words.get("game-white-wins"),
            _ if bar.off_board_end == Some(GameResult::BlackWins) => words.get("game-black-wins"),
            _ if bar.off_board_end == Some(GameResult::Draw) => words.get("game-draw"),
            _ if flagged.is_some() => words.format("game-wins-on-time", &args),
            GameStatus::WhiteWins => words.get("game-white-wins"),
            GameStatus::BlackWins => words.get("game-black-wins"),
            GameStatus::Draw => words.get("game-draw"),
            _ if bar.players.ai_preset(side).is_some() => words.format("game-to-move-ai", &args),
            _ if bar.players.seats.ai_side().is_some() => words.format("game-to-move-you", &args),
            _ => words.format("game-to-move", &args),
        };
        ui.label(egui::RichText::new(status).strong());
        if bar.thinking {
            ui.separator();
            ui.add(egui::Spinner::new());
            ui.label(
                egui::RichText::new(words.get("game-thinking")).color(ui.visuals().hyperlink_color),
            );
        }
        if bar.offer_pass {
            ui.separator();
            let pass = egui::Button::new(egui::RichText::new(words.get("game-pass")).strong())
                .fill(ui.visuals().selection.bg_fill);
            if ui.add(pass).clicked() {
                clicks.play.write(PlayMove(Move::Pass));
            }
        }
        // Which game this is, in the room left: cut short in a narrow
        // window, whole on hover.
        ui.separator();
        ui.add(egui::Label::new(title).truncate());
    });
}

/// What the player is doing, which the help line follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Doing {
    /// Choosing a piece to play.
    Choosing,
    /// A piece is selected: choosing where it goes.
    Selected,
    /// Dragging a piece with the mouse.
    Dragging,
    /// Waiting while the AI chooses its move.
    AiToMove,
    /// Waiting for the friend's move over the internet.
    FriendToMove,
    /// The friend's move, while the connection is down.
    FriendAway,
    /// Watching the AI play itself.
    Watching,
    /// Watching two people play over the internet.
    WatchingOnline,
}

impl Doing {
    const ALL: [Doing; 8] = [
        Doing::Choosing,
        Doing::Selected,
        Doing::Dragging,
        Doing::AiToMove,
        Doing::FriendToMove,
        Doing::FriendAway,
        Doing::Watching,
        Doing::WatchingOnline,
    ];
}

/// The message line: the current notice, or a hint on what to do, on one
/// line whatever the window's width.
pub(super) fn message_line(
    ui: &mut egui::Ui,
    words: &Texts,
    notice: Option<&str>,
    (turn, doing): (Turn, Doing),
    device: InputDevice,
) {
    let weak = ui.visuals().weak_text_color();
    let (text, color) = match (notice, turn) {
        (Some(text), _) => (text.to_string(), notice_color(ui.ctx())),
        (None, Turn::GameOver) => (words.get("game-over-line"), weak),
        (None, Turn::Review) => (words.get("game-reviewing-help"), weak),
        (None, _) => (help_for(words, device, doing), weak),
    };
    // The line wraps in a narrow window. It is always as tall as the
    // longest help for this device needs at this width, so that a message
    // coming or going, or the help changing, does not make it taller and
    // shift the board.
    let help_height = Doing::ALL
        .into_iter()
        .map(|doing| {
            ui.painter()
                .layout(
                    help_for(words, device, doing),
                    egui::TextStyle::Body.resolve(ui.style()),
                    color,
                    ui.available_width(),
                )
                .size()
                .y
        })
        .fold(0.0, f32::max);
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
fn local_title(words: &Texts, history: &crate::game::ui::PlayedGame, game_type: &str) -> String {
    let named = |name: &Option<String>| name.clone().filter(|n| !n.is_empty());
    let args = Args::new().with("game-type", game_type);
    if let Some(headers) = history.headers()
        && let (Some(white), Some(black)) = (named(&headers.white), named(&headers.black))
    {
        return words.format(
            "game-title-record",
            &args.with("white", white).with("black", black),
        );
    }
    let key = if history.analysing() {
        "game-title-analysis"
    } else if history.practising() {
        "game-title-practice"
    } else {
        "game-title-local"
    };
    words.format(key, &args)
}

/// "white" or "black", for keys.
fn side_key(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The help line for what the player is doing, with the device in use:
/// its own keys or buttons.
fn help_for(words: &Texts, device: InputDevice, doing: Doing) -> String {
    words.get(match (doing, device) {
        (Doing::Watching, _) => "game-help-watching",
        (Doing::WatchingOnline, _) => "game-help-watching-online",
        (Doing::AiToMove, _) => "game-help-ai-to-move",
        (Doing::FriendToMove, _) => "game-help-friend-to-move",
        (Doing::FriendAway, _) => "game-help-friend-away",
        (Doing::Dragging, _) => "game-help-dragging",
        (Doing::Selected, InputDevice::Mouse) => "game-help-selected-mouse",
        (Doing::Selected, InputDevice::Keyboard) => "game-help-selected-keyboard",
        (Doing::Selected, InputDevice::Gamepad) => "game-help-selected-gamepad",
        (Doing::Choosing, InputDevice::Mouse) => "game-help-mouse",
        (Doing::Choosing, InputDevice::Keyboard) => "game-help-keyboard",
        (Doing::Choosing, InputDevice::Gamepad) => "game-help-gamepad",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_help_line_follows_what_the_player_does_the_device_and_the_language() {
        let english = Texts::english();
        let locales = crate::game::core::assets_dir().join("locales");
        let (spanish, warnings) = Texts::load(&locales, "es");
        assert!(warnings.is_empty(), "{warnings:?}");
        let devices = [
            InputDevice::Mouse,
            InputDevice::Keyboard,
            InputDevice::Gamepad,
        ];
        for device in devices {
            let helps: HashSet<String> = Doing::ALL
                .iter()
                .map(|&doing| help_for(&english, device, doing))
                .collect();
            assert_eq!(helps.len(), Doing::ALL.len(), "{device:?}: {helps:?}");
            for doing in Doing::ALL {
                let (en, es) = (
                    help_for(&english, device, doing),
                    help_for(&spanish, device, doing),
                );
                assert_ne!(en, es, "{device:?} {doing:?} is not in Spanish");
            }
        }
        // Choosing a piece and choosing its cell differ on every device.
        let selected: HashSet<String> = devices
            .iter()
            .map(|&device| help_for(&english, device, Doing::Selected))
            .collect();
        assert_eq!(selected.len(), devices.len());
    }
}
