//! The engine's board: a padded grid whose line words, patterns, threat
//! counts and evaluation sums are all updated incrementally by
//! [`State::make`] and [`State::unmake`]; nothing scans the whole board
//! per node.

use super::eval::nn::{self, Acc, Network, MAX_FEATURES};
use super::pattern::{Tables, HALF, WALL};
use super::shape::{combo, pat};
use crate::rules::{zobrist_key, Board, Point, Rule, Stone, ZOBRIST_SIDE};
use std::cell::RefCell;

/// Walls around the board: a line key reaches five points out.
const PAD: usize = HALF;

/// The low bit of every two-bit point code in a line word.
const EVEN_BITS: u64 = 0x5555_5555_5555_5555;

/// A point of the padded grid.
pub type Cell = u16;

/// Everything the search knows about one point.
#[derive(Clone, Copy, Default)]
struct CellInfo {
    /// 0 empty, 1 Black, 2 White, 3 wall.
    stone: u8,
    /// Line patterns per colour and direction (left as they were while
    /// occupied: only empty points are read).
    pats: [[u8; 4]; 2],
    /// Combination code per colour (0 while occupied, so that scans for
    /// threats need not test the stone).
    combo: [u8; 2],
    /// Move-ordering value per colour (left as it was while occupied).
    value: [i16; 2],
    /// Learned shape value per colour, as the side to move's and as the
    /// opponent's (left as it was while occupied): kept so that a change
    /// needs one table lookup, not two.
    ev: [[i16; 2]; 2],
}

/// A cell's derived data as it was before a move changed it, so that
/// [`State::unmake`] restores it instead of recomputing it from the tables.
#[derive(Clone, Copy)]
struct Saved {
    cell: Cell,
    pats: [[u8; 4]; 2],
    combo: [u8; 2],
    value: [i16; 2],
    ev: [[i16; 2]; 2],
}

impl Saved {
    /// The derived data of `info`, the cell at `ci`.
    #[inline]
    fn of(ci: usize, info: &CellInfo) -> Saved {
        Saved {
            cell: ci as Cell,
            pats: info.pats,
            combo: info.combo,
            value: info.value,
            ev: info.ev,
        }
    }
}

/// What [`State::unmake`] needs beyond the saved cells: where the move's
/// entries start in the undo log, and the sums before the move.
#[derive(Clone, Copy)]
struct Mark {
    log_len: usize,
    counts: [[u16; combo::COUNT]; 2],
    evals: [[i32; 2]; 2],
}

/// The bounding box of the stones, grown by two points, for move scans.
#[derive(Clone, Copy)]
struct Bounds {
    x0: u8,
    y0: u8,
    x1: u8,
    y1: u8,
}

/// The sums [`State`] keeps up to date on every move, for checking them
/// against a full recount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sums {
    /// Move-ordering value per colour: not kept by [`State`] (nothing reads
    /// it in a search), but summed over the points by [`State::sums`], so
    /// the comparison checks every point's value.
    pub totals: [i32; 2],
    /// Empty points per colour and combination code.
    pub counts: [[u16; combo::COUNT]; 2],
    /// Learned shape values per colour, as mover and as opponent.
    pub evals: [[i32; 2]; 2],
}

/// The incremental board.
pub struct State {
    size: u8,
    width: usize,
    rule: Rule,
    tables: &'static Tables,
    cells: Vec<CellInfo>,
    steps: [isize; 4],
    to_move: u8,
    hash: u64,
    /// Number of empty points per colour and combination code.
    counts: [[u16; combo::COUNT]; 2],
    /// Sum of the learned shape values (see [`super::eval::weights`]) per
    /// colour over the empty points: `[colour][0]` counts them as the side
    /// to move's, `[colour][1]` as the opponent's.
    evals: [[i32; 2]; 2],
    moves: Vec<Cell>,
    /// The stones of each board row as bits (bit `x` of row `y`), from
    /// which [`State::candidates`] finds the points near stones: cheaper
    /// than keeping a count of near stones in every cell on every move.
    rows: Vec<u32>,
    bounds: Vec<Bounds>,
    stones: usize,
    /// Per cell: Zobrist keys of a Black and a White stone there (with the
    /// side-to-move key folded in) and its board coordinates, so a move
    /// needs no division or key lookup.
    cell_keys: Vec<([u64; 2], u8, u8)>,
    /// Every line of the padded grid in every direction as one word, two
    /// bits a point (the codes of [`CellInfo::stone`]). A move writes four
    /// words, and a point's line key is a shift of its line's word, so no
    /// per-point key needs updating.
    lines: Vec<u64>,
    /// Per cell and direction: the index of its line in `lines` times 64,
    /// plus twice its position along that line (the bit offset of its two
    /// bits in the word).
    place: Vec<[u16; 4]>,
    /// Cells whose patterns changed, oldest first, with their old data.
    /// Restoring them makes an unmake cost no table lookups, which halves
    /// the time spent on pattern updates.
    log: Vec<Saved>,
    /// One entry per move made.
    marks: Vec<Mark>,
    /// The neural evaluation's accumulators, when the search uses it
    /// (see [`State::enable_network`]).
    nn: Option<Box<NetState>>,
}

