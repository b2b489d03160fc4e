//! Iterative-deepening negamax with alpha-beta, principal-variation search,
//! a transposition table, killer moves and history ordering, on one thread
//! or several (Lazy SMP: helper threads search the same root at staggered
//! depths, sharing only the lockless transposition table).
//!
//! Generic over [`SearchGame`], so it knows nothing of bugs and is tested on
//! a toy game whose minimax values are known.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::tt::{Bound, PackedMove, TranspositionTable};

mod config;

pub use config::SearchConfig;

/// A win is worth this much, less one per ply it takes to reach it.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses found by the search.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;

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
    /// when the search was asked for exact root values ([`SearchConfig::exact_root`]).
    pub root_scores: Vec<(M, i32)>,
}

/// How well the moves were ordered in a search: of the nodes that ended
/// in a beta cutoff, how many cut on the first move searched, and how far
/// down the list the cutting move was on average. Counted by the main
/// thread in full-width nodes (not at the root, not in quiescence).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderingStats {
    /// Full-width nodes whose moves were searched (not answered by the table).
    pub nodes: u64,
    /// Of those, nodes that ended in a beta cutoff.
    pub cutoffs: u64,
    /// Cutoffs by the first move searched.
    pub first_move_cutoffs: u64,
    /// Sum over the cutoffs of the cutting move's index (0 for the first).
    pub cutoff_index_sum: u64,
}

impl OrderingStats {
    /// Share of the cutoffs made by the first move (0 to 1).
    pub fn first_move_rate(&self) -> f64 {
        self.first_move_cutoffs as f64 / self.cutoffs.max(1) as f64
    }

    /// Mean index of the cutting move.
    pub fn mean_cutoff_index(&self) -> f64 {
        self.cutoff_index_sum as f64 / self.cutoffs.max(1) as f64
    }

    /// Both counts added up.
    pub fn add(&mut self, other: &OrderingStats) {
        self.nodes += other.nodes;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.cutoff_index_sum += other.cutoff_index_sum;
    }
}

const HISTORY_SIZE: usize = 1 << 15;

/// The deepest search supported.
pub const MAX_PLY: usize = 64;

