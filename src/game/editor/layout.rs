//! What stays put on the editor's screen while the player edits, so the
//! next click lands where the last one did: the board's frame (the cells
//! shown and so their size) and the hands' slots (one per bug of the game
//! type, kept when its pieces run out).
//!
//! The frame changes only when a piece would fall outside it (or touch its
//! edge, where nothing could be put beside it), on opening, on Clear and on
//! an explicit Fit; a placement inside it moves nothing.

use crate::learn::Setup;
use crate::rules::{Bug, Color, Hex, Piece};

/// The cells the editor's board shows: a hexagon of cells around a centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardFrame {
    /// The middle cell, around the origin (see [`relative`]).
    pub centre: (i32, i32),
    /// How many rings of cells around it.
    pub radius: i32,
}

impl Default for BoardFrame {
    fn default() -> Self {
        BoardFrame {
            centre: (0, 0),
            radius: BoardFrame::SMALLEST,
        }
    }
}

impl BoardFrame {
    /// The fewest rings shown.
    pub const SMALLEST: i32 = 3;
    /// The most rings shown (the cells get small beyond).
    pub const LARGEST: i32 = 12;

    /// The frame around `setup`'s pieces, with two free rings beyond the
    /// farthest so there is room to place next to it.
    pub fn fit(setup: &Setup) -> BoardFrame {
        let cells: Vec<(i32, i32)> = setup.cells().map(relative).collect();
        if cells.is_empty() {
            return BoardFrame::default();
        }
        let n = cells.len() as i32;
        let (sq, sr) = cells.iter().fold((0, 0), |(a, b), &(q, r)| (a + q, b + r));
        let centre = (sq / n, sr / n);
        let radius = cells
            .iter()
            .map(|&c| distance(c, centre) + 2)
            .max()
            .unwrap_or(BoardFrame::SMALLEST)
            .clamp(BoardFrame::SMALLEST, BoardFrame::LARGEST);
        BoardFrame { centre, radius }
    }

    /// Whether `setup` still fits: every piece inside, off the outer ring
    /// (a piece there could not get a neighbour on the screen).
    pub fn holds(&self, setup: &Setup) -> bool {
        setup
            .cells()
            .all(|hex| distance(relative(hex), self.centre) < self.radius)
    }

    /// This frame if `setup` still fits in it, else one that fits it
    /// (never smaller than this one, so what was shown stays shown where
    /// it can).
    pub fn keep_or_grow(self, setup: &Setup) -> BoardFrame {
        if self.holds(setup) {
            return self;
        }
        let fitted = BoardFrame::fit(setup);
        BoardFrame {
            radius: fitted.radius.max(self.radius).min(BoardFrame::LARGEST),
            ..fitted
        }
    }

    /// Whether the cell `(q, r)` (around the origin) is shown.
    pub fn shows(&self, at: (i32, i32)) -> bool {
        distance(at, self.centre) <= self.radius
    }
}

/// A cell's axial coordinates around the origin (-16..16 each way).
pub fn relative(hex: Hex) -> (i32, i32) {
    let (q, r) = hex.axial();
    let (oq, or) = Hex::ORIGIN.axial();
    (
        (q - oq + 16).rem_euclid(32) - 16,
        (r - or + 16).rem_euclid(32) - 16,
    )
}

/// The cell at `(q, r)` around the origin.
pub fn cell_at(q: i32, r: i32) -> Hex {
    let (oq, or) = Hex::ORIGIN.axial();
    Hex::from_axial(oq + q, or + r)
}

/// How many steps apart two cells are.
pub fn distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// One bug's place in a hand on the editor's screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandSlot {
    /// The bug.
    pub bug: Bug,
    /// The piece a click takes next (`None` when all are on the board: the
    /// slot stays, greyed).
    pub next: Option<Piece>,
    /// How many are left in hand.
    pub left: usize,
    /// The piece the slot shows (the next, or the bug's first when none is
    /// left).
    pub shown: Piece,
}

/// `side`'s hand as the editor shows it: a slot for every bug of the game
/// type, in the same order whatever is on the board.
pub fn hand_slots(setup: &Setup, side: Color) -> Vec<HandSlot> {
    let hand = setup.hand(side);
    Bug::ALL
        .into_iter()
        .filter(|&bug| setup.game_type().includes(bug))
        .filter_map(|bug| {
            let of_bug: Vec<Piece> = hand.iter().copied().filter(|p| p.bug() == bug).collect();
            let next = of_bug.first().copied();
            let shown = next.or_else(|| Piece::new(side, bug, 1))?;
            Some(HandSlot {
                bug,
                next,
                left: of_bug.len(),
                shown,
            })
        })
        .collect()
}
