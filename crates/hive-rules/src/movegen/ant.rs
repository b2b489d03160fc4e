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
    let mut waiting = [Hex::ORIGIN; 128];
    let mut len = 0;
    let mut count = 0;
    let mut cell = from;
    loop {
        let mut next = None;
        let mut dirs = h.slides(cell);
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let reached = cell.neighbor_at(i);
            if visited.insert(reached) {
                count += 1;
                if next.is_none() {
                    next = Some(reached);
                } else if len < waiting.len() {
                    waiting[len] = reached;
                    len += 1;
                }
            }
        }
        cell = match next {
            Some(next) => next,
            None if len > 0 => {
                len -= 1;
                waiting[len]
            }
            None => return count,
        };
    }
}
