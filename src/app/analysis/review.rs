//! The background review: every position of the game searched for a
//! fixed time on the engine client's review lane. What it learns is kept
//! by position in [`ReviewResults`], which belong to one game (the app
//! keeps them with the game, not with the review).

use super::labels::{review_move, MoveReview, PositionEval};
use crate::app::engine_client::{ClientEvent, EngineClient, Lane};
use crate::engine::{win_chance, Limits, Position, Score, SearchParams};
use crate::rules::{GameModel, GameSettings, Outcome, Point, Rule, Stone};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

/// Thinking time per position: enough for the engine to see the tactics
/// that decide most labels, short enough that a 60-move game is reviewed
/// in about twenty seconds.
pub const REVIEW_TIME: Duration = Duration::from_millis(300);

/// The review's transposition table: consecutive positions share most of
/// their tree, so a modest table carries a lot from one to the next.
pub const REVIEW_HASH_MB: usize = 32;

/// A position is known by its stones and side to move (the hash), the
/// rule and the board size; the moves that led there do not matter.
type PositionKey = (u64, Rule, u8);

/// One position of the line under review.
#[derive(Debug, Clone)]
struct Step {
    key: PositionKey,
    position: Position,
    /// The score of a finished position (a five, a full board): known
    /// without a search.
    settled: Option<Score>,
}

/// The game line as the review sees it: every position from the start
/// to the end of the line, and what is known of each.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The evaluation of the position after `i` moves, for `0..=len`.
    pub evals: Vec<Option<PositionEval>>,
    /// The verdict on move `i + 1`, once both positions around it are in.
    pub moves: Vec<Option<MoveReview>>,
    /// Black's chance to win after `i` moves, for `0..=len`.
    pub black_chance: Vec<Option<f64>>,
    /// Positions the engine evaluated (a finished position needs no
    /// search, so a game that ended in a five is not "reviewed" by it).
    pub searched: usize,
}

impl Report {
    /// Positions with an evaluation.
    #[must_use]
    pub fn done(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }

    /// Positions in the line (one more than its moves).
    #[must_use]
    pub fn total(&self) -> usize {
        self.evals.len()
    }
}

/// What the review has learnt of one game: the evaluation of every
/// position searched, by position, and the report last made from them.
#[derive(Debug, Clone, Default)]
pub struct ReviewResults {
    evals: HashMap<PositionKey, PositionEval>,
    report: Option<(ReportKey, Report)>,
}

/// What a cached report was made from.
type ReportKey = (Vec<Point>, GameSettings, usize);

/// One evaluated position as saved to disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEval {
    /// The position's hash (stones and side to move).
    pub hash: u64,
    /// The rule it was searched under.
    pub rule: Rule,
    /// The board's side.
    pub size: u8,
    /// The engine's move.
    pub best: Option<Point>,
    /// The score for the side to move, in the engine's units.
    pub score: i32,
    /// The depth its search completed (0 in a review saved before depths
    /// were kept).
    #[serde(default)]
    pub depth: u32,
}

/// A game's review as saved beside the game, so a restart keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedReview {
    /// Every evaluated position, in no particular order.
    pub evals: Vec<SavedEval>,
}

impl ReviewResults {
    /// The results as saved to disk.
    #[must_use]
    pub fn to_saved(&self) -> SavedReview {
        let mut evals: Vec<SavedEval> = self
            .evals
            .iter()
            .map(|(&(hash, rule, size), e)| SavedEval {
                hash,
                rule,
                size,
                best: e.best,
                score: e.score.0,
                depth: e.depth,
            })
            .collect();
        // The same results always make the same file.
        evals.sort_by_key(|e| (e.hash, e.size));
        SavedReview { evals }
    }

    /// The results a saved review holds.
    #[must_use]
    pub fn from_saved(saved: &SavedReview) -> ReviewResults {
        ReviewResults {
            evals: saved
                .evals
                .iter()
                .map(|e| {
                    let eval = PositionEval {
                        best: e.best,
                        score: Score(e.score),
                        depth: e.depth,
                    };
                    ((e.hash, e.rule, e.size), eval)
                })
                .collect(),
            report: None,
        }
    }

