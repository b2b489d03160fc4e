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
pub(in crate::game) mod screen;
mod watch;

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::game::core::{GameSystems, Mode, Notices, Screen, Settings, StartGame, Words};
use crate::game::saves::{AutosaveStatus, RecordPaths};
use crate::net::{
    ActionError, Audience, EndReason, GameResult, GameSettings, Invitation, Network, PathKind,
    Refusals, Seat, Secret, Session, SessionEvent,
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
            handle_requests,
            resume_once_read,
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
        (leave_on_exit, watch::stop_on_exit),
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

/// The words for what an action of ours could not do.
/// Why an invitation was refused, in words, with how many tries in a row
/// were refused (so a second Join shows it did something).
fn invitation_refused(words: &Words, error: &crate::net::InviteError, tries: u32) -> String {
    use crate::net::InviteError;
    let reason = match error {
        InviteError::Encoding | InviteError::TooShort(_) => words.get("online-bad-invitation"),
        InviteError::Damaged(what) => words.format(
            "online-damaged-invitation",
            &crate::text::Args::new().with("what", what.to_string()),
        ),
        InviteError::Version(_) => words.get("online-newer-invitation"),
    };
    if tries < 2 {
        return reason;
    }
    words.format(
        "online-refused-again",
        &crate::text::Args::new()
            .with("reason", reason)
            .with("tries", tries),
    )
}

fn action_key(error: &ActionError) -> &'static str {
    match error {
        ActionError::NotPlaying => "online-not-playing",
        ActionError::NotYourTurn => "online-not-your-turn",
        ActionError::BadMove { .. } | ActionError::Illegal(_) => "online-move-refused",
        ActionError::NoOffer => "online-no-offer",
        ActionError::ChatTooLong => "online-chat-too-long",
        ActionError::BadSettings(_) => "online-bad-settings",
        ActionError::NothingToTakeBack => "online-nothing-to-take-back",
    }
}

/// A friend's next game (`Err`: the words' key for why not): hosted with
/// our key for them and their port, or dialled with the kept invitation.
fn play_friend(
    friend: &crate::net::Friend,
    settings: &Settings,
    name: &str,
) -> Result<Connection, &'static str> {
    let key = friend.key_bytes().ok_or("online-bad-invitation")?;
    let mode = network(settings);
    if friend.host {
        let secret = friend.next_secret().ok_or("online-bad-invitation")?;
        let session =
            Session::host(secret, friend.next_settings(name)).map_err(|e| action_key(&e))?;
        let port = if mode == Network::Local {
            friend.port
        } else {
            0
        };
        let slot = link::Slot::host(mode, key, port);
        let mut connection = Connection::new(session, secret, Some(key), slot);
        connection.expected = Some(friend.clone());
        Ok(connection)
    } else {
        let invitation = friend.next_invitation().ok_or("online-bad-invitation")?;
        let session = Session::join(invitation.secret, name);
        let slot = link::Slot::join(mode, invitation.clone(), Some(key));
        let mut connection = Connection::new(session, invitation.secret, Some(key), slot);
        connection.invitation = Some(invitation);
        connection.expected = Some(friend.clone());
        Ok(connection)
    }
}

