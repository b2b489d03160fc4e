//! How the move generators see the board: [`Lifted`], the position with
//! the moving piece lifted off its cell, and [`CellSet`], a bitmap of cells.

use super::tables::{LIFT, SLIDES};
use crate::game::Game;
use crate::hex::{CELLS, Direction, Hex};

/// A set of cells as a 1024-bit bitmap.
#[derive(Clone, Copy)]
pub(super) struct CellSet([u64; CELLS / 64]);

impl CellSet {
    pub(super) const fn new() -> CellSet {
        CellSet([0; CELLS / 64])
    }

    /// Adds a cell; true if it was not there yet.
    #[inline]
    pub(super) fn insert(&mut self, hex: Hex) -> bool {
        let (word, bit) = (hex.index() / 64, 1u64 << (hex.index() % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }

    /// Whether a cell is in the set.
    #[inline]
    pub(super) fn contains(&self, hex: Hex) -> bool {
        self.0[hex.index() / 64] & (1u64 << (hex.index() % 64)) != 0
    }
}

/// The board as a moving piece sees it: the piece lifted off its cell, so
/// gates, contact and jumps never see it. Nothing is copied: heights and
/// neighbour masks are the game's, corrected around the lifted cell.
#[derive(Copy, Clone)]
pub(super) struct Lifted<'a> {
    pub(super) game: &'a Game,
    from: Hex,
}

impl<'a> Lifted<'a> {
    /// The game with the top piece of `from` lifted.
    #[inline]
    pub(super) fn new(game: &'a Game, from: Hex) -> Lifted<'a> {
        Lifted { game, from }
    }

    /// The stack height of a cell.
    #[inline]
    pub(super) fn h(&self, cell: Hex) -> u8 {
        self.game.height[cell.index()] - u8::from(cell == self.from)
    }

    /// Bit `i` set when the neighbour in direction `Direction::ALL[i]` is
    /// occupied. Only for a lifted ground piece (the pieces that slide or
    /// jump: alone on their cell, which is now empty).
    #[inline]
    pub(super) fn mask(&self, cell: Hex) -> u8 {
        debug_assert_eq!(self.game.height[self.from.index()], 1);
        self.game.occupied_around(cell)
            & !LIFT[cell.index().wrapping_sub(self.from.index()) % CELLS]
    }

    /// The directions a ground piece at `cell` can slide in (the lifted
    /// piece being a ground piece, see [`Lifted::mask`]).
    #[inline]
    pub(super) fn slides(&self, cell: Hex) -> u8 {
        debug_assert_eq!(self.game.height[self.from.index()], 1);
        // Away from the lifted cell, the game's own (one load); beside it,
        // worked out from the mask without the lifted piece.
        let lift = LIFT[cell.index().wrapping_sub(self.from.index()) % CELLS];
        if lift == 0 {
            self.game.slides[cell.index()]
        } else {
            SLIDES[(self.game.occupied_around(cell) & !lift) as usize]
        }
    }

    /// Can a piece step from `from` to its neighbour in `dir`? Applies the
    /// sliding rule on the ground (exactly one of the two shared neighbours
    /// occupied) and the climbing gate rule above it.
    #[inline]
    pub(super) fn can_step(&self, from: Hex, dir: Direction) -> bool {
        let left = self.h(from.neighbor(dir.rotate(5)));
        let right = self.h(from.neighbor(dir.rotate(1)));
        let h1 = self.h(from);
        let h2 = self.h(from.neighbor(dir));
        if h1 == 0 && h2 == 0 {
            (left == 0) != (right == 0)
        } else {
            left.min(right) <= h1.max(h2)
        }
    }
}
