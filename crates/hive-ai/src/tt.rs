//! The transposition table: a fixed-size cache of searched positions keyed
//! by Zobrist hash, shared by every search thread without locks.
//!
//! Each slot is two `AtomicU64`s: the packed entry (`data`) and
//! `key ^ data`. Threads read and write them with relaxed atomics; a reader
//! recomputes `stored ^ data` and accepts the entry only if it equals the
//! key it probes, so a slot torn by two writers racing (one's key word
//! with the other's data word) reads as empty, never as a wrong entry.
//! There is no `unsafe` and no data race in Rust's sense: every access is
//! atomic, and the worst a race does is lose one of two stores.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true value.
    Exact,
    /// At least this (a beta cutoff).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// A move the table can store in 32 bits.
pub trait PackedMove: Copy {
    /// The move as 32 bits.
    fn pack(self) -> u32;
    /// The move [`PackedMove::pack`] made these bits from.
    fn unpack(bits: u32) -> Self;
}

impl PackedMove for u8 {
    fn pack(self) -> u32 {
        u32::from(self)
    }
    fn unpack(bits: u32) -> u8 {
        bits as u8
    }
}

/// For toy games: moves up to `u32::MAX` round-trip.
impl PackedMove for usize {
    fn pack(self) -> u32 {
        self as u32
    }
    fn unpack(bits: u32) -> usize {
        bits as usize
    }
}

/// One cached position.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// Best move found there.
    pub mv: Option<M>,
    /// Its score (mate scores relative to this node).
    pub score: i32,
    /// Depth searched below it.
    pub depth: u32,
    /// What the score means.
    pub bound: Bound,
}

// The data word: move (32 bits) | has move (1) | bound (2, 0 = empty) |
// depth (7) | score + SCORE_OFFSET (22).
const SCORE_BITS: u32 = 22;
const SCORE_OFFSET: i32 = 1 << (SCORE_BITS - 1);
const MAX_DEPTH: u32 = 127;

fn pack<M: PackedMove>(mv: Option<M>, score: i32, depth: u32, bound: Bound) -> u64 {
    let score = (score.clamp(-SCORE_OFFSET, SCORE_OFFSET - 1) + SCORE_OFFSET) as u64;
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let (has_move, bits) = mv.map_or((0u64, 0u64), |m| (1, u64::from(m.pack())));
    score
        | u64::from(depth.min(MAX_DEPTH)) << SCORE_BITS
        | bound << 29
        | has_move << 31
        | bits << 32
}

fn unpack<M: PackedMove>(data: u64) -> Option<Entry<M>> {
    let bound = match (data >> 29) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        mv: ((data >> 31) & 1 == 1).then(|| M::unpack((data >> 32) as u32)),
        score: (data & ((1 << SCORE_BITS) - 1)) as i32 - SCORE_OFFSET,
        depth: ((data >> SCORE_BITS) & u64::from(MAX_DEPTH)) as u32,
        bound,
    })
}

/// One slot: `key ^ data` and `data`.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Fixed memory, set at creation; `Sync`, so one table serves every thread.
pub struct TranspositionTable<M> {
    slots: Vec<Slot>,
    mask: usize,
    moves: PhantomData<fn() -> M>,
}

impl<M: PackedMove> TranspositionTable<M> {
    /// A table using about `megabytes` of memory (at least one entry).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let entry_size = std::mem::size_of::<Slot>();
        let wanted = (megabytes * 1024 * 1024 / entry_size).max(1);
        // Round down to a power of two so the index is a mask.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        TranspositionTable {
            slots: (0..size).map(|_| Slot::default()).collect(),
            mask: size - 1,
            moves: PhantomData,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never empty; here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Empty every slot (call while no search runs).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.data.store(0, Ordering::Relaxed);
            slot.check.store(0, Ordering::Relaxed);
        }
    }

    /// The entry for this position, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// Store a result, replacing a shallower entry or a different position.
    pub fn store(&self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        let slot = &self.slots[key as usize & self.mask];
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old_data;
        let replace = match unpack::<M>(old_data) {
            Some(old) => old_key != key || depth >= old.depth || bound == Bound::Exact,
            None => true,
        };
        if replace {
            let data = pack(mv, score, depth, bound);
            slot.data.store(data, Ordering::Relaxed);
            slot.check.store(key ^ data, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let tt: TranspositionTable<u8> = TranspositionTable::new(1);
        assert!(tt.len().is_power_of_two());
        tt.store(42, Some(7), 10, 3, Bound::Exact);
        let e = tt.probe(42).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(7), 10, 3, Bound::Exact)
        );
        assert!(tt.probe(43).is_none());
        // A shallower non-exact result for the same position does not replace.
        tt.store(42, Some(1), 5, 1, Bound::Lower);
        assert_eq!(tt.probe(42).map(|e| e.mv), Some(Some(7)));
        tt.clear();
        assert!(tt.probe(42).is_none());
        // Key 0 is not found in an empty table.
        assert!(tt.probe(0).is_none());
    }

    #[test]
    fn entries_round_trip() {
        for (mv, score, depth, bound) in [
            (None, 0, 0, Bound::Upper),
            (Some(u32::MAX as usize), -1_000_001, 60, Bound::Lower),
            (Some(12345), 1_000_001, 127, Bound::Exact),
            (Some(0), -7, 1, Bound::Exact),
        ] {
            let e = unpack::<usize>(pack(mv, score, depth, bound)).expect("an entry");
            assert_eq!((e.mv, e.score, e.depth, e.bound), (mv, score, depth, bound));
        }
    }

    #[test]
    fn threads_share_it_and_never_read_a_torn_entry() {
        let tt: TranspositionTable<usize> = TranspositionTable::new(1);
        let tt = &tt;
        // Writers store, for a few keys all in one slot, entries whose every
        // field is derived from the key; readers check what they find.
        let keys: Vec<u64> = (1..=4).map(|i| i << 40).collect();
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let keys = &keys;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = keys[((i + t) % 4) as usize];
                        let tag = (key >> 40) as usize;
                        tt.store(key, Some(tag), tag as i32 * 3, tag as u32, Bound::Exact);
                        for &k in keys {
                            if let Some(e) = tt.probe(k) {
                                let tag = (k >> 40) as usize;
                                assert_eq!(e.mv, Some(tag));
                                assert_eq!((e.score, e.depth), (tag as i32 * 3, tag as u32));
                            }
                        }
                    }
                });
            }
        });
    }
}
