//! Pinned pieces: those whose cell holds the hive together (an
//! articulation point), so that lifting them would split it. Most cells are
//! decided from their neighbour masks and the hive's hole count; Tarjan's
//! cut-vertex search settles the rest.

use super::tables::{RUNS, SINGLE_GAPS, SPLITS};
use crate::game::Game;
use crate::hex::Hex;
use crate::piece::PIECE_COUNT;

/// The pinned pieces of a position: decided cell by cell from the
/// neighbour masks and the hive's hole count ([`Game::cut_cell`]), with
/// Tarjan's search run once, and only if a cell cannot be decided so.
pub(super) struct Pinned<'a> {
    game: &'a Game,
    mask: Option<u32>,
}

impl<'a> Pinned<'a> {
    pub(super) fn new(game: &'a Game) -> Pinned<'a> {
        Pinned { game, mask: None }
    }

    /// Whether the piece with this id, alone on `cell`, is pinned.
    #[inline]
    pub(super) fn contains(&mut self, id: usize, cell: Hex) -> bool {
        let around = self.game.occupied_around(cell);
        SPLITS[around as usize]
            && match self.game.cut_cell(cell, around) {
                Some(cut) => cut,
                None => {
                    *self.mask.get_or_insert_with(|| self.game.tarjan_pinned()) & (1 << id) != 0
                }
            }
    }
}

/// Tarjan's cut-vertex search, recursive (at most 28 deep).
struct CutSearch<'a> {
    game: &'a Game,
    /// Discovery time per top piece id, 0 until visited.
    disc: [u8; PIECE_COUNT],
    time: u8,
    pinned: u32,
}

impl CutSearch<'_> {
    /// Visit the stack on `cell` (top piece `v`, reached from `parent`);
    /// returns its low link.
    fn visit(&mut self, cell: Hex, v: u8, parent: u8) -> u8 {
        self.time += 1;
        let disc = self.time;
        self.disc[v as usize] = disc;
        let mut low = disc;
        let mut around = self.game.occupied_around(cell);
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let next = cell.neighbor_at(i);
            let n = self.game.top[next.index()];
            let seen = self.disc[n as usize];
            if seen == 0 {
                let below = self.visit(next, n, v);
                low = low.min(below);
                if below >= disc {
                    self.pinned |= 1 << v;
                }
            } else if n != parent {
                low = low.min(seen);
            }
        }
        low
    }
}

impl Game {
    /// Pieces whose cell is an articulation point of the hive, as a bit mask
    /// of the top piece ids of those cells: each cell decided by
    /// [`Game::cut_cell`], and by Tarjan's search only if one cannot be.
    pub(crate) fn pinned_pieces(&self) -> u32 {
        let mut pinned = 0;
        let mut rest = self.placed;
        while rest != 0 {
            let id = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cell = self.pos[id];
            if self.top[cell.index()] as usize != id {
                continue;
            }
            let around = self.occupied_around(cell);
            if !SPLITS[around as usize] {
                continue;
            }
            match self.cut_cell(cell, around) {
                Some(true) => pinned |= 1 << id,
                Some(false) => {}
                None => return self.tarjan_pinned(),
            }
        }
        debug_assert_eq!(pinned, self.tarjan_pinned(), "{self:?}");
        pinned
    }

    /// Whether the occupied cell `cell`, whose occupied neighbours
    /// (`around`) form two runs or more, is an articulation point of the
    /// hive; `None` when the masks and the hole count cannot tell.
    ///
    /// On the hexagonal grid (a triangulation: no two steps cross), a cell
    /// is an articulation point exactly when two of its gaps (runs of empty
    /// neighbours) lie in the same empty region: an empty path between them
    /// closes a loop through the cell that parts the runs on either side.
    /// With no holes, every empty cell is outside the hive, so any two gaps
    /// share the outside. A gap that is a single cell with six occupied
    /// neighbours is a hole of its own, shared with no other gap; when the
    /// other gaps are one at most, or no other hole exists, that settles it.
    #[inline]
    fn cut_cell(&self, cell: Hex, around: u8) -> Option<bool> {
        let holes = self.holes();
        if holes == 0 {
            return Some(true);
        }
        let gaps = RUNS[around as usize] as u32;
        let mut own_holes = 0;
        // Single-cell gaps: empty neighbours whose two neighbours around
        // `cell` are occupied.
        let mut single = SINGLE_GAPS[around as usize];
        while single != 0 {
            let i = single.trailing_zeros() as usize;
            single &= single - 1;
            if self.occupied_around(cell.neighbor_at(i)) == 0b11_1111 {
                own_holes += 1;
            }
        }
        if gaps - own_holes <= 1 {
            Some(false)
        } else if holes == own_holes {
            Some(true)
        } else {
            None
        }
    }

    /// [`Game::pinned_pieces`] by Tarjan's cut-vertex search (linear time).
    pub(super) fn tarjan_pinned(&self) -> u32 {
        if self.placed == 0 {
            return 0;
        }
        let root = self.pos[self.placed.trailing_zeros() as usize];
        let root_id = self.top[root.index()];
        // Depth-first search over occupied cells by top piece id, with the
        // discovery time per id; the root is pinned when it has two
        // subtrees or more.
        let mut search = CutSearch {
            game: self,
            disc: [0; PIECE_COUNT],
            time: 1,
            pinned: 0,
        };
        search.disc[root_id as usize] = 1;
        let mut children = 0;
        let mut around = self.occupied_around(root);
        while around != 0 {
            let i = around.trailing_zeros() as usize;
            around &= around - 1;
            let next = root.neighbor_at(i);
            let n = self.top[next.index()];
            if search.disc[n as usize] == 0 {
                children += 1;
                search.visit(next, n, root_id);
            }
        }
        if children > 1 {
            search.pinned |= 1 << root_id;
        }
        search.pinned
    }
}
