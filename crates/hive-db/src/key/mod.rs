//! One position, one key: a 64-bit key that is the same for every way of
//! showing a position, and moves written in the key's own frame.
//!
//! A position is the same whatever the board's orientation (the 12
//! symmetries of the hexagonal grid: 6 rotations, each with or without a
//! reflection), wherever the hive stands (translation) and however its
//! pieces are numbered (`wA1` and `wA2` on the same cells are one
//! position). The key hashes what decides the game from here: every
//! cell's stack as colours and bugs bottom to top, relative to the hive,
//! the side to move, the game type (which fixes what is still in hand),
//! and in games with the Pillbug the cell and height of the piece moved
//! last (it may not move or be thrown next turn).
//!
//! Each of the 12 symmetries, followed by the translation that puts the
//! hive's bounding box at the origin, gives one *frame*; the key is the
//! smallest of the 12 frames' hashes, and the frames giving it are the
//! canonical frames. A move is stored in a canonical frame
//! ([`CanonicalMove`]): the bug, its colour, and its cells there; when the
//! position has symmetries of its own, the smallest of the frames'
//! encodings is kept, so the moves that the symmetry makes equal are one.
//! [`CanonicalMove::on_board`] maps it back onto the board as shown.

use hive_rules::{Color, Direction, Game, Hex, Move, PIECE_COUNT, Piece};

mod canonical_move;
mod incremental;

pub use canonical_move::CanonicalMove;
use canonical_move::{KIND_MOVE, KIND_PASS, KIND_PLACE};
pub(crate) use incremental::Keys;

/// The key of a position (see the module's docs).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PositionKey(pub u64);

impl PositionKey {
    /// The key of `game`'s position.
    pub fn of(game: &Game) -> PositionKey {
        Canonical::of(game).key
    }

    /// The key as SQLite stores it (the same 64 bits, signed).
    pub fn as_sql(self) -> i64 {
        self.0 as i64
    }
}

impl std::fmt::Display for PositionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// One of the 12 symmetries: `reflect` (swap q and r) then `rotate`
/// sixth-turns.
#[derive(Copy, Clone, Debug, Default)]
struct Symmetry {
    reflect: bool,
    rotate: u8,
}

impl Symmetry {
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..12u8).map(|i| Symmetry {
            reflect: i >= 6,
            rotate: i % 6,
        })
    }

    fn apply(self, (mut q, mut r): (i32, i32)) -> (i32, i32) {
        if self.reflect {
            (q, r) = (r, q);
        }
        for _ in 0..self.rotate {
            (q, r) = (-r, q + r);
        }
        (q, r)
    }

    /// The symmetry as a matrix `[a, b, c, d]`: `(q, r)` goes to
    /// `(a q + b r, c q + d r)`.
    fn matrix(self) -> [i32; 4] {
        let (a, c) = self.apply((1, 0));
        let (b, d) = self.apply((0, 1));
        [a, b, c, d]
    }

    fn invert(self, (mut q, mut r): (i32, i32)) -> (i32, i32) {
        for _ in 0..(6 - self.rotate) % 6 {
            (q, r) = (-r, q + r);
        }
        if self.reflect {
            (q, r) = (r, q);
        }
        (q, r)
    }
}