/// The network's first layer summed over the board, brought up to date
/// lazily: a make or unmake costs it nothing, and an evaluation applies
/// the points changed since the nearest earlier sum. The threat solvers
/// make many moves that are never evaluated; updating on every move made
/// the whole search three times slower.
struct NetState {
    net: &'static Network,
    /// Sums known to be right, one per depth at most, shallowest first:
    /// each valid while the game is at least as long as when it was made.
    snaps: RefCell<Vec<Snap>>,
    /// Per cell, the sync that last visited it (so a cell changed by
    /// several moves is counted once), and that sync's number.
    stamps: RefCell<(Vec<u32>, u32)>,
}

/// Both colours' accumulators at one point of the game.
#[derive(Clone, Copy)]
struct Snap {
    /// Moves made (since the state was set up) when it was taken.
    moves: usize,
    /// The undo log's length then: the changes since are the log's rest.
    log_len: usize,
    acc: [Acc; 2],
}

/// Moves both colours' accumulators from a point's activations under
/// `old` patterns to those under `new` (`None`: the point holds a stone and
/// counts nothing). The difference is taken in `i16` (it fits: both lie in
/// `0..=quant`) and widened once.
#[inline]
fn change_point(net: &Network, acc: &mut [Acc; 2], old: &[[u8; 4]; 2], new: Option<&[[u8; 4]; 2]>) {
    for (side, acc) in acc.iter_mut().enumerate() {
        let before = net.activation([0, 1, 2, 3].map(|d| nn::code(old, side, d)));
        let after = new.map_or([0; MAX_FEATURES], |p| {
            net.activation([0, 1, 2, 3].map(|d| nn::code(p, side, d)))
        });
        for i in 0..MAX_FEATURES {
            acc[i] += i32::from(after[i] - before[i]);
        }
    }
}

impl State {
    /// The engine board for `board` with `to_move` to play.
    #[must_use]
    pub fn new(board: &Board, to_move: Stone, rule: Rule) -> State {
        let size = board.size();
        let width = usize::from(size) + 2 * PAD;
        let w = width as isize;
        let mut st = State {
            size,
            width,
            rule,
            tables: Tables::get(rule),
            cells: vec![CellInfo::default(); width * width],
            steps: [1, w, w + 1, 1 - w],
            to_move: 0,
            hash: 0,
            counts: [[0; combo::COUNT]; 2],
            evals: [[0; 2]; 2],
            moves: Vec::with_capacity(usize::from(size) * usize::from(size)),
            rows: vec![0; usize::from(size)],
            bounds: Vec::with_capacity(usize::from(size) * usize::from(size) + 1),
            stones: 0,
            cell_keys: vec![([0; 2], 0, 0); width * width],
            lines: vec![u64::MAX; 6 * width],
            place: vec![[0; 4]; width * width],
            log: Vec::with_capacity(1024),
            marks: Vec::with_capacity(usize::from(size) * usize::from(size)),
            nn: None,
        };
        for i in 0..width * width {
            if st.on_board(i) {
                let p = st.point(i as Cell);
                st.cell_keys[i] = (
                    [
                        zobrist_key(p, Stone::Black) ^ ZOBRIST_SIDE,
                        zobrist_key(p, Stone::White) ^ ZOBRIST_SIDE,
                    ],
                    p.x,
                    p.y,
                );
            } else {
                st.cells[i].stone = WALL;
            }
        }
        // Line numbers: rows, columns, then the two diagonal families
        // (2 × width - 1 lines each), all starting as walls.
        for i in 0..width * width {
            let (x, y) = (i % width, i / width);
            let lines = [
                y,
                width + x,
                2 * width + x + width - 1 - y,
                4 * width - 1 + x + y,
            ];
            let along = [x, y, y, x];
            for d in 0..4 {
                st.place[i][d] = (lines[d] * 64 + 2 * along[d]) as u16;
            }
            if st.cells[i].stone != WALL {
                for d in 0..4 {
                    let (line, bit) = st.line_bit(i, d);
                    st.lines[line] &= !(3 << bit);
                }
            }
        }
        for i in 0..width * width {
            if st.cells[i].stone != WALL {
                st.refresh(i as Cell);
            }
        }
        st.bounds.push(Bounds {
            x0: u8::MAX,
            y0: u8::MAX,
            x1: 0,
            y1: 0,
        });
        for (p, s) in board.stones() {
            let c = st.cell(p);
            st.to_move = color(s);
            st.make(c);
        }
        st.moves.clear();
        st.log.clear();
        st.marks.clear();
        st.to_move = color(to_move);
        st.hash = board.hash() ^ if st.to_move == 1 { ZOBRIST_SIDE } else { 0 };
        st
    }

