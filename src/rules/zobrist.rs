//! Zobrist hashing keys, fixed for every run so hashes are reproducible.

use super::{Point, Stone};
use std::sync::OnceLock;

/// Largest board the keys cover (see [`crate::rules::MAX_SIZE`]).
const KEY_SIDE: usize = super::board::MAX_SIZE as usize;

/// Key mixed in when White is to move, so the same stones with a different
/// side to move hash differently.
pub const ZOBRIST_SIDE: u64 = 0x9e37_79b9_7f4a_7c15;

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn table() -> &'static [[u64; 2]] {
    static TABLE: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // A fixed seed: hashes, bench signatures and saved positions stay
        // the same from run to run and machine to machine.
        let mut state = 0x005e_ed0f_f1fe_u64;
        (0..KEY_SIDE * KEY_SIDE)
            .map(|_| [splitmix64(&mut state), splitmix64(&mut state)])
            .collect()
    })
}

/// The key of a `stone` at `p`. Keys do not depend on the board size, so
/// a point keeps its key on any board.
#[must_use]
pub fn zobrist_key(p: Point, stone: Stone) -> u64 {
    table()[usize::from(p.y) * KEY_SIDE + usize::from(p.x)][stone.index()]
}
