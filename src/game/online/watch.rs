//! Watching an online game from a watch-only invitation: the link dials
//! the host (on a thread of its own, then polled each frame), the
//! [`Watch`] checks every move with the rules, and the board follows it as
//! it follows a game we play: the moves slide in one a frame, anything
//! else is a jump. The seats are [`Seats::Watching`]: no side moves here,
//! no AI, no hints. Leaving the board hangs up.

use bevy::prelude::*;

use super::link::Slot;
use crate::game::core::{Jump, Mode, Notices, Screen, Turn, Words};
use crate::net::{Event, Invitation, Network, Watch, WatchEvent};
use crate::text::Args;

/// The game watched, if one is.
#[derive(Resource, Default)]
pub struct Watching(pub Option<Watcher>);

impl Watching {
    /// The watched game on the board, if one is: the mode is watching.
    pub fn shown(&self, mode: Mode) -> Option<&Watcher> {
        self.0.as_ref().filter(|_| mode.watching())
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
}

impl Watcher {
    /// Dials `invitation` (a watcher's) as `name`.
    pub(super) fn dial(mode: Network, invitation: Invitation, name: &str) -> Watcher {
        Watcher {
            watch: Watch::new(invitation.secret, name),
            slot: Slot::join(mode, invitation.clone(), None),
            invitation,
            connected: false,
            problem: None,
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
    (mut notice, words): (Notices, Res<Words>),
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
                            WatchEvent::Started(_) => {
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

/// The board follows the watched game (put on the board as the playing
/// screen is entered): each move played (it slides), anything else a jump.
/// Once another game has taken the board (its seats no longer a watched
/// game's), watching stops.
pub(super) fn follow_the_watch(
    mut watching: ResMut<Watching>,
    mut jump: Jump,
    turn: Res<State<Turn>>,
) {
    let Some(watcher) = watching.0.as_mut() else {
        return;
    };
    if watcher.watch.settings().is_none() {
        return;
    }
    if !jump.mode().watching() {
        if let Some(watcher) = watching.0.take() {
            watcher.close();
        }
        return;
    }
    let ours = watcher.watch.game();
    let over = watcher.watch.result().is_some();
    if let super::board::Followed::Same = super::board::follow(&mut jump, *turn.get(), ours)
        && over
        && *turn.get() == Turn::AwaitingInput
    {
        jump.end_game();
    }
}

/// Who plays whom, for the panel: "Ann (White) against Ben (Black)".
pub fn players_in_words(watcher: &Watcher, words: &crate::text::Texts) -> String {
    use crate::rules::Color;
    let name = |side| watcher.watch.name_of(side).unwrap_or("?").to_string();
    words.format(
        "online-watch-players",
        &Args::new()
            .with("white", name(Color::White))
            .with("black", name(Color::Black)),
    )
}

/// Leaving the board stops watching.
pub(super) fn stop_on_exit(mut watching: ResMut<Watching>) {
    // A watched game that started was on the board.
    if watching
        .0
        .as_ref()
        .is_some_and(|w| w.watch.settings().is_some())
        && let Some(watcher) = watching.0.take()
    {
        watcher.close();
    }
}
