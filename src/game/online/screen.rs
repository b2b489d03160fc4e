//! "Play a friend online", over the main menu (the frame's, which opens it
//! through [`OnlineWindow`]): host a game (the settings:
//! your name, the expansions, your side, the clock; then the invitation to
//! copy and send, while waiting for the friend), join one (paste the
//! invitation, see the host's settings, accept), or go on with the online
//! game kept from last time. Online play on this machine only, and a relay
//! of one's own, are settings here too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::core::EditSettings;
use crate::game::core::{HumanSide, Screen, Settings, Words};
use crate::game::online::{Connection, FriendsBook, Online, OnlineRequest, Resumable, hosting};
use crate::net::{Clock, GameSettings, HouseRules, LastResult};
use crate::rules::{Bug, GameType};
use crate::text::{Args, Texts};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineWindow>();
    app.add_message::<OpenOnlineWindow>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw_online_window.run_if(in_state(Screen::MainMenu)),
    );
}

/// The main menu's "Play a friend online": the window opens over it.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenOnlineWindow;

/// The window's state: open, which tab, what is typed.
#[derive(Resource, Debug, Clone, Default)]
pub(in crate::game) struct OnlineWindow {
    /// Shown over the main menu.
    open: bool,
    /// Joining (else hosting).
    join: bool,
    /// The invitation pasted.
    invitation: String,
    /// The host's side.
    side: HumanSide,
    /// The clock: an index into [`CLOCKS`].
    clock: usize,
}

/// The clocks a host can choose: none, or minutes each plus seconds a move.
const CLOCKS: [Option<(u64, u64)>; 4] = [None, Some((5, 5)), Some((10, 10)), Some((20, 20))];

fn draw_online_window(
    mut contexts: EguiContexts,
    (mut window, mut opening): (ResMut<OnlineWindow>, MessageReader<OpenOnlineWindow>),
    online: Res<Online>,
    mut settings: EditSettings,
    (resumable, book): (Res<Resumable>, Res<FriendsBook>),
    words: Res<Words>,
    mut requests: MessageWriter<OnlineRequest>,
) -> Result {
    if opening.read().count() > 0 {
        window.open = true;
    }
    if online.0.as_ref().is_some_and(|c| c.session.started()) {
        // The game is on the board (or on its way there).
        window.open = false;
    }
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let words = &words.0;
    let mut prefs = settings.clone();
    let mut close = false;
    egui::Modal::new(egui::Id::new("online_window")).show(ctx, |ui| {
        ui.set_width(460.0);
        ui.heading(words.get("online-title"));
        ui.add_space(6.0);
        match online.0.as_ref() {
            Some(connection) if hosting(connection) => {
                host_waiting(ui, words, connection);
            }
            Some(connection) => joiner_waiting(ui, words, connection, &mut requests),
            None => {
                // The game left comes first, for either side (it is no
                // part of hosting or joining a new one).
                if let Some(friend) = resumable.friend() {
                    resume_button(ui, words, friend, &mut requests);
                    ui.separator();
                }
                choose(ui, words, &mut window, &mut prefs, &mut requests);
                friends(ui, words, &book, &mut requests);
            }
        }
        ui.separator();
        if ui.button(words.get("menu-cancel")).clicked() {
            requests.write(OnlineRequest::Leave);
            close = true;
        }
    });
    if close {
        window.open = false;
    }
    settings.set(prefs);
    Ok(())
}

