//! The search. [`Engine::search`] is a root driver running named stages:
//! an immediate or proved win (five, VCF, VCT), the root moves, iterative
//! deepening ([`deepen`]) of one pass over the root moves a depth
//! ([`root`]) into an alpha-beta tree ([`alphabeta`], [`qsearch`]), the
//! final safety check against a missed VCF and the choice among
//! near-equal moves ([`safety`]). [`stack`] holds what a search carries
//! down the tree. With multi-PV ([`multipv`]) each pass ranks the best N
//! root moves with their own scores and lines, and a proved win leads the
//! list above the tree's ranking of the rest.

mod alphabeta;
mod deepen;
mod defence;
mod multipv;
mod qsearch;
mod root;
mod safety;
mod split;
mod stack;

use super::book::Book;
use super::movegen::{generate, sort_moves, threat_score, Forced, Ordering};
use super::pattern::Tables;
use super::persona;
use super::shape::combo;
use super::state::{Cell, State};
use super::time::Clock;
use super::tt::Table;
use super::vcf::{self, Vcf};
use super::vct::Vct;
use super::{
    single_candidate, Evaluator, Limits, Position, Score, SearchInfo, SearchParams, SearchResult,
};
use crate::rules::{forbidden, Board, Point, Rule, Stone};
use deepen::{Deepened, Plan};
use multipv::Line;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use stack::Ctx;
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
/// Own moves of the root VCF search (and of the final safety check).
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

/// The engine: owns its tables between searches.
pub struct Engine {
    hash_mb: usize,
    /// Built at the start of the first search after a resize, inside that
    /// search's clock: a manager sends its memory limit just before the
    /// first move, and building a large table then would be time the
    /// search does not know it has spent.
    tt: Option<Table>,
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

    /// This thread's view of a search over the shared table `tt`, with
    /// or without the VCF solver inside the tree, ranking one root move
    /// or several (`ranks_many`).
    fn searcher<'t>(&'t mut self, tt: &'t Table, solvers: bool, ranks_many: bool) -> Searcher<'t> {
        Searcher {
            tt,
            vcf: &mut self.vcf,
            ordering: &mut self.ordering,
            solvers,
            ranks_many,
            share: None,
            splits: false,
        }
    }
}

/// One thread's view of the search: the shared transposition table and
/// its own solver and move-ordering tables.
struct Searcher<'t> {
    tt: &'t Table,
    vcf: &'t mut Vcf,
    ordering: &'t mut Ordering,
    /// The tree may call the VCF solver.
    solvers: bool,
    /// The search ranks several root moves (multi-PV): every candidate's
    /// line is then a principal variation whose score is shown beside the
    /// others', so each is searched to its depth alike: no node is cut
    /// short for a shallow table entry or checked deeper for a surprising
    /// late move (see [`alphabeta`]).
    ranks_many: bool,
    /// The main thread's news for helpers that split the root's moves
    /// with it ([`split`]); `None` on a helper and with one thread.
    share: Option<&'t split::RootShare>,
    /// This is such a helper.
    splits: bool,
}

impl Searcher<'_> {
    /// The side to move's win by continuous fours, at most `fours` own
    /// moves deep and `nodes` nodes, on the search's clock: its line and
    /// the plies to the five. The solver's nodes count as the search's.
    fn own_vcf(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        fours: u8,
        nodes: u64,
    ) -> Option<(Vec<Cell>, u32)> {
        let clock = ctx.clock;
        let abort = || clock.must_stop();
        let found = self.vcf.solve_local(st, fours, nodes, &abort);
        ctx.nodes += self.vcf.nodes;
        found.map(|line| {
            let plies = self.vcf.plies(&line);
            debug_assert_eq!(plies, vcf::plies_to_five(st, &line));
            (line, plies)
        })
    }
}

/// Depth of [`Engine::warm_up`]'s search: enough to run every part of
/// the search once (the root's solvers, the tree's probes, the
/// quiescence search), and over in a few milliseconds.
const WARM_UP_DEPTH: u32 = 4;

/// Most search threads used, whatever the machine has: beyond this the
/// shared table's traffic eats the gain.
pub const MAX_THREADS: usize = 8;

/// Threads a search at full strength should use on this machine.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// What the root stages share about the position asked.
struct Root<'p> {
    pos: &'p Position,
    params: &'p SearchParams,
    /// Black to move under Renju: the exact rule decides at the root.
    renju_black: bool,
}

