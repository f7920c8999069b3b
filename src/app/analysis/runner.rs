//! The live analysis: an unlimited multi-PV search of the shown position
//! on its own engine thread, restarted whenever that position changes.

use crate::engine::{
    default_threads, Candidate, EngineReply, EngineWorker, Limits, Position, SearchParams,
    SearchRequest, WorkerGone,
};
use crate::rules::{GameModel, Rule, Stone};

/// The analysis engine's transposition table: it searches one position
/// for a long time, so a larger table than the review's pays.
const ANALYSIS_HASH_MB: usize = 64;

/// Engine thread deaths on one position before analysis gives up on it
/// (a search that fails there would fail again).
const MAX_RESTARTS: u32 = 3;

/// Fewest and most candidate moves the panel lists.
pub const CANDIDATES_RANGE: std::ops::RangeInclusive<usize> = 1..=5;

/// What the search is about: the position (stones and side to move),
/// the rule, the board size and how many candidates were asked for.
type Key = (u64, Rule, u8, usize);

/// The live search and what it has found so far.
pub struct Runner {
    worker: Option<EngineWorker>,
    generation: u64,
    key: Option<Key>,
    /// The side to move in the analysed position.
    side: Stone,
    candidates: Vec<Candidate>,
    depth: u32,
    /// True until the search ends (a proof, or the test limits).
    searching: bool,
    failures: u32,
    limits: Limits,
}

impl Default for Runner {
    fn default() -> Runner {
        Runner {
            worker: None,
            generation: 0,
            key: None,
            side: Stone::Black,
            candidates: Vec::new(),
            depth: 0,
            searching: false,
            failures: 0,
            limits: Limits::default(),
        }
    }
}

impl Runner {
    /// The best moves found so far, best first.
    #[must_use]
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// The side the candidates are for.
    #[must_use]
    pub fn side(&self) -> Stone {
        self.side
    }

    /// The deepest iteration completed.
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// True while the engine is still thinking.
    #[must_use]
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// Replaces "no limit" by `limits` (tests use a fixed depth).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
        self.key = None;
    }

    /// Makes sure the search is about `game`'s position with `multipv`
    /// candidates: a new position (or count) stops the old search and
    /// starts a new one; the same one leaves it running.
    pub fn follow(&mut self, game: &GameModel, multipv: usize) {
        let key = (game.position_hash(), game.rule(), game.size(), multipv);
        if self.key == Some(key) {
            return;
        }
        self.stop();
        self.key = Some(key);
        self.failures = 0;
        self.side = game.side_to_move();
        self.start(Position::from_game(game), game.is_over(), multipv);
    }

    fn start(&mut self, position: Position, over: bool, multipv: usize) {
        self.candidates.clear();
        self.depth = 0;
        if over {
            return;
        }
        self.generation += 1;
        let request = SearchRequest {
            generation: self.generation,
            position,
            params: SearchParams {
                limits: self.limits,
                variety: 0,
                seed: Some(1),
                // One core stays free for the window and the review; a
                // fixed depth (tests) asks for the same answer every run.
                threads: if self.limits.depth.is_some() {
                    1
                } else {
                    default_threads().saturating_sub(1).max(1)
                },
                multipv,
            },
        };
        self.worker
            .get_or_insert_with(|| EngineWorker::spawn(ANALYSIS_HASH_MB))
            .search(request);
        self.searching = true;
    }

    /// Stops the search (leaving analysis); the next [`Runner::follow`]
    /// starts afresh.
    pub fn stop(&mut self) {
        if let Some(w) = &self.worker {
            w.stop();
        }
        self.generation += 1;
        self.searching = false;
        self.key = None;
    }

    /// Takes in what the engine sent, without waiting; `game` is the
    /// shown position, searched again if the engine thread died.
    /// Returns true if the candidates changed.
    pub fn poll(&mut self, game: &GameModel) -> bool {
        let mut changed = false;
        loop {
            let reply = match self.worker.as_ref().map(EngineWorker::poll) {
                None | Some(Ok(None)) => break,
                Some(Ok(Some(r))) => r,
                Some(Err(WorkerGone)) => {
                    self.worker = None;
                    self.failures += 1;
                    self.searching = false;
                    if self.failures <= MAX_RESTARTS {
                        if let Some(key) = self.key {
                            self.start(Position::from_game(game), game.is_over(), key.3);
                        }
                    }
                    return true;
                }
            };
            if reply.generation() != self.generation {
                continue;
            }
            changed = true;
            match reply {
                EngineReply::Info { info, .. } => {
                    self.depth = info.depth;
                    if !info.candidates.is_empty() {
                        self.candidates = info.candidates;
                    }
                }
                EngineReply::Done { result, .. } => {
                    self.searching = false;
                    self.depth = self.depth.max(result.depth);
                    if !result.candidates.is_empty() {
                        self.candidates = result.candidates;
                    }
                }
            }
        }
        changed
    }
}
