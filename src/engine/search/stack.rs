//! What one search carries down the tree: the clock and counters of the
//! whole search, and a stack with one frame per ply for the data a node
//! keeps while its children are searched (its move list and its line).

use super::super::state::Cell;
use super::super::time::Clock;
use super::{CHECK_EVERY, MAX_PLY};

/// One ply's frame.
pub(super) struct Frame {
    /// The node's moves with their ordering scores.
    pub moves: Vec<(Cell, i32)>,
    /// The best line found from the node, its own move first.
    pub pv: Vec<Cell>,
    /// A move the node leaves out (0: none): set while a singular-extension
    /// test searches the node's other moves.
    pub excluded: Cell,
    /// The node's static score (after the table's correction), or
    /// [`NO_EVAL`] when the node at this ply has none (the root): the
    /// grandchild compares its own with it to tell whether the side to move
    /// is improving.
    pub eval: i32,
}

/// [`Frame::eval`] of a frame whose node computed no static score.
pub(super) const NO_EVAL: i32 = i32::MIN;

impl Default for Frame {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            pv: Vec::new(),
            excluded: 0,
            eval: NO_EVAL,
        }
    }
}

/// A node to search: its window, remaining depth and place in the tree.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Lower bound of the window.
    pub alpha: i32,
    /// Upper bound of the window.
    pub beta: i32,
    /// Remaining nominal depth in plies.
    pub depth: i32,
    /// Distance from the root.
    pub ply: usize,
    /// On the principal variation (searched with an open window).
    pub is_pv: bool,
}

impl Node {
    /// The child searched with the window `(alpha, beta)` seen from the
    /// child's side, at `depth`.
    #[inline]
    pub fn child(self, alpha: i32, beta: i32, depth: i32, is_pv: bool) -> Node {
        Node {
            alpha,
            beta,
            depth,
            ply: self.ply + 1,
            is_pv,
        }
    }
}

/// Per-search state.
pub(super) struct Ctx<'a> {
    /// The deadlines.
    pub clock: Clock<'a>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Set once a limit is reached: every node then unwinds.
    pub aborted: bool,
    /// One frame per ply.
    pub stack: Vec<Frame>,
    /// Scratch cells for the move generator.
    pub scratch: Vec<Cell>,
    /// True while the iteration in progress still backs the last best
    /// move: past the soft deadline such an iteration is cut short.
    pub settled: bool,
    /// Plies of the path to the current node that are each the first move
    /// searched at a principal-variation node from the root's first move:
    /// the node at ply `chain` is on the main line, whose later moves the
    /// helper threads take ([`super::split`]).
    pub chain: usize,
}

impl<'a> Ctx<'a> {
    /// A fresh search on `clock`.
    pub fn new(clock: Clock<'a>) -> Ctx<'a> {
        Ctx {
            clock,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            stack: (0..=MAX_PLY + 1).map(|_| Frame::default()).collect(),
            scratch: Vec::new(),
            settled: false,
            chain: 0,
        }
    }

    /// Counts a node at `ply`, polls the clock and the stop flag every
    /// [`CHECK_EVERY`] nodes and records the depth reached; false once the
    /// search must unwind.
    #[inline]
    pub fn enter_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.poll();
        }
        if self.aborted {
            return false;
        }
        self.seldepth = self.seldepth.max(ply);
        true
    }

    fn poll(&mut self) {
        if self.clock.should_abort(self.nodes, self.settled) {
            self.aborted = true;
        }
    }

    /// The line of the node at `ply`.
    #[inline]
    pub fn pv(&self, ply: usize) -> &[Cell] {
        &self.stack[ply].pv
    }

    /// Makes the line at `ply` the move `c` followed by the child's line.
    #[inline]
    pub fn set_pv(&mut self, ply: usize, c: Cell) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(c);
        pv.extend_from_slice(&tail[0].pv);
    }
}
