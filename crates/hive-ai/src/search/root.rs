//! The root of one thread's search: iterative deepening, a pass over the
//! root moves per line (multi-PV), the time and node limits, and reading
//! each line's principal variation from the table.

use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::threads::Worker;
use super::{Evaluator, Limits, SearchGame, SearchResult, WIN, WIN_THRESHOLD};
use crate::tt::PackedMove;

/// The longest principal variation read from the table.
const MAX_PV: usize = 16;

/// A line of play from `mv` worth `score` at `depth`, without its
/// principal variation yet.
fn line_result<M>(mv: M, score: i32, depth: u32) -> SearchResult<M> {
    SearchResult {
        best: Some(mv),
        score,
        depth,
        nodes: 0,
        pv: Vec::new(),
        root_scores: Vec::new(),
    }
}

/// The root moves, highest [`Evaluator::move_priority`] first: the order
/// of the first iteration.
fn by_priority<G, E>(game: &G, eval: &E, moves: &[G::Move]) -> Vec<(G::Move, i32)>
where
    G: SearchGame,
    E: Evaluator<G>,
{
    let mut ordered: Vec<_> = moves
        .iter()
        .map(|&m| (m, eval.move_priority(game, m)))
        .collect();
    ordered.sort_by_key(|&(_, p)| Reverse(p));
    ordered
}

/// The root order of the next iteration: this one's `lines` first, then
/// the other moves by this iteration's values, best first.
fn next_order<M: Copy + PartialEq>(lines: &[(M, i32)], scores: Vec<(M, i32)>) -> Vec<(M, i32)> {
    let mut rest = scores;
    rest.retain(|(m, _)| !lines.iter().any(|(f, _)| f == m));
    rest.sort_by_key(|&(_, s)| Reverse(s));
    lines.iter().copied().chain(rest).collect()
}

/// What one iteration of the deepening found.
enum Iteration<M> {
    /// Every pass ended: the lines, best first, with their principal
    /// variations, and every root move's value from the first pass.
    Complete {
        lines: Vec<(M, i32)>,
        pvs: Vec<Vec<M>>,
        scores: Vec<(M, i32)>,
    },
    /// A limit stopped it: the lines of the passes that ended, and, if it
    /// was the first pass that was stopped, the best move it had found.
    CutShort {
        lines: Vec<(M, i32)>,
        first_pass_best: Option<(M, i32)>,
    },
}

/// The answer so far: the lines of the last completed iteration (before
/// any, the first root move, unscored).
struct Answer<M> {
    lines: Vec<SearchResult<M>>,
    /// Whether an iteration has completed.
    completed: bool,
}

impl<M: Copy + PartialEq> Answer<M> {
    fn new(first: M) -> Answer<M> {
        Answer {
            lines: vec![line_result(first, 0, 0)],
            completed: false,
        }
    }

    /// Takes the lines of an iteration completed at `depth`, the first
    /// with the root `scores`; returns whether the best move changed.
    fn complete(
        &mut self,
        depth: u32,
        lines: &[(M, i32)],
        pvs: Vec<Vec<M>>,
        scores: &[(M, i32)],
    ) -> bool {
        let best_changed = Some(lines[0].0) != self.lines[0].best;
        self.lines = lines
            .iter()
            .zip(pvs)
            .map(|(&(m, s), pv)| SearchResult {
                pv,
                ..line_result(m, s, depth)
            })
            .collect();
        self.completed = true;
        self.lines[0].root_scores = scores.to_vec();
        best_changed
    }

    /// Whether every line is a forced win or loss, which deeper search
    /// cannot change.
    fn forced(&self) -> bool {
        self.lines.iter().all(|r| r.score.abs() >= WIN_THRESHOLD)
    }

    /// Keeps what an iteration cut short proved. Before any iteration
    /// completed, whatever it found is the answer. After, only a move
    /// that beat the best one in the first pass: it was fully searched and
    /// proved better, so it becomes the best line (unless every root value
    /// must be exact), the others keeping their places.
    fn cut_short(
        &mut self,
        lines: &[(M, i32)],
        first_pass_best: Option<(M, i32)>,
        max_lines: usize,
        exact_root: bool,
    ) {
        if !self.completed && !lines.is_empty() {
            self.lines = lines.iter().map(|&(m, s)| line_result(m, s, 0)).collect();
        }
        let Some((mv, score)) = first_pass_best else {
            return;
        };
        if self.completed && (Some(mv) == self.lines[0].best || exact_root) {
            return;
        }
        let mut line = line_result(mv, score, 0);
        if self.completed {
            line.depth = self.lines[0].depth;
            line.root_scores = std::mem::take(&mut self.lines[0].root_scores);
        }
        self.lines.retain(|r| r.best != Some(mv));
        self.lines.insert(0, line);
        self.lines.truncate(max_lines);
    }
}

