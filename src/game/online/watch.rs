//! Watching an online game from a watch-only invitation: the link dials
//! the host (on a thread of its own, then polled each frame), the
//! [`Watch`] checks every move with the rules, and the board follows it as
//! it follows a game we play: the moves slide in one a frame, anything
//! else is a jump. The seats are [`Seats::Watching`]: no side moves here,
//! no AI, no hints. Leaving the board hangs up.

use bevy::prelude::*;

use super::link::Slot;
use crate::game::core::{GameClock, Notice, Screen, Turn, Words};
use crate::game::saves::Jump;
use crate::net::{Event, Invitation, Mode, Watch, WatchEvent};
use crate::records::Seats;
use crate::text::Args;

/// The game watched, if one is.
#[derive(Resource, Default)]
pub struct Watching(pub Option<Watcher>);

impl Watching {
    /// Whether a watched game is on the board.
    pub fn on_board(&self) -> bool {
        self.0.as_ref().is_some_and(|w| w.on_board)
    }
}

/// One watched game.
pub struct Watcher {
    /// The game as the host sends it (checked move by move).
    pub watch: Watch,
    /// The invitation dialled.
    pub invitation: Invitation,
    /// The connection is up.
    pub connected: bool,
    /// Why it cannot go on, in the player's words.
    pub problem: Option<String>,
    slot: Slot,
    on_board: bool,
}

impl Watcher {
    /// Dials `invitation` (a watcher's) as `name`.
    pub(super) fn dial(mode: Mode, invitation: Invitation, name: &str) -> Watcher {
        Watcher {
            watch: Watch::new(invitation.secret, name),
            slot: Slot::join(mode, invitation.clone(), None),
            invitation,
            connected: false,
            problem: None,
            on_board: false,
        }
    }

    /// Hangs up (the host is told), off the frame.
    pub(super) fn close(mut self) {
        self.watch.bye();
        let outgoing = self.watch.take_outgoing();
        if let Slot::Up(link) = std::mem::replace(&mut self.slot, Slot::Failed) {
            for message in outgoing {
                link.send(message);
            }
            // Its own thread says goodbye and ends: nothing waits here.
            drop(link.close_later());
        }
    }
}

/// The link started, its events to the watch, the watch's news to the
/// message line.
pub(super) fn pump_the_watch(
    mut watching: ResMut<Watching>,
    (mut notice, words): (ResMut<Notice>, Res<Words>),
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(watcher) = watching.0.as_mut() else {
        return;
    };
    if let Slot::Starting { task, .. } = &mut watcher.slot {
        let Some(started) = task.poll() else {
            return;
        };
        match started {
            Ok(link) => watcher.slot = Slot::Up(link),
            Err(e) => {
                warn!("watch: the link did not start: {e}");
                let text = words.get(super::link::start_failure_key(&e));
                watcher.problem = Some(text.clone());
                notice.show(text);
                watcher.slot = Slot::Failed;
                return;
            }
        }
    }
    let Slot::Up(link) = &mut watcher.slot else {
        return;
    };
    for event in link.poll() {
        match event {
            Event::Connected { .. } => {
                watcher.connected = true;
                watcher.watch.connected();
            }
            Event::Disconnected { reason } => {
                info!("watch: disconnected: {reason}");
                watcher.connected = false;
                watcher.watch.disconnected();
            }
            Event::Message(message) => match watcher.watch.receive(message) {
                Ok(events) => {
                    for event in events {
                        match event {
                            WatchEvent::Started(_) if !watcher.on_board => {
                                screen.set(Screen::Playing);
                            }
                            WatchEvent::HostLeft => {
                                notice.show(words.get("online-watch-host-left"));
                            }
                            _ => {}
                        }
                    }
                }
                Err(e) => {
                    warn!("watch: refused from the host: {e}");
                    let text = words.get(e.key());
                    notice.show(text.clone());
                    if e.is_fatal() {
                        watcher.problem = Some(text);
                        link.hang_up();
                    }
                }
            },
            Event::Refused(e) => {
                warn!("watch: refused: {e}");
                let text = words.get(e.key());
                notice.show(text.clone());
                watcher.problem = Some(text);
            }
            Event::Error(e) => warn!("watch: {e}"),
            Event::Reconnecting { .. } | Event::Online => {}
        }
    }
    for message in watcher.watch.take_outgoing() {
        link.send(message);
    }
}

/// The board follows the watched game: seated as watching when it starts,
/// then each move played (it slides), anything else a jump.
pub(super) fn follow_the_watch(
    mut watching: ResMut<Watching>,
    mut jump: Jump,
    turn: Res<State<Turn>>,
    mut clock: ResMut<GameClock>,
) {
    let Some(watcher) = watching.0.as_mut() else {
        return;
    };
    if watcher.on_board && !jump.players().seats.watching() {
        // Another game took the board: stop watching.
        if let Some(watcher) = watching.0.take() {
            watcher.close();
        }
        return;
    }
    if watcher.watch.settings().is_none() {
        return;
    }
    let ours = watcher.watch.game();
    if !watcher.on_board {
        super::board::take_the_board(&mut jump, Seats::Watching, ours, &mut clock, None);
        watcher.on_board = true;
        return;
    }
    let over = watcher.watch.result().is_some();
    if let super::board::Followed::Same = super::board::follow(&mut jump, *turn.get(), ours)
        && over
        && *turn.get() == Turn::AwaitingInput
    {
        jump.set_turn(Turn::GameOver);
    }
}

/// Who plays whom, for the panel: "Ann (White) against Ben (Black)".
pub fn players_in_words(watcher: &Watcher, words: &crate::text::Texts) -> String {
    use crate::net::Side;
    let name = |side| watcher.watch.name_of(side).unwrap_or("?").to_string();
    words.format(
        "online-watch-players",
        &Args::new()
            .with("white", name(Side::White))
            .with("black", name(Side::Black)),
    )
}

/// Leaving the board stops watching.
pub(super) fn stop_on_exit(mut watching: ResMut<Watching>) {
    if watching.on_board()
        && let Some(watcher) = watching.0.take()
    {
        watcher.close();
    }
}
