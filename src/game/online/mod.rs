//! Online play in the window: a game against a friend over the internet,
//! through `crate::net` (no Bevy there), adapted here like the engine is.
//!
//! The host makes an invitation ([`OnlineRequest::Host`]) and waits on the
//! main menu; the friend pastes it ([`OnlineRequest::Join`]), sees the
//! settings and accepts. The connection's own thread does the network; the
//! frame only polls it ([`link`]). The [`Session`] is the game's truth: the
//! board follows it (the friend's moves played as moves, a takeback or a
//! sync as a jump), and a move played on the board goes to it. The seats
//! are [`Seats::Online`](crate::records::Seats::Online), so the board takes no input on the friend's turn,
//! the AI never moves, and the game is autosaved as its own kind; what a
//! resumed game needs to dial again is kept beside it ([`keep`]).
//!
//! Its screens: the "Play a friend online" window over the main menu
//! ([`screen`]) and the online game's panel over the board (`panel`).

mod board;
mod friends;
mod keep;
mod link;
mod panel;
mod requests;
pub(in crate::game) mod screen;
mod watch;

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::game::core::{GameSystems, Mode, Screen, Settings, StartGame};
use crate::game::saves::AutosaveStatus;
use crate::net::{
    Audience, EndReason, GameResult, GameSettings, Invitation, Network, PathKind, Refusals, Seat,
    Secret, Session,
};
use crate::records::TimeControl;
use crate::rules::Color;

pub use friends::FriendsBook;
pub use keep::{FILE as RESUME_FILE, Resumable, ResumingOnline};
pub use watch::{Watcher, Watching, players_in_words};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Online>();
    app.init_resource::<Watching>();
    app.init_resource::<Resumable>();
    app.init_resource::<keep::ReadingKept>();
    app.init_resource::<ResumingOnline>();
    app.init_resource::<FriendsBook>();
    app.add_message::<OnlineRequest>();
    app.configure_sets(
        Update,
        OnlineSystems
            .after(GameSystems::Ai)
            .before(GameSystems::Select),
    );
    app.add_systems(
        Update,
        (
            requests::handle_requests,
            requests::resume_once_read,
            link::collect_started_link,
            link::pump_link,
            watch::pump_the_watch,
            (
                board::send_own_moves,
                board::takeback_for_undo,
                board::own_flag_falls,
                board::hold_clocks_while_the_line_is_down,
                board::seat_the_next_round,
                board::follow_the_session,
                watch::follow_the_watch,
            )
                .chain()
                .run_if(in_state(Screen::Playing).and_then(screen_settled)),
            keep::keep_the_connection,
            keep::read_the_resumable.run_if(resource_changed::<AutosaveStatus>),
            keep::note_the_resumable,
            friends::read_the_friends,
            friends::keep_the_friend,
            friends::note_the_friends,
        )
            .chain()
            .in_set(OnlineSystems),
    );
    app.add_systems(
        OnEnter(Screen::Playing),
        board::seat_the_arriving_game.after(StartGame),
    );
    app.add_systems(
        OnExit(Screen::Playing),
        (requests::leave_on_exit, watch::stop_on_exit),
    );
}

/// The online game's screens: the window over the main menu and the panel
/// over the board.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((screen::plugin, panel::plugin));
}

/// Whether no other screen is asked for this frame: a game that arrives
/// asks for the playing screen, and is put on the board as it is entered,
/// not before.
fn screen_settled(next: Res<NextState<Screen>>) -> bool {
    matches!(*next, NextState::Unchanged)
}

/// Online play's systems: after the AI's (the friend is a player from
/// elsewhere too), before selections are answered and moves played.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnlineSystems;

