//! What the player asks of online play ([`OnlineRequest`]), carried out:
//! hosting, joining, playing a friend again, resuming, the offers and the
//! chat; and leaving the board leaves the online game.

use bevy::prelude::*;

use super::{
    ChatLine, Connection, FriendsBook, Offer, Online, OnlineRequest, ResumingOnline, Watcher,
    Watching, keep, link, network,
};
use crate::game::core::{Notices, Screen, Settings, Words};
use crate::game::saves::{AutosaveStatus, RecordPaths};
use crate::net::{ActionError, Invitation, Network, Secret, Session, SessionEvent};

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

pub(super) fn action_key(error: &ActionError) -> &'static str {
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
pub(super) fn handle_requests(
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
pub(super) fn resume_once_read(
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
pub(super) fn leave_on_exit(mut online: ResMut<Online>) {
    // A started game was on the board (it is put there as the board is
    // entered); one not started yet waits for the friend.
    if online.0.as_ref().is_some_and(|c| c.session.started())
        && let Some(mut connection) = online.0.take()
    {
        connection.session.bye();
        link::close(connection);
    }
}