impl<M: Copy + PartialEq + std::fmt::Debug + PackedMove> Worker<M> {
    /// The iterative deepening at the root: [`Searcher::search_lines`]
    /// on this thread.
    ///
    /// [`Searcher::search_lines`]: super::Searcher::search_lines
    pub(super) fn root_search<G, E>(
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
        let start = self.start(&limits);
        let mut root_moves = Vec::new();
        game.generate_moves(&mut root_moves);
        let Some(&first) = root_moves.first() else {
            return Vec::new();
        };
        // A forced move (often a pass) is answered at once when only the
        // move matters: a player on the clock. Searches within a depth or
        // node limit (analysis, review, matches by depth) also want its
        // value, which is the reply's: the position is searched as usual.
        if root_moves.len() == 1 && !self.config.exact_root && limits.time.is_some() {
            let mut only = line_result(first, 0, 0);
            only.pv = root_moves;
            return vec![only];
        }
        let lines = lines.clamp(1, root_moves.len());
        let mut answer = Answer::new(first);
        let mut ordered = by_priority(game, eval, &root_moves);
        let max_depth = limits.deepest();
        for depth in 1..=max_depth {
            if self.skips(depth) && depth < max_depth {
                continue;
            }
            // Aspiration around the last value, once the values settle.
            let around = (self.config.aspiration_window > 0
                && lines == 1
                && !self.config.exact_root
                && depth > 4
                && answer.completed
                && answer.lines[0].score.abs() < WIN_THRESHOLD)
                .then_some(answer.lines[0].score);
            match self.iteration(game, eval, depth, lines, &ordered, around, cancel) {
                Iteration::CutShort {
                    lines: found,
                    first_pass_best,
                } => {
                    answer.cut_short(&found, first_pass_best, lines, self.config.exact_root);
                    break;
                }
                Iteration::Complete {
                    lines: found,
                    pvs,
                    scores,
                } => {
                    let best_changed = answer.complete(depth, &found, pvs, &scores);
                    ordered = next_order(&found, scores);
                    if answer.forced() && !self.config.exact_root {
                        break;
                    }
                    if self.out_of_time(&limits, start, depth, best_changed) {
                        break;
                    }
                }
            }
        }
        let mut results = answer.lines;
        for result in &mut results {
            result.nodes = self.nodes;
            if result.pv.first() != result.best.as_ref() {
                result.pv = self.principal_variation(game, result.best);
            }
        }
        results
    }

    /// Readies this thread for a search within `limits`, starting now
    /// (returned).
    fn start(&mut self, limits: &Limits) -> Instant {
        let start = Instant::now();
        // Hard stop a little before the budget, for the answer to get out.
        let margin = self.config.time_margin;
        self.deadline = limits
            .time
            .map(|t| start + t.saturating_sub(margin.min(t / 10)));
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.stopped = false;
        self.null_move_from_ply = 0;
        self.order.new_search();
        start
    }

    /// Whether a time budget leaves too little for another iteration after
    /// the one at `depth`: each costs several times the one before, so none
    /// starts that cannot finish. A best move that just changed earns a
    /// little more time to settle.
    fn out_of_time(&self, limits: &Limits, start: Instant, depth: u32, best_changed: bool) -> bool {
        let Some(budget) = limits.time else {
            return false;
        };
        let share = if best_changed && depth > 1 {
            self.config.unsettled_time_share
        } else {
            self.config.iteration_time_share
        };
        start.elapsed().as_secs_f64() > budget.as_secs_f64() * share
    }

