//! The movements of a fixed shape: one slide (queen, pillbug), one step
//! with climbing (beetle), straight jumps (grasshopper), three slides
//! (spider) and two steps on top then one down (ladybug).

use super::board::Lifted;
use super::tables::{after, before, opposite};
use super::{Sink, Trail};
use crate::hex::{Direction, Hex};

/// One sliding step (Queen, Pillbug).
pub(super) fn slide_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut dirs = h.slides(from);
    while dirs != 0 {
        let i = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        sink.emit(from.neighbor_at(i), Trail::Step);
    }
}

/// One step in any direction, climbing allowed (Beetle).
pub(super) fn beetle_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let h1 = h.h(from);
    if !h.game.gates_possible() {
        // No gate can close: every step is free but those on the ground,
        // which slide. (Lifting the beetle leaves its own cell's neighbour
        // mask as it is.)
        let mut dirs = if h1 > 0 {
            0b11_1111
        } else {
            h.game.occupied_around(from) | h.game.slides[from.index()]
        };
        while dirs != 0 {
            let i = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            sink.emit(from.neighbor_at(i), Trail::Step);
        }
        return;
    }
    // The rule of Lifted::can_step, with the seven heights looked up once.
    let around: [u8; 6] = std::array::from_fn(|i| h.h(from.neighbor_at(i)));
    for (i, &h2) in around.iter().enumerate() {
        let left = around[before(i)];
        let right = around[after(i)];
        let free = if h1 == 0 && h2 == 0 {
            (left == 0) != (right == 0)
        } else {
            left.min(right) <= h1.max(h2)
        };
        if free {
            sink.emit(from.neighbor_at(i), Trail::Step);
        }
    }
}

/// Exactly three slides, never revisiting a cell (Spider).
pub(super) fn spider_moves<S: Sink>(h: &Lifted, start: Hex, sink: &mut S) {
    // Each step leaves out the way straight back (the opposite direction);
    // the third also leaves out the start.
    let mut first = h.slides(start);
    while first != 0 {
        let i1 = first.trailing_zeros() as usize;
        first &= first - 1;
        let c1 = start.neighbor_at(i1);
        let mut second = h.slides(c1) & !(1 << opposite(i1));
        while second != 0 {
            let i2 = second.trailing_zeros() as usize;
            second &= second - 1;
            let c2 = c1.neighbor_at(i2);
            let mut third = h.slides(c2) & !(1 << opposite(i2));
            while third != 0 {
                let i3 = third.trailing_zeros() as usize;
                third &= third - 1;
                let c3 = c2.neighbor_at(i3);
                if c3 != start {
                    sink.emit(c3, Trail::Walk(c1, c2));
                }
            }
        }
    }
}

/// Straight jumps over one or more pieces (Grasshopper).
pub(super) fn grasshopper_moves<S: Sink>(h: &Lifted, from: Hex, sink: &mut S) {
    let mut dirs = h.mask(from);
    while dirs != 0 {
        let dir = Direction::ALL[dirs.trailing_zeros() as usize];
        dirs &= dirs - 1;
        let mut cell = from.neighbor(dir);
        while h.game.height[cell.index()] != 0 {
            cell = cell.neighbor(dir);
        }
        sink.emit(cell, Trail::Line(dir));
    }
}

/// Two steps on top of the hive, then one down (Ladybug). The ladybug is
/// on the ground (it never ends a move on top), so its lifted cell is
/// empty; the steps go over occupied neighbours by their masks. Each step
/// has an end at least one high, so the gate rule is checked only when
/// [`crate::game::Game::gates_possible`].
pub(super) fn ladybug_moves<S: Sink>(h: &Lifted, start: Hex, sink: &mut S) {
    let gates = h.game.gates_possible();
    let mut first = h.mask(start);
    while first != 0 {
        let i1 = first.trailing_zeros() as usize;
        first &= first - 1;
        if gates && !h.can_step(start, Direction::ALL[i1]) {
            continue;
        }
        let c1 = start.neighbor_at(i1);
        let mut second = h.mask(c1);
        while second != 0 {
            let i2 = second.trailing_zeros() as usize;
            second &= second - 1;
            if gates && !h.can_step(c1, Direction::ALL[i2]) {
                continue;
            }
            let c2 = c1.neighbor_at(i2);
            let mut third = !h.mask(c2) & 0b11_1111;
            while third != 0 {
                let i3 = third.trailing_zeros() as usize;
                third &= third - 1;
                let c3 = c2.neighbor_at(i3);
                if c3 == start || (gates && !h.can_step(c2, Direction::ALL[i3])) {
                    continue;
                }
                sink.emit(c3, Trail::Walk(c1, c2));
            }
        }
    }
}
