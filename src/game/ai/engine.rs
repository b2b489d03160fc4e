//! The AI's engine in the app, and its searches on the task pool.
//!
//! One [`Engine`] serves every search of a game (the AI's moves and the
//! hints): made on the first search, on the task pool (so the frame never
//! waits for its table to be zero-filled), its transposition table kept from
//! move to move so each search starts from what the last one learned, and
//! cleared when a new game starts. Expert and the analysis search on every
//! core but one ([`search_threads`]: Lazy SMP, the helper threads started
//! from the task pool's thread and sharing its lower priority). A [`Search`] runs on Bevy's
//! `AsyncComputeTaskPool`, never on the main thread; dropping it sets its
//! cancel flag, so a search for a position that is gone stops within a few
//! nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::{Difficulty, Engine, Limits, SearchResult, available_threads};
use crate::game::core::{GameSystems, NewGame, Players, Screen};
use crate::rules::{Color, Game};

/// Size of the engine's transposition table.
const TT_MEGABYTES: usize = 32;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiEngine>();
    app.add_systems(OnEnter(Screen::Playing), clear_table);
    app.add_systems(
        Update,
        clear_table_on_new_game
            .in_set(GameSystems::Jump)
            .run_if(on_message::<NewGame>),
    );
}

/// The engine shared by the searches of the game in play.
#[derive(Resource, Clone, Default)]
pub struct AiEngine(Arc<Mutex<Slot>>);

#[derive(Default)]
struct Slot {
    engine: Option<Engine>,
    /// The table holds results of an earlier game: clear it first.
    stale: bool,
    /// How many engines (and tables) were made, and tables cleared.
    made: u32,
    cleared: u32,
}

impl AiEngine {
    /// How many engines (each with its table) have been made since the app
    /// started: one, once the AI has searched.
    pub fn engines_made(&self) -> u32 {
        self.lock().made
    }

    /// How many times the table was cleared for a new game.
    pub fn tables_cleared(&self) -> u32 {
        self.lock().cleared
    }

