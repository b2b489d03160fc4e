//! The transposition table: a fixed-size, always-replace-when-deeper cache of
//! searched positions keyed by Zobrist hash.

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

/// One cached position.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    key: u64,
    /// Best move found there.
    pub mv: Option<M>,
    /// Its score (mate scores relative to this node).
    pub score: i32,
    /// Depth searched below it.
    pub depth: u32,
    /// What the score means.
    pub bound: Bound,
}

/// Fixed memory, set at creation.
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `megabytes` of memory (at least one entry).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let entry_size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes * 1024 * 1024 / entry_size).max(1);
        // Round down to a power of two so the index is a mask.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        TranspositionTable {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Never empty; here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Empty every slot.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// The entry for this position, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Store a result, replacing a shallower entry or a different position.
    pub fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace = match slot {
            Some(old) => old.key != key || depth >= old.depth || bound == Bound::Exact,
            None => true,
        };
        if replace {
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(1);
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
    }
}
