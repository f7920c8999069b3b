//! A deterministic benchmark: fixed positions searched to a fixed depth
//! with a fresh table each, like a chess engine's `bench`. The node count
//! and signature change only when the search itself changes.

use super::pattern::Tables;
use super::{Engine, Evaluator, Limits, Position, SearchParams};
use crate::rules::{parse_moves, point_name, Point, Rule};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Depth every bench position is searched to.
pub const BENCH_DEPTH: u32 = 10;
/// Transposition table of the bench, in megabytes.
const BENCH_HASH_MB: usize = 16;

/// Bench positions: board side, rule and the moves from the empty board.
pub const BENCH_POSITIONS: [(u8, Rule, &str); 8] = [
    (15, Rule::Freestyle, "i8k8i6i5i7m8i9i10h4j9l7h11g12m7"),
    (15, Rule::Freestyle, "h9g7g10h6i5i7e12f11i6j8g5k9l10f5"),
    (15, Rule::Freestyle, "h7h6f7f8g7e7h5c5d6g5i7j7j3i4"),
    (
        15,
        Rule::Standard,
        "i8k10k6i10h9j7h10l10j6g12g6j10m10h8l6i6n6m6",
    ),
    (15, Rule::Freestyle, "i8k8h6f4m10i10i7j8i6i5j6k6g6f6"),
    (15, Rule::Standard, "i8h10j8l8h8g8l10h6j9j10k10h7m12l11"),
    (20, Rule::Freestyle, "i9h9j7j11i10i11h11j10l7m7i13l8k9k8"),
    (20, Rule::Freestyle, "h8i9i8g8j7k6h9h7"),
];

/// The bench's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchReport {
    /// Positions searched.
    pub positions: usize,
    /// Depth of each search.
    pub depth: u32,
    /// Nodes over all positions.
    pub nodes: u64,
    /// Hash of every result (move, score, nodes): equal signatures mean
    /// the same search.
    pub signature: u64,
    /// Wall-clock time of the searches alone: allocating the table,
    /// clearing it between positions and building the pattern tables are
    /// left out, since a game pays for them once, not per node.
    pub elapsed: Duration,
    /// Each position's own search, in [`BENCH_POSITIONS`] order: a total
    /// that jumps between two builds is mostly one or two positions whose
    /// trees blew up, and these say which.
    pub each: Vec<PositionRun>,
}

/// One bench position's search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionRun {
    /// Nodes searched.
    pub nodes: u64,
    /// The score, from the side to move's view (evaluation units).
    pub score: i32,
    /// The move chosen, if any.
    pub best: Option<Point>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// The positions' lines of a [`BenchReport`] (see [`BenchReport::positions`]).
pub struct PositionLines<'a>(&'a BenchReport);

impl fmt::Display for PositionLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (run, &(size, rule, _))) in self.0.each.iter().zip(&BENCH_POSITIONS).enumerate() {
            let best = run
                .best
                .map_or_else(|| "none".to_owned(), |p| point_name(p, size));
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "position {}  {size}x{size} {}  nodes {}  time {} ms  score {}  best {best}",
                i + 1,
                rule.name(),
                run.nodes,
                run.elapsed.as_millis(),
                run.score,
            )?;
        }
        Ok(())
    }
}

impl BenchReport {
    /// A line per position: its nodes, time, score and move, for
    /// `bench --each` to print after the totals.
    #[must_use]
    pub fn positions(&self) -> PositionLines<'_> {
        PositionLines(self)
    }

    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "positions  {}", self.positions)?;
        writeln!(f, "depth      {}", self.depth)?;
        writeln!(f, "nodes      {}", self.nodes)?;
        writeln!(f, "signature  {:016x}", self.signature)?;
        writeln!(f, "time       {} ms", self.elapsed.as_millis())?;
        write!(f, "nps        {}", self.nps())
    }
}

/// The bench positions as engine positions.
#[must_use]
pub fn bench_positions() -> Vec<Position> {
    BENCH_POSITIONS
        .iter()
        .map(|&(size, rule, moves)| {
            let moves = parse_moves(moves, size).expect("bench moves are valid");
            Position::from_moves(size, rule, &moves).expect("bench moves do not repeat")
        })
        .collect()
}

/// One thread to a fixed depth, no variety: the same nodes on every run.
fn fixed_depth(depth: u32) -> SearchParams {
    fixed_depth_with(depth, Evaluator::Classical)
}

/// [`fixed_depth`] with the evaluation `eval`.
fn fixed_depth_with(depth: u32, eval: Evaluator) -> SearchParams {
    SearchParams {
        eval,
        persona: None,
        book: false,
        limits: Limits::depth(depth),
        variety: 0,
        seed: Some(0),
        threads: 1,
        multipv: 1,
    }
}

/// Runs the bench at [`BENCH_DEPTH`].
#[must_use]
pub fn run_bench() -> BenchReport {
    run_bench_at(BENCH_DEPTH)
}

/// Runs the bench at `depth`.
#[must_use]
pub fn run_bench_at(depth: u32) -> BenchReport {
    run_positions(&bench_positions(), &fixed_depth(depth), depth)
}