    /// Whether a search holds the engine at this moment: one running, or
    /// one cancelled a moment ago that has not yet seen its flag (a test's
    /// way to know that nothing of a dropped search can still arrive).
    pub fn is_searching(&self) -> bool {
        matches!(self.0.try_lock(), Err(std::sync::TryLockError::WouldBlock))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Slot> {
        // A search that panicked leaves a usable slot: at worst a table
        // half written, which only costs speed.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forget what earlier games taught the table (done by the next search).
    fn mark_stale(&self) {
        self.lock().stale = true;
    }

    /// Runs `search` with the engine, made or cleared first if needed.
    fn with_engine<T>(&self, search: impl FnOnce(&mut Engine) -> T) -> T {
        let mut slot = self.lock();
        let slot = &mut *slot;
        if slot.engine.is_none() {
            slot.made += 1;
            slot.stale = false;
        }
        let stale = std::mem::take(&mut slot.stale);
        let engine = slot.engine.get_or_insert_with(|| {
            let mut engine = Engine::new(TT_MEGABYTES);
            engine.set_threads(search_threads());
            engine
        });
        if stale {
            engine.clear();
            slot.cleared += 1;
        }
        search(engine)
    }
}

/// The threads an Expert search or an analysis may use in the app: every
/// core but one, which is left to the window (one on a two-core machine).
/// The levels below Expert search on one thread whatever this says.
pub fn search_threads() -> usize {
    available_threads().saturating_sub(1).max(1)
}

fn clear_table(engine: Res<AiEngine>) {
    engine.mark_stale();
}

fn clear_table_on_new_game(mut requests: MessageReader<NewGame>, engine: Res<AiEngine>) {
    requests.clear();
    engine.mark_stale();
}

/// One search on the task pool, and what it was for; dropping it sets its
/// cancel flag.
pub struct Search {
    /// The lines found, best first (one, except for a multi-line analysis).
    task: Task<Vec<SearchResult>>,
    cancel: Arc<AtomicBool>,
    /// The game searched: its id and how many moves had been played.
    pub game_id: u64,
    pub ply: u32,
    /// The side to move in it, and the preset searched with.
    pub side: Color,
    pub difficulty: Difficulty,
}

impl Search {
    /// Starts searching `game` (game `game_id`) at `difficulty` with the
    /// shared `engine`; in a timed game, within `budget` (the AI's share of
    /// its clock, see `Clocks::move_budget`).
    pub fn start(
        engine: &AiEngine,
        game: &Game,
        difficulty: Difficulty,
        game_id: u64,
        budget: Option<Duration>,
    ) -> Search {
        let seed = rand::random::<u64>();
        Search::spawn(
            engine,
            game,
            difficulty,
            game_id,
            move |engine, position, flag| {
                vec![match budget {
                    None => engine.choose(position, difficulty, seed, flag),
                    Some(budget) => engine.search(position, timed_limits(difficulty, budget), flag),
                }]
            },
        )
    }

    /// Starts an analysis search of `game` to `depth` plies (see
    /// `analysis`) for its `lines` best moves: the full-strength engine, no
    /// randomness.
    pub fn analyse(
        engine: &AiEngine,
        game: &Game,
        depth: u32,
        lines: usize,
        game_id: u64,
    ) -> Search {
        Search::spawn(
            engine,
            game,
            Difficulty::Expert,
            game_id,
            move |engine, position, flag| {
                engine.search_lines(position, Limits::depth(depth), lines, flag)
            },
        )
    }

    /// Runs `job` on a copy of `game` with the shared engine, on the task
    /// pool, with a cancel flag set when the search is dropped.
    fn spawn(
        engine: &AiEngine,
        game: &Game,
        difficulty: Difficulty,
        game_id: u64,
        job: impl FnOnce(&mut Engine, &Game, &AtomicBool) -> Vec<SearchResult> + Send + 'static,
    ) -> Search {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let position = game.clone();
        let engine = engine.clone();
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { engine.with_engine(|engine| job(engine, &position, &flag)) });
        Search {
            task,
            cancel,
            game_id,
            ply: game.ply(),
            side: game.to_move(),
            difficulty,
        }
    }

    /// Whether the search has ended and its answer waits to be collected
    /// (the next poll takes it).
    pub fn is_finished(&self) -> bool {
        self.task.is_finished()
    }

    /// The result, once the search is done (the best line's).
    pub fn poll(&mut self) -> Option<SearchResult> {
        let lines = self.poll_lines()?;
        Some(lines.into_iter().next().unwrap_or(SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        }))
    }

    /// Every line found, best first, once the search is done (none when
    /// the position has no move).
    pub fn poll_lines(&mut self) -> Option<Vec<SearchResult>> {
        check_ready(&mut self.task)
    }

    /// Whether it searched the position in play now.
    pub fn is_for(&self, players: &Players, game: &Game) -> bool {
        self.game_id == players.game_id && self.ply == game.ply()
    }
}

/// The limits of a search at `difficulty` on a clock: the level's own, and
/// never longer than `budget`.
pub fn timed_limits(difficulty: Difficulty, budget: Duration) -> Limits {
    let mut limits = difficulty.limits();
    limits.time = Some(limits.time.map_or(budget, |time| time.min(budget)));
    limits
}

impl Drop for Search {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_leaves_a_core_to_the_window() {
        let cores = available_threads();
        let threads = search_threads();
        assert!(threads >= 1);
        assert_eq!(threads, if cores > 1 { cores - 1 } else { 1 });
        let engine = AiEngine::default();
        assert_eq!(engine.with_engine(|engine| engine.threads()), threads);
    }

    #[test]
    fn a_clock_caps_every_level_and_keeps_its_depth() {
        let budget = Duration::from_millis(300);
        for difficulty in Difficulty::ALL {
            let limits = timed_limits(difficulty, budget);
            assert!(
                limits.time.is_some_and(|t| t <= budget),
                "{difficulty}: {limits:?}"
            );
            assert_eq!(
                limits.max_depth,
                difficulty.limits().max_depth,
                "{difficulty}"
            );
        }
        // A long budget does not make a timed level slower than it is.
        let long = Duration::from_secs(3600);
        let expert = Difficulty::Expert.limits().time;
        assert_eq!(timed_limits(Difficulty::Expert, long).time, expert);
    }
}