/// The two tabs, your name, and the network settings.
fn choose(
    ui: &mut egui::Ui,
    words: &Texts,
    window: &mut OnlineWindow,
    prefs: &mut Settings,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    // Text fields stand out from the window they are on.
    let field = ui.visuals().panel_fill;
    ui.horizontal(|ui| {
        ui.selectable_value(&mut window.join, false, words.get("online-host"));
        ui.selectable_value(&mut window.join, true, words.get("online-join"));
    });
    ui.horizontal(|ui| {
        ui.label(words.get("online-your-name"));
        ui.add(
            egui::TextEdit::singleline(&mut prefs.player_name)
                .char_limit(40)
                .hint_text(words.get("online-name-hint"))
                .background_color(field)
                .desired_width(200.0),
        );
    });
    // A name the friend can read even when none was typed.
    let name = match prefs.player_name.trim() {
        "" => words.get("online-default-name"),
        typed => typed.to_string(),
    };
    if window.join {
        ui.label(words.get("online-paste"));
        ui.add(
            egui::TextEdit::multiline(&mut window.invitation)
                .hint_text("hive://join/…")
                .background_color(field)
                .desired_rows(3)
                .desired_width(440.0)
                .font(egui::TextStyle::Monospace),
        );
        let ready = !window.invitation.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(words.get("online-join-button")))
            .clicked()
        {
            requests.write(OnlineRequest::Join {
                invitation: window.invitation.trim().to_string(),
                name,
            });
        }
    } else {
        host_form(ui, words, window, prefs);
        if ui.button(words.get("online-invite")).clicked() {
            requests.write(OnlineRequest::Host(game_settings(window, prefs, name)));
        }
    }
    ui.add_space(4.0);
    ui.collapsing(words.get("online-network"), |ui| {
        // `--local` on the command line holds for this run: shown ticked,
        // and not to be unticked here.
        if prefs.this_run.online_local {
            let mut on = true;
            ui.add_enabled(
                false,
                egui::Checkbox::new(&mut on, words.get("online-local")),
            )
            .on_disabled_hover_text(words.get("online-local-this-run"));
        } else {
            ui.checkbox(&mut prefs.online_local, words.get("online-local"))
                .on_hover_text(words.get("online-local-tip"));
        }
        let local = prefs.online_local_now();
        ui.horizontal(|ui| {
            ui.label(words.get("online-relay"));
            let hint = if local {
                "online-relay-none-local"
            } else {
                "online-relay-hint"
            };
            ui.add_enabled(
                !local,
                egui::TextEdit::singleline(&mut prefs.online_relay)
                    .hint_text(words.get(hint))
                    .background_color(field)
                    .desired_width(260.0),
            );
        });
    });
}

/// The friends played before, newest first, each one click from the next
/// game (the friend clicks Play again in their program too).
fn friends(
    ui: &mut egui::Ui,
    words: &Texts,
    book: &FriendsBook,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    if let Some(error) = &book.problem {
        ui.separator();
        let text = words.format(
            "online-friends-damaged",
            &Args::new().with("error", error.as_str()),
        );
        ui.colored_label(ui.visuals().warn_fg_color, text);
        return;
    }
    if book.friends.is_empty() {
        return;
    }
    ui.separator();
    ui.label(egui::RichText::new(words.get("online-friends")).strong());
    egui::ScrollArea::vertical()
        .max_height(120.0)
        .show(ui, |ui| {
            for (k, friend) in book.friends.iter().enumerate() {
                let result = match friend.last_result {
                    LastResult::Won => "online-friend-won",
                    LastResult::Drew => "online-friend-drew",
                    LastResult::Lost => "online-friend-lost",
                };
                let row = words.format(
                    "online-friend-row",
                    &Args::new()
                        .with("name", friend.name.as_str())
                        .with("date", friend.last_played.as_str())
                        .with("result", words.get(result))
                        .with("games", friend.games),
                );
                let tip = if friend.host {
                    // We host: our side is the one the friend does not get.
                    let side = friend.settings.host_side.opponent();
                    words.format(
                        "online-play-again-host-tip",
                        &Args::new()
                            .with("name", friend.name.as_str())
                            .with("side", words.color(side)),
                    )
                } else {
                    words.format(
                        "online-play-again-join-tip",
                        &Args::new().with("name", friend.name.as_str()),
                    )
                };
                ui.horizontal(|ui| {
                    if ui
                        .button(words.get("online-play-again"))
                        .on_hover_text(tip)
                        .clicked()
                    {
                        requests.write(OnlineRequest::PlayFriend(k));
                    }
                    ui.label(row);
                });
            }
        });
}

