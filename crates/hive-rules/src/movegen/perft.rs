//! Perft: the number of move sequences of a given depth, the last ply
//! counted without listing its moves (no placement is built, and a throw
//! is told apart from the thrown piece's own move by bits).

use super::ant::ant_count_walk;
use super::ant_count::{AntWalks, MAX_ANTS};
use super::board::{CellSet, Lifted};
use super::pinned::Pinned;
use super::{Counter, Sink, Trail, may_repeat};
use crate::game::{Game, Move};
use crate::hex::Hex;
use crate::piece::{Bug, PIECE_COUNT, Piece};

/// Counts one piece's destinations, each once, keeping them.
struct CounterOnce {
    count: usize,
    seen: CellSet,
}

impl Sink for CounterOnce {
    #[inline]
    fn emit(&mut self, to: Hex, _trail: Trail) {
        if self.seen.insert(to) {
            self.count += 1;
        }
    }
}

impl Game {
    /// Count the move sequences of `depth` moves from here (perft), passes included.
    ///
    /// The last ply is counted without being played (bulk counting).
    pub fn perft(&mut self, depth: u32) -> u64 {
        // A move list for each ply but the last, which is only counted.
        let mut lists = vec![Vec::with_capacity(256); depth.saturating_sub(1) as usize];
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
        if depth <= 1 {
            return if depth == 0 {
                1
            } else {
                self.count_legal_moves() as u64
            };
        }
        let Some((moves, rest)) = lists.split_first_mut() else {
            return 0;
        };
        moves.clear();
        self.legal_moves(moves);
        let mut total = 0;
        // Without the threefold repetition rule no result reads a hash:
        // the moves are played without them.
        let hashed = self.options.threefold_repetition;
        for &mv in moves.iter() {
            if hashed {
                self.apply_unchecked(mv);
                total += self.perft_with(depth - 1, rest);
                self.undo();
            } else {
                self.apply_unhashed(mv);
                total += self.perft_with(depth - 1, rest);
                self.undo_unhashed();
            }
        }
        total
    }

    /// The number of legal moves (what `legal_moves` would list), without
    /// listing them.
    pub fn count_legal_moves(&self) -> usize {
        if self.status.is_over() {
            return 0;
        }
        let placements = self.count_placements();
        let movements = if self.queen_placed(self.to_move) {
            self.count_movements(&self.pillbug_actors())
        } else {
            0
        };
        match placements + movements {
            0 => 1,
            n => n,
        }
    }

    /// The number of movements and pillbug throws for the side to move
    /// (queen placed), each counted once, with `actors` the pieces that can
    /// use the pillbug's power. Nothing is listed: a throw repeats a piece's
    /// own move exactly when it drops the piece on a cell the piece reaches
    /// by itself, so for the pieces beside an actor only that is kept, as
    /// bits over the cells a throw can drop on.
    fn count_movements(&self, actors: &[Option<Piece>; 2]) -> usize {
        // The empty cells beside the actors: where throws drop.
        let mut drops = [Hex::ORIGIN; 12];
        let mut drop_count = 0;
        let mut beside = 0u32;
        for actor in actors.iter().flatten() {
            let at = self.pos[actor.id()];
            let around = self.occupied_around(at);
            let mut dirs = around;
            while dirs != 0 {
                let i = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                beside |= 1 << self.top[at.neighbor_at(i).index()];
            }
            let mut empty = !around & 0b11_1111;
            while empty != 0 {
                let i = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let cell = at.neighbor_at(i);
                if !drops[..drop_count].contains(&cell) {
                    drops[drop_count] = cell;
                    drop_count += 1;
                }
            }
        }
        let drops = &drops[..drop_count];
        // Per piece beside an actor: bit k when it reaches drops[k] itself.
        let mut reaches = [0u16; PIECE_COUNT];
        let mut pinned = Pinned::new(self);
        let mut counted = 0;
        // The free ants, by id and cell, counted together below.
        let mut ants = [(0, Hex::ORIGIN); MAX_ANTS];
        let mut ant_count = 0;
        self.each_free_piece(&mut pinned, |id, from| {
            let bug = Piece::from_id(id as u8).bug();
            if bug == Bug::Ant && ant_count < ants.len() {
                ants[ant_count] = (id, from);
                ant_count += 1;
                return;
            }
            if beside & (1 << id) != 0 {
                let (count, bits) = self.count_beside(id, from, drops);
                reaches[id] = bits;
                counted += count;
                return;
            }
            counted += match bug {
                // One slide: lifting the piece leaves its own cell's
                // neighbour mask as it is.
                Bug::Queen | Bug::Pillbug => self.slides[from.index()].count_ones() as usize,
                bug if may_repeat(bug) => {
                    let mut counter = CounterOnce {
                        count: 0,
                        seen: CellSet::new(),
                    };
                    self.piece_moves(id, &mut counter);
                    counter.count
                }
                _ => {
                    let mut counter = Counter(0);
                    self.piece_moves(id, &mut counter);
                    counter.0
                }
            };
        });
        counted += self.count_ants(&ants[..ant_count], drops, beside, &mut reaches);
        // Throws: new unless the piece gets there itself, or the other
        // actor makes the same throw.
        let mut thrown = [(0u8, 0u8); 24];
        let mut thrown_count = 0;
        for &actor in actors.iter().flatten() {
            self.each_throw_by(actor, &mut pinned, |mv| {
                let Move::Move { piece, to, .. } = mv else {
                    return;
                };
                let k = drops.iter().position(|&cell| cell == to).unwrap_or(0) as u8;
                if reaches[piece.id()] & (1 << k) != 0 {
                    return;
                }
                let key = (piece.id() as u8, k);
                if thrown[..thrown_count].contains(&key) {
                    return;
                }
                if thrown_count < thrown.len() {
                    thrown[thrown_count] = key;
                    thrown_count += 1;
                }
                counted += 1;
            });
        }
        counted
    }

