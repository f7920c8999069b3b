//! Move generation with the forced-move rules, and move ordering.
//!
//! Forced rules, in order: a side that can make five does; against a four
//! only the block is searched; against an open three (a point where the
//! opponent would make an open four or a double four) only the defending
//! points and one's own fours are searched. Otherwise every empty point
//! within two of a stone is a candidate.

use super::order::{distance_bucket, OrderWeights, DIST_BUCKETS};
use super::shape::combo;
use super::state::{Cell, State};
use super::tune;

/// Ordering bonus of the transposition-table move: always first.
pub(crate) const TT_BONUS: i32 = 1 << 30;

/// Why the moves of a node were limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// Every candidate was generated.
    No,
    /// The opponent has a four: the one block.
    BlockFive,
    /// The opponent threatens an open four: defences and own fours only.
    DefendThree,
    /// The opponent has a win by continuous fours: the points of its line
    /// and own fours only (made by the search, never by [`generate`]).
    DefendVcf,
}

/// Ordering tables kept by the search.
pub struct Ordering {
    /// History score per colour and cell.
    pub history: Vec<[i32; 2]>,
    /// Two killer moves per ply.
    pub killers: Vec<[Cell; 2]>,
}

impl Ordering {
    /// Empty tables for grids of up to `cells` cells.
    #[must_use]
    pub fn new(cells: usize) -> Ordering {
        Ordering {
            history: vec![[0; 2]; cells],
            killers: vec![[0; 2]; 256],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| *h = [0; 2]);
        self.killers.iter_mut().for_each(|k| *k = [0; 2]);
    }

    /// Scales the history down by [`tune::HISTORY_KEEP_PCT`] so older
    /// searches weigh less.
    pub fn age(&mut self) {
        self.age_by(tune::HISTORY_KEEP_PCT.get());
    }

    /// Keeps `keep` percent of the history.
    fn age_by(&mut self, keep: i32) {
        // The history is at most 2^20 (see `reward`), so the product fits.
        let aged = |h: i32| h * keep / 100;
        self.history
            .iter_mut()
            .for_each(|h| *h = [aged(h[0]), aged(h[1])]);
    }

    /// The ordering score of the empty point `c` for `side`, the side to
    /// move of `orderer`'s position: its static score (times 16, the
    /// units of the bonuses) plus its history, weighed by
    /// [`tune::HISTORY_DIVISOR`].
    #[inline]
    #[must_use]
    pub fn score(&self, orderer: &Orderer, c: Cell, side: usize) -> i32 {
        orderer.score(c) * 16 + self.history[usize::from(c)][side] / tune::HISTORY_DIVISOR.get()
    }

    /// Records a move that caused a cut-off.
    pub fn reward(&mut self, side: usize, ply: usize, mv: Cell, depth: i32) {
        let h = &mut self.history[usize::from(mv)][side];
        *h = (*h + depth * depth).min(1 << 20);
        if ply < self.killers.len() && self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
    }
}

/// A node's ordering context: the board and where the last two moves
/// were, looked up once per node rather than once per candidate.
pub struct Orderer<'a> {
    st: &'a State,
    near: &'a [i32; 2 * DIST_BUCKETS],
    /// Coordinates of the opponent's last move and of the side to move's
    /// own last move, if made.
    last: [Option<(u8, u8)>; 2],
}

