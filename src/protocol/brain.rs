//! What plays the moves behind the protocol: our engine at a level, or the
//! baseline. The session speaks only to the [`Brain`] trait.

use super::time::Budget;
use crate::baseline;
use crate::engine::{Engine, Evaluator, Level, Position, SearchInfo, SearchParams};
use crate::rules::{Point, Rule};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What one search is asked: the clock's budget, the manager's depth and
/// node caps (Yixin's `max_depth` and `max_node`) and how many best moves
/// to rank (Yixin's `YXNBEST`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Think {
    /// Time for this search.
    pub budget: Budget,
    /// Deepest nominal depth, if the manager capped it.
    pub max_depth: Option<u32>,
    /// Most nodes, if the manager capped them.
    pub max_nodes: Option<u64>,
    /// Best moves to rank with their own scores and lines (1: only the
    /// best).
    pub multipv: usize,
}

impl Think {
    /// A plain search for the best move within `budget`.
    #[must_use]
    pub fn within(budget: Budget) -> Think {
        Think {
            budget,
            max_depth: None,
            max_nodes: None,
            multipv: 1,
        }
    }
}

/// A move chooser the session can drive.
pub trait Brain: Send {
    /// The `ABOUT` reply, without a line ending.
    fn about(&self) -> String;
    /// A new game begins: forget what earlier games taught.
    fn new_game(&mut self);
    /// The manager set a memory limit; use a table of `mb` megabytes.
    fn set_hash_mb(&mut self, mb: usize);
    /// A game on a board of side `size` under `rule` is about to begin:
    /// do now, before any move's clock runs, what the first search would
    /// otherwise do on its own time. A brain with nothing to prepare does
    /// nothing.
    fn warm_up(&mut self, _size: u8, _rule: Rule) {}
    /// Empties the transposition table (Yixin's `YXHASHCLEAR`); a brain
    /// without one has nothing to do.
    fn clear_hash(&mut self) {}
    /// Searches with `threads` threads from now on (Yixin's
    /// `INFO thread_num`); a brain that cannot has nothing to do.
    fn set_threads(&mut self, _threads: usize) {}
    /// Chooses a move for `pos.to_move` within `req`, returning early
    /// when `stop` is raised, and reporting progress through `on_info`.
    /// `None` only when the board is full.
    fn think(
        &mut self,
        pos: &Position,
        req: &Think,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point>;
}

/// Our engine, capped at a level.
pub struct EngineBrain {
    engine: Engine,
    level: Level,
    threads: Option<usize>,
    /// False: never play from the opening book.
    book: bool,
    /// The evaluation to search with instead of the level's own.
    eval: Option<Evaluator>,
}

impl EngineBrain {
    /// The engine with a table of `hash_mb` megabytes, playing at `level`.
    #[must_use]
    pub fn new(level: Level, hash_mb: usize) -> EngineBrain {
        EngineBrain {
            engine: Engine::new(hash_mb),
            level,
            threads: None,
            book: true,
            eval: None,
        }
    }

    /// Searches with `eval` instead of the level's own evaluation.
    #[must_use]
    pub fn with_eval(mut self, eval: Option<Evaluator>) -> EngineBrain {
        self.eval = eval;
        self
    }

    /// With `book` false, never plays from the opening book (the level
    /// decides otherwise).
    #[must_use]
    pub fn with_book(mut self, book: bool) -> EngineBrain {
        self.book = book;
        self
    }

    /// Searches with `threads` threads instead of the level's own number
    /// (Maximum: one per core).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> EngineBrain {
        self.threads = Some(threads.max(1));
        self
    }

