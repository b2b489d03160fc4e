//! The hexagonal grid: cells and the six directions between them.
//!
//! Cells live on a 32×32 torus addressed by one `u16`, as in nokamute: the
//! linear index `q + 32·r (mod 1024)` of axial coordinates `(q, r)`. Two
//! distinct cells that share an index are at least 32 steps apart, while a
//! hive of at most 28 pieces and the ring of cells around it spans at most 29,
//! so the wrap is never observable by the rules. Callers that draw the board
//! turn a cell back into plane coordinates with [`Hex::unwrap_near`].

use std::fmt;

/// Number of cells on the torus.
pub const CELLS: usize = 1024;

/// One cell of the (unbounded, wrapped) hexagonal grid.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hex(u16);

impl Hex {
    /// Where the first piece of every game is placed.
    pub const ORIGIN: Hex = Hex(16 + 32 * 16);

    /// The cell with this torus index (taken modulo [`CELLS`]).
    #[inline]
    pub const fn from_index(index: usize) -> Hex {
        Hex((index % CELLS) as u16)
    }

    /// The cell at axial coordinates `(q, r)`.
    pub fn from_axial(q: i32, r: i32) -> Hex {
        Hex::from_index((q + 32 * r).rem_euclid(CELLS as i32) as usize)
    }

    /// This cell's torus index, `0..CELLS`.
    #[inline]
    pub const fn index(self) -> usize {
        // Always below CELLS; the mask lets the compiler drop bounds checks.
        self.0 as usize & (CELLS - 1)
    }

    /// The neighbouring cell in direction `dir`.
    #[inline]
    pub const fn neighbor(self, dir: Direction) -> Hex {
        Hex(self.0.wrapping_add(dir.offset()) & (CELLS as u16 - 1))
    }

    /// The neighbouring cell in direction `Direction::ALL[i]` (`i < 6`).
    #[inline]
    pub(crate) const fn neighbor_at(self, i: usize) -> Hex {
        Hex(self.0.wrapping_add(OFFSETS[i & 7]) & (CELLS as u16 - 1))
    }

    /// The six neighbours, in [`Direction::ALL`] order.
    #[inline]
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// Whether `other` is one of the six neighbours (one subtraction).
    #[inline]
    pub const fn is_neighbor(self, other: Hex) -> bool {
        matches!(
            other.0.wrapping_sub(self.0) & (CELLS as u16 - 1),
            1 | 31 | 32 | 992 | 993 | 1023
        )
    }

    /// The direction from `self` to `other` if they are neighbours.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.neighbor(d) == other)
    }

    /// Axial coordinates of one representative of this cell, `q, r` in `0..32`.
    pub const fn axial(self) -> (i32, i32) {
        ((self.0 & 31) as i32, (self.0 >> 5) as i32)
    }

    /// The plane axial coordinates of this cell closest to `(q, r)`.
    ///
    /// A viewer keeps a centre near the middle of the hive (in plane
    /// coordinates) and unwraps every cell against it; the answer is unique for
    /// every cell within 15 steps of the centre, which covers any hive.
    pub fn unwrap_near(self, q: f32, r: f32) -> (i32, i32) {
        let (q0, r0) = self.axial();
        let mut best = (q0, r0);
        let mut best_dist = f32::MAX;
        // Representatives differ by multiples of (32, -1) and (0, 32).
        let base_a = ((q - q0 as f32) / 32.0).round() as i32;
        for a in base_a - 1..=base_a + 1 {
            let cq = q0 + 32 * a;
            let rr = r0 - a;
            let base_b = ((r - rr as f32) / 32.0).round() as i32;
            for b in base_b - 1..=base_b + 1 {
                let cr = rr + 32 * b;
                let dq = cq as f32 - q;
                let dr = cr as f32 - r;
                let dist = dq.abs().max(dr.abs()).max((dq + dr).abs());
                if dist < best_dist {
                    best_dist = dist;
                    best = (cq, cr);
                }
            }
        }
        best
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (q, r) = self.axial();
        write!(f, "Hex({q},{r})")
    }
}

