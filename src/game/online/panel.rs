//! The online game's panel over the board: who plays what, whose move it
//! is, the connection (direct or relayed, the round trip, or
//! "Reconnecting"), the friend's offer to answer, our offers (a draw, a
//! takeback: Undo asks the same), resigning (asked twice), and the chat.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::{CurrentGame, CurrentMode, Screen, Turn, Words};
use crate::game::online::{Connection, Offer, Online, OnlineRequest, Watching};
use crate::game::widgets::side_panel_width;
use crate::net::PathKind;
use crate::rules::Color;
use crate::text::{Args, Texts};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (draw_online_panel, draw_watch_panel).run_if(in_state(Screen::Playing)),
    );
}

/// What the panel keeps between frames.
#[derive(Default)]
struct PanelState {
    /// The chat line being typed.
    typing: String,
    /// Resign was pressed once: the second press resigns.
    resigning: bool,
}

/// The panel's width.
const WIDTH: f32 = 250.0;
/// How many chat lines are shown.
const CHAT_LINES: usize = 6;

fn draw_online_panel(
    mut contexts: EguiContexts,
    (online, mode): (Res<Online>, CurrentMode),
    current: Res<CurrentGame>,
    turn: Res<State<Turn>>,
    words: Res<Words>,
    mut requests: MessageWriter<OnlineRequest>,
    mut state: Local<PanelState>,
) -> Result {
    let Some(connection) = online.shown(mode.get()) else {
        return Ok(());
    };
    let words = &words.0;
    panel_window(contexts.ctx_mut()?, words, "online_panel", |ui| {
        let over = current.game().status().is_over() || *turn.get() == Turn::GameOver;
        who_and_whose_move(ui, words, connection, current.game().to_move(), over);
        connection_line(ui, words, connection);
        watchers(ui, words, connection);
        ui.separator();
        offers(ui, words, connection, over, &mut state, &mut requests);
        ui.separator();
        chat(ui, words, connection, &mut state, &mut requests);
    });
    Ok(())
}

/// The panel's window (an online game's, a watched game's): `WIDTH` wide,
/// above the bottom of the window beside the left side panel, showing `add`.
fn panel_window(ctx: &egui::Context, words: &Texts, id: &str, add: impl FnOnce(&mut egui::Ui)) {
    let left = side_panel_width(ctx.content_rect().width()) + 8.0;
    egui::Window::new(words.get("online-panel-title"))
        .id(egui::Id::new(id))
        .collapsible(true)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(left, -40.0))
        .show(ctx, |ui| {
            ui.set_width(WIDTH);
            add(ui);
        });
}

fn friend(connection: &Connection, words: &Texts) -> String {
    connection
        .peer_name()
        .filter(|name| !name.trim().is_empty())
        .map_or_else(|| words.get("online-your-friend"), str::to_string)
}

/// "You play White against Ann (Black)", and whose move it is.
fn who_and_whose_move(
    ui: &mut egui::Ui,
    words: &Texts,
    connection: &Connection,
    to_move: Color,
    over: bool,
) {
    let Some(me) = connection.my_side() else {
        return;
    };
    let name = friend(connection, words);
    ui.label(
        words.format(
            "online-you-play",
            &Args::new()
                .with("side", words.color(me))
                .with("name", name.as_str())
                .with("their-side", words.color(me.opponent())),
        ),
    );
    let whose = if over {
        words.get("online-game-over")
    } else if to_move == me {
        words.get("online-your-move")
    } else {
        words.format(
            "online-their-move",
            &Args::new().with("name", name.as_str()),
        )
    };
    ui.label(egui::RichText::new(whose).strong());
}

/// Connected (direct or relayed, the round trip), reconnecting, or gone.
fn connection_line(ui: &mut egui::Ui, words: &Texts, connection: &Connection) {
    let state = &connection.link_state;
    let name = friend(connection, words);
    let text = if connection.peer_left {
        words.format("online-peer-left", &Args::new().with("name", name.as_str()))
    } else if state.connected {
        let path = match state.path {
            Some(PathKind::Relayed) => words.get("online-relayed"),
            _ => words.get("online-direct"),
        };
        words.format(
            "online-connected",
            &Args::new()
                .with("path", path)
                .with("ms", state.rtt_ms.unwrap_or(0)),
        )
    } else if let Some(attempt) = state.reconnecting {
        words.format("online-reconnecting", &Args::new().with("attempt", attempt))
    } else if state.lost {
        words.get("online-waiting-for-friend")
    } else {
        words.get("online-connecting")
    };
    let color = if state.connected && !connection.peer_left {
        ui.visuals().text_color()
    } else {
        ui.visuals().warn_fg_color
    };
    ui.label(egui::RichText::new(text).color(color));
    if let Some(problem) = &connection.problem {
        ui.colored_label(ui.visuals().error_fg_color, problem);
    }
}