#[allow(clippy::too_many_arguments)]
fn handle_requests(
    mut requests: MessageReader<OnlineRequest>,
    (mut online, mut watching): (ResMut<Online>, ResMut<Watching>),
    (settings, paths, status): (Res<Settings>, Res<RecordPaths>, Res<AutosaveStatus>),
    book: Res<FriendsBook>,
    (mut notice, words): (Notices, Res<Words>),
    mut screen: ResMut<NextState<Screen>>,
    mut resuming: ResMut<ResumingOnline>,
    mut refused_in_a_row: Local<u32>,
) {
    for request in requests.read() {
        let mut say = |key: &str| notice.show(words.get(key));
        if !matches!(request, OnlineRequest::Join { .. }) {
            *refused_in_a_row = 0;
        }
        match request {
            OnlineRequest::Host(game) => {
                if let Some(old) = online.0.take() {
                    link::close(old);
                }
                let secret = Secret::random();
                match Session::host(secret, game.clone()) {
                    Ok(session) => {
                        let key = crate::net::Link::new_key();
                        let slot = link::Slot::host(network(&settings), key, 0);
                        online.0 = Some(Connection::new(session, secret, Some(key), slot));
                    }
                    Err(e) => say(action_key(&e)),
                }
            }
            OnlineRequest::Join { invitation, name } => {
                match Invitation::parse(invitation.trim()) {
                    Ok(read) if read.role == crate::net::Role::Watcher => {
                        // A watch-only invitation: the game is watched.
                        if let Some(old) = watching.0.take() {
                            old.close();
                        }
                        let mode = network(&settings);
                        watching.0 = Some(Watcher::dial(mode, read, name));
                        say("online-watch-dialling");
                    }
                    Ok(read) => {
                        if let Some(old) = online.0.take() {
                            link::close(old);
                        }
                        let session = Session::join(read.secret, name);
                        // Our key is kept with the game: dialling again after
                        // a restart, we are the same peer to the host.
                        let key = crate::net::Link::new_key();
                        let slot = link::Slot::join(network(&settings), read.clone(), Some(key));
                        let mut connection = Connection::new(session, read.secret, Some(key), slot);
                        connection.invitation = Some(read);
                        online.0 = Some(connection);
                    }
                    Err(e) => {
                        warn!("invitation refused: {e}");
                        *refused_in_a_row += 1;
                        notice.show(invitation_refused(&words, &e, *refused_in_a_row));
                        continue;
                    }
                }
            }
            OnlineRequest::PlayFriend(k) => {
                let Some(friend) = book.friends.get(*k) else {
                    continue;
                };
                let name = match settings.player_name.trim() {
                    "" => words.get("online-default-name"),
                    typed => typed.to_string(),
                };
                match play_friend(friend, &settings, &name) {
                    Ok(connection) => {
                        if let Some(old) = online.0.replace(connection) {
                            link::close(old);
                        }
                    }
                    Err(key) => say(key),
                }
            }
            OnlineRequest::Resume => {
                if let Err(key) = keep::start_resume(&mut resuming, &paths, status.online) {
                    say(key);
                }
            }
            OnlineRequest::Leave => {
                if let Some(mut connection) = online.0.take() {
                    connection.session.bye();
                    link::close(connection);
                }
            }
            other => {
                let Some(connection) = online.0.as_mut() else {
                    continue;
                };
                match act(connection, other) {
                    Ok(events) => {
                        for event in events {
                            link::heard(connection, event, &mut notice, &words, &mut screen);
                        }
                    }
                    Err(e) => say(action_key(&e)),
                }
            }
        }
    }
}

/// The online game asked to go on, once its files are read (off the
/// frame): dialled again and put on the board, or why not said.
fn resume_once_read(
    mut resuming: ResMut<ResumingOnline>,
    mut online: ResMut<Online>,
    settings: Res<Settings>,
    (mut notice, words): (Notices, Res<Words>),
    mut screen: ResMut<NextState<Screen>>,
) {
    match keep::take_the_resume(&mut resuming, &settings) {
        None => {}
        Some(Ok(connection)) => {
            if let Some(old) = online.0.take() {
                link::close(old);
            }
            online.0 = Some(connection);
            screen.set(Screen::Playing);
        }
        Some(Err(key)) => notice.show(words.get(key)),
    }
}

/// A request within the game: the session says whether it can, and what
/// came of it.
fn act(
    connection: &mut Connection,
    request: &OnlineRequest,
) -> Result<Vec<SessionEvent>, ActionError> {
    let session = &mut connection.session;
    let mut events = Vec::new();
    match request {
        OnlineRequest::Accept => {
            events = session.accept_settings()?;
            connection.proposed = None;
        }
        OnlineRequest::Decline => {
            session.decline_settings()?;
            connection.proposed = None;
        }
        OnlineRequest::OfferDraw => {
            session.offer_draw()?;
            connection.asked = Some(Offer::Draw);
        }
        OnlineRequest::AnswerDraw(accept) => {
            connection.incoming = None;
            events = session.answer_draw(*accept)?;
        }
        OnlineRequest::Takeback => {
            session.request_takeback()?;
            connection.asked = Some(Offer::Takeback);
        }
        OnlineRequest::AnswerTakeback(accept) => {
            connection.incoming = None;
            events = session.answer_takeback(*accept)?;
        }
        OnlineRequest::Resign => {
            events = session.resign()?;
        }
        OnlineRequest::Rematch => {
            events = session.offer_rematch()?;
            if events.is_empty() {
                connection.asked = Some(Offer::Rematch);
            }
        }
        OnlineRequest::AnswerRematch(accept) => {
            connection.incoming = None;
            events = session.answer_rematch(*accept)?;
        }
        OnlineRequest::Chat(text) => {
            let text = text.trim();
            if !text.is_empty() {
                session.chat(text)?;
                connection.said(ChatLine {
                    mine: true,
                    text: text.to_string(),
                });
            }
        }
        OnlineRequest::Host(_)
        | OnlineRequest::Join { .. }
        | OnlineRequest::PlayFriend(_)
        | OnlineRequest::Resume
        | OnlineRequest::Leave => {}
    }
    Ok(events)
}

/// Leaving the board leaves the online game (the friend is told; the game
/// stays in its autosave to resume).
fn leave_on_exit(mut online: ResMut<Online>) {
    // A started game was on the board (it is put there as the board is
    // entered); one not started yet waits for the friend.
    if online.0.as_ref().is_some_and(|c| c.session.started())
        && let Some(mut connection) = online.0.take()
    {
        connection.session.bye();
        link::close(connection);
    }
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
