//! The keys of a game's positions one ply after another, as the import
//! replays it: the same keys and frames as [`Canonical::of`], with only the
//! cells a move changed hashed again in each frame whose translation stayed
//! (a move changes one or two stacks; the 12 frames' sums of every cell's
//! hash were the import's largest cost).

use hive_rules::{CELLS, Direction, Game, Hex, PIECE_COUNT};

use super::{Canonical, Few, Symmetry, Tail, cell_hash, frame_offset, frame_sum, piece_code};

/// Cells as [`Canonical`] keeps them: hex, plane coordinates, stack code.
type Cells = Few<(Hex, (i32, i32), u64), PIECE_COUNT>;

/// The last position's cells and frames, kept for the next ply.
pub(crate) struct Keys {
    /// By torus index: 1 + the cell's index in `cells` (0: empty).
    slot: Box<[u8; CELLS]>,
    /// Scratch of the same shape for the new position (left all zero).
    next_slot: Box<[u8; CELLS]>,
    cells: Cells,
    /// Each symmetry's translation and sum of cell hashes ([`frame_sum`]).
    sums: [((i32, i32), u64); 12],
    /// Whether `cells` and `sums` describe the last position given.
    valid: bool,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            slot: Box::new([0; CELLS]),
            next_slot: Box::new([0; CELLS]),
            cells: Cells::default(),
            sums: [((0, 0), 0); 12],
            valid: false,
        }
    }
}

impl Keys {
    /// Forgets the last position (a new game starts).
    pub(crate) fn reset(&mut self) {
        for &(hex, _, _) in self.cells.iter() {
            self.slot[hex.index()] = 0;
        }
        self.cells.clear();
        self.valid = false;
    }

    /// The key and frames of `game`'s position, from the last position's
    /// when `game` is it a move or two later (else computed whole).
    pub(crate) fn of(&mut self, game: &Game) -> Canonical {
        let canonical = match self.update(game) {
            Some(canonical) => canonical,
            None => self.whole(game),
        };
        debug_assert_eq!(canonical.key, Canonical::of(game).key);
        canonical
    }

    fn whole(&mut self, game: &Game) -> Canonical {
        let canonical = Canonical::of(game);
        self.reset();
        self.cells = canonical.cells;
        for (i, &(hex, _, _)) in self.cells.iter().enumerate() {
            self.slot[hex.index()] = (i + 1) as u8;
        }
        for (symmetry, sum) in Symmetry::all().zip(self.sums.iter_mut()) {
            let offset = frame_offset(symmetry, &self.cells);
            *sum = (offset, frame_sum(symmetry, offset, &self.cells));
        }
        self.valid = !self.cells.is_empty();
        canonical
    }