    /// Whether to stop: the node budget is reached (checked at every
    /// node), the time is up or `cancel` is set (checked every 256 nodes);
    /// once stopped, stays stopped.
    pub(super) fn should_stop(&mut self, cancel: &AtomicBool) -> bool {
        // The node budget exactly (a level's budget is what it searches);
        // the clock and the cancel flag every 256 nodes (reading the clock
        // costs more than a node's share).
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes & 255 == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || cancel.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// One iteration of the deepening at `depth`: `lines` passes over the
    /// root moves in `ordered`'s order, each with a full window (the first
    /// pass, with `around`, in an aspiration window about it) and without
    /// the moves the passes before it found, so that every line's value is
    /// exact. Each line's principal variation is read when its pass ends.
    #[allow(clippy::too_many_arguments)]
    fn iteration<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        lines: usize,
        ordered: &[(M, i32)],
        around: Option<i32>,
        cancel: &AtomicBool,
    ) -> Iteration<M>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let mut found: Vec<(M, i32)> = Vec::with_capacity(lines);
        let mut pvs = Vec::with_capacity(lines);
        let mut scores = Vec::with_capacity(ordered.len());
        for pass in 0..lines {
            let best = match around {
                Some(value) if pass == 0 => {
                    self.aspirated_pass(game, eval, depth, ordered, value, &mut scores, cancel)
                }
                _ => {
                    let scores = (pass == 0).then_some(&mut scores);
                    let window = (-WIN - 1, WIN + 1);
                    self.root_pass(game, eval, depth, ordered, &found, scores, window, cancel)
                }
            };
            if self.stopped {
                return Iteration::CutShort {
                    lines: found,
                    first_pass_best: if pass == 0 { best } else { None },
                };
            }
            let Some(line) = best else {
                break;
            };
            found.push(line);
            // Read now: the later passes may overwrite its entries.
            pvs.push(self.principal_variation(game, Some(line.0)));
        }
        Iteration::Complete {
            lines: found,
            pvs,
            scores,
        }
    }

    /// The first pass of an iteration in a window of
    /// [`SearchConfig::aspiration_window`](super::SearchConfig::aspiration_window)
    /// points about `value`, the last iteration's: searched again in a
    /// window twice as wide on the side that failed, until the best value
    /// falls inside it (or the search stops: a move that failed high is
    /// then the answer, having beaten the window's top).
    #[allow(clippy::too_many_arguments)]
    fn aspirated_pass<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        ordered: &[(M, i32)],
        value: i32,
        scores: &mut Vec<(M, i32)>,
        cancel: &AtomicBool,
    ) -> Option<(M, i32)>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let mut delta = self.config.aspiration_window;
        let (mut low, mut high) = (value - delta, value + delta);
        loop {
            scores.clear();
            let window = (low, high);
            let best = self.root_pass(
                game,
                eval,
                depth,
                ordered,
                &[],
                Some(scores),
                window,
                cancel,
            );
            if self.stopped {
                return best;
            }
            match best {
                Some((_, score)) if score >= high => high = score.saturating_add(delta),
                Some(_) => return best,
                None => low -= delta,
            }
            delta = delta.saturating_mul(2);
            if delta >= WIN_THRESHOLD / 4 {
                (low, high) = (-WIN - 1, WIN + 1);
            }
            low = low.max(-WIN - 1);
            high = high.min(WIN + 1);
        }
    }

    /// One pass over the root moves not in `found`, in `ordered`'s order,
    /// in `window` (the full one but for aspiration): the best move, which
    /// beat the window's bottom (`None` when none did or none is left).
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
        window: (i32, i32),
        cancel: &AtomicBool,
    ) -> Option<(M, i32)>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let (mut alpha, beta) = window;
        let mut best = None;
        let candidates = ordered
            .iter()
            .map(|&(mv, _)| mv)
            .filter(|mv| !found.iter().any(|(m, _)| m == mv));
        for (i, mv) in candidates.enumerate() {
            self.order.play(0, mv);
            game.make_move(mv);
            let score = if self.config.exact_root {
                // Every move with the full window: exact values.
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

    /// The line the table expects from `first` (at most [`MAX_PV`] moves,
    /// each checked to be legal).
    fn principal_variation<G: SearchGame<Move = M>>(
        &mut self,
        game: &mut G,
        first: Option<M>,
    ) -> Vec<M> {
        let mut pv = Vec::new();
        let mut next = first;
        while let Some(mv) = next {
            if pv.len() >= MAX_PV {
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
}