    fn on_board(&self, i: usize) -> bool {
        let x = i % self.width;
        let y = i / self.width;
        (PAD..PAD + usize::from(self.size)).contains(&x)
            && (PAD..PAD + usize::from(self.size)).contains(&y)
    }

    /// The word index and bit offset of cell `i` in its line of direction
    /// `d`.
    #[inline]
    fn line_bit(&self, i: usize, d: usize) -> (usize, u32) {
        let p = self.place[i][d];
        (usize::from(p >> 6), u32::from(p & 63))
    }

    /// The line key of cell `i` in direction `d`: the five points on each
    /// side of it, nearest last on the near side (see [`super::pattern`]).
    #[inline]
    fn key(&self, i: usize, d: usize) -> u32 {
        let (line, bit) = self.line_bit(i, d);
        line_key(self.lines[line], bit)
    }

    /// Board side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The rule this board plays under.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The cell of a board point.
    #[must_use]
    pub fn cell(&self, p: Point) -> Cell {
        ((usize::from(p.y) + PAD) * self.width + usize::from(p.x) + PAD) as Cell
    }

    /// The board point of a cell.
    #[must_use]
    pub fn point(&self, c: Cell) -> Point {
        let c = usize::from(c);
        Point::new((c % self.width - PAD) as u8, (c / self.width - PAD) as u8)
    }

    /// The board coordinates (x, y) of a cell on the board, without the
    /// divisions of [`State::point`]: the move ordering asks this of every
    /// candidate.
    #[inline]
    #[must_use]
    pub fn coords(&self, c: Cell) -> (u8, u8) {
        let (_, x, y) = self.cell_keys[usize::from(c)];
        (x, y)
    }

    /// Side to move: 0 Black, 1 White.
    #[must_use]
    pub fn to_move(&self) -> usize {
        usize::from(self.to_move)
    }

    /// Zobrist hash of the stones and the side to move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash after the side to move plays the empty point `c`.
    #[inline]
    #[must_use]
    pub fn hash_after(&self, c: Cell) -> u64 {
        self.hash ^ self.cell_keys[usize::from(c)].0[usize::from(self.to_move)]
    }

