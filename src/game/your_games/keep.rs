//! Every game the player finishes, kept as theirs at its last move: as the
//! game ends (by the rules, a resignation, a flag, an agreement online),
//! its record is built here (who played, the friend's name, the AI's
//! level, how it ended, the clocks, the rating's change) and handed to the
//! autosave's writer ([`FinishGame`]), which keeps it, off the frame,
//! before it removes the autosave.
//!
//! Only a game that was played on the board in this run is kept (a game
//! loaded at its end is not the player's to keep again): one of theirs
//! against the AI or a person at this screen, online, or watched online
//! when the settings say so; never an exhibition or the analysis board.
//! The same game ending again (an undo after the end, then another end)
//! replaces what was kept, by the game's own id.

use bevy::prelude::*;

use crate::game::core::{
    CurrentGame, CurrentMode, GameClock, Players, Resignation, Settings, Turn,
};
use crate::game::learn::Rating;
use crate::game::online::{Online, Watching};
use crate::game::saves::FinishGame;
use crate::net::{EndReason, GameResult as NetResult};
use crate::records::{Ending, GameResult, KeptGame, PlayKind, Seats};

/// The game on the board as this folder follows it: whether it was played
/// here (its turn awaited a move), and the id it is kept under.
#[derive(Resource, Debug, Default)]
pub struct Following {
    /// The [`Players::game_id`] of the game last live on the board.
    live: Option<u64>,
    /// The game kept last: its `game_id`, its own id, and how many moves
    /// and which ending it was kept with.
    kept: Option<(u64, String, usize, Ending)>,
}

/// Whether the game on the board is kept: for the game-over box.
#[derive(bevy::ecs::system::SystemParam)]
pub struct KeptNow<'w> {
    following: Res<'w, Following>,
    kept: Res<'w, crate::game::saves::KeptGames>,
    players: Res<'w, Players>,
}

impl KeptNow<'_> {
    /// `Some(true)` once the game on the board is kept, `Some(false)`
    /// while it is being kept, `None` when it is not one to keep.
    pub fn state(&self) -> Option<bool> {
        let (game_id, id, ..) = self.following.kept.as_ref()?;
        if *game_id != self.players.game_id {
            return None;
        }
        let stored = self.kept.last.as_ref().is_some_and(|(last, _)| last == id);
        Some(stored && !self.kept.keeping)
    }
}

/// Notes that the game on the board is live: its turn awaits a move or
/// slides one.
pub(super) fn follow_the_game(
    turn: Res<State<Turn>>,
    players: Res<Players>,
    mut following: ResMut<Following>,
) {
    if matches!(turn.get(), Turn::AwaitingInput | Turn::Animating)
        && following.live != Some(players.game_id)
    {
        following.live = Some(players.game_id);
    }
}

/// The result and how it came, for a game ended off the board.
fn net_result(result: NetResult, reason: EndReason) -> (GameResult, Ending) {
    let result = match result {
        NetResult::WhiteWins => GameResult::WhiteWins,
        NetResult::BlackWins => GameResult::BlackWins,
        NetResult::Draw => GameResult::Draw,
    };
    let ending = match reason {
        EndReason::Rules => Ending::Rules,
        EndReason::Resigned => Ending::Resigned,
        EndReason::DrawAgreed => Ending::Agreed,
        EndReason::Time => Ending::Time,
    };
    (result, ending)
}

/// What the game on the board needs, besides the board, to be kept.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Ended<'w> {
    current: Res<'w, CurrentGame>,
    players: Res<'w, Players>,
    clock: Res<'w, GameClock>,
    move_clocks: Res<'w, crate::game::core::MoveClocks>,
    resignation: Res<'w, Resignation>,
    online: Res<'w, Online>,
    watching: Res<'w, Watching>,
    rating: Res<'w, Rating>,
    settings: Res<'w, Settings>,
}

