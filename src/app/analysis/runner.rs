//! The live analysis: an unlimited multi-PV search of the shown position
//! on the engine client's analysis lane, restarted whenever that position
//! changes.

use crate::app::engine_client::{ClientEvent, EngineClient, Lane};
use crate::engine::{default_threads, Candidate, Limits, Position, SearchParams};
use crate::rules::{GameModel, Rule, Stone};

/// The analysis engine's transposition table: it searches one position
/// for a long time, so a larger table than the review's pays.
pub const ANALYSIS_HASH_MB: usize = 64;

/// How many of a foreign engine's latest `MESSAGE` lines the panel
/// keeps for the analysed position.
pub const MESSAGES_KEPT: usize = 3;

/// Fewest and most candidate moves the panel lists.
pub const CANDIDATES_RANGE: std::ops::RangeInclusive<usize> = 1..=5;

/// What the search is about: the position (stones and side to move),
/// the rule, the board size and how many candidates were asked for.
type Key = (u64, Rule, u8, usize);

/// The live search and what it has found so far.
pub struct Runner {
    /// The tag of the search in flight.
    tag: Option<u64>,
    key: Option<Key>,
    /// The side to move in the analysed position.
    side: Stone,
    candidates: Vec<Candidate>,
    depth: u32,
    /// True until the search ends (a proof, or the test limits).
    searching: bool,
    limits: Limits,
    /// A foreign engine's latest lines on this position, oldest first.
    messages: std::collections::VecDeque<String>,
}

impl Default for Runner {
    fn default() -> Runner {
        Runner {
            tag: None,
            key: None,
            side: Stone::Black,
            candidates: Vec::new(),
            depth: 0,
            searching: false,
            limits: Limits::default(),
            messages: std::collections::VecDeque::new(),
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

    /// A foreign engine's latest lines on the analysed position (at most
    /// [`MESSAGES_KEPT`]), oldest first, in its own words.
    pub fn messages(&self) -> impl Iterator<Item = &str> {
        self.messages.iter().map(String::as_str)
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
    pub fn follow(&mut self, engine: &mut EngineClient, game: &GameModel, multipv: usize) {
        let key = (game.position_hash(), game.rule(), game.size(), multipv);
        if self.key == Some(key) {
            return;
        }
        self.stop(engine);
        self.key = Some(key);
        self.side = game.side_to_move();
        self.candidates.clear();
        self.messages.clear();
        self.depth = 0;
        if game.is_over() {
            return;
        }
        let params = SearchParams {
            eval: crate::engine::STRONG_EVAL,
            persona: None,
            book: false,
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
        };
        self.tag = Some(engine.search(Lane::Analysis, Position::from_game(game), params));
        self.searching = true;
    }

    /// Stops the search (leaving analysis); the next [`Runner::follow`]
    /// starts afresh.
    pub fn stop(&mut self, engine: &mut EngineClient) {
        engine.cancel(Lane::Analysis);
        self.tag = None;
        self.searching = false;
        self.key = None;
    }

    /// Takes in one event of the analysis lane. Returns true if the
    /// candidates changed.
    pub fn handle(&mut self, event: ClientEvent) -> bool {
        match event {
            ClientEvent::Info {
                generation, info, ..
            } if self.tag == Some(generation) => {
                self.depth = info.depth;
                if !info.candidates.is_empty() {
                    self.candidates = info.candidates;
                }
                true
            }
            ClientEvent::Done {
                generation, result, ..
            } if self.tag == Some(generation) => {
                self.searching = false;
                self.tag = None;
                self.depth = self.depth.max(result.depth);
                if !result.candidates.is_empty() {
                    self.candidates = result.candidates;
                }
                true
            }
            ClientEvent::Message {
                generation, text, ..
            } if self.tag == Some(generation) => {
                if self.messages.len() == MESSAGES_KEPT {
                    self.messages.pop_front();
                }
                self.messages.push_back(text);
                true
            }
            ClientEvent::Failed { retry, .. } => {
                // The client searches the same position again, or has
                // given up on it.
                self.tag = retry;
                self.searching = retry.is_some();
                true
            }
            _ => false,
        }
    }
}