/// The friend's offer to answer, ours waiting, and the buttons.
fn offers(
    ui: &mut egui::Ui,
    words: &Texts,
    connection: &Connection,
    over: bool,
    state: &mut PanelState,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let name = friend(connection, words);
    let args = Args::new().with("name", name.as_str());
    if let Some(offer) = connection.incoming {
        let key = match offer {
            Offer::Draw => "online-draw-offered",
            Offer::Takeback => "online-takeback-asked",
            Offer::Rematch => "online-rematch-offered",
        };
        ui.label(egui::RichText::new(words.format(key, &args)).strong());
        ui.horizontal(|ui| {
            for (accept, key) in [(true, "online-accept"), (false, "online-decline")] {
                if ui.button(words.get(key)).clicked() {
                    requests.write(match offer {
                        Offer::Draw => OnlineRequest::AnswerDraw(accept),
                        Offer::Takeback => OnlineRequest::AnswerTakeback(accept),
                        Offer::Rematch => OnlineRequest::AnswerRematch(accept),
                    });
                }
            }
        });
    }
    if let Some(offer) = connection.asked {
        let key = match offer {
            Offer::Draw => "online-draw-waiting",
            Offer::Takeback => "online-takeback-waiting",
            Offer::Rematch => "online-rematch-waiting",
        };
        ui.label(words.format(key, &args));
    }
    if let Some(proposed) = &connection.proposed {
        // The next game, when a rematch's answer was lost on the way.
        let side = words.color(proposed.host_side.opponent());
        let text = words.format(
            "online-next-proposed",
            &Args::new().with("name", name.as_str()).with("side", side),
        );
        ui.label(egui::RichText::new(text).strong());
        ui.horizontal(|ui| {
            if ui.button(words.get("online-accept")).clicked() {
                requests.write(OnlineRequest::Accept);
            }
            if ui.button(words.get("online-decline")).clicked() {
                requests.write(OnlineRequest::Decline);
            }
        });
    }
    if over {
        // The end: another game, the same settings, the colours swapped.
        let free = connection.link_state.connected
            && !connection.peer_left
            && connection.asked.is_none()
            && connection.incoming.is_none()
            && connection.proposed.is_none()
            && connection.session.result().is_some();
        if ui
            .add_enabled(free, egui::Button::new(words.get("online-rematch")))
            .on_hover_text(words.format("online-rematch-tip", &args))
            .clicked()
        {
            requests.write(OnlineRequest::Rematch);
        }
        return;
    }
    let playing = !over && connection.link_state.connected && connection.asked.is_none();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(playing, egui::Button::new(words.get("online-offer-draw")))
            .clicked()
        {
            requests.write(OnlineRequest::OfferDraw);
        }
        if ui
            .add_enabled(playing, egui::Button::new(words.get("online-ask-takeback")))
            .on_hover_text(words.get("online-ask-takeback-tip"))
            .clicked()
        {
            requests.write(OnlineRequest::Takeback);
        }
        let resign = if state.resigning {
            "online-resign-sure"
        } else {
            "online-resign"
        };
        if ui
            .add_enabled(
                !over && connection.link_state.connected,
                egui::Button::new(words.get(resign)),
            )
            .clicked()
        {
            if state.resigning {
                requests.write(OnlineRequest::Resign);
            }
            state.resigning = !state.resigning;
        }
    });
}

/// The last lines said, and a line to type.
fn chat(
    ui: &mut egui::Ui,
    words: &Texts,
    connection: &Connection,
    state: &mut PanelState,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let name = friend(connection, words);
    let you = words.get("online-you");
    let first = connection.chat.len().saturating_sub(CHAT_LINES);
    for line in &connection.chat[first..] {
        let who = if line.mine { &you } else { &name };
        ui.label(format!("{who}: {}", line.text));
    }
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(&mut state.typing)
            .char_limit(crate::net::MAX_CHAT_CHARS)
            .hint_text(words.get("online-chat-hint"))
            .background_color(ui.visuals().panel_fill)
            .desired_width(WIDTH - 60.0);
        let response = ui.add(field);
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let connected = connection.link_state.connected;
        if (ui
            .add_enabled(connected, egui::Button::new(words.get("online-send")))
            .clicked()
            || (entered && connected))
            && !state.typing.trim().is_empty()
        {
            requests.write(OnlineRequest::Chat(std::mem::take(&mut state.typing)));
        }
    });
}

/// (Host) how many watch, and their invitation to hand out.
fn watchers(ui: &mut egui::Ui, words: &Texts, connection: &Connection) {
    let Some(audience) = &connection.audience else {
        return;
    };
    let count = audience.watchers().len();
    if count > 0 {
        ui.label(words.format("online-watchers", &Args::new().with("count", count)));
    }
    if let Some(invitation) = &connection.watch_invitation {
        super::screen::watch_invitation(ui, words, invitation);
    }
}

/// A watched game's panel: who plays whom, whose move, the connection.
fn draw_watch_panel(
    mut contexts: EguiContexts,
    (watching, mode): (Res<Watching>, CurrentMode),
    current: Res<CurrentGame>,
    words: Res<Words>,
) -> Result {
    let Some(watcher) = watching.shown(mode.get()) else {
        return Ok(());
    };
    let words = &words.0;
    panel_window(contexts.ctx_mut()?, words, "watch_panel", |ui| {
        ui.label(
            egui::RichText::new(crate::game::online::players_in_words(watcher, words)).strong(),
        );
        let game = current.game();
        if !game.status().is_over() {
            let name = watcher.watch.name_of(game.to_move()).unwrap_or("?");
            ui.label(words.format("online-their-move", &Args::new().with("name", name)));
        }
        if let Some(problem) = &watcher.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        } else if !watcher.connected {
            ui.label(words.get("online-watch-dialling"));
        }
    });
    Ok(())
}