/// What the player asks of online play.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OnlineRequest {
    /// Host a game with these settings (the joiner's name is filled in
    /// from their hello): an invitation is made.
    Host(GameSettings),
    /// Dial the host of this invitation (text or `hive://join/` link) with
    /// our name.
    Join {
        /// The invitation as pasted.
        invitation: String,
        /// Our name.
        name: String,
    },
    /// (Joiner) accept the host's settings: the game starts.
    Accept,
    /// (Joiner) decline them.
    Decline,
    /// Offer a draw.
    OfferDraw,
    /// Answer the friend's draw offer.
    AnswerDraw(bool),
    /// Ask to take back the last move.
    Takeback,
    /// Answer the friend's takeback request.
    AnswerTakeback(bool),
    /// Resign the game.
    Resign,
    /// (After the end) ask for a rematch, or agree to the friend's.
    Rematch,
    /// Answer the friend's rematch offer.
    AnswerRematch(bool),
    /// Play again with a friend kept from an earlier game (an index into
    /// [`FriendsBook::friends`]): host it or dial it, as that friend's
    /// games went, with no invitation to paste.
    PlayFriend(usize),
    /// Send a chat line.
    Chat(String),
    /// Go on with the online game kept in the autosave.
    Resume,
    /// Stop: the friend is told, the connection closes (a game started is
    /// kept to resume).
    Leave,
}

/// The online game, if there is one.
#[derive(Resource, Default)]
pub struct Online(pub Option<Connection>);

impl Online {
    /// The connection whose game is on the board, if one is: the mode is
    /// an online game's.
    pub fn shown(&self, mode: Mode) -> Option<&Connection> {
        self.0.as_ref().filter(|_| mode.online().is_some())
    }

    /// [`Online::shown`], to change.
    fn shown_mut(&mut self, mode: Mode) -> Option<&mut Connection> {
        self.0.as_mut().filter(|_| mode.online().is_some())
    }
}

/// A request of ours waiting for the friend's answer, or theirs for ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// A draw.
    Draw,
    /// Taking back the last move.
    Takeback,
    /// Another game after the end.
    Rematch,
}

/// A line of the chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// Ours, or the friend's.
    pub mine: bool,
    /// What was said.
    pub text: String,
}

/// How the connection stands, for the panel.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkState {
    /// A connection is up.
    pub connected: bool,
    /// Direct or relayed (once connected).
    pub path: Option<PathKind>,
    /// The last round trip measured, in milliseconds.
    pub rtt_ms: Option<u64>,
    /// Dialling again after a drop: the attempt.
    pub reconnecting: Option<u32>,
    /// Once the connection was lost (until it is back).
    pub lost: bool,
}

/// One online game, from this end.
pub struct Connection {
    /// The conversation and the game (the truth the board follows).
    pub session: Session,
    /// The invitation: the host's, once it can be given; the one the joiner
    /// dialled.
    pub invitation: Option<Invitation>,
    /// How the connection stands.
    pub link_state: LinkState,
    /// (Joiner) the host's settings, waiting for Accept or Decline.
    pub proposed: Option<GameSettings>,
    /// What was said, oldest first: the last [`CHAT_KEPT`] lines.
    pub chat: Vec<ChatLine>,
    /// The friend's offer waiting for our answer.
    pub incoming: Option<Offer>,
    /// Our offer waiting for theirs.
    pub asked: Option<Offer>,
    /// Why the connection cannot go on (in the player's words), if so.
    pub problem: Option<String>,
    /// The friend said goodbye.
    pub peer_left: bool,
    /// The friend's refused messages on this connection.
    refusals: Refusals,
    /// (Host) who watches, and what they are sent.
    pub audience: Option<Audience>,
    /// (Host) the watch-only invitation, once it can be given.
    pub watch_invitation: Option<Invitation>,
    /// The friend whose game this is, when started from the friends: the
    /// joiner accepts the game they propose without asking again.
    pub expected: Option<crate::net::Friend>,
    /// The round whose game is on the board (a rematch's is seated there
    /// when it starts).
    seated: Option<u32>,
    /// The round whose friend was kept (a game that had ended before this
    /// run is not kept again).
    friend_kept: Option<u32>,
    secret: Secret,
    key: Option<[u8; 32]>,
    slot: link::Slot,
    /// The connection's facts were kept for a resume.
    kept: bool,
    /// The friend's move asked of the board, not to be sent back.
    echo: Option<crate::rules::Move>,
    /// Why our move on the board was refused, said once the board is back.
    refusal: Option<String>,
    pinged: Option<(u64, Instant)>,
    next_ping: Option<Instant>,
    since: Instant,
}