    /// The moves of the piece `id` on `from`, beside an actor, each counted
    /// once, with bit k set when it reaches `drops[k]` itself.
    fn count_beside(&self, id: usize, from: Hex, drops: &[Hex]) -> (usize, u16) {
        let mut seen = CellSet::new();
        let count = if Piece::from_id(id as u8).bug() == Bug::Ant {
            // The walk keeps the cells it reaches: no second set.
            ant_count_walk(&Lifted::new(self, from), from, &mut seen)
        } else {
            let mut counter = CounterOnce { count: 0, seen };
            self.piece_moves(id, &mut counter);
            seen = counter.seen;
            counter.count
        };
        (count, drop_bits(drops, |cell| seen.contains(cell)))
    }

    /// The moves of the free ants (by id and cell), each counted once;
    /// `reaches` gets those of the ants in `beside`, as
    /// [`Game::count_beside`] gives them. Two ants or more share their
    /// walks ([`AntWalks`]).
    fn count_ants(
        &self,
        ants: &[(usize, Hex)],
        drops: &[Hex],
        beside: u32,
        reaches: &mut [u16; PIECE_COUNT],
    ) -> usize {
        // Alone, by its own walk: sharing would save nothing.
        let alone = |(id, from): (usize, Hex), reaches: &mut [u16; PIECE_COUNT]| {
            if beside & (1 << id) != 0 {
                let (count, bits) = self.count_beside(id, from, drops);
                reaches[id] = bits;
                count
            } else {
                self.count_ant_walk(from)
            }
        };
        if ants.len() < 2 {
            return ants.iter().map(|&ant| alone(ant, reaches)).sum();
        }
        let cells: [Hex; MAX_ANTS] =
            std::array::from_fn(|k| ants.get(k).map_or(Hex::ORIGIN, |&(_, from)| from));
        let mut walks = AntWalks::new(self, &cells[..ants.len()]);
        let mut counted = 0;
        for (k, &(id, from)) in ants.iter().enumerate() {
            let Some((count, reached)) = walks.reach(k) else {
                counted += alone((id, from), reaches);
                continue;
            };
            if beside & (1 << id) != 0 {
                reaches[id] = drop_bits(drops, |cell| walks.contains(reached, cell));
            }
            debug_assert_eq!(count, {
                let mut check = [0; PIECE_COUNT];
                let alone_count = alone((id, from), &mut check);
                debug_assert_eq!(check[id], reaches[id]);
                alone_count
            });
            counted += count;
        }
        counted
    }
}

/// Bit k set when `reached(drops[k])`.
#[inline]
fn drop_bits(drops: &[Hex], reached: impl Fn(Hex) -> bool) -> u16 {
    let mut bits = 0;
    for (k, &cell) in drops.iter().enumerate() {
        if reached(cell) {
            bits |= 1 << k;
        }
    }
    bits
}
