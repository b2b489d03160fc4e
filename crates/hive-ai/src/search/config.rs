//! Every switch and tuning constant of the search, in one place:
//! [`SearchConfig`], held by the [`Searcher`](super::Searcher) and copied to
//! each of its threads when a search starts.

use std::time::Duration;

/// How the search searches. [`SearchConfig::default`] is the engine as
/// measured and shipped; the switches are there for the easier levels
/// ([`SearchConfig::exact_root`]), for tests, and for measuring a change
/// against the default.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Search every root move with a full window so each gets an exact
    /// value in [`SearchResult::root_scores`](super::SearchResult::root_scores)
    /// (slower; used by the easier levels to choose among near-best moves).
    /// Default: off.
    pub exact_root: bool,
    /// Play out noisy moves below the horizon
    /// ([`Evaluator::is_noisy`](super::Evaluator::is_noisy), where
    /// [`Evaluator::wants_quiescence`](super::Evaluator::wants_quiescence)
    /// asks for it). Default: on.
    pub quiescence: bool,
    /// Plies of quiescence search below the horizon. Default: 3.
    pub quiescence_plies: u32,
    /// Search late quiet moves one ply shallower first, and to full depth
    /// only if they beat alpha (late-move reductions). Default: on.
    pub late_move_reductions: bool,
    /// Late-move reductions start at this move number: the moves before it,
    /// and the table, killer and noisy moves, are searched to full depth.
    /// Default: 4.
    pub reduce_from_move: usize,
    /// And only at this remaining depth or more. Default: 3.
    pub reduce_from_depth: u32,
    /// Score a position that repeats an earlier one as a draw, so that a
    /// side ahead looks for progress instead of shuffling. Default: on.
    pub repetition_draws: bool,
    /// History values stay within plus or minus this: each update pulls the
    /// value toward its bound by a share of the distance (history gravity),
    /// so old results fade and history only breaks ties between moves of
    /// the same [`Evaluator::move_priority`](super::Evaluator::move_priority)
    /// (its steps are 30 and more in Hive). Default: 25.
    pub history_max: i32,
    /// Ordering bonus of the countermove: the reply that last refuted the
    /// opponent's previous move. Default: 30.
    pub countermove_bonus: i32,
    /// Time kept back from a time budget (at most a tenth of it) so that
    /// the answer is out before the budget ends. Default: 10 ms.
    pub time_margin: Duration,
    /// Each iteration costs several times the one before: with a time
    /// budget, no new iteration starts once this share of it is spent.
    /// Default: 0.45.
    pub iteration_time_share: f64,
    /// The share instead when the best move just changed (from depth 2 on),
    /// for it to settle. Default: 0.6.
    pub unsettled_time_share: f64,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            exact_root: false,
            quiescence: true,
            quiescence_plies: 3,
            late_move_reductions: true,
            reduce_from_move: 4,
            reduce_from_depth: 3,
            repetition_draws: true,
            history_max: 25,
            countermove_bonus: 30,
            time_margin: Duration::from_millis(10),
            iteration_time_share: 0.45,
            unsettled_time_share: 0.6,
        }
    }
}