    /// The search parameters for `level` inside the manager's `budget`:
    /// [`Level::MAXIMUM`] uses the whole budget; lower levels keep their
    /// own limits (depth, time, variety) unless the budget is tighter.
    #[must_use]
    pub fn params(level: Level, budget: Budget) -> SearchParams {
        let mut params = level.params();
        let cap =
            |own: Option<Duration>, given: Duration| Some(own.map_or(given, |o| o.min(given)));
        if level == Level::MAXIMUM {
            params.limits.soft_time = Some(budget.soft);
            params.limits.hard_time = Some(budget.hard);
            params.limits.use_all = budget.use_all;
        } else {
            params.limits.soft_time = cap(params.limits.soft_time, budget.soft);
            params.limits.hard_time = cap(params.limits.hard_time, budget.hard);
        }
        params
    }

    /// [`EngineBrain::params`] for a whole request: the manager's depth and
    /// node caps tighten the level's own, and the multi-PV count is set.
    #[must_use]
    pub fn params_for(level: Level, req: &Think) -> SearchParams {
        let mut params = EngineBrain::params(level, req.budget);
        if let Some(d) = req.max_depth {
            params.limits.depth = Some(params.limits.depth.map_or(d, |own| own.min(d)));
        }
        if let Some(n) = req.max_nodes {
            params.limits.nodes = Some(params.limits.nodes.map_or(n, |own| own.min(n)));
        }
        params.multipv = req.multipv;
        params
    }
}

