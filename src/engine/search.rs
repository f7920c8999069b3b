//! The search: iterative deepening over a negamax alpha-beta with
//! principal-variation search, aspiration windows, a transposition table,
//! threat-based forced moves, late-move reductions, a four-only quiescence
//! and a VCF solver at the root and inside the tree.

use super::eval::evaluate;
use super::movegen::{generate, pick_next, sort_moves, threat_score, Forced, Ordering};
use super::pattern::combo;
use super::state::{Cell, State};
use super::time::Clock;
use super::tt::{self, Table};
use super::vcf::Vcf;
use super::vct::Vct;
use super::{Position, Score, SearchInfo, SearchParams, SearchResult};
use crate::rules::{forbidden, Board, Point, Stone};
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

const MATE: i32 = Score::MATE;
const INF: i32 = MATE + 1;
/// Deepest ply the tree may reach (threat extensions included).
const MAX_PLY: usize = 120;
/// Deepest nominal depth of iterative deepening.
const MAX_DEPTH: i32 = 60;
/// Nodes between two looks at the clock and the stop flag (about a
/// millisecond of search).
const CHECK_EVERY: u64 = 1024;
/// Half-width of the first aspiration window, in evaluation units.
const ASPIRATION: i32 = 300;
/// Own fours tried in a row by the quiescence search.
const QS_FOURS: u32 = 4;
/// Own moves of the root VCF search.
const ROOT_VCF_DEPTH: u8 = 24;
/// Node budget of the root VCF search.
const ROOT_VCF_NODES: u64 = 400_000;
/// Own threats (fours and threes) of the root VCT search.
const ROOT_VCT_DEPTH: u8 = 10;
/// Node budget of the root VCT search; with a clock, also at most
/// [`ROOT_VCT_TIME_SHARE`] of the soft time.
const ROOT_VCT_NODES: u64 = 300_000;
/// Share of the soft time the root VCT search may spend: a proof is worth
/// the whole move, but most positions have none and need the time for the
/// main search.
const ROOT_VCT_TIME_SHARE: f64 = 0.1;
/// Own moves of a VCF search inside the tree.
const TREE_VCF_DEPTH: u8 = 10;
/// Node budget of a VCF search inside the tree.
const TREE_VCF_NODES: u64 = 600;
/// Least remaining depth at which the tree calls the VCF solver.
const TREE_VCF_MIN_DEPTH: i32 = 2;
/// Node budget of the check for an opponent VCF after the chosen move.
const GUARD_VCF_NODES: u64 = 100_000;
/// Moves searched at full depth before late-move reductions begin.
const LMR_FULL_MOVES: usize = 2;
/// Divisor of the logarithmic late-move reduction: reduction is
/// `ln(depth) * ln(move number) / LMR_DIVISOR` plies.
const LMR_DIVISOR: f64 = 1.7;
/// Late-move pruning: at most `LMP_BASE + depth * depth / 2` quiet moves
/// at shallow depths.
const LMP_BASE: usize = 4;
/// Depth up to which late-move pruning applies.
const LMP_MAX_DEPTH: i32 = 6;
/// Least depth for null-move pruning.
const NULL_MIN_DEPTH: i32 = 3;
/// Null-move depth reduction: `NULL_BASE + depth / NULL_DIVISOR` plies.
const NULL_BASE: i32 = 2;
/// See [`NULL_BASE`].
const NULL_DIVISOR: i32 = 4;
/// Most moves searched at an interior node (best-ordered first) is
/// `BRANCH_BASE + BRANCH_PER_DEPTH * depth`, at most [`MAX_BRANCH`]; the
/// root searches them all.
const BRANCH_BASE: usize = 6;
/// See [`BRANCH_BASE`].
const BRANCH_PER_DEPTH: usize = 2;
/// See [`BRANCH_BASE`].
const MAX_BRANCH: usize = 20;

/// The engine: owns its tables between searches.
pub struct Engine {
    hash_mb: usize,
    tt: Table,
    main: Worker,
    /// The helper threads' own tables, made when first needed.
    helpers: Vec<Worker>,
    /// The root's threat-space solver (main thread only).
    vct: Vct,
}

/// What each search thread keeps for itself between searches.
struct Worker {
    vcf: Vcf,
    ordering: Ordering,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            vcf: Vcf::new(),
            ordering: Ordering::new(30 * 30),
        }
    }
}

/// One thread's view of the search: the shared transposition table and
/// its own solver and move-ordering tables.
struct Searcher<'t> {
    tt: &'t Table,
    vcf: &'t mut Vcf,
    ordering: &'t mut Ordering,
}