/// The change of torus index for one step in each direction, in
/// [`Direction::ALL`] order (padded to eight, so that an index below eight
/// needs no bounds check).
const OFFSETS: [u16; 8] = [
    Direction::East.offset(),
    Direction::SouthEast.offset(),
    Direction::SouthWest.offset(),
    Direction::West.offset(),
    Direction::NorthWest.offset(),
    Direction::NorthEast.offset(),
    0,
    0,
];

/// The six directions of a pointy-top hexagonal grid, clockwise from east.
///
/// Axial coordinates with `r` growing downwards: east is `(+1, 0)`,
/// south-east `(0, +1)`, south-west `(-1, +1)`, west `(-1, 0)`, north-west
/// `(0, -1)` and north-east `(+1, -1)`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Direction {
    /// Right; `wS1-` in UHP.
    East,
    /// Down-right; `wS1\` in UHP.
    SouthEast,
    /// Down-left; `/wS1` in UHP.
    SouthWest,
    /// Left; `-wS1` in UHP.
    West,
    /// Up-left; `\wS1` in UHP.
    NorthWest,
    /// Up-right; `wS1/` in UHP.
    NorthEast,
}

impl Direction {
    /// All six, clockwise from east.
    pub const ALL: [Direction; 6] = [
        Direction::East,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
        Direction::NorthEast,
    ];

    /// The change of torus index for one step this way.
    #[inline]
    const fn offset(self) -> u16 {
        match self {
            Direction::East => 1,
            Direction::SouthEast => 32,
            Direction::SouthWest => 31,
            Direction::West => 1u16.wrapping_neg(),
            Direction::NorthWest => 32u16.wrapping_neg(),
            Direction::NorthEast => 31u16.wrapping_neg(),
        }
    }

    /// The axial step `(dq, dr)` for this direction.
    pub const fn axial(self) -> (i32, i32) {
        match self {
            Direction::East => (1, 0),
            Direction::SouthEast => (0, 1),
            Direction::SouthWest => (-1, 1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (0, -1),
            Direction::NorthEast => (1, -1),
        }
    }

    /// Position in [`Direction::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction `n` sixth-turns clockwise from this one.
    #[inline]
    pub const fn rotate(self, n: usize) -> Direction {
        let i = self as usize + n % 6;
        Direction::ALL[if i >= 6 { i - 6 } else { i }]
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        self.rotate(3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_mutual_and_distinct() {
        for index in [0, 5, 31, 32, 500, 1023] {
            let h = Hex::from_index(index);
            let ns = h.neighbors();
            for (i, &n) in ns.iter().enumerate() {
                assert_ne!(n, h);
                assert_eq!(n.neighbor(Direction::ALL[i].opposite()), h);
                assert_eq!(h.direction_to(n), Some(Direction::ALL[i]));
                assert!(h.is_neighbor(n) && n.is_neighbor(h));
                assert!(!h.is_neighbor(h) && !h.is_neighbor(n.neighbor(Direction::ALL[i])));
                for &m in &ns[i + 1..] {
                    assert_ne!(n, m);
                }
            }
        }
    }

    #[test]
    fn adjacent_directions_share_a_neighbour() {
        let h = Hex::ORIGIN;
        for d in Direction::ALL {
            let a = h.neighbor(d);
            let left = h.neighbor(d.rotate(5));
            let right = h.neighbor(d.rotate(1));
            assert!(a.direction_to(left).is_some());
            assert!(a.direction_to(right).is_some());
        }
    }

    #[test]
    fn axial_round_trip_and_unwrap() {
        for (q, r) in [(0, 0), (3, -7), (-20, 13), (40, 2), (-3, -40)] {
            let h = Hex::from_axial(q, r);
            assert_eq!(h.unwrap_near(q as f32 + 0.4, r as f32 - 0.3), (q, r));
            assert_eq!(h.unwrap_near(q as f32 + 9.0, r as f32 - 6.0), (q, r));
            for d in Direction::ALL {
                let (dq, dr) = d.axial();
                assert_eq!(h.neighbor(d), Hex::from_axial(q + dq, r + dr));
            }
        }
    }
}
