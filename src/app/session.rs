//! A game in progress and the AI that plays in it, with no user interface.
//!
//! The session owns the [`GameModel`] and decides when the AI searches;
//! the searches themselves go through the app's [`EngineClient`] on its
//! [`Lane::Game`], which tags every request: anything that changes the
//! position (undo, restart, a new game, a loaded record) cancels the
//! search, so a late reply is recognised and dropped. Nothing here ever
//! waits for the engine.

use super::engine_client::{ClientEvent, EngineClient, Lane};
use super::opening_worker::{self, OpeningWorker};
use crate::engine::balance::BalanceConfig;
use crate::engine::Limits;
use crate::engine::{Level, Position, SearchInfo, SearchParams};
use crate::gomocup::EngineFailure;
use crate::play::{Mode, PlayError, Table};
use crate::rules::opening::{Decision, Opening, OpeningRule, Seat};
use crate::rules::{
    ClockEvent, GameClock, GameError, GameModel, GameSettings, Outcome, Point, Stone,
};
use std::time::{Duration, Instant};

/// Transposition table size for the desktop app's engine, in megabytes:
/// plenty for a few seconds of thinking, modest for a desktop machine.
pub const APP_HASH_MB: usize = 64;

pub use crate::engine::hint_params;

/// Why the engine is searching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move; played when the search ends.
    Move,
    /// A suggestion for the person to move; marked, not played.
    Hint,
}

/// The AI thinking on the person's time: a search of the position after
/// the reply the AI expects (or, with no expectation, of the position on
/// the board), on the game lane so that what it learns stays in the
/// lane's transposition table. When the person's move comes, the search
/// stops and the AI's own search starts on the same table: on a ponder
/// hit it finds its earlier work there and goes deeper in the same time.
#[derive(Debug, Clone)]
pub struct Pondering {
    /// The request's tag.
    pub generation: u64,
    /// The person's move the search assumes, if the AI expected one.
    pub predicted: Option<Point>,
    /// When the search began.
    pub started: Instant,
    /// The latest progress report, if any arrived.
    pub info: Option<SearchInfo>,
    /// True once the search ended by itself (a depth cap, a proof).
    pub finished: bool,
}

/// How often the person played the move the AI pondered on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PonderStats {
    /// The person played the expected move.
    pub hits: u32,
    /// The person played another move than the one expected.
    pub misses: u32,
}

/// A search in flight.
#[derive(Debug, Clone)]
pub struct Thinking {
    /// The request's tag.
    pub generation: u64,
    /// What the result is for.
    pub purpose: Purpose,
    /// The colour the engine searches for.
    pub side: Stone,
    /// When the request was sent.
    pub started: Instant,
    /// The latest progress report, if any arrived.
    pub info: Option<SearchInfo>,
    /// The latest line a foreign engine printed on this search (its
    /// `MESSAGE`), in its own words.
    pub message: Option<String>,
    /// The engine lane searching: [`Lane::Game`], or [`Lane::Opponent`]
    /// for White's engine when engines play each other.
    pub lane: Lane,
}

impl Thinking {
    /// Time since the request was sent.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// Something that happened, for sounds and messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionEvent {
    /// A stone was placed; `by_ai` tells whose.
    Stone {
        /// The point.
        at: Point,
        /// True when the AI played it.
        by_ai: bool,
    },
    /// The game ended.
    Over(Outcome),
    /// An action was refused; nothing changed.
    Refused(PlayError),
    /// `Stone`'s game clock fell below the low-time warning.
    LowTime(Stone),
    /// The AI chose this colour in the opening.
    AiChose(Stone),
    /// A new game began (or the game was restarted or replaced).
    NewGame,
    /// A hint arrived.
    Hint(Point),
    /// The engine thread died. With `restarted`, a new one took over and
    /// the search in flight started again; without, it kept failing and
    /// the session stopped trying until the position changes.
    EngineFailed {
        /// True if the engine was restarted.
        restarted: bool,
        /// Which foreign engine failed and what it did; `None` for the
        /// built-in engine.
        reason: Option<EngineFailure>,
    },
}

/// The AI's last move and what its search said, shown while the person
/// thinks about the reply.
#[derive(Debug, Clone)]
pub struct LastSearch {
    /// The AI's move.
    pub at: Point,
    /// How many moves the game had after it (the summary shows only
    /// while that position is on the board).
    pub ply: usize,
    /// How long the AI thought.
    pub elapsed: Duration,
    /// The colour the AI played.
    pub side: Stone,
    /// The search's last report, if any came.
    pub info: Option<SearchInfo>,
}

/// What one engine said of its last search, when engines play each other.
#[derive(Debug, Clone, Default)]
pub struct SideReport {
    /// The search's last progress report, if any came.
    pub info: Option<SearchInfo>,
    /// The last line a foreign engine printed, in its own words.
    pub message: Option<String>,
}

/// A game engines play each other: paused or not, the built-in engine's
/// level for each side, and what each side's engine last said.
#[derive(Debug, Clone, Default)]
pub struct Watching {
    /// While set no engine moves, except once after [`Session::step_watch`].
    paused: bool,
    /// One move is to be played although paused.
    step: bool,
    /// The built-in engine's level for Black and White (used where it
    /// plays that side).
    levels: [Level; 2],
    /// The most an engine may think on a move (the built-in engine's
    /// level is held to it); `None` leaves the level's own time.
    turn: Option<Duration>,
    /// Black's and White's last finished searches.
    reports: [Option<SideReport>; 2],
}

impl Watching {
    /// True while paused (a step may be under way).
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// What `stone`'s engine said of its last finished search.
    #[must_use]
    pub fn report(&self, stone: Stone) -> Option<&SideReport> {
        self.reports[side_index(stone)].as_ref()
    }
}