impl Ended<'_> {
    /// The result and how it came: the board's, an online game's end off
    /// the board, a resignation against the AI, a flag.
    fn ending(&self, mode: crate::game::core::Mode) -> Option<(GameResult, Ending)> {
        let game = self.current.game();
        if let Some(result) = GameResult::from_status(game.status()) {
            return Some((result, Ending::Rules));
        }
        let online = crate::game::online::ended_off_the_board(&self.online, mode)
            .map(|(result, reason)| net_result(result, reason));
        let watched = self
            .watching
            .shown(mode)
            .and_then(|watcher| watcher.watch.result())
            .map(|(result, reason)| net_result(result, reason));
        let resigned = self
            .resignation
            .of(&self.players)
            .map(|side| (GameResult::win_for(side.opponent()), Ending::Resigned));
        let flagged = self
            .clock
            .flagged()
            .map(|side| (GameResult::win_for(side.opponent()), Ending::Time));
        online.or(watched).or(resigned).or(flagged)
    }

    /// White's and Black's names.
    fn names(&self, mode: crate::game::core::Mode) -> [String; 2] {
        let player = self.settings.player_or_you();
        let seats = self.players.seats;
        let others = match seats {
            Seats::Online { remote } => self
                .online
                .shown(mode)
                .and_then(|connection| connection.peer_name())
                .map(|friend| {
                    let mut names = [String::new(), String::new()];
                    names[usize::from(remote == crate::rules::Color::Black)] = friend.to_string();
                    names
                }),
            Seats::Watching => self.watching.shown(mode).map(|watcher| {
                crate::rules::Color::ALL
                    .map(|side| watcher.watch.name_of(side).unwrap_or("?").to_string())
            }),
            _ => None,
        };
        KeptGame::names(seats, &player, others)
    }
}

/// As a game ends: keeps it (see the module's docs), or has its autosave
/// removed when it is not one to keep.
pub(super) fn keep_the_finished_game(
    ended: Ended,
    mode: CurrentMode,
    mut following: ResMut<Following>,
    mut finish: MessageWriter<FinishGame>,
) {
    let mode = mode.get();
    let Some(kind) = mode.autosave_kind() else {
        return;
    };
    let players = &ended.players;
    if following.live != Some(players.game_id) {
        return;
    }
    let seats = players.seats;
    let keeps = match seats {
        Seats::Human => kind == PlayKind::Game,
        Seats::Ai { .. } | Seats::Online { .. } => true,
        Seats::Watching => ended.settings.keep_watched_games,
        Seats::Exhibition { .. } => false,
    };
    let game = ended.current.game();
    let ending = ended.ending(mode);
    let (Some((result, ending)), true) = (ending, keeps && game.moves().len() > 0) else {
        finish.write(FinishGame { kind, kept: None });
        return;
    };
    let plies = game.moves().len();
    let id = match &following.kept {
        Some((game_id, id, kept_plies, kept_ending)) if *game_id == players.game_id => {
            if (*kept_plies, *kept_ending) == (plies, ending) {
                // Kept already (the end seen again after a review).
                return;
            }
            id.clone()
        }
        _ => KeptGame::new_id(),
    };
    let rated = ended
        .rating
        .last
        .filter(|last| last.game_id == players.game_id)
        .map(|last| (last.before, last.after));
    let kept = KeptGame {
        id: id.clone(),
        game: game.clone(),
        seats,
        names: ended.names(mode),
        result: Some(result),
        ending,
        ended_at: KeptGame::now(),
        clocks: ended.clock.0,
        move_clocks: ended.move_clocks.of_game(players.game_id, plies as u32),
        rated,
    };
    info!(
        "keeping the game {id}: {} after {plies} moves ({})",
        result.uhp_name(),
        ending.word()
    );
    following.kept = Some((players.game_id, id, plies, ending));
    finish.write(FinishGame {
        kind,
        kept: Some(Box::new(kept)),
    });
}
