//! Friends in the window: the people played online (`crate::net::Friends`,
//! in the data folder), read at the start and written as each online game
//! ends, both off the frame; the online window lists them, each with
//! "Play again" ([`OnlineRequest::PlayFriend`](super::OnlineRequest)).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use super::{Online, hosting};
use crate::game::core::{CurrentMode, Settings};
use crate::game::saves::RecordPaths;
use crate::net::friends::FILE;
use crate::net::resume::ResumeError;
use crate::net::{Friend, Friends};
use crate::records::KeptGame;

/// The friends known, once read, or why they cannot be.
#[derive(Resource, Default)]
pub struct FriendsBook {
    /// Newest first.
    pub friends: Vec<Friend>,
    /// The file is damaged (the words' detail); it is left as it is.
    pub problem: Option<String>,
    /// Reading or writing the file.
    task: Option<Task<Result<Friends, ResumeError>>>,
    /// The file was read once.
    read: bool,
}

fn file_in(paths: &RecordPaths) -> Option<PathBuf> {
    paths.data_dir().map(|dir| dir.join(FILE))
}

/// Reads the friends once, off the frame.
pub(super) fn read_the_friends(mut book: ResMut<FriendsBook>, paths: Res<RecordPaths>) {
    if book.read || book.task.is_some() {
        return;
    }
    book.read = true;
    let Some(path) = file_in(&paths) else {
        return;
    };
    book.task = Some(IoTaskPool::get().spawn(async move { Friends::load(&path) }));
}

/// The friends once read or written.
pub(super) fn note_the_friends(mut book: ResMut<FriendsBook>) {
    let Some(task) = book.task.as_mut() else {
        return;
    };
    let Some(done) = check_ready(task) else {
        return;
    };
    book.task = None;
    match done {
        Ok(friends) => {
            book.friends = friends.friends;
            book.problem = None;
        }
        Err(e) => {
            warn!("friends: {e}");
            book.problem = Some(e.to_string());
        }
    }
}

/// As an online game ends (once a round, never for a game that had ended
/// before this run), the friend is kept with how it went, off the frame.
pub(super) fn keep_the_friend(
    mut online: ResMut<Online>,
    mut book: ResMut<FriendsBook>,
    (paths, settings, mode): (Res<RecordPaths>, Res<Settings>, CurrentMode),
) {
    let Some(connection) = online.shown_mut(mode.get()) else {
        return;
    };
    let round = connection.session.round();
    if connection.session.result().is_none() || connection.friend_kept == Some(round) {
        return;
    }
    connection.friend_kept = Some(round);
    let Some(key) = connection.key else {
        return;
    };
    let port = match (hosting(connection), settings.online_local_now()) {
        (true, true) => connection
            .invitation
            .as_ref()
            .and_then(|i| i.addrs.first())
            .map_or(0, |a| a.port()),
        _ => 0,
    };
    let (date, _) = KeptGame::now();
    let dialled = connection
        .invitation
        .as_ref()
        .filter(|_| !hosting(connection));
    let Some(friend) = Friend::after(&connection.session, key, port, dialled, date) else {
        return;
    };
    let (Some(path), None) = (file_in(&paths), book.problem.as_ref()) else {
        // A damaged file is not written over.
        return;
    };
    // Shown at once; the file follows.
    let mut shown = Friends {
        friends: std::mem::take(&mut book.friends),
    };
    shown.played(friend.clone());
    book.friends = shown.friends;
    book.task = Some(IoTaskPool::get().spawn(async move { Friends::record(&path, friend) }));
}
