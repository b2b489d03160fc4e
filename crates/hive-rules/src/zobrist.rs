//! Zobrist keys: a random 64-bit number per (piece, cell), (piece, stack
//! level), side to move and just-moved piece, xor-ed together into the hash.

use super::hex::CELLS;
use super::piece::{PIECE_COUNT, Piece};

/// Highest stack level a key exists for (a stack of 8 cannot occur).
pub(super) const LEVELS: usize = 8;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [[u64; N]; PIECE_COUNT] {
    let mut keys = [[0; N]; PIECE_COUNT];
    let mut state = seed;
    let mut p = 0;
    while p < PIECE_COUNT {
        let mut i = 0;
        while i < N {
            let (s, k) = splitmix(state);
            state = s;
            keys[p][i] = k;
            i += 1;
        }
        p += 1;
    }
    keys
}

/// Key of a piece standing on a cell.
pub(super) static CELL: [[u64; CELLS]; PIECE_COUNT] = keys::<CELLS>(0x4869_7665_5a6f_6272);
/// Key of a piece standing at a stack level (0 = on the ground).
pub(super) static LEVEL: [[u64; LEVELS]; PIECE_COUNT] = keys::<LEVELS>(0x5374_6163_6b4c_766c);
/// Key of the piece that moved last (it may not move, nor be moved, this turn).
pub(super) static JUST_MOVED: [[u64; 1]; PIECE_COUNT] = keys::<1>(0x4a75_7374_4d6f_7665);
/// Key of a piece standing on a cell, the same for every piece of one
/// side's bug: the pieces as they stand, for the threefold-repetition rule
/// (two Grasshoppers that swap cells leave the same position).
pub(super) static BUG_CELL: [[u64; CELLS]; PIECE_COUNT] = by_bug(&CELL);
/// Key of a piece standing at a stack level, by side and bug as [`BUG_CELL`].
pub(super) static BUG_LEVEL: [[u64; LEVELS]; PIECE_COUNT] = by_bug(&LEVEL);

/// Each piece takes the keys of its side's first piece of the same bug.
const fn by_bug<const N: usize>(keys: &[[u64; N]; PIECE_COUNT]) -> [[u64; N]; PIECE_COUNT] {
    let mut out = [[0; N]; PIECE_COUNT];
    let mut p = 0;
    while p < PIECE_COUNT {
        let piece = Piece::from_id(p as u8);
        let first = match Piece::new(piece.color(), piece.bug(), 1) {
            Some(first) => first.id(),
            None => p,
        };
        out[p] = keys[first];
        p += 1;
    }
    out
}

/// Key xor-ed in while Black is to move.
pub(super) const BLACK_TO_MOVE: u64 = splitmix(0x426c_6163_6b21).1;