/// The most chat lines kept (a friend's program that keeps talking does
/// not grow the game's memory; the panel shows the last few).
pub const CHAT_KEPT: usize = 200;

impl Connection {
    /// Adds a chat line, forgetting the oldest past [`CHAT_KEPT`].
    fn said(&mut self, line: ChatLine) {
        if self.chat.len() >= CHAT_KEPT {
            self.chat.remove(0);
        }
        self.chat.push(line);
    }

    fn new(session: Session, secret: Secret, key: Option<[u8; 32]>, slot: link::Slot) -> Self {
        let hosts = session.seat() == Seat::Host;
        let ended_before = session.result().is_some().then(|| session.round());
        Connection {
            session,
            invitation: None,
            link_state: LinkState::default(),
            proposed: None,
            chat: Vec::new(),
            incoming: None,
            asked: None,
            problem: None,
            peer_left: false,
            refusals: Refusals::new(),
            // A host takes watchers, with a secret of their own.
            audience: hosts.then(|| Audience::new(Secret::random())),
            watch_invitation: None,
            expected: None,
            seated: None,
            friend_kept: ended_before,
            secret,
            key,
            slot,
            kept: false,
            echo: None,
            refusal: None,
            pinged: None,
            next_ping: None,
            since: Instant::now(),
        }
    }

    /// Our side, once the game has settings.
    pub fn my_side(&self) -> Option<Color> {
        self.session.my_side()
    }

    /// The friend's name, once known.
    pub fn peer_name(&self) -> Option<&str> {
        self.session.peer_name()
    }

    /// Drops the connection as a network failure would (the link dials or
    /// accepts again): for tests and trying the reconnection out.
    pub fn cut(&self) {
        if let link::Slot::Up(link) = &self.slot {
            link.cut();
        }
    }

    /// Whether the link is up (started, not failed).
    pub fn link_up(&self) -> bool {
        matches!(self.slot, link::Slot::Up(_))
    }
}

/// Where links may go: this machine only (`--local` or the setting), or
/// the internet (through the relay chosen, else n0's public ones).
pub fn network(settings: &Settings) -> Network {
    if settings.online_local_now() {
        return Network::Local;
    }
    let relay = settings
        .online_relay_now()
        .and_then(|text| text.parse().ok());
    Network::Public { relay }
}

/// The clocks an online game's settings ask for.
pub fn time_control(settings: &GameSettings) -> Option<TimeControl> {
    settings.clock.map(|clock| TimeControl {
        base: Duration::from_millis(clock.base_ms),
        increment: Duration::from_millis(clock.increment_ms),
    })
}

/// The result and how it came, for the game-over dialog: `None` unless
/// the online game ended by agreement, resignation or time.
pub fn ended_off_the_board(online: &Online, mode: Mode) -> Option<(GameResult, EndReason)> {
    let connection = online.shown(mode)?;
    connection
        .session
        .result()
        .filter(|(_, reason)| *reason != EndReason::Rules)
}

/// Whether we host this game (else we joined it).
pub fn hosting(connection: &Connection) -> bool {
    connection.session.seat() == Seat::Host
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chat_keeps_its_last_lines_only() {
        let session = Session::join(Secret::random(), "Ben");
        let slot = link::Slot::Failed;
        let mut connection = Connection::new(session, Secret::random(), None, slot);
        for n in 0..CHAT_KEPT + 50 {
            connection.said(ChatLine {
                mine: n % 2 == 0,
                text: n.to_string(),
            });
        }
        assert_eq!(connection.chat.len(), CHAT_KEPT);
        assert_eq!(connection.chat[0].text, "50");
        assert_eq!(
            connection.chat[CHAT_KEPT - 1].text,
            (CHAT_KEPT + 49).to_string()
        );
    }
}