    /// True when nothing has been evaluated.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.evals.is_empty()
    }

    /// What is known of `game`'s whole line (recomputed only when the line
    /// or the evaluations change).
    pub fn report(&mut self, game: &GameModel) -> &Report {
        let key = (whole_line(game), game.settings(), self.evals.len());
        if self.report.as_ref().is_none_or(|(k, _)| *k != key) {
            let report = self.build(game, &key.0);
            self.report = Some((key, report));
        }
        &self.report.as_ref().expect("just made").1
    }

    /// The report [`ReviewResults::report`] made last, for code that
    /// cannot borrow the results mutably (the move list).
    #[must_use]
    pub fn last_report(&self) -> Option<&Report> {
        self.report.as_ref().map(|(_, r)| r)
    }

    fn build(&self, game: &GameModel, line: &[Point]) -> Report {
        let steps = steps(game, line);
        let evals: Vec<Option<PositionEval>> = steps
            .iter()
            .map(|s| {
                self.evals
                    .get(&s.key)
                    .copied()
                    .or(s.settled.map(|score| PositionEval {
                        best: None,
                        score,
                        depth: 0,
                    }))
            })
            .collect();
        let black_chance = steps
            .iter()
            .zip(&evals)
            .map(|(s, e)| {
                e.map(|e| {
                    let c = win_chance(e.score);
                    match s.position.to_move {
                        Stone::Black => c,
                        Stone::White => 1.0 - c,
                    }
                })
            })
            .collect();
        let moves = (1..steps.len())
            .map(|i| {
                let (before, after) = (evals[i - 1]?, evals[i]?);
                Some(review_move(
                    line[i - 1],
                    steps[i - 1].position.to_move,
                    before,
                    after,
                ))
            })
            .collect();
        let searched = steps
            .iter()
            .filter(|s| s.settled.is_none() && self.evals.contains_key(&s.key))
            .count();
        Report {
            searched,
            evals,
            moves,
            black_chance,
        }
    }
}

/// A position the review has just searched, and what the search found
/// (the library keeps it as the engine's verdict).
#[derive(Debug, Clone)]
pub struct Searched {
    /// The position.
    pub position: Position,
    /// The depth the search completed.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// The best line, the engine's move first.
    pub line: Vec<Point>,
}

/// The review pass: the line it walks and the search in flight.
pub struct Review {
    /// The line being reviewed (its positions, in order) while a pass runs.
    steps: Vec<Step>,
    /// The step being searched, with its request's tag.
    in_flight: Option<(usize, u64)>,
    running: bool,
    limits: Limits,
    /// Searches finished since the app started (tests check resuming
    /// does not search a position twice).
    searched: usize,
}

impl Default for Review {
    fn default() -> Review {
        Review {
            steps: Vec::new(),
            in_flight: None,
            running: false,
            limits: fixed_time(REVIEW_TIME),
            searched: 0,
        }
    }
}

/// Limits of exactly `t` a position: the whole time is used, never more.
#[must_use]
pub fn fixed_time(t: Duration) -> Limits {
    Limits {
        soft_time: Some(t),
        hard_time: Some(t),
        use_all: true,
        ..Limits::default()
    }
}

/// The whole line of `game`: the moves played and those that redo
/// would replay.
#[must_use]
pub fn whole_line(game: &GameModel) -> Vec<Point> {
    let mut line = game.moves().to_vec();
    line.extend(game.redo_moves());
    line
}

/// The positions of `line` from the start of `game` (its empty board or
/// its set-up), each with its key and, when finished, its score.
fn steps(game: &GameModel, line: &[Point]) -> Vec<Step> {
    let mut game = game.clone();
    game.to_start();
    let step = |game: &GameModel| Step {
        key: (game.position_hash(), game.rule(), game.size()),
        position: Position::from_game(game),
        settled: match game.outcome() {
            // The mover just made five: the side to move has lost.
            Some(Outcome::Five { .. }) => Some(Score::loss_in(0)),
            Some(Outcome::Draw) => Some(Score(0)),
            _ => None,
        },
    };
    let mut out = vec![step(&game)];
    for &p in line {
        if game.is_over() || game.play(p).is_err() {
            break;
        }
        out.push(step(&game));
    }
    out
}

impl Review {
    /// True while a pass is searching.
    #[must_use]
    pub fn running(&self) -> bool {
        self.running
    }

