//! Helper threads that split the root's moves with the main thread.
//!
//! A pass at the root spends a large share of its time on the first move,
//! searched with the open window, and the rest on zero-window searches
//! that prove each later move no better. A helper takes those later moves
//! while the main thread is still on the first: it searches each at the
//! depth the main thread is on (or the next, once it is ahead), with the
//! zero window at the score of the main thread's last iteration and the
//! same reductions, so that its results are the very entries the main
//! thread's searches of those moves probe in the shared table. When the
//! main thread gets there, most of them cut at once.
//!
//! The copy-of-the-search helper it replaced (each helper deepening the
//! same root on its own) made the main thread no faster to a depth:
//! both threads walked the same subtrees side by side, and a helper a ply
//! ahead left bounds that seldom cut the main thread's windows
//! (`docs/strength.md`, 2026-11-26).

use super::super::state::{Cell, State};
use super::super::time::Clock;
use super::super::Limits;
use super::root::root_reduction;
use super::stack::{Ctx, Node};
use super::Searcher;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

/// What the main thread tells its helpers: where it is and what its last
/// iteration found.
pub(super) struct RootShare {
    /// The main thread's depth (high half) and the index of the root move
    /// it is searching (low half).
    at: AtomicU64,
    /// The score of the main thread's last complete iteration: the floor
    /// of the helpers' zero windows.
    score: AtomicI32,
    /// The root moves in the main thread's order after its last complete
    /// pass: the helpers take its indices, so that their reductions are
    /// the main thread's.
    order: Mutex<Vec<Cell>>,
    /// The main line of the main thread's last complete iteration.
    pv: Mutex<Vec<Cell>>,
    /// The shallowest ply of the main line whose later moves the main
    /// thread has begun in this pass (`usize::MAX` before any): below it
    /// there is nothing left for a helper to do.
    main_ply: AtomicUsize,
}

impl RootShare {
    /// Sharing before the first iteration: the root moves in their first
    /// order and a level score.
    pub fn new(root: &[(Cell, i32)]) -> RootShare {
        RootShare {
            at: AtomicU64::new(1 << 32),
            score: AtomicI32::new(0),
            order: Mutex::new(root.iter().map(|m| m.0).collect()),
            pv: Mutex::new(Vec::new()),
            main_ply: AtomicUsize::new(usize::MAX),
        }
    }

    /// The main thread starts the root move at `index` of `depth`.
    pub fn set_at(&self, depth: i32, index: usize) {
        if index == 0 {
            self.main_ply.store(usize::MAX, Relaxed);
        }
        self.at
            .store((depth.max(0) as u64) << 32 | index as u64, Relaxed);
    }

    /// The main thread begins the later moves of the main line's node at
    /// `ply`.
    pub fn main_line_at(&self, ply: usize) {
        self.main_ply.store(ply, Relaxed);
    }

    /// True when the main thread has come back up the main line to `ply`
    /// (or above) in `depth`'s pass, or gone on to a later pass: a
    /// helper's work there is done.
    fn passed(&self, depth: i32, ply: usize) -> bool {
        let (d, at) = self.at();
        d > depth || (d == depth && (at > 0 || self.main_ply.load(Relaxed) <= ply))
    }

    /// The main thread's depth and root move index.
    pub fn at(&self) -> (i32, usize) {
        let v = self.at.load(Relaxed);
        ((v >> 32) as i32, (v & 0xffff_ffff) as usize)
    }

    /// The main thread completed an iteration with `score` and main line
    /// `pv`; `root` is its order for the next.
    pub fn completed(&self, score: i32, root: &[(Cell, i32)], pv: &[Cell]) {
        self.score.store(score, Relaxed);
        if let Ok(mut line) = self.pv.lock() {
            line.clear();
            line.extend_from_slice(pv);
        }
        // A helper that panicked holding the lock leaves the order as it
        // was; it is only advice.
        if let Ok(mut order) = self.order.lock() {
            order.clear();
            order.extend(root.iter().map(|m| m.0));
        }
    }

    /// The order, main line and floor to work with.
    fn snapshot(&self) -> (Vec<Cell>, Vec<Cell>, i32) {
        let order = self.order.lock().map(|o| o.clone()).unwrap_or_default();
        let pv = self.pv.lock().map(|o| o.clone()).unwrap_or_default();
        (order, pv, self.score.load(Relaxed))
    }
}

