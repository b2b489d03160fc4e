//! Constant lookup tables over neighbour masks, and direction index
//! arithmetic, shared by the move generators.
//!
//! A neighbour mask has bit `i` set when the neighbour in direction
//! `Direction::ALL[i]` is occupied.

use crate::hex::{CELLS, Direction, Hex};

/// For each occupied-neighbour mask, the directions a ground piece can slide
/// in: the target is empty and exactly one of the two cells beside the step
/// is occupied. (256 entries, the last 192 repeating the first 64, so that
/// any `u8` indexes it without a bounds check.)
pub(crate) const SLIDES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut index = 0;
    while index < 256 {
        let mask = index & 63;
        let mut dirs = 0;
        let mut i = 0;
        while i < 6 {
            let target = (mask >> i) & 1;
            let left = (mask >> ((i + 5) % 6)) & 1;
            let right = (mask >> ((i + 1) % 6)) & 1;
            if target == 0 && left != right {
                dirs |= 1 << i;
            }
            i += 1;
        }
        table[index] = dirs;
        index += 1;
    }
    table
};

/// For each occupied-neighbour mask, whether the occupied neighbours form
/// two runs or more around the cell. Only such a cell can be an
/// articulation point: with one run, its neighbours stay joined around it.
pub(super) const SPLITS: [bool; 64] = {
    let mut table = [false; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut runs = 0;
        let mut i = 0;
        while i < 6 {
            // A run starts at an occupied neighbour whose predecessor is empty.
            if (mask >> i) & 1 == 1 && (mask >> ((i + 5) % 6)) & 1 == 0 {
                runs += 1;
            }
            i += 1;
        }
        table[mask] = runs > 1;
        mask += 1;
    }
    table
};

/// For each occupied-neighbour mask, the number of runs of occupied
/// neighbours around the cell (as many as the runs of empty ones, unless
/// all six or none are occupied).
pub(super) const RUNS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut i = 0;
        while i < 6 {
            if (mask >> i) & 1 == 1 && (mask >> ((i + 5) % 6)) & 1 == 0 {
                table[mask] += 1;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// For each occupied-neighbour mask, the empty neighbours whose two
/// neighbours around the cell are both occupied: gaps of one cell.
pub(super) const SINGLE_GAPS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut i = 0;
        while i < 6 {
            if (mask >> i) & 1 == 0
                && (mask >> ((i + 5) % 6)) & 1 == 1
                && (mask >> ((i + 1) % 6)) & 1 == 1
            {
                table[mask] |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    table
};

/// For a cell at torus offset `o` from the lifted cell, the bit of the
/// direction back to it (0 unless `o` is one step): what lifting a lone
/// piece clears from that cell's neighbour mask.
pub(super) const LIFT: [u8; CELLS] = {
    let mut table = [0u8; CELLS];
    let mut i = 0;
    while i < 6 {
        let dir = Direction::ALL[i];
        table[(Hex::ORIGIN.neighbor(dir).index() + CELLS - Hex::ORIGIN.index()) % CELLS] |=
            1 << dir.opposite().index();
        i += 1;
    }
    table
};

/// The direction index before `i` (below 6), counterclockwise.
#[inline]
pub(super) fn before(i: usize) -> usize {
    if i == 0 { 5 } else { i - 1 }
}

/// The direction index after `i` (below 6), clockwise.
#[inline]
pub(super) fn after(i: usize) -> usize {
    if i >= 5 { 0 } else { i + 1 }
}

/// The direction index opposite `i` (below 6).
#[inline]
pub(super) fn opposite(i: usize) -> usize {
    if i < 3 { i + 3 } else { i - 3 }
}