/// The house rules in words: "no Queen on the first turn, a draw at turn
/// 100", or "none".
pub(super) fn house_rules_in_words(words: &Texts, rules: &HouseRules) -> String {
    let mut said = Vec::new();
    if rules.tournament_opening {
        said.push(words.get("online-house-no-queen-first"));
    }
    if let Some(turn) = rules.turn_limit {
        said.push(words.format("online-house-draw-at", &Args::new().with("turn", turn)));
    }
    if rules.threefold_repetition {
        said.push(words.get("online-house-threefold"));
    }
    if said.is_empty() {
        said.push(words.get("online-house-rules-none"));
    }
    words.format(
        "online-house-rules",
        &Args::new().with("rules", said.join(", ")),
    )
}

/// The game the host proposes: the expansions, the side, the clock.
fn host_form(ui: &mut egui::Ui, words: &Texts, window: &mut OnlineWindow, prefs: &mut Settings) {
    ui.horizontal(|ui| {
        ui.label(words.get("online-expansions"));
        let game_type = &mut prefs.game_type;
        ui.checkbox(&mut game_type.mosquito, words.bug(Bug::Mosquito, 1));
        ui.checkbox(&mut game_type.ladybug, words.bug(Bug::Ladybug, 1));
        ui.checkbox(&mut game_type.pillbug, words.bug(Bug::Pillbug, 1));
    });
    ui.horizontal(|ui| {
        ui.label(words.get("online-you-take"));
        for (side, key) in [
            (HumanSide::White, "menu-white"),
            (HumanSide::Black, "menu-black"),
            (HumanSide::Random, "menu-random"),
        ] {
            ui.selectable_value(&mut window.side, side, words.get(key));
        }
    });
    ui.horizontal(|ui| {
        ui.label(words.get("online-clock"));
        for (k, clock) in CLOCKS.iter().enumerate() {
            let label = match clock {
                None => words.get("online-no-clock"),
                Some((minutes, seconds)) => format!("{minutes}+{seconds}"),
            };
            ui.selectable_value(&mut window.clock, k, label);
        }
    });
}

fn game_settings(window: &OnlineWindow, prefs: &Settings, name: String) -> GameSettings {
    let host_side = window.side.draw();
    GameSettings {
        game_type: prefs.game_type.to_string(),
        host_side,
        clock: CLOCKS
            .get(window.clock)
            .copied()
            .flatten()
            .map(|(minutes, seconds)| Clock {
                base_ms: minutes * 60_000,
                increment_ms: seconds * 1000,
            }),
        house_rules: prefs.rules,
        host_name: name,
        joiner_name: String::new(),
        round: 1,
    }
}

/// The invitation to send, and how the wait is going.
fn host_waiting(ui: &mut egui::Ui, words: &Texts, connection: &Connection) {
    if let Some(problem) = &connection.problem {
        ui.colored_label(ui.visuals().error_fg_color, problem);
        return;
    }
    let Some(invitation) = &connection.invitation else {
        waiting_line(ui, words.get("online-preparing"));
        return;
    };
    ui.label(words.get("online-send-this"));
    let mut text = invitation.to_text();
    ui.add(
        egui::TextEdit::multiline(&mut text)
            .background_color(ui.visuals().panel_fill)
            .desired_rows(3)
            .desired_width(440.0)
            .font(egui::TextStyle::Monospace)
            .interactive(true),
    );
    copy_buttons(ui, words, invitation, false);
    if let Some(watch) = &connection.watch_invitation {
        watch_invitation(ui, words, watch);
    }
    let waiting = match (
        connection
            .peer_name()
            .filter(|name| !name.trim().is_empty()),
        &connection.expected,
    ) {
        (Some(name), _) => words.format("online-friend-deciding", &Args::new().with("name", name)),
        (None, Some(friend)) => words.format(
            "online-friend-waiting",
            &Args::new().with("name", friend.name.as_str()),
        ),
        (None, None) => words.get("online-waiting-for-friend"),
    };
    waiting_line(ui, waiting);
}