/// A few values on the stack (no allocation per position).
#[derive(Clone, Copy)]
pub(crate) struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy, const N: usize> Few<T, N> {
    pub(crate) fn push(&mut self, item: T) {
        if self.len < N {
            self.items[self.len] = item;
            self.len += 1;
        }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

/// A canonical frame: a symmetry then a translation by `-offset`.
#[derive(Copy, Clone, Debug, Default)]
struct Frame {
    symmetry: Symmetry,
    offset: (i32, i32),
}

impl Frame {
    fn to_frame(self, plane: (i32, i32)) -> (i32, i32) {
        let (q, r) = self.symmetry.apply(plane);
        (q - self.offset.0, r - self.offset.1)
    }

    fn to_plane(self, (q, r): (i32, i32)) -> (i32, i32) {
        self.symmetry.invert((q + self.offset.0, r + self.offset.1))
    }
}

/// A position's cells in plane coordinates, its key and canonical frames.
pub(crate) struct Canonical {
    pub(crate) key: PositionKey,
    /// The plane coordinates of the first occupied cell's representative.
    anchor: (i32, i32),
    /// Occupied cells: hex, plane coordinates, stack code.
    cells: Few<(Hex, (i32, i32), u64), PIECE_COUNT>,
    frames: Few<Frame, 12>,
}

fn mix(mut z: u64) -> u64 {
    // splitmix64's finaliser.
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn piece_code(piece: Piece) -> u64 {
    ((piece.color().index() as u64) << 3 | piece.bug() as u64) + 1
}

/// One cell's hash in a frame: its coordinates there and its stack.
fn cell_hash((q, r): (i32, i32), code: u64) -> u64 {
    mix((q as u64) << 56 | (r as u64 & 0xff) << 48 | code)
}

/// The translation of the frame of `symmetry`: the smallest coordinates
/// of the cells turned ((0, 0) for an empty board).
fn frame_offset(symmetry: Symmetry, cells: &[(Hex, (i32, i32), u64)]) -> (i32, i32) {
    if cells.is_empty() {
        return (0, 0);
    }
    let [a, b, c, d] = symmetry.matrix();
    cells
        .iter()
        .fold((i32::MAX, i32::MAX), |min, &(_, (q, r), _)| {
            (min.0.min(a * q + b * r), min.1.min(c * q + d * r))
        })
}

/// The sum of the cells' hashes in the frame of `symmetry` translated by
/// `-min`.
fn frame_sum(symmetry: Symmetry, min: (i32, i32), cells: &[(Hex, (i32, i32), u64)]) -> u64 {
    let [a, b, c, d] = symmetry.matrix();
    cells.iter().fold(0u64, |sum, &(_, (q, r), code)| {
        sum.wrapping_add(cell_hash(
            (a * q + b * r - min.0, c * q + d * r - min.1),
            code,
        ))
    })
}

/// What a key hashes besides the cells: the side to move and game type,
/// and in games with the Pillbug the plane cell and height of the piece
/// moved last.
#[derive(Clone, Copy)]
pub(crate) struct Tail {
    extra: u64,
    last: Option<((i32, i32), u8)>,
}

impl Tail {
    fn of(game: &Game, cells: &[(Hex, (i32, i32), u64)]) -> Tail {
        let game_type = game.game_type();
        let mut extra = u64::from(game.to_move() == Color::Black)
            | u64::from(game_type.mosquito) << 1
            | u64::from(game_type.ladybug) << 2
            | u64::from(game_type.pillbug) << 3;
        let last = if game_type.pillbug {
            game.last_moved().and_then(|piece| {
                let hex = game.position(piece)?;
                let level = game.stack_level(piece).unwrap_or(0);
                let plane = cells.iter().find(|(h, _, _)| *h == hex)?.1;
                Some((plane, level))
            })
        } else {
            None
        };
        if last.is_some() {
            extra |= 1 << 4;
        }
        Tail { extra, last }
    }
}

impl Canonical {
    pub(crate) fn of(game: &Game) -> Canonical {
        // Each occupied cell's slot in `stacks`, by torus index (0: none).
        let mut slot = [0u8; hive_rules::CELLS];
        // Stacks, bottom to top.
        let mut stacks: [(Hex, u64); PIECE_COUNT] = [(Hex::ORIGIN, 0); PIECE_COUNT];
        let mut n = 0;
        for (piece, hex, level) in game.pieces_on_board() {
            let code = piece_code(piece) << (4 * u32::from(level));
            match slot[hex.index()] {
                0 => {
                    stacks[n] = (hex, code);
                    n += 1;
                    slot[hex.index()] = n as u8;
                }
                s => stacks[usize::from(s) - 1].1 |= code,
            }
        }
        let stacks = &stacks[..n];
        // Plane coordinates by a walk over the (connected) hive.
        let mut cells: Few<(Hex, (i32, i32), u64), PIECE_COUNT> = Few::default();
        let mut seen = [false; PIECE_COUNT];
        let anchor = stacks.first().map_or((0, 0), |(hex, _)| hex.axial());
        if let Some(&(first, code)) = stacks.first() {
            cells.push((first, (0, 0), code));
            seen[0] = true;
            let mut next = 0;
            while next < cells.len() {
                let (hex, (q, r), _) = cells[next];
                next += 1;
                for dir in Direction::ALL {
                    let neighbour = hex.neighbor(dir);
                    let s = usize::from(slot[neighbour.index()]);
                    if s == 0 || seen[s - 1] {
                        continue;
                    }
                    seen[s - 1] = true;
                    let (dq, dr) = dir.axial();
                    cells.push((neighbour, (q + dq, r + dr), stacks[s - 1].1));
                }
            }
            // A hive in pieces (never in a legal game): the rest near the anchor.
            for (i, &(hex, code)) in stacks.iter().enumerate() {
                if !seen[i] {
                    let (q, r) = hex.unwrap_near(anchor.0 as f32, anchor.1 as f32);
                    cells.push((hex, (q - anchor.0, r - anchor.1), code));
                }
            }
        }
        let tail = Tail::of(game, &cells);
        let mut sums = [((0, 0), 0u64); 12];
        for (symmetry, sum) in Symmetry::all().zip(sums.iter_mut()) {
            let min = frame_offset(symmetry, &cells);
            *sum = (min, frame_sum(symmetry, min, &cells));
        }
        Canonical::from_sums(anchor, cells, &sums, tail)
    }

    /// The key and canonical frames from each symmetry's translation and
    /// sum of its cells' hashes ([`frame_sum`]), with the side to move,
    /// game type and last moved piece.
    pub(crate) fn from_sums(
        anchor: (i32, i32),
        cells: Few<(Hex, (i32, i32), u64), PIECE_COUNT>,
        sums: &[((i32, i32), u64); 12],
        tail: Tail,
    ) -> Canonical {
        let mut best = u64::MAX;
        let mut frames: Few<Frame, 12> = Few::default();
        for (symmetry, &(offset, sum)) in Symmetry::all().zip(sums) {
            let frame = Frame { symmetry, offset };
            let mut extra = tail.extra;
            if let Some((plane, level)) = tail.last {
                let (q, r) = frame.to_frame(plane);
                extra |= (q as u64 & 0xff) << 8 | (r as u64 & 0xff) << 16 | u64::from(level) << 24;
            }
            let hash = mix(sum ^ mix(extra));
            if hash < best {
                best = hash;
                frames.clear();
            }
            if hash == best {
                frames.push(frame);
            }
        }
        Canonical {
            key: PositionKey(best),
            anchor,
            cells,
            frames,
        }
    }

    /// The plane coordinates of `hex`: an occupied cell or a neighbour of one.
    fn plane_of(&self, hex: Hex) -> Option<(i32, i32)> {
        if let Some((_, plane, _)) = self.cells.iter().find(|(h, _, _)| *h == hex) {
            return Some(*plane);
        }
        for dir in Direction::ALL {
            let n = hex.neighbor(dir);
            if let Some((_, (q, r), _)) = self.cells.iter().find(|(h, _, _)| *h == n) {
                let (dq, dr) = dir.axial();
                return Some((q - dq, r - dr));
            }
        }
        None
    }

    fn hex_of(&self, (q, r): (i32, i32)) -> Hex {
        if self.cells.is_empty() {
            return Hex::ORIGIN;
        }
        Hex::from_axial(self.anchor.0 + q, self.anchor.1 + r)
    }

    pub(crate) fn canonical_move(&self, mv: Move) -> Option<CanonicalMove> {
        let (kind, piece, from, to) = match mv {
            Move::Pass => return Some(CanonicalMove(KIND_PASS << 30)),
            Move::Place { piece, to } => (KIND_PLACE, piece, None, to),
            Move::Move { piece, from, to } => (KIND_MOVE, piece, Some(from), to),
        };
        let to_plane = if self.cells.is_empty() {
            (0, 0)
        } else {
            self.plane_of(to)?
        };
        let from_plane = match from {
            Some(from) => Some(self.plane_of(from)?),
            None => None,
        };
        self.frames
            .iter()
            .filter_map(|frame| {
                let to = if self.cells.is_empty() {
                    (0, 0)
                } else {
                    frame.to_frame(to_plane)
                };
                let from = from_plane.map_or((0, 0), |p| frame.to_frame(p));
                CanonicalMove::pack(kind, Some((piece.color(), piece.bug())), from, to)
            })
            .min()
            .map(CanonicalMove)
    }

    pub(crate) fn board_move(&self, game: &Game, mv: CanonicalMove) -> Option<Move> {
        let frame = *self.frames.first()?;
        let on_board = |cell: (i32, i32)| {
            if self.cells.is_empty() {
                Hex::ORIGIN
            } else {
                self.hex_of(frame.to_plane(cell))
            }
        };
        let found = match mv.kind() {
            KIND_PASS => Move::Pass,
            KIND_PLACE => {
                let piece = game.next_in_hand(mv.color(), mv.bug())?;
                Move::Place {
                    piece,
                    to: on_board(mv.target_cell()),
                }
            }
            KIND_MOVE => {
                let from = on_board(mv.source_cell());
                let piece = game.top(from)?;
                if piece.color() != mv.color() || piece.bug() != mv.bug() {
                    return None;
                }
                Move::Move {
                    piece,
                    from,
                    to: on_board(mv.target_cell()),
                }
            }
            _ => return None,
        };
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        legal.contains(&found).then_some(found)
    }
}