impl Searcher<'_> {
    /// Helper `k` of `helpers`: searches its share of the root moves after
    /// the first (every `helpers`-th, from the `k`-th) at the main
    /// thread's depth, or a ply deeper once the main thread is past its
    /// first move, until `stop` or `max_depth`. Returns its nodes.
    pub(super) fn help_split(
        &mut self,
        st: &mut State,
        share: &RootShare,
        max_depth: i32,
        (k, helpers): (usize, usize),
        stop: &AtomicBool,
    ) -> u64 {
        let mut ctx = Ctx::new(Clock::start(Limits::default(), stop));
        self.splits = true;
        self.ordering.age();
        let mut done = 0;
        'depths: while !ctx.aborted {
            let (main_depth, main_index) = share.at();
            // The main thread will next need the depth it is on while it is
            // still on its first move, else the one after.
            let depth = (main_depth + i32::from(main_index > 0)).max(done + 1);
            if depth > max_depth {
                break;
            }
            let (order, pv, floor) = share.snapshot();
            let at_root = Node {
                alpha: floor,
                beta: floor + 1,
                depth,
                ply: 0,
                is_pv: false,
            };
            for (i, &c) in order.iter().enumerate().skip(1 + k).step_by(helpers) {
                let (d, at) = share.at();
                if d > depth || (d == depth && at >= i) {
                    // The main thread got here first: go where it is going.
                    continue 'depths;
                }
                let r = root_reduction(st, c, i, depth);
                st.make(c);
                let zero = |d| at_root.child(-floor - 1, -floor, d, false);
                let s = -self.alphabeta(st, &mut ctx, zero(depth - 1 - r));
                if s > floor && r > 0 && !ctx.aborted {
                    self.alphabeta(st, &mut ctx, zero(depth - 1));
                }
                st.unmake();
                if ctx.aborted {
                    break 'depths;
                }
            }
            // Then down the main line, the later moves of each node, while
            // the main thread is still below it: it works up the line from
            // the bottom, this thread down from the top.
            let mut made = 0;
            for ply in 1..(depth as usize).min(pv.len()) {
                if k != 0 || share.passed(depth, ply) || !st.is_empty(pv[ply - 1]) {
                    break;
                }
                st.make(pv[ply - 1]);
                made += 1;
                if !st.is_empty(pv[ply]) {
                    break;
                }
                // The node's score from its side to move's view.
                let floor = if ply % 2 == 0 { floor } else { -floor };
                ctx.stack[ply].excluded = pv[ply];
                let node = Node {
                    alpha: floor,
                    beta: floor + 1,
                    depth: depth - ply as i32,
                    ply,
                    // As a principal-variation node it scored worse: 2.25 s
                    // against 1.29 s to depth 12 over the bench positions.
                    is_pv: false,
                };
                self.alphabeta(st, &mut ctx, node);
                ctx.stack[ply].excluded = 0;
                if ctx.aborted {
                    break;
                }
            }
            for _ in 0..made {
                st.unmake();
            }
            if ctx.aborted {
                break;
            }
            done = depth;
        }
        ctx.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::bench::bench_positions;
    use super::super::super::movegen::generate;
    use super::super::super::tt::Table;
    use super::super::root::Pass;
    use super::super::{Worker, INF};
    use super::*;

    #[test]
    fn the_main_threads_news_tells_a_helper_when_its_work_is_done() {
        let share = RootShare::new(&[(1, 0), (2, 0)]);
        share.set_at(6, 0);
        // Still on the first root move, nowhere up the main line yet.
        assert!(!share.passed(6, 1));
        share.main_line_at(4);
        assert!(!share.passed(6, 3), "the main thread is below ply 3");
        assert!(share.passed(6, 4) && share.passed(6, 5));
        // Past the first root move, or on to the next depth: all done.
        share.set_at(6, 1);
        assert!(share.passed(6, 1));
        share.set_at(7, 0);
        assert!(share.passed(6, 1) && !share.passed(7, 1));
        share.completed(-35, &[(2, 0), (1, 0)], &[2, 9]);
        assert_eq!(share.snapshot(), (vec![2, 1], vec![2, 9], -35));
    }

    /// Nodes the main thread needs for the pass at `depth` over bench
    /// position `at` after deepening to `depth - 1`, with or without a
    /// helper's split of that pass searched first on the same table (one
    /// thread after the other, so the count is the same on every run).
    fn main_nodes(at: usize, depth: i32, helped: bool) -> u64 {
        let pos = &bench_positions()[at];
        let mut st = State::new(&pos.board, pos.to_move, pos.rule);
        let tt = Table::new(16);
        let stop = AtomicBool::new(false);
        let mut main = Worker::new();
        let mut root = Vec::new();
        let mut sr = main.searcher(&tt, true, false);
        let mut ctx = Ctx::new(Clock::start(Limits::default(), &stop));
        generate(&st, 0, 0, sr.ordering, &mut ctx.scratch, &mut root);
        let pass = |depth| Pass {
            depth,
            window: (-INF, INF),
            variety: 0,
            lines: 1,
        };
        let mut last = None;
        for d in 1..depth {
            last = Some(sr.search_root(&mut st, &mut ctx, &mut root, pass(d)));
        }
        let last = last.expect("at least one pass");
        if helped {
            let share = RootShare::new(&root);
            share.completed(last.best, &root, &last.pv);
            share.set_at(depth, 0);
            let mut helper = Worker::new();
            let mut h = helper.searcher(&tt, true, false);
            let mut hst = State::new(&pos.board, pos.to_move, pos.rule);
            let n = h.help_split(&mut hst, &share, depth, (0, 1), &stop);
            assert!(n > 0);
            assert_eq!(hst.history(), st.history(), "the helper undoes its moves");
        }
        let before = ctx.nodes;
        sr.search_root(&mut st, &mut ctx, &mut root, pass(depth));
        ctx.nodes - before
    }

    #[test]
    fn a_helpers_split_leaves_the_main_thread_less_to_search() {
        let count = |helped| -> u64 { (0..8).map(|at| main_nodes(at, 10, helped)).sum() };
        let (alone, helped) = (count(false), count(true));
        // 119,000 against 81,500 when written, fewer in each of the eight
        // (from 0.88 down to 0.15 times as many).
        assert!(helped * 5 < alone * 4, "{helped} against {alone}");
    }
}
