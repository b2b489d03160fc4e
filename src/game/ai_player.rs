//! The AI as a player: when it is the AI's turn (see [`Players`]) and input
//! is awaited, a search for the game as it stands runs on Bevy's
//! `AsyncComputeTaskPool`, never on the main thread, so the window keeps
//! drawing and answering while it thinks. Each frame the task is polled;
//! its move is sent as a `PlayMove`, the same path a human move takes, but
//! only if the game it searched is still the one in play (same game id and
//! move count). Restarting, going back to the menu or leaving the game sets
//! the search's cancel flag and drops it, so a stale move is never applied.
//! A forced pass is played at once, without searching.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::GameSystems;
use super::board::CurrentGame;
use super::new_game::{Players, Restart};
use super::screens::Screen;
use super::turn::{PlayMove, Turn};
use crate::ai::Engine;
use crate::rules::Move;

/// Size of the transposition table of the engine made for each move.
const TT_MEGABYTES: usize = 32;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiThinking>();
    app.add_systems(
        Update,
        (cancel_stale_search, drive_search)
            .chain()
            .in_set(GameSystems::Select)
            .after(Restart)
            .run_if(in_state(Screen::Playing)),
    );
    app.add_systems(OnExit(Screen::Playing), cancel_search);
}

/// The AI's search in progress, if any.
#[derive(Resource, Default)]
pub struct AiThinking(Option<Search>);

impl AiThinking {
    /// Whether the AI is searching for a move now.
    pub fn is_thinking(&self) -> bool {
        self.0.is_some()
    }

    /// Stops the search (it sees the flag within a few nodes) and forgets it.
    fn cancel(&mut self) {
        if let Some(search) = self.0.take() {
            search.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// One search on the task pool, and what it was for.
struct Search {
    task: Task<Option<Move>>,
    cancel: Arc<AtomicBool>,
    /// The game searched: its id and how many moves had been played.
    game_id: u64,
    ply: u32,
}

/// A game restarted under a running search: stop it now rather than when it
/// finishes.
fn cancel_stale_search(
    mut thinking: ResMut<AiThinking>,
    players: Res<Players>,
    game: Res<CurrentGame>,
) {
    if thinking
        .0
        .as_ref()
        .is_some_and(|s| s.game_id != players.game_id || s.ply != game.game().ply())
    {
        thinking.cancel();
    }
}

/// Polls the running search, or starts one when the AI is to move. Never
/// both in one frame: a move just sent is only played later this frame.
fn drive_search(
    mut thinking: ResMut<AiThinking>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    turn: Res<State<Turn>>,
    mut play: MessageWriter<PlayMove>,
) {
    if thinking.is_thinking() {
        poll_search(&mut thinking, &players, &game, &turn, &mut play);
    } else {
        start_search(&mut thinking, &players, &game, &turn, &mut play);
    }
}

fn poll_search(
    thinking: &mut AiThinking,
    players: &Players,
    game: &CurrentGame,
    turn: &State<Turn>,
    play: &mut MessageWriter<PlayMove>,
) {
    let Some(search) = thinking.0.as_mut() else {
        return;
    };
    let Some(best) = check_ready(&mut search.task) else {
        return;
    };
    let current = search.game_id == players.game_id
        && search.ply == game.game().ply()
        && *turn.get() == Turn::AwaitingInput
        && players.ai_to_move(game.game());
    thinking.0 = None;
    match best {
        Some(mv) if current => {
            play.write(PlayMove(mv));
        }
        Some(_) => {}
        None => warn!("the AI found no move"),
    }
}

fn start_search(
    thinking: &mut AiThinking,
    players: &Players,
    game: &CurrentGame,
    turn: &State<Turn>,
    play: &mut MessageWriter<PlayMove>,
) {
    let game = game.game();
    let Some((_, difficulty)) = players.ai else {
        return;
    };
    if thinking.is_thinking() || *turn.get() != Turn::AwaitingInput || !players.ai_to_move(game) {
        return;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves == [Move::Pass] {
        info!("the AI has no legal move and passes");
        play.write(PlayMove(Move::Pass));
        return;
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let position = game.clone();
    let seed = rand::random::<u64>();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut engine = Engine::new(TT_MEGABYTES);
        engine.choose(&position, difficulty, seed, &flag).best
    });
    thinking.0 = Some(Search {
        task,
        cancel,
        game_id: players.game_id,
        ply: game.ply(),
    });
}

fn cancel_search(mut thinking: ResMut<AiThinking>) {
    thinking.cancel();
}