/// Most search threads used, whatever the machine has: beyond this the
/// shared table's traffic eats the gain.
pub const MAX_THREADS: usize = 8;

/// Threads a search at full strength should use on this machine.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// Per-search state.
struct Ctx<'a> {
    clock: Clock<'a>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    move_bufs: Vec<Vec<(Cell, i32)>>,
    scratch: Vec<Cell>,
    /// True while the iteration in progress still backs the last best
    /// move: past the soft deadline such an iteration is cut short.
    settled: bool,
}

impl<'a> Ctx<'a> {
    /// A fresh search on `clock`.
    fn new(clock: Clock<'a>) -> Ctx<'a> {
        Ctx {
            clock,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            move_bufs: Vec::new(),
            scratch: Vec::new(),
            settled: false,
        }
    }

    /// Counts a node at `ply`, polls the clock and the stop flag every
    /// [`CHECK_EVERY`] nodes and records the depth reached; false once the
    /// search must unwind.
    #[inline]
    fn enter_node(&mut self, ply: usize) -> bool {
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
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` megabytes.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            hash_mb,
            tt: Table::new(hash_mb),
            main: Worker::new(),
            helpers: Vec::new(),
            vct: Vct::new(),
        }
    }

    /// Transposition table size in megabytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb;
        self.tt = Table::new(hash_mb);
    }

    /// Forgets everything learnt in earlier searches.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.main.vcf.clear();
        self.main.ordering.clear();
        self.helpers.clear();
        self.vct.clear();
    }

    /// Searches `pos` for the side to move, calling `on_info` after each
    /// completed iteration, until a limit in `params` is reached or `stop`
    /// is raised.
    pub fn search(
        &mut self,
        pos: &Position,
        params: &SearchParams,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let threads = params.threads.clamp(1, MAX_THREADS);
        while self.helpers.len() + 1 < threads {
            self.helpers.push(Worker::new());
        }
        self.tt.new_search();
        let Engine {
            tt,
            main,
            helpers,
            vct,
            ..
        } = self;
        let tt: &Table = tt;
        let mut sr = Searcher {
            tt,
            vcf: &mut main.vcf,
            ordering: &mut main.ordering,
        };
        let clock = Clock::start(params.limits, stop);
        let mut ctx = Ctx::new(clock);
        let mut st = State::new(&pos.board, pos.to_move, pos.rule);
        let mut rng = match params.seed {
            Some(s) => rand::rngs::StdRng::seed_from_u64(s),
            None => rand::rngs::StdRng::from_rng(&mut rand::rng()),
        };
        sr.ordering.age();
        let finish =
            |st: &State, ctx: &Ctx, best: Option<Cell>, score: i32, depth: u32, pv: &[Cell]| {
                SearchResult {
                    best: best.map(|c| st.point(c)),
                    score: Score(score),
                    depth,
                    pv: pv.iter().map(|&c| st.point(c)).collect(),
                    nodes: ctx.nodes,
                    elapsed: ctx.clock.elapsed(),
                }
            };
        if st.is_full() {
            return finish(&st, &ctx, None, 0, 0, &[]);
        }
        let me = st.to_move();
        let opp = me ^ 1;
        // An empty board: the centre, or near it for variety.
        if st.stone_count() == 0 {
            let m = i32::from(st.size() / 2);
            let (dx, dy) = if params.variety > 0 {
                (rng.random_range(-1..=1), rng.random_range(-1..=1))
            } else {
                (0, 0)
            };
            let c = st.cell(Point::new((m + dx) as u8, (m + dy) as u8));
            let info = info(&st, &ctx, 1, 0, &[c]);
            on_info(&info);
            return finish(&st, &ctx, Some(c), 0, 1, &[c]);
        }
        // Win now.
        if let Some(f) = st.find_five(me) {
            let score = MATE - 1;
            on_info(&info(&st, &ctx, 1, score, &[f]));
            return finish(&st, &ctx, Some(f), score, 1, &[f]);
        }
        // Under Renju, Black may not play its forbidden points. The tree
        // leaves them out by a quick test from the pattern tables; the root
        // asks the exact rule, and a VCF for Black is only trusted when
        // every Black move of it passes the exact rule too.
        let renju_black = pos.rule.has_forbidden_moves() && pos.to_move == Stone::Black;
        let allowed =
            |c: Cell, st: &State| !renju_black || forbidden(&pos.board, st.point(c)).is_none();

        // A proved win by continuous fours.
        if st.count(opp, combo::FIVE) == 0 {
            let abort = || clock.must_stop();
            if let Some((line, plies)) = sr
                .vcf
                .solve_shortest(&mut st, ROOT_VCF_DEPTH, ROOT_VCF_NODES, &abort)
                .filter(|(line, _)| !renju_black || black_line_is_legal(&pos.board, &st, line))
            {
                ctx.nodes += sr.vcf.nodes;
                let score = MATE - plies as i32;
                on_info(&info(&st, &ctx, 1, score, &line));
                return finish(&st, &ctx, line.first().copied(), score, 1, &line);
            }
            ctx.nodes += sr.vcf.nodes;
        }
        // A proved win by continuous threats, fours and open threes.
        if st.count(opp, combo::FIVE) == 0 && !renju_black {
            let cap = params
                .limits
                .soft_time
                .map(|s| s.mul_f64(ROOT_VCT_TIME_SHARE));
            let abort = || clock.must_stop() || cap.is_some_and(|c| clock.elapsed() >= c);
            let budget = params
                .limits
                .nodes
                .map_or(ROOT_VCT_NODES, |n| ROOT_VCT_NODES.min(n / 4));
            let found = vct.solve_shortest(&mut st, ROOT_VCT_DEPTH, budget, &abort);
            ctx.nodes += vct.nodes;
            if let Some((line, plies)) = found {
                let score = MATE - plies as i32;
                on_info(&info(&st, &ctx, 1, score, &line));
                return finish(&st, &ctx, line.first().copied(), score, 1, &line);
            }
        }

        let mut root: Vec<(Cell, i32)> = Vec::new();
        let forced = generate(&st, 0, 0, sr.ordering, &mut ctx.scratch, &mut root);
        if renju_black {
            // Put back the points the tree's quick test rules out but the
            // exact rule allows.
            let restore: Vec<Cell> = match forced {
                Forced::BlockFive => st.find_five(opp).into_iter().collect(),
                Forced::No => {
                    st.candidates(&mut ctx.scratch);
                    ctx.scratch.clone()
                }
                Forced::DefendThree => Vec::new(),
            };
            for c in restore {
                if st.is_forbidden(c) && !root.iter().any(|m| m.0 == c) {
                    root.push((c, threat_score(&st, c) * 16));
                }
            }
        }
        sort_moves(&mut root);
        root.retain(|&(c, _)| allowed(c, &st));
        if root.is_empty() {
            // No generated move may be played (a forced block on a
            // forbidden point, say): any allowed point near the stones,
            // else any allowed point at all.
            st.candidates(&mut ctx.scratch);
            root = ctx.scratch.iter().map(|&c| (c, 0)).collect();
            root.retain(|&(c, _)| allowed(c, &st));
            if root.is_empty() {
                root = pos
                    .board
                    .points()
                    .map(|p| (st.cell(p), 0))
                    .filter(|&(c, _)| st.is_empty(c) && allowed(c, &st))
                    .collect();
            }
            if root.is_empty() {
                return finish(&st, &ctx, None, 0, 0, &[]);
            }
        }
        let max_depth = params
            .limits
            .depth
            .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH));
        let single = root.len() == 1;
        let helper_stop = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let mut run =
            |s: &mut Searcher, st: &mut State, ctx: &mut Ctx, root: &mut Vec<(Cell, i32)>| {
                let mut best = root[0].0;
                let mut best_score = -INF;
                let mut best_pv = vec![best];
                let mut completed = 0u32;
                let mut root_scores: Vec<(Cell, i32)> = Vec::new();
                let mut prev: i32 = 0;
                for depth in 1..=max_depth {
                    let variety = if depth == max_depth || params.limits.depth.is_none() {
                        params.variety.max(0)
                    } else {
                        0
                    };
                    let (score, pv, scores) = s.aspirate(st, ctx, root, depth, prev, variety);
                    if ctx.aborted {
                        // Moves that finished searching in the interrupted
                        // iteration saw deeper than the last complete one.
                        if completed > 0 && score > -INF && !pv.is_empty() {
                            best = pv[0];
                            best_score = score;
                            best_pv = pv;
                        }
                        break;
                    }
                    completed = depth as u32;
                    best = pv[0];
                    best_score = score;
                    best_pv = pv;
                    root_scores = scores;
                    prev = score;
                    let mut shown = info(st, ctx, completed, best_score, &best_pv);
                    shown.nodes += helper_nodes.load(Relaxed);
                    shown.nps = nps(shown.nodes, shown.elapsed);
                    on_info(&shown);
                    if single && forced != Forced::No {
                        break;
                    }
                    if best_score.abs() >= Score::MATE_BOUND && depth > MATE - best_score.abs() {
                        break;
                    }
                    if !ctx.clock.may_start_iteration() {
                        break;
                    }
                }
                (best, best_score, best_pv, completed, root_scores)
            };
        let (mut best, mut best_score, mut best_pv, completed, mut root_scores) =
            if threads > 1 && !single {
                std::thread::scope(|scope| {
                    for (k, helper) in helpers.iter_mut().take(threads - 1).enumerate() {
                        let mut root = root.clone();
                        let (helper_stop, helper_nodes) = (&helper_stop, &helper_nodes);
                        scope.spawn(move || {
                            let mut h = Searcher {
                                tt,
                                vcf: &mut helper.vcf,
                                ordering: &mut helper.ordering,
                            };
                            let mut st = State::new(&pos.board, pos.to_move, pos.rule);
                            let n = h.help(&mut st, &mut root, max_depth, k, helper_stop);
                            helper_nodes.fetch_add(n, Relaxed);
                        });
                    }
                    let result = run(&mut sr, &mut st, &mut ctx, &mut root);
                    helper_stop.store(true, Relaxed);
                    result
                })
            } else {
                run(&mut sr, &mut st, &mut ctx, &mut root)
            };
        ctx.nodes += helper_nodes.load(Relaxed);

        // Before trusting a quiet move, make sure the opponent has no VCF
        // after it.
        if best_score.abs() < Score::MATE_BOUND {
            let searched = !root_scores.is_empty();
            let candidates = if searched { &root_scores } else { &root };
            let abort = || clock.must_stop();
            let guarded = avoid_vcf_losses(&mut st, sr.vcf, candidates, searched, best, &abort);
            ctx.nodes += guarded.nodes;
            root_scores.retain(|m| !guarded.lost.contains(&m.0));
            if guarded.best != best {
                best = guarded.best;
                best_pv = vec![best];
            }
            best_score = guarded.score.unwrap_or(best_score);
        }

        // Variety: among moves within `variety` of the best, pick at random,
        // but never trade a win or a forced move.
        if params.variety > 0
            && best_score.abs() < Score::MATE_BOUND
            && forced == Forced::No
            && root_scores.len() > 1
        {
            let top = root_scores
                .iter()
                .filter(|m| m.0 == best)
                .map(|m| m.1)
                .next()
                .unwrap_or(best_score);
            let near: Vec<(Cell, i32)> = root_scores
                .iter()
                .copied()
                .filter(|m| m.1 >= top - params.variety && m.1 > -Score::MATE_BOUND)
                .collect();
            if near.len() > 1 {
                let (c, s) = near[rng.random_range(0..near.len())];
                // The chosen move must pass the same VCF check as the best.
                let abort = || clock.must_stop();
                st.make(c);
                let loses = sr
                    .vcf
                    .solve(&mut st, ROOT_VCF_DEPTH, GUARD_VCF_NODES, &abort)
                    .is_some();
                st.unmake();
                ctx.nodes += sr.vcf.nodes;
                if c != best && !loses {
                    best = c;
                    best_score = s;
                    best_pv = vec![c];
                }
            }
        }
        finish(
            &st,
            &ctx,
            Some(best),
            best_score,
            completed.max(1),
            &best_pv,
        )
    }
}

/// Root moves the final safety check looks at, best first.
const GUARD_MOVES: usize = 8;

/// What the final safety check decided.
struct Guarded {
    /// The move to play.
    best: Cell,
    /// Its score, when the check learnt a better one than the search's:
    /// the loss it proved, or the score of the move it switched to.
    score: Option<i32>,
    /// Moves proved to lose to a VCF.
    lost: Vec<Cell>,
    /// Nodes the VCF searches used.
    nodes: u64,
}

/// The final safety check: the best move and the next few, best first,
/// are tried until one leaves the opponent no VCF. `candidates` carry
/// search scores when `searched`, else only an ordering. If every move
/// tried loses, the slowest loss is played with its proved score; a move
/// switched to keeps its own score, never the proved loss of the move it
/// replaces.
fn avoid_vcf_losses(
    st: &mut State,
    vcf: &mut Vcf,
    candidates: &[(Cell, i32)],
    searched: bool,
    best: Cell,
    abort: &dyn Fn() -> bool,
) -> Guarded {
    let mut ordered = candidates.to_vec();
    ordered.sort_by_key(|m| std::cmp::Reverse(m.1));
    if let Some(i) = ordered.iter().position(|m| m.0 == best) {
        let m = ordered.remove(i);
        ordered.insert(0, m);
    }
    let mut out = Guarded {
        best,
        score: None,
        lost: Vec::new(),
        nodes: 0,
    };
    let mut slowest: Option<(Cell, i32)> = None;
    for (i, &(c, s)) in ordered.iter().enumerate().take(GUARD_MOVES) {
        st.make(c);
        let lost = vcf
            .solve(st, ROOT_VCF_DEPTH, GUARD_VCF_NODES, abort)
            .map(|line| super::vcf::plies_to_five(st, &line));
        out.nodes += vcf.nodes;
        let own = if searched { s } else { -evaluate(st) };
        st.unmake();
        match lost {
            None => {
                if i > 0 {
                    out.best = c;
                    out.score = Some(own);
                }
                return out;
            }
            Some(plies) => {
                let score = -(MATE - 1 - plies as i32);
                out.lost.push(c);
                if slowest.is_none_or(|(_, worst)| score > worst) {
                    slowest = Some((c, score));
                }
            }
        }
    }
    if let Some((c, score)) = slowest {
        out.best = c;
        out.score = Some(score);
    }
    out
}

/// True when no Black move of the VCF `line` (Black to move first, then
/// alternating) is forbidden by the exact Renju rule.
fn black_line_is_legal(board: &Board, st: &State, line: &[Cell]) -> bool {
    let mut board = board.clone();
    for (i, &c) in line.iter().enumerate() {
        let p = st.point(c);
        let stone = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        if stone == Stone::Black && forbidden(&board, p).is_some() {
            return false;
        }
        if board.place(p, stone).is_err() {
            return false;
        }
    }
    true
}

/// True when the side to move has a point making an open four or a double
/// four that it may play: always, given a `FLEX4` count, except for Black
/// under Renju, whose double fours are forbidden.
fn has_open_four(st: &State, ctx: &mut Ctx) -> bool {
    if !st.black_restricted() {
        return true;
    }
    let mut cells = std::mem::take(&mut ctx.scratch);
    st.cells_with(st.to_move(), combo::FLEX4, &mut cells);
    let found = cells.iter().any(|&c| !st.is_forbidden(c));
    ctx.scratch = cells;
    found
}

/// Progress of the search for the caller.
fn info(st: &State, ctx: &Ctx, depth: u32, score: i32, pv: &[Cell]) -> SearchInfo {
    let elapsed = ctx.clock.elapsed();
    SearchInfo {
        depth,
        seldepth: (ctx.seldepth as u32).max(depth),
        score: Score(score),
        pv: pv.iter().map(|&c| st.point(c)).collect(),
        nodes: ctx.nodes,
        nps: nps(ctx.nodes, elapsed),
        elapsed,
    }
}

/// Nodes per second.
fn nps(nodes: u64, elapsed: std::time::Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    }
}

impl Searcher<'_> {
    /// A helper thread's search (lazy SMP): the same root, deepened on its
    /// own without time limits until `stop`, sharing only the
    /// transposition table. Odd helpers start a ply deeper so the threads
    /// spread over two depths. Returns the nodes searched.
    fn help(
        &mut self,
        st: &mut State,
        root: &mut [(Cell, i32)],
        max_depth: i32,
        k: usize,
        stop: &AtomicBool,
    ) -> u64 {
        let mut ctx = Ctx::new(Clock::start(super::Limits::default(), stop));
        self.ordering.age();
        let mut prev = 0;
        for depth in (1 + (k % 2) as i32)..=max_depth {
            let (score, _, _) = self.aspirate(st, &mut ctx, root, depth, prev, 0);
            if ctx.aborted {
                break;
            }
            prev = score;
        }
        ctx.nodes
    }

    /// One iteration at the root inside an aspiration window around `prev`,
    /// widened until the score falls inside it.
    #[allow(clippy::too_many_arguments)]
    fn aspirate(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        depth: i32,
        prev: i32,
        variety: i32,
    ) -> (i32, Vec<Cell>, Vec<(Cell, i32)>) {
        let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < Score::MATE_BOUND {
            (prev - ASPIRATION, prev + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let mut delta = ASPIRATION;
        loop {
            let r = self.root_search(st, ctx, root, depth, alpha, beta, variety);
            if ctx.aborted {
                return r;
            }
            if r.0 <= alpha && alpha > -INF {
                alpha = (alpha - delta).max(-INF);
                delta *= 4;
                if delta > 5_000 {
                    alpha = -INF;
                }
            } else if r.0 >= beta && beta < INF {
                beta = (beta + delta).min(INF);
                delta *= 4;
                if delta > 5_000 {
                    beta = INF;
                }
            } else {
                return r;
            }
        }
    }

    /// One iteration at the root. Returns the best score, its line and the
    /// scores of the moves searched (lower bounds for most of them). The
    /// root list is reordered best first.
    #[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
    fn root_search(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &mut [(Cell, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        variety: i32,
    ) -> (i32, Vec<Cell>, Vec<(Cell, i32)>) {
        let mut best = -INF;
        let mut best_pv = vec![root[0].0];
        let mut scores = Vec::with_capacity(root.len());
        let mut child_pv = Vec::new();
        ctx.settled = false;
        for i in 0..root.len() {
            let c = root[i].0;
            st.make(c);
            child_pv.clear();
            let s = if i == 0 {
                -self.alphabeta(st, ctx, -beta, -alpha, depth - 1, 1, true, &mut child_pv)
            } else {
                // With variety, moves near the best get exact scores.
                let floor = if variety > 0 && best > -Score::MATE_BOUND {
                    (best - variety - 1).max(-INF + 1).min(alpha)
                } else {
                    alpha
                };
                let mut s = -self.alphabeta(
                    st,
                    ctx,
                    -floor - 1,
                    -floor,
                    depth - 1,
                    1,
                    false,
                    &mut child_pv,
                );
                if s > floor && s < beta && !ctx.aborted {
                    child_pv.clear();
                    s = -self.alphabeta(st, ctx, -beta, -floor, depth - 1, 1, true, &mut child_pv);
                }
                s
            };
            st.unmake();
            if ctx.aborted {
                break;
            }
            // Settled once the old best held up; a new best found later is
            // not, until the next iteration confirms it.
            if i == 0 {
                ctx.settled = s > alpha;
            } else if s > alpha {
                ctx.settled = false;
            }
            scores.push((c, s));
            if s > best {
                best = s;
                if s > alpha {
                    best_pv.clear();
                    best_pv.push(c);
                    best_pv.extend_from_slice(&child_pv);
                }
                if s > alpha {
                    alpha = s;
                }
                if s >= beta {
                    break;
                }
            }
        }
        if !ctx.aborted {
            // Best first for the next iteration, the rest by score.
            let first = best_pv[0];
            root.sort_by(|a, b| (b.0 == first).cmp(&(a.0 == first)).then(b.1.cmp(&a.1)));
        }
        (best, best_pv, scores)
    }

    #[allow(clippy::too_many_arguments)]
    fn alphabeta(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        is_pv: bool,
        pv: &mut Vec<Cell>,
    ) -> i32 {
        if !ctx.enter_node(ply) {
            return 0;
        }
        let me = st.to_move();
        let opp = me ^ 1;
        let ply_i = ply as i32;
        if let Some(f) = st.find_five(me) {
            pv.push(f);
            return MATE - ply_i - 1;
        }
        if st.count(opp, combo::FIVE) >= 2 {
            return -(MATE - ply_i - 2);
        }
        if st.is_full() {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(st);
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply_i));
        beta = beta.min(MATE - ply_i - 1);
        if alpha >= beta {
            return alpha;
        }
        let opp_four = st.count(opp, combo::FIVE) > 0;
        if !opp_four && st.count(me, combo::FLEX4) > 0 && has_open_four(st, ctx) {
            return MATE - ply_i - 3;
        }
        if depth <= 0 {
            return self.qsearch(st, ctx, alpha, beta, ply, 0);
        }

        let hash = st.hash();
        let mut tt_move: Cell = 0;
        if let Some(e) = self.tt.probe(hash) {
            tt_move = e.mv;
            let s = tt::from_tt(e.score, ply_i);
            if !is_pv && i32::from(e.depth) >= depth {
                let cut = match e.bound {
                    tt::EXACT => true,
                    tt::LOWER => s >= beta,
                    tt::UPPER => s <= alpha,
                    _ => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // A quick VCF try before the full move list.
        if !opp_four && depth >= TREE_VCF_MIN_DEPTH && st.count_at_least(me, combo::BLOCK4) > 0 {
            let clock = ctx.clock;
            let abort = || clock.must_stop();
            if let Some(line) = self.vcf.solve(st, TREE_VCF_DEPTH, TREE_VCF_NODES, &abort) {
                ctx.nodes += self.vcf.nodes;
                let plies = super::vcf::plies_to_five(st, &line);
                let s = MATE - ply_i - plies as i32;
                pv.extend_from_slice(&line);
                self.tt
                    .store(hash, depth, tt::to_tt(s, ply_i), tt::EXACT, line[0]);
                return s;
            }
            ctx.nodes += self.vcf.nodes;
        }

        // Null move: an extra stone never hurts in this game, so if passing
        // still holds the opponent below beta, a real move will too. Only
        // when the opponent has no threat to carry out with the free move.
        if !is_pv
            && depth >= NULL_MIN_DEPTH
            && !opp_four
            && st.count(opp, combo::FLEX4) == 0
            && beta.abs() < Score::MATE_BOUND
            && evaluate(st) >= beta
        {
            let r = NULL_BASE + depth / NULL_DIVISOR;
            st.flip_side();
            let mut null_pv = Vec::new();
            let s = -self.alphabeta(
                st,
                ctx,
                -beta,
                -beta + 1,
                depth - 1 - r,
                ply + 1,
                false,
                &mut null_pv,
            );
            st.flip_side();
            if ctx.aborted {
                return 0;
            }
            if s >= beta && s < Score::MATE_BOUND {
                return s;
            }
        }

        let mut moves = ctx.move_bufs.pop().unwrap_or_default();
        let forced = generate(
            st,
            tt_move,
            ply,
            self.ordering,
            &mut ctx.scratch,
            &mut moves,
        );
        if moves.is_empty() {
            ctx.move_bufs.push(moves);
            // Only a forbidden point could stop the five (Renju).
            if forced == Forced::BlockFive {
                return -(MATE - ply_i - 2);
            }
            return evaluate(st);
        }
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        let mut child_pv = Vec::new();
        let ext = i32::from(forced == Forced::BlockFive);
        let mut quiet_seen = 0usize;
        for i in 0..moves.len() {
            pick_next(&mut moves, i);
            let c = moves[i].0;
            let threat = st.combo(c, me) >= combo::FLEX3 || st.combo(c, opp) >= combo::FLEX3;
            if !threat {
                quiet_seen += 1;
            }
            if forced == Forced::No
                && !is_pv
                && depth <= LMP_MAX_DEPTH
                && !threat
                && best > -Score::MATE_BOUND
                && quiet_seen > LMP_BASE + (depth * depth) as usize / 2
            {
                continue;
            }
            let width = (BRANCH_BASE + BRANCH_PER_DEPTH * depth as usize).min(MAX_BRANCH);
            if forced == Forced::No && i >= width && best > -Score::MATE_BOUND {
                break;
            }
            let new_depth = depth - 1 + ext;
            st.make(c);
            child_pv.clear();
            let s = if i == 0 {
                -self.alphabeta(
                    st,
                    ctx,
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    is_pv,
                    &mut child_pv,
                )
            } else {
                let r = if forced == Forced::No && i >= LMR_FULL_MOVES && depth >= 3 && !threat {
                    let r = (f64::from(depth).ln() * (i as f64).ln() / LMR_DIVISOR) as i32;
                    (r - i32::from(is_pv)).clamp(1, depth - 2)
                } else {
                    0
                };
                let mut s = -self.alphabeta(
                    st,
                    ctx,
                    -alpha - 1,
                    -alpha,
                    new_depth - r,
                    ply + 1,
                    false,
                    &mut child_pv,
                );
                if s > alpha && r > 0 {
                    child_pv.clear();
                    s = -self.alphabeta(
                        st,
                        ctx,
                        -alpha - 1,
                        -alpha,
                        new_depth,
                        ply + 1,
                        false,
                        &mut child_pv,
                    );
                }
                if s > alpha && s < beta && is_pv {
                    child_pv.clear();
                    s = -self.alphabeta(
                        st,
                        ctx,
                        -beta,
                        -alpha,
                        new_depth,
                        ply + 1,
                        true,
                        &mut child_pv,
                    );
                }
                s
            };
            st.unmake();
            if ctx.aborted {
                ctx.move_bufs.push(moves);
                return 0;
            }
            if s > best {
                best = s;
                best_move = c;
                if s > alpha {
                    alpha = s;
                    pv.clear();
                    pv.push(c);
                    pv.extend_from_slice(&child_pv);
                    if s >= beta {
                        if !threat {
                            self.ordering.reward(me, ply, c, depth);
                        }
                        break;
                    }
                }
            }
        }
        ctx.move_bufs.push(moves);
        let bound = if best >= beta {
            tt::LOWER
        } else if best > orig_alpha {
            tt::EXACT
        } else {
            tt::UPPER
        };
        self.tt
            .store(hash, depth, tt::to_tt(best, ply_i), bound, best_move);
        best
    }

    /// Stand pat or make a four; the opponent's answer to a four is forced.
    fn qsearch(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        fours: u32,
    ) -> i32 {
        if !ctx.enter_node(ply) {
            return 0;
        }
        let me = st.to_move();
        let opp = me ^ 1;
        let ply_i = ply as i32;
        if st.count(me, combo::FIVE) > 0 {
            return MATE - ply_i - 1;
        }
        let opp_fives = st.count(opp, combo::FIVE);
        if opp_fives >= 2 {
            return -(MATE - ply_i - 2);
        }
        if ply >= MAX_PLY {
            return evaluate(st);
        }
        if opp_fives == 1 {
            let Some(f) = st.find_five(opp) else {
                return evaluate(st);
            };
            if st.is_forbidden(f) {
                return -(MATE - ply_i - 2);
            }
            st.make(f);
            let s = -self.qsearch(st, ctx, -beta, -alpha, ply + 1, fours);
            st.unmake();
            return s;
        }
        if st.count(me, combo::FLEX4) > 0 && has_open_four(st, ctx) {
            return MATE - ply_i - 3;
        }
        let stand = evaluate(st);
        if stand >= beta || fours >= QS_FOURS || st.count_at_least(me, combo::BLOCK4) == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = ctx.move_bufs.pop().unwrap_or_default();
        moves.clear();
        ctx.scratch.clear();
        let mut cells = std::mem::take(&mut ctx.scratch);
        st.cells_with(me, combo::BLOCK4, &mut cells);
        for &c in &cells {
            if st.is_forbidden(c) {
                continue;
            }
            moves.push((c, i32::from(st.combo(c, me)) * 4096 + st.value(c, me)));
        }
        ctx.scratch = cells;
        sort_moves(&mut moves);
        for &(c, _) in moves.iter() {
            st.make(c);
            let s = -self.qsearch(st, ctx, -beta, -alpha, ply + 1, fours + 1);
            st.unmake();
            if ctx.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        ctx.move_bufs.push(moves);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_moves, Rule};

    /// Black to move; White threatens the double four l8 (row i8-k8 shut at
    /// h8, column l9-l11 shut at l12).
    fn facing_double_four() -> State {
        let mut board = Board::new(15).unwrap();
        for p in parse_moves("h8l12a1c1e1a15", 15).unwrap() {
            board.place(p, Stone::Black).unwrap();
        }
        for p in parse_moves("i8j8k8l9l10l11", 15).unwrap() {
            board.place(p, Stone::White).unwrap();
        }
        State::new(&board, Stone::Black, Rule::Freestyle)
    }

    fn cell(st: &State, name: &str) -> Cell {
        st.cell(parse_moves(name, 15).unwrap()[0])
    }

    #[test]
    fn the_guard_switches_to_a_safe_move_with_its_own_score() {
        let mut st = facing_double_four();
        let (far, block) = (cell(&st, "o15"), cell(&st, "l8"));
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(
            &mut st,
            &mut vcf,
            &[(far, 400), (block, -250)],
            true,
            far,
            &|| false,
        );
        assert_eq!(g.best, block);
        // Not the proved loss of the move it replaced.
        assert_eq!(g.score, Some(-250));
        assert_eq!(g.lost, vec![far]);
    }

    #[test]
    fn when_every_move_loses_the_slowest_loss_is_played() {
        let mut st = facing_double_four();
        let (a, b) = (cell(&st, "o15"), cell(&st, "o1"));
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(&mut st, &mut vcf, &[(a, 10), (b, 5)], true, a, &|| false);
        let score = g.score.expect("a proved loss");
        assert!(score <= -Score::MATE_BOUND, "{score}");
        assert_eq!(g.lost.len(), 2);
    }

    #[test]
    fn a_safe_best_move_is_kept_with_the_search_score() {
        let mut st = facing_double_four();
        let block = cell(&st, "l8");
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(&mut st, &mut vcf, &[(block, 30)], true, block, &|| false);
        assert_eq!((g.best, g.score), (block, None));
        assert!(g.lost.is_empty());
    }
}
