//! Below the root: negamax with alpha-beta, principal-variation search and
//! late-move reductions over the transposition table, and the quiescence
//! search at the horizon.

use std::sync::atomic::AtomicBool;

use super::threads::Worker;
use super::{Evaluator, MAX_PLY, Outcome, SearchGame, WIN, WIN_THRESHOLD};
use crate::tt::{Bound, PackedMove};

impl<M: Copy + PartialEq + std::fmt::Debug + PackedMove> Worker<M> {
    /// The value of `game` for the side to move, searched `depth` plies
    /// deep (then quiescence) in the window `(alpha, beta)`, `ply` plies
    /// from the root: exact inside the window, a bound outside it. 0 once
    /// the search is stopped.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax<G, E>(
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
            if entry.depth >= depth
                && let Some(score) = settled(entry.score, entry.bound, ply, alpha, beta)
            {
                return score;
            }
        }

        // Off the principal variation and out of danger, the pruning that
        // trusts the static value (each its own switch).
        let pv_node = beta - alpha > 1;
        let config = self.config;
        let wants_static = !pv_node
            && beta.abs() < WIN_THRESHOLD
            && (((config.reverse_futility || config.futility_pruning)
                && depth <= config.futility_depth)
                || (config.null_move && depth >= config.null_move_depth))
            && !eval.in_danger(game);
        let static_value = if wants_static {
            Some(eval.evaluate(game))
        } else {
            None
        };
        if let Some(value) = static_value {
            if config.reverse_futility
                && depth <= config.futility_depth
                && value - config.futility_margin * depth as i32 >= beta
            {
                return value;
            }
            if let Some(cut) = self.null_move_cut(game, eval, depth, ply, beta, value, cancel) {
                return cut;
            }
            if self.stopped {
                return 0;
            }
        }

        // Nothing in the table to order by: a ply shallower.
        let depth = if config.internal_reduction && depth >= 4 && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        // The quiet moves cannot raise a hopeless static value to alpha.
        let futile = config.futility_pruning
            && depth <= config.futility_depth
            && static_value.is_some_and(|v| v + config.futility_margin * (depth as i32) <= alpha);

        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        // The table's move first, before the others are generated: the
        // ordering would put it first anyway, and a cut spares the rest.
        let mut searched_first = None;
        if let Some(mv) = tt_move.filter(|&mv| config.table_move_first && game.is_legal(mv)) {
            let score =
                self.search_move(game, eval, mv, true, depth, ply, (alpha, beta), 0, cancel);
            if self.stopped {
                return 0;
            }
            searched_first = Some((mv, score));
            best_score = score;
            best_move = Some(mv);
            alpha = alpha.max(score);
            if alpha >= beta {
                self.order.stats.nodes += 1;
                self.order.cutoff::<G>(mv, ply, depth, &[], &self.config);
                self.tt
                    .store(hash, best_move, to_tt(best_score, ply), depth, Bound::Lower);
                return best_score;
            }
        }

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.generate_moves(&mut moves);
        self.order
            .rank(game, eval, &moves, tt_move, ply, &self.config);
        self.order.stats.nodes += 1;

        let killers = self.order.killers(ply);
        let prune_after = (config.late_move_pruning && !pv_node && depth <= config.late_move_depth)
            .then(|| config.late_move_count + (depth * depth) as usize * config.late_move_scale);
        // A side in danger: every move searched, and to full depth.
        let spared = config.danger_exempt
            && (prune_after.is_some()
                || (config.late_move_reductions && depth >= config.reduce_from_depth))
            && eval.in_danger(game);
        let prune_after = prune_after.filter(|_| !spared);
        for i in 0..moves.len() {
            // In order, as needed: `moves[..i]` holds the moves tried.
            let mv = self.order.pick(ply, i);
            moves[i] = mv;
            if searched_first.is_some_and(|(first, _)| first == mv) {
                // Searched before the others were generated (the first).
                continue;
            }
            let prune =
                (futile || prune_after.is_some_and(|n| i >= n)) && best_score > -WIN_THRESHOLD;
            let late = config.late_move_reductions
                && !spared
                && i >= config.reduce_from_move
                && depth >= config.reduce_from_depth;
            // Only a late move is asked whether it is quiet (the question
            // costs time).
            let quiet = (prune || late)
                && i > 0
                && Some(mv) != tt_move
                && !killers.contains(&Some(mv))
                && !eval.is_noisy(game, mv);
            if prune && quiet {
                continue;
            }
            let reduce = late && quiet;
            let reduction = if !reduce {
                0
            } else if config.reduction_table {
                reduction(depth, i, pv_node, config.reduction_divisor)
            } else {
                1
            };
            let score = self.search_move(
                game,
                eval,
                mv,
                i == 0,
                depth,
                ply,
                (alpha, beta),
                reduction,
                cancel,
            );
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
                self.order
                    .cutoff::<G>(mv, ply, depth, &moves[..i], &self.config);
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

    /// One move of a node searched, `first` with the full window and the
    /// others with a null window (`reduction` plies shallower first, when
    /// reduced), again with the full window if they land inside it: its
    /// value for the side to move at the node.
    #[allow(clippy::too_many_arguments)]
    fn search_move<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        mv: M,
        first: bool,
        depth: u32,
        ply: usize,
        (alpha, beta): (i32, i32),
        reduction: u32,
        cancel: &AtomicBool,
    ) -> i32
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        // A move closing in on the enemy queen that leaves it one free
        // cell is searched a ply deeper, unless the move before it was
        // extended.
        let threat = self.config.threat_extension
            && !self.extended[ply.saturating_sub(1)]
            && eval.is_noisy(game, mv);
        self.order.play(ply, mv);
        game.make_move(mv);
        let extended = threat && eval.threatened(game);
        self.extended[ply] = extended;
        let depth = depth + u32::from(extended);
        let score = if first {
            -self.negamax(game, eval, depth - 1, ply + 1, -beta, -alpha, cancel)
        } else {
            let mut probe = alpha + 1;
            if reduction > 0 {
                probe = -self.negamax(
                    game,
                    eval,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    cancel,
                );
            }
            if probe > alpha && !self.stopped {
                probe = -self.negamax(game, eval, depth - 1, ply + 1, -alpha - 1, -alpha, cancel);
            }
            if probe > alpha && probe < beta && !self.stopped {
                -self.negamax(game, eval, depth - 1, ply + 1, -beta, -alpha, cancel)
            } else {
                probe
            }
        };
        game.unmake_move();
        score
    }

    /// Null-move pruning ([`SearchConfig::null_move`]): the side to move,
    /// whose static `value` is at `beta` or more, passes; the cut's value
    /// when even then a shallower search beats `beta` (and, deep enough,
    /// the node's own search as shallow agrees).
    #[allow(clippy::too_many_arguments)]
    fn null_move_cut<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        ply: usize,
        beta: i32,
        value: i32,
        cancel: &AtomicBool,
    ) -> Option<i32>
    where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let null = G::null_move()?;
        let config = self.config;
        let after_null = ply
            .checked_sub(1)
            .and_then(|p| self.order.line(p))
            .is_some_and(|previous| previous == null);
        if !config.null_move
            || depth < config.null_move_depth
            || value < beta
            || ply < self.null_move_from_ply
            || after_null
        {
            return None;
        }
        let shallower = (depth - 1).saturating_sub(2 + depth / 4);
        self.order.play(ply, null);
        game.make_move(null);
        let score = -self.negamax(game, eval, shallower, ply + 1, -beta, -beta + 1, cancel);
        game.unmake_move();
        if self.stopped || score < beta {
            return None;
        }
        // A found win after a pass is not proof of one.
        let score = score.min(WIN_THRESHOLD - 1);
        if depth < config.null_move_verify_depth {
            return Some(score);
        }
        let from_ply = self.null_move_from_ply;
        self.null_move_from_ply = ply + 3 * shallower as usize / 4 + 1;
        let verified = self.negamax(game, eval, shallower, ply, beta - 1, beta, cancel);
        self.null_move_from_ply = from_ply;
        (!self.stopped && verified >= beta).then_some(score)
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
        let mut table_move = None;
        if self.config.quiescence_table
            && let Some(entry) = self.tt.probe(game.position_hash())
        {
            // Any entry is at least as deep as what is left here.
            if let Some(score) = settled(entry.score, entry.bound, ply, alpha, beta) {
                return score;
            }
            table_move = entry.mv;
        }
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
        self.order
            .rank(game, eval, &moves, table_move, ply, &self.config);
        for i in 0..moves.len() {
            let mv = self.order.pick(ply, i);
            self.nodes += 1;
            if self.should_stop(cancel) {
                break;
            }
            if self.config.quiescence_line {
                self.order.play(ply, mv);
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
}

/// Plies a late move is reduced by from the table
/// ([`SearchConfig::reduction_table`]): `ln(depth) * ln(index + 1) /
/// divisor`, one less at a principal-variation node, at least one, and
/// never past the horizon.
fn reduction(depth: u32, index: usize, pv_node: bool, divisor: f64) -> u32 {
    let table = (f64::from(depth).ln() * ((index + 1) as f64).ln() / divisor) as u32;
    let table = if pv_node {
        table.saturating_sub(1)
    } else {
        table
    };
    table.max(1).min(depth - 1)
}

/// The value a table entry's `score` and `bound` give a node `ply` plies
/// from the root when they settle its window `(alpha, beta)`: exact, or a
/// bound beyond the window's side.
fn settled(score: i32, bound: Bound, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(score, ply);
    match bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// Mate scores are stored relative to the node, not the root: `score`
/// found `ply` plies from the root as the table keeps it.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, seen `ply` plies from the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
