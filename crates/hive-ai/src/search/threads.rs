//! Lazy SMP: one [`Worker`] per thread, each with its own search state and
//! all sharing the transposition table. The helpers search the same root
//! at staggered depths and only feed the table; the main thread answers.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::ordering::MoveOrder;
use super::{Evaluator, Limits, MAX_PLY, SearchConfig, SearchGame, SearchResult, Searcher};
use crate::tt::{PackedMove, TranspositionTable};

/// Staggered depths of the helper threads (Stockfish's "skip blocks"):
/// helper `i` skips depth `d` when `((d + PHASE[j]) / SIZE[j])` is odd,
/// `j = (i - 1) % 20`; the first helper searches the even depths, the
/// second the odd ones, and so on, so threads spread over the next depths.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// One thread's search state; only the table is shared.
pub(super) struct Worker<M> {
    pub(super) tt: Arc<TranspositionTable<M>>,
    /// `None` for the main thread; helpers count from 1.
    helper: Option<usize>,
    /// The [`Searcher`]'s, copied when a search starts.
    pub(super) config: SearchConfig,
    pub(super) order: MoveOrder<M>,
    /// Per ply: the move list, reused (no allocation at any node).
    pub(super) buffers: Vec<Vec<M>>,
    /// Positions visited in this search.
    pub(super) nodes: u64,
    /// When the search must stop, if it has a time budget.
    pub(super) deadline: Option<Instant>,
    /// The node budget, if any.
    pub(super) node_limit: Option<u64>,
    /// Set when a limit or the cancel flag stopped the search.
    pub(super) stopped: bool,
    /// No null move before this ply: set while a null-move cut is being
    /// verified, so that the verification cannot cut by a null move itself.
    pub(super) null_move_from_ply: usize,
    /// Per ply: whether the move searched there was extended.
    pub(super) extended: [bool; MAX_PLY],
}

impl<M: Copy + PartialEq> Worker<M> {
    pub(super) fn new(tt: Arc<TranspositionTable<M>>, helper: Option<usize>) -> Worker<M> {
        Worker {
            tt,
            helper,
            config: SearchConfig::default(),
            order: MoveOrder::new(),
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            nodes: 0,
            deadline: None,
            node_limit: None,
            stopped: false,
            null_move_from_ply: 0,
            extended: [false; MAX_PLY],
        }
    }

    /// Whether this helper leaves `depth` to others (never the main thread).
    pub(super) fn skips(&self, depth: u32) -> bool {
        self.helper.is_some_and(|i| {
            let j = (i - 1) % SKIP_SIZE.len();
            ((depth + SKIP_PHASE[j]) / SKIP_SIZE[j]) % 2 == 1
        })
    }
}

impl<M: Copy + PartialEq + std::fmt::Debug + PackedMove + Send> Searcher<M> {
    /// [`Searcher::search_lines`] on `threads` threads (at least two): the
    /// main thread within `limits`, the helpers until it is done.
    pub(super) fn search_on_threads<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: Limits,
        lines: usize,
        threads: usize,
        cancel: &AtomicBool,
    ) -> Vec<SearchResult<M>>
    where
        G: SearchGame<Move = M> + Clone + Send,
        E: Evaluator<G> + Sync,
    {
        while self.helpers.len() < threads - 1 {
            let index = self.helpers.len() + 1;
            self.helpers
                .push(Worker::new(Arc::clone(&self.tt), Some(index)));
        }
        // Helpers go as deep as the main thread may, and stop when it is done.
        let helper_limits = Limits::depth(limits.deepest());
        let stop = AtomicBool::new(false);
        let config = self.config;
        let main = &mut self.main;
        let helpers = &mut self.helpers[..threads - 1];
        let mut results = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                helper.config = config;
                let mut game = game.clone();
                let stop = &stop;
                scope.spawn(move || {
                    helper.root_search(&mut game, eval, helper_limits, lines, stop);
                });
            }
            let results = main.root_search(game, eval, limits, lines, cancel);
            stop.store(true, Ordering::Relaxed);
            results
        });
        let nodes = self.main.nodes
            + self.helpers[..threads - 1]
                .iter()
                .map(|h| h.nodes)
                .sum::<u64>();
        for result in &mut results {
            result.nodes = nodes;
        }
        results
    }
}