impl Brain for EngineBrain {
    fn about(&self) -> String {
        format!(
            "name=\"gomoku\", version=\"{}\", author=\"Gomoku Team\", country=\"International\", www=\"level {}\"",
            env!("CARGO_PKG_VERSION"),
            self.level
        )
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn set_hash_mb(&mut self, mb: usize) {
        self.engine.set_hash_mb(mb);
    }

    fn warm_up(&mut self, size: u8, rule: Rule) {
        self.engine.warm_up(size, rule);
    }

    fn clear_hash(&mut self) {
        self.engine.new_game();
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = Some(threads.max(1));
    }

    fn think(
        &mut self,
        pos: &Position,
        req: &Think,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point> {
        let mut params = EngineBrain::params_for(self.level, req);
        if let Some(n) = self.threads {
            params.threads = n;
        }
        params.book &= self.book;
        if let Some(eval) = self.eval {
            params.eval = eval;
        }
        self.engine.search(pos, &params, stop, on_info).best
    }
}

/// The baseline opponent (see [`crate::baseline`]). It searches to its
/// fixed depth and ranks only its best move, whatever the request's caps
/// and multi-PV count.
#[derive(Debug, Default)]
pub struct BaselineBrain;

impl Brain for BaselineBrain {
    fn about(&self) -> String {
        format!(
            "name=\"gomoku-baseline\", version=\"{}\", author=\"Gomoku Team\", country=\"International\", www=\"depth {} alpha-beta\"",
            env!("CARGO_PKG_VERSION"),
            baseline::DEPTH
        )
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _mb: usize) {}

    fn think(
        &mut self,
        pos: &Position,
        req: &Think,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point> {
        let budget = req.budget;
        let start = Instant::now();
        let r = baseline::search(&pos.board, pos.to_move, pos.rule, Some(budget.hard), stop);
        let elapsed = start.elapsed();
        let score = if r.score >= baseline::BaselineResult::WIN - 100 {
            crate::engine::Score::win_in(1)
        } else if r.score <= -baseline::BaselineResult::WIN + 100 {
            crate::engine::Score::loss_in(2)
        } else {
            // Window sums run about ten times the engine's units.
            crate::engine::Score(r.score / 10)
        };
        on_info(&SearchInfo {
            depth: r.depth,
            seldepth: r.depth,
            score,
            pv: r.best.into_iter().collect(),
            candidates: crate::engine::single_candidate(
                score,
                r.depth,
                &r.best.into_iter().collect::<Vec<_>>(),
            ),
            nodes: r.nodes,
            nps: (u128::from(r.nodes) * 1000 / elapsed.as_millis().max(1)) as u64,
            elapsed,
        });
        r.best
    }
}

/// The greedy one-move player of the original reports
/// ([`baseline::greedy`]): the bottom anchor of the level ladder.
#[derive(Debug, Default)]
pub struct GreedyBrain;

impl Brain for GreedyBrain {
    fn about(&self) -> String {
        format!(
            "name=\"gomoku-greedy\", version=\"{}\", author=\"Gomoku Team\", country=\"International\", www=\"one-move greedy\"",
            env!("CARGO_PKG_VERSION"),
        )
    }

    fn new_game(&mut self) {}

    fn set_hash_mb(&mut self, _mb: usize) {}

    fn think(
        &mut self,
        pos: &Position,
        _req: &Think,
        _stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point> {
        let start = Instant::now();
        let best = baseline::greedy::choose(&pos.board, pos.to_move, pos.rule);
        let pv: Vec<Point> = best.into_iter().collect();
        let score = crate::engine::Score(0);
        on_info(&SearchInfo {
            depth: 1,
            seldepth: 1,
            score,
            candidates: crate::engine::single_candidate(score, 1, &pv),
            pv,
            nodes: 1,
            nps: 0,
            elapsed: start.elapsed(),
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;

    fn budget(soft: u64, hard: u64) -> Budget {
        Budget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
            use_all: true,
        }
    }

    #[test]
    fn maximum_uses_the_managers_whole_budget() {
        let p = EngineBrain::params(Level::MAXIMUM, budget(9_000, 20_000));
        assert_eq!(p.limits.soft_time, Some(Duration::from_millis(9_000)));
        assert_eq!(p.limits.hard_time, Some(Duration::from_millis(20_000)));
        assert!(p.limits.use_all);
        assert_eq!(p.variety, 0);
    }

    #[test]
    fn lower_levels_keep_their_own_limits_inside_the_budget() {
        let own = Band::Beginner.representative().params();
        let roomy = EngineBrain::params(Band::Beginner.representative(), budget(60_000, 120_000));
        assert_eq!(roomy.limits, own.limits);
        assert_eq!(roomy.variety, own.variety);
        let tight = EngineBrain::params(Band::Beginner.representative(), budget(5, 10));
        assert_eq!(tight.limits.hard_time, Some(Duration::from_millis(10)));
        assert_eq!(tight.limits.soft_time, Some(Duration::from_millis(5)));
        assert_eq!(tight.limits.depth, own.limits.depth);
    }

    #[test]
    fn manager_caps_tighten_the_levels_own_limits() {
        let mut req = Think::within(budget(9_000, 20_000));
        let plain = EngineBrain::params_for(Level::MAXIMUM, &req);
        assert_eq!(plain, EngineBrain::params(Level::MAXIMUM, req.budget));
        assert_eq!(plain.multipv, 1);
        req.max_depth = Some(5);
        req.max_nodes = Some(10_000);
        req.multipv = 3;
        let capped = EngineBrain::params_for(Level::MAXIMUM, &req);
        assert_eq!(capped.limits.depth, Some(5));
        assert_eq!(capped.limits.nodes, Some(10_000));
        assert_eq!(capped.multipv, 3);
        // A cap looser than the level's own leaves the level's.
        let own = Band::Beginner
            .representative()
            .params()
            .limits
            .depth
            .expect("a depth cap");
        req.max_depth = Some(own + 10);
        let loose = EngineBrain::params_for(Band::Beginner.representative(), &req);
        assert_eq!(loose.limits.depth, Some(own));
    }

    #[test]
    fn the_baseline_answers_about_and_moves() {
        let mut b = BaselineBrain;
        assert!(b.about().starts_with("name=\"gomoku-baseline\""));
        let pos = Position::from_board(
            crate::rules::Board::standard(),
            crate::rules::Rule::Freestyle,
        );
        let mut infos = 0;
        let req = Think::within(budget(50, 100));
        let p = b.think(&pos, &req, &AtomicBool::new(false), &mut |_| infos += 1);
        assert_eq!(p, Some(Point::new(7, 7)));
        assert_eq!(infos, 1);
    }
}