fn side_index(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// A game with its AI opponent.
pub struct Session {
    table: Table,
    level: Level,
    /// Overrides the level's search parameters (tests use fixed, seeded
    /// searches).
    params_override: Option<SearchParams>,
    /// The game lane's latest tag, as the engine client last said.
    generation: u64,
    thinking: Option<Thinking>,
    /// The AI's last move, with its search's report.
    last_search: Option<LastSearch>,
    hint: Option<Point>,
    events: Vec<SessionEvent>,
    /// Set whenever the game changes; cleared by [`Session::take_dirty`].
    dirty: bool,
    /// Set by [`Session::continue_from_here`]: the AI plays on from an
    /// earlier position of the line. Any navigation clears it.
    continue_here: bool,
    /// When the game clock was last charged (a timed game, while running).
    clock_mark: Option<Instant>,
    /// True while the person is away from the game (in puzzles): the
    /// game clock stands still.
    clock_held: bool,
    /// The AI's opening decisions, made on a thread of their own.
    opening_ai: OpeningWorker,
    /// The tag of the opening question the AI is answering.
    opening_pending: Option<u64>,
    /// Whether the AI may think on the person's time.
    ponder: bool,
    /// The search on the person's time, if one runs.
    pondering: Option<Pondering>,
    /// Ponder hits and misses in this session.
    ponder_stats: PonderStats,
    /// Engines playing each other: paused or not, levels, reports.
    watch: Watching,
}

impl Session {
    /// A session around `game`. Nothing searches until
    /// [`Session::resume`] (or any move) lets the AI look at the board.
    #[must_use]
    pub fn new(table: Table, level: Level) -> Session {
        Session {
            level,
            params_override: None,
            generation: 0,
            thinking: None,
            last_search: None,
            hint: None,
            events: Vec::new(),
            dirty: false,
            continue_here: false,
            clock_mark: None,
            clock_held: false,
            opening_ai: opening_worker::spawn(BalanceConfig::default()),
            opening_pending: None,
            ponder: false,
            pondering: None,
            ponder_stats: PonderStats::default(),
            // A restored game of engines waits for the person's Resume.
            watch: Watching {
                paused: table.is_watch(),
                ..Watching::default()
            },
            table,
        }
    }

    /// Lets the AI think on the person's time (or stops it). The app
    /// decides from the level and the player's setting; a foreign engine
    /// never ponders (the protocol has no common way to say so).
    pub fn set_ponder(&mut self, engine: &mut EngineClient, ponder: bool) {
        if ponder == self.ponder {
            return;
        }
        self.ponder = ponder;
        if ponder {
            self.maybe_ponder(engine);
        } else if self.pondering.take().is_some() {
            engine.cancel(Lane::Game);
            self.generation = engine.generation(Lane::Game);
        }
    }

    /// True when the AI may think on the person's time.
    #[must_use]
    pub fn ponder_enabled(&self) -> bool {
        self.ponder
    }

    /// The search on the person's time, if one runs or ran to its end
    /// since the AI's last move.
    #[must_use]
    pub fn pondering(&self) -> Option<&Pondering> {
        self.pondering.as_ref()
    }

    /// Ponder hits and misses so far.
    #[must_use]
    pub fn ponder_stats(&self) -> PonderStats {
        self.ponder_stats
    }

    /// Calls `waker` when the AI's opening decisions arrive.
    pub fn set_waker(&self, waker: crate::engine::Waker) {
        self.opening_ai.set_waker(waker);
    }

    /// True while the AI decides in the opening.
    #[must_use]
    pub fn ai_deciding(&self) -> bool {
        self.opening_pending.is_some()
    }

    /// A person's decision in the opening that is not a point (a colour,
    /// a number of offers).
    ///
    /// # Errors
    /// The opening's refusal, or the AI's turn; nothing changes.
    pub fn decide(
        &mut self,
        engine: &mut EngineClient,
        decision: Decision,
    ) -> Result<(), PlayError> {
        if let Err(e) = self.table.decide(decision) {
            self.events.push(SessionEvent::Refused(e.clone()));
            return Err(e);
        }
        self.dirty = true;
        self.maybe_start_ai(engine);
        Ok(())
    }

    /// Takes in the AI's opening decisions: plays them in order (a refused
    /// one ends the plan), then lets the AI go on if it is still its turn.
    pub fn poll_opening(&mut self, engine: &mut EngineClient) {
        for (tag, plan) in self.opening_ai.poll() {
            if self.opening_pending != Some(tag) {
                continue;
            }
            self.opening_pending = None;
            for decision in plan {
                if self.table.decide_ai(decision).is_err() {
                    break;
                }
                self.dirty = true;
                match decision {
                    Decision::Place(at) => {
                        self.events.push(SessionEvent::Stone { at, by_ai: true })
                    }
                    Decision::Choose(stone) => self.events.push(SessionEvent::AiChose(stone)),
                    _ => {}
                }
            }
            self.maybe_start_ai(engine);
        }
    }

    /// Charges the time since the last charge to the side to move in a
    /// timed game: called every frame and before every move. A flag ends
    /// the game (and stops the AI); a low clock is an event (a sound).
    pub fn tick_clock(&mut self, engine: &mut EngineClient) {
        let now = Instant::now();
        let elapsed = self.clock_mark.map_or(Duration::ZERO, |m| now - m);
        self.clock_mark = self.table.clock().filter(|c| c.is_running()).map(|_| now);
        match self.table.tick_clock(elapsed) {
            Some(ClockEvent::Flag(_)) => {
                self.cancel(engine);
                self.dirty = true;
                if let Some(outcome) = self.game().outcome() {
                    self.events.push(SessionEvent::Over(outcome.clone()));
                }
            }
            Some(ClockEvent::LowTime(stone)) => self.events.push(SessionEvent::LowTime(stone)),
            None => {}
        }
    }

    /// True while a game clock runs (the window redraws to show it).
    #[must_use]
    pub fn clock_running(&self) -> bool {
        self.table.clock().is_some_and(|c| c.is_running()) && !self.game().is_over()
    }

    /// Pauses the game clock (the app closes): the time while closed is
    /// nobody's.
    pub fn pause_clock(&mut self, engine: &mut EngineClient) {
        self.tick_clock(engine);
        self.table.pause_clock();
        self.clock_mark = None;
    }

    /// Holds the game clock while the person is away from the game (in
    /// puzzles): that time is nobody's. Letting go runs it again for the
    /// side to move (unless the opening is still being played).
    pub fn hold_clock(&mut self, engine: &mut EngineClient, held: bool) {
        if held == self.clock_held {
            return;
        }
        self.clock_held = held;
        if held {
            self.pause_clock(engine);
        } else {
            self.table.resume_clock();
            self.clock_mark = None;
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &GameModel {
        self.table.game()
    }

    /// The game and its players.
    #[must_use]
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Who plays whom.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.table.mode()
    }

    /// True when the game goes on and the AI is to move.
    #[must_use]
    pub fn is_ai_turn(&self) -> bool {
        self.table.is_ai_turn()
    }

    /// True when the game goes on and a person is to move.
    #[must_use]
    pub fn is_human_turn(&self) -> bool {
        self.table.is_human_turn()
    }

    /// The AI's strength.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The search in flight, if any.
    #[must_use]
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// True while the AI is searching for its own move.
    #[must_use]
    pub fn ai_thinking(&self) -> bool {
        matches!(&self.thinking, Some(t) if t.purpose == Purpose::Move)
    }

    /// The AI's last move and its search's report, while the position
    /// right after it is on the board.
    #[must_use]
    pub fn last_search(&self) -> Option<&LastSearch> {
        self.last_search
            .as_ref()
            .filter(|l| l.ply == self.game().moves().len() && self.game().last_move() == Some(l.at))
    }

    /// The suggested move for the current position, once it has arrived.
    #[must_use]
    pub fn hint(&self) -> Option<Point> {
        self.hint
    }

    /// The tag of the latest request or cancellation (tests check stale
    /// replies).
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Uses `params` for every search instead of the level's.
    pub fn set_params_override(&mut self, params: Option<SearchParams>) {
        self.params_override = params;
        if params.is_some() {
            // Fixed searches: the opening AI's too, quick and seeded.
            self.opening_ai = opening_worker::spawn(BalanceConfig {
                limits: Limits::depth(4),
                screen: Limits::depth(2),
                candidates: 6,
                confirm: 2,
                seed: Some(1),
                ..BalanceConfig::default()
            });
        }
    }

    /// Starts the AI if it is to move (a session just made or restored).
    pub fn resume(&mut self, engine: &mut EngineClient) {
        self.table.resume_clock();
        self.clock_mark = None;
        self.maybe_start_ai(engine);
    }

    /// Changes the AI's strength; a search in flight restarts with it.
    pub fn set_level(&mut self, engine: &mut EngineClient, level: Level) {
        if level == self.level {
            return;
        }
        self.level = level;
        if self.ai_thinking() {
            self.cancel(engine);
            self.maybe_start_ai(engine);
        } else if self.pondering.is_some() {
            // The ponder search runs with the old level's limits.
            self.cancel(engine);
            self.maybe_ponder(engine);
        }
    }

    /// Events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<SessionEvent> {
        std::mem::take(&mut self.events)
    }

    /// True (once) after the game changed, so the caller can save it.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::replace(&mut self.dirty, false)
    }

    /// A person plays at `p`. Refused (and reported as an event) when the
    /// point is taken, the game is over or it is the AI's turn.
    ///
    /// # Errors
    /// The reason, from [`Table::play`]; nothing changes.
    pub fn play(&mut self, engine: &mut EngineClient, p: Point) -> Result<(), PlayError> {
        self.tick_clock(engine);
        if let Err(e) = self.table.play(p) {
            self.events.push(SessionEvent::Refused(e.clone()));
            return Err(e);
        }
        if let Some(predicted) = self.pondering.as_ref().and_then(|pd| pd.predicted) {
            if predicted == p {
                self.ponder_stats.hits += 1;
            } else {
                self.ponder_stats.misses += 1;
            }
        }
        // A hint or ponder search is for a position that no longer
        // exists; the AI's own search starts on the table the ponder
        // search filled.
        self.cancel(engine);
        self.after_move(engine, p, false);
        Ok(())
    }

    /// Takes a turn back (see [`Table::undo`]), stopping any search.
    ///
    /// # Errors
    /// [`GameError::NothingToUndo`]; nothing changes.
    pub fn undo(&mut self, engine: &mut EngineClient) -> Result<usize, GameError> {
        self.tick_clock(engine);
        // Engines playing each other would play the same move again at
        // once: an undo pauses them.
        if self.table.is_watch() {
            self.watch.paused = true;
            self.watch.step = false;
        }
        let before = self.generation;
        self.cancel(engine);
        match self.table.undo() {
            Ok(n) => {
                self.continue_here = false;
                self.dirty = true;
                self.maybe_start_ai(engine);
                Ok(n)
            }
            Err(e) => {
                // Nothing changed; let a search that was for this very
                // position carry on under a fresh tag.
                if before != self.generation {
                    self.maybe_start_ai(engine);
                }
                self.events.push(SessionEvent::Refused(e.clone().into()));
                Err(e)
            }
        }
    }

    /// Replays a turn taken back (see [`Table::redo`]).
    ///
    /// # Errors
    /// [`GameError::NothingToRedo`]; nothing changes.
    pub fn redo(&mut self, engine: &mut EngineClient) -> Result<usize, GameError> {
        self.tick_clock(engine);
        // While the AI thinks, its reply is about to arrive; replaying
        // old moves under it would race the search.
        if self.ai_thinking() {
            let e = GameError::NothingToRedo;
            self.events.push(SessionEvent::Refused(e.clone().into()));
            return Err(e);
        }
        let n = self.table.redo().inspect_err(|e| {
            self.events.push(SessionEvent::Refused(e.clone().into()));
        })?;
        self.cancel(engine);
        self.continue_here = false;
        self.dirty = true;
        if let Some(outcome) = self.game().outcome() {
            self.events.push(SessionEvent::Over(outcome.clone()));
        }
        self.maybe_start_ai(engine);
        Ok(n)
    }

    /// Shows another position of the game: `change` moves the model's
    /// cursor. Any search stops; the AI moves again only at the end of a
    /// line or after [`Session::continue_from_here`].
    ///
    /// # Errors
    /// The model's refusal; nothing changes.
    pub fn navigate(
        &mut self,
        engine: &mut EngineClient,
        change: impl FnOnce(&mut GameModel) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        let mut moved = self.game().clone();
        if let Err(e) = change(&mut moved) {
            self.events.push(SessionEvent::Refused(e.clone().into()));
            return Err(e);
        }
        if moved == *self.game() {
            return Ok(());
        }
        self.cancel(engine);
        *self.table.game_mut() = moved;
        self.continue_here = false;
        // Engines playing each other wait while the person looks around;
        // Resume plays on from the shown position.
        if self.table.is_watch() {
            self.watch.paused = true;
            self.watch.step = false;
        }
        self.dirty = true;
        self.maybe_start_ai(engine);
        Ok(())
    }

    /// Lets the AI play on from the shown earlier position; its move
    /// follows the line if it is the same, else starts a variation.
    pub fn continue_from_here(&mut self, engine: &mut EngineClient) {
        self.continue_here = true;
        self.maybe_start_ai(engine);
    }

    /// The person resigns (with two players: the side to move).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, engine: &mut EngineClient) -> Result<(), GameError> {
        self.tick_clock(engine);
        self.table.resign().inspect_err(|e| {
            self.events.push(SessionEvent::Refused(e.clone().into()));
        })?;
        self.cancel(engine);
        self.dirty = true;
        if let Some(outcome) = self.game().outcome() {
            self.events.push(SessionEvent::Over(outcome.clone()));
        }
        Ok(())
    }

    /// Starts the same game again, with the same players and clock.
    pub fn restart(&mut self, engine: &mut EngineClient) {
        let settings = self.game().settings();
        let clock = self
            .table
            .clock()
            .map(|c| GameClock::new(c.control(Stone::Black), c.control(Stone::White)));
        let opening = self
            .table
            .opening()
            .map_or(OpeningRule::Free, Opening::rule);
        let mode = match (self.table.person_seat(), self.mode()) {
            // The person keeps their seat, whatever colour it ended with.
            (Some(Seat::First), Mode::VsAi { .. }) => Mode::VsAi {
                human: Stone::Black,
            },
            (Some(Seat::Second), Mode::VsAi { .. }) => Mode::VsAi {
                human: Stone::White,
            },
            (_, mode) => mode,
        };
        self.new_game(engine, settings, mode, clock, opening);
    }

    /// Starts a new game with `settings`, played by `mode`'s players.
    /// Settings the model refuses (a board size out of range) keep the
    /// current size.
    pub fn new_game(
        &mut self,
        engine: &mut EngineClient,
        settings: GameSettings,
        mode: Mode,
        clock: Option<GameClock>,
        opening: OpeningRule,
    ) {
        let game = GameModel::new(settings).unwrap_or_else(|_| {
            GameModel::new(GameSettings {
                size: self.game().size(),
                ..settings
            })
            .expect("the current size is valid")
        });
        let (game_size, game_rule) = (game.size(), game.rule());
        let table = Table::new(game, mode);
        let table = match clock {
            Some(c) => table.with_clock(c),
            None => table,
        };
        let table = match Opening::new(opening, game_size, game_rule) {
            Ok(o) => table.with_opening(o),
            Err(_) => table,
        };
        self.replace_game(engine, table);
    }

    /// Replaces the game and its players (a loaded record or a restored
    /// save).
    pub fn replace_game(&mut self, engine: &mut EngineClient, table: Table) {
        self.cancel(engine);
        self.continue_here = false;
        engine.new_game(Lane::Game);
        if table.is_watch() {
            engine.new_game(Lane::Opponent);
        }
        // A game of engines put on the board waits for the person's
        // Resume (the app resumes one it has just started).
        self.watch = Watching {
            paused: table.is_watch(),
            levels: self.watch.levels,
            turn: self.watch.turn,
            ..Watching::default()
        };
        self.table = table;
        self.table.resume_clock();
        self.clock_mark = None;
        self.dirty = true;
        self.events.push(SessionEvent::NewGame);
        self.maybe_start_ai(engine);
    }

    /// Asks the engine for a suggestion for the person to move.
    pub fn request_hint(&mut self, engine: &mut EngineClient) {
        if !self.is_human_turn() || self.thinking.is_some() {
            return;
        }
        self.hint = None;
        // The hint takes the lane; pondering resumes once it arrives.
        self.pondering = None;
        self.start_search(engine, Purpose::Hint);
    }

    /// Asks the AI to stop thinking and play the best move found so far.
    pub fn move_now(&self, engine: &EngineClient) {
        if let Some(t) = self
            .thinking
            .as_ref()
            .filter(|t| t.purpose == Purpose::Move)
        {
            engine.stop(t.lane);
        }
    }

    /// Takes in one event of the game lane (the app reads the client and
    /// hands each game-lane event here).
    pub fn handle(&mut self, engine: &mut EngineClient, event: ClientEvent) {
        let lane = event.lane();
        let current = self
            .thinking
            .as_ref()
            .filter(|t| t.lane == lane)
            .map(|t| t.generation);
        let pondered = self
            .pondering
            .as_ref()
            .filter(|_| lane == Lane::Game)
            .map(|p| p.generation);
        match event {
            ClientEvent::Info {
                generation, info, ..
            } if pondered == Some(generation) => {
                if let Some(p) = self.pondering.as_mut() {
                    p.info = Some(info);
                }
            }
            ClientEvent::Done { generation, .. } if pondered == Some(generation) => {
                // Its work is in the table; the move it found is not
                // needed, as the person's move is still to come.
                if let Some(p) = self.pondering.as_mut() {
                    p.finished = true;
                }
            }
            ClientEvent::Info {
                generation, info, ..
            } if current == Some(generation) => {
                if let Some(t) = self.thinking.as_mut() {
                    t.info = Some(info);
                }
            }
            ClientEvent::Done {
                generation, result, ..
            } if current == Some(generation) => {
                let Some(t) = self.thinking.take() else {
                    return;
                };
                match (t.purpose, result.best) {
                    (Purpose::Move, Some(p)) => {
                        self.tick_clock(engine);
                        if self.table.play_ai(p).is_ok() {
                            self.watched_move(&t);
                            self.last_search = Some(LastSearch {
                                at: p,
                                ply: self.game().moves().len(),
                                elapsed: t.elapsed(),
                                side: t.side,
                                info: t.info,
                            });
                            self.after_move(engine, p, true);
                        }
                    }
                    (Purpose::Hint, Some(p)) => {
                        self.hint = Some(p);
                        self.events.push(SessionEvent::Hint(p));
                        self.maybe_ponder(engine);
                    }
                    (_, None) => {}
                }
            }
            ClientEvent::Message {
                generation, text, ..
            } if current == Some(generation) => {
                if let Some(t) = self.thinking.as_mut() {
                    t.message = Some(text);
                }
            }
            ClientEvent::Failed {
                restarted,
                retry,
                reason,
                ..
            } => {
                self.events
                    .push(SessionEvent::EngineFailed { restarted, reason });
                if self.thinking.as_ref().is_some_and(|t| t.lane != lane) {
                    // The other engine of a watched game: its search goes on.
                    return;
                }
                // The client runs the lost search again under a new tag.
                match (retry, self.thinking.as_mut(), self.pondering.as_mut()) {
                    (Some(tag), Some(t), _) => {
                        t.generation = tag;
                        t.info = None;
                        t.message = None;
                    }
                    (Some(tag), None, Some(p)) if lane == Lane::Game => {
                        p.generation = tag;
                        p.info = None;
                    }
                    _ => {
                        self.thinking = None;
                        self.pondering = None;
                        // Engines playing each other wait for the person:
                        // Resume tries again.
                        if self.table.is_watch() {
                            self.watch.paused = true;
                            self.watch.step = false;
                        }
                    }
                }
                self.generation = engine.generation(lane);
            }
            _ => {}
        }
    }

    /// The search parameters for `purpose`: the level's for the AI's
    /// move, full strength for a hint (or the override, in tests).
    fn params_for(&self, purpose: Purpose) -> SearchParams {
        match (self.params_override, purpose) {
            (Some(p), _) => p,
            (None, Purpose::Move) => self.clocked(self.watch_timed(self.move_level().params())),
            (None, Purpose::Hint) => hint_params(),
        }
    }

    /// The level's search, held to the time per move of a game engines
    /// play each other.
    fn watch_timed(&self, mut params: SearchParams) -> SearchParams {
        if let (true, Some(turn)) = (self.table.is_watch(), self.watch.turn) {
            let limits = &mut params.limits;
            limits.soft_time = Some(limits.soft_time.map_or(turn, |t| t.min(turn)));
            limits.hard_time = Some(limits.hard_time.map_or(turn, |t| t.min(turn)));
        }
        params
    }

    /// The level's search, kept within what the AI's game clock allows:
    /// the time left spread over the moves still to come, as the Gomocup
    /// engine spreads a match clock (`protocol::time`).
    fn clocked(&self, mut params: SearchParams) -> SearchParams {
        let Some(clock) = self.table.clock() else {
            return params;
        };
        let stone = self.game().side_to_move();
        let control = clock.control(stone);
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let told = crate::protocol::time::TimeControl {
            turn_ms: control.per_move.and(clock.time_for_move(stone)).map(ms),
            match_ms: control.main.map(ms),
            left_ms: control.main.and(clock.remaining(stone)).map(ms),
        };
        if control.is_untimed() {
            return params;
        }
        let budget = told.budget_at(self.game().moves().len());
        let limits = &mut params.limits;
        limits.soft_time = Some(limits.soft_time.map_or(budget.soft, |t| t.min(budget.soft)));
        limits.hard_time = Some(limits.hard_time.map_or(budget.hard, |t| t.min(budget.hard)));
        params
    }

    fn after_move(&mut self, engine: &mut EngineClient, p: Point, by_ai: bool) {
        self.hint = None;
        self.dirty = true;
        self.events.push(SessionEvent::Stone { at: p, by_ai });
        if let Some(outcome) = self.game().outcome() {
            self.events.push(SessionEvent::Over(outcome.clone()));
        }
        self.maybe_start_ai(engine);
        if by_ai {
            self.maybe_ponder(engine);
        }
    }

    /// Starts thinking on the person's time when that is allowed and the
    /// person is to move in a game against the built-in AI.
    fn maybe_ponder(&mut self, engine: &mut EngineClient) {
        let allowed = self.ponder
            && self.mode().is_vs_ai()
            && self.is_human_turn()
            && !self.table.in_opening()
            && !self.game().moves().is_empty()
            && self.thinking.is_none()
            && self.pondering.is_none()
            && engine.engine(Lane::Game).is_none();
        if !allowed {
            return;
        }
        let predicted = self.predicted_reply();
        let mut after = self.game().clone();
        let predicted = predicted.filter(|&p| after.play(p).is_ok());
        let position = Position::from_game(if predicted.is_some() {
            &after
        } else {
            self.game()
        });
        let generation = engine.search(Lane::Game, position, self.ponder_params());
        self.generation = generation;
        self.pondering = Some(Pondering {
            generation,
            predicted,
            started: Instant::now(),
            info: None,
            finished: false,
        });
    }

    /// The person's reply the AI's last search expected: the second move
    /// of its line, while the position right after its move is shown.
    fn predicted_reply(&self) -> Option<Point> {
        let last = self.last_search()?;
        let pv = &last.info.as_ref()?.pv;
        (pv.first() == Some(&last.at)).then(|| pv.get(1).copied())?
    }

    /// The AI's own search, with no time limit: the person's move ends
    /// it. A depth cap (Strong's) stays, so the AI's next search finds
    /// that depth already done and answers at once.
    fn ponder_params(&self) -> SearchParams {
        let mut params = self.params_for(Purpose::Move);
        params.limits.soft_time = None;
        params.limits.hard_time = None;
        // A book move would end the ponder at once and teach the table
        // nothing; the AI's own search asks the book again.
        params.book = false;
        params
    }

    /// Stops the search in flight (the AI's, a hint or the ponder), if
    /// any, and forgets the hint.
    fn cancel(&mut self, engine: &mut EngineClient) {
        self.opening_pending = None;
        if self.pondering.take().is_some() {
            engine.cancel(Lane::Game);
            self.generation = engine.generation(Lane::Game);
        }
        if let Some(t) = self.thinking.take() {
            engine.cancel(t.lane);
            self.generation = engine.generation(t.lane);
        }
        self.hint = None;
    }

    /// True when the AI is to move but waits because the shown position
    /// is not the end of its line (the person is looking back).
    #[must_use]
    pub fn ai_paused(&self) -> bool {
        self.is_ai_turn() && !self.game().at_line_end() && !self.continue_here
    }

    fn maybe_start_ai(&mut self, engine: &mut EngineClient) {
        if let Some(opening) = self.table.opening().filter(|_| self.table.in_opening()) {
            if self.table.is_ai_turn() && self.opening_pending.is_none() {
                self.opening_pending = Some(self.opening_ai.send(opening.clone()));
            }
            return;
        }
        if self.is_ai_turn() && !self.ai_paused() && !self.ai_thinking() && !self.watch_held() {
            self.cancel(engine);
            self.start_search(engine, Purpose::Move);
        }
    }

    fn start_search(&mut self, engine: &mut EngineClient, purpose: Purpose) {
        let params = self.params_for(purpose);
        let lane = self.lane_to_move();
        let generation = engine.search(lane, Position::from_game(self.game()), params);
        self.generation = generation;
        self.thinking = Some(Thinking {
            generation,
            purpose,
            side: self.game().side_to_move(),
            started: Instant::now(),
            info: None,
            message: None,
            lane,
        });
    }

    // ---- engines playing each other --------------------------------------

    /// The lane of the engine to move: White's engine has a lane of its
    /// own when engines play each other; everything else searches on the
    /// game's.
    fn lane_to_move(&self) -> Lane {
        if self.table.is_watch() && self.game().side_to_move() == Stone::White {
            Lane::Opponent
        } else {
            Lane::Game
        }
    }

    /// The built-in engine's level for the side to move.
    fn move_level(&self) -> Level {
        if self.table.is_watch() {
            self.watch.levels[side_index(self.game().side_to_move())]
        } else {
            self.level
        }
    }

    /// True while a watched game is paused and no step is asked for.
    fn watch_held(&self) -> bool {
        self.table.is_watch() && self.watch.paused && !self.watch.step
    }

    /// After an engine's move in a watched game: its report is kept for
    /// its row, and a step is over.
    fn watched_move(&mut self, t: &Thinking) {
        if self.table.is_watch() {
            self.watch.reports[side_index(t.side)] = Some(SideReport {
                info: t.info.clone(),
                message: t.message.clone(),
            });
            self.watch.step = false;
        }
    }

    /// Pausing, stepping and what each engine said, when engines play
    /// each other.
    #[must_use]
    pub fn watching(&self) -> &Watching {
        &self.watch
    }

    /// The built-in engine's levels for Black and White when engines play
    /// each other (where it plays that side), and the game's time per
    /// move, which the built-in engine never exceeds.
    pub fn set_watch_levels(&mut self, levels: [Level; 2], turn: Duration) {
        self.watch.levels = levels;
        self.watch.turn = Some(turn);
    }

    /// Engines playing each other stop: the search in flight is
    /// cancelled, so no move comes until [`Session::resume_watch`] or
    /// [`Session::step_watch`].
    pub fn pause_watch(&mut self, engine: &mut EngineClient) {
        if !self.table.is_watch() {
            return;
        }
        self.watch.paused = true;
        self.watch.step = false;
        self.cancel(engine);
    }

    /// Engines playing each other play on from the shown position (an
    /// earlier one than the end of the line starts a variation there,
    /// unless the engine plays the move the line has).
    pub fn resume_watch(&mut self, engine: &mut EngineClient) {
        if !self.table.is_watch() {
            return;
        }
        self.watch.paused = false;
        self.watch.step = false;
        // From the shown position, even after an undo or a look back.
        self.continue_here = true;
        self.maybe_start_ai(engine);
    }

    /// While paused, the engine to move plays one move from the shown
    /// position, then the game waits again. Nothing while a move is
    /// already being searched.
    pub fn step_watch(&mut self, engine: &mut EngineClient) {
        if !self.table.is_watch() || !self.watch.paused || self.thinking.is_some() {
            return;
        }
        self.watch.step = true;
        self.continue_here = true;
        self.maybe_start_ai(engine);
        if self.thinking.is_none() {
            self.watch.step = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;
    use crate::engine::{Limits, HINT_TIME};
    use crate::rules::Status;

    fn table(mode: Mode) -> Table {
        Table::new(GameModel::new(GameSettings::default()).unwrap(), mode)
    }

    fn quick() -> Option<SearchParams> {
        Some(SearchParams {
            eval: crate::engine::Evaluator::Classical,
            book: false,
            persona: None,
            limits: Limits::depth(1),
            variety: 0,
            seed: Some(7),
            threads: 1,
            multipv: 1,
        })
    }

    fn engine() -> EngineClient {
        EngineClient::new([1, 1, 1])
    }

    /// Hands the session what the game lane sent, as the app does.
    fn poll(s: &mut Session, e: &mut EngineClient) {
        for event in e.poll() {
            s.handle(e, event);
        }
    }

    fn wait(s: &mut Session, e: &mut EngineClient) {
        for _ in 0..2000 {
            poll(s, e);
            if s.thinking().is_none() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the engine did not answer");
    }

    #[test]
    fn the_ai_opens_when_the_person_plays_white() {
        let game = table(Mode::VsAi {
            human: Stone::White,
        });
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.set_params_override(quick());
        s.resume(&mut e);
        assert!(s.ai_thinking());
        wait(&mut s, &mut e);
        assert_eq!(s.game().moves().len(), 1);
        assert!(s.is_human_turn());
        assert!(s
            .take_events()
            .iter()
            .any(|e| matches!(e, SessionEvent::Stone { by_ai: true, .. })));
    }

    #[test]
    fn a_cancelled_search_is_ignored() {
        let game = table(Mode::VsAi {
            human: Stone::Black,
        });
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.set_params_override(quick());
        s.resume(&mut e);
        // The first search is for a stone in one corner...
        let (first, second) = (Point::new(13, 13), Point::new(1, 1));
        s.play(&mut e, first).unwrap();
        assert!(s.ai_thinking());
        let stale = s.generation();
        s.undo(&mut e).unwrap();
        // ...and the second, started before the first's reply is read,
        // for a stone in the opposite corner. The worker answers in
        // order, so the stale reply (a move near `first`) is in the
        // channel ahead of the right one while a search is in flight:
        // only the generation tells them apart.
        s.play(&mut e, second).unwrap();
        assert!(s.ai_thinking());
        assert!(s.generation() > stale);
        wait(&mut s, &mut e);
        let moves = s.game().moves().to_vec();
        assert_eq!(moves.len(), 2, "{moves:?}");
        assert_eq!(moves[0], second);
        assert!(
            moves[1].distance(second) <= 2,
            "the AI answered the position that is gone: {moves:?}"
        );
        assert_eq!(s.game().status(), &Status::Ongoing);
    }

    #[test]
    fn hints_search_at_full_strength_whatever_the_level() {
        let full = hint_params();
        assert_eq!(full.variety, 0);
        assert_eq!(full.threads, Level::MAXIMUM.params().threads);
        assert_eq!(full.limits.depth, None);
        assert_eq!(full.limits.soft_time, Some(HINT_TIME));
        for level in Level::all() {
            let game = table(Mode::TwoPlayer);
            let s = Session::new(game, level);
            assert_eq!(s.params_for(Purpose::Hint), full, "{level}");
            assert_eq!(s.params_for(Purpose::Move), level.params(), "{level}");
        }
    }

    #[test]
    fn a_watched_game_holds_the_built_in_engine_to_its_time_per_move() {
        let game = GameModel::new(GameSettings::default()).unwrap();
        let mut s = Session::new(
            Table::watched(game, "a".into(), "b".into()),
            Band::Normal.representative(),
        );
        let turn = Duration::from_millis(150);
        s.set_watch_levels([Level::MAXIMUM, Band::Beginner.representative()], turn);
        // Black to move, at Maximum: its 2.5 s is cut to the game's time.
        let limits = s.params_for(Purpose::Move).limits;
        assert_eq!(limits.soft_time, Some(turn));
        assert_eq!(limits.hard_time, Some(turn));
        // A level that thinks less than the game allows keeps its time.
        s.set_watch_levels(
            [
                Band::Beginner.representative(),
                Band::Beginner.representative(),
            ],
            Duration::from_secs(5),
        );
        assert_eq!(
            s.params_for(Purpose::Move),
            Band::Beginner.representative().params(),
            "Beginner's own time"
        );
    }

    #[test]
    fn a_dead_engine_is_reported_restarted_and_searches_again() {
        let game = table(Mode::VsAi {
            human: Stone::Black,
        });
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.set_params_override(quick());
        s.resume(&mut e);
        // The engine thread dies before it reads the search request.
        e.crash_for_test(Lane::Game);
        s.play(&mut e, Point::new(7, 7)).unwrap();
        let before = s.generation();
        assert!(s.ai_thinking());
        let mut events = Vec::new();
        for _ in 0..2000 {
            poll(&mut s, &mut e);
            events.extend(s.take_events());
            if s.thinking().is_none() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            events.contains(&SessionEvent::EngineFailed {
                restarted: true,
                reason: None
            }),
            "{events:?}"
        );
        assert!(s.generation() > before, "the lost search is not awaited");
        assert_eq!(s.game().moves().len(), 2, "the restarted AI moved");
        assert!(s.is_human_turn());
    }

    #[test]
    fn refused_moves_change_nothing() {
        let game = table(Mode::TwoPlayer);
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.play(&mut e, Point::new(7, 7)).unwrap();
        s.take_events();
        assert!(s.play(&mut e, Point::new(7, 7)).is_err());
        assert!(s.play(&mut e, Point::new(30, 30)).is_err());
        assert_eq!(s.game().moves().len(), 1);
        let ev = s.take_events();
        assert_eq!(ev.len(), 2);
        assert!(ev.iter().all(|ev| matches!(ev, SessionEvent::Refused(_))));
    }

    #[test]
    fn the_ai_waits_while_an_earlier_position_is_shown() {
        let game = table(Mode::VsAi {
            human: Stone::Black,
        });
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.set_params_override(quick());
        s.resume(&mut e);
        s.play(&mut e, Point::new(7, 7)).unwrap();
        wait(&mut s, &mut e);
        s.play(&mut e, Point::new(1, 1)).unwrap();
        wait(&mut s, &mut e);
        assert_eq!(s.game().moves().len(), 4);
        // Back to the position after Black's first move: the AI's turn.
        s.navigate(&mut e, |g| g.goto(1)).unwrap();
        assert!(s.is_ai_turn());
        assert!(s.ai_paused());
        assert!(s.thinking().is_none(), "the AI does not move");
        assert_eq!(s.game().redo_moves().len(), 3, "the line is kept");
        // Going to the end resumes nothing to do; continuing from an
        // earlier point lets the AI play there.
        s.continue_from_here(&mut e);
        assert!(s.ai_thinking());
        wait(&mut s, &mut e);
        assert_eq!(s.game().moves().len(), 2);
        assert!(s.is_human_turn());
        // A person's different move at an earlier point is answered.
        s.navigate(&mut e, |g| g.goto(2)).unwrap();
        s.navigate(&mut e, |g| g.goto(0)).unwrap();
        assert!(s.thinking().is_none());
        s.play(&mut e, Point::new(3, 3)).unwrap();
        assert!(s.ai_thinking(), "a new variation is answered");
        wait(&mut s, &mut e);
        assert_eq!(s.game().moves().len(), 2);
        assert_eq!(s.game().moves()[0], Point::new(3, 3));
        assert_eq!(s.game().tree().root().children().len(), 2);
    }

    #[test]
    fn a_hint_marks_without_playing() {
        let game = table(Mode::TwoPlayer);
        let mut s = Session::new(game, Band::Beginner.representative());
        let mut e = engine();
        s.set_params_override(quick());
        s.resume(&mut e);
        s.play(&mut e, Point::new(7, 7)).unwrap();
        s.request_hint(&mut e);
        wait(&mut s, &mut e);
        let hint = s.hint().expect("a hint");
        assert!(s.game().board().is_empty_at(hint));
        assert_eq!(s.game().moves().len(), 1);
        s.play(&mut e, Point::new(0, 0)).unwrap();
        assert_eq!(s.hint(), None);
    }

    fn searched(depth: u32) -> Option<SearchParams> {
        Some(SearchParams {
            eval: crate::engine::Evaluator::Classical,
            book: false,
            persona: None,
            limits: Limits::depth(depth),
            variety: 0,
            seed: Some(7),
            threads: 1,
            multipv: 1,
        })
    }

    /// A session where the AI (White) has answered Black's h8 with
    /// pondering on, and its ponder search has run to its depth cap.
    fn pondered(depth: u32) -> (Session, EngineClient) {
        let mut s = Session::new(
            table(Mode::VsAi {
                human: Stone::Black,
            }),
            Level::MAXIMUM,
        );
        let mut e = engine();
        s.set_params_override(searched(depth));
        s.set_ponder(&mut e, true);
        s.resume(&mut e);
        s.play(&mut e, Point::new(7, 7)).unwrap();
        wait(&mut s, &mut e);
        for _ in 0..4000 {
            poll(&mut s, &mut e);
            if s.pondering().is_some_and(|p| p.finished) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        (s, e)
    }

    #[test]
    fn the_ai_ponders_on_the_reply_it_expects_without_playing() {
        let (s, _e) = pondered(4);
        let ponder = s.pondering().expect("a ponder search after the AI's move");
        assert!(ponder.finished, "the capped ponder search ends by itself");
        let line = &s.last_search().unwrap().info.as_ref().unwrap().pv;
        assert_eq!(ponder.predicted, line.get(1).copied(), "{line:?}");
        assert!(ponder.predicted.is_some());
        // Nothing was played for it, and the person is still to move.
        assert_eq!(s.game().moves().len(), 2);
        assert!(s.is_human_turn());
        assert!(s.thinking().is_none());
    }

    #[test]
    fn a_ponder_hit_keeps_the_work_and_a_miss_is_counted() {
        let depth = 7;
        let (mut s, mut e) = pondered(depth);
        let predicted = s.pondering().unwrap().predicted.unwrap();
        let position = {
            let mut g = s.game().clone();
            g.play(predicted).unwrap();
            Position::from_game(&g)
        };
        s.play(&mut e, predicted).unwrap();
        assert_eq!(s.ponder_stats(), PonderStats { hits: 1, misses: 0 });
        assert!(s.pondering().is_none() && s.ai_thinking());
        wait(&mut s, &mut e);
        let warm = s.last_search().unwrap().info.as_ref().unwrap().nodes;
        // The same search on an engine that did not ponder.
        let mut cold = engine();
        cold.search(Lane::Game, position, searched(depth).unwrap());
        let nodes = loop {
            match cold.poll().into_iter().find_map(|ev| match ev {
                ClientEvent::Done { result, .. } => Some(result.nodes),
                _ => None,
            }) {
                Some(n) => break n,
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        };
        assert!(
            warm * 2 < nodes,
            "after a ponder hit {warm} nodes, from cold {nodes}"
        );
        // The person's next move is not the one expected.
        let expected = s.pondering().and_then(|p| p.predicted);
        let other = (0..15)
            .map(|x| Point::new(x, 0))
            .find(|&p| Some(p) != expected && s.game().board().is_empty_at(p))
            .unwrap();
        s.play(&mut e, other).unwrap();
        assert_eq!(s.ponder_stats(), PonderStats { hits: 1, misses: 1 });
        wait(&mut s, &mut e);
        assert_eq!(s.game().moves().len(), 6);
    }

    #[test]
    fn no_pondering_when_it_is_off_or_after_a_change_of_mind() {
        let mut s = Session::new(
            table(Mode::VsAi {
                human: Stone::Black,
            }),
            Level::MAXIMUM,
        );
        let mut e = engine();
        s.set_params_override(searched(3));
        s.resume(&mut e);
        s.play(&mut e, Point::new(7, 7)).unwrap();
        wait(&mut s, &mut e);
        assert!(s.pondering().is_none(), "off unless asked for");
        // Switched on later: it waits for the AI's next move; switched
        // off while pondering, the search stops.
        s.set_ponder(&mut e, true);
        s.play(&mut e, Point::new(0, 0)).unwrap();
        wait(&mut s, &mut e);
        assert!(s.pondering().is_some());
        s.set_ponder(&mut e, false);
        assert!(s.pondering().is_none());
        // Undo while pondering stops it too.
        s.set_ponder(&mut e, true);
        s.play(&mut e, Point::new(14, 14)).unwrap();
        wait(&mut s, &mut e);
        assert!(s.pondering().is_some());
        s.undo(&mut e).unwrap();
        assert!(s.pondering().is_none());
        assert!(s.is_human_turn());
    }
}