/// The bench's freestyle 15 × 15 positions (where the network evaluates)
/// at `depth`, searched with the classical evaluation and then with the
/// network, one after the other in the same run.
#[must_use]
pub fn run_bench_evaluations(depth: u32) -> [BenchReport; 2] {
    let positions: Vec<Position> = bench_positions()
        .into_iter()
        .filter(|p| Evaluator::Network.uses_network(p.rule, p.board.size()))
        .collect();
    [Evaluator::Classical, Evaluator::Network]
        .map(|eval| run_positions(&positions, &fixed_depth_with(depth, eval), depth))
}

/// Searches `positions` with `params`, a fresh game each.
fn run_positions(positions: &[Position], params: &SearchParams, depth: u32) -> BenchReport {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(BENCH_HASH_MB);
    engine.prepare_table();
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    let mut signature: u64 = 0xcbf2_9ce4_8422_2325;
    let mut each = Vec::with_capacity(positions.len());
    for pos in positions {
        engine.new_game();
        Tables::get(pos.rule);
        let start = Instant::now();
        let r = engine.search(pos, params, &stop, &mut |_| {});
        let took = start.elapsed();
        elapsed += took;
        nodes += r.nodes;
        each.push(PositionRun {
            nodes: r.nodes,
            score: r.score.0,
            best: r.best,
            elapsed: took,
        });
        let best = r
            .best
            .map_or(0xffff, |p| u64::from(p.x) << 8 | u64::from(p.y));
        for v in [best, r.score.0 as u64, r.nodes] {
            signature = (signature ^ v).wrapping_mul(0x0100_0000_01b3);
        }
    }
    BenchReport {
        positions: positions.len(),
        depth,
        nodes,
        signature,
        elapsed,
        each,
    }
}

/// Most runs [`run_bench_runs`] takes: enough for a steady median, few
/// enough to finish in about a minute at the default depth.
pub const MAX_BENCH_RUNS: usize = 99;

/// The bench run several times: times on a shared machine swing by a tenth
/// or more from run to run, and a median of several runs is a figure two
/// builds can be compared by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchRuns {
    /// The nodes and signature every run gave, with the median run's time.
    pub median: BenchReport,
    /// Runs made.
    pub runs: usize,
    /// The fastest run's time.
    pub fastest: Duration,
    /// The slowest run's time.
    pub slowest: Duration,
}

impl fmt::Display for BenchRuns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.median)?;
        write!(
            f,
            "runs       {} (median shown; fastest {} ms, slowest {} ms)",
            self.runs,
            self.fastest.as_millis(),
            self.slowest.as_millis()
        )
    }
}

/// Runs the bench at `depth` `runs` times (1 to [`MAX_BENCH_RUNS`]) and
/// reports the median time (of an even count, the slower middle run).
/// An error when two runs searched differently, which would make their
/// times incomparable.
pub fn run_bench_runs(depth: u32, runs: usize) -> Result<BenchRuns, String> {
    if !(1..=MAX_BENCH_RUNS).contains(&runs) {
        return Err(format!(
            "runs must be from 1 to {MAX_BENCH_RUNS}, not {runs}"
        ));
    }
    let mut reports: Vec<BenchReport> = Vec::with_capacity(runs);
    for _ in 0..runs {
        let r = run_bench_at(depth);
        if let Some(first) = reports.first() {
            if (r.nodes, r.signature) != (first.nodes, first.signature) {
                return Err(format!(
                    "the bench searched differently from one run to the next: \
                     {} nodes, signature {:016x}, then {} nodes, signature {:016x}",
                    first.nodes, first.signature, r.nodes, r.signature
                ));
            }
        }
        reports.push(r);
    }
    reports.sort_by_key(|r| r.elapsed);
    Ok(BenchRuns {
        fastest: reports[0].elapsed,
        slowest: reports[runs - 1].elapsed,
        median: reports.swap_remove(runs / 2),
        runs,
    })
}

/// How much the score moves from one depth to the next over the bench
/// positions: the mean of |score(d) - score(d-1)| for d in 2..=`depth`,
/// leaving out proved results. A search whose score swings between odd
/// and even depths reads badly and orders moves on noise.
#[must_use]
pub fn score_swing(depth: u32) -> (f64, Vec<Vec<i32>>) {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(BENCH_HASH_MB);
    let params = fixed_depth(depth);
    let mut all = Vec::new();
    let (mut sum, mut n) = (0i64, 0i64);
    for pos in &bench_positions() {
        engine.new_game();
        let mut scores = Vec::new();
        let _ = engine.search(pos, &params, &stop, &mut |info| {
            scores.push(info.score.0);
        });
        for w in scores.windows(2) {
            if w.iter().all(|s| s.abs() < super::Score::MATE_BOUND) {
                sum += i64::from((w[1] - w[0]).abs());
                n += 1;
            }
        }
        all.push(scores);
    }
    let mean = if n > 0 { sum as f64 / n as f64 } else { 0.0 };
    (mean, all)
}