/// A spinner and what is being waited for.
fn waiting_line(ui: &mut egui::Ui, text: String) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(text);
    });
}

/// Connecting, then the host's settings to accept or decline.
fn joiner_waiting(
    ui: &mut egui::Ui,
    words: &Texts,
    connection: &Connection,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    if let Some(problem) = &connection.problem {
        ui.colored_label(ui.visuals().error_fg_color, problem);
        return;
    }
    let Some(proposed) = &connection.proposed else {
        let text = match (&connection.expected, connection.link_state.reconnecting) {
            (Some(friend), _) => words.format(
                "online-friend-waiting",
                &Args::new().with("name", friend.name.as_str()),
            ),
            (None, Some(_)) => words.get("online-still-dialling"),
            (None, None) => words.get("online-connecting"),
        };
        waiting_line(ui, text);
        return;
    };
    let host = if proposed.host_name.trim().is_empty() {
        words.get("online-your-friend")
    } else {
        proposed.host_name.clone()
    };
    let your_side = proposed.host_side.opponent();
    let game_type = proposed
        .game_type
        .parse::<GameType>()
        .map_or_else(|_| proposed.game_type.clone(), |t| t.to_string());
    let clock = proposed.clock.map_or_else(
        || words.get("online-no-clock"),
        |c| format!("{}+{}", c.base_ms / 60_000, c.increment_ms / 1000),
    );
    ui.label(
        egui::RichText::new(
            words.format(
                "online-proposed",
                &Args::new()
                    .with("name", host.as_str())
                    .with("game-type", game_type)
                    .with("side", words.color(your_side))
                    .with("clock", clock),
            ),
        )
        .strong(),
    );
    ui.label(house_rules_in_words(words, &proposed.house_rules));
    ui.horizontal(|ui| {
        if ui.button(words.get("online-accept")).clicked() {
            requests.write(OnlineRequest::Accept);
        }
        if ui.button(words.get("online-decline")).clicked() {
            requests.write(OnlineRequest::Decline);
        }
    });
}

/// Going on with the game kept from last time (also on the Games screen).
pub(in crate::game) fn resume_button(
    ui: &mut egui::Ui,
    words: &Texts,
    friend: &str,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    let text = words.format("online-resume", &Args::new().with("name", friend));
    if ui
        .button(text)
        .on_hover_text(words.get("online-resume-tip"))
        .clicked()
    {
        requests.write(OnlineRequest::Resume);
    }
}

/// The host's watch-only invitation, to copy.
pub(super) fn watch_invitation(
    ui: &mut egui::Ui,
    words: &Texts,
    invitation: &crate::net::Invitation,
) {
    ui.label(egui::RichText::new(words.get("online-watch-this")).weak());
    copy_buttons(ui, words, invitation, true);
}

/// Copy and Copy link, side by side, small or not: an invitation's text,
/// or its link (shown on hover), to the clipboard.
fn copy_buttons(
    ui: &mut egui::Ui,
    words: &Texts,
    invitation: &crate::net::Invitation,
    small: bool,
) {
    let button = |key: &str| {
        let button = egui::Button::new(words.get(key));
        if small { button.small() } else { button }
    };
    ui.horizontal(|ui| {
        if ui.add(button("online-copy")).clicked() {
            ui.ctx().copy_text(invitation.to_text());
        }
        if ui
            .add(button("online-copy-link"))
            .on_hover_text(invitation.to_link())
            .clicked()
        {
            ui.ctx().copy_text(invitation.to_link());
        }
    });
}