    /// Stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// True when no empty point is left.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == usize::from(self.size) * usize::from(self.size)
    }

    /// Moves made since the position was set up, oldest first.
    #[must_use]
    pub fn history(&self) -> &[Cell] {
        &self.moves
    }

    /// True when `c` is an empty point of the board.
    #[must_use]
    pub fn is_empty(&self, c: Cell) -> bool {
        self.cells[usize::from(c)].stone == 0
    }

    /// Stone code at `c`: 0 empty, 1 Black, 2 White, 3 wall.
    #[must_use]
    pub fn stone(&self, c: Cell) -> u8 {
        self.cells[usize::from(c)].stone
    }

    /// Combination code of colour `side` playing the empty point `c`.
    #[inline]
    #[must_use]
    pub fn combo(&self, c: Cell, side: usize) -> u8 {
        self.cells[usize::from(c)].combo[side]
    }

    /// Line pattern of colour `side` at `c` in direction `d`.
    #[inline]
    #[must_use]
    pub fn pattern(&self, c: Cell, side: usize, d: usize) -> u8 {
        self.cells[usize::from(c)].pats[side][d]
    }

    /// Strongest line pattern of colour `side` at `c`.
    #[inline]
    #[must_use]
    pub fn max_pattern(&self, c: Cell, side: usize) -> u8 {
        let p = self.cells[usize::from(c)].pats[side];
        p[0].max(p[1]).max(p[2]).max(p[3])
    }

    /// Evaluation value of colour `side` playing `c`.
    #[inline]
    #[must_use]
    pub fn value(&self, c: Cell, side: usize) -> i32 {
        i32::from(self.cells[usize::from(c)].value[side])
    }

    /// The learned ordering value of the empty point `c` for the side to
    /// move: making its own shape there plus taking the opponent's (see
    /// [`super::order`]).
    #[inline]
    #[must_use]
    pub fn order_value(&self, c: Cell) -> i32 {
        let pats = self.cells[usize::from(c)].pats;
        let me = usize::from(self.to_move);
        i32::from(self.tables.order(pats[me])[0]) + i32::from(self.tables.order(pats[me ^ 1])[1])
    }

    /// Number of empty points where `side` would make combination `code`.
    #[inline]
    #[must_use]
    pub fn count(&self, side: usize, code: u8) -> u16 {
        self.counts[side][usize::from(code)]
    }

    /// Number of empty points per combination code where `side` would
    /// make it.
    #[inline]
    #[must_use]
    pub fn combo_counts(&self, side: usize) -> &[u16; combo::COUNT] {
        &self.counts[side]
    }

    /// Number of empty points where `side` would make at least `code`.
    #[must_use]
    pub fn count_at_least(&self, side: usize, code: u8) -> u32 {
        combo::count_at_least(&self.counts[side], code)
    }

    /// The learned whole-board terms: double threat, facing an open four,
    /// tempo (see [`super::eval::weights::Weights`]).
    #[inline]
    #[must_use]
    pub fn eval_terms(&self) -> [i32; 3] {
        self.tables.eval_terms()
    }

    /// The learned value of the threat table's entry `i` (see
    /// [`super::eval::threat`]).
    #[inline]
    #[must_use]
    pub fn threat_value(&self, i: usize) -> i32 {
        self.tables.threat_value(i)
    }

    /// Sum of the learned shape values of colour `side` over the empty
    /// points, counted as the side to move's (`as_mover`) or as its
    /// opponent's.
    #[inline]
    #[must_use]
    pub fn shape_sum(&self, side: usize, as_mover: bool) -> i32 {
        self.evals[side][usize::from(!as_mover)]
    }

    /// The four line patterns of each colour (Black first) at the empty
    /// point `c`.
    #[inline]
    #[must_use]
    pub fn patterns_at(&self, c: Cell) -> [[u8; 4]; 2] {
        self.cells[usize::from(c)].pats
    }

    /// Every empty point of the board, in a fixed order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len())
            .filter(|&i| self.cells[i].stone == 0 && self.on_board(i))
            .map(|i| i as Cell)
    }

    /// Step between neighbouring cells in direction `d`.
    #[inline]
    #[must_use]
    pub fn step(&self, d: usize) -> isize {
        self.steps[d]
    }

    /// Empty points within two of a stone (or the centre on an empty
    /// board), in a fixed scan order.
    pub fn candidates(&self, out: &mut Vec<Cell>) {
        out.clear();
        let b = *self.bounds.last().expect("bounds are never empty");
        if b.x0 > b.x1 {
            let m = self.size / 2;
            out.push(self.cell(Point::new(m, m)));
            return;
        }
        let last = self.rows.len() - 1;
        let board = (1u32 << self.size) - 1;
        for y in b.y0..=b.y1 {
            let y = usize::from(y);
            // Stones within two rows, then spread two points sideways: the
            // 5 × 5 squares around them.
            let column = self.rows[y.saturating_sub(2)..=(y + 2).min(last)]
                .iter()
                .fold(0, |m, &r| m | r);
            let spread = column | column << 1 | column << 2 | column >> 1 | column >> 2;
            let mut near = spread & !self.rows[y] & board;
            let row = (y + PAD) * self.width + PAD;
            while near != 0 {
                let x = near.trailing_zeros() as usize;
                near &= near - 1;
                out.push((row + x) as Cell);
            }
        }
    }

    /// Empty points (near stones) where `side` would make at least `code`,
    /// replacing the contents of `out`, row by row.
    pub fn cells_with(&self, side: usize, code: u8, out: &mut Vec<Cell>) {
        out.clear();
        // The counts cover every empty point, so once that many are found
        // the rest of the scan can only find nothing: most calls ask for
        // fours or fives, of which there are few, and they stop early.
        let wanted = self.count_at_least(side, code) as usize;
        let b = *self.bounds.last().expect("bounds are never empty");
        if wanted == 0 || b.x0 > b.x1 {
            return;
        }
        let (x0, x1) = (usize::from(b.x0), usize::from(b.x1));
        for y in b.y0..=b.y1 {
            let start = (usize::from(y) + PAD) * self.width + PAD + x0;
            // A slice of the row: one bounds check for the row, not one a
            // point.
            let row = &self.cells[start..=start + (x1 - x0)];
            for (i, info) in row.iter().enumerate() {
                // Taken points have code 0.
                if info.combo[side] >= code {
                    out.push((start + i) as Cell);
                    if out.len() == wanted {
                        return;
                    }
                }
            }
        }
    }

    /// True when the side to move may not play the empty point `c`: it is
    /// Black, the rule is Renju and the move makes a double three, a double
    /// four or an overline without also making five. Read from the pattern
    /// tables, so it skips the RIF rule's recursive check of whether each
    /// three can really become an open four: the tree uses it, while the
    /// root asks the exact rule. Always false under the other rules.
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, c: Cell) -> bool {
        // Inlined, so that move generation pays one comparison per point
        // outside Renju; the pattern reading below stays out of line.
        self.black_restricted() && self.forbidden_for_black(c)
    }

    /// [`State::is_forbidden`] for Black to move under Renju.
    #[inline(never)]
    fn forbidden_for_black(&self, c: Cell) -> bool {
        let ci = usize::from(c);
        let info = &self.cells[ci];
        if info.stone != 0 || info.combo[0] == combo::FIVE {
            return false;
        }
        let p = info.pats[0];
        let fours = p.iter().filter(|&&x| x == pat::B4 || x == pat::F4).count();
        let threes = p.iter().filter(|&&x| x == pat::F3).count();
        if fours >= 2 || threes >= 2 {
            return true;
        }
        // Black's lines follow the exact-five rule; where the freestyle
        // tables would see a five, the run is six or more.
        let free = Tables::get(Rule::Freestyle);
        (0..4).any(|d| free.pattern(0, self.key(ci, d)) == pat::F5)
    }

    /// True when the side to move is Black under Renju, whose moves the
    /// tree checks with [`State::is_forbidden`].
    #[inline]
    #[must_use]
    pub fn black_restricted(&self) -> bool {
        self.rule == Rule::Renju && self.to_move == 0
    }

    /// A point where `side` would make five, looking first along the lines
    /// through the last move.
    #[must_use]
    pub fn find_five(&self, side: usize) -> Option<Cell> {
        if self.counts[side][usize::from(combo::FIVE)] == 0 {
            return None;
        }
        if let Some(&last) = self.moves.last() {
            for d in 0..4 {
                for k in -4..=4isize {
                    let n = (last as isize + self.steps[d] * k) as usize;
                    // Taken points and walls have code 0.
                    if self.cells[n].combo[side] == combo::FIVE {
                        return Some(n as Cell);
                    }
                }
            }
        }
        let mut v = Vec::new();
        self.cells_with(side, combo::FIVE, &mut v);
        v.first().copied()
    }

    /// Puts a stone of the side to move on the empty point `c` and passes
    /// the turn.
    pub fn make(&mut self, c: Cell) {
        let side = self.to_move;
        let ci = usize::from(c);
        debug_assert_eq!(self.cells[ci].stone, 0, "make on an occupied cell");
        self.marks.push(Mark {
            log_len: self.log.len(),
            counts: self.counts,
            evals: self.evals,
        });
        self.save(ci);
        self.remove_contribution(ci);
        self.cells[ci].stone = side + 1;
        self.hash = self.hash_after(c);
        let (_, x, y) = self.cell_keys[ci];
        self.place_on_lines(ci, u64::from(side) + 1);
        self.rows[usize::from(y)] |= 1 << x;
        let mut b = *self.bounds.last().expect("bounds are never empty");
        let m = self.size - 1;
        b.x0 = b.x0.min(x.saturating_sub(2));
        b.y0 = b.y0.min(y.saturating_sub(2));
        b.x1 = b.x1.max((x + 2).min(m));
        b.y1 = b.y1.max((y + 2).min(m));
        self.bounds.push(b);
        self.moves.push(c);
        self.stones += 1;
        self.to_move ^= 1;
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let c = self.moves.pop().expect("unmake without a move");
        let ci = usize::from(c);
        self.to_move ^= 1;
        let side = self.to_move;
        self.stones -= 1;
        self.bounds.pop();
        self.cells[ci].stone = 0;
        self.hash ^= self.cell_keys[ci].0[usize::from(side)];
        self.clear_from_lines(ci);
        let (_, x, y) = self.cell_keys[ci];
        self.rows[usize::from(y)] &= !(1 << x);
        let mark = self.marks.pop().expect("a mark per move");
        for saved in self.log.drain(mark.log_len..).rev() {
            let info = &mut self.cells[usize::from(saved.cell)];
            info.pats = saved.pats;
            info.combo = saved.combo;
            info.value = saved.value;
            info.ev = saved.ev;
        }
        self.counts = mark.counts;
        self.evals = mark.evals;
        if let Some(nn) = self.nn.as_deref_mut() {
            let snaps = nn.snaps.get_mut();
            while snaps.last().is_some_and(|s| s.moves > self.moves.len()) {
                snaps.pop();
            }
        }
    }

    /// Passes the turn without a stone: the defence asks what the opponent
    /// could do were it to move.
    pub fn flip_side(&mut self) {
        self.to_move ^= 1;
        self.hash ^= ZOBRIST_SIDE;
    }

    /// Takes the point `ci`, about to be played, out of the sums. Its codes
    /// become 0 (the undo log has them), so that [`State::cells_with`] needs
    /// no test of the stone.
    fn remove_contribution(&mut self, ci: usize) {
        let info = &mut self.cells[ci];

        for s in 0..2 {
            self.counts[s][usize::from(info.combo[s])] -= 1;
            self.evals[s][0] -= i32::from(info.ev[s][0]);
            self.evals[s][1] -= i32::from(info.ev[s][1]);
        }
        info.combo = [0; 2];
    }

    /// Takes the stone at `ci` out of its four line words; the undo log
    /// restores the patterns its placing changed.
    fn clear_from_lines(&mut self, ci: usize) {
        for d in 0..4 {
            let (line, bit) = self.line_bit(ci, d);
            self.lines[line] &= !(3 << bit);
        }
    }

    /// Writes stone `code` at `ci` into its four line words and refreshes
    /// the patterns of the empty points it can reach.
    fn place_on_lines(&mut self, ci: usize, code: u64) {
        // Under freestyle the outermost points never change a pattern (a
        // run reaching them is already five or more), so skip them.
        let reach = if self.rule == Rule::Freestyle {
            HALF - 1
        } else {
            HALF
        };
        for d in 0..4 {
            let (line, bit) = self.line_bit(ci, d);
            self.lines[line] |= code << bit;
            let word = self.lines[line];
            let step = self.steps[d];
            // One bit per empty point (walls and stones have non-zero
            // codes; only empty points keep patterns), at the low bit of
            // its pair, within `reach` points of the stone. Visiting just
            // those bits skips the per-point tests. A point on the board is
            // at least `HALF` points from either end of its line word.
            let window = ((1u64 << (4 * reach + 2)) - 1) << (bit - 2 * reach as u32);
            let mut empty = !(word | word >> 1) & EVEN_BITS & window;
            while empty != 0 {
                let at = empty.trailing_zeros();
                empty &= empty - 1;
                // The two offsets are even apart: a shift divides exactly.
                let k = (at as isize - bit as isize) >> 1;
                let n = (ci as isize + step * k) as usize;
                self.refresh_dir(n, d, line_key(word, at));
            }
        }
    }

    /// Recomputes one direction's patterns of the empty cell `ci`, whose
    /// line key there is now `key`.
    #[inline]
    fn refresh_dir(&mut self, ci: usize, d: usize, key: u32) {
        let t = self.tables;
        let pats = t.patterns(key);
        // One borrow of the cell for the test, the log and the update:
        // `save` would index it again.
        let info = &mut self.cells[ci];
        if pats[0] == info.pats[0][d] && pats[1] == info.pats[1][d] {
            return;
        }
        self.log.push(Saved::of(ci, info));
        for (s, &p) in pats.iter().enumerate() {
            if p == info.pats[s][d] {
                continue;
            }
            // The four patterns are changed as one word in a register and
            // stored whole: a one-byte store at a variable index followed
            // by reading the four back as a word (for the table index)
            // stalls on store forwarding. Bench time 2% lower.
            let shift = 8 * d as u32;
            let word = u32::from_le_bytes(info.pats[s]);
            let four = ((word & !(0xff << shift)) | u32::from(p) << shift).to_le_bytes();
            info.pats[s] = four;
            let (ev, code, value) = t.shape_code_value(four);
            self.evals[s][0] += i32::from(ev[0] - info.ev[s][0]);
            self.evals[s][1] += i32::from(ev[1] - info.ev[s][1]);
            info.ev[s] = ev;
            info.value[s] = value;
            let old_code = info.combo[s];
            // Most pattern changes leave the combination as it was.
            if code != old_code {
                self.counts[s][usize::from(old_code)] -= 1;
                self.counts[s][usize::from(code)] += 1;
                info.combo[s] = code;
            }
        }
    }

    /// Logs the derived data of cell `ci` before it changes.
    #[inline]
    fn save(&mut self, ci: usize) {
        self.log.push(Saved::of(ci, &self.cells[ci]));
    }

    /// Recomputes all patterns of the empty cell `c` and adds its
    /// contribution.
    fn refresh(&mut self, c: Cell) {
        let ci = usize::from(c);
        let t = self.tables;
        let mut info = self.cells[ci];
        for s in 0..2 {
            for d in 0..4 {
                info.pats[s][d] = t.pattern(s, self.key(ci, d));
            }
            let (code, value) = t.combo(info.pats[s]);
            info.combo[s] = code;
            info.value[s] = value;
            self.counts[s][usize::from(code)] += 1;
            let ev = t.shape_value(info.pats[s]);
            info.ev[s] = ev;
            self.evals[s][0] += i32::from(ev[0]);
            self.evals[s][1] += i32::from(ev[1]);
        }
        self.cells[ci] = info;
    }

    /// Evaluates with `net` from now on (see [`super::eval::nn`]): its
    /// accumulators are summed over the board once, here, then brought up
    /// to date from the moves' changes when asked for. (Summed at the
    /// first evaluation instead, deep in a search, the sum was dropped
    /// each time the search took back the moves before it, and summed
    /// again: 2.7% of the bench's time.)
    pub fn enable_network(&mut self, net: &'static Network) {
        let cells = self.cells.len();
        let mut snaps = Vec::with_capacity(usize::from(self.size) * 4);
        snaps.push(Snap {
            moves: self.moves.len(),
            log_len: self.log.len(),
            acc: [0, 1].map(|side| nn::features::full_accumulator(net, self, side)),
        });
        self.nn = Some(Box::new(NetState {
            net,
            snaps: RefCell::new(snaps),
            stamps: RefCell::new((vec![0; cells], 0)),
        }));
    }

    /// The network and the side to move's accumulator, when enabled.
    #[inline]
    #[must_use]
    pub fn network(&self) -> Option<(&'static Network, Acc)> {
        let nn = self.nn.as_deref()?;
        Some((nn.net, self.sync_network(nn)[usize::from(self.to_move)]))
    }

    /// Both colours' accumulators, brought up to date (Black's first).
    #[must_use]
    pub fn network_accumulators(&self) -> Option<[Acc; 2]> {
        self.nn.as_deref().map(|nn| self.sync_network(nn))
    }

    /// Both accumulators now: the nearest valid sum plus the activations
    /// of the points changed since (the log holds each changed point's
    /// patterns before its first change; the board holds them now).
    fn sync_network(&self, nn: &NetState) -> [Acc; 2] {
        let mut snaps = nn.snaps.borrow_mut();
        let depth = self.moves.len();
        // `unmake` drops the sums of positions taken back.
        debug_assert!(snaps.last().is_none_or(|s| s.moves <= depth));
        let Some(&last) = snaps.last() else {
            // Moves made before the network was enabled were taken back.
            let acc = [0, 1].map(|side| nn::features::full_accumulator(nn.net, self, side));
            snaps.push(Snap {
                moves: depth,
                log_len: self.log.len(),
                acc,
            });
            return acc;
        };
        if last.moves == depth {
            return last.acc;
        }
        let mut acc = last.acc;
        let mut stamps = nn.stamps.borrow_mut();
        let (seen, now) = &mut *stamps;
        *now = now.wrapping_add(1);
        if *now == 0 {
            seen.fill(0);
            *now = 1;
        }
        for saved in &self.log[last.log_len..] {
            let ci = usize::from(saved.cell);
            if seen[ci] == *now {
                continue;
            }
            seen[ci] = *now;
            let cell = &self.cells[ci];
            let now_pats = (cell.stone == 0).then_some(&cell.pats);
            change_point(nn.net, &mut acc, &saved.pats, now_pats);
        }
        snaps.push(Snap {
            moves: depth,
            log_len: self.log.len(),
            acc,
        });
        acc
    }

    /// The incrementally kept sums.
    #[must_use]
    pub fn sums(&self) -> Sums {
        let mut totals = [0; 2];
        for (i, ci) in self.cells.iter().enumerate() {
            if ci.stone == 0 && self.on_board(i) {
                for (t, &v) in totals.iter_mut().zip(&ci.value) {
                    *t += i32::from(v);
                }
            }
        }
        Sums {
            totals,
            counts: self.counts,
            evals: self.evals,
        }
    }

    /// The same sums recomputed from scratch over the whole board, to
    /// check the incremental updates.
    #[must_use]
    pub fn recount(&self) -> Sums {
        let mut totals = [0; 2];
        let mut counts = [[0; combo::COUNT]; 2];
        let mut evals = [[0; 2]; 2];
        for (i, ci) in self.cells.iter().enumerate() {
            if ci.stone != 0 {
                continue;
            }
            for s in 0..2 {
                let mut pats = [0; 4];
                for (d, p) in pats.iter_mut().enumerate() {
                    *p = self.tables.pattern(s, self.key(i, d));
                }
                let (code, value) = self.tables.combo(pats);
                totals[s] += i32::from(value);
                counts[s][usize::from(code)] += 1;
                let ev = self.tables.shape_value(pats);
                evals[s][0] += i32::from(ev[0]);
                evals[s][1] += i32::from(ev[1]);
            }
            debug_assert!(self.on_board(i));
        }
        Sums {
            totals,
            counts,
            evals,
        }
    }

    /// What follows on its own line when the side to move makes a four at
    /// the empty point `c` in direction `d`: the point where the opponent
    /// must block it, and whether that line, after the four and the block,
    /// still has a point where the side to move would make a four or
    /// better. `None` when `c` makes no five point on that line. Read from
    /// the line word and the pattern tables: nothing is played.
    #[must_use]
    pub fn four_follow_up(&self, c: Cell, d: usize) -> Option<(Cell, bool)> {
        let me = usize::from(self.to_move);
        let ci = usize::from(c);
        let (line, bit) = self.line_bit(ci, d);
        let word = self.lines[line] | (u64::from(self.to_move) + 1) << bit;
        let step = self.steps[d];
        // The empty points within four of `c` on the line, as (cell, bit).
        // A point on the board is at least `HALF` points from either end
        // of its line word, so every shift stays inside it.
        let near = (1..HALF as u32).flat_map(|k| {
            [-1i32, 1].into_iter().map(move |sign| {
                let n = (ci as isize + step * sign as isize * k as isize) as usize;
                let b = (bit as i32 + sign * 2 * k as i32) as u32;
                (n, b)
            })
        });
        let empty = |w: u64, b: u32| (w >> b) & 3 == 0;
        let (block, block_bit) = near.clone().find(|&(_, b)| {
            empty(word, b) && self.tables.pattern(me, line_key(word, b)) == pat::F5
        })?;
        let word = word | (u64::from(self.to_move ^ 1) + 1) << block_bit;
        let more = near
            .filter(|&(_, b)| empty(word, b))
            .any(|(_, b)| self.tables.pattern(me, line_key(word, b)) >= pat::B4);
        Some((block as Cell, more))
    }

    /// True when the last move made a winning line.
    #[must_use]
    pub fn last_move_won(&self) -> bool {
        let Some(&last) = self.moves.last() else {
            return false;
        };
        let ci = usize::from(last);
        let side = usize::from(self.cells[ci].stone - 1);
        // The stone was placed on a point whose pattern we no longer keep;
        // recompute from the keys, which never include the point itself.
        (0..4).any(|d| self.tables.pattern(side, self.key(ci, d)) == pat::F5)
    }
}

