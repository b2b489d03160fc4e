//! Move ordering: the table move, then the killers, then by the evaluator's
//! priority plus history, the countermove bonus and (when on) the
//! continuation history; and how well that order did ([`OrderingStats`]).

use super::{Evaluator, MAX_PLY, SearchConfig, SearchGame};

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

/// Slots of the history and countermove tables (by
/// [`SearchGame::move_key`], modulo this).
const HISTORY_SIZE: usize = 1 << 15;

/// Moves [`MoveOrder::pick`] finds one by one before it sorts the rest.
const SELECTED_FIRST: usize = 4;

/// Slots of the continuation history (by the pair of the move before and
/// the move, hashed, modulo this).
const CONTINUATION_SIZE: usize = 1 << 18;

/// The continuation history's slot of `mv` played after `previous`.
fn continuation_slot(previous: usize, mv: usize) -> usize {
    (previous.wrapping_mul(0x9E37_79B1) ^ mv) % CONTINUATION_SIZE
}

/// One thread's ordering knowledge. History and countermoves persist from
/// search to search (until [`MoveOrder::clear_history`]); killers and
/// statistics start afresh with each search.
pub(super) struct MoveOrder<M> {
    /// Per ply: the last two moves that cut there.
    killers: [[Option<M>; 2]; MAX_PLY],
    /// Per move (by [`SearchGame::move_key`]): how often it cut, less how
    /// often it was tried before another move cut.
    history: Vec<i32>,
    /// Per move (by [`SearchGame::move_key`]): the reply that last refuted it.
    countermoves: Vec<Option<M>>,
    /// Per pair of the move before and a move: as `history`, for the move
    /// as an answer to that one ([`SearchConfig::continuation_history`];
    /// allocated when first used).
    continuation: Vec<i32>,
    /// The move searched at each ply of the current line.
    line: [Option<M>; MAX_PLY],
    /// Per ply: the moves with their ordering keys, reused (no allocation
    /// at any node).
    keyed: Vec<Vec<(u64, M)>>,
    /// This search's statistics.
    pub(super) stats: OrderingStats,
}

impl<M: Copy + PartialEq> MoveOrder<M> {
    pub(super) fn new() -> MoveOrder<M> {
        MoveOrder {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SIZE],
            countermoves: vec![None; HISTORY_SIZE],
            continuation: Vec::new(),
            line: [None; MAX_PLY],
            keyed: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            stats: OrderingStats::default(),
        }
    }

    /// Forget the history, the countermoves and the last line searched (a
    /// new game): the next search orders its moves as a fresh one's (the
    /// quiescence search does not record its moves in the line, so its
    /// countermove lookups would read the last search's).
    pub(super) fn clear_history(&mut self) {
        self.line = [None; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
        self.countermoves.iter_mut().for_each(|c| *c = None);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    /// A new search: no killers, statistics from zero.
    pub(super) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.stats = OrderingStats::default();
    }

    /// `mv` is searched at `ply` (its replies' countermove is looked up by it).
    pub(super) fn play(&mut self, ply: usize, mv: M) {
        self.line[ply] = Some(mv);
    }

    /// The move searched at `ply` of the current line.
    pub(super) fn line(&self, ply: usize) -> Option<M> {
        self.line[ply]
    }

    /// The killer moves of `ply`.
    pub(super) fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    /// The `i`th move of the order [`MoveOrder::rank`] gave `ply`'s moves,
    /// for `i` from 0 up by one. The first few are found by selection (most
    /// nodes cut on the first move or two: no time goes on sorting the
    /// rest), the others sorted once; the order is the full sort's.
    pub(super) fn pick(&mut self, ply: usize, i: usize) -> M {
        let keyed = &mut self.keyed[ply];
        if i < SELECTED_FIRST {
            let best = (i..keyed.len()).min_by_key(|&j| keyed[j].0).unwrap_or(i);
            keyed.swap(i, best);
        } else if i == SELECTED_FIRST {
            keyed[i..].sort_unstable_by_key(|&(k, _)| k);
        }
        keyed[i].1
    }

    /// Computes the order of `ply`'s `moves` for [`MoveOrder::pick`]: table
    /// move first, then killers, then by priority, history and the
    /// countermove bonus (ties keep the generator's order).
    pub(super) fn rank<G, E>(
        &mut self,
        game: &G,
        eval: &E,
        moves: &[M],
        tt_move: Option<M>,
        ply: usize,
        config: &SearchConfig,
    ) where
        G: SearchGame<Move = M>,
        E: Evaluator<G>,
    {
        let killers = self.killers[ply];
        let counter = self.countermove::<G>(ply);
        let previous = self.previous_key::<G>(ply, config);
        if previous.is_some() && self.continuation.is_empty() {
            self.continuation = vec![0; CONTINUATION_SIZE];
        }
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
                    config.countermove_bonus
                } else {
                    0
                };
                let continuation = previous.map_or(0, |p| {
                    self.continuation[continuation_slot(p, G::move_key(m))]
                });
                eval.move_priority(game, m).saturating_add(
                    self.history[G::move_key(m) % HISTORY_SIZE] + bonus + continuation,
                )
            };
            // Ascending order of this is descending key, then generator order.
            let descending = !((key as u32) ^ 0x8000_0000);
            ((u64::from(descending) << 32) | i as u64, m)
        }));
        self.keyed[ply] = keyed;
    }

    /// The key of the move that led to `ply`, when the continuation
    /// history is on.
    fn previous_key<G: SearchGame<Move = M>>(
        &self,
        ply: usize,
        config: &SearchConfig,
    ) -> Option<usize> {
        if !config.continuation_history {
            return None;
        }
        Some(G::move_key(self.line[ply.checked_sub(1)?]?))
    }

    /// The remembered refutation of the move that led to `ply`.
    fn countermove<G: SearchGame<Move = M>>(&self, ply: usize) -> Option<M> {
        let previous = self.line[ply.checked_sub(1)?]?;
        self.countermoves[G::move_key(previous) % HISTORY_SIZE]
    }

    /// `mv` cut at `ply` with `depth` to go, after the moves `tried`
    /// failed: counts the cutoff and makes `mv` a killer, the countermove of
    /// the move before, and better in history, and the moves tried worse.
    pub(super) fn cutoff<G: SearchGame<Move = M>>(
        &mut self,
        mv: M,
        ply: usize,
        depth: u32,
        tried: &[M],
        config: &SearchConfig,
    ) {
        self.stats.cutoffs += 1;
        self.stats.first_move_cutoffs += u64::from(tried.is_empty());
        self.stats.cutoff_index_sum += tried.len() as u64;
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some(previous) = ply.checked_sub(1).and_then(|p| self.line[p]) {
            self.countermoves[G::move_key(previous) % HISTORY_SIZE] = Some(mv);
        }
        let max = config.history_max;
        let bonus = ((depth * depth) as i32).min(max / 4);
        let slot = G::move_key(mv) % HISTORY_SIZE;
        self.history[slot] += bonus - self.history[slot] * bonus / max;
        for m in tried {
            let s = G::move_key(*m) % HISTORY_SIZE;
            self.history[s] += -bonus - self.history[s] * bonus / max;
        }
        if let Some(previous) = self.previous_key::<G>(ply, config)
            && !self.continuation.is_empty()
        {
            let slot = continuation_slot(previous, G::move_key(mv));
            self.continuation[slot] += bonus - self.continuation[slot] * bonus / max;
            for m in tried {
                let s = continuation_slot(previous, G::move_key(*m));
                self.continuation[s] += -bonus - self.continuation[s] * bonus / max;
            }
        }
    }
}