/// Staggered depths of the helper threads (Stockfish's "skip blocks"):
/// helper `i` skips depth `d` when `((d + PHASE[j]) / SIZE[j])` is odd,
/// `j = (i - 1) % 20`; the first helper searches the even depths, the
/// second the odd ones, and so on, so threads spread over the next depths.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// The deepest iteration `limits` allow.
fn max_depth(limits: &Limits) -> u32 {
    limits
        .max_depth
        .unwrap_or(if limits.time.is_some() || limits.nodes.is_some() {
            MAX_PLY as u32 - 4
        } else {
            Limits::DEFAULT_DEPTH
        })
        .clamp(1, MAX_PLY as u32 - 4)
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
        self.main.stats
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear_history();
        self.helpers.iter_mut().for_each(Worker::clear_history);
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
        let config = self.config;
        self.main.config = config;
        let threads = if limits.nodes.is_some() {
            1
        } else {
            self.threads
        };
        if threads <= 1 {
            return self.main.root_search(game, eval, limits, lines, cancel);
        }
        while self.helpers.len() < threads - 1 {
            let index = self.helpers.len() + 1;
            self.helpers
                .push(Worker::new(Arc::clone(&self.tt), Some(index)));
        }
        // Helpers go as deep as the main thread may, and stop when it is done.
        let helper_limits = Limits::depth(max_depth(&limits));
        let stop = AtomicBool::new(false);
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

/// One thread's search state; only the table is shared.
struct Worker<M> {
    tt: Arc<TranspositionTable<M>>,
    /// `None` for the main thread; helpers count from 1.
    helper: Option<usize>,
    killers: [[Option<M>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Per move (by [`SearchGame::move_key`]): the reply that last refuted it.
    countermoves: Vec<Option<M>>,
    /// The move played at each ply of the current line.
    line: [Option<M>; MAX_PLY],
    buffers: Vec<Vec<M>>,
    /// Per ply: the moves with their ordering keys, reused (no allocation
    /// at any node).
    keyed: Vec<Vec<(u64, M)>>,
    nodes: u64,
    stats: OrderingStats,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    /// The [`Searcher`]'s, copied when a search starts.
    config: SearchConfig,
}

impl<M: Copy + PartialEq + std::fmt::Debug + PackedMove> Worker<M> {
    fn new(tt: Arc<TranspositionTable<M>>, helper: Option<usize>) -> Worker<M> {
        Worker {
            tt,
            helper,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SIZE],
            countermoves: vec![None; HISTORY_SIZE],
            line: [None; MAX_PLY],
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            keyed: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            nodes: 0,
            stats: OrderingStats::default(),
            deadline: None,
            node_limit: None,
            stopped: false,
            config: SearchConfig::default(),
        }
    }

    fn clear_history(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.countermoves.iter_mut().for_each(|c| *c = None);
    }

    /// One pass over the root moves not in `found`, in `ordered`'s order,
    /// with a full window: the best move (`None` when none is left).
    /// Appends every move's value to `scores` when given.
    #[allow(clippy::too_many_arguments)]
    fn root_pass<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        ordered: &[(M, i32)],
        found: &[(M, i32)],
        mut scores: Option<&mut Vec<(M, i32)>>,
        cancel: &AtomicBool,
    ) -> Option<(M, i32)>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = None;
        let candidates = ordered
            .iter()
            .map(|&(mv, _)| mv)
            .filter(|mv| !found.iter().any(|(m, _)| m == mv));
        for (i, mv) in candidates.enumerate() {
            self.line[0] = Some(mv);
            game.make_move(mv);
            let score = if self.config.exact_root {
                -self.negamax(game, eval, depth - 1, 1, -beta, WIN + 1, cancel)
            } else if i == 0 {
                -self.negamax(game, eval, depth - 1, 1, -beta, -alpha, cancel)
            } else {
                let probe = -self.negamax(game, eval, depth - 1, 1, -alpha - 1, -alpha, cancel);
                if probe > alpha && !self.stopped {
                    -self.negamax(game, eval, depth - 1, 1, -beta, -alpha, cancel)
                } else {
                    probe
                }
            };
            game.unmake_move();
            if self.stopped {
                break;
            }
            if let Some(scores) = scores.as_mut() {
                scores.push((mv, score));
            }
            if score > alpha {
                alpha = score;
                best = Some((mv, score));
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Whether this helper leaves `depth` to others (never the main thread).
    fn skips(&self, depth: u32) -> bool {
        self.helper.is_some_and(|i| {
            let j = (i - 1) % SKIP_SIZE.len();
            ((depth + SKIP_PHASE[j]) / SKIP_SIZE[j]) % 2 == 1
        })
    }

    /// The iterative deepening at the root: [`Searcher::search_lines`] on
    /// this thread.
    fn root_search<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        limits: Limits,
        lines: usize,
        cancel: &AtomicBool,
    ) -> Vec<SearchResult<M>>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let start = Instant::now();
        // Hard stop a little before the budget, for the answer to get out.
        self.deadline = limits
            .time
            .map(|t| start + t.saturating_sub(self.config.time_margin.min(t / 10)));
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stats = OrderingStats::default();
        self.stopped = false;
        self.killers = [[None; 2]; MAX_PLY];
        let max_depth = max_depth(&limits);

        let mut root_moves = Vec::new();
        game.generate_moves(&mut root_moves);
        let line_result = |mv: M, score: i32, depth: u32| SearchResult {
            best: Some(mv),
            score,
            depth,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
        };
        let Some(&first) = root_moves.first() else {
            return Vec::new();
        };
        if root_moves.len() == 1 && !self.config.exact_root {
            let mut only = line_result(first, 0, 0);
            only.pv = root_moves;
            return vec![only];
        }
        let lines = lines.clamp(1, root_moves.len());
        // The last completed iteration's lines (before any: the first move).
        let mut results = vec![line_result(first, 0, 0)];
        let mut completed = false;
        let mut ordered: Vec<(M, i32)> = root_moves
            .iter()
            .map(|&m| (m, eval.move_priority(game, m)))
            .collect();
        ordered.sort_by_key(|&(_, p)| std::cmp::Reverse(p));

        for depth in 1..=max_depth {
            if self.skips(depth) && depth < max_depth {
                continue;
            }
            // This iteration's lines, and the values of its first pass.
            let mut found: Vec<(M, i32)> = Vec::with_capacity(lines);
            let mut lines_pv = Vec::with_capacity(lines);
            let mut scores = Vec::with_capacity(ordered.len());
            let mut cut_short = None;
            for pass in 0..lines {
                let best_this = self.root_pass(
                    game,
                    eval,
                    depth,
                    &ordered,
                    &found,
                    (pass == 0).then_some(&mut scores),
                    cancel,
                );
                if self.stopped {
                    cut_short = Some((pass, best_this));
                    break;
                }
                match best_this {
                    Some(line) => {
                        found.push(line);
                        // Read now: the later passes may overwrite its entries.
                        lines_pv.push(self.principal_variation(game, Some(line.0)));
                    }
                    None => break,
                }
            }
            if let Some((pass, best_this)) = cut_short {
                if !completed && !found.is_empty() {
                    results = found.iter().map(|&(m, s)| line_result(m, s, 0)).collect();
                }
                // A move of a cut-short first pass that beat the best one was
                // fully searched and proved better: take it (or, before any
                // iteration completed, whatever was found).
                if pass == 0
                    && let Some((mv, score)) = best_this
                    && (!completed || (Some(mv) != results[0].best && !self.config.exact_root))
                {
                    let mut line = line_result(mv, score, 0);
                    if completed {
                        line.depth = results[0].depth;
                        line.root_scores = std::mem::take(&mut results[0].root_scores);
                    }
                    results.retain(|r| r.best != Some(mv));
                    results.insert(0, line);
                    results.truncate(lines);
                }
                break;
            }
            let best_changed = Some(found[0].0) != results[0].best;
            results = found
                .iter()
                .zip(lines_pv)
                .map(|(&(m, s), pv)| SearchResult {
                    pv,
                    ..line_result(m, s, depth)
                })
                .collect();
            completed = true;
            // Next iteration: the lines first, then by this iteration's values.
            results[0].root_scores = scores.clone();
            let mut rescored: Vec<(M, i32)> = scores;
            rescored.retain(|(m, _)| !found.iter().any(|(f, _)| f == m));
            rescored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            ordered = found.iter().copied().chain(rescored).collect();
            if results.iter().all(|r| r.score.abs() >= WIN_THRESHOLD) && !self.config.exact_root {
                break; // forced results: deeper search cannot change them
            }
            if let Some(budget) = limits.time {
                // Each iteration costs several times the one before: do not
                // start one that cannot finish. A best move that just
                // changed earns a little more time to settle.
                let share = if best_changed && depth > 1 {
                    self.config.unsettled_time_share
                } else {
                    self.config.iteration_time_share
                };
                if start.elapsed().as_secs_f64() > budget.as_secs_f64() * share {
                    break;
                }
            }
        }
        for result in &mut results {
            result.nodes = self.nodes;
            if result.pv.first() != result.best.as_ref() {
                result.pv = self.principal_variation(game, result.best);
            }
        }
        results
    }

    fn principal_variation<G: SearchGame<Move = M>>(
        &mut self,
        game: &mut G,
        first: Option<M>,
    ) -> Vec<M> {
        let mut pv = Vec::new();
        let mut next = first;
        while let Some(mv) = next {
            if pv.len() >= 16 {
                break;
            }
            pv.push(mv);
            game.make_move(mv);
            next = if game.outcome().is_none() {
                self.tt.probe(game.position_hash()).and_then(|e| e.mv)
            } else {
                None
            };
            // Guard against a stale table move.
            if let Some(m) = next {
                let mut legal = Vec::new();
                game.generate_moves(&mut legal);
                if !legal.contains(&m) {
                    next = None;
                }
            }
        }
        for _ in 0..pv.len() {
            game.unmake_move();
        }
        pv
    }

    fn should_stop(&mut self, cancel: &AtomicBool) -> bool {
        if self.nodes & 255 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let over = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || over || cancel.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cancel: &AtomicBool,
    ) -> i32
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        self.nodes += 1;
        if self.should_stop(cancel) {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return match outcome {
                Outcome::Win => WIN - ply as i32,
                Outcome::Loss => -WIN + ply as i32,
                Outcome::Draw => 0,
            };
        }
        if self.config.repetition_draws && game.repeats() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return eval.evaluate(game);
        }
        if depth == 0 {
            return self.quiescence(
                game,
                eval,
                self.config.quiescence_plies,
                ply,
                alpha,
                beta,
                cancel,
            );
        }

        let hash = game.position_hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(hash) {
            tt_move = entry.mv;
            if entry.depth >= depth {
                let score = from_tt(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.generate_moves(&mut moves);
        self.order(game, eval, &mut moves, tt_move, ply);
        self.stats.nodes += 1;

        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            let reduce = self.config.late_move_reductions
                && i >= self.config.reduce_from_move
                && depth >= self.config.reduce_from_depth
                && Some(mv) != tt_move
                && !killers.contains(&Some(mv))
                && !eval.is_noisy(game, mv);
            self.line[ply] = Some(mv);
            game.make_move(mv);
            let score = if i == 0 {
                -self.negamax(game, eval, depth - 1, ply + 1, -beta, -alpha, cancel)
            } else {
                let mut probe = alpha + 1;
                if reduce {
                    probe =
                        -self.negamax(game, eval, depth - 2, ply + 1, -alpha - 1, -alpha, cancel);
                }
                if probe > alpha && !self.stopped {
                    probe =
                        -self.negamax(game, eval, depth - 1, ply + 1, -alpha - 1, -alpha, cancel);
                }
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(game, eval, depth - 1, ply + 1, -beta, -alpha, cancel)
                } else {
                    probe
                }
            };
            game.unmake_move();
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.stats.cutoffs += 1;
                self.stats.first_move_cutoffs += u64::from(i == 0);
                self.stats.cutoff_index_sum += i as u64;
                self.remember_cutoff::<G>(mv, ply, depth, &moves[..i]);
                break;
            }
        }
        self.buffers[ply] = moves;

        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt
            .store(hash, best_move, to_tt(best_score, ply), depth, bound);
        best_score
    }

    /// Below the horizon: the static value, unless the side to move has
    /// noisy moves (closing in on the enemy queen) that raise it; a few
    /// plies of those, each side free to stand pat.
    #[allow(clippy::too_many_arguments)]
    fn quiescence<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        plies_left: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cancel: &AtomicBool,
    ) -> i32
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let stand_pat = eval.evaluate(game);
        if plies_left == 0
            || stand_pat >= beta
            || ply >= MAX_PLY - 1
            || !self.config.quiescence
            || !eval.wants_quiescence(game)
        {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.generate_moves(&mut moves);
        moves.retain(|&mv| eval.is_noisy(game, mv));
        self.order(game, eval, &mut moves, None, ply);
        for &mv in moves.iter() {
            self.nodes += 1;
            if self.should_stop(cancel) {
                break;
            }
            game.make_move(mv);
            let score = match game.outcome() {
                Some(Outcome::Loss) => WIN - ply as i32 - 1,
                Some(Outcome::Win) => -WIN + ply as i32 + 1,
                Some(Outcome::Draw) => 0,
                None => {
                    -self.quiescence(game, eval, plies_left - 1, ply + 1, -beta, -alpha, cancel)
                }
            };
            game.unmake_move();
            if self.stopped {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        if self.stopped { 0 } else { best }
    }

    /// Table move first, then killers, then by priority, history and the
    /// countermove bonus (ties keep the generator's order).
    fn order<G, E>(&mut self, game: &G, eval: &E, moves: &mut [M], tt_move: Option<M>, ply: usize)
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let killers = self.killers[ply];
        let counter = self.countermove::<G>(ply);
        let mut keyed = std::mem::take(&mut self.keyed[ply]);
        keyed.clear();
        keyed.extend(moves.iter().enumerate().map(|(i, &m)| {
            let key = if Some(m) == tt_move {
                i32::MAX
            } else if Some(m) == killers[0] {
                i32::MAX - 1
            } else if Some(m) == killers[1] {
                i32::MAX - 2
            } else {
                let bonus = if Some(m) == counter {
                    self.config.countermove_bonus
                } else {
                    0
                };
                eval.move_priority(game, m)
                    .saturating_add(self.history[G::move_key(m) % HISTORY_SIZE] + bonus)
            };
            // Ascending order of this is descending key, then generator order.
            let descending = !((key as u32) ^ 0x8000_0000);
            ((u64::from(descending) << 32) | i as u64, m)
        }));
        keyed.sort_unstable_by_key(|&(k, _)| k);
        for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
            *slot = m;
        }
        self.keyed[ply] = keyed;
    }

    /// The remembered refutation of the move that led to `ply`.
    fn countermove<G: SearchGame<Move = M>>(&self, ply: usize) -> Option<M> {
        let previous = self.line[ply.checked_sub(1)?]?;
        self.countermoves[G::move_key(previous) % HISTORY_SIZE]
    }

    fn remember_cutoff<G: SearchGame<Move = M>>(
        &mut self,
        mv: M,
        ply: usize,
        depth: u32,
        tried: &[M],
    ) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some(previous) = ply.checked_sub(1).and_then(|p| self.line[p]) {
            self.countermoves[G::move_key(previous) % HISTORY_SIZE] = Some(mv);
        }
        let max = self.config.history_max;
        let bonus = ((depth * depth) as i32).min(max / 4);
        let slot = G::move_key(mv) % HISTORY_SIZE;
        self.history[slot] += bonus - self.history[slot] * bonus / max;
        for m in tried {
            let s = G::move_key(*m) % HISTORY_SIZE;
            self.history[s] += -bonus - self.history[s] * bonus / max;
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A random game tree: every node has 1-4 children down to a fixed depth;
    /// leaves carry a value for the side to move there.
    struct Tree {
        children: Vec<Vec<usize>>,
        value: Vec<i32>,
    }

    impl Tree {
        fn random(seed: u64, depth: u32) -> Tree {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut tree = Tree {
                children: vec![Vec::new()],
                value: vec![0],
            };
            let mut frontier = vec![0usize];
            for _ in 0..depth {
                let mut next = Vec::new();
                for node in frontier {
                    for _ in 0..rng.random_range(1..=4) {
                        let id = tree.children.len();
                        tree.children.push(Vec::new());
                        tree.value.push(rng.random_range(-100..=100));
                        tree.children[node].push(id);
                        next.push(id);
                    }
                }
                frontier = next;
            }
            tree
        }

        /// Plain negamax without pruning: the reference value.
        fn negamax(&self, node: usize, depth: u32) -> i32 {
            if depth == 0 || self.children[node].is_empty() {
                return self.value[node];
            }
            self.children[node]
                .iter()
                .map(|&c| -self.negamax(c, depth - 1))
                .max()
                .unwrap_or(0)
        }
    }

    #[derive(Clone)]
    struct TreeGame<'a> {
        tree: &'a Tree,
        path: Vec<usize>,
    }

    impl SearchGame for TreeGame<'_> {
        type Move = usize;
        fn generate_moves(&self, out: &mut Vec<usize>) {
            out.extend(&self.tree.children[*self.path.last().unwrap_or(&0)]);
        }
        fn make_move(&mut self, mv: usize) {
            self.path.push(mv);
        }
        fn unmake_move(&mut self) {
            self.path.pop();
        }
        fn position_hash(&self) -> u64 {
            (*self.path.last().unwrap_or(&0) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn move_key(mv: usize) -> usize {
            mv
        }
    }

    struct LeafValue;

    impl<'a> Evaluator<TreeGame<'a>> for LeafValue {
        fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
            game.tree.value[*game.path.last().unwrap_or(&0)]
        }
    }

    /// Orders moves by their true value (`sign` 1: best first) or its
    /// opposite (`sign` -1: worst first).
    struct Oracle {
        value: Vec<i32>,
        sign: i32,
    }

    impl<'a> Evaluator<TreeGame<'a>> for Oracle {
        fn evaluate(&self, game: &TreeGame<'a>) -> i32 {
            game.tree.value[*game.path.last().unwrap_or(&0)]
        }
        fn move_priority(&self, _game: &TreeGame<'a>, mv: usize) -> i32 {
            -self.sign * self.value[mv]
        }
    }

    #[test]
    fn ordering_statistics_tell_good_order_from_bad() {
        let mut stats = [OrderingStats::default(); 2];
        for seed in 0..40 {
            let depth = 6;
            let tree = Tree::random(seed, depth);
            // Leaves are all at `depth`: a node's value is its full subtree's.
            let value: Vec<i32> = (0..tree.value.len())
                .map(|n| tree.negamax(n, depth + 1))
                .collect();
            for (k, sign) in [1, -1].into_iter().enumerate() {
                let mut game = TreeGame {
                    tree: &tree,
                    path: vec![0],
                };
                let oracle = Oracle {
                    value: value.clone(),
                    sign,
                };
                let mut searcher = Searcher::new(1);
                searcher.config.late_move_reductions = false;
                let cancel = AtomicBool::new(false);
                let result = searcher.search(&mut game, &oracle, Limits::depth(depth), &cancel);
                if tree.children[0].len() > 1 {
                    assert_eq!(result.score, value[0], "seed {seed}");
                }
                let s = searcher.ordering_stats();
                assert!(s.first_move_cutoffs <= s.cutoffs && s.cutoffs <= s.nodes);
                stats[k].add(&s);
            }
        }
        let [good, bad] = stats;
        assert!(good.cutoffs > 100, "{good:?}");
        assert!(
            good.first_move_rate() > bad.first_move_rate() + 0.1,
            "{good:?} {bad:?}"
        );
        assert!(
            good.mean_cutoff_index() < bad.mean_cutoff_index(),
            "{good:?} {bad:?}"
        );
    }

    /// Searches random tree `seed` (of depth 1 to 6) on `threads` threads
    /// without late-move reductions (they trade exactness for depth: the
    /// alpha-beta core is checked without them), checks the score and best
    /// move against plain negamax, then hands the searcher, the position,
    /// the tree and the depth to `more`.
    fn check_random_tree(
        seed: u64,
        threads: usize,
        more: impl FnOnce(&mut Searcher<usize>, &mut TreeGame, &Tree, u32),
    ) {
        let depth = 1 + (seed % 6) as u32;
        let tree = Tree::random(seed, depth);
        let expected = tree.negamax(0, depth);
        let mut game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        searcher.set_threads(threads);
        searcher.config.late_move_reductions = false;
        let cancel = AtomicBool::new(false);
        let result = searcher.search(&mut game, &LeafValue, Limits::depth(depth), &cancel);
        if tree.children[0].len() > 1 {
            assert_eq!(result.score, expected, "seed {seed}");
            let best = result.best.expect("a move");
            assert_eq!(-tree.negamax(best, depth - 1), expected, "seed {seed}");
        }
        more(&mut searcher, &mut game, &tree, depth);
    }

    #[test]
    fn finds_the_minimax_value_of_random_trees() {
        for seed in 0..200 {
            check_random_tree(seed, 1, |searcher, game, tree, depth| {
                // Exact root values agree with the reference for every move.
                searcher.config.exact_root = true;
                let result = searcher.search(
                    game,
                    &LeafValue,
                    Limits::depth(depth),
                    &AtomicBool::new(false),
                );
                for (mv, score) in result.root_scores {
                    assert_eq!(score, -tree.negamax(mv, depth - 1), "seed {seed} move {mv}");
                }
            });
        }
    }

    #[test]
    fn multi_pv_gives_the_best_moves_with_their_exact_values() {
        for seed in 0..200 {
            let depth = 1 + (seed % 5) as u32;
            let tree = Tree::random(seed, depth);
            let mut game = TreeGame {
                tree: &tree,
                path: vec![0],
            };
            let mut searcher = Searcher::new(1);
            searcher.config.late_move_reductions = false;
            let cancel = AtomicBool::new(false);
            let lines =
                searcher.search_lines(&mut game, &LeafValue, Limits::depth(depth), 3, &cancel);
            let children = &tree.children[0];
            assert_eq!(lines.len(), children.len().min(3), "seed {seed}");
            let mut values: Vec<i32> = children
                .iter()
                .map(|&c| -tree.negamax(c, depth - 1))
                .collect();
            values.sort_by_key(|&v| std::cmp::Reverse(v));
            for (i, line) in lines.iter().enumerate() {
                let mv = line.best.expect("a move");
                assert!(children.contains(&mv), "seed {seed}");
                assert!(lines[..i].iter().all(|l| l.best != Some(mv)), "seed {seed}");
                assert_eq!(line.pv.first(), Some(&mv), "seed {seed}");
                if children.len() > 1 {
                    assert_eq!(line.score, values[i], "seed {seed} line {i}");
                    assert_eq!(line.score, -tree.negamax(mv, depth - 1), "seed {seed}");
                    assert_eq!(line.depth, depth, "seed {seed}");
                }
            }
            // One line is exactly the plain search, with or without reductions.
            for reductions in [false, true] {
                searcher.config.late_move_reductions = reductions;
                searcher.clear();
                let one =
                    searcher.search_lines(&mut game, &LeafValue, Limits::depth(depth), 1, &cancel);
                searcher.clear();
                let plain = searcher.search(&mut game, &LeafValue, Limits::depth(depth), &cancel);
                assert_eq!(one, vec![plain], "seed {seed}");
            }
        }
    }

    #[test]
    fn threads_find_the_same_minimax_values() {
        for threads in [2, 3] {
            for seed in 0..120 {
                check_random_tree(seed, threads, |searcher, game, tree, depth| {
                    let cancel = AtomicBool::new(false);
                    let lines =
                        searcher.search_lines(game, &LeafValue, Limits::depth(depth), 2, &cancel);
                    for line in &lines {
                        let mv = line.best.expect("a move");
                        if tree.children[0].len() > 1 {
                            assert_eq!(line.score, -tree.negamax(mv, depth - 1), "seed {seed}");
                        }
                    }
                });
            }
        }
    }

    #[test]
    fn a_set_cancel_flag_stops_at_once() {
        let tree = Tree::random(7, 8);
        let mut game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        let cancel = AtomicBool::new(true);
        let result = searcher.search(&mut game, &LeafValue, Limits::depth(8), &cancel);
        assert!(
            result.nodes < 300,
            "searched {} nodes after cancel",
            result.nodes
        );
        assert!(result.best.is_some(), "still answers with a legal move");
    }

    #[test]
    fn node_limit_is_honoured() {
        let tree = Tree::random(3, 9);
        let mut game = TreeGame {
            tree: &tree,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        let limits = Limits {
            nodes: Some(2000),
            ..Limits::default()
        };
        let result = searcher.search(&mut game, &LeafValue, limits, &AtomicBool::new(false));
        assert!(result.nodes <= 2000 + 256, "{} nodes", result.nodes);
    }

    /// A game on a small graph whose positions can recur: node values are
    /// for the side to move, every node lists its successors.
    #[derive(Clone)]
    struct Cycle {
        next: Vec<Vec<usize>>,
        value: Vec<i32>,
        path: Vec<usize>,
    }

    impl SearchGame for Cycle {
        type Move = usize;
        fn generate_moves(&self, out: &mut Vec<usize>) {
            out.extend(&self.next[*self.path.last().unwrap_or(&0)]);
        }
        fn make_move(&mut self, mv: usize) {
            self.path.push(mv);
        }
        fn unmake_move(&mut self) {
            self.path.pop();
        }
        fn position_hash(&self) -> u64 {
            // Positions two plies apart have the same side to move.
            let side = (self.path.len() % 2) as u64;
            (*self.path.last().unwrap_or(&0) as u64 * 2 + side).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn move_key(mv: usize) -> usize {
            mv
        }
        fn repeats(&self) -> bool {
            let (last, earlier) = self.path.split_last().expect("a start node");
            earlier.iter().rev().skip(1).step_by(2).any(|n| n == last)
        }
    }

    struct NodeValue;
    impl Evaluator<Cycle> for NodeValue {
        fn evaluate(&self, game: &Cycle) -> i32 {
            game.value[*game.path.last().unwrap_or(&0)]
        }
    }

    /// Node 0 (first player to move) can shuffle to 1 and back, or leave
    /// for a line of nodes 2, 3, 4, ... worth `line` to the first player.
    /// The shuffle's nodes are worth 50 to the first player.
    fn shuffle_or_line(line: i32, repetition_draws: bool) -> SearchResult<usize> {
        let len = 12;
        let mut next = vec![vec![1, 2], vec![0]];
        let mut value = vec![50, -50];
        for k in 2..len {
            next.push(if k + 1 < len { vec![k + 1] } else { vec![k] });
            value.push(if k % 2 == 0 { -line } else { line });
        }
        let mut game = Cycle {
            next,
            value,
            path: vec![0],
        };
        let mut searcher = Searcher::new(1);
        searcher.config.repetition_draws = repetition_draws;
        searcher.search(
            &mut game,
            &NodeValue,
            Limits::depth(6),
            &AtomicBool::new(false),
        )
    }

    #[test]
    fn a_repeated_position_is_a_draw() {
        // Without the rule the shuffle is worth its nodes' 50.
        let blind = shuffle_or_line(-10, false);
        assert_eq!((blind.best, blind.score), (Some(1), 50));
        // With it the shuffle is a draw: still better than -10...
        let drawn = shuffle_or_line(-10, true);
        assert_eq!((drawn.best, drawn.score), (Some(1), 0));
        // ...but a line worth +10 is progress, and is taken.
        let progress = shuffle_or_line(10, true);
        assert_eq!((progress.best, progress.score), (Some(2), 10));
        assert_eq!(shuffle_or_line(10, false).best, Some(1));
    }
}
