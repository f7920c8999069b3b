//! The transposition table: a fixed-size array of entries indexed by the
//! low bits of the Zobrist hash, sized in megabytes, and shared without
//! locks by the threads of a search.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The score is exact.
pub const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub const UPPER: u8 = 3;

/// One stored search result.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Score, with mate scores relative to this node.
    pub score: i32,
    /// Best move (cell), 0 for none.
    pub mv: u16,
    /// Depth searched.
    pub depth: i8,
    /// Bound kind ([`EXACT`], [`LOWER`], [`UPPER`]); 0 for an empty entry.
    pub bound: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.mv) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.bound) << 56
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            bound: (data >> 56) as u8,
        }
    }
}

/// One slot: the entry packed in a word, and the position's hash XORed
/// with that word. Threads read and write slots without locks; a slot torn
/// by two writers at once no longer XORs back to any hash that probes it,
/// so it reads as empty instead of as a wrong result.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table, shared by the threads of one search.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table using at most `mb` megabytes (at least 1024 entries).
    #[must_use]
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let want = bytes / std::mem::size_of::<Slot>();
        let mut n = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 1,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }

    /// The entry for `hash`, if one is stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = &self.slots[hash as usize & self.mask];
        let data = slot.data.load(Relaxed);
        let check = slot.check.load(Relaxed);
        let e = Entry::unpack(data);
        (e.bound != 0 && check ^ data == hash).then_some(e)
    }

    /// Stores a result, keeping a deeper result for the same position.
    #[inline]
    pub fn store(&self, hash: u64, depth: i32, score: i32, bound: u8, mv: u16) {
        let slot = &self.slots[hash as usize & self.mask];
        let old_data = slot.data.load(Relaxed);
        let same = slot.check.load(Relaxed) ^ old_data == hash;
        let old = Entry::unpack(old_data);
        if same && old.bound != 0 && i32::from(old.depth) > depth && bound != EXACT {
            return;
        }
        let mv = if mv == 0 && same { old.mv } else { mv };
        let data = Entry {
            score,
            mv,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        }
        .pack();
        slot.check.store(hash ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }
}

/// Converts a score to its stored form: mate scores counted from this node
/// rather than from the root.
#[must_use]
pub fn to_tt(score: i32, ply: i32) -> i32 {
    use super::Score;
    if score >= Score::MATE_BOUND {
        score + ply
    } else if score <= -Score::MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[must_use]
pub fn from_tt(score: i32, ply: i32) -> i32 {
    use super::Score;
    if score >= Score::MATE_BOUND {
        score - ply
    } else if score <= -Score::MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_a_word() {
        for e in [
            Entry {
                score: -999_999,
                mv: 65_535,
                depth: -100,
                bound: UPPER,
            },
            Entry {
                score: 999_999,
                mv: 1,
                depth: 100,
                bound: EXACT,
            },
            Entry {
                score: 0,
                mv: 0,
                depth: 0,
                bound: LOWER,
            },
        ] {
            assert_eq!(Entry::unpack(e.pack()), e);
        }
    }

    #[test]
    fn a_stored_result_is_found_only_under_its_own_hash() {
        let t = Table::new(1);
        let h = 0x1234_5678_9abc_def0;
        t.store(h, 7, -42, LOWER, 300);
        let e = t.probe(h).expect("stored");
        assert_eq!((e.score, e.mv, e.depth, e.bound), (-42, 300, 7, LOWER));
        // Same slot, other position.
        assert!(t.probe(h ^ (1 << 40)).is_none());
        // A shallower bound does not replace a deeper one; an exact does.
        t.store(h, 3, 10, UPPER, 5);
        assert_eq!(t.probe(h).unwrap().depth, 7);
        t.store(h, 3, 10, EXACT, 0);
        let e = t.probe(h).unwrap();
        assert_eq!((e.depth, e.bound, e.mv), (3, EXACT, 300));
    }
}
