//! The board and the online game: our moves on the board sent to the
//! session, Undo asking a takeback, the clocks held while the line is
//! down, our flag announced, and the board following the session (the
//! friend's moves played one a frame, anything else a jump).

use bevy::prelude::*;

use super::requests::action_key;
use super::{Online, OnlineRequest, Watching, link, time_control};
use crate::game::core::{
    CurrentGame, CurrentMode, GameClock, HoldClocks, Jump, MovePlayed, Players, RemoteGame, Turn,
    Words,
};
use crate::game::saves::RecordsAction;
use crate::net::EndReason;
use crate::records::Seats;

/// Our moves on the board go to the session (the friend's, which the
/// session played first, are already there).
pub(super) fn send_own_moves(
    mut played: MessageReader<MovePlayed>,
    mut online: ResMut<Online>,
    (clock, mode): (Res<GameClock>, CurrentMode),
    words: Res<Words>,
) {
    let Some(connection) = online.shown_mut(mode.get()) else {
        played.clear();
        return;
    };
    for MovePlayed { mv, .. } in played.read() {
        let Some(side) = connection.my_side() else {
            continue;
        };
        if connection.echo.take() == Some(*mv) {
            // The friend's move, played on the board from the session.
            continue;
        }
        let session = &mut connection.session;
        let text = session.game().move_string(*mv);
        let clock_ms = clock.0.map(|c| c.remaining(side).as_millis() as u64);
        if let Err(e) = session.play_timed(&text, clock_ms) {
            // The board goes back to the session's game, and says why.
            connection.refusal = Some(words.get(action_key(&e)));
        }
        connection.asked = None;
        connection.incoming = None;
    }
}

/// Undo in an online game asks the friend to take the last move back.
pub(super) fn takeback_for_undo(
    mut actions: MessageReader<RecordsAction>,
    mut requests: MessageWriter<OnlineRequest>,
    mode: CurrentMode,
) {
    let undo = actions.read().any(|a| *a == RecordsAction::Undo);
    if undo && mode.get().online().is_some() {
        requests.write(OnlineRequest::Takeback);
    }
}

/// The clocks stand still while the connection is down.
pub(super) fn hold_clocks_while_the_line_is_down(
    online: Res<Online>,
    mode: CurrentMode,
    mut hold: MessageWriter<HoldClocks>,
) {
    let down = online
        .shown(mode.get())
        .is_some_and(|c| !c.link_state.connected);
    hold.write(HoldClocks(down));
}

/// Our clock ran out: the game is lost on time, and the friend is told.
pub(super) fn own_flag_falls(mut online: ResMut<Online>, clock: Res<GameClock>, mode: CurrentMode) {
    let Some(connection) = online.shown_mut(mode.get()) else {
        return;
    };
    let Some(side) = connection.my_side() else {
        return;
    };
    if clock.flagged() == Some(side) && connection.session.result().is_none() {
        let _ = connection.session.out_of_time();
    }
}

/// The game that arrives from elsewhere goes on the board as the playing
/// screen is entered (after the game started there by default): the
/// online game once its session started (the screen is asked for then, or
/// for a resumed one), else the watched game once its settings came.
pub(super) fn seat_the_arriving_game(
    mut online: ResMut<Online>,
    watching: Res<Watching>,
    mut jump: Jump,
) {
    if let Some(connection) = online.0.as_mut()
        && let Some(me) = connection
            .my_side()
            .filter(|_| connection.session.started())
    {
        let game_id = jump.players().game_id;
        seat_the_session(connection, me, game_id, &mut jump);
    } else if let Some(watcher) = watching.0.as_ref()
        && watcher.watch.settings().is_some()
    {
        let game_id = jump.players().game_id;
        take_the_board(
            &mut jump,
            game_id,
            Seats::Watching,
            watcher.watch.game(),
            None,
        );
    }
}

