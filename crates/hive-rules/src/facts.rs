//! Facts about the pieces on the board, computed in one pass: what an
//! evaluation or a viewer wants to know beyond the legal move list.

use super::game::{Game, NONE};
use super::movegen::SLIDES;
use super::piece::{Bug, PIECE_COUNT, Piece};

/// A set of pieces as a bit mask over piece ids.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug)]
pub struct PieceSet(u32);

impl PieceSet {
    /// Whether the piece is in the set.
    #[inline]
    pub fn contains(self, piece: Piece) -> bool {
        self.0 & (1 << piece.id()) != 0
    }

    /// Number of pieces in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces, in id order.
    pub fn iter(self) -> impl Iterator<Item = Piece> {
        (0..PIECE_COUNT as u8)
            .filter(move |&id| self.0 & (1 << id) != 0)
            .map(Piece::from_id)
    }

    fn insert(&mut self, piece: Piece) {
        self.0 |= 1 << piece.id();
    }
}

/// Which pieces on the board are pinned, covered, or physically free to move
/// (whoever's turn it is, and ignoring the queen-first rule).
#[derive(Copy, Clone, Debug, Default)]
pub struct PieceFacts {
    /// Alone on a cell whose removal would split the hive.
    pub pinned: PieceSet,
    /// Under another piece.
    pub covered: PieceSet,
    /// On top of its stack, not pinned, and with room to go somewhere (a
    /// sliding bug has at least one open slide; a mosquito touches a non-mosquito).
    pub free: PieceSet,
}

impl Game {
    /// Pinned, covered and free pieces of both sides.
    pub fn piece_facts(&self) -> PieceFacts {
        let pinned_mask = self.pinned_pieces();
        let mut facts = PieceFacts::default();
        for piece in Piece::all() {
            let Some(at) = self.position(piece) else {
                continue;
            };
            if self.top[at.index()] as usize != piece.id() {
                facts.covered.insert(piece);
                continue;
            }
            let on_ground = self.height[at.index()] == 1;
            if on_ground && pinned_mask & (1 << piece.id()) != 0 {
                facts.pinned.insert(piece);
                continue;
            }
            let free = match piece.bug() {
                _ if !on_ground => true,
                // Lifting the piece changes no neighbour of its own cell.
                Bug::Queen | Bug::Ant | Bug::Spider | Bug::Pillbug => {
                    SLIDES[self.occupied_around(at) as usize] != 0
                }
                Bug::Mosquito => at.neighbors().iter().any(|n| {
                    let t = self.top[n.index()];
                    t != NONE && Piece::from_id(t).bug() != Bug::Mosquito
                }),
                Bug::Grasshopper | Bug::Beetle | Bug::Ladybug => true,
            };
            if free {
                facts.free.insert(piece);
            }
        }
        facts
    }
}
