//! The soldier ant's walk: any number of slides around the hive. The one
//! walk for listing moves, finding paths and counting a lone ant's moves
//! (several ants are counted together by [`super::ant_count`]).

use super::board::{CellSet, Lifted};
use super::{Sink, Trail};
use crate::hex::Hex;

/// Any number of slides around the hive (Soldier Ant), each cell reached
/// handed to `sink` once. Depth first, or breadth first when the sink asks
/// (then the trail to each cell, the cell it was first reached from, is a
/// shortest walk: what an animation follows). The same cells either way.
#[inline]
pub(super) fn ant_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    ant_walk(h, from, &mut CellSet::new(), sink);
}

/// [`ant_moves`], adding `from` and the cells reached to `visited` (and
/// leaving out the cells already there).
pub(super) fn ant_walk<S: Sink>(h: &Lifted, from: Hex, visited: &mut CellSet, sink: &mut S) {
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