/// The board follows the session: the friend's moves played one a frame
/// (each slides), anything else (a takeback, a sync, our move refused) a
/// jump to the session's game. Once another game has taken the board (a
/// new game, one loaded: its seats are no longer an online game's), this
/// one is left, kept in its autosave.
pub(super) fn follow_the_session(
    mut online: ResMut<Online>,
    mut jump: Jump,
    turn: Res<State<Turn>>,
) {
    let Some(connection) = online.0.as_mut() else {
        return;
    };
    let session = &connection.session;
    if !session.started() {
        return;
    }
    if jump.mode().online().is_none() {
        if let Some(mut connection) = online.0.take() {
            connection.session.bye();
            link::close(connection);
        }
        return;
    }
    let ours = session.game();
    match follow(&mut jump, *turn.get(), ours) {
        Followed::NotNow => {}
        Followed::Same => {
            let ended_here = session
                .result()
                .is_some_and(|(_, reason)| reason != EndReason::Rules);
            if ended_here && *turn.get() == Turn::AwaitingInput {
                jump.end_game();
            }
        }
        Followed::Played(next) => connection.echo = Some(next),
        Followed::Jumped => {
            connection.echo = None;
            if let Some(why) = connection.refusal.take() {
                jump.notice().show(why);
            }
        }
    }
}

/// A rematch started: its game takes the board the last one is on, as a
/// game of its own (a new id: the last one stays kept as it ended).
pub(super) fn seat_the_next_round(mut online: ResMut<Online>, mut jump: Jump) {
    let Some(connection) = online.0.as_mut() else {
        return;
    };
    let session = &connection.session;
    let round = session.round();
    let (Some(seated), Some(me), true) = (connection.seated, session.my_side(), session.started())
    else {
        return;
    };
    if seated == round || jump.mode().online().is_none() {
        return;
    }
    let game_id = jump.players().game_id + 1;
    seat_the_session(connection, me, game_id, &mut jump);
    connection.echo = None;
}

/// The online game's session on the board as game `game_id`, we playing
/// `me`: seated, its clocks started, the friend and the game named, its
/// round noted.
fn seat_the_session(
    connection: &mut super::Connection,
    me: crate::rules::Color,
    game_id: u64,
    jump: &mut Jump,
) {
    let session = &connection.session;
    let seats = Seats::Online {
        remote: me.opponent(),
    };
    let control = session.settings().and_then(time_control);
    take_the_board(jump, game_id, seats, session.game(), control);
    jump.name_remote(RemoteGame {
        name: session.peer_name().map(str::to_string),
        id: Some(format!("{}r{}", session.secret().to_hex(), session.round())),
    });
    connection.seated = Some(session.round());
}

/// Puts a game that arrives from elsewhere (played online, or watched) on
/// the board as game `game_id`, seated as `seats`, its clocks started
/// afresh.
fn take_the_board(
    jump: &mut Jump,
    game_id: u64,
    seats: Seats,
    game: &crate::rules::Game,
    control: Option<crate::records::TimeControl>,
) {
    jump.seat(Players::seated(game_id, seats));
    let game = game.clone();
    jump.change(Turn::AwaitingInput, |current| {
        *current = CurrentGame::new(game);
        true
    });
    jump.set_clocks(GameClock::start(control));
}

/// What [`follow`] did.
pub(super) enum Followed {
    /// Nothing: the board is in review, a piece is sliding, or the move
    /// shown is not the last.
    NotNow,
    /// The board shows the game already.
    Same,
    /// The game's next move is played on the board (it slides).
    Played(crate::rules::Move),
    /// The board jumped to the game (a takeback, a sync, a refusal).
    Jumped,
}

/// Brings the board one step toward `ours`, the game it follows (online,
/// played or watched): its next move when the board is that game so far,
/// else a jump to it.
pub(super) fn follow(jump: &mut Jump, turn: Turn, ours: &crate::rules::Game) -> Followed {
    let current = jump.current();
    if jump.mode().reviewing() || turn == Turn::Animating || !current.at_end() {
        return Followed::NotNow;
    }
    let shown = current.game();
    if shown.ply() == ours.ply() && shown.hash() == ours.hash() {
        return Followed::Same;
    }
    let follows = shown.ply() < ours.ply()
        && shown.moves().zip(ours.moves()).all(|(a, b)| a == b)
        && shown.options() == ours.options();
    match ours.moves().nth(shown.ply() as usize) {
        Some(next) if follows && turn == Turn::AwaitingInput => {
            jump.play(next);
            Followed::Played(next)
        }
        _ => {
            let game = ours.clone();
            jump.change(Turn::AwaitingInput, |current| {
                *current = CurrentGame::new(game);
                true
            });
            Followed::Jumped
        }
    }
}
