//! The transposition table: a fixed-size array of entries indexed by the
//! low bits of the Zobrist hash, sized in megabytes.

/// The score is exact.
pub const EXACT: u8 = 1;
/// The score is a lower bound (the search failed high).
pub const LOWER: u8 = 2;
/// The score is an upper bound (the search failed low).
pub const UPPER: u8 = 3;

/// One stored search result.
#[derive(Clone, Copy, Default)]
pub struct Entry {
    /// High 32 bits of the hash, to tell positions sharing a slot apart.
    check: u32,
    /// Score, with mate scores relative to this node.
    pub score: i32,
    /// Best move (cell), 0 for none.
    pub mv: u16,
    /// Depth searched.
    pub depth: i8,
    /// Bound kind ([`EXACT`], [`LOWER`], [`UPPER`]); 0 for an empty entry.
    pub bound: u8,
}

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table using at most `mb` megabytes (at least 1024 entries).
    #[must_use]
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let want = bytes / std::mem::size_of::<Entry>();
        let mut n = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for `hash`, if one is stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let e = self.entries[hash as usize & self.mask];
        (e.bound != 0 && e.check == (hash >> 32) as u32).then_some(e)
    }

    /// Stores a result, keeping a deeper result for the same position.
    #[inline]
    pub fn store(&mut self, hash: u64, depth: i32, score: i32, bound: u8, mv: u16) {
        let slot = &mut self.entries[hash as usize & self.mask];
        let check = (hash >> 32) as u32;
        if slot.check == check && slot.bound != 0 && i32::from(slot.depth) > depth && bound != EXACT
        {
            return;
        }
        let mv = if mv == 0 && slot.check == check {
            slot.mv
        } else {
            mv
        };
        *slot = Entry {
            check,
            score,
            mv,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        };
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
