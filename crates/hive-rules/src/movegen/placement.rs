//! Placements: which pieces the side to move may put down (one per bug,
//! with the queen by the fourth turn and the tournament opening's rule), and
//! the empty cells touching its own pieces and none of the opponent's.

use super::tables::opposite;
use crate::game::{Game, Move};
use crate::hex::Hex;
use crate::piece::{Bug, Color, PIECES_PER_SIDE, Piece};

/// The piece slots of each bug within a side, in [`Bug::ALL`] order.
const BUG_SLOTS: [u32; 8] = [
    0b1,
    0b1110,
    0b111_0000,
    0b1_1000_0000,
    0b110_0000_0000,
    1 << 11,
    1 << 12,
    1 << 13,
];

/// Fixed-capacity list of cells (no heap in the hot loop).
struct CellList {
    cells: [Hex; 128],
    len: usize,
}

impl CellList {
    fn new() -> CellList {
        CellList {
            cells: [Hex::ORIGIN; 128],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, hex: Hex) {
        if self.len < self.cells.len() {
            self.cells[self.len] = hex;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Hex] {
        &self.cells[..self.len]
    }
}

impl Game {
    /// The placements of the side to move, appended to `out`: each piece it
    /// may place on each cell where it may place.
    #[inline]
    pub(super) fn placements(&self, out: &mut Vec<Move>) {
        let pieces = self.placeable();
        if pieces != 0 {
            let mut cells = CellList::new();
            self.each_placement_cell(|cell| cells.push(cell));
            let mut rest = pieces;
            while rest != 0 {
                let piece = Piece::from_id(rest.trailing_zeros() as u8);
                rest &= rest - 1;
                for &to in cells.as_slice() {
                    out.push(Move::Place { piece, to });
                }
            }
        }
    }

    /// The number of placements of the side to move (what
    /// [`Game::placements`] would list).
    #[inline]
    pub(super) fn count_placements(&self) -> usize {
        let pieces = self.placeable();
        let mut cells = 0;
        if pieces != 0 {
            self.each_placement_cell(|_| cells += 1);
        }
        cells * pieces.count_ones() as usize
    }

    /// The pieces the side to move may place now, one per bug (the
    /// lowest-numbered in hand), as a bit mask of piece ids.
    pub(super) fn placeable(&self) -> u32 {
        let me = self.to_move;
        let base = me.index() * PIECES_PER_SIDE;
        let mut hand = (!self.placed >> base) & ((1 << PIECES_PER_SIDE) - 1);
        for (bug, slots) in [
            (Bug::Mosquito, BUG_SLOTS[5]),
            (Bug::Ladybug, BUG_SLOTS[6]),
            (Bug::Pillbug, BUG_SLOTS[7]),
        ] {
            if !self.game_type.includes(bug) {
                hand &= !slots;
            }
        }
        let turn = self.turn_number();
        if turn == 4 && !self.queen_placed(me) {
            hand &= BUG_SLOTS[0];
        } else if turn == 1 && self.options.tournament_opening {
            hand &= !BUG_SLOTS[0];
        }
        let mut pieces = 0;
        for slots in BUG_SLOTS {
            let of_bug = hand & slots;
            pieces |= of_bug & of_bug.wrapping_neg();
        }
        pieces << base
    }

    /// Each cell where the side to move may place, once.
    #[inline]
    pub(super) fn each_placement_cell(&self, mut found: impl FnMut(Hex)) {
        match self.ply {
            0 => found(Hex::ORIGIN),
            1 => {
                if let Some(first) = self.occupied_cells().next() {
                    first.neighbors().into_iter().for_each(found);
                }
            }
            _ => self.placement_cells(self.to_move, found),
        }
    }

    /// Empty cells touching `me`'s stacks and none of the opponent's, each
    /// found once: from the first of its own-coloured neighbours, by the
    /// neighbour masks (no set to clear or fill).
    #[inline]
    fn placement_cells(&self, me: Color, mut found: impl FnMut(Hex)) {
        let (mine, theirs) = (
            &self.around[me.index()],
            &self.around[me.opponent().index()],
        );
        let base = me.index() * PIECES_PER_SIDE;
        let mut own = self.placed & (((1 << PIECES_PER_SIDE) - 1) << base);
        while own != 0 {
            let id = own.trailing_zeros() as usize;
            own &= own - 1;
            let hex = self.pos[id];
            if self.top[hex.index()] as usize != id {
                continue;
            }
            let mut empty = !self.occupied_around(hex) & 0b11_1111;
            while empty != 0 {
                let i = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let n = hex.neighbor_at(i).index();
                // Bit of the direction from `n` back to this stack.
                let back = 1u8 << opposite(i);
                if theirs[n] == 0 && mine[n] & (back - 1) == 0 {
                    found(Hex::from_index(n));
                }
            }
        }
    }
}