impl Root<'_> {
    /// True when the side to move may play `c` (the exact Renju rule for
    /// Black; the tree uses a quick test from the pattern tables).
    fn allowed(&self, c: Cell, st: &State) -> bool {
        !self.renju_black || forbidden(&self.pos.board, st.point(c)).is_none()
    }
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` megabytes.
    #[must_use]
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            hash_mb,
            tt: None,
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

    /// Sets the transposition table's size: a new, empty table of that
    /// size is made before the next search, unless the size comes to the
    /// same table as before (every size is capped, see [`Table::new`]):
    /// then the table there is stays, so one made ready before the first
    /// move stays ready.
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        if Table::effective_mb(hash_mb) != Table::effective_mb(self.hash_mb) {
            self.tt = None;
        }
        self.hash_mb = hash_mb;
    }

    /// Does now the work the first search of a process would otherwise do
    /// on its own clock: builds the pattern tables of every rule (a
    /// Gomocup manager names the rule only after `START`), allocates and
    /// writes the transposition table, and runs a short search of a small
    /// position under `rule` on a board of side `size`, so that the
    /// solvers' memory is in place too; then forgets that search
    /// ([`Engine::new_game`]). A Gomocup manager starts a new process for
    /// each game, so without this the first move of every game lost about
    /// 100 ms to it: at 200 ms a move, half its search (`docs/strength.md`).
    pub fn warm_up(&mut self, size: u8, rule: Rule) {
        for r in Rule::ALL {
            Tables::get(r);
        }
        self.prepare_table();
        let c = size / 2;
        let stones = [
            Point { x: c, y: c },
            Point { x: c + 1, y: c + 1 },
            Point { x: c + 1, y: c - 1 },
        ];
        if let Ok(pos) = Position::from_moves(size, rule, &stones) {
            let params = SearchParams {
                limits: Limits::depth(WARM_UP_DEPTH),
                threads: 1,
                seed: Some(0),
                ..SearchParams::default()
            };
            let _ = self.search(&pos, &params, &AtomicBool::new(false), &mut |_| {});
        }
        self.new_game();
    }

    /// True when the transposition table is allocated, so that the next
    /// search does not have to write its pages first.
    #[must_use]
    pub fn table_ready(&self) -> bool {
        self.tt.is_some()
    }

    /// Allocates the transposition table now if no search has yet, so
    /// that the first search does not pay for writing its pages (the
    /// bench leaves that out of its time, as a game pays it once).
    pub fn prepare_table(&mut self) {
        let hash_mb = self.hash_mb;
        self.tt.get_or_insert_with(|| Table::new(hash_mb));
    }

    /// Forgets everything learnt in earlier searches.
    pub fn new_game(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
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
        let mut ctx = Ctx::new(Clock::start(params.limits, stop));
        self.prepare_table();
        self.tt.as_mut().expect("just prepared").new_search();
        let mut st = search_state(pos, params.eval);
        let mut rng = match params.seed {
            Some(s) => StdRng::seed_from_u64(s),
            None => StdRng::from_rng(&mut rand::rng()),
        };
        self.main.ordering.age();
        let root = Root {
            pos,
            params,
            renju_black: pos.rule.has_forbidden_moves() && pos.to_move == Stone::Black,
        };
        if st.is_full() {
            return finish(&st, &ctx, None, 0, 0, &[]);
        }
        let multipv = params.multipv.max(1);
        // Stage 0: the lowest levels look once, as a person would.
        // (The first stone goes near the centre below, varied.)
        if let Some(persona) = params
            .persona
            .filter(|_| multipv == 1 && st.stone_count() > 0)
        {
            let mv = persona::choose(&mut st, &persona, &mut self.main.vcf, &mut rng);
            let score = crate::engine::eval::evaluate(&st);
            let line: Vec<Cell> = mv.into_iter().collect();
            on_info(&info(&st, &ctx, 1, score, &line));
            return finish(&st, &ctx, mv, score, 1, &line);
        }
        // Stage 1: moves needing no search (the first stone, a five) and
        // wins proved by the threat solvers.
        let proof = self
            .first_stone(&st, params, &mut rng)
            .or_else(|| self.forced_win(&mut st, &mut ctx, &root))
            .map(|(line, score)| (multipv::complete_line(&mut st, line), score));
        if let Some((line, score)) = proof {
            if multipv == 1 || st.stone_count() == 0 {
                on_info(&info(&st, &ctx, 1, score, &line));
                return finish(&st, &ctx, line.first().copied(), score, 1, &line);
            }
            return self.rank_below_proof(&mut st, &mut ctx, &root, line, score, on_info);
        }
        // Stage 1b: a move from the opening book, while the game is in it.
        if params.book && multipv == 1 {
            if let Some(c) = Book::shipped().choose(&pos.board, pos.rule, &mut rng) {
                let line = [st.cell(c.mv)];
                on_info(&info(&st, &ctx, 0, c.score, &line));
                return finish(&st, &ctx, Some(line[0]), c.score, 0, &line);
            }
        }
        // Stage 2: the root moves.
        let Some((mut moves, forced)) = root_moves(&mut st, &mut ctx, &root, &self.main.ordering)
        else {
            return finish(&st, &ctx, None, 0, 0, &[]);
        };
        // Stage 3: iterative deepening, with helper threads.
        let scope = Scope {
            forced,
            max_depth: max_depth(params),
            proof: None,
        };
        let mut d = self.deepen(&mut st, &mut ctx, &root, &mut moves, scope, on_info);
        // Stage 4: the safety check against a VCF the tree missed.
        if !params.limits.tree_only {
            safety::check(&mut st, &mut self.main.vcf, &mut ctx, &moves, &mut d);
            // The VCT solver models no forbidden points.
            if !pos.rule.has_forbidden_moves() {
                safety::check_vct(&mut st, &mut self.vct, &mut ctx, &mut d);
            }
        }
        // Stage 5: variety among near-equal moves.
        let vcf = &mut self.main.vcf;
        safety::choose_near_equal(
            &mut st,
            vcf,
            &mut ctx,
            params.variety,
            forced,
            &mut rng,
            &mut d,
        );
        if multipv == 1 {
            return finish(&st, &ctx, Some(d.best), d.score, d.depth.max(1), &d.pv);
        }
        let lines = d.settle(multipv);
        finish_ranked(&st, &ctx, d.depth.max(1), &lines)
    }

    /// Multi-PV when a threat solver has proved a win (`line`, `score`):
    /// the proof is the first candidate with its whole line, and a short
    /// search ([`multipv::PROOF_RANK_DEPTH`]) ranks the other moves below.
    fn rank_below_proof(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &Root,
        line: Vec<Cell>,
        score: i32,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let n = root.params.multipv.max(1);
        let proof = Line {
            mv: line[0],
            score,
            pv: line,
        };
        let me = st.to_move();
        let mut moves = root_moves(st, ctx, root, &self.main.ordering);
        // Other fives win at once too: they rank by that, unsearched (the
        // tree never looks past a five).
        let mut fives: Vec<Line> = Vec::new();
        if let Some((list, _)) = &mut moves {
            list.retain(|&(c, _)| {
                let five = st.combo(c, me) == combo::FIVE;
                if five && c != proof.mv {
                    fives.push(Line {
                        mv: c,
                        score: MATE - 1,
                        pv: vec![c],
                    });
                }
                !five && c != proof.mv
            });
        }
        let mut ranked = Vec::new();
        let mut depth = 1;
        match moves {
            Some((mut moves, forced)) if !moves.is_empty() => {
                let scope = Scope {
                    forced,
                    max_depth: max_depth(root.params).min(multipv::PROOF_RANK_DEPTH),
                    proof: Some(&proof),
                };
                let d = self.deepen(st, ctx, root, &mut moves, scope, on_info);
                ranked = d.lines;
                depth = d.depth.max(1);
            }
            _ => on_info(&info(st, ctx, 1, score, &proof.pv)),
        }
        // The proof last, so it leads the moves scoring the same.
        for line in fives.iter().chain(std::iter::once(&proof)) {
            ranked = multipv::with_proof(&ranked, line, n);
        }
        finish_ranked(st, ctx, depth, &ranked)
    }

    /// On an empty board: the centre, or near it for variety.
    fn first_stone(
        &self,
        st: &State,
        params: &SearchParams,
        rng: &mut StdRng,
    ) -> Option<(Vec<Cell>, i32)> {
        if st.stone_count() != 0 {
            return None;
        }
        let m = i32::from(st.size() / 2);
        let (dx, dy) = if params.variety > 0 {
            (rng.random_range(-1..=1), rng.random_range(-1..=1))
        } else {
            (0, 0)
        };
        let c = st.cell(Point::new((m + dx) as u8, (m + dy) as u8));
        Some((vec![c], 0))
    }

    /// A five to make now, or a win proved by continuous fours or by
    /// continuous threats: its line and score.
    fn forced_win(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &Root,
    ) -> Option<(Vec<Cell>, i32)> {
        let me = st.to_move();
        let opp = me ^ 1;
        if let Some(f) = st.find_five(me) {
            return Some((vec![f], MATE - 1));
        }
        if st.count(opp, combo::FIVE) > 0 || root.params.limits.tree_only {
            return None;
        }
        let clock = ctx.clock;
        let vcf = &mut self.main.vcf;
        let abort = || clock.must_stop();
        let found = vcf
            .solve_shortest(st, ROOT_VCF_DEPTH, ROOT_VCF_NODES, &abort)
            .filter(|(line, _)| {
                !root.renju_black || black_line_is_legal(&root.pos.board, st, line)
            });
        ctx.nodes += vcf.nodes;
        if let Some((line, plies)) = found {
            return Some((line, MATE - plies as i32));
        }
        if root.renju_black {
            return None;
        }
        let limits = root.params.limits;
        let cap = limits.soft_time.map(|s| s.mul_f64(ROOT_VCT_TIME_SHARE));
        let abort = || clock.must_stop() || cap.is_some_and(|c| clock.elapsed() >= c);
        let budget = limits
            .nodes
            .map_or(ROOT_VCT_NODES, |n| ROOT_VCT_NODES.min(n / 4));
        let found = self.vct.solve_shortest(st, ROOT_VCT_DEPTH, budget, &abort);
        ctx.nodes += self.vct.nodes;
        found.map(|(line, plies)| (line, MATE - plies as i32))
    }

    /// Deepens over `moves` on this thread and, when asked for more, on
    /// helper threads sharing the table until this one stops.
    fn deepen(
        &mut self,
        st: &mut State,
        ctx: &mut Ctx,
        root: &Root,
        moves: &mut [(Cell, i32)],
        scope: Scope,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Deepened {
        let Scope {
            forced,
            max_depth,
            proof,
        } = scope;
        let params = root.params;
        let threads = params.threads.clamp(1, MAX_THREADS);
        let helper_stop = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let plan = Plan {
            params,
            max_depth,
            proof,
            only_forced: deepen::only_forced(moves, forced),
            helper_nodes: &helper_nodes,
        };
        let Engine {
            tt, main, helpers, ..
        } = self;
        let tt: &Table = tt.as_ref().expect("built when the search began");
        let solvers = !params.limits.tree_only;
        let ranks_many = params.multipv > 1;
        let share = split::RootShare::new(moves);
        let mut sr = main.searcher(tt, solvers, ranks_many);
        let d = if threads > 1 && moves.len() > 1 {
            // One line: the helpers split the main thread's work with it.
            // Several: each ranked line needs its own open window, so the
            // helpers deepen copies of the search.
            if !ranks_many {
                sr.share = Some(&share);
            }
            let share = &share;
            std::thread::scope(|scope| {
                for (k, helper) in helpers.iter_mut().take(threads - 1).enumerate() {
                    let mut moves = moves.to_vec();
                    let (helper_stop, helper_nodes) = (&helper_stop, &helper_nodes);
                    let pos = root.pos;
                    let max_depth = plan.max_depth;
                    scope.spawn(move || {
                        let mut h = helper.searcher(tt, solvers, ranks_many);
                        let mut st = search_state(pos, root.params.eval);
                        let n = if ranks_many {
                            h.help(&mut st, &mut moves, max_depth, k, helper_stop)
                        } else {
                            let ks = (k, threads - 1);
                            h.help_split(&mut st, share, max_depth, ks, helper_stop)
                        };
                        helper_nodes.fetch_add(n, Relaxed);
                    });
                }
                let d = sr.deepen(st, ctx, moves, &plan, on_info);
                helper_stop.store(true, Relaxed);
                d
            })
        } else {
            sr.deepen(st, ctx, moves, &plan, on_info)
        };
        ctx.nodes += helper_nodes.load(Relaxed);
        d
    }
}

/// The root moves, best-ordered, and whether they answer a threat; `None`
/// when no point at all may be played.
/// The engine board of `pos` for a search, evaluating with the network
/// where `eval` asks for it and it was trained.
fn search_state(pos: &Position, eval: Evaluator) -> State {
    let mut st = State::new(&pos.board, pos.to_move, pos.rule);
    if eval.uses_network(pos.rule, pos.board.size()) {
        st.enable_network(super::eval::nn::active());
    }
    st
}

fn root_moves(
    st: &mut State,
    ctx: &mut Ctx,
    root: &Root,
    ordering: &Ordering,
) -> Option<(Vec<(Cell, i32)>, Forced)> {
    let mut moves: Vec<(Cell, i32)> = Vec::new();
    let forced = generate(st, 0, 0, ordering, &mut ctx.scratch, &mut moves);
    if root.renju_black {
        // Put back the points the tree's quick test rules out but the
        // exact rule allows.
        let restore: Vec<Cell> = match forced {
            Forced::BlockFive => st.find_five(st.to_move() ^ 1).into_iter().collect(),
            Forced::No => {
                st.candidates(&mut ctx.scratch);
                ctx.scratch.clone()
            }
            Forced::DefendThree | Forced::DefendVcf => Vec::new(),
        };
        for c in restore {
            if st.is_forbidden(c) && !moves.iter().any(|m| m.0 == c) {
                moves.push((c, threat_score(st, c) * 16));
            }
        }
    }
    sort_moves(&mut moves);
    moves.retain(|&(c, _)| root.allowed(c, st));
    if moves.is_empty() {
        // No generated move may be played (a forced block on a forbidden
        // point, say): any allowed point near the stones, else any allowed
        // point at all.
        st.candidates(&mut ctx.scratch);
        moves = ctx.scratch.iter().map(|&c| (c, 0)).collect();
        moves.retain(|&(c, _)| root.allowed(c, st));
        if moves.is_empty() {
            moves = root
                .pos
                .board
                .points()
                .map(|p| (st.cell(p), 0))
                .filter(|&(c, _)| st.is_empty(c) && root.allowed(c, st))
                .collect();
        }
    }
    (!moves.is_empty()).then_some((moves, forced))
}

/// How far the deepening goes and what it reports above its own ranking.
struct Scope<'l> {
    /// Why the root moves were limited.
    forced: Forced,
    /// Deepest nominal depth.
    max_depth: i32,
    /// A win the threat solvers proved at the root (multi-PV only).
    proof: Option<&'l Line>,
}

/// Deepest nominal depth the limits allow.
fn max_depth(params: &SearchParams) -> i32 {
    params
        .limits
        .depth
        .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH))
}

/// The result of a multi-PV search: the first of `lines` is the move to
/// play, all of them the candidates.
fn finish_ranked(st: &State, ctx: &Ctx, depth: u32, lines: &[Line]) -> SearchResult {
    let first = &lines[0];
    let mut r = finish(st, ctx, Some(first.mv), first.score, depth, &first.pv);
    r.candidates = multipv::candidates(st, lines, depth);
    r
}

/// The result handed back to the caller.
fn finish(
    st: &State,
    ctx: &Ctx,
    best: Option<Cell>,
    score: i32,
    depth: u32,
    pv: &[Cell],
) -> SearchResult {
    let pv: Vec<Point> = pv.iter().map(|&c| st.point(c)).collect();
    SearchResult {
        best: best.map(|c| st.point(c)),
        score: Score(score),
        depth,
        candidates: single_candidate(Score(score), depth, &pv),
        pv,
        nodes: ctx.nodes,
        elapsed: ctx.clock.elapsed(),
    }
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

/// Progress of the search for the caller.
fn info(st: &State, ctx: &Ctx, depth: u32, score: i32, pv: &[Cell]) -> SearchInfo {
    let elapsed = ctx.clock.elapsed();
    let pv: Vec<Point> = pv.iter().map(|&c| st.point(c)).collect();
    SearchInfo {
        depth,
        seldepth: (ctx.seldepth as u32).max(depth),
        score: Score(score),
        candidates: single_candidate(Score(score), depth, &pv),
        pv,
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