/// The line key of the point at bit offset `bit` of the line word `word`:
/// the five points before it in the low ten bits, the five after it in the
/// high ten, the point itself left out.
#[inline]
fn line_key(word: u64, bit: u32) -> u32 {
    let w = word >> (bit - 2 * HALF as u32);
    ((w & 0x3ff) | ((w >> 2) & 0xf_fc00)) as u32
}

/// Colour index of a stone.
#[must_use]
pub fn color(s: Stone) -> u8 {
    match s {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    #[test]
    fn make_and_unmake_restore_everything() {
        let board = Board::standard();
        let mut st = State::new(&board, Stone::Black, Rule::Standard);
        let h0 = st.hash();
        let sums0 = st.recount();
        assert_eq!(st.sums(), sums0);
        let moves = parse_moves("h8i9h9h10g8i8j8f8", 15).unwrap();
        for &p in &moves {
            let c = st.cell(p);
            st.make(c);
            assert_eq!(st.sums(), st.recount());
        }
        for _ in &moves {
            st.unmake();
            assert_eq!(st.sums(), st.recount());
        }
        assert_eq!(st.hash(), h0);
    }

    #[test]
    fn a_four_shows_a_five_point() {
        let mut board = Board::standard();
        for p in parse_moves("h8h9h10h11", 15).unwrap() {
            board.place(p, Stone::Black).unwrap();
        }
        let st = State::new(&board, Stone::Black, Rule::Freestyle);
        assert_eq!(st.count(0, combo::FIVE), 2);
        let f = st.find_five(0).unwrap();
        let name = crate::rules::point_name(st.point(f), 15);
        assert!(name == "h7" || name == "h12", "{name}");
    }
}