    /// How many searches have finished (never goes back).
    #[must_use]
    pub fn searched(&self) -> usize {
        self.searched
    }

    /// Sets the time each position gets (tests use a fixed depth).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Starts (or resumes) a pass over the whole line of `game`:
    /// positions already in `results` are not searched again.
    pub fn start(
        &mut self,
        engine: &mut EngineClient,
        game: &GameModel,
        results: &mut ReviewResults,
    ) {
        self.cancel(engine);
        self.steps = steps(game, &whole_line(game));
        for step in &self.steps {
            if let Some(score) = step.settled {
                results.evals.entry(step.key).or_insert(PositionEval {
                    best: None,
                    score,
                    depth: 0,
                });
            }
        }
        self.running = true;
        self.next(engine, results);
    }

    /// Stops the pass at once; what it found is kept, and the search in
    /// flight is dropped (its engine thread stops within milliseconds).
    pub fn cancel(&mut self, engine: &mut EngineClient) {
        engine.cancel(Lane::Review);
        self.in_flight = None;
        self.running = false;
    }

    /// Sends the next position without an evaluation, or ends the pass.
    fn next(&mut self, engine: &mut EngineClient, results: &ReviewResults) {
        let Some(i) = self
            .steps
            .iter()
            .position(|s| !results.evals.contains_key(&s.key))
        else {
            self.running = false;
            self.in_flight = None;
            return;
        };
        let params = SearchParams {
            eval: crate::engine::STRONG_EVAL,
            persona: None,
            book: false,
            limits: self.limits,
            variety: 0,
            seed: Some(1),
            threads: 1,
            multipv: 1,
        };
        let tag = engine.search(Lane::Review, self.steps[i].position.clone(), params);
        self.in_flight = Some((i, tag));
    }

    /// Takes in one event of the review lane into `results`, the results
    /// of the game under review. Returns the position just evaluated, with
    /// what its search found.
    pub fn handle(
        &mut self,
        engine: &mut EngineClient,
        event: ClientEvent,
        results: &mut ReviewResults,
    ) -> Option<Searched> {
        let (i, tag) = self.in_flight?;
        match event {
            ClientEvent::Done {
                generation, result, ..
            } if generation == tag => {
                self.searched += 1;
                results.evals.insert(
                    self.steps[i].key,
                    PositionEval {
                        best: result.best,
                        score: result.score,
                        depth: result.depth,
                    },
                );
                let found = Searched {
                    position: self.steps[i].position.clone(),
                    depth: result.depth,
                    score: result.score,
                    line: result.pv,
                };
                self.next(engine, results);
                Some(found)
            }
            ClientEvent::Failed { retry, .. } => {
                // A new thread takes the same position again, unless the
                // position keeps killing it: then the pass stops there.
                match retry {
                    Some(tag) => self.in_flight = Some((i, tag)),
                    None => {
                        self.in_flight = None;
                        self.running = false;
                    }
                }
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    #[test]
    fn saved_results_come_back_the_same() {
        let mut r = ReviewResults::default();
        r.evals.insert(
            (42, Rule::Renju, 15),
            PositionEval {
                best: Some(Point::new(7, 7)),
                score: Score(-350),
                depth: 11,
            },
        );
        r.evals.insert(
            (7, Rule::Freestyle, 20),
            PositionEval {
                best: None,
                score: Score::loss_in(0),
                depth: 0,
            },
        );
        let saved = r.to_saved();
        let text = serde_json::to_string(&saved).unwrap();
        let back: SavedReview = serde_json::from_str(&text).unwrap();
        assert_eq!(ReviewResults::from_saved(&back).evals, r.evals);
    }

    #[test]
    fn a_finished_position_is_settled_without_a_search() {
        let settings = GameSettings::default();
        let line = parse_moves("a1b1a2b2a3b3a4b4a5", 15).unwrap();
        let s = steps(&GameModel::new(settings).unwrap(), &line);
        assert_eq!(s.len(), 10);
        assert_eq!(s[9].settled, Some(Score::loss_in(0)));
        assert!(s[..9].iter().all(|s| s.settled.is_none()));
        assert_eq!(s[0].position.to_move, Stone::Black);
        assert_eq!(s[1].position.to_move, Stone::White);
    }
}
