//! The transposition table: buckets of four entries, one cache line each,
//! chosen by the low bits of the Zobrist hash, sized in megabytes, and
//! shared without locks by the threads of a search. Within a bucket a new
//! result replaces the entry least worth keeping: an empty one, else the
//! shallowest, counting entries from earlier searches as shallower the
//! older they are.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The score is exact.
pub const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub const UPPER: u8 = 3;

/// Largest table built, whatever memory the caller allows. Building and
/// clearing a table costs about a third of a millisecond per megabyte on
/// this kind of machine, and a Gomocup manager sends its memory limit just
/// before the first move, whose time then pays for it: 350 MB made the
/// first move of every game overrun a 300 ms turn by 80-140 ms. 64 MB
/// (four million entries) holds several seconds of one thread's search.
pub const MAX_TABLE_MB: usize = 64;
/// Check word of an empty slot (see [`Table::clear`]).
const EMPTY_CHECK: u64 = u64::MAX;
/// Entries per bucket: four 16-byte slots fill a 64-byte cache line.
const BUCKET: usize = 4;
/// Bits of the search generation kept in an entry.
const AGE_BITS: u32 = 6;
/// Mask of [`AGE_BITS`].
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;
/// Plies of depth one search of age is worth when choosing a victim: an
/// entry from two moves ago must be much deeper than a fresh one to stay,
/// since most of the positions it describes can no longer arise.
const AGE_WEIGHT: i32 = 8;

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
    /// The search (modulo 64) that stored it.
    pub age: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.score as u32)
            | u64::from(self.mv) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.bound | (self.age & AGE_MASK) << 2) << 56
    }

    fn unpack(data: u64) -> Entry {
        let top = (data >> 56) as u8;
        Entry {
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            bound: top & 3,
            age: top >> 2,
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

impl Slot {
    /// The entry if it belongs to `hash`.
    #[inline]
    fn read(&self, hash: u64) -> Option<Entry> {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        let e = Entry::unpack(data);
        (e.bound != 0 && check ^ data == hash).then_some(e)
    }
}

/// The slots one hash may use, on one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

/// The table, shared by the threads of one search.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// Generation of the current search, stored in new entries.
    age: u8,
}

impl Table {
    /// Megabytes a table asked for `mb` megabytes really uses: from 1 to
    /// [`MAX_TABLE_MB`].
    #[must_use]
    pub fn effective_mb(mb: usize) -> usize {
        mb.clamp(1, MAX_TABLE_MB)
    }

    /// A table using at most `mb` megabytes, and at most [`MAX_TABLE_MB`]
    /// (at least 256 buckets).
    #[must_use]
    pub fn new(mb: usize) -> Table {
        let bytes = Table::effective_mb(mb) * 1024 * 1024;
        let want = bytes / std::mem::size_of::<Bucket>();
        let mut n = 256;
        while n * 2 <= want {
            n *= 2;
        }
        let mut buckets = Vec::with_capacity(n);
        super::hugepages::advise(&buckets);
        buckets.resize_with(n, Bucket::default);
        let mut table = Table {
            buckets,
            mask: n - 1,
            age: 0,
        };
        table.clear();
        table
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        // A nonzero check word (any value reads as empty while the data
        // word is zero) so the pages are really written now: zero pages
        // from the allocator would otherwise be faulted in one by one
        // during the first search, costing it 100 ms and more with a
        // table of hundreds of megabytes.
        for slot in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
            *slot.check.get_mut() = EMPTY_CHECK;
            *slot.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// A new search begins: entries stored from now on are younger than
    /// all before, which become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK;
    }

    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[hash as usize & self.mask]
    }

    /// Starts loading the bucket of `hash` into the cache, for a probe
    /// soon after (see [`super::prefetch`]).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        super::prefetch::prefetch(self.bucket(hash));
    }

    /// The entry for `hash`, if one is stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        self.bucket(hash).0.iter().find_map(|slot| slot.read(hash))
    }

    /// Stores a result. A deeper result for the same position from this
    /// search is kept unless the new one is exact; otherwise the entry
    /// least worth keeping in the bucket makes room.
    #[inline]
    pub fn store(&self, hash: u64, depth: i32, score: i32, bound: u8, mv: u16) {
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = 0;
        for (i, slot) in bucket.0.iter().enumerate() {
            if let Some(old) = slot.read(hash) {
                if old.age == self.age && i32::from(old.depth) > depth && bound != EXACT {
                    return;
                }
                victim = i;
                old_move = old.mv;
                break;
            }
            let e = Entry::unpack(slot.data.load(Relaxed));
            let worth = if e.bound == 0 {
                i32::MIN
            } else {
                let age = i32::from(self.age.wrapping_sub(e.age) & AGE_MASK);
                i32::from(e.depth) - AGE_WEIGHT * age
            };
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let mv = if mv == 0 { old_move } else { mv };
        let data = Entry {
            score,
            mv,
            depth: depth.clamp(-100, 100) as i8,
            bound,
            age: self.age,
        }
        .pack();
        let slot = &bucket.0[victim];
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
                age: 63,
            },
            Entry {
                score: 999_999,
                mv: 1,
                depth: 100,
                bound: EXACT,
                age: 0,
            },
            Entry {
                score: 0,
                mv: 0,
                depth: 0,
                bound: LOWER,
                age: 17,
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

    /// Hashes landing in the same bucket as `h`.
    fn same_bucket(h: u64, k: u64) -> u64 {
        h ^ (k << 40)
    }

    #[test]
    fn a_bucket_holds_four_positions() {
        let t = Table::new(1);
        let h = 0x0bad_cafe_0000_0042;
        for k in 0..4 {
            t.store(same_bucket(h, k), 5, k as i32, EXACT, 7);
        }
        for k in 0..4 {
            assert_eq!(t.probe(same_bucket(h, k)).map(|e| e.score), Some(k as i32));
        }
    }

    #[test]
    fn the_shallowest_entry_makes_room() {
        let t = Table::new(1);
        let h = 0x0bad_cafe_0000_0042;
        for (k, depth) in [(0, 9), (1, 2), (2, 7), (3, 5)] {
            t.store(same_bucket(h, k), depth, 0, LOWER, 1);
        }
        t.store(same_bucket(h, 4), 3, 0, LOWER, 1);
        assert!(t.probe(same_bucket(h, 1)).is_none(), "depth 2 went");
        for k in [0, 2, 3, 4] {
            assert!(t.probe(same_bucket(h, k)).is_some(), "{k} stays");
        }
    }

    #[test]
    fn old_entries_give_way_to_new_ones() {
        let mut t = Table::new(1);
        let h = 0x0bad_cafe_0000_0042;
        for k in 0..4 {
            t.store(same_bucket(h, k), 12, 0, EXACT, 1);
        }
        t.new_search();
        t.new_search();
        // Two searches old, depth 12 is worth less than a fresh depth 1.
        t.store(same_bucket(h, 4), 1, 0, UPPER, 1);
        assert!(t.probe(same_bucket(h, 4)).is_some());
        // And a shallower result of this search replaces an old deeper one
        // of the same position.
        t.store(same_bucket(h, 2), 2, 5, UPPER, 0);
        let e = t.probe(same_bucket(h, 2)).expect("stored");
        assert_eq!((e.depth, e.score, e.mv), (2, 5, 1));
    }
}