impl<'a> Orderer<'a> {
    /// The context of the position `st`.
    #[must_use]
    pub fn new(st: &'a State) -> Orderer<'a> {
        let h = st.history();
        let at = |back: usize| h.len().checked_sub(back).map(|i| st.coords(h[i]));
        Orderer {
            st,
            near: &OrderWeights::builtin().near,
            last: [at(1), at(2)],
        }
    }

    /// The static ordering score of the empty point `c` for the side to
    /// move.
    #[inline]
    #[must_use]
    pub fn score(&self, c: Cell) -> i32 {
        let (cx, cy) = self.st.coords(c);
        let mut s = self.st.order_value(c);
        for (k, last) in self.last.iter().enumerate() {
            let bucket = match last {
                Some((x, y)) => distance_bucket(cx.abs_diff(*x).max(cy.abs_diff(*y))),
                None => DIST_BUCKETS - 1,
            };
            s += self.near[k * DIST_BUCKETS + bucket];
        }
        s
    }
}

/// Static ordering score of `c` for the side to move (see [`Orderer`]).
/// A node scoring many candidates builds one [`Orderer`] instead.
#[must_use]
pub fn threat_score(st: &State, c: Cell) -> i32 {
    Orderer::new(st).score(c)
}

/// What [`generate`] limits the moves of `st` to, read from the threat
/// counts alone (no list is built): the block of a four, the answers to an
/// open three, or every candidate. Never [`Forced::DefendVcf`], which the
/// search decides.
#[must_use]
pub fn forced_kind(st: &State) -> Forced {
    let opp = st.to_move() ^ 1;
    if st.count(opp, combo::FIVE) > 0 {
        Forced::BlockFive
    } else if st.count(opp, combo::FLEX4) > 0 {
        Forced::DefendThree
    } else {
        Forced::No
    }
}

/// Generates the moves of the side to move into `out` as (cell, ordering
/// score), unsorted (see [`pick_next`] and [`sort_moves`]). Assumes
/// neither side can make five right now and the opponent has at most one
/// five point (the caller checks).
pub fn generate(
    st: &State,
    tt_move: Cell,
    ply: usize,
    ord: &Ordering,
    scratch: &mut Vec<Cell>,
    out: &mut Vec<(Cell, i32)>,
) -> Forced {
    out.clear();
    let me = st.to_move();
    let opp = me ^ 1;
    // Under Renju, Black's forbidden points are no moves at all; a block
    // that would be one leaves the list empty, a lost position.
    let forced = forced_kind(st);
    if forced == Forced::BlockFive {
        if let Some(f) = st.find_five(opp) {
            if !st.is_forbidden(f) {
                out.push((f, 0));
            }
        }
        return forced;
    } else if forced == Forced::DefendThree {
        scratch.clear();
        // A point has a four in some line exactly when its code is at
        // least a single four (`pattern::combine`).
        st.cells_with(opp, combo::BLOCK4, scratch);
        let mut own = Vec::new();
        st.cells_with(me, combo::BLOCK4, &mut own);
        for c in own {
            if !scratch.contains(&c) {
                scratch.push(c);
            }
        }
    } else {
        st.candidates(scratch);
    }
    let killers = ord.killers.get(ply).copied().unwrap_or([0; 2]);
    let orderer = Orderer::new(st);
    for &c in scratch.iter() {
        if st.is_forbidden(c) {
            continue;
        }
        let mut s = ord.score(&orderer, c, me);
        if c == tt_move {
            s += TT_BONUS;
        } else if c == killers[0] || c == killers[1] {
            s += tune::KILLER_BONUS.get() * 16;
        }
        out.push((c, s));
    }
    forced
}

/// Moves the best-scored move of `moves[i..]` to index `i` (a lazy
/// selection sort: nodes that cut off early never sort the rest). Ties go
/// to the lower cell so the order is deterministic.
pub fn pick_next(moves: &mut [(Cell, i32)], i: usize) {
    // Score and cell folded into one key, larger for the better move, so
    // that the scan keeps one running maximum without a second branch for
    // ties (the scans were two fifths of the tree's own time).
    let key = |m: &(Cell, i32)| i64::from(m.1) << 16 | i64::from(!m.0);
    let mut best = i;
    let mut best_key = key(&moves[i]);
    for (j, m) in moves.iter().enumerate().skip(i + 1) {
        let k = key(m);
        if k > best_key {
            best_key = k;
            best = j;
        }
    }
    moves.swap(i, best);
}

/// Sorts a whole move list best first, ties by cell.
pub fn sort_moves(moves: &mut [(Cell, i32)]) {
    moves.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::black_to_move;
    use super::*;
    use crate::rules::{parse_moves, Rule};
    use proptest::prelude::*;

    #[test]
    fn the_score_adds_the_shapes_and_the_distances_to_the_last_moves() {
        // Black h8 then White j10: Black to move; White's j10 is the last
        // move, Black's h8 the own last move.
        let mut st = black_to_move(Rule::Freestyle, "", "");
        let cell = |st: &State, s: &str| st.cell(parse_moves(s, 15).expect("a point")[0]);
        let (h8, j10) = (cell(&st, "h8"), cell(&st, "j10"));
        st.make(h8);
        st.make(j10);
        let cell = |s: &str| cell(&st, s);
        let ord = Orderer::new(&st);
        let w = OrderWeights::builtin();
        // i9 is 1 from both; a1 is far from both.
        let near = ord.score(cell("i9")) - st.order_value(cell("i9"));
        assert_eq!(near, w.near[0] + w.near[DIST_BUCKETS]);
        let far = ord.score(cell("a1")) - st.order_value(cell("a1"));
        assert_eq!(far, w.near[4] + w.near[DIST_BUCKETS + 4]);
        // On an empty board neither move exists.
        let empty = black_to_move(Rule::Freestyle, "", "");
        let ord = Orderer::new(&empty);
        let c = empty.cell(parse_moves("h8", 15).unwrap()[0]);
        assert_eq!(
            ord.score(c) - empty.order_value(c),
            w.near[DIST_BUCKETS - 1] + w.near[2 * DIST_BUCKETS - 1]
        );
    }

    #[test]
    fn aging_keeps_its_share_of_the_history_and_leaves_the_killers() {
        let st = black_to_move(Rule::Freestyle, "", "");
        let c = st.cell(parse_moves("h8", 15).unwrap()[0]);
        let mut ord = Ordering::new(30 * 30);
        // Depth 9 and depth 5: 81 + 25 = 106 for Black, nothing for White.
        ord.reward(0, 3, c, 9);
        ord.reward(0, 3, c, 5);
        assert_eq!(ord.history[usize::from(c)], [106, 0]);
        ord.age();
        let keep = tune::HISTORY_KEEP_PCT.default;
        assert_eq!(ord.history[usize::from(c)], [106 * keep / 100, 0]);
        assert_eq!(ord.killers[3][0], c);
        // Another share (what `--param history_keep_pct=75` sets); the
        // cap holds the product far inside an i32.
        ord.history[usize::from(c)] = [1 << 20, 100];
        ord.age_by(75);
        assert_eq!(ord.history[usize::from(c)], [3 << 18, 75]);
    }

    proptest! {
        #[test]
        fn picking_one_by_one_gives_the_sorted_order(
            scores in prop::collection::vec((0u16..400, -50i32..50), 0..60),
        ) {
            // Few distinct scores, so ties between cells are common.
            let mut moves: Vec<(Cell, i32)> = Vec::new();
            for (c, s) in scores {
                if moves.iter().all(|m| m.0 != c) {
                    moves.push((c, s));
                }
            }
            let mut sorted = moves.clone();
            sort_moves(&mut sorted);
            for i in 0..moves.len() {
                pick_next(&mut moves, i);
            }
            prop_assert_eq!(moves, sorted);
        }
    }
}
