//! Iterative-deepening negamax with alpha-beta, principal-variation search,
//! a transposition table, killer moves and history ordering, on one thread
//! or several (Lazy SMP: helper threads search the same root at staggered
//! depths, sharing only the lockless transposition table).
//!
//! Generic over [`SearchGame`], so it knows nothing of bugs and is tested on
//! toy games whose minimax values are known.
//!
//! This module holds the public face: the traits a game and its evaluator
//! implement, [`Limits`], [`SearchResult`] and the [`Searcher`]. The rest:
//! - `config`: [`SearchConfig`], every switch and tuning constant;
//! - `root`: iterative deepening, the root passes (multi-PV) and the limits;
//! - `node`: negamax below the root, and quiescence at the horizon;
//! - `ordering`: killers, history, countermoves, and [`OrderingStats`];
//! - `threads`: each thread's state, and Lazy SMP over several threads.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::tt::{PackedMove, TranspositionTable};

mod config;
mod node;
mod ordering;
mod root;
mod threads;

#[cfg(test)]
mod tests;

pub use config::{SearchConfig, SearchConfigError};
pub use ordering::OrderingStats;

use threads::Worker;

/// A win is worth this much, less one per ply it takes to reach it.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses found by the search.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;
/// The deepest search supported.
pub const MAX_PLY: usize = 64;

/// How a finished game ended, for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Nobody won.
    Draw,
}

/// What the search needs from a game.
pub trait SearchGame {
    /// A move; small and cheap to copy.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// Legal moves of the side to move (none when the game is over).
    fn generate_moves(&self, out: &mut Vec<Self::Move>);
    /// Whether `mv` is legal here (a move from the table may be another
    /// position's). Default: among [`SearchGame::generate_moves`]'s.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }
    /// Play a legal move.
    fn make_move(&mut self, mv: Self::Move);
    /// Take back the last move.
    fn unmake_move(&mut self);
    /// Position hash, including the side to move.
    fn position_hash(&self) -> u64;
    /// The result if the game is over, for the side to move.
    fn outcome(&self) -> Option<Outcome>;
    /// A small number identifying the move (same piece, same destination),
    /// for the history heuristic; any value works, collisions only blur it.
    fn move_key(mv: Self::Move) -> usize;
    /// Whether the position occurred before (in the game or on the path
    /// from the root): the search scores it as a draw. Default: never.
    fn repeats(&self) -> bool {
        false
    }
    /// A move that passes the turn even where other moves exist, played
    /// and taken back like any move: what null-move pruning plays
    /// ([`SearchConfig::null_move`]). Default: none, and no null moves.
    fn null_move() -> Option<Self::Move> {
        None
    }
}

/// Scores positions and suggests move order for a game.
pub trait Evaluator<G: SearchGame> {
    /// Static value of a position that is not over, for the side to move.
    fn evaluate(&self, game: &G) -> i32;
    /// Higher first: a cheap guess at how good a move is (captures, threats).
    fn move_priority(&self, _game: &G, _mv: G::Move) -> i32 {
        0
    }
    /// Whether a position at the search horizon is worth a look at its
    /// noisy moves (cheap; false means the static value stands).
    fn wants_quiescence(&self, _game: &G) -> bool {
        false
    }
    /// Whether the side to move is in danger of losing at once (in Hive,
    /// its queen nearly surrounded), as a side in check in chess: the
    /// static value is no ground for pruning there. Default: never.
    fn in_danger(&self, _game: &G) -> bool {
        false
    }
    /// Whether the side to move is one move from losing if it does not
    /// answer (in Hive, its queen has one free cell left): the threat the
    /// search extends ([`SearchConfig::threat_extension`]). Default: never.
    fn threatened(&self, _game: &G) -> bool {
        false
    }
    /// Whether a move is noisy: one the quiescence search plays out (in
    /// Hive, a move that closes in on the enemy queen). Never reduced by
    /// late-move reductions.
    fn is_noisy(&self, _game: &G, _mv: G::Move) -> bool {
        false
    }
}

