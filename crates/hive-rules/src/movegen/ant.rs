//! The soldier ant's walk: any number of slides around the hive. One walk
//! for listing moves and finding paths, one for counting a lone ant's moves
//! (several ants are counted together by [`super::ant_count`]).

use super::board::{CellSet, Lifted};
use super::{Sink, Trail};
use crate::hex::Hex;

/// Any number of slides around the hive (Soldier Ant), each cell reached
/// handed to `sink` once. Depth first, or breadth first when the sink asks
/// (then the trail to each cell, the cell it was first reached from, is a
/// shortest walk: what an animation follows). The same cells either way.
pub(super) fn ant_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut visited = CellSet::new();
    visited.insert(from);
    let mut cells = [Hex::ORIGIN; 128];
    let (mut head, mut tail) = (0, 1);
    cells[0] = from;
    while head < tail {
        let cell = if S::BREADTH_FIRST {
            head += 1;
            cells[head - 1]
        } else {
            tail -= 1;
            cells[tail]
        };
        let mut dirs = h.slides(cell);
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let next = cell.neighbor_at(i);
            if visited.insert(next) {
                sink.emit(next, Trail::After(cell));
                if tail < cells.len() {
                    cells[tail] = next;
                    tail += 1;
                }
            }
        }
    }
}

/// The number of cells [`ant_moves`] reaches from `from`, adding them and
/// `from` to `visited`, for counting. The order of the cells does not
/// matter here, so the walk goes on from each cell to the first new cell it
/// slides to at once, and keeps only the others for later: along the hive's
/// edge, where a cell mostly leads to one new cell, few cells go through
/// the list.
pub(super) fn ant_count_walk(h: &Lifted, from: Hex, visited: &mut CellSet) -> usize {
    visited.insert(from);
    let mut frontier = Frontier::new();
    let mut count = 0;
    let mut cell = from;
    loop {
        let mut dirs = h.slides(cell);
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let reached = cell.neighbor_at(i);
            if visited.insert(reached) {
                count += 1;
                frontier.reached(reached);
            }
        }
        match frontier.advance() {
            Some(next) => cell = next,
            None => return count,
        }
    }
}

/// Where a counting walk goes on from: the first new cell of the last step
/// at once, the others kept for later (a stack of up to 128).
pub(super) struct Frontier {
    next: Option<Hex>,
    waiting: [Hex; 128],
    len: usize,
}

impl Frontier {
    pub(super) fn new() -> Frontier {
        Frontier {
            next: None,
            waiting: [Hex::ORIGIN; 128],
            len: 0,
        }
    }

    /// A new cell reached by this step.
    #[inline]
    pub(super) fn reached(&mut self, cell: Hex) {
        if self.next.is_none() {
            self.next = Some(cell);
        } else if self.len < self.waiting.len() {
            self.waiting[self.len] = cell;
            self.len += 1;
        }
    }

    /// The cell to go on from: the step's first new cell, else the last
    /// one kept; `None` when the walk is over.
    #[inline]
    pub(super) fn advance(&mut self) -> Option<Hex> {
        if let Some(next) = self.next.take() {
            return Some(next);
        }
        self.len = self.len.checked_sub(1)?;
        Some(self.waiting[self.len])
    }
}