    /// The new position from the last one, or `None` (then computed whole).
    fn update(&mut self, game: &Game) -> Option<Canonical> {
        if !self.valid {
            return None;
        }
        // The new stacks, bottom to top, with plane coordinates from the
        // last position's cells (the same hex keeps its coordinates).
        let mut cells = Cells::default();
        let mut unplaced = 0;
        for (piece, hex, level) in game.pieces_on_board() {
            let code = piece_code(piece) << (4 * u32::from(level));
            match self.next_slot[hex.index()] {
                0 => {
                    let plane = match self.slot[hex.index()] {
                        0 => {
                            unplaced += 1;
                            (i32::MIN, i32::MIN)
                        }
                        s => self.cells[usize::from(s) - 1].1,
                    };
                    cells.push((hex, plane, code));
                    self.next_slot[hex.index()] = cells.len() as u8;
                }
                s => cells.items[usize::from(s) - 1].2 |= code,
            }
        }
        // A new cell: from a neighbour that was or is occupied.
        for _ in 0..2 {
            if unplaced == 0 {
                break;
            }
            for i in 0..cells.len() {
                if cells[i].1.0 != i32::MIN {
                    continue;
                }
                let hex = cells[i].0;
                let known = Direction::ALL.iter().find_map(|&dir| {
                    let n = hex.neighbor(dir).index();
                    let (dq, dr) = dir.axial();
                    let plane = match (self.slot[n], self.next_slot[n]) {
                        (s, _) if s != 0 => self.cells[usize::from(s) - 1].1,
                        (_, s) if s != 0 && cells[usize::from(s) - 1].1.0 != i32::MIN => {
                            cells[usize::from(s) - 1].1
                        }
                        _ => return None,
                    };
                    Some((plane.0 - dq, plane.1 - dr))
                });
                if let Some(plane) = known {
                    cells.items[i].1 = plane;
                    unplaced -= 1;
                }
            }
        }
        // What changed: (plane, old code, new code), 0 for no stack.
        let mut changes: Few<((i32, i32), u64, u64), 8> = Few::default();
        let mut overflow = false;
        for &(hex, plane, code) in cells.iter() {
            let old = match self.slot[hex.index()] {
                0 => 0,
                s => self.cells[usize::from(s) - 1].2,
            };
            if old != code {
                overflow |= changes.len() == 8;
                changes.push((plane, old, code));
            }
        }
        for &(hex, plane, code) in self.cells.iter() {
            if self.next_slot[hex.index()] == 0 {
                overflow |= changes.len() == 8;
                changes.push((plane, code, 0));
            }
        }
        for &(hex, _, _) in cells.iter() {
            self.next_slot[hex.index()] = 0;
        }
        if unplaced > 0 || overflow || cells.is_empty() {
            return None;
        }
        // Each frame's translation: the smallest of q, r or q + r (or their
        // negations) over the cells, whichever the symmetry's rows take.
        let mut low = [i32::MAX; 3];
        let mut high = [i32::MIN; 3];
        for &(_, (q, r), _) in cells.iter() {
            for (k, v) in [q, r, q + r].into_iter().enumerate() {
                low[k] = low[k].min(v);
                high[k] = high[k].max(v);
            }
        }
        let least = |a: i32, b: i32| match (a, b) {
            (1, 0) => Some(low[0]),
            (-1, 0) => Some(-high[0]),
            (0, 1) => Some(low[1]),
            (0, -1) => Some(-high[1]),
            (1, 1) => Some(low[2]),
            (-1, -1) => Some(-high[2]),
            _ => None,
        };
        for (symmetry, sum) in Symmetry::all().zip(self.sums.iter_mut()) {
            let [a, b, c, d] = symmetry.matrix();
            let offset = (least(a, b)?, least(c, d)?);
            if offset == sum.0 {
                let turn =
                    |(q, r): (i32, i32)| (a * q + b * r - offset.0, c * q + d * r - offset.1);
                for &(plane, old, new) in changes.iter() {
                    let at = turn(plane);
                    if old != 0 {
                        sum.1 = sum.1.wrapping_sub(cell_hash(at, old));
                    }
                    if new != 0 {
                        sum.1 = sum.1.wrapping_add(cell_hash(at, new));
                    }
                }
            } else {
                *sum = (offset, frame_sum(symmetry, offset, &cells));
            }
        }
        // The new cells kept for the next ply.
        for &(hex, _, _) in self.cells.iter() {
            self.slot[hex.index()] = 0;
        }
        for (i, &(hex, _, _)) in cells.iter().enumerate() {
            self.slot[hex.index()] = (i + 1) as u8;
        }
        self.cells = cells;
        let (hex, plane, _) = cells[0];
        let (q, r) = hex.axial();
        let anchor = (q - plane.0, r - plane.1);
        let tail = Tail::of(game, &cells);
        Some(Canonical::from_sums(anchor, cells, &self.sums, tail))
    }
}

#[cfg(test)]
mod tests {
    use hive_rules::{GameType, Move};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Random games of all eight game types, a ply after another: the same
    /// key and the same canonical moves as computed whole, with captured
    /// pieces, beetles on top, pillbug throws and passes among them.
    #[test]
    fn keys_kept_ply_by_ply_equal_keys_computed_whole() {
        let mut keys = Keys::default();
        let mut moves = Vec::new();
        for types in 0..8u8 {
            let game_type = GameType {
                mosquito: types & 1 != 0,
                ladybug: types & 2 != 0,
                pillbug: types & 4 != 0,
            };
            for seed in 0..12u64 {
                let mut rng = StdRng::seed_from_u64(seed * 8 + u64::from(types));
                let mut game = Game::new(game_type);
                keys.reset();
                for _ in 0..160 {
                    let kept = keys.of(&game);
                    let whole = Canonical::of(&game);
                    assert_eq!(kept.key, whole.key);
                    moves.clear();
                    game.legal_moves(&mut moves);
                    if moves.is_empty() || game.status().is_over() {
                        break;
                    }
                    let mv: Move = moves[rng.random_range(0..moves.len())];
                    assert_eq!(kept.canonical_move(mv), whole.canonical_move(mv));
                    game.apply_unchecked(mv);
                }
            }
        }
    }
}