/// When to stop searching. Unset limits do not apply; with none set the
/// search goes to depth [`Limits::DEFAULT_DEPTH`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub max_depth: Option<u32>,
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Depth searched when no limit is given.
    pub const DEFAULT_DEPTH: u32 = 4;

    /// The deepest iteration these limits allow.
    pub fn deepest(&self) -> u32 {
        self.max_depth
            .unwrap_or(if self.time.is_some() || self.nodes.is_some() {
                MAX_PLY as u32 - 4
            } else {
                Limits::DEFAULT_DEPTH
            })
            .clamp(1, MAX_PLY as u32 - 4)
    }

    /// Search to this depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search this many positions (deterministic: the same on any machine).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for this long.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// Its value for the side to move.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Expected line of play from the best move.
    pub pv: Vec<M>,
    /// Every root move with its value from the last completed iteration,
    /// when the search was asked for exact root values
    /// ([`SearchConfig::exact_root`]).
    pub root_scores: Vec<(M, i32)>,
}

/// The threads the machine can run at once (at least one): the default
/// thread count of `hive uhp` and of the top level in `hive match`.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The searcher: a transposition table shared by its threads (it persists
/// between searches), the main thread's state, and helper threads' state.
///
/// With one thread (the default) a search is deterministic. With more,
/// the helpers search the same root concurrently at staggered depths and
/// feed the shared table; the answer is always the main thread's, so every
/// limit and the multi-PV lines mean what they mean on one thread, but the
/// result can vary from run to run. A node-limited search always runs on
/// one thread, so that it stays reproducible.
pub struct Searcher<M> {
    tt: Arc<TranspositionTable<M>>,
    main: Worker<M>,
    helpers: Vec<Worker<M>>,
    threads: usize,
    /// The switches and tuning of the search, read when a search starts.
    pub config: SearchConfig,
}

impl<M: Copy + PartialEq + std::fmt::Debug + PackedMove + Send> Searcher<M> {
    /// A single-threaded searcher with a transposition table of about
    /// `tt_megabytes`.
    pub fn new(tt_megabytes: usize) -> Searcher<M> {
        let tt = Arc::new(TranspositionTable::new(tt_megabytes));
        Searcher {
            main: Worker::new(Arc::clone(&tt), None),
            tt,
            helpers: Vec::new(),
            threads: 1,
            config: SearchConfig::default(),
        }
    }

    /// Search with this many threads (at least one) from the next search on.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 256);
    }

    /// The number of threads a search uses (unless node-limited: one).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The move-ordering statistics of the last search (its main thread).
    pub fn ordering_stats(&self) -> OrderingStats {
        self.main.order.stats
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.order.clear_history();
        for helper in &mut self.helpers {
            helper.order.clear_history();
        }
    }

    /// Search `game` within `limits`, stopping early when `cancel` is set.
    ///
    /// Returns the best move of the last completed iteration (or, if even the
    /// first was cut short, the best found so far). The same as the first
    /// line of [`Searcher::search_lines`] with one line.
    pub fn search<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: Limits,
        cancel: &AtomicBool,
    ) -> SearchResult<M>
    where
        G: SearchGame<Move = M> + Clone + Send,
        E: Evaluator<G> + Sync,
    {
        let mut lines = self.search_lines(game, eval, limits, 1, cancel);
        if lines.is_empty() {
            return SearchResult {
                best: None,
                score: 0,
                depth: 0,
                nodes: self.main.nodes,
                pv: Vec::new(),
                root_scores: Vec::new(),
            };
        }
        lines.swap_remove(0)
    }

    /// Multi-PV: the best `lines` root moves (at least one), best first,
    /// each with its own value, depth and principal variation.
    ///
    /// Each iteration of the deepening searches the root `lines` times with
    /// a full window, every pass excluding the moves the earlier passes of
    /// that iteration found, so the value of every line is exact at its
    /// depth (not a bound). Fewer lines come back when there are fewer legal
    /// moves, none when there is no legal move. Every result carries the
    /// total node count (of every thread); the first carries `root_scores`
    /// (the values of the first pass). Each line's principal variation is
    /// read from the table when its pass ends. An iteration cut short by
    /// the limits is dropped, except that a move which beat the best one in
    /// its first pass is taken as the best line (as [`Searcher::search`]
    /// does), and that before any iteration completed whatever was found is
    /// returned.
    pub fn search_lines<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: Limits,
        lines: usize,
        cancel: &AtomicBool,
    ) -> Vec<SearchResult<M>>
    where
        G: SearchGame<Move = M> + Clone + Send,
        E: Evaluator<G> + Sync,
    {
        self.main.config = self.config;
        let threads = if limits.nodes.is_some() {
            1
        } else {
            self.threads
        };
        if threads <= 1 {
            self.main.root_search(game, eval, limits, lines, cancel)
        } else {
            self.search_on_threads(game, eval, limits, lines, threads, cancel)
        }
    }
}
